#!/usr/bin/env python3
"""Writes minimal files of formats that no Debian tool writes, each laid out as its own
specification or documented header says (the facts are cited beside each writer). They carry
the header a reader checks first and little else: enough for a content signature, not a
playable or mountable file. Usage: write-headers.py (into the current folder)."""
import struct


def write(name, data):
    with open(name, "wb") as out:
        out.write(data)


def riff_soundfont(version):
    # SoundFont 2.04, section 5: RIFF sfbk, the INFO list first, opening with ifil (major,
    # minor version as two little-endian words), then the bank's name (INAM).
    name = b"mediatype\x00"
    info = b"INFO" + b"ifil" + struct.pack("<IHH", 4, version, 1)
    info += b"INAM" + struct.pack("<I", len(name)) + name
    body = b"sfbk" + b"LIST" + struct.pack("<I", len(info)) + info
    return b"RIFF" + struct.pack("<I", len(body)) + body


# KeePass (KeePassXC's Kdbx3Reader/KeePass1Reader): two signature words, then the version.
write("database.kdbx", struct.pack("<III", 0x9AA2D903, 0xB54BFB67, 0x00040000) + bytes(64))
write("database.kdb", struct.pack("<III", 0x9AA2D903, 0xB54BFB65, 0x00030004) + bytes(112))
# Password Safe 3 (formatV3.txt): TAG "PWS3", SALT (32), ITER (4), H(P') (32), B1-B4, IV.
write("passwords.psafe3", b"PWS3" + bytes(32) + struct.pack("<I", 2048) + bytes(32 + 64 + 16))
write("bank.sf2", riff_soundfont(2))
write("bank.sbk", riff_soundfont(1))
write("bank.sf3", riff_soundfont(3))
# VICE: T64 header (32-byte description, version 0x0100 at 32, max/used entries, name).
write("tape.t64", b"C64 tape image file".ljust(32, b"\x00") + struct.pack("<HHH", 0x0100, 1, 1)
      + bytes(2) + b"MEDIATYPE".ljust(24, b" ") + bytes(64))
# VICE: raw tape (C64-TAPE-RAW, version byte, 3 reserved, data size).
write("tape-raw.tap", b"C64-TAPE-RAW" + bytes([1, 0, 0, 0]) + struct.pack("<I", 4) + b"\x30" * 4)
# VICE: G64/G71 (signature, version 0, tracks, maximum track size).
write("disk.g64", b"GCR-1541" + bytes([0, 84]) + struct.pack("<H", 7928) + bytes(84 * 8))
write("disk.g71", b"GCR-1571" + bytes([0, 168]) + struct.pack("<H", 7928) + bytes(168 * 8))
# VICE: X64 (43 15 41 64, version 1.2, device type 1541, tracks 35), 64-byte header.
write("disk.x64", bytes([0x43, 0x15, 0x41, 0x64, 1, 2, 0, 35]) + bytes(56) + bytes(256))
# VICE: CRT (16-byte signature, header length 0x40 big-endian, version 1.0, type, lines).
write("cartridge.crt", b"C64 CARTRIDGE   " + struct.pack(">IHHBB", 0x40, 0x0100, 0, 0, 1)
      + bytes(6) + b"MEDIATYPE".ljust(32, b"\x00") + b"CHIP" + bytes(12))
# ZX Spectrum: SZX (ZXST, version 1.4, machine 48K, flags), RZX (RZX!, version 0.13, flags),
# TZX (ZXTape! 1A, version 1.20, a text description block), PZX (PZXT block, version 1.0).
write("snapshot.szx", b"ZXST" + bytes([1, 4, 1, 0]) + b"CRTR" + struct.pack("<I", 0))
write("recording.rzx", b"RZX!" + bytes([0, 13]) + struct.pack("<I", 0))
write("tape.tzx", b"ZXTape!\x1a" + bytes([1, 20]) + bytes([0x30, 9]) + b"mediatype")
write("tape.pzx", b"PZXT" + struct.pack("<I", 2) + bytes([1, 0]))
# +3 / CPC disk image: the 34-byte signature, creator (14), tracks, sides, track size.
write("disk.dsk", b"MV - CPCEMU Disk-File\r\nDisk-Info\r\n" + b"mediatype".ljust(14, b" ")
      + bytes([40, 1]) + struct.pack("<H", 0x1300) + bytes(204))
