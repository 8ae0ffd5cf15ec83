"""One Unstoppable user record per verified email, written from
specs/profiles/unstoppable/user-records.md: a verified email names the record of the first uid
that signed in with it (ASCII-lowercased, nothing else normalized); an unverified or absent email
never merges. Order per sign-in: uid length, email form, then verification.
"""

from __future__ import annotations

from .errors import fail


def normal_email(email: str) -> str:
    b = email.encode("utf-8")
    if (len(b) > 254 or b.count(b"@") != 1 or b.startswith(b"@") or b.endswith(b"@")
            or any(ord(c) <= 0x20 or ord(c) == 0x7F for c in email)):
        raise fail("unstoppable.invalid_email", "an email is local@domain, at most 254 bytes")
    return bytes(c | 0x20 if 0x41 <= c <= 0x5A else c for c in b).decode("utf-8")


def records(sign_ins: list[tuple[str, str | None, bool]]) -> list[str]:
    by_email: dict[str, str] = {}
    out = []
    for uid, email, verified in sign_ins:
        if not 1 <= len(uid) <= 128:
            raise fail("unstoppable.out_of_range", "uid is 1...128 characters")
        if email is None:
            out.append(uid)
            continue
        key = normal_email(email)
        out.append(by_email.setdefault(key, uid) if verified else uid)
    return out
