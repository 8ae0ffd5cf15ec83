"""PayBack's backend ↔ app JSON mapping and CSV import remapping, recomputed from the spec pages
(specs/profiles/payback/mapping.md, import.md) in Python, not from the Swift or the Node code:
member ids through `uuid.UUID` (so text case is Python's UUID parsing, not ours), names compared as
Python strings (code points). Every `payback_mapping` and `payback_import` vector, valid or
invalid, gets the same answer here; and the check can fail (a link that stores `_id`, an import that
looks ids up by raw text, each contradicted by some vector).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from test_payback_balance import Refused, member

ROOT = Path(__file__).resolve().parents[2]
VECTORS = ROOT / "vectors" / "profiles" / "payback"
LOWER_EMAIL = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")


def canon(text) -> str:
    return str(member(text))  # uuid.UUID's str is lower-case 8-4-4-4-12


def email(value):
    if value is None:
        return None
    trimmed = re.sub(r"^[ \t\n\r]+|[ \t\n\r]+$", "", value)
    return trimmed.translate(LOWER_EMAIL) if trimmed else None


class Doc:
    """mapping.md's readers: absent or null is None; a wrong JSON type is payback.invalid_field."""

    def __init__(self, value):
        if not isinstance(value, dict):
            raise Refused("payback.invalid_field")
        self.d = value

    def value(self, k):
        return self.d.get(k)

    def string(self, k):
        v = self.value(k)
        if v is not None and not isinstance(v, str):
            raise Refused("payback.invalid_field")
        return v

    def non_empty(self, k):
        return self.string(k) or None

    def member(self, k):
        s = self.string(k)
        return None if s is None else canon(s)

    def members(self, k):
        v = self.value(k)
        if v is None:
            return []
        if not isinstance(v, list):
            raise Refused("payback.invalid_field")
        out = []
        for x in v:  # item by item: ["x", 5] fails at "x" (mapping.md §Order)
            if not isinstance(x, str):
                raise Refused("payback.invalid_field")
            out.append(canon(x))
        return out

    def bool(self, k):
        v = self.value(k)
        if v is not None and not isinstance(v, bool):
            raise Refused("payback.invalid_field")
        return v

    def required(self, reader, k):
        v = reader(k)
        if v is None:
            raise Refused("payback.invalid_field")
        return v


def unique(ids, own):
    out = []
    for i in ids:
        if i != own and i not in out:
            out.append(i)
    return out


def friend_from(doc, keys):
    f = Doc(doc)
    mid, name = f.required(f.member, keys[0]), f.required(f.string, keys[1])
    has, acct = bool(f.bool(keys[2])), f.non_empty(keys[3])
    mail, linked, aliases = f.string(keys[4]), f.member(keys[5]), f.members(keys[6])
    return {"memberId": mid, "name": name, "hasLinkedAccount": has, "linkedAccountId": acct,
            "linkedAccountEmail": mail, "linkedMemberId": linked, "aliasMemberIds": aliases}


ROW = ("member_id", "name", "has_linked_account", "linked_account_id", "linked_account_email", "linked_member_id", "alias_member_ids")
CLIENT = ("memberId", "name", "hasLinkedAccount", "linkedAccountId", "linkedAccountEmail", "linkedMemberId", "aliasMemberIds")


def decode_row(row):
    f = friend_from(row, ROW)
    f["linkedAccountEmail"] = email(f["linkedAccountEmail"])
    f["aliasMemberIds"] = unique(f["aliasMemberIds"] + ([f["linkedMemberId"]] if f["linkedMemberId"] else []), f["memberId"])
    return f


def row_of(f):
    row = {"member_id": f["memberId"], "name": f["name"], "has_linked_account": f["hasLinkedAccount"], "alias_member_ids": f["aliasMemberIds"]}
    optional = {"linked_account_id": f["linkedAccountId"] or None, "linked_account_email": email(f["linkedAccountEmail"]),
                "linked_member_id": f["linkedMemberId"]}
    return row | {k: v for k, v in optional.items() if v is not None}


def link(row, account, auth_key="id"):
    f = decode_row(row)
    a = Doc(account)
    auth = a.non_empty(auth_key)
    if auth is None:
        raise Refused("payback.missing_auth_id")
    mid = a.member("member_id")
    f.update(hasLinkedAccount=True, linkedAccountId=auth, linkedAccountEmail=email(a.string("email")), linkedMemberId=mid)
    f["aliasMemberIds"] = unique(f["aliasMemberIds"] + a.members("alias_member_ids") + ([mid] if mid else []), f["memberId"])
    return row_of(f)