# RS-IDE hard disk image: signature, revision 1.1, flags, data offset 0x80.
write("harddisk.hdf", b"RS-IDE\x1a" + bytes([0x11, 0]) + struct.pack("<H", 0x80) + bytes(117))
# DISCiPLE/+D: the first directory entry, file type 4 (system), name "Sys 3a".
write("system.mgt", b"\x04" + b"Sys 3a".ljust(10, b" ") + bytes(245))
# Nintendo (GBATEK): GBA entry branch at 0, the logo from 4; DS title and codes, logo at 192.
logo = bytes([0x24, 0xFF, 0xAE, 0x51, 0x69, 0x9A, 0xA2, 0x21, 0x3D, 0x84, 0x82, 0x0A])
write("game.gba", bytes([0x2E, 0x00, 0x00, 0xEA]) + logo + bytes(144) + b"MEDIATYPE\x00\x00\x00"
      + bytes(32))
write("game.nds", b"MEDIATYPE".ljust(12, b"\x00") + b"AMTE" + bytes(176) + logo + bytes(52))
# PICO-8 (the manual's cartridge format): the source's header line and version, the exported
# ROM's compressed code section (":c:" 00, length, zeros).
write("cart.p8", b"pico-8 cartridge // http://www.pico-8.com\nversion 41\n__lua__\nprint(1)\n")
write("cart.p8.rom", b":c:\x00" + struct.pack(">HH", 8, 0) + b"print(1)")
# Sony BBeB (LRF): "LRF" in UTF-16LE, NUL, version 999, XOR key, root object id.
write("book.lrf", b"L\x00R\x00F\x00\x00\x00" + struct.pack("<HHI", 999, 0x30, 1) + bytes(64))
# IPLD CARv2 (ipld.io): the 11-byte pragma (varint 10, CBOR {"version": 2}), then the 40-byte
# header: 16 bytes of characteristics, data offset and size, index offset (little-endian).
write("archive.car", b"\x0a\xa1\x67version\x02" + bytes(16) + struct.pack("<QQQ", 51, 0, 0))
# SF3 (shirakumo.org): the signature, the kind byte, a CRC-32 and a NUL, then the payload.
for kind, name in [(1, "files.ar.sf3"), (3, "pixel.img.sf3"), (8, "markup.txt.sf3")]:
    write(name, b"\x81SF3\x00\xE0\xD0\x0D\x0A\x0A" + bytes([kind]) + bytes(5) + bytes(16))
# A GPT disk (UEFI 2.10, section 5.2-5.3) of 64 KiB, 512-byte blocks: a protective MBR with one
# partition of type EE, the GPT header at LBA 1 (with its CRC-32 and the entries' CRC-32), 128
# empty partition entries from LBA 2; the backup header at the last block.
import zlib  # noqa: E402

blocks = 128
entries = bytes(128 * 128)
mbr = bytearray(512)
mbr[446:462] = bytes([0, 0, 2, 0, 0xEE, 0xFF, 0xFF, 0xFF]) + struct.pack("<II", 1, blocks - 1)
mbr[510:512] = b"\x55\xaa"


def gpt_header(current, backup, entries_lba):
    fields = struct.pack("<8sIIIIQQQQ16sQIII", b"EFI PART", 0x00010000, 92, 0, 0, current, backup,
                         34, blocks - 34, bytes(range(16)), entries_lba, 128, 128,
                         zlib.crc32(entries))
    fields = fields[:16] + struct.pack("<I", zlib.crc32(fields)) + fields[20:]
    return fields.ljust(512, b"\x00")


disk = bytes(mbr) + gpt_header(1, blocks - 1, 2) + entries
disk += bytes((blocks - 33) * 512 - len(disk)) + entries + gpt_header(blocks - 1, 1, blocks - 33)
write("disk.gpt", disk)
# xv thumbnail (xv's xvpics format): the P7 332 header, xv's comment lines, size and 8-bit
# 3-3-2 pixels.
write("thumbnail.p7", b"P7 332\n#XVVERSION:Version 3.10a\n#IMGINFO:4x2 RGB\n#END_OF_COMMENTS\n"
      b"4 2 255\n" + bytes(range(0, 256, 32)))
