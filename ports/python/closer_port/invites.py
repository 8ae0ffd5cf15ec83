"""createInviteCallable's server side and the partner_joined notification of an accept
(specs/cloud-functions.md §createInviteCallable server behaviour, §partner_joined). Written from
the page; the payload checks are contracts.validate_callable's (specs/callables.md)."""

from __future__ import annotations

import datetime as dt
from typing import Any

from . import contracts
from .errors import PortError, malformed

INVITE_TTL_SECONDS = 24 * 3600  # D-CONTRACTS-06


def _malformed(name: str, why: str) -> PortError:
    return malformed(f'field "{name}" {why}')


def document_id(value: Any, name: str) -> str:
    if not isinstance(value, str) or value == "" or "/" in value:
        raise _malformed(name, "must be a document id (non-empty, no \"/\")")
    return value


def _instant(text: str) -> tuple[int, int]:
    """(seconds since 1970, nanoseconds) of an RFC 3339 text (datekey.invalid_instant otherwise)."""
    seconds = contracts.instant_seconds(text)
    fraction = contracts._RFC3339.fullmatch(text).group(7) or ""
    return seconds, int(fraction.ljust(9, "0")) if fraction else 0


def utc_text(seconds: int, nanos: int) -> str:
    """UTC text, the fraction without trailing zeros (D-CF-35)."""
    day, rest = divmod(seconds, 86400)
    date = dt.date.fromordinal(day + dt.date(1970, 1, 1).toordinal())
    text = f"{date.year:04d}-{date.month:02d}-{date.day:02d}T{rest // 3600:02d}:{rest // 60 % 60:02d}:{rest % 60:02d}"
    if nanos:
        text += "." + f"{nanos:09d}".rstrip("0")
    return text + "Z"


def _ts(seconds: int, nanos: int) -> dict[str, str]:
    return {"timestampValue": utc_text(seconds, nanos)}


def _queue_record(uid: str, kind: str) -> dict[str, Any]:
    return {"kind": "add", "path": f"users/{uid}/notification_queue",
            "members": {"type": kind, "read": False}, "serverTimestamps": ["createdAt"]}


def _refused(outcome: str, reason: str) -> dict[str, Any]:
    return {"outcome": outcome, "reason": reason, "writes": []}


def create_invite(caller: Any, payload: Any, now: str, existing: Any) -> dict[str, Any]:
    """D-CONTRACTS-06, D-CF-69, D-CF-71, D-CF-73, D-CF-74, in the page's order."""
    if caller is not None and not isinstance(caller, str):
        raise _malformed("caller", "must be a string or null")
    if existing is not None and not isinstance(existing, dict):
        raise _malformed("existing", "must be an object or null")
    seconds, nanos = _instant(now)
    if caller is None:
        return _refused("unauthenticated", "unauthenticated")
    document_id(caller, "caller")
    checked = contracts.validate_callable("createInviteCallable", payload, None, False)
    if not checked["valid"]:
        return _refused(checked["httpsError"]["code"], checked["detail"])
    if existing is not None:
        return _refused("already-exists", "code_exists")
    code = payload["code"]
    invite = {name: payload[name] for name in contracts.MATERIAL}
    invite.update(code=code, inviterUserId=caller, status="pending", createdAt=_ts(seconds, nanos),
                  expiresAt=_ts(seconds + INVITE_TTL_SECONDS, nanos))
    return {"outcome": "created", "response": {"code": code},
            "writes": [{"kind": "create", "path": f"invites/{code}", "members": invite, "serverTimestamps": []},
                       _queue_record(caller, "invite_created")]}


def partner_joined(inviter: Any, acceptor: Any, couple_id: Any) -> dict[str, Any]:
    """D-CF-72: the inviter's queue record, then one push carrying coupleId; ids compare exactly."""
    document_id(inviter, "inviterUserId")
    document_id(acceptor, "acceptorUserId")
    document_id(couple_id, "coupleId")
    if inviter == acceptor:
        raise _malformed("acceptorUserId", "must differ from inviterUserId")
    return {"writes": [_queue_record(inviter, "partner_joined")],
            "pushes": [{"recipient": inviter, "data": {"type": "partner_joined", "coupleId": couple_id}}]}
