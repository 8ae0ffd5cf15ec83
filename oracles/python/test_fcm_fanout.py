"""Independent check of the fcm_fanout suite (specs/cloud-functions.md §FCM fan-out) without
CloserSpec: every plan is recomputed from the page (the payload keys of push-routing.md's table,
the legacy fcmToken then the fcmTokens documents, each distinct non-empty string once), and broken
senders fail named vectors: one that ignores the legacy token, one that does not deduplicate, one
that sorts the tokens, one that sends data-only, one that keeps an empty token. The manual's
reading of `subscription_entitlement_changed` (D-CONTRACTS-15, specs/manual-conflicts.md: the
push exists, so the sender sends it) passes exactly the manual-reading tests.
"""

from __future__ import annotations

import json
import pathlib

import pytest
from readings import selected_tests

VECTORS = pathlib.Path(__file__).resolve().parents[2] / "vectors"
PUSH_ROUTING = pathlib.Path(__file__).resolve().parents[2] / "specs" / "push-routing.md"


def payload_keys():
    """The payload keys in push-routing.md's table (first column, each `key` in backticks)."""
    keys, in_table = set(), False
    for line in PUSH_ROUTING.read_text().splitlines():
        if line.startswith("| payload key"):
            in_table = True
            continue
        if in_table and not line.startswith("|"):
            break
        if in_table and not line.startswith("|---"):
            keys.update(k.strip().strip("`") for k in line.split("|")[1].split(","))
    return keys


KEYS = payload_keys()


def tokens(user, docs, *, legacy=True, dedupe=True, ordered=True, skip_empty=True):
    cands = ([user.get("fcmToken")] if legacy and isinstance(user, dict) else [])
    cands += [d.get("token") for d in docs if isinstance(d, dict)]
    out = []
    for c in cands:
        if not isinstance(c, str) or (skip_empty and c == "") or (dedupe and c in out):
            continue
        out.append(c)
    return out if ordered else sorted(out)


def plan(inp, *, notification=True, entitlement_push=False, **mutant):
    t, data = inp["type"], inp["data"]
    keys = KEYS | {"subscription_entitlement_changed"} if entitlement_push else KEYS
    if not isinstance(data, dict) or any(not isinstance(v, str) for v in data.values()):
        return {"error": "push.invalid_payload"}
    if t == "":
        return {"error": "push.missing_type"}
    if t not in keys:
        return {"error": "push.unknown_type"}
    if "type" in data:
        return {"error": "push.invalid_payload"}
    out = {"tokens": tokens(inp["user"], inp["tokenDocs"], **mutant), "data": {**data, "type": t}}
    if notification:
        out["notification"] = {"title": inp["title"], "body": inp["body"]}
    return out


def suite_tests(manual=frozenset()):
    doc = json.loads((VECTORS / "fcm_fanout.json").read_text())
    return selected_tests(doc, manual)


def test_fcm_fanout_manual_reading():
    """D-CONTRACTS-15 both ways: each sender passes its reading's tests and fails exactly the
    other reading's."""
    pinned, manual = suite_tests(), suite_tests({"D-CONTRACTS-15"})
    of = lambda ts: sorted(t["tcId"] for t in ts if "reading" in t)  # noqa: E731
    assert len(of(pinned)) == 1 and len(of(manual)) == 1
    assert [t["tcId"] for t in manual if plan(t["input"], entitlement_push=True) != expected_of(t)] == []
    assert [t["tcId"] for t in pinned if plan(t["input"], entitlement_push=True) != expected_of(t)] == of(pinned)
    assert [t["tcId"] for t in manual if plan(t["input"]) != expected_of(t)] == of(manual)


def expected_of(t):
    return t["expected"] if t["result"] == "valid" else {"error": t["expected"]["error"]["detail"]}


def test_push_routing_table_read():
    assert len(KEYS) == 20 and "partner_deleted_account" in KEYS


def test_fcm_fanout_vectors_agree_with_the_page():
    ts = suite_tests()
    assert len(ts) >= 20
    assert [t["tcId"] for t in ts if plan(t["input"]) != expected_of(t)] == []


@pytest.mark.parametrize(
    "mutant, flag",
    [({"legacy": False}, "Fanout"), ({"dedupe": False}, "Dedupe"), ({"ordered": False}, "Order"),
     ({"notification": False}, "Message"), ({"skip_empty": False}, "SkipBadToken")],
)
def test_fcm_fanout_vectors_catch_a_broken_sender(mutant, flag):
    caught = [t for t in suite_tests() if plan(t["input"], **mutant) != expected_of(t)]
    assert any(flag in t["flags"] for t in caught), f"{mutant} is caught by no {flag} vector"
