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


def group_id(text):
    """groups.md: a group id is a UUID (as a member id), compared by value."""
    try:
        return member(text)
    except Refused:
        raise Refused("payback.invalid_group_id") from None


def upsert(i, skip_owner=False):
    """groups.md §"Group upsert ownership": auth caller, client id, then the stored group's owner."""
    caller = i["caller"]
    email = norm(text(caller, "email")) if isinstance(caller, dict) else None
    if email is None:
        raise Refused("payback.unauthenticated")
    client = text(i["group"], "id")
    if client is not None:
        group_id(client)
    if client is None or i["existing"] is None:
        return {"action": "insert", "ownerEmail": email}
    if norm(text(i["existing"], "owner_email")) != email and not skip_owner:
        raise Refused("payback.not_group_owner")
    return {"action": "patch", "ownerEmail": email}


def plan_delete(i, reconcile=True):
    """groups.md §"Group delete cascade": per group, reconcile, delete expenses, delete the group."""
    groups = []
    for g in i["groupIds"]:
        if not isinstance(g, str):
            raise Refused("payback.invalid_field")
        if group_id(g) not in groups:
            groups.append(group_id(g))
    rows = []
    for doc in i["expenses"]:
        eid, gid = text(doc, "id"), text(doc, "group_id")
        if not eid or gid is None:
            raise Refused("payback.invalid_field")
        rows.append((eid, group_id(gid)))
    steps = []
    for g in groups:
        owned = [e for e, of in rows if of == g]
        steps += [{"step": "reconcileUserExpenses", "id": e} for e in owned if reconcile]
        steps += [{"step": "deleteExpense", "id": e} for e in owned]
        steps.append({"step": "deleteGroup", "id": str(g)})
    return {"steps": steps}


INDEXES = ["by_linked_account_id", "by_linked_account_email", "by_linked_member_id"]


def hard_delete(i, indexes=3):
    """deletion.md: the account, its owned rows, then other users' rows by the first index that finds them."""
    acct = i["account"]
    auth = text(acct, "id") or None
    if auth is None:
        raise Refused("payback.missing_auth_id")
    email = norm(text(acct, "email"))
    if email is None:
        raise Refused("payback.invalid_field")
    own_member = member(acct["member_id"]) if text(acct, "member_id") is not None else None
    owned, linked = [], []
    for row in i["friends"]:
        rid, owner = text(row, "_id") or None, norm(text(row, "account_email"))
        if rid is None or owner is None:
            raise Refused("payback.invalid_field")
        by_id = (text(row, "linked_account_id") or None) == auth
        by_email = norm(text(row, "linked_account_email")) == email
        lm = text(row, "linked_member_id")
        by_member = own_member is not None and lm is not None and member(lm) == own_member
        if lm is not None:
            member(lm)
        hits = [by_id, by_email, by_member][:indexes]
        if owner == email:
            owned.append({"step": "deleteOwnedFriend", "id": rid})
        elif any(hits):
            linked.append({"step": "deleteLinkedFriend", "id": rid, "via": INDEXES[hits.index(True)]})
    return {"steps": [{"step": "deleteAccount", "id": auth}] + owned + linked}


def bootstrap(i, reassign=False):
    """members.md §"Member id bootstrap": auth caller, the id a UUID, no stored member_id, an unused id."""
    caller = i["caller"]
    email = norm(text(caller, "email")) if isinstance(caller, dict) else None
    if email is None:
        raise Refused("payback.unauthenticated")
    if not isinstance(i["memberId"], str):
        raise Refused("payback.invalid_member_id")
    wanted = member(i["memberId"])
    if text(i["account"], "member_id") and not reassign:
        raise Refused("payback.member_id_not_reassignable")
    for used in i["usedMemberIds"]:
        if not isinstance(used, str):
            raise Refused("payback.invalid_field")
        if member(used) == wanted:
            raise Refused("payback.member_id_in_use")
    return {"action": "bootstrap", "memberId": str(wanted)}


