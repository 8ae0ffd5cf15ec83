"""FitLink Firestore documents, Storage paths and the encrypted preview
(specs/profiles/fitlink/documents.md, media.md), written from the pages.

Order of checks (documents.md §"Order of checks"): not an object, unknown members (sorted by
name), missing required members (declaration order), then each present member in declaration
order, depth first; then the cross-member checks (payload against type; participants).
"""

from __future__ import annotations

import math
import re
from typing import Any

from . import fitlink
from .encoding import b64decode, b64encode
from .errors import fail, quoted

TYPES = ("text", "image", "file", "voice", "diet_plan", "workout_plan", "challenge")
STATUSES = ("sending", "sent", "delivered", "read")
PAYLOAD = {  # type: (required, optional)
    "text": ((), ()), "image": (("image_url",), ()), "file": (("file_url",), ()),
    "voice": (("voice_url", "voice_duration"), ()), "diet_plan": (("plan_id",), ("plan_title",)),
    "workout_plan": (("plan_id",), ("plan_title",)), "challenge": (("challenge_id",), ()),
}
STORAGE = {"image": ("chat_images", ".jpg"), "voice": ("voice_messages", ".m4a")}
PREVIEW_MINIMUM = 28
_UUID = re.compile(r"[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}")


def _string(v: Any, path: str) -> str:
    if not isinstance(v, str):
        raise fail("fitlink.wrong_type", f"{path} must be a string")
    return v


def _text(lo: int, hi: int):
    def check(v, path):
        if not lo <= len(_string(v, path)) <= hi:
            raise fail("fitlink.out_of_range", f"{path} is {lo}...{hi} characters")
    return check


def _boolean(v, path):
    if not isinstance(v, bool):
        raise fail("fitlink.wrong_type", f"{path} must be a boolean")


def _instant(v, path):
    ok = not isinstance(v, bool) and isinstance(v, (int, float)) and math.isfinite(v) and v == int(v) \
        and abs(int(v)) <= 2**53 - 1
    if not ok:
        raise fail("fitlink.wrong_type", f"{path} must be an integer")
    if v < 0:
        raise fail("fitlink.out_of_range", f"{path} is 0...2^53-1")


def _enum(names):
    def check(v, path):
        if _string(v, path) not in names:
            raise fail("fitlink.unknown_enum_value", f"{path} is one of {', '.join(names)}")
    return check


def _user_id(v, path):
    fitlink._check_uid(_string(v, path))


def check_uuid(s: str, path: str) -> None:
    if not _UUID.fullmatch(s) or not s.isascii():
        raise fail("fitlink.invalid_uuid", f"{path} is a UUID (8-4-4-4-12 hex digits)")


def _uuid(v, path):
    check_uuid(_string(v, path), path)


def _b64(exact=None, minimum=0, short=""):
    def check(v, path):
        raw = b64decode(_string(v, path))
        if (len(raw) != exact) if exact is not None else (len(raw) < minimum):
            raise fail(short, f"{path} decodes to {len(raw)} bytes")
    return check


def _is_object(v, path):
    if not isinstance(v, dict):
        raise fail("fitlink.wrong_type", f"{path} must be an object")


def check_object(fields, value, path: str) -> dict:
    if not isinstance(value, dict):
        if not path:
            raise fail("fitlink.not_an_object", "a document must be an object")
        raise fail("fitlink.wrong_type", f"{path} must be an object")
    prefix = f"{path}." if path else ""
    names = [f[0] for f in fields]
    for key in sorted(value):
        if key not in names:
            raise fail("fitlink.unknown_field", f"{prefix}{quoted(key)} is not a member")
    for name, required, _ in fields:
        if required and name not in value:
            raise fail("fitlink.missing_field", f"{prefix}{name} is required")
    for name, _, check in fields:
        if name in value:
            check(value[name], prefix + name)
    return value


def _participant_ids(v, path):
    if not isinstance(v, list):
        raise fail("fitlink.wrong_type", f"{path} must be an array")
    if len(v) != 2:
        raise fail("fitlink.out_of_range", f"{path} has exactly 2 user ids")
    for i, item in enumerate(v):
        _user_id(item, f"{path}[{i}]")