# KiSS/GS cel: "KiSS", mark 0x20 (cel), 8 bits per pixel, width and height, offsets.
write("sprite.cel", b"KiSS" + bytes([0x20, 8]) + bytes(2) + struct.pack("<HHHH", 2, 2, 0, 0)
      + bytes(16) + bytes(4))
# Pixar image (.pxr): the magic 80 E8 00 00, then zeros of a 512-byte header.
write("render.pxr", bytes([0x80, 0xE8, 0, 0]) + bytes(508))
# QuarkXPress: two zero bytes, the byte order MM and the tag XPR3, then zeros.
write("layout.qxp", b"\x00\x00MMXPR3" + bytes(120))
# Nintendo Switch card image (switchbrew): a 0x100-byte signature, HEAD, the secure and backup
# area addresses, the key index, then the ROM size byte 0xFA (1 GB) at 0x10D.
write("card.xci", bytes(256) + b"HEAD" + struct.pack("<II", 0, 0xFFFFFFFF) + bytes([0, 0xFA])
      + bytes(242))
# LMDB (lmdb.h): a meta page: page number, padding, flags P_META, then MDB_MAGIC at 16 and the
# data version 1.
write("data.mdb", struct.pack("<QHHI", 0, 0, 0x08, 0) + struct.pack("<II", 0xBEEFC0DE, 1)
      + bytes(4072))
# Script Encoder output: the encoded block's #@~^ opening, a length, the text, a checksum and
# the closing ^#~@ (the encoding of an empty statement).
write("script.jse", b"#@~^AQAAAA==\x40\x26AAAAAA==^#~@")
# Devicetree blob (Devicetree Specification, section 5.2): the FDT header (magic D00DFEED,
# total size, offsets, version 17), an empty reservation map and an empty root node.
struct_block = struct.pack(">II", 1, 0) + struct.pack(">II", 2, 9)
fdt = struct.pack(">10I", 0xD00DFEED, 40 + 16 + len(struct_block), 56, 40, 56 + len(struct_block),
                  17, 16, 0, 0, len(struct_block))
write("tree.dtb", fdt + bytes(16) + struct_block)
# Tracker modules. MultiTracker (MTM 1.0): "MTM", version 10, a 20-byte title, track count,
# last pattern, last order, comment length, samples, attribute, beats, voices, pan positions.
write("song.mtm", b"MTM\x10" + b"mediatype".ljust(20, b"\x00") + struct.pack("<HBBHBBBB", 0, 0, 0, 0,
      0, 0, 64, 4) + bytes(32))
# UltraTracker: "MAS_UTrack_V00" and the version digit 4, a 32-byte title, no text, no samples.
write("song.ult", b"MAS_UTrack_V004" + b"mediatype".ljust(32, b"\x00") + bytes([0, 0]) + bytes(256))
# OctaMED (MMD0): the id, module length and the offsets of the song and the blocks, zeros.
write("song.med", b"MMD0" + struct.pack(">III", 52, 52, 0) + bytes(40))
# Poly Tracker (PTM 2.03): a 28-byte title, 1A, the version 0x0203, a reserved byte, order,
# sample and pattern counts, 4 channels, flags, reserved bytes, "PTMF" at 44, then zeros.
write("song.ptm", b"mediatype".ljust(28, b"\x00") + b"\x1a" + struct.pack("<HBHHHHH", 0x0203, 0,
      1, 0, 1, 4, 0) + bytes(2) + b"PTMF" + bytes(16 + 256 + 64))
# Scream Tracker 2 (STM): a 20-byte title, the tracker name "!Scream!", 1A, file type 2 (a
# module), version 2.21, the tempo, pattern count and volume, then zeros.
write("song.stm", b"mediatype".ljust(20, b"\x00") + b"!Scream!\x1a\x02\x02\x15" + bytes([0x60, 1, 64])
      + bytes(13 + 31 * 32 + 128))
# General DigiMusic (GDM): "GDM" FE, a 32-byte title, a 32-byte composer, 0D 0A 1A, "GMFS" at 71,
# the format version 1.0, then zeros.
write("song.gdm", b"GDM\xfe" + b"mediatype".ljust(32, b"\x00") + bytes(32) + b"\r\n\x1a"
      + b"GMFS" + bytes([1, 0]) + bytes(128))
