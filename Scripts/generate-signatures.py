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

The Swift file holds string literals only: a literal costs the compiler next to nothing, where
the same data as nested array literals of structs would not. The first is one line-oriented
text table (tab-separated, bytes in hex), the signature files' content:

  T  source mime aliases parents acronym uti comment   (one per type, in file order)
  G  type source flags pattern                          (flags: r = regex, else a glob)
  X  type source namespace localName                    (root-XML; '-' for absent)
  M  type source priority                               (starts one <magic> block)
  m  depth kind start end value mask                    (a <match>, preorder with its depth;
                                                         kind: s string/bytes, i ASCII case-
                                                         insensitive, r regex, n minShouldMatch
                                                         with the count in `start`)

The text table gives the types (names, aliases, parents, globs, descriptions), decoded when
first asked for. Matching needs none of that text decoded: the script also lays out the matching
tables as the engine builds them from the `M`, `m` and `X` lines, and writes them as a stream of
numbers the engine loads without parsing text (`builtinMatchingTables`), with the MIME types in
type order (`builtinTypeNames`) for the matches and the byte pool of the values and masks in hex
(`builtinValueBytes`). Each number is its hex digits, the last one written `A`..`P`, the others
`a`..`p` (whitespace between numbers is skipped):

  typeCount matchletCount ruleCount xmlRuleCount valueByteCount regexCount
  typeCount + 1 offsets of the names in builtinTypeNames (each name ends a byte before the next)
  per matchlet: kind (0 bytes, 1 ignoring case, 2 regex, 3 minimum, 4 never) start end
                valueCount maskCount childCount, the children's indices; the bytes of a value
                (masked) and then of its mask are the next in builtinValueBytes; a regex is
                followed by its pattern's bytes and its quick set: 0 for none, else 1 and the
                set of the bytes a match at `start` can begin with, 256 bits as 16 numbers
                of 16 bits, low first (see regex_first_bytes)
  per rule:     type priority source (0 Tika, 1 extra) root
  per XML rule: type source namespaceLength localNameLength (0 for none, else length + 1),
                then their bytes

and, loaded the first time a name is looked up or an ancestor asked for, the names (MIME types
and aliases) sorted by their bytes, one a line (`builtinNameKeys`), and in the same way
(`builtinTypeIndex`):

  keyCount, keyCount + 1 offsets of the keys in builtinNameKeys, each key's type
  per type: its source (0 Tika, 1 extra), its ancestors' count, then their indices (as the
            engine works them out)
  typeCount + 1 offsets of the types' T lines in builtinTable (each ends before the next)
  typeCount + 1 offsets of the types' blocks of rules there (each ends before the next)

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
    line_offsets = [0]
    for line in lines:
        line_offsets.append(line_offsets[-1] + len(line.encode("utf-8")) + 1)
    # Where each type's T line and block of rules start in the literal's text.
    offset = line_offsets[-1]
    rule_offsets = [offset]
    for index, entry in enumerate(entries):
        for rule in entry.rules:
            block = rule.replace("{t}", str(index)).split("\n")
            lines += block
            offset += sum(len(line.encode("utf-8")) + 1 for line in block)
        rule_offsets.append(offset)
    body = "\n".join("        " + line for line in lines)
    if '"""#' in body:
        raise ValidationError('the table would hold the literal\'s end `"""#`')
    names = "\n".join("        " + entry.mime for entry in entries)
    if '"""#' in names:
        raise ValidationError('a MIME type would hold the literal\'s end `"""#`')
    stream, value_bytes = matching_stream(entries, lines)
    keys, type_index = type_tables(entries, line_offsets, rule_offsets)
    return (
        "// Generated by Scripts/generate-signatures.py from Data/tika/tika-mimetypes.xml\n"
        "// (Apache Tika, Apache-2.0; see Data/tika/NOTICE.txt) and Data/signatures-extra.xml.\n"
        "// Edit those files and run the script; do not edit this file by hand.\n"
        "\n"
        "extension SignatureDatabase {\n"
        "    /// The signature table, one record a line (the format is described in\n"
        "    /// Scripts/generate-signatures.py): ``SignatureDatabase/builtin`` decodes a type's\n"
        "    /// lines when asked for it, and all of them when asked for every type.\n"
        '    static let builtinTable: StaticString = #"""\n'
        f"{body}\n"
        '        """#\n'
        "\n"
        "    /// The MIME types, one a line in type order, for the matches of the built-in\n"
        "    /// tables.\n"
        '    static let builtinTypeNames: StaticString = #"""\n'
        f"{names}\n"
        '        """#\n'
        "\n"
        "    /// The matching tables of ``builtinTable``, laid out as the engine lays them out,\n"
        "    /// as numbers (the format is described in Scripts/generate-signatures.py).\n"
        '    static let builtinMatchingTables: StaticString = """\n'
        f"{stream}\n"
        '        """\n'
        "\n"
        "    /// The values and masks of ``builtinMatchingTables``' tests, in hex.\n"
        '    static let builtinValueBytes: StaticString = """\n'
        f"{value_bytes}\n"
        '        """\n'
        "\n"
        "    /// The MIME types and aliases of ``builtinTable``, sorted by their bytes.\n"
        '    static let builtinNameKeys: StaticString = #"""\n'
        f"{keys}\n"
        '        """#\n'
        "\n"
        "    /// The types of ``builtinNameKeys`` and the types' ancestors, as numbers.\n"
        '    static let builtinTypeIndex: StaticString = """\n'
        f"{type_index}\n"
        '        """\n'
        "}\n"
    )


