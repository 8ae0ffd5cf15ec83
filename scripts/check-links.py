#!/usr/bin/env python3
"""Checks that every relative link of the Markdown pages (README.md, CHANGELOG.md, specs/, docs/,
ports/*/README.md) names a file or folder that exists. A page moved without its links updated
fails here (make ci's `links` stage).

Usage: scripts/check-links.py [ROOT]   (exit 1 when a link is broken)
"""
import re
import sys
from pathlib import Path

LINK = re.compile(r"\]\(([^)\s]+)\)")


def pages(root: Path):
    yield from (root / p for p in ("README.md", "CHANGELOG.md") if (root / p).is_file())
    for folder in ("specs", "docs", "ports"):
        yield from sorted((root / folder).rglob("*.md"))


def main(root: Path) -> int:
    broken, checked = [], 0
    for page in pages(root):
        if "node_modules" in page.parts:
            continue
        for n, line in enumerate(page.read_text(encoding="utf-8").splitlines(), 1):
            for target in LINK.findall(re.sub(r"`[^`]*`", "", line)):
                if re.match(r"^[a-z]+:", target) or target.startswith("#"):
                    continue
                checked += 1
                path = (page.parent / target.split("#", 1)[0]).resolve()
                if not path.exists():
                    broken.append(f"{page.relative_to(root)}:{n}: {target}")
    for b in broken:
        print("broken link:", b)
    print(f"{checked} relative links checked, {len(broken)} broken")
    return 1 if broken else 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1] if len(sys.argv) > 1 else ".").resolve()))
