"""Unstoppable's /v1 REST contract, the Flask side (specs/profiles/unstoppable/payloads.md,
webhook.md), written from the pages: body validation with named errors, the values the client
writes (routineTime, a progress's local date) and the RevenueCat webhook ledger with event
idempotency and out-of-order protection.

Order of checks (payloads.md §"Order of checks"): not an object, unknown members (sorted by name),
missing required members (declaration order), empty partial update, then each present member in
declaration order — type, then format or range — depth first.
"""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

from .contracts import instant_seconds
from .errors import fail

PAYMENT_OPTIONS = ("annual", "monthly", "skip", "dismiss")
SUBSCRIPTION_STATES = ("none", "active", "cancelled", "billing_issue", "expired")
SUBSCRIPTION_SOURCES = ("none", "app", "webhook")
MAX_MS = 2**53 - 1
MAX_TASKS = 100
MAX_OFFSET_MINUTES = 14 * 60

_HHMM = re.compile(r"([01][0-9]|2[0-3]):[0-5][0-9]")
_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")


# --- shapes: ("str", lo, hi) ("bool",) ("int", lo, hi) ("enum", values) ("time",) ("date",)
#     ("array", shape, max) ("object", members, open, non_empty) ("null|", shape)
def _obj(members, open_=False, non_empty=False):
    return ("object", members, open_, non_empty)


def _req(name, shape):
    return (name, shape, True)


def _opt(name, shape):
    return (name, shape, False)


_ID = ("str", 1, 128)
_TEXT = ("str", 1, 200)
_COUNT = ("int", 0, MAX_TASKS)
_MS = ("int", 0, MAX_MS)
_PROFILE_MEMBERS = [
    _opt("nickname", ("str", 1, 64)), _opt("ageGroup", ("str", 1, 32)), _opt("gender", ("str", 1, 32)),
    _opt("notificationsEnabled", ("bool",)), _opt("termsAccepted", ("bool",)), _opt("termsOver16Accepted", ("bool",)),
    _opt("termsMarketingAccepted", ("bool",)), _opt("paymentOption", ("enum", PAYMENT_OPTIONS)),
]
_TASK = _obj([_req("id", _ID), _req("title", _TEXT), _req("isCompleted", ("bool",))])
ROUTINE = _obj([_req("routineTime", ("time",)), _req("tasks", ("array", _TASK, MAX_TASKS))])
PROGRESS = _obj([_req("date", ("date",)), _req("completed", _COUNT), _req("total", _COUNT),
                 _req("completedTaskIds", ("array", _ID, MAX_TASKS))])
_SUBSCRIPTION_MEMBERS = [
    _req("state", ("enum", SUBSCRIPTION_STATES)), _req("isActive", ("bool",)), _req("willRenew", ("bool",)),
    _req("productId", ("null|", _ID)), _req("entitlementIds", ("array", _ID, MAX_TASKS)),
    _req("expiresAtMs", ("null|", _MS)),
]
SUBSCRIPTION = _obj(_SUBSCRIPTION_MEMBERS + [
    _req("source", ("enum", SUBSCRIPTION_SOURCES)), _req("lastEventId", ("null|", _ID)),
    _req("lastEventTimestampMs", ("null|", _MS))])
_EVENT = _obj([
    _req("id", _ID), _req("type", ("str", 1, 64)), _req("event_timestamp_ms", _MS), _req("app_user_id", _ID),
    _opt("product_id", ("null|", _ID)), _opt("entitlement_ids", ("null|", ("array", _ID, MAX_TASKS))),
    _opt("expiration_at_ms", ("null|", _MS))], open_=True)
WEBHOOK = _obj([_req("api_version", ("str", 1, 16)), _req("event", _EVENT)], open_=True)

BODIES = {
    ("POST /v1/user/profile", "request"): _obj(_PROFILE_MEMBERS, non_empty=True),
    ("PUT /v1/routines/current", "request"): ROUTINE,
    ("POST /v1/progress/daily", "request"): PROGRESS,
    ("POST /v1/payments/subscription/snapshot", "request"): _obj(_SUBSCRIPTION_MEMBERS),
    ("POST /v1/payments/revenuecat/webhook", "request"): WEBHOOK,
    ("GET /v1/bootstrap", "response"): _obj([
        _req("userId", _ID), _req("profile", _obj(_PROFILE_MEMBERS)), _req("isProfileComplete", ("bool",)),
        _req("profileCompletion", ("int", 0, 100)), _req("routine", ("null|", ROUTINE)),
        _req("streak", _obj([_req("currentDays", _MS), _req("longestDays", _MS)])),
        _req("progress", _obj([_req("today", ("null|", PROGRESS))])), _req("subscription", SUBSCRIPTION)]),
    ("GET /v1/user/subscription", "response"): SUBSCRIPTION,
}