# AppleWorks 6 (PRONOM fmt/753; PhotoRec's file_cwk.c): the version 6, three bytes (07 E1 00),
# the creator code BOBO, then zeros of the document header.
write("document.cwk", bytes([6, 0x07, 0xE1, 0]) + b"BOBO" + bytes(376))
# ZIM (openzim.org, ZIM file format): the magic 72173914 little-endian ("ZIM" 04), major
# version 6, minor 1, a 16-byte UUID, the entry and cluster counts, then the header's offsets
# (path, title, cluster, MIME list pointers, main and layout page, checksum), an empty MIME list.
write("wiki.zim", struct.pack("<IHH", 72173914, 6, 1) + bytes(16) + struct.pack("<II", 0, 0)
      + struct.pack("<QQQQIIQ", 80, 80, 80, 80, 0xFFFFFFFF, 0xFFFFFFFF, 81) + b"\x00" + bytes(8))
# Mobipocket and Kindle books (MobileRead wiki, "MOBI"; calibre's mobi reader): a Palm
# database header (name, dates, type BOOK and creator MOBI at 60, one record), its record
# list, then record 0: the PalmDOC header (no compression, text length, one text record of
# 4096 bytes), then the MOBI header (length 232, book type 2, UTF-8, a unique ID, the file
# version: 6 for a Mobipocket book, 8 for a Kindle Format 8 book).
def mobi(version):
    record0 = 78 + 8 + 2
    pdb = (b"mediatype".ljust(32, b"\x00") + struct.pack(">HHIIIIII", 0, 0, 0, 0, 0, 0, 0, 0)
           + b"BOOKMOBI" + struct.pack(">IIH", 0, 0, 1) + struct.pack(">II", record0, 0) + bytes(2))
    palmdoc = struct.pack(">HHIHHI", 1, 0, 9, 1, 4096, 0)
    header = b"MOBI" + struct.pack(">IIIII", 232, 2, 65001, 1, version) + bytes(212)
    return pdb + palmdoc + header + b"mediatype"
write("book.mobi", mobi(6))
write("book.azw3", mobi(8))
# Godot Engine (Godot's ResourceFormatSaverBinary, FileAccessCompressed): a binary scene,
# "RSRC", little-endian words (not big-endian, 32-bit reals, engine 3.5, format 4), the
# class PackedScene as a length-prefixed string, zeros; a compressed resource, "RSCC", mode
# 2 (Zstandard), block size 4096, the size, one block's compressed size, a Zstandard frame
# header; a text scene as the editor writes it.
write("level.scn", b"RSRC" + struct.pack("<IIIII", 0, 0, 3, 5, 4) + struct.pack("<I", 12)
      + b"PackedScene\x00" + bytes(64))
write("material.res", b"RSCC" + struct.pack("<IIII", 2, 4096, 300, 40)
      + bytes([0x28, 0xB5, 0x2F, 0xFD]) + bytes(36))
write("level.tscn", b'[gd_scene load_steps=2 format=2]\n\n[node name="Level" type="Node2D"]\n')
# IDL save files (L3Harris "IDL Save File Format"): the signature SR, 00 06 (compressed
# records), then a TIMESTAMP record (type 10) and its next-record offset, as IDL writes it.
write("variables.sav", b"SR\x00\x06" + struct.pack(">II", 10, 0x4F) + bytes(64))
# ECAT 7 (the ECAT 7 main header): magic MATRIX72 and the file type letter, the original
# file name, the software version 72, zeros for the rest of the 512-byte main header.
write("scan.v", b"MATRIX72v\x00\x00\x00\x00\x00" + b"mediatype.v".ljust(32, b"\x00")
      + struct.pack(">H", 72) + bytes(512 - 48))
# Philips PAR (the header Philips' scanners export, as nibabel's parrec reader documents):
# the banner, the research-image export version line, general information lines.
write("scan.PAR", b"# === DATA DESCRIPTION FILE ======================================\n"
      b"#\n# CAUTION - Investigational device.\n#\n"
      b"# Dataset name: mediatype\n#\n# CLINICAL TRYOUT             Research image export tool"
      b"     V4.2\n#\n# === GENERAL INFORMATION ===========================================\n"
      b".    Patient name                       :   mediatype\n"
      b".    Examination name                   :   fixture\n")