def user_account(doc):
    a = Doc(doc)
    auth = a.non_empty("id")
    if auth is None:
        raise Refused("payback.missing_auth_id")
    mail, mid = email(a.string("email")), a.member("member_id")
    return {"id": auth, "email": mail, "linkedMemberId": mid, "equivalentMemberIds": unique(a.members("alias_member_ids"), mid)}


def remap_import(inp, key=canon):
    members = {}
    for k in sorted(inp["memberIdMapping"]):
        members.setdefault(key(k), canon(inp["memberIdMapping"][k]))
    names = {}
    for pair in inp["nameToExistingId"]:  # a list: canonically equivalent names stay apart (D-PAYBACK-18)
        names.setdefault(pair["name"], pair["id"])
    fresh_m, fresh_g = [canon(x) for x in inp["newMemberIds"]], [canon(x) for x in inp["newGroupIds"]]
    groups = {}

    def take(pool):
        if not pool:
            raise Refused("payback.import_out_of_ids")
        return pool.pop(0)

    def items(doc, k):
        v = doc.value(k)
        if v is None:
            return []
        if not isinstance(v, list):
            raise Refused("payback.invalid_field")
        return v

    def person(p):
        d = Doc(p)
        original, name = key(d.required(d.string, "id")), d.required(d.string, "name")
        if original not in members:
            members[original] = canon(names[name]) if name in names else take(fresh_m)
        return {"id": members[original], "name": name}

    def mapped(table, id_text, code):
        if canon(id_text) not in table:
            raise Refused(code)
        return table[canon(id_text)]

    doc = Doc(inp["import"])
    friends = [person(p) for p in items(doc, "friends")]
    out_groups = []
    for g in items(doc, "groups"):
        d = Doc(g)
        original = canon(d.required(d.string, "id"))
        if original not in groups:
            groups[original] = take(fresh_g)
        name = d.required(d.string, "name")
        out_groups.append({"id": groups[original], "name": name, "members": [person(p) for p in items(d, "members")]})
    expenses = []
    for e in items(doc, "expenses"):
        d = Doc(e)
        group = mapped(groups, d.required(d.string, "groupId"), "payback.import_unknown_group")
        payer = mapped(members, d.required(d.string, "paidBy"), "payback.import_unknown_member")
        people = [mapped(members, x, "payback.import_unknown_member") for x in d.members("participants")]
        expenses.append({"groupId": group, "paidBy": payer, "participants": people})
    return {"import": {"friends": friends, "groups": out_groups, "expenses": expenses},
            "memberIdMapping": members, "groupIdMapping": groups}


ORACLES = {
    "payback.decodeAccountFriend": lambda i: {"friend": decode_row(i["row"])},
    "payback.encodeAccountFriend": lambda i: {"row": row_of(friend_from(i["friend"], CLIENT))},
    "payback.linkAccountFriend": lambda i: {"row": link(i["row"], i["account"])},
    "payback.decodeUserAccount": lambda i: {"account": user_account(i["document"])},
    "payback.remapImport": remap_import,
}


def vectors_of(suite):
    data = json.loads((VECTORS / f"{suite}.json").read_text(encoding="utf-8"))
    return [t for g in data["testGroups"] for t in g["tests"]]


def answer(oracle, inp):
    try:
        return {"output": oracle(inp)}
    except Refused as e:
        return {"error": e.code}


ALL = vectors_of("payback_mapping") + vectors_of("payback_import")


@pytest.mark.parametrize("test", ALL, ids=[f"{t['op']}-{t['tcId']}" for t in ALL])
def test_vector_matches_the_page(test):
    got = answer(ORACLES[test["op"]], test["input"])
    want = {"output": test["expected"]} if test["result"] == "valid" else {"error": test["expected"]["error"]["detail"]}
    assert got == want, test["comment"]


def test_every_op_is_covered_and_the_oracle_can_fail():
    assert {t["op"] for t in ALL} == set(ORACLES)
    links = [t for t in ALL if t["op"] == "payback.linkAccountFriend"]
    assert any(answer(lambda i: {"row": link(i["row"], i["account"], "_id")}, t["input"]) != answer(ORACLES[t["op"]], t["input"]) for t in links)
    imports = [t for t in ALL if t["op"] == "payback.remapImport" and t["result"] == "valid"]
    assert any(answer(lambda i: remap_import(i, key=str), t["input"]) != {"output": t["expected"]} for t in imports)
