#!/usr/bin/env python3
"""Makes the binary property-list fixtures from widgets.plist (run from any folder).

widgets-binary.plist: widgets.plist re-encoded as a binary plist (bplist00).
truncated.bplist: the same binary plist cut short, so its trailer is missing.
"""
import pathlib
import plistlib

here = pathlib.Path(__file__).resolve().parent
with open(here / "widgets.plist", "rb") as source:
    document = plistlib.load(source)
binary = plistlib.dumps(document, fmt=plistlib.FMT_BINARY, sort_keys=True)
(here / "widgets-binary.plist").write_bytes(binary)
(here / "truncated.bplist").write_bytes(binary[: len(binary) * 2 // 3])
print(f"widgets-binary.plist: {len(binary)} bytes; truncated.bplist: {len(binary) * 2 // 3} bytes")
