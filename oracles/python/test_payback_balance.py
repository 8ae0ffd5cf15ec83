"""PayBack's splits, netBalance and expense validation, recomputed from the spec pages
(specs/profiles/payback/balance.md, validation.md) with Python's own arithmetic, not the Swift or
the Node code:

- shares with `fractions.Fraction` (exact `amount × w / W`, floor, remainder), ties broken by
  `uuid.UUID` values (integers, so no text case is involved), percents read with `decimal.Decimal`;
- white space from Python's Unicode database (`str.isspace`, less U+001C–U+001F, which it counts and
  Unicode's White_Space does not);
- every `payback_balance` and `payback_expense_validation` vector, valid or invalid, gets the same
  answer here (the output, or the error code);
- the oracle can fail: a split that gives the leftover cent by list order, or a balance that ignores
  the aliases, disagrees with some vector.
"""

from __future__ import annotations

import json
import re
import uuid
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
VECTORS = ROOT / "vectors" / "profiles" / "payback"
MAX_CENTS = 10**11
UUID_TEXT = re.compile(r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}")
PERCENT_TEXT = re.compile(r"(0|[1-9][0-9]{0,2})(\.[0-9]{1,2})?")


class Refused(Exception):
    """The page's error code for an input."""

    def __init__(self, code: str):
        super().__init__(code)
        self.code = code


def member(text) -> uuid.UUID:
    if not isinstance(text, str) or not UUID_TEXT.fullmatch(text):
        raise Refused("payback.invalid_member_id")
    return uuid.UUID(text)


def whole(n, lo: int, code: str) -> int:
    if isinstance(n, bool) or not isinstance(n, (int, float)) or n != int(n) or not lo <= int(n) <= MAX_CENTS:
        raise Refused(code)
    return int(n)


def percent(text: str) -> Fraction:
    if not PERCENT_TEXT.fullmatch(text) or Decimal(text) > 100:
        raise Refused("payback.invalid_percent")
    return Fraction(Decimal(text))


def read_split(amount, mode, people, strict=True):
    """balance.md §"Order of checks": amount, mode, each participant, count, totals."""
    amount = whole(amount, 1, "payback.invalid_amount")
    if mode not in ("equal", "percent", "exact"):
        raise Refused("payback.unknown_split_mode")
    parsed = []
    for p in people:
        m = member(p["memberId"])
        try:
            w = {"equal": lambda: Fraction(1), "percent": lambda: percent(p["percent"]),
                 "exact": lambda: whole(p["amountCents"], 0, "payback.invalid_share")}[mode]()
        except Refused:
            if strict:
                raise
            w = None
        parsed.append((m, w))
    return amount, mode, parsed


def shares(amount: int, mode: str, parsed) -> list[int]:
    if not parsed:
        raise Refused("payback.no_participants")
    if any(w is None for _, w in parsed):
        raise Refused("payback.invalid_percent" if mode == "percent" else "payback.invalid_share")
    weights = [w for _, w in parsed]
    if mode == "exact":
        if sum(weights) != amount:
            raise Refused("payback.exact_total")
        return [int(w) for w in weights]
    if mode == "percent" and sum(weights) != 100:
        raise Refused("payback.percent_total")
    exact = [Fraction(amount) * w / sum(weights) for w in weights]
    out = [int(x) for x in exact]  # floor: all non-negative
    order = sorted(range(len(parsed)), key=lambda i: (-(exact[i] - out[i]), parsed[i][0].int, i))
    for i in order[: amount - sum(out)]:
        out[i] += 1
    return out


def split_expense(inp: dict) -> dict:
    amount, mode, parsed = read_split(inp["amountCents"], inp["mode"], inp["participants"])
    return {"shares": shares(amount, mode, parsed)}


