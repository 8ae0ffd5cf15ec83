"""Unstoppable's auth headers, the Flask side (specs/profiles/unstoppable/auth.md), written from
the page: `Authorization: Bearer <token68>` wins; `X-User-Id` names the caller in a Debug build
only. Order of checks: duplicate names (ignoring case), then Authorization, then the build, then
X-User-Id. A token's text is never returned or put in an error.
"""

from __future__ import annotations

import re

from .errors import fail

MAX_DEV_USER_ID = 128

_BEARER = re.compile(r"[Bb][Ee][Aa][Rr][Ee][Rr] +[A-Za-z0-9\-._~+/]+=*")
_USER_ID = re.compile(r"[A-Za-z0-9._\-]{1,%d}" % MAX_DEV_USER_ID)


def credential(headers: list[tuple[str, str]], build: str) -> dict:
    """{"scheme": "bearer", "userId": None} or {"scheme": "devUser", "userId": id}."""
    seen: set[str] = set()
    for name, _ in headers:
        if name.lower() in seen:
            raise fail("unstoppable.duplicate_header", "a header name appears twice (names ignore case)")
        seen.add(name.lower())
    values = {name.lower(): value for name, value in headers}
    if "authorization" in values:
        if not _BEARER.fullmatch(values["authorization"]):
            raise fail("unstoppable.invalid_authorization", "Authorization is Bearer <token68>")
        return {"scheme": "bearer", "userId": None}
    user_id = values.get("x-user-id")
    if build != "debug" or user_id is None:
        raise fail("unstoppable.unauthenticated", "no credential: Bearer token, or X-User-Id in Debug")
    if not _USER_ID.fullmatch(user_id):
        raise fail("unstoppable.invalid_user_id", "X-User-Id is 1...128 of A-Z a-z 0-9 . _ -")
    return {"scheme": "devUser", "userId": user_id}
