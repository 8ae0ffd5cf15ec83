"""PayBack's server contracts, recomputed from the spec page (specs/profiles/payback/server.md) in
Python, not from the Swift or the Node code: member ids through `uuid.UUID`, the alias closure as a
union-find (the Swift and Node sides walk a graph), e-mails and names through str.translate. Every
`payback_server` vector, valid or invalid, gets the same answer here; and the check can fail (a gate
that trusts the client's accountEmail, a friend check over member_id only, each contradicted by some
vector).
"""

from __future__ import annotations

import re

import pytest

from test_payback_balance import Refused, member
from test_payback_mapping import answer, vectors_of

LOWER = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")
REQUIRED = {
    "aliases:mergeMemberIds": ["sourceId", "targetCanonicalId"],
    "aliases:mergeUnlinkedFriends": [],
    "cleanup:deleteLinkedFriend": ["friendMemberId"],
    "cleanup:deleteUnlinkedFriend": ["friendMemberId"],
    "cleanup:selfDeleteAccount": [],
}


def norm(value):
    """identity.md §Email: ASCII white space trimmed, A-Z lower-cased, empty = None."""
    if value is None:
        return None
    trimmed = re.sub(r"^[ \t\n\r]+|[ \t\n\r]+$", "", value)
    return trimmed.translate(LOWER) or None


def text(doc, key):
    """null is absent; a non-string is payback.invalid_field."""
    if not isinstance(doc, dict):
        raise Refused("payback.invalid_field")
    v = doc.get(key)
    if v is not None and not isinstance(v, str):
        raise Refused("payback.invalid_field")
    return v


def authorize(i, trust_client=False):
    keys = REQUIRED.get(i["mutation"])
    if keys is None:
        raise Refused("payback.unknown_mutation")
    caller = i["caller"]
    email = norm(text(caller, "email")) if isinstance(caller, dict) else None
    if email is None:
        raise Refused("payback.unauthenticated")
    payload = i["payload"]
    args = {}
    for k in keys:
        v = text(payload, k)
        if v is None:
            raise Refused("payback.missing_payload_key")
        args[k] = str(member(v))
    claimed = text(payload, "accountEmail")
    if claimed is not None:
        if i["mutation"] == "aliases:mergeUnlinkedFriends":
            raise Refused("payback.forbidden_payload_key")
        if norm(claimed) != email and not trust_client:
            raise Refused("payback.account_mismatch")
    return {"accountEmail": email, "args": args}


def confirm(i, member_id_only=False):
    wanted = member(i["memberId"])
    parent = {}

    def find(x):
        while parent.setdefault(x, x) != x:
            x = parent[x]
        return x

    for row in i["memberAliases"]:
        a, b = text(row, "canonical_member_id"), text(row, "alias_member_id")
        if a is None or b is None:
            raise Refused("payback.invalid_field")
        parent[find(member(a))] = find(member(b))
    rows = []
    for row in i["friends"]:
        own = text(row, "member_id")
        if own is None:
            raise Refused("payback.invalid_field")
        ids = {member(own)}
        if text(row, "linked_member_id") is not None:
            ids.add(member(row["linked_member_id"]))
        link_id, link_email = text(row, "linked_account_id") or None, norm(text(row, "linked_account_email"))
        for acct in i["accounts"]:
            if (link_id and (text(acct, "id") or None) == link_id) or (link_email and norm(text(acct, "email")) == link_email):
                if text(acct, "member_id") is not None:
                    ids.add(member(acct["member_id"]))
                ids.update(member(x) for x in acct.get("alias_member_ids") or [])
        if member_id_only:
            ids = {member(own)}
        rows.append((str(member(own)), text(row, "name"), ids))
    for own, _, ids in rows:
        if find(wanted) in {find(x) for x in ids} or wanted in ids:
            return {"friendMemberId": own, "matchedBy": "identity"}
    name = norm(i["memberName"])
    named = [own for own, n, _ in rows if name is not None and norm(n) == name]
    if len(named) == 1:
        return {"friendMemberId": named[0], "matchedBy": "name"}
    raise Refused("payback.not_a_confirmed_friend")


ORACLES = {"payback.authorizeMutation": authorize, "payback.confirmDirectFriend": confirm}
ALL = vectors_of("payback_server")


@pytest.mark.parametrize("test", ALL, ids=[f"{t['op']}-{t['tcId']}" for t in ALL])
def test_vector_matches_the_page(test):
    got = answer(ORACLES[test["op"]], test["input"])
    want = {"output": test["expected"]} if test["result"] == "valid" else {"error": test["expected"]["error"]["detail"]}
    assert got == want, test["comment"]


def test_every_op_is_covered_and_the_oracle_can_fail():
    assert {t["op"] for t in ALL} == set(ORACLES)
    auth = [t for t in ALL if t["op"] == "payback.authorizeMutation"]
    assert any(answer(lambda i: authorize(i, trust_client=True), t["input"]) != answer(authorize, t["input"]) for t in auth)
    friends = [t for t in ALL if t["op"] == "payback.confirmDirectFriend"]
    assert any(answer(lambda i: confirm(i, member_id_only=True), t["input"]) != answer(confirm, t["input"]) for t in friends)
