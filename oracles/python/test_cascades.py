"""Independent check of the couple_leave, account_deletion and game_push_claim suites
(specs/cloud-functions.md §leaveCouple and account deletion, §Game session flags) and of the
gentle_reminder_limit suite's far years (§sendGentleReminderCallable), without CloserSpec: every
answer is recomputed from the page with Python's own types (datetime for the instants, exact
integers for the time left), and broken implementations fail named vectors: a leave that deletes
the couple tree, one that unlinks a partner linked elsewhere, a deletion that deletes a foreign
couple or every invite, a claim that treats a falsy value as unclaimed, one that fails open on a
map that is not a map, one that allows dotted keys, and a rate limit that counts whole seconds
only. The other reading of "Voluntary leave + cleanup" (D-CF-67, specs/manual-conflicts.md:
cleanup deletes the couple tree as account deletion does) passes exactly the manual-reading tests
and fails exactly the pinned tests they replace. So does the manual's order of the game push (D-CF-55:
"The trigger checks the flag, sends if absent, writes the flag.", so a send that fails writes no
flag) on the game_push_claim tests of a failed send.
"""

from __future__ import annotations

import datetime as dt
import json
import math
import pathlib
import re
import unicodedata

import pytest
from readings import selected_tests

VECTORS = pathlib.Path(__file__).resolve().parents[2] / "vectors"
MALFORMED = {"error": "harness.malformed_request"}
RFC3339 = re.compile(r"([0-9]{4})-([0-9]{2})-([0-9]{2})T([0-9]{2}):([0-9]{2}):([0-9]{2})(?:\.([0-9]{1,9}))?(Z|[+-][0-9]{2}:[0-9]{2})",
                     re.ASCII)


def suite_tests(suite, manual=frozenset()):
    doc = json.loads((VECTORS / f"{suite}.json").read_text())
    return selected_tests(doc, manual)


def answer(t):
    """The vector's expectation in the oracle's shape: the output, or {"error": detail}."""
    e = t["expected"]
    return {"error": e["error"]["detail"]} if t["result"] == "invalid" else e


def agrees(oracle, t, **kw):
    """The oracle gives the vector's answer: to its request, or to every step of a flow."""
    if "steps" not in t:
        return oracle(t["input"], **kw) == answer(t)
    return all(oracle(s["input"], **kw) == answer({"result": "invalid" if "error" in s["expected"] else "valid",
                                                   "expected": s["expected"]}) for s in t["steps"])


def is_obj(v):
    return isinstance(v, dict)


def doc_or_null(v):
    return v is None or is_obj(v)


def doc_id(s):
    return isinstance(s, str) and s != "" and "/" not in s


def same(a, b, nfc=False):
    """Ids compare code point for code point (D-CF-62); the nfc mutant compares them normalised."""
    return unicodedata.normalize("NFC", a) == unicodedata.normalize("NFC", b) if nfc else a == b


def couple_id(user):
    c = user.get("coupleId") if is_obj(user) else None
    return c if doc_id(c) else None


def members(couple):
    ids = couple.get("userIds") if is_obj(couple) else None
    return ids if isinstance(ids, list) and all(isinstance(i, str) for i in ids) else None


def partner_of(uid, couple, nfc=False):
    ids = members(couple)
    if ids is None or not any(same(i, uid, nfc) for i in ids):
        return None
    return next((i for i in ids if not same(i, uid, nfc) and doc_id(i)), None)


def unlink(uid):
    return {"kind": "update", "path": f"users/{uid}", "deleteMembers": ["coupleId"]}


def tell(partner, partner_user, cid, kind, writes, pushes, any_partner=False, nfc=False):
    linked = couple_id(partner_user) is not None and same(couple_id(partner_user), cid, nfc)
    if partner is None or (not linked and not any_partner):
        return
    writes += [unlink(partner), {"kind": "add", "path": f"users/{partner}/notification_queue",
                                 "members": {"type": kind, "read": False}, "serverTimestamps": ["createdAt"]}]
    pushes.append({"recipient": partner, "data": {"type": kind}})


def leave(inp, *, delete_couple=False, any_partner=False, nfc=False, cleanup=False):
    caller = inp["caller"]
    if not (caller is None or isinstance(caller, str)) or not all(
            doc_or_null(inp[k]) for k in ("callerUser", "couple", "partnerUser")):
        return MALFORMED
    if caller is None:
        return {"outcome": "unauthenticated", "writes": [], "pushes": []}
    if not doc_id(caller):
        return MALFORMED
    cid = couple_id(inp["callerUser"])
    if cid is None:
        return {"outcome": "noop", "writes": [], "pushes": []}
    writes, pushes = [unlink(caller)], []
    if delete_couple:
        writes.append({"kind": "deleteRecursive", "path": f"couples/{cid}"})
    tell(partner_of(caller, inp["couple"], nfc), inp["partnerUser"], cid, "partner_left", writes, pushes, any_partner,
         nfc)
    couple = inp["couple"]
    if cleanup and (couple is None or caller in (couple.get("userIds") or [])):
        # The other reading of "Voluntary leave + cleanup": the couple tree goes, last, when the
        # couple document is gone or lists the caller (account deletion's rule).
        writes.append({"kind": "deleteRecursive", "path": f"couples/{cid}"})
    return {"outcome": "left", "writes": writes, "pushes": pushes}


