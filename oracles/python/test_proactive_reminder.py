"""Independent check of the proactive_reminder suite (specs/cloud-functions.md
§sendDailyQuestionProactiveReminder) without CloserSpec: every expected answer is recomputed from
the page with Python's `datetime` (the three-hour horizon to the nanosecond), and realistically
broken schedulers each fail named vectors: a half-open [run, run + 3 h) window, the answered check
first, members not deduplicated, the claim written after the queue records.
"""

from __future__ import annotations

import json
import pathlib

import pytest

from rfc3339_instant import nanos

VECTORS = pathlib.Path(__file__).resolve().parents[2] / "vectors"
TYPE = "daily_question_reminder"




def doc_id(v):
    return isinstance(v, str) and v != "" and "/" not in v


def decide(inp, *, half_open=False, answered_first=False, no_dedupe=False, claim_last=False):
    f = inp
    if not isinstance(f["question"], dict) or not isinstance(f["couple"], dict) \
            or not all(isinstance(f[k], bool) for k in ("autoClaimed", "gentleSent")) \
            or not isinstance(f["answers"], list) or not all(isinstance(a, str) for a in f["answers"]) \
            or not doc_id(f["coupleId"]) or not doc_id(f["questionDate"]):
        return "error", "harness.malformed_request"
    run = nanos(f["run"])
    if run is None:
        return "error", "datekey.invalid_instant"
    e = f["question"].get("expiresAt")
    exp = nanos(e["timestampValue"]) if isinstance(e, dict) and list(e) == ["timestampValue"] else None
    horizon = run + 3 * 3600 * 10**9
    due = exp is not None and ((run <= exp < horizon) if half_open else (run < exp <= horizon))
    skip = lambda r: {"send": False, "skip": r, "writes": [], "pushes": []}  # noqa: E731
    if not due:
        return skip("not_due")
    checks = [("already_claimed", f["autoClaimed"]), ("gentle_sent", f["gentleSent"]), ("answered", bool(f["answers"]))]
    if answered_first:
        checks = checks[2:] + checks[:2]
    for reason, holds in checks:
        if holds:
            return skip(reason)
    ids = f["couple"].get("userIds")
    members = []
    if isinstance(ids, list) and all(isinstance(i, str) for i in ids):
        for uid in ids:
            if doc_id(uid) and (no_dedupe or uid not in members):
                members.append(uid)
    if not members:
        return skip("no_members")
    claim = {"kind": "create", "path": f"couples/{f['coupleId']}/daily_reminders/auto_{f['questionDate']}",
             "members": {}, "serverTimestamps": ["claimedAt"]}
    queue = [{"kind": "add", "path": f"users/{u}/notification_queue", "members": {"type": TYPE, "read": False},
              "serverTimestamps": ["createdAt"]} for u in members]
    return {"send": True, "writes": queue + [claim] if claim_last else [claim] + queue,
            "pushes": [{"recipient": u, "data": {"type": TYPE}} for u in members]}


def suite_tests():
    doc = json.loads((VECTORS / "proactive_reminder.json").read_text(encoding="utf-8"))
    return [t for g in doc["testGroups"] for t in g["tests"]]


def failing(**broken):
    out = []
    for t in suite_tests():
        want = t["expected"] if t["result"] == "valid" else ("error", t["expected"]["error"]["detail"])
        if decide(t["input"], **broken) != want:
            out.append(t["tcId"])
    return out


def test_every_expected_answer_recomputed():
    assert suite_tests()
    assert failing() == []


@pytest.mark.parametrize("broken", [{"half_open": True}, {"answered_first": True}, {"no_dedupe": True},
                                    {"claim_last": True}])
def test_a_broken_scheduler_fails_named_vectors(broken):
    assert failing(**broken), broken
