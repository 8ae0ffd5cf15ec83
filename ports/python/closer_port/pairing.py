"""Pairing values: the couple-key wrap (specs/couple-key-wrap.md) and the invite phrase
encryption (specs/invite-phrase.md), from argon2.py, phrase.py and raw AES-GCM.

    wrappedCoupleKey = b64(IV || AES-256-GCM(Argon2id(phrase), keyset, AAD "closer_couple_key") || tag)
    kdfSalt          = b64(salt(16)),  kdfParams = "$argon2id$v=19$m=46080,t=3,p=1"
    invite value     = b64(salt(16) || IV || AES-256-GCM(Argon2id(CODE), phrase, AAD "closer_invite_phrase") || tag)

Unwrap and decrypt run every cheap check before Argon2id, in the pages' order.
"""

from __future__ import annotations

import os
import re

from . import argon2, encoding, phrase, primitives, tink_keysets
from .errors import PortError, fail

COUPLE_KEY_AAD = b"closer_couple_key"
INVITE_PHRASE_AAD = b"closer_invite_phrase"
SALT_LENGTH = 16
MAX_KDF_SALT = 64
MAX_WRAPPED = 65536
MAX_INVITE_VALUE = 4096
MIN_INVITE_VALUE = SALT_LENGTH + primitives.IV_LENGTH + primitives.TAG_LENGTH

_CODE = re.compile(r"[A-Za-z0-9]{6}")


# --- the couple-key wrap ------------------------------------------------------------------


def check_salt(salt: bytes) -> bytes:
    if len(salt) != SALT_LENGTH:
        raise fail("couplekey.invalid_salt_length", f"kdfSalt is {len(salt)} bytes; the profile requires exactly {SALT_LENGTH}")
    return salt


def wrapping_key(password: bytes, salt: bytes, params: argon2.Parameters) -> bytes:
    return argon2.derive_key(password, salt, params)


def password_of(canonical_phrase: str) -> bytes:
    """The Argon2id password of a phrase: UTF-8 of its canonical text."""
    return canonical_phrase.encode("utf-8")


def couplekey_wrap(keyset: bytes, phrase_text: str, salt: bytes | None = None, iv: bytes | None = None) -> dict[str, str]:
    """keyset (validated), phrase (wordlist v1), salt (16), IV (12) -> the three fields."""
    tink_keysets.aead_primitive(keyset)
    canonical, _ = phrase.normalize(phrase_text)
    salt = os.urandom(SALT_LENGTH) if salt is None else salt
    iv = os.urandom(primitives.IV_LENGTH) if iv is None else iv
    check_salt(salt)
    key = wrapping_key(password_of(canonical), salt, argon2.PRODUCTION)
    sealed = primitives.aesgcm_seal_framed(key, iv, keyset, COUPLE_KEY_AAD)
    return {
        "wrappedCoupleKey": encoding.b64encode(sealed),
        "kdfSalt": encoding.b64encode(salt),
        "kdfParams": argon2.kdf_params_string(argon2.PRODUCTION),
    }


def parse_wrapped(wrapped: str, kdf_salt: str, kdf_params: str) -> tuple[argon2.Parameters, bytes, bytes]:
    """Steps 1–7 of couple-key-wrap.md §Unwrap (no Argon2id)."""
    params = argon2.parse_kdf_params(kdf_params)
    if len(kdf_salt.encode("utf-8")) > MAX_KDF_SALT:
        raise fail("couplekey.invalid_salt_length", f"kdfSalt is longer than {MAX_KDF_SALT} bytes")
    salt = check_salt(encoding.b64decode(kdf_salt))
    if len(wrapped.encode("utf-8")) > MAX_WRAPPED:
        raise fail("couplekey.wrapped_too_long", f"wrappedCoupleKey is longer than {MAX_WRAPPED} bytes")
    sealed = encoding.b64decode(wrapped)
    if len(sealed) < primitives.IV_LENGTH + primitives.TAG_LENGTH:
        raise fail("couplekey.wrapped_too_short", f"wrappedCoupleKey decodes to {len(sealed)} bytes; IV and tag alone are 28")
    return params, salt, sealed


def couplekey_unwrap(wrapped: str, kdf_salt: str, kdf_params: str, phrase_text: str) -> bytes:
    """The keyset bytes, verbatim, after validation. The phrase is read as text (NFKC,
    lower case, words joined by one space) without a wordlist lookup."""
    params, salt, sealed = parse_wrapped(wrapped, kdf_salt, kdf_params)
    password = password_of(phrase.canonical_text(phrase_text))
    key = wrapping_key(password, salt, params)
    try:
        keyset = primitives.aesgcm_open_framed(key, sealed, COUPLE_KEY_AAD)
    except PortError:
        raise fail("couplekey.authentication_failed", "wrappedCoupleKey did not authenticate: wrong recovery phrase, or the document was changed") from None
    try:
        tink_keysets.aead_primitive(keyset)
    except PortError as e:
        raise fail("couplekey.invalid_keyset", f"wrappedCoupleKey authenticated but is not a usable AES-GCM keyset ({e.detail or e.code})") from None
    return keyset


# --- the invite phrase --------------------------------------------------------------------


def invite_code(text: str) -> str:
    """The canonical (upper-case) code; the message never repeats the code."""
    if not _CODE.fullmatch(text) or not text.isascii():
        raise fail("invite.invalid_code", "an invite code is exactly 6 characters of A-Z, a-z, 0-9")
    return text.upper()


def invite_key(code: str, salt: bytes) -> bytes:
    return argon2.derive_key(code.encode("ascii"), salt, argon2.PRODUCTION)


def invite_encrypt(code_text: str, phrase_text: str, salt: bytes | None = None, iv: bytes | None = None) -> str:
    code = invite_code(code_text)
    canonical, _ = phrase.normalize(phrase_text)
    salt = os.urandom(SALT_LENGTH) if salt is None else salt
    iv = os.urandom(primitives.IV_LENGTH) if iv is None else iv
    check_salt(salt)
    key = invite_key(code, salt)
    return encoding.b64encode(salt + primitives.aesgcm_seal_framed(key, iv, password_of(canonical), INVITE_PHRASE_AAD))


def invite_decrypt(code_text: str, value: str) -> str:
    code = invite_code(code_text)
    if len(value.encode("utf-8")) > MAX_INVITE_VALUE:
        raise fail("invite.value_too_long", f"invite phrase value is longer than {MAX_INVITE_VALUE} characters")
    data = encoding.b64decode(value)
    if len(data) < MIN_INVITE_VALUE:
        raise fail("invite.value_too_short", f"invite phrase value decodes to {len(data)} bytes; salt, IV and tag alone are {MIN_INVITE_VALUE}")
    key = invite_key(code, data[:SALT_LENGTH])
    try:
        plaintext = primitives.aesgcm_open_framed(key, data[SALT_LENGTH:], INVITE_PHRASE_AAD)
    except PortError:
        raise fail("invite.authentication_failed", "invite phrase value did not authenticate: wrong invite code, or the value was changed") from None
    try:
        return plaintext.decode("utf-8")
    except UnicodeDecodeError:
        raise fail("invite.invalid_plaintext", "invite phrase value authenticated but is not UTF-8") from None