def delete_account(inp, *, foreign=False, every_invite=False, nfc=False):
    uid, invites = inp["uid"], inp["invites"]
    if not isinstance(uid, str) or not all(doc_or_null(inp[k]) for k in ("user", "couple", "partnerUser")):
        return MALFORMED
    if not isinstance(invites, list) or not all(
            is_obj(i) and set(i) == {"code", "document"} and isinstance(i["code"], str) and is_obj(i["document"])
            for i in invites):
        return MALFORMED
    if not all(doc_id(i["code"]) for i in invites) or not doc_id(uid):
        return MALFORMED
    writes, pushes = [], []
    cid = couple_id(inp["user"])
    if cid is not None:
        tell(partner_of(uid, inp["couple"], nfc), inp["partnerUser"], cid, "partner_deleted_account", writes, pushes,
             nfc=nfc)
        if foreign or inp["couple"] is None or any(same(i, uid, nfc) for i in members(inp["couple"]) or []):
            writes.append({"kind": "deleteRecursive", "path": f"couples/{cid}"})
    for i in invites:
        d = i["document"]
        inviter = d.get("inviterUserId")
        if every_invite or (d.get("status") == "pending" and isinstance(inviter, str) and same(inviter, uid, nfc)):
            writes.append({"kind": "delete", "path": f"invites/{i['code']}"})
    writes += [{"kind": "delete", "path": f"rate_limits/{uid}_gentle_reminder"},
               {"kind": "deleteRecursive", "path": f"users/{uid}"}]
    return {"writes": writes, "pushes": pushes}


def instant(text):
    """Nanoseconds since 1970 as a Python int (exact for every year), or None if not RFC 3339."""
    m = RFC3339.fullmatch(text) if isinstance(text, str) else None
    if not m:
        return None
    try:
        base = dt.datetime(*map(int, m.groups()[:6]), tzinfo=dt.timezone.utc)
    except ValueError:
        return None
    zone = m.group(8)
    offset = 0 if zone == "Z" else (1 if zone[0] == "+" else -1) * (int(zone[1:3]) * 60 + int(zone[4:6]))
    if zone != "Z" and (int(zone[1:3]) > 23 or int(zone[4:6]) > 59):
        return None
    days = (base.date() - dt.date(1970, 1, 1)).days
    secs = days * 86400 + base.hour * 3600 + base.minute * 60 + base.second - offset * 60
    return secs * 10**9 + int((m.group(7) or "").ljust(9, "0"))


def claim(inp, *, falsy=False, fail_open=False, dotted=False, nfc=False, manual=False):
    """`manual`: the manual's order, "sends if absent, writes the flag": a send that fails writes nothing."""
    session, key, now, fails = inp["session"], inp["key"], inp["now"], inp.get("sendFails")
    if not is_obj(session) or not isinstance(key, str) or not isinstance(now, str):
        return MALFORMED
    if "sendFails" in inp and not isinstance(fails, bool):
        return MALFORMED
    grammar = r"[A-Za-z_][A-Za-z0-9_.]*" if dotted else r"[A-Za-z_][A-Za-z0-9_]*"
    if not re.fullmatch(grammar, key) or len(key) > 64 or re.fullmatch(r"__.*__", key):
        return {"error": "game.invalid_push_key"}
    if instant(now) is None:
        return {"error": "datekey.invalid_instant"}
    sent = session.get("notificationsSent", ...)
    if sent is ...:
        free = True
    elif not is_obj(sent):
        free = fail_open
    else:
        names = [unicodedata.normalize("NFC", k) for k in sent] if nfc else list(sent)
        free = (not sent.get(key)) if falsy else key not in names
    if not free:
        return {"send": False}
    written = not (manual and fails is True)
    out = {"send": True, "update": {f"notificationsSent.{key}": {"timestampValue": now}}} if written else {"send": True}
    if "sendFails" in inp:
        out |= {"delivered": not fails, "flagWritten": written}
    return out


