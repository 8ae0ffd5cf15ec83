"""Independent check of the question_ids suite (specs/cloud-functions.md §Question ids) without
CloserSpec: every report is recomputed from the page with Python sets and code-point sorting, and
broken checks fail named vectors: one that ignores ids only Firestore has, one that does not
require q_default_daily on both sides, one that accepts duplicate or slash-bearing ids.
"""

from __future__ import annotations

import json
import pathlib

import pytest

VECTORS = pathlib.Path(__file__).resolve().parents[2] / "vectors"
FALLBACK = "q_default_daily"


def document_id(i, *, strict=True):
    if not strict:
        return isinstance(i, str)
    return (isinstance(i, str) and i != "" and len(i.encode()) <= 1500 and "/" not in i and i not in (".", "..")
            and not (i.startswith("__") and i.endswith("__")))


def seed_ids(m, *, strict=True, allow_duplicates=False):
    if not isinstance(m, dict) or m.get("format") != "closer-questions/1" or not isinstance(m.get("questions"), list):
        return "questions.malformed_manifest"
    seen = []
    for e in m["questions"]:
        if not isinstance(e, dict) or not isinstance(e.get("id"), str) or not isinstance(e.get("file"), str):
            return "questions.malformed_manifest"
        if not document_id(e["id"], strict=strict):
            return "questions.invalid_id"
        if e["id"] in seen and not allow_duplicates:
            return "questions.duplicate_id"
        seen.append(e["id"])
    return seen


def report(inp, *, firestore_side=True, fallback_both=True, **mutant):
    seed = seed_ids(inp["manifest"], **mutant)
    if isinstance(seed, str):
        return {"error": seed}
    s, f = set(seed), set(inp["firestoreIds"])
    from_seed = sorted(f - s) if firestore_side else []
    unresolved = sorted(set(inp["assignedIds"]) - s)
    fallback = FALLBACK in s and (FALLBACK in f or not fallback_both)
    return {"consistent": not from_seed and not unresolved and fallback, "missingFromFirestore": sorted(s - f),
            "missingFromSeed": from_seed, "unresolvedAssigned": unresolved, "fallbackPresent": fallback}


def suite_tests():
    doc = json.loads((VECTORS / "question_ids.json").read_text())
    return [t for g in doc["testGroups"] for t in g["tests"]]


def expected_of(t):
    return t["expected"] if t["result"] == "valid" else {"error": t["expected"]["error"]["detail"]}


def test_question_ids_vectors_agree_with_the_page():
    ts = suite_tests()
    assert len(ts) >= 15
    assert [t["tcId"] for t in ts if report(t["input"]) != expected_of(t)] == []


@pytest.mark.parametrize(
    "mutant, flag",
    [({"firestore_side": False}, "Resolve"), ({"fallback_both": False}, "Fallback"),
     ({"allow_duplicates": True}, "Manifest"), ({"strict": False}, "Manifest")],
)
def test_question_ids_vectors_catch_a_broken_check(mutant, flag):
    caught = [t for t in suite_tests() if report(t["input"], **mutant) != expected_of(t)]
    assert any(flag in t["flags"] for t in caught), f"{mutant} is caught by no {flag} vector"
