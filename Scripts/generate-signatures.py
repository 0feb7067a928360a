#!/usr/bin/env python3
"""Generate Sources/MediaClassification/Signatures/SignatureData.swift from the signature files.

Inputs (paths relative to the repository root, the folder above this script):

  Data/tika/tika-mimetypes.xml   Apache Tika's MIME database (vendored, Apache-2.0).
  Data/signatures-extra.xml      the project's own additions, in the same format.

Both are read as Tika's MimeTypesReader reads them: <mime-type type>, <alias>, <sub-class-of>,
<glob pattern [isregex]>, <acronym>, <_comment>, <tika:uti>, <root-XML namespaceURI localName>
and <magic priority> with nested <match type offset value mask> or <match minShouldMatch>.
A type declared in both files is one type: the extra file adds to Tika's declaration.

Match values are decoded here, as Tika's MagicDetector.decodeValue does (hex `0x..`, the
escapes `\\\\`, `\\xNN`, `\\r`, `\\n` and octal `\\NNN` in strings and regexes (one deviation:
a backslash before any other character gives that character, where Tika writes a NUL), 16/32-bit
numbers in the byte order of the type, `host` taken as little-endian as Tika does, UTF-16LE
for `unicodeLE`), so the Swift side sees bytes only. A regex is kept as its decoded text and
compiled by the engine.

The Swift file holds one line-oriented text table in a single string literal (tab-separated,
bytes in hex), which the engine decodes once at first use: a literal of that shape costs the
compiler next to nothing, where the same data as nested array literals of structs would not.

  T  source mime aliases parents acronym uti comment   (one per type, in file order)
  G  type source flags pattern                          (flags: r = regex, else a glob)
  X  type source namespace localName                    (root-XML; '-' for absent)
  M  type source priority                               (starts one <magic> block)
  m  depth kind start end value mask                    (a <match>, preorder with its depth;
                                                         kind: s string/bytes, i ASCII case-
                                                         insensitive, r regex, n minShouldMatch
                                                         with the count in `start`)

With --check it writes nothing and exits 1 when the Swift file is out of date.
Standard library only.
"""

from __future__ import annotations

import argparse
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
OUTPUT = Path("Sources/MediaClassification/Signatures/SignatureData.swift")
TIKA = Path("Data/tika/tika-mimetypes.xml")
EXTRA = Path("Data/signatures-extra.xml")
TIKA_NS = "{https://tika.apache.org/}"


class ValidationError(Exception):
    pass


def clean(text: str | None) -> str:
    """One line of text with no tabs: whitespace runs become one space."""
    return " ".join((text or "").split())


def decode_string(value: str, kind: str) -> bytes:
    """Tika's MagicDetector.decodeString: hex, or text with its escapes, as bytes."""
    if value.startswith("0x"):
        digits = value[2:]
        return bytes(int(digits[i : i + 2], 16) for i in range(0, len(digits) - 1, 2))
    chars: list[int] = []
    i = 0
    while i < len(value):
        c = value[i]
        if c == "\\" and i + 1 < len(value):
            n = value[i + 1]
            if n == "\\":
                chars.append(ord("\\"))
                i += 2
            elif n == "x":
                chars.append(int(value[i + 2 : i + 4], 16))
                i += 4
            elif n == "r":
                chars.append(13)
                i += 2
            elif n == "n":
                chars.append(10)
                i += 2
            else:
                j = i + 1
                while j < i + 4 and j < len(value) and value[j].isdigit():
                    j += 1
                digits = value[i + 1 : j]
                if digits:
                    chars.append(int(digits, 8))
                    i = j
                else:
                    # Tika writes a NUL for `\ ` (and keeps the space), so its rnews rules
                    # (`#!\ rnews`) never match; the evident intent is the character itself.
                    chars.append(ord(n))
                    i += 2
        else:
            chars.append(ord(c))
            i += 1
    if kind == "unicodeLE":
        out = bytearray()
        for ch in chars:
            out += bytes([ch & 0xFF, (ch >> 8) & 0xFF])
        return bytes(out)
    if kind == "unicodeBE":
        out = bytearray()
        for ch in chars:
            out += bytes([(ch >> 8) & 0xFF, ch & 0xFF])
        return bytes(out)
    if kind == "regex":
        # The engine compiles the text; characters above U+00FF cannot be Latin-1 bytes.
        return "".join(chr(ch) for ch in chars).encode("utf-8")
    return bytes(ch & 0xFF for ch in chars)


