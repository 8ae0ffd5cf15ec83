"""Server contracts: the quiet-hours check (specs/quiet-hours.md), with Python's zoneinfo as the
tz database (fail-open: anything missing or malformed in the user document delivers), and the
gentle-reminder rate limit (specs/cloud-functions.md §sendGentleReminderCallable)."""

from __future__ import annotations

import datetime as dt
from typing import Any
from zoneinfo import ZoneInfo, available_timezones

from .contracts import _RFC3339, instant_seconds
from .errors import PortError

_ZONES: set[str] | None = None


def _minute(v: Any) -> int | None:
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        return None
    if isinstance(v, float) and (v != v or v in (float("inf"), float("-inf")) or not v.is_integer()):
        return None
    if not 0 <= v <= 1439:
        return None
    return int(v)


def _zone(name: Any) -> ZoneInfo | None:
    """A zone the tz database knows, spelled as it spells it (no file paths, no offsets)."""
    global _ZONES
    if _ZONES is None:
        _ZONES = available_timezones() | {"UTC"}
    if not isinstance(name, str) or name not in _ZONES:
        return None
    return ZoneInfo(name)


def quiet(user: Any, instant: str) -> bool:
    seconds = instant_seconds(instant)  # a bad instant is a request error (D-QH-06)
    if not isinstance(user, dict) or user.get("quietHoursEnabled") is not True:
        return False
    start, end = _minute(user.get("quietHoursStartMinutes")), _minute(user.get("quietHoursEndMinutes"))
    zone = _zone(user.get("timezone"))
    if start is None or end is None or zone is None:
        return False
    return in_window(local_minute(seconds, zone), start, end)


def local_minute(seconds: int, zone: ZoneInfo) -> int:
    """The wall-clock minute of the day in `zone` at the instant (the offset in force then)."""
    local = dt.datetime.fromtimestamp(seconds, dt.timezone.utc).astimezone(zone)
    return local.hour * 60 + local.minute


def in_window(m: int, start: int, end: int) -> bool:
    """Start inclusive, end exclusive; start > end wraps past midnight; start == end is empty."""
    if start < end:
        return start <= m < end
    if start > end:
        return m >= start or m < end
    return False


def _instant_nanos(text: str) -> int:
    """Nanoseconds since 1970 as an unbounded int (years 0001-9999 need more than 64 bits)."""
    seconds = instant_seconds(text)
    fraction = _RFC3339.fullmatch(text).group(7) or ""
    return seconds * 10**9 + int(fraction.ljust(9, "0"))


def _stored_counter(record: Any) -> tuple[int, int] | None:
    """(windowStart nanos, count) of a well-formed counter, else None (D-CF-08)."""
    if not isinstance(record, dict):
        return None
    w, c = record.get("windowStart"), record.get("count")
    if not isinstance(w, dict) or len(w) != 1 or not isinstance(w.get("timestampValue"), str):
        return None
    if isinstance(c, bool) or not isinstance(c, (int, float)) or c != c or c in (float("inf"), float("-inf")):
        return None
    if c != int(c) or not 0 <= c <= 1_000_000:
        return None
    try:
        return _instant_nanos(w["timestampValue"]), int(c)
    except PortError:
        return None


def gentle_reminder_limit(record: Any, now_text: str) -> dict[str, Any]:
    """sendGentleReminderCallable's limit (specs/cloud-functions.md §sendGentleReminderCallable,
    D-CF-05..08): 5 per window of an hour from windowStart; retryAfterMinutes rounded up."""
    now = _instant_nanos(now_text)
    stored = _stored_counter(record)
    hour, minute = 3600 * 10**9, 60 * 10**9
    if stored is None or now >= stored[0] + hour:
        return {"allowed": True, "record": {"windowStart": {"timestampValue": now_text}, "count": 1}}
    start, count = stored
    if count < 5:
        return {"allowed": True, "record": {"windowStart": record["windowStart"], "count": count + 1}}
    return {"allowed": False, "retryAfterMinutes": -(-(start + hour - now) // minute)}
