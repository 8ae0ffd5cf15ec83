"""Tink binary keysets: built by hand from key material, parsed, and proven by Tink.

Writers follow tink-wire-facts §2/§3 (specs/tink-keyset.md): fields in field-number
order, proto3 defaults (0, empty) left out, key ids as unsigned 32-bit varints, ECIES
coordinates and scalars written as 33 bytes with a leading 00 like Tink Java 1.13
(`width=32` gives Python/C++ Tink's form). Every keyset this module builds is loaded by
real Tink (`cleartext_keyset_handle.read`) before it is handed out.
"""

from __future__ import annotations

import io
from dataclasses import dataclass

import tink
from google.protobuf.message import DecodeError
from tink import aead, cleartext_keyset_handle, hybrid
from tink.proto import aes_gcm_pb2, tink_pb2

from cryptography.hazmat.primitives.asymmetric import ec

from . import protoscan
from .errors import PortError, decode_error, fail, invalid_key, malformed

aead.register()
hybrid.register()

AES_GCM_TYPE_URL = "type.googleapis.com/google.crypto.tink.AesGcmKey"
ECIES_PRIVATE_TYPE_URL = "type.googleapis.com/google.crypto.tink.EciesAeadHkdfPrivateKey"
ECIES_PUBLIC_TYPE_URL = "type.googleapis.com/google.crypto.tink.EciesAeadHkdfPublicKey"

# KeyStatusType
ENABLED, DISABLED, DESTROYED = 1, 2, 3
# OutputPrefixType
PREFIX = {"TINK": 1, "LEGACY": 2, "RAW": 3, "CRUNCHY": 4}
PREFIX_NAME = {v: k for k, v in PREFIX.items()}
# KeyMaterialType
SYMMETRIC, ASYMMETRIC_PRIVATE, ASYMMETRIC_PUBLIC = 1, 2, 3
# ECIES enums
NIST_P256, SHA256, UNCOMPRESSED = 2, 3, 1

P256_ORDER = 0xFFFFFFFF00000000FFFFFFFFFFFFFFFFBCE6FAADA7179E84F3B9CAC2FC632551
P256_PRIME = 0xFFFFFFFF00000001000000000000000000000000FFFFFFFFFFFFFFFFFFFFFFFF

UINT32_MAX = 0xFFFFFFFF


# --- protobuf wire writer --------------------------------------------------------------


def varint(n: int) -> bytes:
    if n < 0:
        raise ValueError("varint of a negative number")
    out = bytearray()
    while True:
        b = n & 0x7F
        n >>= 7
        if n:
            out.append(b | 0x80)
        else:
            out.append(b)
            return bytes(out)


def f_varint(field: int, value: int) -> bytes:
    """A varint field; the proto3 default 0 is left out."""
    return b"" if value == 0 else varint(field << 3) + varint(value)


def f_bytes(field: int, value: bytes) -> bytes:
    """A length-delimited field; the proto3 default (empty) is left out."""
    return b"" if not value else varint(field << 3 | 2) + varint(len(value)) + value


# --- key protos ------------------------------------------------------------------------


def aes_gcm_key(key_value: bytes) -> bytes:
    """AesGcmKey{version 0, key_value}."""
    if len(key_value) not in (16, 32):
        raise invalid_key(f"AES-GCM key is {len(key_value)} bytes; 16 or 32 expected", "keyset.invalid_key_size")
    return f_bytes(3, key_value)


def key_data(type_url: str, value: bytes, material: int) -> bytes:
    return f_bytes(1, type_url.encode()) + f_bytes(2, value) + f_varint(3, material)


@dataclass(frozen=True)
class KeyEntry:
    """One Keyset.Key: serialized KeyData (or None), status, id, prefix."""

    key_data: bytes | None
    key_id: int
    status: int = ENABLED
    prefix: str = "TINK"

    def serialize(self) -> bytes:
        return (
            (f_bytes(1, self.key_data) if self.key_data is not None else b"")
            + f_varint(2, self.status)
            + f_varint(3, self.key_id)
            + f_varint(4, PREFIX[self.prefix])
        )