# AFNI (AFNI's README.attributes): a dataset header is attributes, each a blank line, its
# type, name and count lines, then the value.
write("dataset+orig.HEAD", b"\ntype = string-attribute\nname = DATASET_NAME\ncount = 5\n'none~\n"
      b"\ntype = integer-attribute\nname = DATASET_RANK\ncount = 8\n 3 1 0 0 0 0 0 0\n")
# Amiga DMS (xDMS's description): "DMS!", the archive header (info bits, a date, the track
# range, sizes, the packer version, a CRC) to 56 bytes, then the first track's header "TR",
# its number, sizes and packing mode.
write("floppy.dms", b"DMS! PRO" + bytes(4) + struct.pack(">IIIHH", 0x3D29FD93, 79, 0x000C2293,
      0x0005, 0x0002).ljust(44, b"\x00") + b"TR" + struct.pack(">HHHH", 0, 0, 0x27FD, 0x27FD)
      + bytes(64))
# FreeArc (FreeArc 0.67's archive structure): blocks that each open with "ArC" 01; the first,
# the archive's signature block, then at 8 a data block with its compressor's name, as
# FreeArc writes a stored file.
write("files.arc", b"ArC\x01" + bytes([0, 0, 6, 7]) + b"ArC\x01\x02storing\x00" + bytes(48))
# Game and dictation audio, as FFmpeg's demuxers read their headers (vag.c, dss.c, fsb.c,
# svag.c): Sony VAG (VAGp, version, size, sample rate big-endian, a name), Olympus DSS (02
# "dss", a 1024-byte header with the author and dates), an FMOD FSB4 bank of one sample,
# Konami Svag (size, sample rate, channels, interleave).
write("voice.vag", b"VAGp" + struct.pack(">IIII", 0x20, 0, 64, 22050) + bytes(12)
      + b"mediatype".ljust(16, b"\x00") + bytes(64))
write("memo.dss", b"\x02dss" + struct.pack("<HH", 1, 1) + bytes(4) + b"DS2300".ljust(16, b" ")
      + bytes(1024 - 28) + bytes(512))
write("bank.fsb", b"FSB4" + struct.pack("<III", 1, 80, 64) + bytes(32) + bytes(128))
write("music.svag", b"Svag" + struct.pack("<IIII", 64, 48000, 2, 0x800) + bytes(2048 - 20)
      + bytes(64))
# Formats ExifTool reads by a long signature (its PSP, Lytro, FLIR, CanonVRD and ITC
# modules): a Paint Shop Pro header (signature, version 5.0, a block marker), a Lytro
# picture's header and first metadata block, FLIR's public image header (version, offset, to
# the 892 bytes ExifTool reads), a Canon recipe's header, and an iTunes artwork file's
# header and item ("itch", "artw").
write("image.psp", b"Paint Shop Pro Image File\n\x1a\x00\x00\x00\x00\x00"
      + struct.pack("<HH", 5, 0) + b"~BK\x00" + bytes(64))
write("picture.lfp", b"\x89LFP\r\n\x1a\n" + struct.pack(">II", 1, 0)
      + b"\x89LFM\r\n\x1a\n" + bytes(64))
write("thermal.fpf", b"FPF Public Image Format\x00" + bytes(8) + struct.pack("<II", 2, 892)
      + bytes(892 - 40) + bytes(64))
write("photo.vrd", b"CANON OPTIONAL DATA\x00" + struct.pack(">HI", 1, 0) + bytes(64))
write("cover.itc", struct.pack(">I", 284) + b"itch" + struct.pack(">III", 2, 2, 2) + bytes(4)
      + b"artw" + bytes(256))
# A Canon DPP 4 recipe (ExifTool's CanonVRD module: "IIII", version 04 00 04 00, then the
# recipe's directory) and a Kyocera raw image's header (ExifTool's KyoceraRaw module: a
# firmware version and model byte-reversed, and "ARECOYK" at 0x19).
write("recipe.dr4", b"IIII\x04\x00\x04\x00" + struct.pack("<III", 6, 0x89, 3) + bytes(64))
write("photo.raw", b"\x00" + b"70.1 .reV" + bytes(2) + b"LATIGID N" + bytes(4)
      + b"ARECOYK" + b" 03:41:81 61:70:" + bytes(128))
