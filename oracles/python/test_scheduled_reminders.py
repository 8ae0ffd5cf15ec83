"""Independent check of the scheduled_reminders suite (specs/cloud-functions.md §The scheduled
reminders) without CloserSpec: every expected answer is recomputed from the page with Python's
`datetime` (day counts on nanoseconds, floored) and `zoneinfo` (the re-engagement sender's quiet
hours), and realistically broken senders each fail named vectors: a truncating day count, ten
quiet days exclusive, a checkpoint read as "at least 30 days", challenge_waiting and
challenge_day_ready swapped, the quiet-hours check left out, uids compared after NFC, a capsule
opened only after its unlock instant.
"""

from __future__ import annotations

import json
import pathlib
import unicodedata
from datetime import datetime
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

import pytest

from rfc3339_instant import nanos

VECTORS = pathlib.Path(__file__).resolve().parents[2] / "vectors"
DAY = 86400 * 10**9




def stored(doc, member):
    v = doc.get(member)
    if isinstance(v, dict) and list(v) == ["timestampValue"]:
        return nanos(v["timestampValue"])
    return None


def elapsed(start, run, truncate=False):
    d = run - start
    if truncate:
        return int(d / DAY) if abs(d) < 2**52 else (abs(d) // DAY) * (1 if d >= 0 else -1)
    return d // DAY


def members(couple):
    ids = couple.get("userIds")
    out = []
    if isinstance(ids, list) and all(isinstance(i, str) for i in ids):
        for i in ids:
            if i and "/" not in i and i not in out:
                out.append(i)
    return out


def entry(obj, uid, nfc=False):
    if nfc:
        for k, v in obj.items():
            if unicodedata.normalize("NFC", k) == unicodedata.normalize("NFC", uid):
                return v
        return None
    return obj.get(uid)


def in_quiet_hours(user, run):
    """quiet-hours.md's recipientInQuietHours, fail-open."""
    if not isinstance(user, dict) or user.get("quietHoursEnabled") is not True:
        return False
    start, end, zone = user.get("quietHoursStartMinutes"), user.get("quietHoursEndMinutes"), user.get("timezone")
    for m in (start, end):
        if isinstance(m, bool) or not isinstance(m, (int, float)) or m != int(m) or not 0 <= m <= 1439:
            return False
    if not isinstance(zone, str) or not zone:
        return False
    try:
        tz = ZoneInfo(zone)
    except (ZoneInfoNotFoundError, ValueError):
        return False
    local = datetime.fromtimestamp(run // 10**9, tz)
    minute = local.hour * 60 + local.minute
    start, end = int(start), int(end)
    if start < end:
        return start <= minute < end
    if start > end:
        return minute >= start or minute < end
    return False


def reminded(recipients):
    writes = [{"kind": "add", "path": f"users/{uid}/notification_queue", "members": {"type": t, "read": False},
               "serverTimestamps": ["createdAt"]} for uid, t in recipients]
    return {"writes": writes, "pushes": [{"recipient": uid, "data": {"type": t}} for uid, t in recipients]}


def skipped(reason, **extra):
    return {"send": False, "skip": reason, **extra, "writes": [], "pushes": []}


def reengagement(f, broken=()):
    run = nanos(f["run"])
    last = stored(f["couple"], "lastAnsweredAt")
    days = None if last is None else elapsed(last, run, "truncate" in broken)
    upper = 9 if "ten-exclusive" in broken else 10
    if days is None or not 3 <= days <= upper:
        return skipped("not_quiet", quiet=[])
    ms = members(f["couple"])
    if not ms:
        return skipped("no_members", quiet=[])
    quiet = [] if "no-quiet-check" in broken else [
        m for m in ms if in_quiet_hours(entry(f["users"], m, "nfc" in broken), run)]
    to = [m for m in ms if m not in quiet]
    if not to:
        return skipped("quiet_hours", quiet=quiet)
    return {"send": True, "quiet": quiet, **reminded([(m, "reengagement") for m in to])}


def outcome(f, broken=()):
    run = nanos(f["run"])
    created = stored(f["couple"], "createdAt")
    if created is None:
        return skipped("no_start")
    days = elapsed(created, run, "truncate" in broken)
    hit = [n for n in (30, 60, 90) if (days >= n if "at-least" in broken else days == n)]
    if not hit:
        return skipped("not_checkpoint")
    key = f"day_{hit[-1]}"
    ms = members(f["couple"])
    if not ms:
        return skipped("no_members")
    due = [m for m in ms if key not in (entry(f["outcomes"], m, "nfc" in broken) or [])]
    if not due:
        return skipped("submitted")
    return {"send": True, "dayKey": key, **reminded([(m, "outcome_reminder") for m in due])}


def challenge(f, broken=()):
    day = elapsed(nanos(f["startedAt"]), nanos(f["run"]), "truncate" in broken) + 1
    if day < 1:
        return skipped("not_started")
    if day > f["totalDays"]:
        return skipped("finished")
    ms = members(f["couple"])
    if not ms:
        return skipped("no_members")
    done = {m: (f["completed"].get(m) or 0) >= day for m in ms}
    ready, waiting = "challenge_day_ready", "challenge_waiting"
    if "swap" in broken:
        ready, waiting = waiting, ready
    to = [(m, waiting if any(done[o] for o in ms if o != m) else ready) for m in ms if not done[m]]
    if not to:
        return skipped("all_done")
    return {"send": True, "day": day, **reminded(to)}


def capsule(f, broken=()):
    run, at = nanos(f["run"]), nanos(f["unlockAt"])
    if (run <= at) if "strictly-passed" in broken else (run < at):
        return skipped("locked")
    if f["unlocked"]:
        return skipped("already_unlocked")
    ms = members(f["couple"])
    if not ms:
        return skipped("no_members")
    return {"send": True, **reminded([(m, "memory_capsule_unlocked") for m in ms])}


OPS = {"reminder.reengagement": reengagement, "reminder.outcome": outcome, "reminder.challengeDay": challenge,
       "reminder.capsuleUnlock": capsule}


def valid_tests():
    data = json.loads((VECTORS / "scheduled_reminders.json").read_text(encoding="utf-8"))
    for group in data["testGroups"]:
        for t in group["tests"]:
            if t["result"] == "valid":
                yield t


def canonical(output):
    return json.dumps(output, sort_keys=True, ensure_ascii=False)


def test_the_suite_is_there():
    tests = list(valid_tests())
    assert len(tests) >= 55, "scheduled_reminders.json lost its valid tests"
    assert {t["op"] for t in tests} == set(OPS)


@pytest.mark.parametrize("test", list(valid_tests()), ids=lambda t: f"tc{t['tcId']}")
def test_expected_answer_recomputed(test):
    assert canonical(OPS[test["op"]](test["input"])) == canonical(test["expected"]), test["comment"]


BROKEN = {
    "truncate": ("the day count truncated toward zero", {"reminder.challengeDay"}),
    "ten-exclusive": ("ten quiet days out", {"reminder.reengagement"}),
    "at-least": ("a checkpoint read as 'at least N days'", {"reminder.outcome"}),
    "swap": ("challenge_waiting and challenge_day_ready swapped", {"reminder.challengeDay"}),
    "no-quiet-check": ("the re-engagement quiet-hours check left out", {"reminder.reengagement"}),
    "nfc": ("uids compared after NFC", {"reminder.outcome"}),
    "strictly-passed": ("a capsule opened only after its instant, not at it", {"reminder.capsuleUnlock"}),
}


@pytest.mark.parametrize("broken", sorted(BROKEN))
def test_a_broken_sender_fails_named_vectors(broken):
    what, ops = BROKEN[broken]
    failing = [t["tcId"] for t in valid_tests()
               if canonical(OPS[t["op"]](t["input"], (broken,))) != canonical(t["expected"])]
    assert failing, f"no vector catches a sender with {what}"
    caught_ops = {t["op"] for t in valid_tests() if t["tcId"] in failing}
    assert caught_ops & ops, f"{what}: caught only in {caught_ops}"