def keyset(primary_key_id: int, entries: list[KeyEntry]) -> bytes:
    """A binary Keyset, written like Tink writes it."""
    for e in entries:
        check_key_id(e.key_id)
    check_key_id(primary_key_id)
    return f_varint(1, primary_key_id) + b"".join(f_bytes(2, e.serialize()) for e in entries)


def check_key_id(key_id: int) -> int:
    if not isinstance(key_id, int) or isinstance(key_id, bool) or not 0 <= key_id <= UINT32_MAX:
        raise PortError("invalid_parameters", "key id must be an unsigned 32-bit integer")
    return key_id


def aead_entry(key: bytes, key_id: int, prefix: str = "TINK", status: int = ENABLED) -> KeyEntry:
    return KeyEntry(key_data(AES_GCM_TYPE_URL, aes_gcm_key(key), SYMMETRIC), key_id, status, prefix)


def aead_keyset(key: bytes, key_id: int, prefix: str = "TINK") -> bytes:
    """The one-key AES-GCM keyset of harness op `aead.keyset`; proven loadable by Tink."""
    if prefix not in PREFIX:  # "" too: only the four names
        raise malformed('field "prefix" must be TINK, RAW, LEGACY or CRUNCHY')
    out = keyset(key_id, [aead_entry(key, key_id, prefix)])
    aead_primitive(out)
    return out