def self_friend(i, name_in_session=False):
    """members.md §"Self-friend detection": identity (isMe over member_id, linked_member_id), then,
    only without a session, an equal normalized name."""
    acct = i["account"]
    mine = {member(acct["id"])} | {member(x) for x in acct["equivalentMemberIds"]}
    if acct.get("linkedMemberId") is not None:
        mine.add(member(acct["linkedMemberId"]))
    row = i["friend"]
    if text(row, "member_id") is None:
        raise Refused("payback.invalid_field")
    ids = {member(row["member_id"])}
    if text(row, "linked_member_id") is not None:
        ids.add(member(row["linked_member_id"]))
    if ids & mine:
        return {"isSelf": True, "matchedBy": "identity"}
    name = norm(text(row, "name"))
    if (not i["session"] or name_in_session) and name is not None and name == norm(i["accountName"]):
        return {"isSelf": True, "matchedBy": "name"}
    return {"isSelf": False, "matchedBy": None}


def linked_accounts(i, directory=False):
    """members.md §"Linked account resolution": requested ids on the visible surface, in request
    order, each once, resolved to the first account holding it."""
    visible = {member(x) for k in ("selfIds", "groupMemberIds", "friendMemberIds", "linkedFriendIds") for x in i["surface"][k]}
    accounts = []
    for doc in i["accounts"]:
        aid = text(doc, "id")
        if not aid:
            raise Refused("payback.invalid_field")
        own = [member(doc["member_id"])] if text(doc, "member_id") is not None else []
        accounts.append((own + [member(x) for x in doc.get("alias_member_ids") or []], aid, text(doc, "email")))
    out, seen = [], set()
    for req in map(member, i["memberIds"]):
        if req in seen or (req not in visible and not directory):
            continue
        seen.add(req)
        hit = next((a for a in accounts if req in a[0]), None)
        if hit:
            out.append({"memberId": str(req), "accountId": hit[1], "email": hit[2]})
    return {"accounts": out}


ORACLES = {
    "payback.visibleLinkedAccounts": linked_accounts,
    "payback.isSelfFriend": self_friend,
    "payback.authorizeMemberIdUpdate": bootstrap,
    "payback.planHardDelete": hard_delete,
    "payback.authorizeMutation": authorize,
    "payback.confirmDirectFriend": confirm,
    "payback.authorizeGroupUpsert": upsert,
    "payback.planGroupDelete": plan_delete,
}
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
    upserts = [t for t in ALL if t["op"] == "payback.authorizeGroupUpsert"]
    assert any(answer(lambda i: upsert(i, skip_owner=True), t["input"]) != answer(upsert, t["input"]) for t in upserts)
    deletes = [t for t in ALL if t["op"] == "payback.planGroupDelete"]
    assert any(answer(lambda i: plan_delete(i, reconcile=False), t["input"]) != answer(plan_delete, t["input"]) for t in deletes)
    hard = [t for t in ALL if t["op"] == "payback.planHardDelete"]
    assert any(answer(lambda i: hard_delete(i, indexes=2), t["input"]) != answer(hard_delete, t["input"]) for t in hard)
    members = [t for t in ALL if t["op"] == "payback.authorizeMemberIdUpdate"]
    assert any(answer(lambda i: bootstrap(i, reassign=True), t["input"]) != answer(bootstrap, t["input"]) for t in members)
    selves = [t for t in ALL if t["op"] == "payback.isSelfFriend"]
    assert any(answer(lambda i: self_friend(i, name_in_session=True), t["input"]) != answer(self_friend, t["input"]) for t in selves)
    visible = [t for t in ALL if t["op"] == "payback.visibleLinkedAccounts"]
    assert any(answer(lambda i: linked_accounts(i, directory=True), t["input"]) != answer(linked_accounts, t["input"]) for t in visible)
