"""Tink hybrid ECIES_P256_HKDF_HMAC_SHA256_AES128_GCM, tink-wire-facts §3 / specs/tink-hybrid.md.

Decryption is always real Tink. Encryption is real Tink unless an ephemeral private key
or an IV is injected; then the bytes are built by hand:

    kem    = 04 || X(32) || Y(32) of the ephemeral key
    shared = ECDH x-coordinate, 32 bytes, leading zeros kept
    dem    = HKDF-SHA256(ikm = kem || shared, salt = empty, info = contextInfo, 16 bytes)
    out    = prefix(primary) || kem || IV(12) || AES-128-GCM(dem, IV, plaintext, aad = empty)

With only a public keyset the port cannot ask Tink to decrypt what it built; callers that
hold the private keyset pass it as `verify_with` (the test suites always do) and the bytes
are then proven by Tink decryption before they are returned.
"""

from __future__ import annotations

import os

import tink
from cryptography.hazmat.primitives.asymmetric import ec

from . import primitives, tink_keysets
from .errors import authentication_failure, fail

IV_LENGTH = 12
DEM_KEY_LENGTH = 16
KEM_LENGTH = 65


def ephemeral_key(scalar: bytes | None) -> ec.EllipticCurvePrivateKey:
    """The injected scalar (big-endian, any length like every Tink integer) or a fresh key."""
    if scalar is None:
        return ec.generate_private_key(ec.SECP256R1())
    return primitives.p256_scalar(scalar)


def kem_bytes(key) -> bytes:
    """The KEM bytes: the ephemeral public point, uncompressed (04 || X || Y)."""
    return primitives.point_bytes(key.public_key())


def dem_key(kem: bytes, shared: bytes, context_info: bytes) -> bytes:
    """HKDF-SHA256(ikm = kem || shared, salt = empty, info = contextInfo), 16 bytes."""
    return primitives.hkdf_sha256(kem + shared, b"", bytes(context_info), DEM_KEY_LENGTH)


def hand_encrypt(
    public_keyset: bytes,
    plaintext: bytes,
    context_info: bytes,
    ephemeral_private_key: bytes | None,
    iv: bytes | None,
) -> bytes:
    """The ciphertext built by hand from the facts (no Tink involved)."""
    pub = tink_keysets.ecies_primary_public(public_keyset)
    eph = ephemeral_key(ephemeral_private_key)
    if iv is None:
        iv = os.urandom(IV_LENGTH)
    if len(iv) != IV_LENGTH:
        raise fail("aesgcm.invalid_iv", f"AES-GCM IV must be 12 bytes, got {len(iv)}")
    kem = kem_bytes(eph)
    shared = primitives.p256_ecdh(eph, pub.public_key())
    key = dem_key(kem, shared, context_info)
    return pub.prefix + kem + bytes(iv) + dem_encrypt(key, iv, plaintext, context_info)


def dem_encrypt(key: bytes, iv: bytes, plaintext: bytes, context_info: bytes) -> bytes:
    """The DEM: AES-128-GCM with an empty AAD (the context info only enters the KDF)."""
    return primitives.aesgcm_seal(key, iv, plaintext, b"")


def encrypt(
    public_keyset: bytes,
    plaintext: bytes,
    context_info: bytes,
    ephemeral_private_key: bytes | None = None,
    iv: bytes | None = None,
    verify_with: bytes | None = None,
) -> bytes:
    """Tink hybrid encryption to the public keyset's primary key."""
    primitive = tink_keysets.hybrid_encrypt_primitive(public_keyset)
    if ephemeral_private_key is None and iv is None:
        return primitive.encrypt(bytes(plaintext), bytes(context_info))
    out = hand_encrypt(public_keyset, plaintext, context_info, ephemeral_private_key, iv)
    if verify_with is not None and decrypt(verify_with, out, context_info) != bytes(plaintext):  # pragma: no cover
        raise AssertionError("hand-built hybrid ciphertext does not round-trip through Tink")
    return out


def decrypt(private_keyset: bytes, ciphertext: bytes, context_info: bytes) -> bytes:
    """Tink hybrid decryption; every failure is Tink's one opaque error."""
    primitive = tink_keysets.hybrid_decrypt_primitive(private_keyset)
    try:
        return primitive.decrypt(bytes(ciphertext), bytes(context_info))
    except tink.TinkError:
        raise authentication_failure("decryption failed", "hybrid.decryption_failed") from None


def keysets(private_key: bytes, key_id: int, width: int | None = 33) -> tuple[bytes, bytes]:
    """Harness op `hybrid.keyset`: Java-style keysets (33-byte scalar and coordinates).

    The scalar is read at any length; 0 or >= n is invalid_key."""
    return tink_keysets.hybrid_keysets(int.from_bytes(private_key, "big"), key_id, width)
