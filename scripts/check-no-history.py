#!/usr/bin/env python3
"""Reference pages state what is, not when it changed: no page of specs/, docs/ (but
docs/history/), the README or a port's README cites a development round, a stop or an issue
number as its reason. The history is docs/history/development-log.md; releases are CHANGELOG.md.
Exit status 1 with each offending line. Run by `make ci`'s links stage.
"""
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parents[1]
HISTORY = re.compile(r"\b(?:[Rr]ound \d+|[Ss]top \d+|[Ii]ssue \d+|issue-\d+|this round|next round|round-by-round)\b")


def pages():
    yield ROOT / "README.md"
    for folder in ("specs", "docs", "ports"):
        for p in sorted((ROOT / folder).rglob("*.md")):
            if "history" not in p.relative_to(ROOT).parts and "node_modules" not in p.parts:
                yield p


def main():
    found = []
    for page in pages():
        for n, line in enumerate(page.read_text(encoding="utf-8").splitlines(), 1):
            for m in HISTORY.finditer(line):
                found.append(f"{page.relative_to(ROOT)}:{n}: cites '{m.group(0)}'")
    for f in found:
        print(f)
    print(f"{sum(1 for _ in pages())} pages checked for history citations, {len(found)} found")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