# A Sony DSC-F1 PMP image (ExifTool's Sony module): a 124-byte header (the JPEG's offset,
# 124, at 8 and its size at 12; the picture's width and height at 22) and the JPEG's start.
write("photo.pmp", struct.pack(">IIII", 0x10120009, 0x10000500, 124, 70) + bytes(4)
      + struct.pack(">HHH", 0x201A, 640, 480) + bytes(124 - 26) + b"\xff\xd8\xff\xdb\x00\x84"
      + bytes(64))
# A flattened RTFD (an RTFD package serialized as one file, as NSFileWrapper writes it):
# "rtfd", four zero bytes, the number of entries, then each entry's name length and name
# (the package's preferred-name entries and its TXT.rtf), then their lengths and contents.
entries = [(b"__@PreferredName@__", b"note.rtfd"), (b"__@UTF8PreferredName@__", b"note.rtfd"),
           (b"TXT.rtf", b"{\\rtf1\\ansi mediatype}")]
write("note.flat-rtfd", b"rtfd" + bytes(4) + struct.pack("<I", len(entries))
      + b"".join(struct.pack("<I", len(name)) + name for name, _ in entries)
      + b"".join(struct.pack("<I", len(data)) for _, data in entries)
      + b"".join(data for _, data in entries))
# An ARC archive (SEA's ARC 5: a member header of 1A, the method, a 13-byte NUL-padded name,
# the stored size, DOS date and time, CRC-16 and original size, then the data) holding one
# stored member (method 2), then the end marker 1A 00.
member = b"mediatype ARC fixture\n"
crc = 0
for byte in member:
    crc ^= byte
    for _ in range(8):
        crc = (crc >> 1) ^ 0xA001 if crc & 1 else crc >> 1
write("stored.arc", b"\x1a\x02" + b"NOTES.TXT".ljust(13, b"\x00")
      + struct.pack("<IHHHI", len(member), 0x5B85, 0x6000, crc, len(member)) + member
      + b"\x1a\x00")
# A Windows registry hive (the registry file format's base block and first hive bin, as
# libregf's documentation lays them out): "regf", sequence numbers 1 and 1, major version 1,
# minor 5, type 0 (primary file), format 1, the root key's cell at 0x20 of the bins, 4096
# bytes of bins, the hive's name in UTF-16 and the XOR checksum of the first 508 bytes; then
# one "hbin" of 4096 bytes holding the root key node ("nk", flags 0x2C, no subkeys, values,
# security or class, the name ROOT) and a free cell. hivexsh and hivexml open it.
root = b"ROOT"
node = (b"nk" + struct.pack("<H", 0x2C) + bytes(8) + struct.pack("<II", 0, 0xFFFFFFFF)
        + struct.pack("<IIII", 0, 0, 0xFFFFFFFF, 0xFFFFFFFF)
        + struct.pack("<IIII", 0, 0xFFFFFFFF, 0xFFFFFFFF, 0xFFFFFFFF) + bytes(20)
        + struct.pack("<HH", len(root), 0) + root)
node += bytes(-(len(node) + 4) % 8)
used = struct.pack("<i", -(len(node) + 4)) + node
free = 4096 - 32 - len(used)
bins = (b"hbin" + struct.pack("<II", 0, 4096) + bytes(20) + used + struct.pack("<i", free)
        + bytes(free - 4))
base = bytearray(4096)
struct.pack_into("<4sIIQIIIIIII", base, 0, b"regf", 1, 1, 0, 1, 5, 0, 1, 0x20, 4096, 1)
name = "mediatype".encode("utf-16-le")
base[48:48 + len(name)] = name
checksum = 0
for offset in range(0, 508, 4):
    checksum ^= struct.unpack_from("<I", base, offset)[0]
struct.pack_into("<I", base, 508, checksum or 1)
write("registry.hiv", bytes(base) + bins)
# An Outlook personal folders file's header ([MS-PST] 2.2.2.6): "!BDN", a partial CRC,
# "SM", the file format version 23 (Unicode), client version 19, platforms 1 and 1, then
# the rest of the 564-byte header and the first page left zero. No Linux tool writes PST.
write("mail.pst", b"!BDN" + struct.pack("<I", 0) + b"SM" + struct.pack("<HHBB", 23, 19, 1, 1)
      + bytes(564 - 16) + bytes(512))
