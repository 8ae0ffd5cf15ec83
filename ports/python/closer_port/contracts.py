"""App contracts outside the wire formats: date keys (specs/date-keys.md), push routing
(specs/push-routing.md) and the invite callables' payloads (specs/callables.md). Written from
the pages; datetime does the calendar arithmetic."""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

from . import argon2, encoding, pairing
from .errors import PortError

# --- date keys --------------------------------------------------------------------------

_RFC3339 = re.compile(
    r"([0-9]{4})-([0-9]{2})-([0-9]{2})T([0-9]{2}):([0-9]{2}):([0-9]{2})(?:\.([0-9]{1,9}))?(Z|[+-][0-9]{2}:[0-9]{2})"
)
# dailyQuestion: the document a client reads, the latest 23:00 UTC run (date(now - 23 h));
# assignmentKey: the key the functions write at their run instant (CST_OFFSET_HOURS = -6, no DST);
# reminderDay: the UTC day (specs/date-keys.md, D-DATE-01/03/06).
_KIND_OFFSET_HOURS = {"dailyQuestion": -23, "assignmentKey": -6, "reminderDay": 0}
_EPOCH = dt.date(1970, 1, 1).toordinal()


def _bad_instant(why: str) -> PortError:
    return PortError("decode_error", f"instant is not RFC 3339: {why}", "datekey.invalid_instant")


def instant_seconds(text: str) -> int:
    """Whole seconds since 1970 (the fraction never changes a key: keys floor to the day)."""
    if len(text.encode("utf-8", "surrogatepass")) > 64:
        raise _bad_instant("longer than 64 bytes")
    m = _RFC3339.fullmatch(text)
    if m is None:
        raise _bad_instant("not YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM)")
    year, month, day, hour, minute, second = (int(g) for g in m.groups()[:6])
    zone = m.group(8)
    offset = 0
    if zone != "Z":
        oh, om = int(zone[1:3]), int(zone[4:6])
        if oh > 23 or om > 59:
            raise _bad_instant("offset out of range")
        offset = (oh * 3600 + om * 60) * (-1 if zone[0] == "-" else 1)
    if hour > 23 or minute > 59 or second > 59:
        raise _bad_instant("time out of range (leap seconds are refused)")
    try:
        date = dt.date(year, month, day)  # years 1-9999, real days only
    except ValueError:
        raise _bad_instant("date out of range") from None
    return (date.toordinal() - _EPOCH) * 86400 + hour * 3600 + minute * 60 + second - offset


def date_key(instant: str, kind: str) -> str:
    seconds = instant_seconds(instant)
    if kind not in _KIND_OFFSET_HOURS:
        raise PortError("invalid_parameters", "kind is not dailyQuestion, assignmentKey or reminderDay", "datekey.unknown_kind")
    seconds += _KIND_OFFSET_HOURS[kind] * 3600
    ordinal = seconds // 86400 + _EPOCH
    if not 1 <= ordinal <= dt.date.max.toordinal():
        raise PortError("invalid_parameters", "the key's year is outside 0001-9999", "datekey.out_of_range")
    d = dt.date.fromordinal(ordinal)
    return f"{d.year:04d}-{d.month:02d}-{d.day:02d}"


# --- push routing -----------------------------------------------------------------------

_TYPES = {
    "partner_answered": "PARTNER_ANSWERED",
    "partner_opened_answer": "PARTNER_OPENED_ANSWER",
    "reveal_ready": "REVEAL_READY",
    "partner_started_game": "PARTNER_STARTED_GAME",
    "partner_completed_part": "PARTNER_COMPLETED_PART",
    "partner_finished_game": "GAME_RESULTS_READY",
    "game_results_ready": "GAME_RESULTS_READY",
    "challenge_day_ready": "CHALLENGE_WAITING",
    "challenge_waiting": "CHALLENGE_WAITING",
    "memory_capsule_unlocked": "CAPSULE_UNLOCKED",
    "daily_question": "DAILY_QUESTION_REMINDER",
    "daily_question_reminder": "DAILY_QUESTION_REMINDER",
    "chat_message": "CHAT_MESSAGE",
    "outcome_reminder": "OUTCOME_REMINDER",
    "gentle_reminder": "GENTLE_REMINDER",
    "partner_joined": "PARTNER_JOINED",
    "date_match": "DATE_MATCH",
    "reengagement": "REENGAGEMENT",
    "partner_left": "PARTNER_UNPAIRED",
    "partner_deleted_account": "PARTNER_UNPAIRED",
}
_FIXED = {
    "PARTNER_ANSWERED": "DAILY_QUESTION",
    "CHALLENGE_WAITING": "CONNECTION_CHALLENGES",
    "CAPSULE_UNLOCKED": "MEMORY_LANE",
    "DAILY_QUESTION_REMINDER": "DAILY_QUESTION",
    "OUTCOME_REMINDER": "SETTINGS",
    "GENTLE_REMINDER": "DAILY_QUESTION",
    "DATE_MATCH": "DATE_MATCHES",
    "REENGAGEMENT": "DAILY_QUESTION",
    "PARTNER_UNPAIRED": "HOME",
}
# gameType -> (game route, results route)
_GAMES = {
    "WHEEL": ("SPIN_WHEEL_RANDOM", "wheelComplete"),
    "THIS_OR_THAT": ("THIS_OR_THAT", "thisOrThatReplay"),
    "HOW_WELL": ("HOW_WELL", "howWellReplay"),
    "DESIRE_SYNC": ("DESIRE_SYNC", "desireSyncReplay"),
}


