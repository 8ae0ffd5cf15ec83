"""sendDailyQuestionProactiveReminder's decision for one daily question
(specs/cloud-functions.md §sendDailyQuestionProactiveReminder, D-CF-75..77). Written from the page."""

from __future__ import annotations

from typing import Any

from . import invites

HORIZON_NS = 3 * 3600 * 10**9  # D-CF-75
TYPE = "daily_question_reminder"  # D-CF-77


def _ns(value: Any) -> int | None:
    """A {timestampValue} as nanoseconds since 1970, or None (not a timestamp)."""
    if not isinstance(value, dict) or list(value) != ["timestampValue"] or not isinstance(value["timestampValue"], str):
        return None
    try:
        seconds, nanos = invites._instant(value["timestampValue"])
    except Exception:
        return None
    return seconds * 10**9 + nanos


def due(now: int, expires: int) -> bool:
    """expiresAt in (run, run + 3 h] (D-CF-75)."""
    return now < expires <= now + HORIZON_NS


def couple_members(couple: dict) -> list[str]:
    """Every member of userIds that is a document id, once, in order (D-CF-77)."""
    ids = couple.get("userIds")
    members: list[str] = []
    if isinstance(ids, list) and all(isinstance(i, str) for i in ids):
        for uid in ids:
            if uid and "/" not in uid and uid not in members:
                members.append(uid)
    return members


def _skip(reason: str) -> dict[str, Any]:
    return {"send": False, "skip": reason, "writes": [], "pushes": []}


def proactive(run: str, couple_id: str, question_date: str, question: Any, auto_claimed: Any, gentle_sent: Any,
              answers: Any, couple: Any) -> dict[str, Any]:
    if not isinstance(question, dict):
        raise invites._malformed("question", "must be an object")
    for name, v in (("autoClaimed", auto_claimed), ("gentleSent", gentle_sent)):
        if not isinstance(v, bool):
            raise invites._malformed(name, "must be true or false")
    if not isinstance(answers, list) or not all(isinstance(a, str) for a in answers):
        raise invites._malformed("answers", "must be an array of strings")
    if not isinstance(couple, dict):
        raise invites._malformed("couple", "must be an object")
    invites.document_id(couple_id, "coupleId")
    invites.document_id(question_date, "questionDate")
    seconds, nanos = invites._instant(run)
    now = seconds * 10**9 + nanos
    expires = _ns(question.get("expiresAt"))
    if expires is None or not due(now, expires):
        return _skip("not_due")
    if auto_claimed:
        return _skip("already_claimed")
    if gentle_sent:
        return _skip("gentle_sent")
    if answers:
        return _skip("answered")
    members = couple_members(couple)
    if not members:
        return _skip("no_members")
    writes = [{"kind": "create", "path": f"couples/{couple_id}/daily_reminders/auto_{question_date}", "members": {},
               "serverTimestamps": ["claimedAt"]}]
    writes += [invites._queue_record(uid, TYPE) for uid in members]
    return {"send": True, "writes": writes, "pushes": [{"recipient": uid, "data": {"type": TYPE}} for uid in members]}
