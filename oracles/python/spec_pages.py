"""Reads the machine-checkable parts of specs/*.md: the ```known-answer <kind>``` blocks.

A block is `name = value` lines; the value runs to the end of the line.
"""
from __future__ import annotations

import pathlib
import re

SPECS = pathlib.Path(__file__).resolve().parents[2] / "specs"
BLOCK = re.compile(r"```known-answer (\w+)\n(.*?)```", re.S)


def known_answers() -> list[tuple[str, str, dict[str, str]]]:
    """(page name, kind, fields) for every known-answer block, in page order."""
    found = []
    for page in sorted(SPECS.glob("*.md")):
        for kind, body in BLOCK.findall(page.read_text(encoding="utf-8")):
            fields = {}
            for line in body.strip().splitlines():
                name, _, value = line.partition(" = ")
                fields[name.strip()] = value
            found.append((page.name, kind, fields))
    return found


def known_answer(kind: str) -> dict[str, str]:
    """The one block of `kind` (a test bug if there is not exactly one)."""
    blocks = [fields for _, k, fields in known_answers() if k == kind]
    assert len(blocks) == 1, f"expected one known-answer {kind} block, found {len(blocks)}"
    return blocks[0]