def _route(name: str, **args: str) -> dict[str, Any]:
    return {"name": name, "args": args}


def push_route(data: Any, couple_id: str | None) -> dict[str, Any]:
    if not isinstance(data, dict) or not all(isinstance(v, str) for v in data.values()):
        raise PortError("decode_error", "data is not an object of string members", "push.invalid_payload")

    def arg(name: str) -> str | None:
        return data.get(name) or None  # an empty string counts as absent

    key = arg("type")
    if key is None:
        raise PortError("invalid_parameters", "the payload has no type", "push.missing_type")
    kind = _TYPES.get(key)
    if kind is None:
        raise PortError("invalid_parameters", "the payload's type maps to no notification type", "push.unknown_type")

    def game(index: int) -> tuple[str, str] | None:
        g = arg("gameType")
        if g is None:
            return None
        if g not in _GAMES:
            raise PortError("invalid_parameters", "gameType is not WHEEL, THIS_OR_THAT, HOW_WELL or DESIRE_SYNC",
                            "push.unknown_game_type")
        return _GAMES[g][index]

    question = arg("questionId")
    couple = couple_id or arg("coupleId")
    if kind in _FIXED:
        route = _route(_FIXED[kind])
    elif kind == "PARTNER_OPENED_ANSWER":
        route = _route("answerReveal", questionId=question) if question else _route("DAILY_QUESTION")
    elif kind == "REVEAL_READY":
        route = _route("answerReveal", questionId=question) if question else _route("ANSWER_HISTORY")
    elif kind in ("PARTNER_STARTED_GAME", "PARTNER_COMPLETED_PART"):
        g = game(0)
        route = _route(g) if g else _route("PLAY")
    elif kind == "GAME_RESULTS_READY":
        g, session = game(1), arg("sessionId")
        route = _route(g, sessionId=session) if g and session else _route("PLAY")
    elif kind == "CHAT_MESSAGE":
        conversation = arg("conversationId")
        route = (_route("conversation", coupleId=couple, conversationId=conversation)
                 if couple and conversation else _route("MESSAGES"))
    else:  # PARTNER_JOINED
        route = _route("pairingSuccess", coupleId=couple) if couple else _route("HOME")
    return {"type": kind, "route": route}


# --- invite callables (specs/callables.md) ----------------------------------------------

# callables.md §The other callables: each schema-only callable's required members, in check order
# ("string": non-empty string; "object"; a tuple: one of these strings).
SCHEMA_ONLY = {
    "sendDailyQuestionReminder": (("userId", "string"),),
    "sendPartnerAnsweredNotification": (),
    "sendGentleReminderCallable": (),
    "submitOutcomeCallable": (("dayKey", ("day_0", "day_30", "day_60", "day_90")), ("answers", "object")),
    "syncEntitlement": (),
    "assignDailyQuestionCallable": (("coupleId", "string"),),
    "checkDeviceIntegrity": (("token", "string"),),
}
CALLABLES = ("createInviteCallable", "acceptInviteCallable", "leaveCoupleCallable", *SCHEMA_ONLY)
MATERIAL = ("wrappedCoupleKey", "kdfSalt", "kdfParams", "recoveryPhrase")
ALIASES = {
    "wrappedCoupleKey": ("wrappedKey",),
    "kdfSalt": ("salt",),
    "kdfParams": ("params",),
    "recoveryPhrase": ("encryptedPhrase", "encryptedRecoveryPhrase"),
}
_CODE = re.compile(r"[A-Za-z0-9]{6}")
_MISSING_MATERIAL = "Invite is missing encryption material"  # the server's message (manual)


class _Refused(Exception):
    def __init__(self, detail: str, https: str, reason: str, message: str | None = None):
        super().__init__(reason)
        self.detail, self.https, self.reason, self.message = detail, https, reason, message or reason


