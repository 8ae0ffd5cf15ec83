"""Server contracts: the quiet-hours check (specs/quiet-hours.md), with Python's zoneinfo as the
tz database. Fail-open: anything missing or malformed in the user document delivers."""

from __future__ import annotations

import datetime as dt
from typing import Any
from zoneinfo import ZoneInfo, available_timezones

from .contracts import instant_seconds

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