# An Internet Archive ARC file (the Internet Archive's "Arc File Format", version 1): the
# version block (a filedesc:// URL record line, then "1 0" and the field names), then one
# record of an HTTP response. warcio reads it.
body = b"1 0 Alexa Internet\nURL IP-address Archive-date Content-type Archive-length\n"
page = b"HTTP/1.0 200 OK\r\nContent-Type: text/html\r\n\r\n<html><body>mediatype</body></html>\n"
write("crawl.arc", b"filedesc://crawl.arc 0.0.0.0 20240101000000 text/plain %d\n" % len(body)
      + body + b"\n" + b"http://example.com/ 93.184.216.34 20240101000000 text/html %d\n"
      % len(page) + page + b"\n")
# OneNote files' headers ([MS-ONESTORE] 2.3.1 and 2.8): a table of contents (.onetoc2), the
# 1024-byte header whose guidFileType is {43FF2FA1-EFD9-4C76-9EE2-10EA5722765F}, then
# guidFile, guidLegacyFileVersion (zero) and guidFileFormat {109ADD3F-911B-49F5-A5D0-1791EDC8AED8};
# and a section in the alternative packaging OneNote for the web writes, whose header opens
# with {638DE92F-A6D4-4BC1-9A36-B3FC2511A5B7}. Headers only: enough for a signature.
def guid(text):
    import uuid
    return uuid.UUID(text).bytes_le


format_guid = guid("109ADD3F-911B-49F5-A5D0-1791EDC8AED8")
write("notebook.onetoc2", guid("43FF2FA1-EFD9-4C76-9EE2-10EA5722765F")
      + guid("5E1A5E1A-0000-4000-8000-000000000001") + bytes(16) + format_guid
      + bytes(1024 - 64) + bytes(512))
write("section-packaged.one", guid("638DE92F-A6D4-4BC1-9A36-B3FC2511A5B7")
      + guid("5E1A5E1A-0000-4000-8000-000000000002") + bytes(16) + bytes(512))
# An AppleSingle file (RFC 1740): magic 0x00051600, version 0x00020000, 16 filler bytes, two
# entries (real name, ID 3; data fork, ID 1) with their offsets and lengths, then the data.
name = b"notes.txt"
data = b"mediatype AppleSingle fixture\n"
header = struct.pack(">II", 0x00051600, 0x00020000) + bytes(16) + struct.pack(">H", 2)
first = len(header) + 2 * 12
write("notes.as", header + struct.pack(">III", 3, first, len(name))
      + struct.pack(">III", 1, first + len(name), len(data)) + name + data)
# Linux console fonts (kbd's psf.h): PSF 1 is 36 04, a mode byte (0: 256 glyphs, no Unicode
# table) and the glyph height (8), then 256 glyphs of 8 bytes; PSF 2 is the magic 72 B5 4A 86,
# version 0, header size 32, flags 0, 1 glyph, 8 bytes a glyph, height 8, width 8 (32-bit
# little-endian each), then the glyph: one 8x8 box.
box = bytes([0xFF] + [0x81] * 6 + [0xFF])
write("console.psf", bytes([0x36, 0x04, 0x00, 0x08]) + box * 256)
write("console-v2.psf", struct.pack("<8I", 0x864AB572, 0, 32, 0, 1, 8, 8, 8) + box)
# A Xara drawing (Xara's "XAR file format" document): "XARA", A3 A3, CR LF, then records, each
# a 32-bit tag and size: a file header record (tag 2: "CXN" and padding here) and the end of
# file record (tag 0, size 0).
header = b"CXN\x00" + bytes(12)
write("drawing.xar", b"XARA\xa3\xa3\r\n" + struct.pack("<II", 2, len(header)) + header
      + struct.pack("<II", 0, 0))
# A Garmin map image's header (the IMG format as John Mechalas documents it): XOR key 0,
# "DSKIMG" and a NUL at 0x10, "GARMIN" and a NUL at 0x41, the 55 AA of a boot sector at 510,
# then an empty directory block.
garmin = bytearray(1024)
garmin[0x10:0x17] = b"DSKIMG\x00"
garmin[0x41:0x48] = b"GARMIN\x00"
garmin[0x1FE:0x200] = b"\x55\xaa"
write("map.img", bytes(garmin))
