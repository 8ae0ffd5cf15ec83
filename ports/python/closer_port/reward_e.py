"""Reward-E contracts (specs/profiles/reward-e/contracts.md and the pages it lists), written from
the pages: stored documents with named errors, the balance (never negative, Int32 clamp),
version locking, the Cloud Functions' quotas, the widget deep link, invite codes and family
premium.

Order of document checks (documents.md §"Order of checks"): not an object, unknown members (sorted
by name), missing required members (declaration order), then each present member in declaration
order — type, then enum or range.
"""

from __future__ import annotations

import math
from typing import Any

from .contracts import instant_seconds
from .errors import PortError, fail, malformed, quoted

INT32_MAX = 2**31 - 1
INT32_MIN = -(2**31)
MAX_SAFE = 2**53 - 1
INSTANT = ("instant",)  # a Firestore Timestamp {"timestampValue": RFC 3339} or epoch ms (documents.md §Timestamps)
ID = ("str", 1, 128)
NAME = ("str", 1, 100)
CURRENCIES = ("NOK", "SEK", "DKK", "EUR", "USD", "GBP")

DOCUMENTS: dict[str, list[tuple[str, tuple, bool]]] = {
    "transaction": [("id", ID, True), ("type", ("enum", ("earn", "spend")), True), ("amount", ("int", 1, INT32_MAX), True),
                    ("reason", ("str", 0, 200), False), ("awardedBy", ID, True), ("createdAt", INSTANT, True)],
    "goal": [("id", ID, True), ("name", NAME, True), ("targetStars", ("int", 1, INT32_MAX), True),
             ("isActive", ("bool",), True), ("achievedAt", INSTANT, False)],
    "child": [("id", ID, True), ("name", NAME, True), ("avatar", ("str", 1, 64), True),
              ("currentBalance", ("int", 0, INT32_MAX), True), ("lastModified", INSTANT, False),
              ("syncStatus", ("enum", ("synced", "pending", "conflict")), False)],
    "family": [("name", NAME, True), ("starValue", ("int", 1, INT32_MAX), True), ("currency", ("enum", CURRENCIES), True),
               ("inviteCode", ("invite",), True), ("version", ("int", 0, INT32_MAX), False),
               ("lastModified", INSTANT, False), ("lastModifiedBy", ID, False)],
    "subscription": [("active", ("bool",), True), ("platform", ("enum", ("ios", "android")), True),
                     ("productId", ID, True), ("expiresAt", INSTANT, False), ("ownerId", ID, True)],
}
TRANSACTION_STEP = [("type", ("enum", ("earn", "spend")), True), ("amount", ("int", 1, INT32_MAX), True)]

QUOTAS = {  # name: (limit, window ms or None, breach action)
    "familiesPerUserPerDay": (5, 86_400_000, "delete_created"),
    "transactionsPerChildPerHour": (100, 3_600_000, "https_error"),
    "childrenPerFamily": (20, None, "https_error"),
    "goalsPerChild": (50, None, "https_error"),
}
IOS_PRODUCTS = ("no.invotek.RewardE.premium.monthly", "no.invotek.RewardE.premium.yearly")
INVITE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
DEEP_LINK_PREFIX = "reward-e://child/"


def _integral(v: Any, path: str) -> int:
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        raise fail("rewarde.wrong_type", f"{path} must be an integer")
    if isinstance(v, float) and (not math.isfinite(v) or v != int(v)):
        raise fail("rewarde.wrong_type", f"{path} must be an integer")
    if abs(int(v)) > MAX_SAFE:
        raise fail("rewarde.wrong_type", f"{path} must be an integer")
    return int(v)


def instant_ms(v: Any, path: str) -> int:
    """A stored instant in epoch milliseconds, rounded up (documents.md §Timestamps)."""
    if isinstance(v, dict):
        text = v.get("timestampValue")
        if len(v) != 1 or not isinstance(text, str):
            raise fail("rewarde.wrong_type", f"{path} must be a timestamp or an integer")
        try:
            seconds = instant_seconds(text)
        except PortError:
            raise fail("rewarde.invalid_timestamp", f"{path}.timestampValue is not RFC 3339") from None
        if seconds < 0:
            raise fail("rewarde.out_of_range", f"{path} is before 1970")
        fraction = text[19:].split("Z")[0].split("+")[0].split("-")[0]
        nanos = int(fraction[1:].ljust(9, "0")) if fraction.startswith(".") else 0
        return seconds * 1000 + (nanos + 999_999) // 1_000_000
    if not 0 <= _integral(v, path) <= MAX_SAFE:
        raise fail("rewarde.out_of_range", f"{path} is 0...{MAX_SAFE}")
    return int(v)


def _check_field(shape: tuple, v: Any, path: str) -> None:
    kind = shape[0]
    if kind == "instant":
        instant_ms(v, path)
    elif kind == "bool":
        if not isinstance(v, bool):
            raise fail("rewarde.wrong_type", f"{path} must be a boolean")
    elif kind == "int":
        if not shape[1] <= _integral(v, path) <= shape[2]:
            raise fail("rewarde.out_of_range", f"{path} is {shape[1]}...{shape[2]}")
    elif not isinstance(v, str):
        raise fail("rewarde.wrong_type", f"{path} must be a string")
    elif kind == "invite":
        if len(v) != 6 or any(c not in INVITE_ALPHABET for c in v):
            raise fail("rewarde.invalid_invite_code", f"{path} is a stored invite code (invite-code.md)")
    elif kind == "str" and not shape[1] <= len(v) <= shape[2]:
        raise fail("rewarde.out_of_range", f"{path} is {shape[1]}...{shape[2]} characters")
    elif kind == "enum" and v not in shape[1]:
        raise fail("rewarde.unknown_enum_value", f"{path} is one of {', '.join(shape[1])}")


