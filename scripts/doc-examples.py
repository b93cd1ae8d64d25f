#!/usr/bin/env python3
"""Counts public functions and types that carry a runnable example in their rustdoc.

Usage: python3 scripts/doc-examples.py [CRATE_DIR ...]   (default: the four library crates)

An item counts when a line `pub fn|struct|enum|trait|type|union` (not `pub(crate)`, not inside a
`#[cfg(test)]` module) is preceded by a `///` block containing a code fence. Items of private
modules are counted too (the script does not resolve re-exports), so the share is conservative.
With --list it also prints the items without an example.
"""
import pathlib
import re
import sys

ITEM = re.compile(r"^\s*pub\s+(?:const\s+)?(?:unsafe\s+)?(fn|struct|enum|trait|type|union)\s+(\w+)")


def scan(path):
    lines = path.read_text(encoding="utf-8").splitlines()
    found = []
    test_depth = None
    depth = 0
    for i, line in enumerate(lines):
        stripped = line.strip()
        if test_depth is None and stripped.startswith("#[cfg(test)]"):
            test_depth = depth
        m = ITEM.match(line)
        if m and test_depth is None:
            j = i - 1
            has_example = False
            while j >= 0:
                s = lines[j].strip()
                if s.startswith("///"):
                    if s[3:].strip().startswith("```"):
                        has_example = True
                elif s.startswith("#[") or s.startswith("#!["):
                    pass
                else:
                    break
                j -= 1
            found.append((m.group(1), m.group(2), i + 1, has_example))
        depth += line.count("{") - line.count("}")
        if test_depth is not None and depth <= test_depth and "}" in line:
            test_depth = None
    return found


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    listing = "--list" in sys.argv
    crates = args or ["polyomino", "plugdp", "grid-games", "level-planner"]
    root = pathlib.Path(__file__).resolve().parent.parent
    total_all = with_all = 0
    for crate in crates:
        items = []
        for path in sorted((root / crate / "src").rglob("*.rs")):
            for kind, name, line, ok in scan(path):
                items.append((path.relative_to(root), kind, name, line, ok))
        with_ex = sum(1 for it in items if it[4])
        total_all += len(items)
        with_all += with_ex
        share = 100.0 * with_ex / max(1, len(items))
        print(f"{crate}: {with_ex} of {len(items)} public functions and types have an example ({share:.0f} %)")
        if listing:
            for path, kind, name, line, ok in items:
                if not ok:
                    print(f"  missing: {path}:{line} {kind} {name}")
    print(f"all: {with_all} of {total_all} ({100.0 * with_all / max(1, total_all):.0f} %)")


if __name__ == "__main__":
    main()
