"""Tink AEAD (AES-GCM keysets), tink-wire-facts §1 / specs/tink-aead.md.

Decryption is always real Tink. Encryption is real Tink unless an IV is injected; then
the bytes are built by hand (prefix || IV || AES-GCM(ct || tag)) with `cryptography`
and proven by decrypting them with Tink before they are returned.
"""

from __future__ import annotations

import tink
from . import primitives, tink_keysets
from .errors import PortError, authentication_failure, fail

IV_LENGTH = 12
TAG_LENGTH = 16


def encrypt(keyset: bytes, plaintext: bytes, aad: bytes, iv: bytes | None = None) -> bytes:
    """Tink AEAD encryption with the keyset's primary key."""
    primitive = tink_keysets.aead_primitive(keyset)
    if iv is None:
        try:
            return primitive.encrypt(bytes(plaintext), bytes(aad))
        except tink.TinkError as e:  # pragma: no cover - Tink refuses nothing valid here
            raise PortError("invalid_parameters", f"Tink refused to encrypt: {type(e).__name__}") from None
    if len(iv) != IV_LENGTH:
        raise fail("aesgcm.invalid_iv", f"AES-GCM IV must be 12 bytes, got {len(iv)}")
    out = hand_encrypt(keyset, plaintext, aad, iv)
    self_check(primitive, out, aad, plaintext)
    return out


def frame(prefix: bytes, iv: bytes, sealed: bytes) -> bytes:
    """Tink AEAD ciphertext: output prefix || IV || ct || tag."""
    return prefix + bytes(iv) + sealed


def hand_encrypt(keyset: bytes, plaintext: bytes, aad: bytes, iv: bytes) -> bytes:
    """The ciphertext under the primary key, built from the facts (no Tink involved)."""
    primary = tink_keysets.aead_primary(keyset)
    return frame(primary.prefix, iv, primitives.aesgcm_seal(primary.key, iv, plaintext, aad))


def self_check(primitive, out: bytes, aad: bytes, plaintext: bytes) -> None:
    """The hand-built bytes must be what Tink itself accepts."""
    if primitive.decrypt(out, bytes(aad)) != bytes(plaintext):  # pragma: no cover
        raise AssertionError("hand-built AEAD ciphertext does not round-trip through Tink")


def decrypt(keyset: bytes, ciphertext: bytes, aad: bytes) -> bytes:
    """Tink AEAD decryption; every failure is Tink's one opaque error."""
    primitive = tink_keysets.aead_primitive(keyset)
    try:
        return primitive.decrypt(bytes(ciphertext), bytes(aad))
    except tink.TinkError:
        raise authentication_failure("decryption failed", "aead.decryption_failed") from None