def rate_limit(inp, *, whole_seconds=False):
    record, now_text = inp["record"], inp["now"]
    now = instant(now_text)
    if now is None:
        return {"error": "datekey.invalid_instant"}
    w = record.get("windowStart") if is_obj(record) else None
    c = record.get("count") if is_obj(record) else None
    start = instant(w["timestampValue"]) if is_obj(w) and len(w) == 1 and isinstance(w.get("timestampValue"), str) else None
    ok = start is not None and isinstance(c, (int, float)) and not isinstance(c, bool) and c == int(c) and 0 <= c <= 10**6
    restart = {"allowed": True, "record": {"windowStart": {"timestampValue": now_text}, "count": 1}}
    if not ok or now >= start + 3600 * 10**9:
        return restart
    if c < 5:
        return {"allowed": True, "record": {"windowStart": w, "count": int(c) + 1}}
    left = start + 3600 * 10**9 - now
    minutes = math.ceil(left // 10**9 / 60) if whole_seconds else -(-left // (60 * 10**9))
    return {"allowed": False, "retryAfterMinutes": minutes}


ORACLES = {"couple_leave": leave, "account_deletion": delete_account, "game_push_claim": claim,
           "gentle_reminder_limit": rate_limit}


@pytest.mark.parametrize("suite", sorted(ORACLES))
def test_vectors_agree_with_the_page(suite):
    ts = suite_tests(suite)
    assert len(ts) >= 15
    assert [t["tcId"] for t in ts if not agrees(ORACLES[suite], t)] == []


def test_couple_leave_manual_reading():
    """D-CF-67 both ways: each leave passes its reading's tests and fails exactly the tests
    where the readings differ."""
    pinned, manual = suite_tests("couple_leave"), suite_tests("couple_leave", {"D-CF-67"})
    manual_ids = sorted(t["tcId"] for t in manual if "reading" in t)
    replaced = sorted(r for t in manual if "reading" in t for r in t["reading"]["replaces"])
    assert len(manual_ids) >= 10
    wrong = lambda ts, **kw: sorted(t["tcId"] for t in ts if leave(t["input"], **kw) != answer(t))  # noqa: E731
    assert wrong(manual, cleanup=True) == []
    assert wrong(pinned, cleanup=True) == replaced
    assert wrong(manual) == manual_ids


def test_game_push_manual_reading():
    """D-CF-55 both ways: claim-then-send and send-then-write each pass their reading's tests and
    fail exactly the other reading's."""
    pinned, manual = suite_tests("game_push_claim"), suite_tests("game_push_claim", {"D-CF-55"})
    ids = lambda ts: sorted(t["tcId"] for t in ts if "reading" in t)  # noqa: E731
    wrong = lambda ts, **kw: sorted(t["tcId"] for t in ts if not agrees(claim, t, **kw))  # noqa: E731
    assert len(ids(manual)) >= 2 and len(ids(pinned)) >= 2
    assert wrong(manual, manual=True) == []
    assert wrong(pinned, manual=True) == ids(pinned)
    assert wrong(manual) == ids(manual)


def test_game_push_retry_reads_what_the_failed_send_left():
    """A retry's session is the first attempt's session with its update applied (none when the
    manual's order wrote no flag)."""
    flows = [t for t in suite_tests("game_push_claim") + suite_tests("game_push_claim", {"D-CF-55"})
             if "steps" in t]
    assert len(flows) == 2
    for t in flows:
        first, retry = t["steps"]
        left = json.loads(json.dumps(first["input"]["session"]))
        for path, value in first["expected"].get("update", {}).items():
            left.setdefault("notificationsSent", {})[path.split(".", 1)[1]] = value
        assert retry["input"]["session"] == left, t["tcId"]


def test_far_years_are_present():
    far = [t for t in suite_tests("gentle_reminder_limit") if "FarYears" in t["flags"]]
    years = {t["input"]["record"]["windowStart"]["timestampValue"][:4] for t in far}
    assert years == {"0001", "9999"} and any(t["expected"].get("retryAfterMinutes", 0) > 2**31 for t in far)


@pytest.mark.parametrize(
    "suite, mutant, flag",
    [("couple_leave", {"delete_couple": True}, "KeepCouple"), ("couple_leave", {"any_partner": True}, "LinkedPartner"),
     ("account_deletion", {"foreign": True}, "ForeignCouple"),
     ("account_deletion", {"every_invite": True}, "PendingInvites"),
     ("game_push_claim", {"falsy": True}, "AlreadyClaimed"), ("game_push_claim", {"fail_open": True}, "FailClosed"),
     ("game_push_claim", {"dotted": True}, "InvalidKey"),
     ("couple_leave", {"nfc": True}, "ExactIds"), ("account_deletion", {"nfc": True}, "ExactIds"),
     ("game_push_claim", {"nfc": True}, "ExactIds"),
     ("gentle_reminder_limit", {"whole_seconds": True}, "RetryAfter")],
)
def test_vectors_catch_a_broken_implementation(suite, mutant, flag):
    caught = [t for t in suite_tests(suite) if not agrees(ORACLES[suite], t, **mutant)]
    assert any(flag in t["flags"] for t in caught), f"{mutant} is caught by no {flag} vector"
