"""Independent check of the reveal_trigger suite (specs/cloud-functions.md §isRevealed and
partner_opened_answer) without CloserSpec: every decision is recomputed from the page (a flip is
isRevealed absent/false before and the JSON true after; the recipient is the other member of
userIds; questionId copied when a non-empty string), and broken triggers fail named vectors: one
that diffs instead of requiring the flip to true, one that fires on every update with
isRevealed true, one that notifies the author, one that copies any questionId.
"""

from __future__ import annotations

import json
import unicodedata
import pathlib

import pytest

VECTORS = pathlib.Path(__file__).resolve().parents[2] / "vectors"


def decide(inp, *, diff=False, every_true=False, to_author=False, any_question=False, nfc=False):
    user, couple, before, after = inp["userId"], inp["couple"], inp["before"], inp["after"]
    was = before.get("isRevealed") if isinstance(before, dict) else None
    now = after.get("isRevealed")
    if diff:
        flipped = now != was
    elif every_true:
        flipped = now is True
    else:
        flipped = now is True and was is not True
    ids = couple.get("userIds")
    if nfc and isinstance(ids, list) and all(isinstance(i, str) for i in ids):
        user, ids = unicodedata.normalize("NFC", user), [unicodedata.normalize("NFC", i) for i in ids]
    if not flipped or not isinstance(ids, list) or not all(isinstance(i, str) for i in ids) or user not in ids:
        return {"send": False}
    others = [i for i in ids if i != user and i != ""]
    if not others:
        return {"send": False}
    data = {"type": "partner_opened_answer"}
    q = after.get("questionId")
    if (isinstance(q, str) and q != "") or (any_question and q is not None):
        data["questionId"] = q
    return {"send": True, "recipient": user if to_author else others[0], "data": data}


def suite_tests():
    doc = json.loads((VECTORS / "reveal_trigger.json").read_text())
    return [t for g in doc["testGroups"] for t in g["tests"]]


def test_reveal_trigger_vectors_agree_with_the_page():
    ts = suite_tests()
    assert len(ts) >= 15
    assert [t["tcId"] for t in ts if decide(t["input"]) != t["expected"]] == []


@pytest.mark.parametrize(
    "mutant, flag",
    [({"diff": True}, "NoFlip"), ({"every_true": True}, "NoFlip"), ({"to_author": True}, "Recipient"),
     ({"any_question": True}, "QuestionId"), ({"nfc": True}, "ExactIds")],
)
def test_reveal_trigger_vectors_catch_a_broken_trigger(mutant, flag):
    caught = [t for t in suite_tests() if decide(t["input"], **mutant) != t["expected"]]
    assert any(flag in t["flags"] for t in caught), f"{mutant} is caught by no {flag} vector"
