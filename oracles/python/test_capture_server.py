"""Server-side sections of `closer-spec capture check` (specs/capture.md §"Server-side captures").

The captures here are made by an independent implementation of the Cloud Functions contracts:
the Node port (ports/node, `port.sh` on the harness protocol) is asked what each function does
for a given backend state, and its answers are written as the `observed` members a staging
read-back would give. `capture check` then runs CloserSpec's own op on the same input and must
confirm every covered server decision; copies with one observed field changed per section must
be reported contradicted, naming the decision, with exit status 1.

Skipped, with the reason, when node or CLOSER_SPEC_BIN is missing.
"""

from __future__ import annotations

import copy
import json
import os
import shutil

import pytest

from capture_run import check
from harness_client import HarnessClient

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
NODE_PORT = os.path.join(ROOT, "ports", "node", "port.sh")
VECTORS = os.path.join(ROOT, "vectors")

MATERIAL = {
    "wrappedCoupleKey": "q83vEjRWeJA=",
    "kdfSalt": "AAECAwQFBgcICQoLDA0ODw==",
    "kdfParams": "$argon2id$v=19$m=46080,t=3,p=1",
    "recoveryPhrase": "kX9/encrypted==",
}
NOW = "2026-06-15T12:00:00Z"


def ts(text: str) -> dict:
    return {"timestampValue": text}


@pytest.fixture(scope="module")
def node():
    if shutil.which("node") is None:
        pytest.skip("node not found: install Node.js 18+ (apt-get install nodejs)")
    with HarnessClient([NODE_PORT]) as client:
        yield client


def ask(node, op: str, **fields) -> dict:
    """The Node port's answer without the envelope; a refusal is {"refused": detail}."""
    answer = node.request(op, **fields)
    if not answer.get("ok"):
        return {"refused": answer["error"].get("detail", answer["error"]["code"])}
    return {k: v for k, v in answer.items() if k not in ("id", "ok")}


def accept_section(node, invite_expires: str, callee_couple=None) -> dict:
    state = {
        "caller": "bob", "code": "K7M2QX", "now": NOW, "attempts": [],
        "invite": {"code": "K7M2QX", "inviterUserId": "alice", "status": "pending",
                   "createdAt": ts("2026-06-15T10:00:00Z"), "expiresAt": ts(invite_expires), **MATERIAL},
        "callerUser": {"coupleId": callee_couple, "platform": "android"},
        "inviterUser": {"coupleId": None, "platform": "android"},
        "coupleId": "couple-1",
    }
    out = ask(node, "acceptInvite.evaluate", **state)
    observed = {"outcome": out["outcome"], "attempt": out.get("attempt")}
    if out["outcome"] == "accepted":
        # What a read-back gives: the couple document with its server-set createdAt besides.
        observed.update(response=out["response"], couple={**out["couple"], "createdAt": ts(NOW)},
                        linkUsers=out["linkUsers"], inviteUpdate=out["inviteUpdate"])
    return {"input": state, "observed": observed}


def create_section(node, existing) -> dict:
    state = {"caller": "alice", "payload": {"code": "K7m2qx", **MATERIAL}, "now": NOW, "existing": existing}
    out = ask(node, "createInvite.evaluate", **state)
    observed = {"outcome": out["outcome"], "invite": None, "queue": None}
    if "response" in out:
        observed["response"] = out["response"]
    for write in out["writes"]:
        members = dict(write["members"])
        for name in write.get("serverTimestamps", []):
            members[name] = ts("2026-06-15T12:00:00.123Z")  # the server's clock, read back
        observed["invite" if write["path"].startswith("invites/") else "queue"] = members
    return {"input": state, "observed": observed}


def push_section(node, type_: str) -> dict:
    state = {"type": type_, "data": {"questionId": "q1"}, "title": "Sam answered", "body": "Open to see both",
             "user": {"fcmToken": "tok-L", "platform": "android"},
             "tokenDocs": [{"token": "tok-A"}, {"token": "tok-L"}, {"token": ""}, {"token": "tok-B"}]}
    out = ask(node, "fcm.fanout", **state)
    if "refused" in out:
        return {"input": state, "observed": {"sent": False}}
    return {"input": state, "observed": {"sent": True, **out}}


def webhook_section(node) -> dict:
    """Deliveries taken from revenuecat_webhook.json's inputs (at most three per status the vectors
    expect, all under one key as on one deployment); the statuses are the Node port's answers."""
    with open(os.path.join(VECTORS, "revenuecat_webhook.json"), encoding="utf-8") as f:
        tests = [t for g in json.load(f)["testGroups"] for t in g["tests"]]
    key = tests[0]["input"]["signingKey"]
    deliveries, per_status = [], {}
    for t in tests:
        i = t["input"]
        status = t["expected"].get("status")
        if i["signingKey"] != key or per_status.get(status, 0) >= 3:
            continue
        per_status[status] = per_status.get(status, 0) + 1
        fields = {"method": i["method"], "signingKey": key, "signature": i["signature"], "body": i["body"]}
        if "processedEventIds" in i:
            fields["processedEventIds"] = i["processedEventIds"]
        out = ask(node, "webhook.revenuecat", **fields)
        headers = {} if i["signature"] is None else {"X-RevenueCat-Signature": i["signature"]}
        delivery = {"method": i["method"], "headers": headers, "body": i["body"], "status": out["status"]}
        if "processedEventIds" in i:
            delivery["processedEventIds"] = i["processedEventIds"]
        deliveries.append(delivery)
    return {"signingKey": key, "deliveries": deliveries}