def check(members: list, body: Any) -> list[str]:
    if not isinstance(body, dict):
        raise fail("rewarde.not_an_object", "a document is a JSON object")
    names = [m[0] for m in members]
    for key in sorted(body):
        if key not in names:
            raise fail("rewarde.unknown_field", f"{quoted(key)} is not a member of this document")
    for name, _, required in members:
        if required and name not in body:
            raise fail("rewarde.missing_field", f"{name} is required")
    for name, shape, _ in members:
        if name in body:
            _check_field(shape, body[name], name)
    return sorted(body)


def validate(kind: str, body: Any) -> list[str]:
    if kind not in DOCUMENTS:
        raise fail("rewarde.unknown_document", f"document is one of {', '.join(DOCUMENTS)}")
    return check(DOCUMENTS[kind], body)


def clamp_int32(v: int) -> int:
    return min(max(v, INT32_MIN), INT32_MAX)


def balance(start: int, transactions: Any) -> int:
    if not isinstance(transactions, list):
        raise malformed('field "transactions" must be an array')
    steps = []
    for t in transactions:
        check(TRANSACTION_STEP, t)
        steps.append((t["type"], int(t["amount"])))
    if not 0 <= start <= INT32_MAX:
        raise fail("rewarde.out_of_range", f"balance is 0...{INT32_MAX}")
    current = start
    for i, (kind, amount) in enumerate(steps):
        if kind == "earn":
            current = clamp_int32(current + amount)
        elif amount > current:
            raise fail("rewarde.insufficient_balance", f"transactions[{i}] spends more stars than the balance holds")
        else:
            current -= amount
    return current


def family_write(version: int, base: int, user_id: str) -> dict:
    if version < 0 or base < 0 or version > INT32_MAX:
        raise fail("rewarde.out_of_range", f"a version is 0...{INT32_MAX}")
    if base != version:
        raise fail("rewarde.stale_version", f"the write is based on version {base}, the family is at {version}")
    if version == INT32_MAX:
        raise fail("rewarde.out_of_range", "no increment is left")
    return {"version": version + 1, "lastModifiedBy": user_id}


def quota_limits(name: str) -> tuple:
    if name not in QUOTAS:
        raise fail("rewarde.unknown_quota", f"quota is one of {', '.join(QUOTAS)}")
    return QUOTAS[name]


def instants(recent: Any) -> list[int]:
    if not isinstance(recent, list):
        raise malformed('field "recent" must be an array')
    return [_integral(t, "recent") for t in recent]


def quota(name: str, count: int | None, recent: Any, at: int | None) -> dict:
    limit, window, action = quota_limits(name)
    if window is None:
        if count is None:
            raise malformed('field "count" is missing')
        if count < 0:
            raise fail("rewarde.out_of_range", "count is at least 0")
        allowed = count < limit
        return {"allowed": allowed, "action": "none" if allowed else action, "window": []}
    times = instants(recent)
    if at is None:
        raise malformed('field "at" is missing')
    if not 0 <= at <= MAX_SAFE or any(not 0 <= t <= at for t in times):
        raise fail("rewarde.out_of_range", "instants are 0...2^53-1 and none is after the write")
    kept = sorted(t for t in times if t > at - window)
    allowed = len(kept) < limit
    return {"allowed": allowed, "action": "none" if allowed else action, "window": kept + [at] if allowed else kept}


def _check_child_id(cid: str) -> None:
    ok = 1 <= len(cid) <= 128 and all(c.isascii() and (c.isalnum() or c in "-_") for c in cid)
    if not ok:
        raise fail("rewarde.invalid_deep_link", "a child id is 1...128 ASCII letters, digits, - or _")


def format_deep_link(cid: str) -> str:
    _check_child_id(cid)
    return DEEP_LINK_PREFIX + cid


def parse_deep_link(url: str) -> str:
    n = len(DEEP_LINK_PREFIX)
    if len(url) <= n or url[:n].lower() != DEEP_LINK_PREFIX:
        raise fail("rewarde.invalid_deep_link", "a deep link is reward-e://child/{childId}")
    cid = url[n:]
    _check_child_id(cid)
    return cid


def invite_code(typed: str) -> str:
    upper = "".join(c.upper() if "a" <= c <= "z" else c for c in typed)
    if len(upper.encode("utf-8")) != 6:
        raise fail("rewarde.invalid_invite_code", "an invite code is 6 characters")
    if any(c not in INVITE_ALPHABET for c in upper):
        raise fail("rewarde.invalid_invite_code", "an invite code is letters A-Z but I and O, and digits 2-9")
    return upper


def check_subscriptions(subscriptions: Any) -> None:
    if not isinstance(subscriptions, list):
        raise malformed('field "subscriptions" must be an array')
    for s in subscriptions:
        validate("subscription", s)


def family_premium(subscriptions: Any, now: int) -> dict:
    check_subscriptions(subscriptions)
    for i, s in enumerate(subscriptions):
        if s["platform"] == "ios" and s["productId"] not in IOS_PRODUCTS:
            raise fail("rewarde.unknown_product", f"subscriptions[{i}].productId is not a Reward-E iOS product")
    subscriptions = [{**s, "expiresAt": instant_ms(s["expiresAt"], "expiresAt")} if "expiresAt" in s else s
                     for s in subscriptions]  # a Timestamp as epoch ms, rounded up (documents.md §Timestamps)
    owners = [s["ownerId"] for s in subscriptions if s["active"] and ("expiresAt" not in s or s["expiresAt"] > now)]
    owner = min(owners, key=lambda o: o.encode("utf-8")) if owners else None
    return {"premium": owner is not None, "grantedBy": owner}
