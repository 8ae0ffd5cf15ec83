"""Independent check of the accept_invite suite (specs/cloud-functions.md §acceptInviteCallable
server behaviour) without CloserSpec: every expected answer is recomputed from the page with
Python's `datetime` (the hour window, the 25-hour TTL, UTC text), and realistically broken
handlers each fail named vectors: a window that includes its start instant, a refused call that
still records an attempt, own-invite checked before expiry, an invite without `expiresAt` taken as
unexpiring, the recovery phrase left on the invite, the TTL counted from the invite's expiry.
The manual's reading of the material check (D-CF-64: three members `== null`,
specs/manual-conflicts.md) is recomputed too: it passes exactly the manual-reading tests and
fails exactly the pinned tests they replace, and the pinned handler fails exactly the manual ones.
"""

from __future__ import annotations

import json
import pathlib
import re
from datetime import datetime, timedelta, timezone

import pytest
from rfc3339_instant import RFC3339, instant
from readings import matches, selected_tests

VECTORS = pathlib.Path(__file__).resolve().parents[2] / "vectors"
MATERIAL = ["wrappedCoupleKey", "kdfSalt", "kdfParams", "recoveryPhrase"]


def ts(v):
    if isinstance(v, dict) and list(v) == ["timestampValue"]:
        return instant(v["timestampValue"])
    return None


def utc_text(at):
    whole, ns = at
    text = whole.strftime("%Y-%m-%dT%H:%M:%S")
    return text + ("." + f"{ns:09d}".rstrip("0") if ns else "") + "Z"


def reason_for(
    inp, now, *, window_includes_start=False, own_before_expiry=False, missing_expiry_ok=False, manual_check=False
):
    if inp["caller"] is None:
        return "unauthenticated"
    start = (now[0] - timedelta(hours=1), now[1])
    recent = 0
    for a in inp["attempts"]:
        at = ts(a.get("attemptedAt")) if isinstance(a, dict) else None
        if at is None:
            continue
        after_start = at >= start if window_includes_start else at > start
        if after_start and at <= now:
            recent += 1
    if recent >= 10:
        return "rate_limited"
    inv = inp["invite"]
    if not isinstance(inv, dict) or not isinstance(inv.get("inviterUserId"), str) or not inv["inviterUserId"]:
        return "not_found"
    if "status" in inv and inv["status"] != "pending":
        return "not_pending"
    if own_before_expiry and inv["inviterUserId"] == inp["caller"]:
        return "own_invite"
    exp = ts(inv.get("expiresAt"))
    unexpiring = missing_expiry_ok and "expiresAt" not in inv  # the mutant: no expiresAt, no expiry
    if (exp is None and not unexpiring) or (exp is not None and exp < now):
        return "expired"
    if inv["inviterUserId"] == inp["caller"]:
        return "own_invite"
    for user in (inp["callerUser"], inp["inviterUser"]):
        if isinstance(user, dict) and isinstance(user.get("coupleId"), str) and user["coupleId"]:
            return "already_paired"
    if manual_check:
        # The manual: `if (wrappedCoupleKey == null || kdfSalt == null || kdfParams == null) throw`.
        if any(inv.get(m) is None for m in MATERIAL[:3]):
            return "missing_encryption_material"
    elif not all(isinstance(inv.get(m), str) and inv[m] for m in MATERIAL):
        return "missing_encryption_material"
    return None


def expected(inp, *, record_refused=False, keep_phrase=False, ttl_from_invite=False, **mutant):
    now = instant(inp["now"])
    reason = reason_for(inp, now, **mutant)
    out = {}
    if reason not in ("unauthenticated", "rate_limited") or record_refused:
        base = ts(inp["invite"]["expiresAt"]) if ttl_from_invite and isinstance(inp["invite"], dict) and ts(inp["invite"].get("expiresAt")) else now
        expires = (base[0] + timedelta(hours=25), base[1])
        out["attempt"] = {"code": inp["code"], "attemptedAt": {"timestampValue": utc_text(now)},
                          "expiresAt": {"timestampValue": utc_text(expires)}}
    if reason is not None:
        https = {"unauthenticated": "unauthenticated", "rate_limited": "resource-exhausted", "not_found": "not-found"}
        return {"outcome": https.get(reason, "failed-precondition"), "reason": reason, **out}
    inv, caller = inp["invite"], inp["caller"]
    return {
        "outcome": "accepted", **out,
        "response": {**{m: inv[m] for m in MATERIAL if m in inv}, "coupleId": inp["coupleId"]},
        "couple": {"id": inp["coupleId"], "userIds": [inv["inviterUserId"], caller], "inviteCode": inp["code"],
                   "encryptionVersion": 2, **{m: inv[m] for m in MATERIAL[:3] if m in inv}},
        "linkUsers": [inv["inviterUserId"], caller],
        "inviteUpdate": {"status": "accepted", "deleteMembers": [] if keep_phrase else ["recoveryPhrase"]},
    }


def valid_tests(manual=frozenset()):
    doc = json.loads((VECTORS / "accept_invite.json").read_text())
    return [t for t in selected_tests(doc, manual) if t["result"] == "valid"]


def failing(tests, **handler):
    return sorted(t["tcId"] for t in tests if not matches(t["expected"], expected(t["input"], **handler)))


def test_accept_invite_manual_reading():
    """D-CF-64 both ways: each handler passes its own reading's tests and fails exactly the
    tests where the readings differ (the manual tests, and the pinned tests they replace)."""
    pinned, manual = valid_tests(), valid_tests({"D-CF-64"})
    manual_ids = sorted(t["tcId"] for t in manual if "reading" in t)
    replaced = sorted(r for t in manual if "reading" in t for r in t["reading"]["replaces"])
    assert len(manual_ids) == 2 and replaced == [27, 28]
    assert failing(manual, manual_check=True) == []
    assert failing(pinned, manual_check=True) == replaced
    assert failing(manual) == manual_ids


def test_accept_invite_vectors_agree_with_the_page():
    tests = valid_tests()
    assert len(tests) >= 30
    assert sum(t["expected"]["outcome"] == "accepted" for t in tests) >= 10
    wrong = [(t["tcId"], t["comment"]) for t in tests if expected(t["input"]) != t["expected"]]
    assert wrong == []


@pytest.mark.parametrize(
    "mutant, flag",
    [
        ({"window_includes_start": True}, "RateLimit"),
        ({"record_refused": True}, "AttemptRecord"),
        ({"own_before_expiry": True}, "CheckOrder"),
        ({"missing_expiry_ok": True}, "Refusal"),
        ({"keep_phrase": True}, "Accepts"),
        ({"ttl_from_invite": True}, "AttemptRecord"),
    ],
)
def test_accept_invite_vectors_catch_a_broken_handler(mutant, flag):
    caught = [t for t in valid_tests() if expected(t["input"], **mutant) != t["expected"]]
    assert any(flag in t["flags"] for t in caught), f"{mutant} is caught by no {flag} vector"