@pytest.fixture(scope="module")
def capture(node) -> dict:
    return {
        "format": "closer-capture/1", "producer": "ports/node (oracles/python/test_capture_server.py)",
        "acceptInviteWrites": accept_section(node, "2026-06-16T10:00:00Z"),
        "createInviteWrites": create_section(node, None),
        "pushMessages": push_section(node, "partner_answered"),
        "revenueCatWebhook": webhook_section(node),
    }


@pytest.fixture(scope="module")
def refusals(node) -> dict:
    """The refusing paths: an expired invite, a code collision, a payload key outside the table."""
    return {
        "format": "closer-capture/1", "producer": "ports/node",
        "acceptInviteWrites": accept_section(node, "2026-06-15T11:00:00Z"),
        "createInviteWrites": create_section(node, {"code": "K7m2qx", "status": "pending"}),
        "pushMessages": push_section(node, "subscription_entitlement_changed"),
    }


SERVER_DECISIONS = ["D-CF-33", "D-CF-35", "D-CF-36", "D-CF-37", "D-CF-38", "D-CF-64", "D-CF-40", "D-CF-22",
                    "D-CF-23", "D-CONTRACTS-04", "D-CONTRACTS-05", "D-CF-74", "D-CF-73", "D-CF-71",
                    "D-CONTRACTS-03", "D-CONTRACTS-06", "D-CF-28", "D-CF-47", "D-CF-49", "D-CF-48",
                    "D-CONTRACTS-09", "D-HOOK-03", "D-HOOK-04", "D-HOOK-05", "D-HOOK-07"]


def test_node_capture_is_confirmed(tmp_path, capture):
    status, statuses, out = check(tmp_path, capture)
    assert status == 0, out
    for ident in SERVER_DECISIONS:
        assert statuses.get(ident) == "confirmed", f"{ident}: {out}"
    assert "0 contradicted" in out
    for secret in (MATERIAL["wrappedCoupleKey"], MATERIAL["recoveryPhrase"], "tok-A"):
        assert secret not in out


def test_node_refusals_are_confirmed(tmp_path, refusals):
    status, statuses, out = check(tmp_path, refusals)
    assert status == 0, out
    for ident in ["D-CF-38", "D-CF-69", "D-CF-50", "D-CF-33"]:
        assert statuses.get(ident) == "confirmed", f"{ident}: {out}"


def set_in(path: list, value):
    def tamper(c):
        target = c
        for step in path[:-1]:
            target = target[step]
        target[path[-1]] = value
    return tamper


TAMPERS = [
    ("accept: the couple's userIds in the caller-first order",
     set_in(["acceptInviteWrites", "observed", "couple", "userIds"], ["bob", "alice"]), "D-CF-40"),
    ("accept: the attempt's TTL of 24 h",
     set_in(["acceptInviteWrites", "observed", "attempt", "expiresAt"], ts("2026-06-16T12:00:00Z")), "D-CF-35"),
    ("accept: the recovery phrase kept on the invite",
     set_in(["acceptInviteWrites", "observed", "inviteUpdate", "deleteMembers"], []), "D-CF-23"),
    ("accept: refused as already paired",
     set_in(["acceptInviteWrites", "observed", "outcome"], "failed-precondition"), "D-CF-36"),
    ("create: the code stored upper-cased",
     set_in(["createInviteWrites", "observed", "invite", "code"], "K7M2QX"), "D-CF-73"),
    ("create: no queue record",
     set_in(["createInviteWrites", "observed", "queue"], None), "D-CF-71"),
    ("push: the fcmTokens documents before the legacy token",
     set_in(["pushMessages", "observed", "tokens"], ["tok-A", "tok-L", "tok-B"]), "D-CF-47"),
    ("push: no type in the data",
     set_in(["pushMessages", "observed", "data"], {"questionId": "q1"}), "D-CONTRACTS-09"),
    ("webhook: a malformed payload accepted",
     lambda c: next(d for d in c["revenueCatWebhook"]["deliveries"] if d["status"] == 400).update(status=200),
     "D-HOOK-05"),
    ("webhook: a signed delivery refused",
     lambda c: c["revenueCatWebhook"]["deliveries"][0].update(status=401), "D-HOOK-04"),
    ("webhook: the signature under another header",
     lambda c: c["revenueCatWebhook"]["deliveries"][0].update(
         headers={"Authorization": c["revenueCatWebhook"]["deliveries"][0]["headers"]["X-RevenueCat-Signature"]}),
     "D-HOOK-03"),
]


@pytest.mark.parametrize("what,tamper,decision", TAMPERS, ids=[t[0] for t in TAMPERS])
def test_tampered_server_capture_is_contradicted(tmp_path, capture, what, tamper, decision):
    document = copy.deepcopy(capture)
    tamper(document)
    status, statuses, out = check(tmp_path, document)
    assert status == 1, out
    assert statuses.get(decision) == "contradicted", f"{what}: {decision} not contradicted:\n{out}"


def test_mistyped_server_section_is_skipped(tmp_path, capture):
    document = {"format": "closer-capture/1", "acceptInviteWrites": {"input": capture["acceptInviteWrites"]["input"]},
                "pushMessages": {"input": {**capture["pushMessages"]["input"], "extra": 1}, "observed": {}}}
    status, statuses, out = check(tmp_path, document)
    assert status == 0, out
    assert out.count("capture.missing_member") >= 2 or out.count("skipped") >= 2, out
    assert not statuses, out
