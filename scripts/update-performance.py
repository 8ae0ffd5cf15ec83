#!/usr/bin/env python3
"""Writes a `closer-spec bench` run (its Markdown table and notes) into docs/performance.md,
between the `<!-- bench:begin … -->` and `<!-- bench:end -->` markers; `make bench` runs it.
The text around the markers (what bounds each row) is written by hand.

Usage: scripts/update-performance.py BENCH_OUTPUT.txt [docs/performance.md]
"""
import re
import sys


def main(bench_path, page_path="docs/performance.md"):
    bench = open(bench_path, encoding="utf-8").read().strip()
    if not bench.startswith("| row |"):
        print(f"{bench_path}: not a bench table", file=sys.stderr)
        return 1
    page = open(page_path, encoding="utf-8").read()
    pattern = re.compile(r"(<!-- bench:begin[^\n]*-->\n).*?(<!-- bench:end -->)", re.S)
    if not pattern.search(page):
        print(f"{page_path}: no bench markers", file=sys.stderr)
        return 1
    page = pattern.sub(lambda m: m.group(1) + bench + "\n" + m.group(2), page, count=1)
    open(page_path, "w", encoding="utf-8").write(page)
    print(f"{page_path}: bench table updated")
    return 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:3]))