def _last_message(v, path):
    check_object([("sender_id", True, _user_id), ("timestamp", True, _instant), ("type", True, _enum(TYPES)),
                  ("encrypted_preview", True, _b64(minimum=PREVIEW_MINIMUM, short="aesgcm.too_short"))], v, path)


def _typing_status(v, path):
    if not isinstance(v, dict):
        raise fail("fitlink.wrong_type", f"{path} must be an object")
    for key in sorted(v):
        fitlink._check_uid(key)
        _instant(v[key], f"{path}.{key}")


def _chat_id(v, path):
    fitlink.check_chat_id(_string(v, path))


MESSAGE = [("id", True, _uuid), ("sender_id", True, _user_id), ("type", True, _enum(TYPES)),
           ("encrypted_content", True, _b64(minimum=16, short="aesgcm.too_short")),
           ("iv", True, _b64(exact=12, short="aesgcm.invalid_iv")), ("payload", False, _is_object),
           ("status", True, _enum(STATUSES)), ("reply_to", False, _uuid)]
CHAT = [("id", True, _chat_id), ("participant_ids", True, _participant_ids),
        ("encryption_initialized", True, _boolean), ("last_message", False, _last_message),
        ("typing_status", False, _typing_status)]
USER_KEY = [("user_id", True, _user_id), ("public_key", True, _b64(exact=32, short="x25519.invalid_key_length")),
            ("device_id", True, _text(1, 128))]


def _check_payload(payload: dict, kind: str) -> None:
    required, optional = PAYLOAD[kind]
    for key in sorted(payload):
        if key not in required and key not in optional:
            raise fail("fitlink.invalid_payload", f"payload.{quoted(key)} is not a member of a {kind} message's payload")
    for key in required:
        if key not in payload:
            raise fail("fitlink.invalid_payload", f"a {kind} message's payload has {key}")
    for key in sorted(payload):
        v, path = payload[key], f"payload.{key}"
        if key == "voice_duration":
            if isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v):
                raise fail("fitlink.wrong_type", f"{path} must be a number")
            if not 0 <= v <= 86_400:
                raise fail("fitlink.out_of_range", f"{path} is 0...86400 seconds")
        else:
            _text(1, 2048)(v, path)


def _check_participants(chat: dict) -> None:
    lo, hi = chat["id"][len("chat_"):].split("_")
    users = {lo, hi}
    if set(chat["participant_ids"]) != users:
        raise fail("fitlink.not_a_participant", "participant_ids are the chat id's two users")
    last = chat.get("last_message")
    if last is not None and last["sender_id"] not in users:
        raise fail("fitlink.not_a_participant", "last_message.sender_id is a participant")
    for key in sorted(chat.get("typing_status", {})):
        if key not in users:
            raise fail("fitlink.not_a_participant", f"typing_status.{quoted(key)} is not a participant")


def validate(kind: str, body: Any) -> list[str]:
    if kind == "friend_message":
        check_object(MESSAGE, body, "")
        if "payload" in body:
            _check_payload(body["payload"], body["type"])
    elif kind == "friend_chat":
        check_object(CHAT, body, "")
        _check_participants(body)
    elif kind == "user_key":
        check_object(USER_KEY, body, "")
    else:
        raise fail("fitlink.unknown_document", "document is one of friend_message, friend_chat, user_key")
    return sorted(body)


def storage_path(kind: str, chat: str, ident: str) -> str:
    if kind not in STORAGE:
        raise fail("fitlink.unknown_enum_value", "kind is image or voice")
    fitlink.check_chat_id(chat)
    check_uuid(ident, "id")
    folder, suffix = STORAGE[kind]
    return f"{folder}/{chat}/{ident}{suffix}"


def open_preview(preview: str, private_key: bytes, peer_public_key: str, chat: str) -> bytes:
    fitlink.check_chat_id(chat)
    fitlink._private(private_key)
    fitlink._peer(peer_public_key)
    raw = b64decode(preview)
    if len(raw) < PREVIEW_MINIMUM:
        raise fail("aesgcm.too_short", f"encrypted_preview is {len(raw)} bytes; at least 28 needed")
    return fitlink.decrypt(b64encode(raw[12:]), b64encode(raw[:12]), private_key, peer_public_key, chat, "sorted")