def encode_number(number: int) -> str:
    """A number as the stream writes it: hex digits, `a`..`p` but for the last, `A`..`P`."""
    if number < 0:
        raise ValidationError(f"a negative number in the matching tables: {number}")
    digits = []
    while True:
        digits.append(number & 15)
        number >>= 4
        if number == 0:
            break
    digits.reverse()
    return "".join(chr(0x61 + d) for d in digits[:-1]) + chr(0x41 + digits[-1])


SOURCE_CODES = {"t": 0, "e": 1}
MATCHLET_KINDS = {"s": 0, "i": 1, "r": 2, "n": 3}


WHITESPACE = {0x20, 0x09, 0x0A, 0x0B, 0x0C, 0x0D}
DIGITS = set(range(0x30, 0x3A))
SPECIAL = set("\\[](){}.*+?^$|")


def regex_first_bytes(pattern: str) -> set[int] | None:
    """The bytes a match of a regular expression can begin with, for the patterns whose
    leading atoms are simple (literals, escapes, classes, groups of alternatives, optional
    ones followed by others); None when not worked out.

    A quick test the engine makes before it compiles a built-in pattern: a test at a fixed
    offset whose byte is not in the set cannot match. SignatureEngineTests check the sets
    against the compiled patterns' own (SignatureDatabase.regexQuickSetsHold)."""
    if "(?<" in pattern or "(?=" in pattern or "(?!" in pattern:
        # Look-around: the engine does not compile it.
        return None
    ignoring_case = False
    position = 0
    while True:
        for flags in ("(?s)", "(?i)", "(?m)", "(?si)", "(?is)"):
            if pattern.startswith(flags, position):
                ignoring_case = ignoring_case or "i" in flags
                position += len(flags)
                break
        else:
            break
    found = first_of_alternatives(pattern, position, len(pattern))
    if found is None or found[1] or not found[0]:
        return None
    result = found[0]
    if ignoring_case:
        for byte in list(result):
            if 0x41 <= byte <= 0x5A or 0x61 <= byte <= 0x7A:
                result |= {byte | 0x20, byte & ~0x20}
    return result


def skip_class(pattern: str, position: int) -> int | None:
    """Where the class whose members start at `position` ends (after its `]`)."""
    index = position
    while index < len(pattern):
        if pattern[index] == "\\":
            index += 2
            continue
        if pattern[index] == "[":
            return None
        if pattern[index] == "]":
            return index + 1
        index += 1
    return None