def int_bytes(n: int, width: int | None) -> bytes:
    """Unsigned big-endian: 33 = Java's leading-00 form, 32 = C++/Python, None = minimal."""
    if width is None:
        return n.to_bytes(max(1, (n.bit_length() + 7) // 8), "big")
    return n.to_bytes(width, "big")


def ecies_params() -> bytes:
    """EciesAeadHkdfParams of ECIES_P256_HKDF_HMAC_SHA256_AES128_GCM."""
    kem = f_varint(1, NIST_P256) + f_varint(2, SHA256)
    dem_template = f_bytes(1, AES_GCM_TYPE_URL.encode()) + f_bytes(2, f_varint(2, 16)) + f_varint(3, PREFIX["TINK"])
    dem = f_bytes(2, dem_template)
    return f_bytes(1, kem) + f_bytes(2, dem) + f_varint(3, UNCOMPRESSED)


def ecies_public_key(x: int, y: int, width: int | None = 33, params: bytes | None = None) -> bytes:
    return f_bytes(2, ecies_params() if params is None else params) + f_bytes(3, int_bytes(x, width)) + f_bytes(4, int_bytes(y, width))


def ecies_private_key(d: int, x: int, y: int, width: int | None = 33) -> bytes:
    return f_bytes(2, ecies_public_key(x, y, width)) + f_bytes(3, int_bytes(d, width))


def p256_public_point(d: int) -> tuple[int, int]:
    if not 0 < d < P256_ORDER:
        raise invalid_key("P-256 private scalar is outside (0, n)", "p256.scalar_out_of_range")
    nums = ec.derive_private_key(d, ec.SECP256R1()).public_key().public_numbers()
    return nums.x, nums.y


def hybrid_keysets(d: int, key_id: int, width: int | None = 33, prefix: str = "TINK") -> tuple[bytes, bytes]:
    """(private keyset, public keyset) for scalar d, as Tink Java writes them (width 33)."""
    x, y = p256_public_point(d)
    priv = keyset(
        key_id,
        [KeyEntry(key_data(ECIES_PRIVATE_TYPE_URL, ecies_private_key(d, x, y, width), ASYMMETRIC_PRIVATE), key_id, ENABLED, prefix)],
    )
    pub = keyset(
        key_id,
        [KeyEntry(key_data(ECIES_PUBLIC_TYPE_URL, ecies_public_key(x, y, width), ASYMMETRIC_PUBLIC), key_id, ENABLED, prefix)],
    )
    hybrid_decrypt_primitive(priv)
    hybrid_encrypt_primitive(pub)
    return priv, pub


# --- parsing, validation and loading ---------------------------------------------------
#
# Order (specs/tink-keyset.md "Validation", tink-hybrid.md "Keysets"): protobuf parse
# (decode_error), keyset-level checks (invalid_key), per-ENABLED-key checks for the
# primitive (unsupported for other key types or ECIES parameters, invalid_key for bad
# material), and finally real Tink must load the keyset and make the primitive.


def parse_keyset(data: bytes) -> tink_pb2.Keyset:
    protoscan.scan_keyset(data)
    try:
        return tink_pb2.Keyset.FromString(bytes(data))
    except (DecodeError, RuntimeError, ValueError) as e:
        raise decode_error(f"keyset is not a protobuf Keyset: {type(e).__name__}") from None


def enabled_keys(ks: tink_pb2.Keyset) -> list[tink_pb2.Keyset.Key]:
    """Keyset-level validation as Tink's keyset handle does; returns the ENABLED keys."""
    if not ks.key:
        raise invalid_key("keyset has no keys", "keyset.empty")
    for k in ks.key:
        if k.status == DESTROYED and not k.HasField("key_data"):
            continue
        if not k.HasField("key_data"):
            raise invalid_key(f"key {k.key_id:#010x} has no key_data", "keyset.missing_key_data")
        if k.status not in (ENABLED, DISABLED, DESTROYED):
            raise invalid_key(f"key {k.key_id:#010x} has an invalid status", "keyset.invalid_status")
        if k.output_prefix_type not in PREFIX_NAME:
            raise invalid_key(f"key {k.key_id:#010x} has an invalid output prefix type", "keyset.invalid_output_prefix")
    enabled = [k for k in ks.key if k.status == ENABLED and k.HasField("key_data")]
    if sum(1 for k in enabled if k.key_id == ks.primary_key_id) > 1:
        raise invalid_key("two ENABLED keys carry the primary key id", "keyset.duplicate_primary")
    if not enabled:
        raise invalid_key("keyset has no ENABLED key", "keyset.no_enabled_key")
    if not any(k.key_id == ks.primary_key_id for k in enabled):
        raise invalid_key("primary_key_id matches no ENABLED key", "keyset.no_primary")
    return enabled


def _tink_handle(data: bytes) -> tink.KeysetHandle:
    try:
        return cleartext_keyset_handle.read(tink.BinaryKeysetReader(bytes(data)))
    except tink.TinkError as e:
        raise invalid_key(f"Tink rejects the keyset: {_first_line(e)}") from None


def handle(data: bytes) -> tink.KeysetHandle:
    """Parses, validates at keyset level, and loads a binary keyset in real Tink."""
    enabled_keys(parse_keyset(data))
    return _tink_handle(data)


def _first_line(e: Exception) -> str:
    return str(e).splitlines()[0][:200] if str(e) else type(e).__name__


def _primitive(data: bytes, cls, what: str):
    h = _tink_handle(data)
    try:
        return h.primitive(cls)
    except tink.TinkError as e:
        raise invalid_key(f"keyset is not a usable {what} keyset: {_first_line(e)}") from None


def check_aead_keyset(data: bytes) -> tink_pb2.Keyset:
    ks = parse_keyset(data)
    for k in enabled_keys(ks):
        kd = k.key_data
        if kd.type_url != AES_GCM_TYPE_URL:
            raise fail("keyset.unsupported_key_type", f"key {k.key_id:#010x} is not an AesGcmKey")
        protoscan.scan(kd.value, "AesGcmKey")
        try:
            key = aes_gcm_pb2.AesGcmKey.FromString(kd.value)
        except DecodeError:
            raise decode_error(f"key {k.key_id:#010x}: AesGcmKey does not parse") from None
        if key.version != 0:
            raise invalid_key(f"key {k.key_id:#010x}: AesGcmKey version is not 0", "keyset.invalid_key_version")
        if len(key.key_value) not in (16, 32):
            raise invalid_key(f"key {k.key_id:#010x}: AES key is not 16 or 32 bytes", "keyset.invalid_key_size")
    return ks


@dataclass(frozen=True)
class _EciesPublicProto:
    x: bytes
    y: bytes


def _ecies_public_proto(k: tink_pb2.Keyset.Key, private: bool) -> tuple[_EciesPublicProto, int | None]:
    """Checks one ENABLED ECIES key in tink-hybrid.md §"Check order" and returns its public
    coordinates and scalar. Read from the structural scan (protoscan), so each message's
    structure is checked just before its fields are used, as the page orders it."""
    kd = k.key_data
    kid = f"key {k.key_id:#010x}"
    want_url = ECIES_PRIVATE_TYPE_URL if private else ECIES_PUBLIC_TYPE_URL
    if kd.type_url != want_url:
        raise fail("keyset.unsupported_key_type", f"{kid} is not an {want_url.rsplit('.', 1)[-1]}")
    pub_bytes, d = kd.value, None
    if private:
        priv = protoscan.scan(kd.value, "EciesAeadHkdfPrivateKey")
        if protoscan.last_uint32(priv, 1) != 0:
            raise invalid_key(f"{kid}: private key version is not 0", "keyset.invalid_key_version")
        pub_bytes = protoscan.merged(priv, 2)
        if pub_bytes is None:
            raise invalid_key(f"{kid}: private key has no public_key", "ecies.missing_field")
        d = int.from_bytes(protoscan.last_bytes(priv, 3), "big")
    pub = protoscan.scan(pub_bytes, "EciesAeadHkdfPublicKey")
    if protoscan.last_uint32(pub, 1) != 0:
        raise invalid_key(f"{kid}: public key version is not 0", "keyset.invalid_key_version")
    params = protoscan.merged(pub, 2)
    if params is None:
        raise invalid_key(f"{kid}: public key has no params", "ecies.missing_field")
    check_template_params(params)
    xb, yb = protoscan.last_bytes(pub, 3), protoscan.last_bytes(pub, 4)
    x, y = int.from_bytes(xb, "big"), int.from_bytes(yb, "big")
    ecies_point(x, y)
    if d is not None:
        if not 0 < d < P256_ORDER:
            raise invalid_key(f"{kid}: private scalar is 0 or >= n", "p256.scalar_out_of_range")
        if p256_public_point(d) != (x, y):
            raise invalid_key(f"{kid}: d*G differs from the stored public point", "p256.private_public_mismatch")
    return _EciesPublicProto(xb, yb), d


def check_hybrid_keyset(data: bytes, private: bool) -> tink_pb2.Keyset:
    ks = parse_keyset(data)
    for k in enabled_keys(ks):
        _ecies_public_proto(k, private)
    return ks


def aead_primitive(data: bytes) -> aead.Aead:
    check_aead_keyset(data)
    return _primitive(data, aead.Aead, "AEAD")


def hybrid_encrypt_primitive(data: bytes) -> hybrid.HybridEncrypt:
    check_hybrid_keyset(data, private=False)
    return _primitive(data, hybrid.HybridEncrypt, "hybrid public")


def hybrid_decrypt_primitive(data: bytes) -> hybrid.HybridDecrypt:
    check_hybrid_keyset(data, private=True)
    return _primitive(data, hybrid.HybridDecrypt, "hybrid private")


def write(h: tink.KeysetHandle) -> bytes:
    """Serializes a handle with cleartext_keyset_handle.write (Tink's own writer)."""
    out = io.BytesIO()
    cleartext_keyset_handle.write(tink.BinaryKeysetWriter(out), h)
    return out.getvalue()


def tink_generate(template) -> bytes:
    """A keyset generated by Tink itself from a template, serialized by Tink."""
    return write(tink.new_keyset_handle(template))


def tink_public(private_keyset: bytes) -> bytes:
    """The public keyset Tink derives from a private keyset."""
    return write(handle(private_keyset).public_keyset_handle())


def primary_entry(ks: tink_pb2.Keyset) -> tink_pb2.Keyset.Key:
    matches = [k for k in enabled_keys(ks) if k.key_id == ks.primary_key_id]
    return matches[0]


def output_prefix(prefix_type: int, key_id: int) -> bytes:
    if prefix_type == PREFIX["TINK"]:
        return b"\x01" + key_id.to_bytes(4, "big")
    if prefix_type in (PREFIX["LEGACY"], PREFIX["CRUNCHY"]):
        return b"\x00" + key_id.to_bytes(4, "big")
    if prefix_type == PREFIX["RAW"]:
        return b""
    raise invalid_key("unknown output prefix type")


@dataclass(frozen=True)
class AeadPrimary:
    key: bytes
    prefix: bytes


def aead_primary(data: bytes) -> AeadPrimary:
    """The primary AES-GCM key and its output prefix (for hand-built ciphertexts)."""
    aead_primitive(data)  # validated, and Tink must accept the keyset first
    k = primary_entry(parse_keyset(data))
    key = aes_gcm_pb2.AesGcmKey.FromString(k.key_data.value)
    return AeadPrimary(bytes(key.key_value), output_prefix(k.output_prefix_type, k.key_id))


@dataclass(frozen=True)
class EciesPublic:
    key_id: int
    prefix_type: int
    x: int
    y: int

    @property
    def prefix(self) -> bytes:
        return output_prefix(self.prefix_type, self.key_id)

    def public_key(self) -> ec.EllipticCurvePublicKey:
        return ec.EllipticCurvePublicNumbers(self.x, self.y, ec.SECP256R1()).public_key()


def check_template_params(raw: bytes) -> None:
    """Params (serialized EciesAeadHkdfParams) must mean ECIES_P256_HKDF_HMAC_SHA256_AES128_GCM
    (profile-v1 §8); anything else is a valid Tink construct CloserSpec does not implement
    (`unsupported`). The DEM template's own output prefix is ignored, as Tink ignores it.
    Order: tink-hybrid.md §"Check order" step 4."""
    def unsupported(what: str) -> PortError:
        return fail("ecies.unsupported_parameters", f"ECIES parameters: {what}")

    params = protoscan.scan(raw, "EciesAeadHkdfParams")
    kem = protoscan.scan(protoscan.merged(params, 1) or b"", "EciesHkdfKemParams")
    if protoscan.last_uint32(kem, 1) != NIST_P256:
        raise unsupported("curve is not NIST_P256")
    if protoscan.last_uint32(kem, 2) != SHA256:
        raise unsupported("HKDF hash is not SHA256")
    if protoscan.last_bytes(kem, 11):
        raise unsupported("HKDF salt is not empty")
    if protoscan.last_uint32(params, 3) != UNCOMPRESSED:
        raise unsupported("point format is not UNCOMPRESSED")
    dem = protoscan.scan(protoscan.merged(params, 2) or b"", "EciesAeadDemParams")
    template = protoscan.scan(protoscan.merged(dem, 2) or b"", "KeyTemplate")
    protoscan.check_utf8(template, 1, "KeyTemplate")
    if protoscan.last_bytes(template, 1) != AES_GCM_TYPE_URL.encode():
        raise unsupported("DEM is not AES-GCM")
    fmt = protoscan.scan(protoscan.last_bytes(template, 2), "AesGcmKeyFormat")
    if protoscan.last_uint32(fmt, 2) != 16 or protoscan.last_uint32(fmt, 3) != 0:
        raise unsupported("DEM is not AES128_GCM")


def ecies_point(x: int, y: int) -> None:
    """Rejects points off P-256 (the identity has no affine form and is off the curve)."""
    if not (0 <= x < P256_PRIME and 0 <= y < P256_PRIME):
        raise invalid_key("ECIES public point coordinate is out of range", "p256.coordinate_out_of_range")
    try:
        ec.EllipticCurvePublicNumbers(x, y, ec.SECP256R1()).public_key()
    except ValueError:
        raise invalid_key("ECIES public point is not on P-256", "p256.not_on_curve") from None


def ecies_primary_public(data: bytes, *, private: bool = False) -> EciesPublic:
    """The primary ECIES public key of a validated public (or private) keyset."""
    ks = check_hybrid_keyset(data, private)
    k = primary_entry(ks)
    pub, _ = _ecies_public_proto(k, private)
    return EciesPublic(k.key_id, k.output_prefix_type, int.from_bytes(pub.x, "big"), int.from_bytes(pub.y, "big"))
