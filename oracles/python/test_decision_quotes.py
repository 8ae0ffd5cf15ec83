"""The decisions registry's quotes are the reference documents' words (specs/decisions/README.md §Quotes).

An independent reading of specs/decisions/*.md (not CloserSpec's Swift parser): every `“…”` span in
a row's `source` cell must occur in the area's reference document, whitespace normalized and
nothing else; ` … ` inside a quote separates fragments that must occur in that order. Every
`stated` pin quotes at least one sentence. Every rules invariant of rules.md is exactly one pin.
The documents are read from ../shared/reference next to the repository; the tests skip, saying
so, when that directory is absent.
"""

from __future__ import annotations

import pathlib
import re

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
REGISTRY = ROOT / "specs" / "decisions"
REFERENCE = ROOT.parent / "shared" / "reference"
CLOSER = "closer-engineering-manual.md"
DOCUMENT_OF_AREA = {
    "FITLINK": "fitlink-friends-chat.md",
    "REWARDE": "reward-e-architecture.md",
    "PAYBACK": "payback-agent-manual.md",
    "UNST": "unstoppable-ios-backend.md",
}
QUOTE = re.compile("\u201c(.*?)\u201d", re.S)
ELLIPSIS = " \u2026 "


def cells(line: str) -> list[str]:
    """A Markdown row's cells; `\\|` is a literal bar."""
    inner = line.strip()[1:-1]
    return [c.strip().replace("\\|", "|") for c in re.split(r"(?<!\\)\|", inner)]


def registry_rows() -> list[dict[str, str]]:
    rows = []
    for page in sorted(REGISTRY.glob("*.md")):
        if page.name in ("README.md", "uncovered.md"):  # uncovered.md lists pins, it registers none
            continue
        for line in page.read_text(encoding="utf-8").splitlines():
            if not line.startswith("| D-"):
                continue
            c = cells(line)
            rows.append({"file": page.name, "id": c[0], "pin": c[1], "basis": c[2], "source": c[3]})
    return rows


def normalize(text: str) -> str:
    return " ".join(text.split())


def quote_found(quote: str, document: str) -> bool:
    """Each ` … ` fragment of the quote occurs in the document, in order (whitespace normalized)."""
    position = 0
    for fragment in normalize(quote).split(ELLIPSIS.strip()):
        fragment = fragment.strip()
        if not fragment:
            continue
        at = document.find(fragment, position)
        if at < 0:
            return False
        position = at + len(fragment)
    return True


def document_for(row: dict[str, str]) -> str:
    area = row["id"].split("-")[1]
    return DOCUMENT_OF_AREA.get(area, CLOSER)


def missing_quotes(rows: list[dict[str, str]], documents: dict[str, str]) -> list[str]:
    missing = []
    for row in rows:
        for quote in QUOTE.findall(row["source"]):
            if not quote_found(quote, documents[document_for(row)]):
                missing.append(f"{row['id']}: not in {document_for(row)}: \u201c{quote}\u201d")
    return missing


@pytest.fixture(scope="module")
def documents() -> dict[str, str]:
    if not REFERENCE.is_dir():
        pytest.skip(f"{REFERENCE} is absent: the reference documents are needed to check the quotes")
    names = {CLOSER, *DOCUMENT_OF_AREA.values()}
    return {name: normalize((REFERENCE / name).read_text(encoding="utf-8")) for name in names}


def test_every_quote_is_in_its_reference_document(documents):
    missing = missing_quotes(registry_rows(), documents)
    assert not missing, "\n".join(missing)


def test_a_changed_quote_is_reported(documents):
    """The check can fail: one word changed, or a fragment out of order, is not found."""
    row = {"id": "D-WIRE-99", "source": "\u201cThe recovery phrase is the only human-readable public value.\u201d"}
    assert missing_quotes([row], documents)
    swapped = {"id": "D-WIRE-99", "source": "\u201croughly 80 bits of raw entropy \u2026 generateRecoveryPhrase()\u201d"}
    assert quote_found("generateRecoveryPhrase() \u2026 roughly 80 bits of raw entropy", documents[CLOSER])
    assert missing_quotes([swapped], documents)


def test_every_stated_pin_quotes_a_sentence():
    unquoted = [
        r["id"]
        for r in registry_rows()
        if r["basis"] == "stated" and not r["pin"].startswith("withdrawn") and not QUOTE.search(r["source"])
    ]
    assert not unquoted, f"stated pins without a quoted sentence: {unquoted}"


def test_one_row_per_pin():
    rows = [r for r in registry_rows() if not r["pin"].startswith("withdrawn")]
    ids = [r["id"] for r in rows]
    assert len(ids) == len(set(ids)), "an id is registered twice"
    pins = [r["pin"] for r in rows]
    twice = sorted({p for p in pins if pins.count(p) > 1})
    assert not twice, f"a pin is registered twice: {twice}"


def rules_invariants() -> list[tuple[str, str]]:
    text = (ROOT / "specs" / "rules.md").read_text(encoding="utf-8")
    start = text.index("<!-- BEGIN GENERATED")
    end = text.index("<!-- END GENERATED", start)
    found = []
    for line in text[start:end].splitlines():
        if re.match(r"\| \d+ \|", line):
            c = cells(line)
            found.append((c[0], c[1]))
    return found


def test_every_rules_invariant_is_one_pin():
    invariants = rules_invariants()
    assert len(invariants) == 110
    pins = [r["pin"] for r in registry_rows() if r["id"].startswith("D-RULES-") and not r["pin"].startswith("withdrawn")]
    for number, name in invariants:
        naming = [p for p in pins if p.startswith(f"invariant #{number} {name}") or p.startswith(f"{name} (invariant #{number})")]
        assert len(naming) == 1, f"invariant {number} {name} is {len(naming)} pins"
