"""Independent check of the create_invite and partner_joined suites (specs/cloud-functions.md
§createInviteCallable server behaviour, §partner_joined) without CloserSpec: every expected
answer is recomputed from the pages with Python's `datetime` (the 24-hour TTL, UTC text) and a
re-reading of callables.md's payload checks, and realistically broken servers each fail named
vectors: a `set()` that overwrites a taken code, a collision check that frees non-pending codes,
an upper-cased code, the queue record before the invite, a payload checked after the collision,
the partner_joined push without `coupleId` or sent to the acceptor.
"""

from __future__ import annotations

import json
import pathlib
import re
from datetime import datetime, timedelta, timezone

import pytest
from rfc3339_instant import RFC3339, instant

VECTORS = pathlib.Path(__file__).resolve().parents[2] / "vectors"
MATERIAL = ["wrappedCoupleKey", "kdfSalt", "kdfParams", "recoveryPhrase"]
ALIASES = {"wrappedCoupleKey": ["wrappedKey"], "kdfSalt": ["salt"], "kdfParams": ["params"],
           "recoveryPhrase": ["encryptedPhrase", "encryptedRecoveryPhrase"]}


def utc_text(whole, ns):
    return whole.strftime("%Y-%m-%dT%H:%M:%S") + ("." + f"{ns:09d}".rstrip("0") if ns else "") + "Z"


def payload_refusal(p):
    """callables.md §"Checks, in order", createInviteCallable: (HttpsError code, detail) or None."""
    if not isinstance(p, dict):
        return "invalid-argument", "callable.payload_not_object"
    for m in MATERIAL:
        if p.get(m) is None:
            alias = any(a in p for a in ALIASES[m])
            return "failed-precondition", "callable.alias_member" if alias else "callable.missing_encryption_material"
    if not all(isinstance(p[m], str) for m in MATERIAL):
        return "invalid-argument", "callable.invalid_member_type"
    if p.get("code") is None:
        return "invalid-argument", "callable.missing_code"
    if not isinstance(p["code"], str):
        return "invalid-argument", "callable.invalid_member_type"
    if not re.fullmatch(r"[A-Za-z0-9]{6}", p["code"], flags=re.ASCII):
        return "invalid-argument", "callable.invalid_code"
    return None


def is_doc_id(v):
    return isinstance(v, str) and v != "" and "/" not in v


def create(inp, *, overwrite=False, pending_only=False, upper=False, queue_first=False, collision_first=False):
    """The expected answer of createInvite.evaluate, or ("error", detail)."""
    caller, payload, existing = inp["caller"], inp["payload"], inp["existing"]
    if (caller is not None and not isinstance(caller, str)) or (existing is not None and not isinstance(existing, dict)):
        return "error", "harness.malformed_request"
    now = instant(inp["now"])
    if now is None:
        return "error", "datekey.invalid_instant"
    if caller is None:
        return {"outcome": "unauthenticated", "reason": "unauthenticated", "writes": []}
    if not is_doc_id(caller):
        return "error", "harness.malformed_request"
    taken = existing is not None and not overwrite and (not pending_only or existing.get("status") == "pending")
    if collision_first and taken:
        return {"outcome": "already-exists", "reason": "code_exists", "writes": []}
    refused = payload_refusal(payload)
    if refused:
        return {"outcome": refused[0], "reason": refused[1], "writes": []}
    if taken:
        return {"outcome": "already-exists", "reason": "code_exists", "writes": []}
    code = payload["code"].upper() if upper else payload["code"]
    whole, ns = now
    invite = {m: payload[m] for m in MATERIAL}
    invite.update(code=code, inviterUserId=caller, status="pending",
                  createdAt={"timestampValue": utc_text(whole, ns)},
                  expiresAt={"timestampValue": utc_text(whole + timedelta(hours=24), ns)})
    writes = [{"kind": "create", "path": f"invites/{code}", "members": invite, "serverTimestamps": []},
              {"kind": "add", "path": f"users/{caller}/notification_queue",
               "members": {"type": "invite_created", "read": False}, "serverTimestamps": ["createdAt"]}]
    if queue_first:
        writes.reverse()
    return {"outcome": "created", "response": {"code": code}, "writes": writes}


def partner_joined(inp, *, no_couple_id=False, to_acceptor=False):
    inviter, acceptor, couple = inp["inviterUserId"], inp["acceptorUserId"], inp["coupleId"]
    if not all(is_doc_id(v) for v in (inviter, acceptor, couple)) or inviter == acceptor:
        return "error", "harness.malformed_request"
    recipient = acceptor if to_acceptor else inviter
    data = {"type": "partner_joined"} if no_couple_id else {"type": "partner_joined", "coupleId": couple}
    return {"writes": [{"kind": "add", "path": f"users/{recipient}/notification_queue",
                        "members": {"type": "partner_joined", "read": False}, "serverTimestamps": ["createdAt"]}],
            "pushes": [{"recipient": recipient, "data": data}]}


def suite_tests(suite):
    doc = json.loads((VECTORS / f"{suite}.json").read_text(encoding="utf-8"))
    return [t for g in doc["testGroups"] for t in g["tests"]]


def answer(t):
    return t["expected"] if t["result"] == "valid" else ("error", t["expected"]["error"]["detail"])


def failing(suite, fn, **broken):
    return [t["tcId"] for t in suite_tests(suite) if fn(t["input"], **broken) != answer(t)]


@pytest.mark.parametrize("suite,fn", [("create_invite", create), ("partner_joined", partner_joined)])
def test_every_expected_answer_recomputed(suite, fn):
    assert suite_tests(suite), suite
    assert failing(suite, fn) == []


@pytest.mark.parametrize("broken", [{"overwrite": True}, {"pending_only": True}, {"upper": True},
                                    {"queue_first": True}, {"collision_first": True}])
def test_a_broken_create_fails_named_vectors(broken):
    assert failing("create_invite", create, **broken), broken


@pytest.mark.parametrize("broken", [{"no_couple_id": True}, {"to_acceptor": True}])
def test_a_broken_partner_joined_fails_named_vectors(broken):
    assert failing("partner_joined", partner_joined, **broken), broken
