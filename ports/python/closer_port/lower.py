"""The lower-layer harness ops (specs/harness.md, specs/vectors.md §Layers): each exposes
one layer of the port through the same functions the wire values use, so that a harness
can replay a failing vector layer by layer and name the first layer that disagrees.
"""

from __future__ import annotations

from . import encoding, primitives, tink_keysets, values
from .errors import malformed

PROFILES = ("b64", "b64url", "hex")
PRIMITIVES = ("aead", "hybridPrivate", "hybridPublic")


def _profile(profile: str) -> str:
    if profile not in PROFILES:
        raise malformed('field "profile" must be b64, b64url or hex')
    return profile


def encoding_decode(profile: str, text: str) -> bytes:
    return encoding.decode(_profile(profile), text)


def encoding_encode(profile: str, data: bytes) -> str:
    return encoding.encode(_profile(profile), data)


def keyset_validate(keyset: bytes, primitive: str) -> tuple[int, list[int]]:
    """(primary key id, ENABLED key ids in keyset order) of a keyset valid for the primitive."""
    if primitive not in PRIMITIVES:
        raise malformed('field "primitive" must be aead, hybridPrivate or hybridPublic')
    if primitive == "aead":
        tink_keysets.aead_primitive(keyset)
    elif primitive == "hybridPrivate":
        tink_keysets.hybrid_decrypt_primitive(keyset)
    else:
        tink_keysets.hybrid_encrypt_primitive(keyset)
    ks = tink_keysets.parse_keyset(keyset)
    return ks.primary_key_id, [k.key_id for k in tink_keysets.enabled_keys(ks)]


def binding_aad(kind: str, ids: dict[str, str]) -> bytes:
    return values.binding_aad(kind, ids)


def aesgcm_seal(key: bytes, iv: bytes, plaintext: bytes, aad: bytes) -> bytes:
    return primitives.aesgcm_seal(key, iv, plaintext, aad)


def aesgcm_open(key: bytes, iv: bytes, ciphertext: bytes, aad: bytes) -> bytes:
    return primitives.aesgcm_open(key, iv, ciphertext, aad)


def p256_ecdh(private_key: bytes, public_point: bytes) -> bytes:
    d = primitives.p256_scalar(private_key)
    return primitives.p256_ecdh(d, primitives.p256_uncompressed(public_point))


def hkdf_sha256(ikm: bytes, salt: bytes, info: bytes, length: int) -> bytes:
    return primitives.hkdf_sha256(ikm, salt, info, length)