def group_structure(pattern: str, position: int, end: int):
    """Walks `pattern[position:end]` outside escapes and character classes, yielding
    (index, character, depth) for each `(`, `)` and `|`, depth being the nesting before it;
    yields (None, None, None) and stops when a character class does not close."""
    depth, index = 0, position
    while index < end:
        char = pattern[index]
        if char == "\\":
            index += 2
            continue
        if char == "[":
            after = skip_class(pattern, index + 1)
            if after is None:
                yield None, None, None
                return
            index = after
            continue
        if char in "()|":
            yield index, char, depth
            depth += 1 if char == "(" else -1 if char == ")" else 0
        index += 1


def closing_paren(pattern: str, position: int, end: int) -> int | None:
    """The index of the `)` that closes the group whose contents start at `position`."""
    for index, char, depth in group_structure(pattern, position, end):
        if index is None:
            return None
        if char == ")" and depth == 0:
            return index
    return None


def first_of_alternatives(pattern: str, position: int, end: int):
    """The first bytes of the alternatives from `position` to `end`, and whether one can be
    empty; None if unsure."""
    starts = [position]
    for index, char, depth in group_structure(pattern, position, end):
        if index is None:
            return None
        if char == "|" and depth == 0:
            starts.append(index + 1)
    bounds = starts + [end + 1]
    result: set[int] = set()
    nullable = False
    for alternative in range(len(starts)):
        found = first_of_sequence(pattern, bounds[alternative], bounds[alternative + 1] - 1)
        if found is None:
            return None
        result |= found[0]
        nullable = nullable or found[1]
    return result, nullable


SIMPLE_ESCAPES = {"r": 0x0D, "n": 0x0A, "t": 0x09, "f": 0x0C}


def first_of_sequence(pattern: str, position: int, end: int):
    """The first bytes of the sequence of atoms from `position` to `end`, and whether it
    can be empty; None if unsure."""
    result: set[int] = set()
    while position < end:
        char = pattern[position]
        atom: set[int]
        if char == "^":
            position += 1
            continue
        if char == "\\":
            escape = pattern[position + 1 : position + 2]
            if escape == "x":
                try:
                    atom = {int(pattern[position + 2 : position + 4], 16)}
                except ValueError:
                    return None
                after = position + 4
            elif escape == "d":
                atom, after = set(DIGITS), position + 2
            elif escape == "s":
                atom, after = set(WHITESPACE), position + 2
            elif escape in SIMPLE_ESCAPES:
                atom, after = {SIMPLE_ESCAPES[escape]}, position + 2
            elif escape and not escape.isalnum() and ord(escape) <= 0x7F:
                atom, after = {ord(escape)}, position + 2
            else:
                return None
            atom_nullable = False
        elif char == "[":
            found = class_bytes(pattern, position + 1)
            if found is None:
                return None
            atom, after = found
            atom_nullable = False
        elif char == "(":
            inner = position + 1
            if pattern.startswith("?:", inner) or pattern.startswith("?>", inner):
                inner += 2
            elif pattern.startswith("?", inner):
                return None
            close = closing_paren(pattern, inner, end)
            if close is None:
                return None
            found = first_of_alternatives(pattern, inner, close)
            if found is None:
                return None
            atom, atom_nullable = found
            after = close + 1
        elif char in SPECIAL:
            return None
        else:
            if ord(char) > 0xFF:
                return None
            atom, after, atom_nullable = {ord(char)}, position + 1, False
        # The quantifier, if any, and its lazy `?` or possessive `+`.
        quantifier = pattern[after : after + 1] if after < end else ""
        if quantifier in ("*", "?"):
            atom_nullable = True
            after += 1
        elif quantifier == "+":
            after += 1
        elif quantifier == "{":
            close = pattern.find("}", after, end)
            if close < 0:
                return None
            minimum = pattern[after + 1 : close].split(",")[0]
            if not minimum.isdigit():
                return None
            atom_nullable = atom_nullable or int(minimum) == 0
            after = close + 1
        else:
            quantifier = ""
        if quantifier and after < end and pattern[after] in "?+":
            after += 1
        result |= atom
        if not atom_nullable:
            return result, False
        position = after
    return result, True


