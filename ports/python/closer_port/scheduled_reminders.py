"""What one run of the scheduled senders sends for one couple (specs/cloud-functions.md §The
scheduled reminders, D-CF-77..87): re-engagement, 30/60/90 outcomes, challenge days, capsule
unlocks. Written from the page."""

from __future__ import annotations

from typing import Any

from . import invites, reminders, server_contracts

DAY_NS = 86400 * 10**9
DAY_KEYS = ("day_30", "day_60", "day_90")


def _ns(text: str) -> int:
    seconds, nanos = invites._instant(text)  # datekey.invalid_instant for a bad text
    return seconds * 10**9 + nanos


def _stored(doc: dict, member: str) -> int | None:
    """A {timestampValue} member as nanoseconds; None when absent, null or another type."""
    return reminders._ns(doc.get(member))


def elapsed_days(start: int, run: int) -> int:
    """Whole 24-hour periods, floored toward negative infinity (D-CF-78)."""
    return (run - start) // DAY_NS


def _sent(recipients: list[tuple[str, str]], **extra: Any) -> dict[str, Any]:
    return {"send": True, **extra, "writes": [invites._queue_record(uid, kind) for uid, kind in recipients],
            "pushes": [{"recipient": uid, "data": {"type": kind}} for uid, kind in recipients]}


def _skip(reason: str, **extra: Any) -> dict[str, Any]:
    return {"send": False, "skip": reason, **extra, "writes": [], "pushes": []}


def _object(value: Any, name: str, each=None, what: str = "an object") -> dict:
    if not isinstance(value, dict) or (each is not None and not all(each(v) for v in value.values())):
        raise invites._malformed(name, f"must be {what}")
    return value


def reengagement(run: str, couple_id: str, couple: Any, users: Any) -> dict[str, Any]:
    couple = _object(couple, "couple")
    users = _object(users, "users", lambda v: isinstance(v, dict), "an object of objects")
    invites.document_id(couple_id, "coupleId")
    now = _ns(run)
    last = _stored(couple, "lastAnsweredAt")
    if last is None or not 3 <= elapsed_days(last, now) <= 10:
        return _skip("not_quiet", quiet=[])
    ms = reminders.couple_members(couple)
    if not ms:
        return _skip("no_members", quiet=[])
    quiet = [m for m in ms if server_contracts.quiet(users.get(m), run)]
    to = [m for m in ms if m not in quiet]
    if not to:
        return _skip("quiet_hours", quiet=quiet)
    return _sent([(m, "reengagement") for m in to], quiet=quiet)


def outcome(run: str, couple_id: str, couple: Any, outcomes: Any) -> dict[str, Any]:
    couple = _object(couple, "couple")
    outcomes = _object(outcomes, "outcomes", lambda v: isinstance(v, list) and all(isinstance(i, str) for i in v),
                       "an object of arrays of strings")
    invites.document_id(couple_id, "coupleId")
    now = _ns(run)
    created = _stored(couple, "createdAt")
    if created is None:
        return _skip("no_start")
    key = f"day_{elapsed_days(created, now)}"
    if key not in DAY_KEYS:
        return _skip("not_checkpoint")
    ms = reminders.couple_members(couple)
    if not ms:
        return _skip("no_members")
    due = [m for m in ms if key not in outcomes.get(m, [])]
    if not due:
        return _skip("submitted")
    return _sent([(m, "outcome_reminder") for m in due], dayKey=key)


def _completed_value(v: Any) -> bool:
    return not isinstance(v, bool) and isinstance(v, (int, float)) and v == int(v) and 0 <= v <= 366


def challenge_day(run: str, couple_id: str, started_at: str, total_days: int, completed: Any,
                  couple: Any) -> dict[str, Any]:
    if not 1 <= total_days <= 366:
        raise invites._malformed("totalDays", "must be in 1...366")
    completed = _object(completed, "completed", _completed_value, "an object of integers in 0...366")
    couple = _object(couple, "couple")
    invites.document_id(couple_id, "coupleId")
    now = _ns(run)
    day = elapsed_days(_ns(started_at), now) + 1
    if day < 1:
        return _skip("not_started")
    if day > total_days:
        return _skip("finished")
    ms = reminders.couple_members(couple)
    if not ms:
        return _skip("no_members")
    done = {m: completed.get(m, 0) >= day for m in ms}
    to = [(m, "challenge_waiting" if any(done[o] for o in ms if o != m) else "challenge_day_ready")
          for m in ms if not done[m]]
    if not to:
        return _skip("all_done")
    return _sent(to, day=day)


def capsule_unlock(run: str, couple_id: str, capsule_id: str, unlock_at: str, unlocked: Any,
                   couple: Any) -> dict[str, Any]:
    if not isinstance(unlocked, bool):
        raise invites._malformed("unlocked", "must be true or false")
    couple = _object(couple, "couple")
    invites.document_id(couple_id, "coupleId")
    invites.document_id(capsule_id, "capsuleId")
    now = _ns(run)
    if now < _ns(unlock_at):
        return _skip("locked")
    if unlocked:
        return _skip("already_unlocked")
    ms = reminders.couple_members(couple)
    if not ms:
        return _skip("no_members")
    return _sent([(m, "memory_capsule_unlocked") for m in ms])