def net_balance(inp: dict) -> dict:
    a, f = inp["account"], inp["friend"]
    mine = {member(a["id"])} | ({member(a["linkedMemberId"])} if a["linkedMemberId"] is not None else set())
    mine |= {member(x) for x in a["equivalentMemberIds"]}
    theirs = {member(f["memberId"])} | ({member(f["accountFriendMemberId"])} if f["accountFriendMemberId"] is not None else set())
    net = 0
    for e in inp["expenses"]:
        amount = whole(e["amountCents"], 1, "payback.invalid_amount")
        payer = member(e["paidBy"])
        amount, mode, parsed = read_split(amount, e["mode"], e["participants"])
        s = shares(amount, mode, parsed)
        if payer in mine:
            net += sum(x for (m, _), x in zip(parsed, s) if m in theirs)
        elif payer in theirs:
            net -= sum(x for (m, _), x in zip(parsed, s) if m in mine)
    return {"netCents": net}


def is_white_space(c: str) -> bool:
    return c.isspace() and not "\x1c" <= c <= "\x1f"


def validate_expense(inp: dict) -> dict:
    problems = []
    if all(is_white_space(c) for c in inp["description"]):
        problems.append("payback.expense_missing_description")
    n = inp["amountCents"]
    if isinstance(n, bool) or not isinstance(n, (int, float)):  # validation.md: not a number is malformed
        raise Refused("harness.malformed_request")
    amount_ok = n == int(n) and 1 <= n <= MAX_CENTS
    if not amount_ok:
        problems.append("payback.expense_invalid_amount")
    people = inp["participants"]
    for p in people:
        member(p["memberId"])  # not a miss: the op fails
    if not people:
        problems.append("payback.expense_no_participants")
    if amount_ok and people:
        try:
            amount, mode, parsed = read_split(n, inp["mode"], people, strict=False)
            ok = any(x > 0 for x in shares(amount, mode, parsed))
        except Refused:
            ok = False
        if not ok:
            problems.append("payback.expense_empty_splits")
    return {"valid": not problems, "problems": problems}


ORACLES = {"payback.splitExpense": split_expense, "payback.netBalance": net_balance,
           "payback.validateExpense": validate_expense}


def cases(suite: str):
    data = json.loads((VECTORS / f"{suite}.json").read_text(encoding="utf-8"))
    for group in data["testGroups"]:
        for t in group["tests"]:
            yield pytest.param(t, id=f"{suite}-{t['tcId']}")


def answer(oracle, inp) -> dict:
    try:
        return {"output": oracle(inp)}
    except Refused as e:
        return {"error": e.code}


@pytest.mark.parametrize("test", [*cases("payback_balance"), *cases("payback_expense_validation")])
def test_vector_matches_the_page(test):
    got = answer(ORACLES[test["op"]], test["input"])
    if test["result"] == "valid":
        assert got == {"output": test["expected"]}, test["comment"]
    else:
        assert got == {"error": test["expected"]["error"]["detail"]}, test["comment"]


def test_every_op_and_mode_is_covered():
    tests = [p.values[0] for p in [*cases("payback_balance"), *cases("payback_expense_validation")]]
    assert {t["op"] for t in tests} == set(ORACLES)
    modes = {t["input"].get("mode") for t in tests if t["op"] == "payback.splitExpense" and t["result"] == "valid"}
    assert modes == {"equal", "percent", "exact"}
    assert sum(t["result"] == "invalid" for t in tests) >= 15


def test_the_oracle_can_fail():
    """Two realistic mistakes, each contradicted by some vector."""
    tests = [p.values[0] for p in cases("payback_balance") if p.values[0]["result"] == "valid"]

    def list_order(inp):  # leftover cents by list position, not by member id
        amount, mode, parsed = read_split(inp["amountCents"], inp["mode"], inp["participants"])
        s = shares(amount, mode, [(uuid.UUID(int=i), w) for i, (_, w) in enumerate(parsed)])
        return {"shares": s}

    def no_aliases(inp):  # only the account's own id and the friend's memberId
        a = dict(inp["account"], linkedMemberId=None, equivalentMemberIds=[])
        return net_balance(dict(inp, account=a, friend=dict(inp["friend"], accountFriendMemberId=None)))

    for op, wrong in (("payback.splitExpense", list_order), ("payback.netBalance", no_aliases)):
        assert any(answer(wrong, t["input"]) != {"output": t["expected"]} for t in tests if t["op"] == op), op