def class_bytes(pattern: str, position: int):
    """The members of a simple class (no negation, no nesting) and where it ends."""
    if pattern.startswith("^", position):
        return None
    members: list[int] = []
    index = position
    while index < len(pattern) and pattern[index] != "]":
        char = pattern[index]
        if char == "\\":
            escape = pattern[index + 1 : index + 2]
            if escape == "x":
                try:
                    member = int(pattern[index + 2 : index + 4], 16)
                except ValueError:
                    return None
                index += 4
            elif escape in SIMPLE_ESCAPES:
                member = SIMPLE_ESCAPES[escape]
                index += 2
            elif escape and not escape.isalnum() and ord(escape) <= 0x7F:
                member = ord(escape)
                index += 2
            else:
                return None
        elif char in "[&":
            return None
        else:
            member = ord(char)
            index += 1
        if member > 0xFF:
            return None
        if pattern.startswith("-", index) and not pattern.startswith("-]", index):
            upper_text = pattern[index + 1 :]
            if upper_text.startswith("\\x"):
                try:
                    upper = int(upper_text[2:4], 16)
                except ValueError:
                    return None
                index += 5
            elif upper_text[:1] in ("\\", "[", "]", ""):
                return None
            else:
                upper = ord(upper_text[0])
                index += 2
            if upper > 0xFF or upper < member:
                return None
            members += range(member, upper + 1)
        else:
            members.append(member)
    if index >= len(pattern) or not members:
        return None
    return set(members), index + 1


def type_tables(
    entries: list[TypeEntry], line_offsets: list[int], rule_offsets: list[int]
) -> tuple[str, str]:
    """The sorted name keys and the number stream of their types and the ancestors, as the
    engine works them out from the `T` lines."""
    index_by_name: dict[str, int] = {}
    for index, entry in enumerate(entries):
        if entry.mime in index_by_name:
            raise ValidationError(f"{entry.mime}: the name of an earlier type or alias")
        index_by_name[entry.mime] = index
        for alias in entry.aliases:
            index_by_name.setdefault(alias, index)
    xml = index_by_name.get("application/xml")
    zip_type = index_by_name.get("application/zip")
    plain = index_by_name.get("text/plain")
    parent_indices: list[list[int]] = []
    for index, entry in enumerate(entries):
        parents = [index_by_name[p] for p in entry.parents if p in index_by_name]
        parents = [p for p in parents if p != index]
        if not entry.parents:
            implied = None
            if entry.mime.endswith("+xml"):
                implied = xml
            elif entry.mime.endswith("+zip"):
                implied = zip_type
            elif entry.mime.startswith("text/"):
                implied = plain
            if implied is not None and implied != index:
                parents.append(implied)
        parent_indices.append(sorted(set(parents)))
    numbers: list[int] = []
    keys = sorted(index_by_name, key=lambda key: key.encode("utf-8"))
    numbers.append(len(keys))
    offset = 0
    for key in keys:
        numbers.append(offset)
        offset += len(key.encode("utf-8")) + 1
    numbers.append(offset)
    numbers += [index_by_name[key] for key in keys]
    for index in range(len(entries)):
        found: list[int] = []
        queue = list(parent_indices[index])
        position = 0
        # A cycle ends here, as in the engine.
        while position < len(queue) and len(found) < 256:
            parent = queue[position]
            position += 1
            if parent == index or parent in found:
                continue
            found.append(parent)
            queue += parent_indices[parent]
        numbers += [SOURCE_CODES[entries[index].source], len(found)]
        numbers += found
    numbers += line_offsets + rule_offsets
    text = "".join(encode_number(number) for number in numbers)
    width = 88
    key_text = "\n".join("        " + key for key in keys)
    if '"""#' in key_text:
        raise ValidationError('a name would hold the literal\'s end `"""#`')
    return key_text, "\n".join("        " + text[i : i + width] for i in range(0, len(text), width))


