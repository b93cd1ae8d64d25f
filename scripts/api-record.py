#!/usr/bin/env python3
"""Writes the public API of each library crate, read from its rustdoc HTML, into api/<crate>.txt.

Usage (after `cargo doc --workspace --no-deps`, which CI runs anyway):
  python3 scripts/api-record.py            # rewrite api/*.txt
  python3 scripts/api-record.py --check    # exit 1 and show the difference if api/*.txt is stale

One block per public item, in the order of rustdoc's list of all items: the item's declaration
(struct fields and enum variants included), its inherent methods, and the headers of the traits
it implements (with their associated types; the methods of a trait impl follow from the trait).
Auto-trait and blanket implementations and methods reached through `Deref` are left out: they
follow from the rest. The listing is for review: a change's API delta shows as a diff of these
files, and the CHANGELOG says what it means. It depends on the rustdoc version (the toolchain
is pinned to 1.95) and reads the default features only.
"""
import difflib
import html
import pathlib
import re
import sys

CRATES = ["polyomino", "plugdp", "grid-games", "level-planner", "family-cluster"]
ROOT = pathlib.Path(__file__).resolve().parent.parent
DOC = ROOT / "target" / "doc"
OUT = ROOT / "api"


def text(fragment):
    """The visible text of an HTML fragment on one line, with single spaces."""
    fragment = re.sub(r"<[^>]+>", "", fragment)
    fragment = html.unescape(fragment)
    fragment = re.sub(r"\s+", " ", fragment).strip()
    # rustdoc breaks long signatures with trailing commas; drop them so layout does not matter.
    fragment = re.sub(r",\s*([)>}\]])", r"\1", fragment)
    fragment = re.sub(r"([(<\[{])\s+", r"\1", fragment)
    fragment = re.sub(r"\s+([)>\]])", r"\1", fragment)
    return fragment


def section(page, list_id):
    """The HTML of the implementations list with this id, or ''."""
    start = page.find(f'<div id="{list_id}"')
    if start < 0:
        return ""
    # Lists end where the next top-level heading starts.
    end = page.find("<h2", start)
    return page[start:] if end < 0 else page[start:end]


def item_lines(page):
    lines = []
    decl = re.search(r'<pre class="rust item-decl">(.*?)</pre>', page, re.S)
    if decl:
        # Declarations keep rustdoc's lines (one field or variant per line); doc comments of
        # fields and variants are not part of the block.
        body = re.sub(r"<br\s*/?>|</div>", "\n", decl.group(1))
        # Long declarations fold their fields behind a "Show N fields" toggle.
        body = re.sub(r"<summary[^>]*>.*?</summary>", "", body, flags=re.S)
        for line in html.unescape(re.sub(r"<[^>]+>", "", body)).split("\n"):
            if line.strip():
                indent = len(line) - len(line.lstrip())
                lines.append(" " * indent + re.sub(r"\s+", " ", line.strip()))
    inherent = section(page, "implementations-list")
    for level, header in re.findall(r'<h([34]) class="code-header">(.*?)</h[34]>', inherent, re.S):
        lines.append(("  " if level == "4" else "") + text(header))
    traits = section(page, "trait-implementations-list")
    for block in re.split(r'(?=<section id="impl-)', traits):
        head = re.search(r'<h3 class="code-header">(.*?)</h3>', block, re.S)
        if not head:
            continue
        lines.append(text(head.group(1)))
        for assoc in re.findall(
            r'<section id="associatedtype\.[^"]*"[^>]*>.*?<h4 class="code-header">(.*?)</h4>',
            block,
            re.S,
        ):
            lines.append("  " + text(assoc))
    return lines


def record(crate):
    name = crate.replace("-", "_")
    base = DOC / name
    index = (base / "all.html").read_text(encoding="utf-8")
    out = [f"# The public API of `{crate}` (scripts/api-record.py; do not edit by hand)", ""]
    for kind_id, items in re.findall(
        r'<h3 id="([a-z-]+)">[^<]*</h3><ul class="all-items">(.*?)</ul>', index, re.S
    ):
        for href, label in re.findall(r'<a href="([^"]+)">([^<]+)</a>', items):
            page = (base / href).read_text(encoding="utf-8")
            kind = href.rsplit("/", 1)[-1].split(".", 1)[0]
            out.append(f"{kind} {name}::{html.unescape(label)}")
            out.extend("  " + line for line in item_lines(page))
            out.append("")
    return "\n".join(out)


def main():
    check = "--check" in sys.argv[1:]
    stale = False
    for crate in CRATES:
        if not (DOC / crate.replace("-", "_") / "all.html").exists():
            sys.exit(f"no rustdoc for {crate}: run `cargo doc --workspace --no-deps` first")
        new = record(crate)
        path = OUT / f"{crate}.txt"
        old = path.read_text(encoding="utf-8") if path.exists() else ""
        if check:
            if old != new:
                stale = True
                sys.stdout.writelines(
                    difflib.unified_diff(
                        old.splitlines(True),
                        new.splitlines(True),
                        f"api/{crate}.txt (checked in)",
                        f"api/{crate}.txt (from the code)",
                    )
                )
        else:
            OUT.mkdir(exist_ok=True)
            path.write_text(new, encoding="utf-8")
    if stale:
        sys.exit("api/ is stale: run `python3 scripts/api-record.py` and commit the difference")


if __name__ == "__main__":
    main()
