#!/usr/bin/env python3
"""Check that libmagic's MIME vocabulary resolves into the built-in type table.

Simulates `UTType(mimeType:)` over the generated data (the same tables that
Scripts/generate-builtin-types.py reads and validates): the lower-cased MIME type names the
first declared type that lists it as a MIME tag, public types first, then table order; failing
that, the alias table. Each line of libmagic's MIME list (default
Data/reference/libmagic-5.44-mimes.txt) is looked up and the script
reports:

  * how many resolve to a declared type (target: at least 80 %; aim: 90 %),
  * every resolved type that does not conform to public.data (`UTType(mimeType:)` looks up
    types conforming to public.data by default, so such a type would not be found),
  * every image/, audio/, video/, text/ and font/ type that does not resolve into its family
    (image -> public.image, audio -> public.audio, video -> public.movie or audiovisual content
    that is not audio, text -> public.text, font -> public.font) and is not listed in
    Data/libmagic-exceptions.tsv,
  * exceptions that are stale (the type now resolves into its family, or is not in the list).

Exits 1 if a target is missed or a family check fails. Standard library only.
"""

from __future__ import annotations

import argparse
import importlib.util
import sys
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
EXCEPTIONS = Path("Data/libmagic-exceptions.tsv")
TARGET = 0.80
AIM = 0.90

FAMILIES = {
    "image": (["public.image"], []),
    "audio": (["public.audio"], []),
    "video": (["public.movie", "public.audiovisual-content"], ["public.audio"]),
    "text": (["public.text"], []),
    "font": (["public.font"], []),
}


def load_generator():
    path = Path(__file__).resolve().parent / "generate-builtin-types.py"
    spec = importlib.util.spec_from_file_location("generate_builtin_types", path)
    if spec is None or spec.loader is None:
        raise SystemExit(f"cannot load {path}")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


class Registry:
    """The declarations, with tag lookup and transitive conformance."""

    def __init__(self, declarations, aliases):
        self.declarations = declarations
        self.by_id = {d.identifier.lower(): d for d in declarations}
        ordered = [d for d in declarations if d.identifier.lower().startswith("public.")]
        ordered += [d for d in declarations if not d.identifier.lower().startswith("public.")]
        self.by_mime: dict[str, str] = {}
        for d in ordered:
            for mime in d.mime_types:
                self.by_mime.setdefault(mime.lower(), d.identifier)
        self.aliases = {alias.lower(): identifier for alias, identifier in aliases}
        self._ancestors: dict[str, set[str]] = {}

    def resolve(self, mime: str) -> tuple[str | None, str]:
        key = mime.strip().lower()
        if key in self.by_mime:
            return self.by_mime[key], "tag"
        if key in self.aliases:
            return self.aliases[key], "alias"
        return None, ""

    def ancestors(self, identifier: str) -> set[str]:
        """The type itself and every type it conforms to, lower case."""
        key = identifier.lower()
        if key not in self._ancestors:
            result = {key}
            stack = [key]
            while stack:
                current = self.by_id.get(stack.pop())
                if current is None:
                    continue
                for parent in current.parents:
                    if parent.lower() not in result:
                        result.add(parent.lower())
                        stack.append(parent.lower())
            self._ancestors[key] = result
        return self._ancestors[key]

    def in_family(self, identifier: str, top_level: str) -> bool:
        required, excluded = FAMILIES[top_level]
        ancestors = self.ancestors(identifier)
        return any(r in ancestors for r in required) and not any(e in ancestors for e in excluded)


def read_exceptions(path: Path) -> dict[str, str]:
    exceptions: dict[str, str] = {}
    lines = path.read_text(encoding="utf-8").splitlines()
    if not lines or lines[0].split("\t") != ["mime", "reason"]:
        raise SystemExit(f"{path}:1: header must be: mime<TAB>reason")
    for number, line in enumerate(lines[1:], start=2):
        if not line.strip() or line.startswith("#"):
            continue
        fields = line.split("\t")
        if len(fields) != 2 or not fields[1].strip():
            raise SystemExit(f"{path}:{number}: expected mime<TAB>reason")
        exceptions[fields[0].lower()] = fields[1]
    return exceptions


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument(
        "--apple",
        type=Path,
        default=REPO_ROOT / "Data" / "reference" / "apple-utis.tsv",
    )
    parser.add_argument(
        "--mimes",
        type=Path,
        default=REPO_ROOT / "Data" / "reference" / "libmagic-5.44-mimes.txt",
    )
    parser.add_argument("--verbose", action="store_true", help="list every unresolved MIME type")
    arguments = parser.parse_args(argv)

    generator = load_generator()
    try:
        declarations, aliases = generator.load(arguments.apple, REPO_ROOT)
    except generator.ValidationError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    registry = Registry(declarations, aliases)
    exceptions = read_exceptions(REPO_ROOT / EXCEPTIONS)
    mimes = [m.strip() for m in arguments.mimes.read_text(encoding="utf-8").splitlines() if m.strip()]

    resolved = 0
    via_alias = 0
    unresolved: list[str] = []
    not_data: list[str] = []
    family_failures: list[str] = []
    excepted: list[str] = []
    stale: list[str] = []
    seen = {m.lower() for m in mimes}
    for mime in mimes:
        identifier, how = registry.resolve(mime)
        top_level = mime.split("/", 1)[0].lower()
        if identifier is None:
            unresolved.append(mime)
        else:
            resolved += 1
            via_alias += how == "alias"
            if "public.data" not in registry.ancestors(identifier):
                not_data.append(f"{mime} -> {identifier}")
        if top_level not in FAMILIES:
            continue
        ok = identifier is not None and registry.in_family(identifier, top_level)
        if mime.lower() in exceptions:
            if ok:
                stale.append(f"{mime} resolves into its family ({identifier}) but is excepted")
            else:
                excepted.append(f"{mime} -> {identifier or 'nothing'}: {exceptions[mime.lower()]}")
        elif not ok:
            family_failures.append(f"{mime} -> {identifier or 'nothing'}")
    for mime in exceptions:
        if mime not in seen:
            stale.append(f"{mime} is excepted but not in the libmagic list")

    total = len(mimes)
    share = resolved / total if total else 0.0
    print(f"libmagic MIME types: {total}")
    print(f"resolve to a declared type: {resolved} ({share:.1%}; target {TARGET:.0%}, aim {AIM:.0%})")
    print(f"  by a type's own tag: {resolved - via_alias}, by alias: {via_alias}")
    print(f"unresolved: {len(unresolved)}")
    if arguments.verbose:
        for mime in unresolved:
            print(f"  {mime}")
    print(f"resolved types not conforming to public.data: {len(not_data)}")
    for line in not_data:
        print(f"  {line}")
    print(f"{'/'.join(FAMILIES)} types outside their family: {len(family_failures)}")
    for line in family_failures:
        print(f"  {line}")
    print(f"deliberate exceptions (Data/libmagic-exceptions.tsv): {len(excepted)}")
    for line in excepted:
        print(f"  {line}")
    if stale:
        print(f"stale exceptions: {len(stale)}")
        for line in stale:
            print(f"  {line}")

    failed = share < TARGET or family_failures or not_data or stale
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
