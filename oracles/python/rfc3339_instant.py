"""RFC 3339 instants as the contract pages read them (specs/date-keys.md §Instant): a UTC datetime
to the second plus nanoseconds, or None for text that is not an instant. Shared by the oracles of
the invite contracts."""

from __future__ import annotations

import re
from datetime import datetime, timezone

RFC3339 = re.compile(r"^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(?:\.(\d{1,9}))?(Z|[+-]\d{2}:\d{2})$")


def instant(text):
    """(UTC datetime to the second, nanoseconds) or None."""
    m = RFC3339.match(text) if isinstance(text, str) else None
    if not m:
        return None
    try:
        whole = datetime.fromisoformat(m[1] + m[3].replace("Z", "+00:00")).astimezone(timezone.utc)
    except ValueError:
        return None
    return whole, int(((m[2] or "") + "000000000")[:9])


EPOCH = datetime(1970, 1, 1, tzinfo=timezone.utc)


def nanos(text):
    """Nanoseconds since 1970, or None for text that is not an instant."""
    parsed = instant(text)
    if parsed is None:
        return None
    whole, fraction = parsed
    delta = whole - EPOCH
    return (delta.days * 86400 + delta.seconds) * 10**9 + fraction