def matching_stream(entries: list[TypeEntry], lines: list[str]) -> tuple[str, str]:
    """The matching tables the engine builds from the table's lines, as a number stream,
    and the values' bytes in hex."""
    matchlets: list[tuple[int, int, int, bytes, bytes, list[int]]] = []
    rules: list[tuple[int, int, int, int]] = []
    xml_rules: list[tuple[int, int, str, str]] = []
    block: tuple[int, int, int] | None = None
    path: list[int] = []
    for line in lines:
        fields = line.split("\t")
        tag = fields[0]
        if tag in ("T", "G"):
            block = None
        elif tag == "X":
            block = None
            xml_rules.append((int(fields[1]), SOURCE_CODES[fields[2]], fields[3], fields[4]))
        elif tag == "M":
            block = (int(fields[1]), int(fields[3]), SOURCE_CODES[fields[2]])
            path = []
        elif tag == "m":
            if block is None:
                raise ValidationError("a match outside a magic block")
            depth, code = int(fields[1]), fields[2]
            start, end = int(fields[3]), int(fields[4])
            value, mask = bytes.fromhex(fields[5]), bytes.fromhex(fields[6])
            if depth > len(path) or depth >= 32:
                raise ValidationError("a match nested too deep")
            kind = MATCHLET_KINDS.get(code, 4)
            if kind in (0, 1):
                if not value or len(mask) > len(value) or end < start:
                    raise ValidationError(f"a bad match: {line!r}")
                # Tika compares the masked head with the masked value.
                value = bytes(
                    byte & mask[offset] if offset < len(mask) else byte
                    for offset, byte in enumerate(value)
                )
            elif kind == 2:
                mask = b""
            else:
                value, mask = b"", b""
            index = len(matchlets)
            matchlets.append((kind, start, end, value, mask, []))
            if depth == 0:
                rules.append((block[0], block[1], block[2], index))
            else:
                matchlets[path[depth - 1]][5].append(index)
            del path[depth:]
            path.append(index)
    pool = b"".join(value + mask for kind, _, _, value, mask, _ in matchlets if kind in (0, 1))
    regex_count = sum(1 for matchlet in matchlets if matchlet[0] == 2)
    numbers = [len(entries), len(matchlets), len(rules), len(xml_rules), len(pool), regex_count]
    offset = 0
    for entry in entries:
        numbers.append(offset)
        offset += len(entry.mime.encode("utf-8")) + 1
    numbers.append(offset)
    for kind, start, end, value, mask, children in matchlets:
        # A minShouldMatch test with fewer children than it needs can never match.
        if kind == 3 and len(children) < start:
            kind = 4
        numbers += [kind, start, end, len(value), len(mask), len(children)]
        numbers += children
        if kind == 2:
            numbers += list(value)
            first = regex_first_bytes(value.decode("utf-8"))
            if first is None or start != end:
                numbers.append(0)
            else:
                bits = sum(1 << byte for byte in first)
                numbers.append(1)
                numbers += [(bits >> (16 * part)) & 0xFFFF for part in range(16)]
    for rule in rules:
        numbers += list(rule)
    for type_index, source, namespace, local in xml_rules:
        names = [b"" if text == "-" else text.encode("utf-8") for text in (namespace, local)]
        numbers += [type_index, source]
        numbers += [
            0 if text == "-" else len(name) + 1 for text, name in zip((namespace, local), names)
        ]
        numbers += list(names[0]) + list(names[1])
    text = "".join(encode_number(number) for number in numbers)
    pool_hex = pool.hex()
    width = 88
    return (
        "\n".join("        " + text[i : i + width] for i in range(0, len(text), width)),
        "\n".join("        " + pool_hex[i : i + width] for i in range(0, len(pool_hex), width)),
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