def parse_routine_time(text: str) -> tuple[int, int]:
    """Exactly HH:mm (strptime's %H:%M would take 7:05)."""
    if not _HHMM.fullmatch(text) or not text.isascii():
        raise fail("unstoppable.invalid_routine_time", "routineTime is HH:mm, 00:00...23:59, two digits each")
    return int(text[:2]), int(text[3:])


def parse_date(text: str) -> dt.date:
    """Exactly yyyy-MM-dd of a real date (date.fromisoformat alone would take 20260301)."""
    if not _DATE.fullmatch(text) or not text.isascii():
        raise fail("unstoppable.invalid_date", "date is yyyy-MM-dd, a real Gregorian date")
    try:
        return dt.date(int(text[:4]), int(text[5:7]), int(text[8:]))
    except ValueError:
        raise fail("unstoppable.invalid_date", "date is yyyy-MM-dd, a real Gregorian date") from None


def _is_integer(v: Any) -> bool:
    return not isinstance(v, bool) and (isinstance(v, int) or (isinstance(v, float) and v.is_integer()))


def _wrong(path: str, what: str):
    return fail("unstoppable.wrong_type", f"{path} must be {what}")


def check(shape: tuple, v: Any, path: str) -> None:
    kind = shape[0]
    if kind == "null|":
        if v is not None:
            check(shape[1], v, path)
    elif kind in ("str", "enum", "time", "date"):
        if not isinstance(v, str):
            raise _wrong(path, "a string")
        if kind == "str" and not shape[1] <= len(v) <= shape[2]:
            raise fail("unstoppable.out_of_range", f"{path} is {shape[1]}...{shape[2]} characters")
        if kind == "enum" and v not in shape[1]:
            raise fail("unstoppable.unknown_enum_value", f"{path} is one of {', '.join(shape[1])}")
        if kind == "time":
            parse_routine_time(v)
        if kind == "date":
            parse_date(v)
    elif kind == "bool":
        if not isinstance(v, bool):
            raise _wrong(path, "a boolean")
    elif kind == "int":
        if not _is_integer(v) or abs(v) > MAX_MS:
            raise _wrong(path, "an integer")
        if not shape[1] <= v <= shape[2]:
            raise fail("unstoppable.out_of_range", f"{path} is {shape[1]}...{shape[2]}")
    elif kind == "array":
        if not isinstance(v, list):
            raise _wrong(path, "an array")
        if len(v) > shape[2]:
            raise fail("unstoppable.out_of_range", f"{path} has at most {shape[2]} items")
        for i, item in enumerate(v):
            check(shape[1], item, f"{path}[{i}]")
    else:
        if not isinstance(v, dict):
            raise _wrong(path, "an object")
        _check_object(shape, v, path)


def _check_object(shape: tuple, v: dict, path: str) -> None:
    _, members, open_, non_empty = shape
    prefix = f"{path}." if path else ""
    names = [m[0] for m in members]
    if not open_:
        for name in sorted(v, key=lambda s: s.encode("utf-16-be")):
            if name not in names:
                raise fail("unstoppable.unknown_field", f"{prefix}{name} is not a member of this body")
    for name, _, required in members:
        if required and name not in v:
            raise fail("unstoppable.missing_field", f"{prefix}{name} is required")
    if non_empty and not v:
        raise fail("unstoppable.empty_update", "a partial update sets at least one member")
    for name, member_shape, _ in members:
        if name in v:
            check(member_shape, v[name], prefix + name)


def validate(endpoint: str, message: str, body: Any) -> list[str]:
    shape = BODIES.get((endpoint, message))
    if shape is None:
        raise fail("unstoppable.unknown_endpoint", f"no {message} body is pinned for {endpoint}")
    if not isinstance(body, dict):
        raise fail("unstoppable.not_an_object", f"a {message} body is a JSON object")
    check(shape, body, "")
    return sorted(body, key=lambda s: s.encode("utf-16-be"))


def routine_time(hour: int, minute: int) -> str:
    if not (0 <= hour <= 23 and 0 <= minute <= 59):
        raise fail("unstoppable.out_of_range", "a routine time has hour 0...23 and minute 0...59")
    return f"{hour:02d}:{minute:02d}"


def day_key(instant: str, offset_minutes: int) -> str:
    seconds = instant_seconds(instant)
    if abs(offset_minutes) > MAX_OFFSET_MINUTES:
        raise fail("unstoppable.invalid_utc_offset", "a UTC offset is -840...840 minutes")
    ordinal = dt.date(1970, 1, 1).toordinal() + (seconds + offset_minutes * 60) // 86400
    if not 1 <= ordinal <= dt.date.max.toordinal():
        raise fail("datekey.out_of_range", "the local day's year is outside 0001...9999")
    return dt.date.fromordinal(ordinal).isoformat()