def _material_present(doc: dict) -> None:
    for name in MATERIAL:
        if doc.get(name) is None:
            alias = any(doc.get(a) is not None for a in ALIASES[name])
            raise _Refused("callable.alias_member" if alias else "callable.missing_encryption_material",
                           "failed-precondition", f"{name} is missing" + (" (an alias of it is present)" if alias else ""),
                           _MISSING_MATERIAL)


def _check_code(payload: dict) -> None:
    code = payload.get("code")
    if code is None:
        raise _Refused("callable.missing_code", "invalid-argument", "code is missing")
    if not isinstance(code, str):
        raise _Refused("callable.invalid_member_type", "invalid-argument", "code is not a string")
    if not _CODE.fullmatch(code):
        raise _Refused("callable.invalid_code", "invalid-argument", "code is not 6 ASCII letters or digits")


def _findings(payload: dict) -> list[dict[str, str]]:
    """The members the server stores without looking, through CloserWire's keyless parsers."""
    def wrapped(v: str) -> None:
        if len(v.encode("utf-8")) > pairing.MAX_WRAPPED:
            raise PortError("decode_error", "wrappedCoupleKey is too long", "couplekey.wrapped_too_long")
        if len(encoding.b64decode(v)) < 28:
            raise PortError("decode_error", "wrappedCoupleKey is shorter than IV and tag", "couplekey.wrapped_too_short")

    def salt(v: str) -> None:
        if len(v.encode("utf-8")) > pairing.MAX_KDF_SALT:
            raise PortError("invalid_parameters", "kdfSalt is too long", "couplekey.invalid_salt_length")
        pairing.check_salt(encoding.b64decode(v))

    def phrase_value(v: str) -> None:
        if len(v.encode("utf-8")) > pairing.MAX_INVITE_VALUE:
            raise PortError("decode_error", "recoveryPhrase is too long", "invite.value_too_long")
        if len(encoding.b64decode(v)) < pairing.MIN_INVITE_VALUE:
            raise PortError("decode_error", "recoveryPhrase is shorter than salt, IV and tag", "invite.value_too_short")

    checks = (("wrappedCoupleKey", wrapped), ("kdfSalt", salt), ("kdfParams", argon2.parse_kdf_params),
              ("recoveryPhrase", phrase_value), ("code", pairing.invite_code))
    out = []
    for field, check in checks:
        try:
            check(payload[field])
        except PortError as e:
            out.append({"field": field, "code": e.detail or e.code, "reason": e.message})
    return out


def _schema_only(callable_name: str, payload: dict) -> None:
    """callables.md §The other callables: present and not null, typed, in range, in order."""
    for name, rule in SCHEMA_ONLY[callable_name]:
        value = payload.get(name)
        if value is None:
            raise _Refused("callable.missing_member", "invalid-argument", f"{name} is missing")
        if rule == "object":
            if not isinstance(value, dict):
                raise _Refused("callable.invalid_member_type", "invalid-argument", f"{name} is not an object")
            continue
        if not isinstance(value, str):
            raise _Refused("callable.invalid_member_type", "invalid-argument", f"{name} is not a string")
        if value == "" if rule == "string" else value not in rule:
            raise _Refused("callable.invalid_value", "invalid-argument", f"{name} is out of range")


def validate_callable(callable_name: str, payload: Any, invite: Any, has_invite: bool) -> dict[str, Any]:
    if callable_name not in CALLABLES:
        raise PortError("unsupported", "callable is not one of the ten of specs/callables.md",
                        "callable.unknown_callable")
    try:
        if not isinstance(payload, dict):
            raise _Refused("callable.payload_not_object", "invalid-argument", "the payload is not an object")
        findings: list[dict[str, str]] = []
        if callable_name == "createInviteCallable":
            _material_present(payload)
            for name in MATERIAL:
                if not isinstance(payload[name], str):
                    raise _Refused("callable.invalid_member_type", "invalid-argument", f"{name} is not a string")
            _check_code(payload)
            findings = _findings(payload)
        elif callable_name == "acceptInviteCallable":
            _check_code(payload)
            if has_invite:
                if not isinstance(invite, dict):
                    raise _Refused("callable.payload_not_object", "not-found", "the invite document is not an object")
                if invite.get("status") is not None and invite.get("status") != "pending":
                    raise _Refused("callable.invite_not_pending", "failed-precondition", "the invite is not pending")
                _material_present(invite)
        elif callable_name in SCHEMA_ONLY:
            _schema_only(callable_name, payload)
        return {"valid": True, "findings": findings}
    except _Refused as r:
        return {"valid": False, "detail": r.detail, "reason": r.reason, "httpsError": {"code": r.https, "message": r.message}}