def decode_value(value: str, kind: str) -> bytes:
    """Tika's MagicDetector.decodeValue."""
    if kind in ("string", "stringignorecase", "regex", "unicodeLE", "unicodeBE"):
        return decode_string(value, kind)
    digits, radix = (value[2:], 16) if value.startswith("0x") else (value, 8)
    if kind == "byte":
        # Tika takes the characters after any `0x` as they are (no rule uses this type).
        return digits.encode("utf-8")
    number = int(digits, radix)
    if kind in ("host16", "little16"):
        return (number & 0xFFFF).to_bytes(2, "little")
    if kind == "big16":
        return (number & 0xFFFF).to_bytes(2, "big")
    if kind in ("host32", "little32"):
        return (number & 0xFFFFFFFF).to_bytes(4, "little")
    if kind == "big32":
        return (number & 0xFFFFFFFF).to_bytes(4, "big")
    raise ValidationError(f"unknown match type {kind!r}")


KIND_CODES = {"stringignorecase": "i", "regex": "r"}


def matchlet_lines(match: ET.Element, depth: int, where: str) -> list[str]:
    if depth > 16:
        raise ValidationError(f"{where}: matches nested deeper than 16")
    children = [c for c in match if c.tag == "match"]
    if match.get("minShouldMatch") is not None:
        count = int(match.get("minShouldMatch", "1"))
        if count < 1 or not children:
            raise ValidationError(f"{where}: minShouldMatch needs a count >= 1 and children")
        line = f"m\t{depth}\tn\t{count}\t0\t\t"
    else:
        kind = match.get("type") or "string"
        value = match.get("value")
        if value is None:
            raise ValidationError(f"{where}: a match without a value")
        offset = match.get("offset") or "0"
        start_text, _, end_text = offset.partition(":")
        start = int(start_text)
        end = int(end_text) if end_text else start
        if start < 0 or end < start:
            raise ValidationError(f"{where}: bad offset {offset!r}")
        pattern = decode_value(value, kind)
        mask_text = match.get("mask")
        mask = decode_value(mask_text, kind) if mask_text is not None else b""
        code = KIND_CODES.get(kind, "s")
        if code != "r" and len(mask) > len(pattern):
            # Tika pads the pattern with zeros to the mask's length.
            pattern = pattern + bytes(len(mask) - len(pattern))
        line = f"m\t{depth}\t{code}\t{start}\t{end}\t{pattern.hex()}\t{mask.hex()}"
    lines = [line]
    for child in children:
        lines += matchlet_lines(child, depth + 1, where)
    return lines


class TypeEntry:
    def __init__(self, mime: str, source: str) -> None:
        self.mime = mime
        self.source = source
        self.aliases: list[str] = []
        self.parents: list[str] = []
        self.acronym = ""
        self.uti = ""
        self.comment = ""
        self.rules: list[str] = []


