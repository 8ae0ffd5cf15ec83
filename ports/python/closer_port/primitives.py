"""The raw primitives under the Tink layers: AES-GCM (no Tink prefix), HKDF-SHA256 and
P-256 ECDH, all with `cryptography`.

The hybrid encryption (hybrid.py), the couple-key wrap and the invite phrase (pairing.py)
and the lower-layer harness ops (lower.py) all call these functions, so one mistake here
shows in every layer that uses it (and the harness can name the layer).
"""

from __future__ import annotations

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.kdf.hkdf import HKDF

from .errors import fail

IV_LENGTH = 12
TAG_LENGTH = 16
HKDF_MAX_LENGTH = 255 * 32

P256_ORDER = 0xFFFFFFFF00000000FFFFFFFFFFFFFFFFBCE6FAADA7179E84F3B9CAC2FC632551
P256_PRIME = 0xFFFFFFFF00000001000000000000000000000000FFFFFFFFFFFFFFFFFFFFFFFF


# --- AES-GCM --------------------------------------------------------------------------


def _aes_key(key: bytes) -> AESGCM:
    if len(key) not in (16, 32):
        raise fail("keyset.invalid_key_size", f"AES-GCM key must be 16 or 32 bytes, got {len(key)}")
    return AESGCM(bytes(key))


def _check_iv(iv: bytes) -> None:
    if len(iv) != IV_LENGTH:
        raise fail("aesgcm.invalid_iv", f"AES-GCM IV must be 12 bytes, got {len(iv)}")


def aesgcm_seal(key: bytes, iv: bytes, plaintext: bytes, aad: bytes) -> bytes:
    """AES-GCM: ct || tag (no IV)."""
    _check_iv(iv)
    return _aes_key(key).encrypt(bytes(iv), bytes(plaintext), bytes(aad))


def aesgcm_open(key: bytes, iv: bytes, ciphertext: bytes, aad: bytes) -> bytes:
    """Opens ct || tag."""
    _check_iv(iv)
    if len(ciphertext) < TAG_LENGTH:
        raise fail("aesgcm.too_short", f"AES-GCM input is {len(ciphertext)} bytes; at least a 16-byte tag needed")
    cipher = _aes_key(key)
    try:
        return cipher.decrypt(bytes(iv), bytes(ciphertext), bytes(aad))
    except InvalidTag:
        raise fail("aesgcm.authentication_failed", "AES-GCM tag did not verify") from None


def aesgcm_seal_framed(key: bytes, iv: bytes, plaintext: bytes, aad: bytes) -> bytes:
    """IV || ct || tag (the couple-key wrap's and the invite phrase's layout)."""
    return bytes(iv) + aesgcm_seal(key, iv, plaintext, aad)


def aesgcm_open_framed(key: bytes, sealed: bytes, aad: bytes) -> bytes:
    if len(sealed) < IV_LENGTH + TAG_LENGTH:
        raise fail("aesgcm.too_short", f"AES-GCM input is {len(sealed)} bytes; at least 28 needed")
    return aesgcm_open(key, sealed[:IV_LENGTH], sealed[IV_LENGTH:], aad)


# --- HKDF-SHA256 ----------------------------------------------------------------------


def hkdf_sha256(ikm: bytes, salt: bytes, info: bytes, length: int) -> bytes:
    """RFC 5869 HKDF-SHA256 (an empty salt is HashLen zero bytes, as the RFC says)."""
    if not 0 <= length <= HKDF_MAX_LENGTH:
        raise fail("hkdf.invalid_length", f"HKDF-SHA256 output length {length} is outside 0...{HKDF_MAX_LENGTH}")
    if length == 0:
        return b""
    return HKDF(algorithm=hashes.SHA256(), length=length, salt=bytes(salt) or None, info=bytes(info)).derive(bytes(ikm))


# --- P-256 ----------------------------------------------------------------------------


def p256_scalar(data: bytes) -> ec.EllipticCurvePrivateKey:
    """A private scalar from big-endian bytes of any length; 0 and >= n are refused."""
    d = int.from_bytes(bytes(data), "big")
    if not 0 < d < P256_ORDER:
        raise fail("p256.scalar_out_of_range", "private scalar is 0 or not below the P-256 group order")
    return ec.derive_private_key(d, ec.SECP256R1())


def p256_point(x: int, y: int) -> ec.EllipticCurvePublicKey:
    if not (0 <= x < P256_PRIME and 0 <= y < P256_PRIME):
        raise fail("p256.coordinate_out_of_range", "a point coordinate is not below the P-256 field prime")
    try:
        return ec.EllipticCurvePublicNumbers(x, y, ec.SECP256R1()).public_key()
    except ValueError:
        raise fail("p256.not_on_curve", "point is not on P-256") from None


def p256_uncompressed(data: bytes) -> ec.EllipticCurvePublicKey:
    """A point from its 65-byte SEC 1 uncompressed form 04 || X || Y."""
    if len(data) != 65 or data[0] != 0x04:
        raise fail("p256.invalid_point_encoding", f"expected a 65-byte uncompressed point starting 04, got {len(data)} bytes")
    return p256_point(int.from_bytes(data[1:33], "big"), int.from_bytes(data[33:], "big"))


def point_bytes(key: ec.EllipticCurvePublicKey) -> bytes:
    """04 || X(32) || Y(32)."""
    return key.public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)


def p256_ecdh(private: ec.EllipticCurvePrivateKey, public: ec.EllipticCurvePublicKey) -> bytes:
    """The ECDH shared secret: the x-coordinate of d·P, 32 bytes, leading zeros kept."""
    return private.exchange(ec.ECDH(), public)
