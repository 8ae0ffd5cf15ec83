"""Independent check of the reveal_path suite (specs/cloud-functions.md §Reveal path) without
CloserSpec: every answer is recomputed from the page, and broken readers fail named vectors: one
that follows the partner's schemaVersion (Android's hardcoded 3), one that reads the keybox written
for the partner instead of the reader, one that falls back to the couple-key path on an unknown
version, one that reveals before the partner has answered.
"""

from __future__ import annotations

import json
import pathlib

import pytest

VECTORS = pathlib.Path(__file__).resolve().parents[2] / "vectors"


def version(answer):
    v = answer.get("schemaVersion") if isinstance(answer, dict) else None
    return v if type(v) in (int, float) and v in (2, 3) else None


def plan(inp, *, follow_partner=False, keybox_for_partner=False, unknown_is_v2=False, no_waiting=False):
    own, partner = inp["ownAnswer"], inp["partnerAnswer"]
    if own is None:
        return {"phase": "unanswered"}
    v = version(partner if follow_partner and partner is not None else own)
    if v is None:
        if not unknown_is_v2:
            return {"error": "reveal.unknown_schema_version"}
        v = 2
    path = "coupleKey" if v == 2 else "sealed"
    if partner is None and not no_waiting:
        return {"phase": "waiting", "path": path}
    answer = f"couples/{inp['coupleId']}/daily_question/{inp['date']}/answers/{inp['partnerId']}"
    reader = inp["partnerId"] if keybox_for_partner else inp["userId"]
    reads = [answer + "/secure/payload"] if v == 2 else [answer, f"{answer}/releaseKeys/{reader}"]
    return {"phase": "ready", "path": path, "reads": reads}


def suite_tests():
    doc = json.loads((VECTORS / "reveal_path.json").read_text())
    return [t for g in doc["testGroups"] for t in g["tests"]]


def expected_of(t):
    return t["expected"] if t["result"] == "valid" else {"error": t["expected"]["error"]["detail"]}


def test_reveal_path_vectors_agree_with_the_page():
    ts = suite_tests()
    assert len(ts) >= 15 and any(t["result"] == "invalid" for t in ts)
    assert [t["tcId"] for t in ts if plan(t["input"]) != expected_of(t)] == []


@pytest.mark.parametrize(
    "mutant, flag",
    [({"follow_partner": True}, "OwnDecides"), ({"keybox_for_partner": True}, "Branch"),
     ({"unknown_is_v2": True}, "UnknownVersion"), ({"no_waiting": True}, "Phase")],
)
def test_reveal_path_vectors_catch_a_broken_reader(mutant, flag):
    caught = [t for t in suite_tests() if plan(t["input"], **mutant) != expected_of(t)]
    assert any(flag in t["flags"] for t in caught), f"{mutant} is caught by no {flag} vector"