def read(path: Path, source: str, types: dict[str, TypeEntry], order: list[str]) -> None:
    try:
        root = ET.parse(path).getroot()
    except (OSError, ET.ParseError) as error:
        raise ValidationError(f"{path}: {error}") from error
    for element in root:
        if element.tag != "mime-type":
            continue
        mime = (element.get("type") or "").strip().lower()
        if "/" not in mime or "\t" in mime:
            raise ValidationError(f"{path}: bad mime-type {mime!r}")
        entry = types.get(mime)
        if entry is None:
            entry = TypeEntry(mime, source)
            types[mime] = entry
            order.append(mime)
        for child in element:
            tag = child.tag
            if tag == "alias":
                alias = (child.get("type") or "").strip().lower()
                if alias and alias not in entry.aliases:
                    entry.aliases.append(alias)
            elif tag == "sub-class-of":
                parent = (child.get("type") or "").strip().lower()
                if parent and parent not in entry.parents:
                    entry.parents.append(parent)
            elif tag == "acronym":
                entry.acronym = entry.acronym or clean(child.text)
            elif tag == TIKA_NS + "uti":
                entry.uti = entry.uti or clean(child.text)
            elif tag == "_comment":
                # Tika keeps the last description it reads; the first is the type's name.
                entry.comment = entry.comment or clean(child.text)
            elif tag == "glob":
                pattern = clean(child.get("pattern"))
                if pattern:
                    flags = "r" if child.get("isregex") == "true" else "g"
                    entry.rules.append(f"G\t{{t}}\t{source}\t{flags}\t{pattern}")
            elif tag == "root-XML":
                namespace = clean(child.get("namespaceURI")) or "-"
                local = clean(child.get("localName")) or "-"
                entry.rules.append(f"X\t{{t}}\t{source}\t{namespace}\t{local}")
            elif tag == "magic":
                priority = int(child.get("priority") or "50")
                lines = [f"M\t{{t}}\t{source}\t{priority}"]
                for match in child:
                    if match.tag == "match":
                        lines += matchlet_lines(match, 0, f"{path}: {mime}")
                if len(lines) > 1:
                    entry.rules.append("\n".join(lines))


def load(root: Path) -> tuple[list[TypeEntry], int]:
    types: dict[str, TypeEntry] = {}
    order: list[str] = []
    read(root / TIKA, "t", types, order)
    read(root / EXTRA, "e", types, order)
    entries = [types[m] for m in order]
    for entry in entries:
        for field in (entry.acronym, entry.uti, entry.comment):
            if "\t" in field or "\n" in field:
                raise ValidationError(f"{entry.mime}: a field holds a tab or newline")
    return entries, sum(1 for e in entries for r in e.rules if r.startswith("M"))


def render(entries: list[TypeEntry]) -> str:
    lines: list[str] = []
    for index, entry in enumerate(entries):
        lines.append(
            "\t".join(
                [
                    "T",
                    entry.source,
                    entry.mime,
                    " ".join(entry.aliases),
                    " ".join(entry.parents),
                    entry.acronym,
                    entry.uti,
                    entry.comment,
                ]
            )
        )
    for index, entry in enumerate(entries):
        for rule in entry.rules:
            lines += rule.replace("{t}", str(index)).split("\n")
    body = "\n".join("        " + line for line in lines)
    if '"""#' in body:
        raise ValidationError('the table would hold the literal\'s end `"""#`')
    return (
        "// Generated by Scripts/generate-signatures.py from Data/tika/tika-mimetypes.xml\n"
        "// (Apache Tika, Apache-2.0; see Data/tika/NOTICE.txt) and Data/signatures-extra.xml.\n"
        "// Edit those files and run the script; do not edit this file by hand.\n"
        "\n"
        "extension SignatureDatabase {\n"
        "    /// The signature table, one record a line (the format is described in\n"
        "    /// Scripts/generate-signatures.py), decoded once by ``SignatureDatabase/builtin``.\n"
        '    static let builtinTable: StaticString = #"""\n'
        f"{body}\n"
        '        """#\n'
        "}\n"
    )


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument(
        "--check",
        action="store_true",
        help="exit 1 if the Swift file is not what the signature files generate; write nothing",
    )
    arguments = parser.parse_args(argv)
    try:
        entries, magic_blocks = load(REPO_ROOT)
        text = render(entries)
    except (ValidationError, ValueError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    output = REPO_ROOT / OUTPUT
    summary = f"{len(entries)} types, {magic_blocks} magic blocks"
    if arguments.check:
        try:
            current = output.read_text(encoding="utf-8")
        except OSError:
            current = None
        if current != text:
            print(
                f"{OUTPUT} is out of date; run Scripts/generate-signatures.py",
                file=sys.stderr,
            )
            return 1
        print(f"{OUTPUT} is up to date ({summary})")
        return 0
    output.parent.mkdir(parents=True, exist_ok=True)
    output.write_text(text, encoding="utf-8")
    print(f"wrote {OUTPUT} ({summary})")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
