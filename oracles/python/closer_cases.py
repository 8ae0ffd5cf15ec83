"""Seeded case generators shared by the interop suites (test_tink_interop.py,
test_reference_port.py).

Everything here draws from a `random.Random` seeded with a fixed string, so case ids and
inputs are the same on every run. The one exception is key material that Tink itself
generates from a template (Tink takes no seed): those cases keep their ids and shapes,
only the key bytes differ per run.
"""

from __future__ import annotations

import json
import math
import os
import random
import struct
import sys
from dataclasses import dataclass, field

HERE = os.path.dirname(os.path.abspath(__file__))
PORT_DIR = os.path.normpath(os.path.join(HERE, "..", "..", "ports", "python"))
if PORT_DIR not in sys.path:
    sys.path.insert(0, PORT_DIR)

from closer_port import encoding, tink_keysets as tk  # noqa: E402
from tink import aead as tink_aead, hybrid as tink_hybrid  # noqa: E402
from tink.proto import tink_pb2  # noqa: E402

from cryptography.hazmat.primitives.asymmetric import ec  # noqa: E402

MIB = 1024 * 1024
KEY_ID_EDGES = (0, 1, 0x7FFFFFFF, 0x80000000, 0xFFFFFFFF, 0xDEADBEEF, 0x12345678)


def rng_for(name: str) -> random.Random:
    return random.Random(f"closer-interop/{name}")


def rbytes(rng: random.Random, n: int) -> bytes:
    return rng.getrandbits(8 * n).to_bytes(n, "big") if n else b""


def key_id(rng: random.Random, i: int | None = None) -> int:
    """Full UInt32 range; about half >= 2^31; the edges come first when i is given."""
    if i is not None and i < len(KEY_ID_EDGES):
        return KEY_ID_EDGES[i]
    return rng.getrandbits(32)


LARGE_CASE = 42  # the case index that carries the large (1 MiB) plaintext


def plaintext_len(rng: random.Random, i: int, large: bool = True) -> int:
    """Empty, small and medium plaintexts; case LARGE_CASE is 1 MiB when `large`.

    (One large case per test: closer-spec's debug build needs seconds per MiB of hex.)
    """
    r = rng.random()
    if large and i == LARGE_CASE:
        return MIB
    if r < 0.1:
        return 0
    if r < 0.6:
        return rng.randint(1, 64)
    return rng.randint(65, 2048)


def short(b: bytes, n: int = 48) -> str:
    h = b.hex()
    return h if len(h) <= n else f"{h[:n]}…({len(b)} bytes)"


# --- AEAD keysets -----------------------------------------------------------------------

AEAD_TEMPLATES = {
    "AES256_GCM": tink_aead.aead_key_templates.AES256_GCM,
    "AES128_GCM": tink_aead.aead_key_templates.AES128_GCM,
    "AES256_GCM_RAW": tink_aead.aead_key_templates.AES256_GCM_RAW,
    "AES128_GCM_RAW": tink_aead.aead_key_templates.AES128_GCM_RAW,
}


@dataclass
class AeadKeyset:
    keyset: bytes
    desc: str
    # Single-key keysets of every ENABLED non-primary key (rotation: "older keys").
    older: list[bytes] = field(default_factory=list)
    # A single-key keyset of the primary alone.
    primary_only: bytes | None = None
    primary_prefix: bytes = b""
    # A single-key keyset of the DISABLED key, if the keyset has one (never used by Tink).
    disabled_only: bytes | None = None


def _entries(ks_bytes: bytes) -> list[tink_pb2.Keyset.Key]:
    return list(tink_pb2.Keyset.FromString(ks_bytes).key)


def _single(k: tink_pb2.Keyset.Key) -> bytes:
    ks = tink_pb2.Keyset(primary_key_id=k.key_id)
    kk = ks.key.add()
    kk.CopyFrom(k)
    kk.status = tk.ENABLED
    return ks.SerializeToString()


def aead_keyset(rng: random.Random, i: int, *, prefixes=("TINK", "RAW", "LEGACY", "CRUNCHY"), allow_rotation=True) -> AeadKeyset:
    """A hand-built, Tink-generated or rotated (multi-key) AES-GCM keyset."""
    kind = i % 4 if allow_rotation else i % 3
    if kind in (0, 1):  # hand-built from key material, full key id range
        kid = key_id(rng, i // 4)
        size = rng.choice((16, 32))
        prefix = prefixes[rng.randrange(len(prefixes))]
        ks = tk.keyset(kid, [tk.aead_entry(rbytes(rng, size), kid, prefix)])
        tk.aead_primitive(ks)
        return AeadKeyset(ks, f"hand AES{size * 8}-GCM id={kid:#010x} {prefix}", [], ks, tk.output_prefix(tk.PREFIX[prefix], kid))
    if kind == 2:  # Tink generated from a template, written by cleartext_keyset_handle.write
        names = list(AEAD_TEMPLATES) if "RAW" in prefixes else ["AES256_GCM", "AES128_GCM"]
        name = names[rng.randrange(len(names))]
        ks = tk.tink_generate(AEAD_TEMPLATES[name])
        k = _entries(ks)[0]
        return AeadKeyset(ks, f"tink-generated {name} id={k.key_id:#010x}", [], ks, tk.output_prefix(k.output_prefix_type, k.key_id))
    return rotated_aead_keyset(rng, prefixes)


def rotated_aead_keyset(rng: random.Random, prefixes=("TINK", "RAW", "LEGACY", "CRUNCHY")) -> AeadKeyset:
    """2-4 keys (hand-built and Tink-generated), some DISABLED; primary among the ENABLED."""
    n = rng.randint(2, 4)
    keys: list[tink_pb2.Keyset.Key] = []
    used: set[int] = set()
    for j in range(n):
        if rng.random() < 0.3:
            src = tk.tink_generate(AEAD_TEMPLATES["AES256_GCM" if prefixes == ("TINK",) else rng.choice(list(AEAD_TEMPLATES))])
        else:
            kid = rng.getrandbits(32)
            src = tk.keyset(kid, [tk.aead_entry(rbytes(rng, rng.choice((16, 32))), kid, rng.choice(prefixes))])
        k = _entries(src)[0]
        if k.key_id in used:
            continue
        used.add(k.key_id)
        keys.append(k)
    enabled = list(range(len(keys)))
    # One non-primary key may be DISABLED (never used by Tink).
    primary = rng.choice(enabled)
    disabled = None
    if len(keys) > 2 and rng.random() < 0.5:
        disabled = rng.choice([j for j in enabled if j != primary])
    ks = tink_pb2.Keyset(primary_key_id=keys[primary].key_id)
    for j, k in enumerate(keys):
        kk = ks.key.add()
        kk.CopyFrom(k)
        kk.status = tk.DISABLED if j == disabled else tk.ENABLED
    data = ks.SerializeToString()
    tk.aead_primitive(data)
    older = [_single(k) for j, k in enumerate(keys) if j not in (primary, disabled)]
    desc = "rotation[" + ",".join(
        f"{tk.PREFIX_NAME[k.output_prefix_type]}:{k.key_id:#010x}{'*' if j == primary else ''}{'(disabled)' if j == disabled else ''}"
        for j, k in enumerate(keys)
    ) + "]"
    p = keys[primary]
    return AeadKeyset(
        data, desc, older, _single(p), tk.output_prefix(p.output_prefix_type, p.key_id), _single(keys[disabled]) if disabled is not None else None
    )


# --- hybrid keysets ---------------------------------------------------------------------


@dataclass
class HybridKeyset:
    private: bytes
    public: bytes
    desc: str
    d: int | None = None  # scalar when known (hand-built)
    older_public: list[bytes] = field(default_factory=list)  # rotation: older keys' public keysets


HYBRID_TEMPLATE = tink_hybrid.hybrid_key_templates.ECIES_P256_HKDF_HMAC_SHA256_AES128_GCM


def leading_zero_scalar(rng: random.Random, what: str) -> int:
    """A scalar whose public x (what='x'), y ('y') or the scalar itself ('d') starts with a 00 byte."""
    while True:
        d = rng.randrange(1, tk.P256_ORDER)
        if what == "d":
            d >>= 8
            if d:
                return d
            continue
        x, y = tk.p256_public_point(d)
        if (x if what == "x" else y) < 1 << 248:
            return d


def hybrid_keyset(rng: random.Random, i: int, *, allow_rotation: bool = True, prefixes=("TINK",)) -> HybridKeyset:
    """Tink-generated (32-byte), Java-style (33-byte), C++-style (32-byte) or rotated keysets."""
    kind = i % 4 if allow_rotation else i % 3
    if kind == 0:
        priv = tk.tink_generate(HYBRID_TEMPLATE)
        pub = tk.tink_public(priv)
        kid = _entries(priv)[0].key_id
        return HybridKeyset(priv, pub, f"tink-generated ECIES id={kid:#010x} (32-byte coordinates)")
    if kind in (1, 2):
        width = 33 if kind == 1 else 32
        special = (i // 4) % 8
        d = {1: lambda: leading_zero_scalar(rng, "x"), 2: lambda: leading_zero_scalar(rng, "y"), 3: lambda: leading_zero_scalar(rng, "d")}.get(
            special, lambda: rng.randrange(1, tk.P256_ORDER)
        )()
        kid = key_id(rng, i // 4)
        prefix = prefixes[rng.randrange(len(prefixes))]
        priv, pub = tk.hybrid_keysets(d, kid, width, prefix)
        note = {1: " x<2^248", 2: " y<2^248", 3: " d<2^248"}.get(special, "")
        return HybridKeyset(priv, pub, f"hand {'Java' if width == 33 else 'C++'}-style {width}-byte id={kid:#010x} {prefix}{note}", d)
    return rotated_hybrid_keyset(rng)


def rotated_hybrid_keyset(rng: random.Random) -> HybridKeyset:
    parts = []
    used = set()
    for j in range(rng.randint(2, 3)):
        if rng.random() < 0.4:
            priv = tk.tink_generate(HYBRID_TEMPLATE)
            pub = tk.tink_public(priv)
        else:
            kid = rng.getrandbits(32)
            priv, pub = tk.hybrid_keysets(rng.randrange(1, tk.P256_ORDER), kid, rng.choice((32, 33)))
        kid = _entries(priv)[0].key_id
        if kid in used:
            continue
        used.add(kid)
        parts.append((priv, pub))
    primary = rng.randrange(len(parts))
    ks_priv = tink_pb2.Keyset(primary_key_id=_entries(parts[primary][0])[0].key_id)
    ks_pub = tink_pb2.Keyset(primary_key_id=ks_priv.primary_key_id)
    for priv, pub in parts:
        ks_priv.key.add().CopyFrom(_entries(priv)[0])
        ks_pub.key.add().CopyFrom(_entries(pub)[0])
    priv_b, pub_b = ks_priv.SerializeToString(), ks_pub.SerializeToString()
    tk.hybrid_decrypt_primitive(priv_b)
    tk.hybrid_encrypt_primitive(pub_b)
    older = [pub for j, (_, pub) in enumerate(parts) if j != primary]
    desc = "rotation[" + ",".join(f"{_entries(p)[0].key_id:#010x}{'*' if j == primary else ''}" for j, (p, _) in enumerate(parts)) + "]"
    return HybridKeyset(priv_b, pub_b, desc, None, older)


def ephemeral_scalar(rng: random.Random, recipient_public: bytes, i: int) -> bytes:
    """An ephemeral scalar; every 8th makes an ECDH x with a leading 00 byte, every 8th+1
    a KEM point whose x has one (the cases where stripping leading zeros breaks Tink)."""
    pub = tk.ecies_primary_public(recipient_public)
    target = i % 8
    while True:
        d = rng.randrange(1, tk.P256_ORDER)
        if target not in (0, 1):
            return d.to_bytes(32, "big")
        key = ec.derive_private_key(d, ec.SECP256R1())
        if target == 0:
            if key.exchange(ec.ECDH(), pub.public_key())[0] == 0:
                return d.to_bytes(32, "big")
        elif key.public_key().public_numbers().x < 1 << 248:
            return d.to_bytes(32, "big")


# --- text, ids and JSON ---------------------------------------------------------------

_ALPHABETS = [
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_",
    " \t\n\"\\/'<>&{}[]:,éüßçñ€ → ✓",
    "日本語テキスト한국어Ελληνικάкириллица",
    "\U0001F600\U0001F496\U0001F468\u200d\U0001F469\u200d\U0001F467\U00010348\U0001D11E",
    "\u0000\u0001\u001f\u007f\u2028\u2029\ufeff\ufffd\uffff\ue000",
]


def text(rng: random.Random, n: int) -> str:
    alpha = "".join(rng.sample(_ALPHABETS, rng.randint(1, len(_ALPHABETS))))
    return "".join(rng.choice(alpha) for _ in range(n))


def ident(rng: random.Random) -> str:
    """A valid AAD component: non-empty, no '|'; sometimes non-ASCII."""
    n = rng.randint(1, 28)
    s = text(rng, n).replace("|", "") if rng.random() < 0.25 else "".join(rng.choice(_ALPHABETS[0]) for _ in range(n))
    return s or "x"


def json_double(rng: random.Random) -> float:
    r = rng.random()
    if r < 0.3:
        return rng.choice(
            [0.0, -0.0, 1.0, -1.0, 0.1, 5e-324, -5e-324, 1e21, 1e20, 1e-7, 1e-6, 9007199254740992.0, 9007199254740993.0,
             1.7976931348623157e308, 2.2250738585072014e-308, 123456789012345678901234.0, 333333333.33333329, 1e23, 4.35, 0.000001]
        )
    if r < 0.6:
        return float(rng.randint(-(2**60), 2**60))
    while True:
        f = struct.unpack(">d", rbytes(rng, 8))[0]
        if math.isfinite(f):
            return f


def json_value(rng: random.Random, depth: int = 0):
    r = rng.random()
    if depth > 4 or r < 0.45:
        c = rng.randrange(6)
        if c == 0:
            return None
        if c == 1:
            return rng.random() < 0.5
        if c in (2, 3):
            return json_double(rng)
        return text(rng, rng.randint(0, 20))
    if r < 0.7:
        return [json_value(rng, depth + 1) for _ in range(rng.randint(0, 5))]
    return {text(rng, rng.randint(0, 8)): json_value(rng, depth + 1) for _ in range(rng.randint(0, 6))}


def _num_text(rng: random.Random, f: float) -> str:
    forms = [repr(f), "%.17g" % f, "%.17e" % f]
    if f == int(f) and abs(f) < 1e30:
        forms.append(str(int(f)) if f != 0 or math.copysign(1, f) > 0 else "-0")
        forms.append(str(int(f)) + ".000")
    t = rng.choice(forms)
    if "e" in t and rng.random() < 0.5:
        t = t.replace("e", "E")
    return t.replace("inf", "1e999")


def _str_text(rng: random.Random, s: str) -> str:
    out = []
    for ch in s:
        c = ord(ch)
        if ch in '"\\' or c < 0x20:
            out.append(json.dumps(ch)[1:-1] if rng.random() < 0.5 else "\\u%04x" % c)
        elif ch == "/" and rng.random() < 0.5:
            out.append("\\/")
        elif rng.random() < 0.15:
            if c > 0xFFFF:
                c -= 0x10000
                out.append("\\u%04x\\u%04X" % (0xD800 + (c >> 10), 0xDC00 + (c & 0x3FF)))
            else:
                out.append(("\\u%04x" if rng.random() < 0.5 else "\\u%04X") % c)
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def json_text(rng: random.Random, v) -> str:
    """Non-canonical JSON text of v: random whitespace, member order, escapes, number forms."""
    ws = lambda: rng.choice(["", "", " ", "\n", "\t ", "\r\n  "])  # noqa: E731
    if v is None:
        return "null"
    if v is True:
        return "true"
    if v is False:
        return "false"
    if isinstance(v, float):
        return _num_text(rng, v)
    if isinstance(v, str):
        return _str_text(rng, v)
    if isinstance(v, list):
        return "[" + ws() + ("," + ws()).join(json_text(rng, x) for x in v) + ws() + "]"
    items = list(v.items())
    rng.shuffle(items)
    return "{" + ws() + ("," + ws()).join(_str_text(rng, k) + ws() + ":" + ws() + json_text(rng, x) for k, x in items) + ws() + "}"


def canonical(v) -> bytes:
    return encoding.canonical_bytes(v)


def sealed_payload(rng: random.Random, couple_id: str, question_id: str, user_id: str) -> dict:
    p = {"coupleId": couple_id, "questionId": question_id, "userId": user_id, "nonce": encoding.b64url_encode(rbytes(rng, 16))}
    for _ in range(rng.randint(0, 4)):
        k = rng.choice(["answer", "text", "choice", "score", "tags", "meta", text(rng, rng.randint(1, 6))])
        if k not in p:
            p[k] = json_value(rng, 2)
    return p


# --- value mutations --------------------------------------------------------------------


def flip_bit(rng: random.Random, b: bytes, lo: int = 0) -> tuple[bytes, str]:
    pos = rng.randrange(lo, len(b))
    bit = rng.randrange(8)
    out = bytearray(b)
    out[pos] ^= 1 << bit
    return bytes(out), f"bit {bit} of byte {pos} flipped"


def mutate_ciphertext(rng: random.Random, ct: bytes, lo: int = 0) -> tuple[bytes, str]:
    """Bit flip, truncation, extension or emptying."""
    r = rng.random()
    if r < 0.6:
        return flip_bit(rng, ct, lo)
    if r < 0.8:
        n = rng.randrange(0, len(ct))
        return ct[:n], f"truncated to {n} bytes"
    if r < 0.95:
        return ct + rbytes(rng, rng.randint(1, 4)), "extended"
    return b"", "emptied"


_B64URL_ALPHA = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
_B64_ALPHA = _B64URL_ALPHA[:62] + "+/"


def broken_b64url(rng: random.Random, body: str) -> tuple[str, str]:
    """Text a strict b64url decoder must refuse (decode_error), and how it is broken."""
    options = [
        (body + "=" * (-len(body) % 4 or 2), "padded"),
        (body[:-1] + "+" if body else "+", "standard-alphabet character"),
        (" " + body, "leading space"),
        (body + "\n", "trailing newline"),
        (body + "A" * ((1 - len(body)) % 4), "length % 4 == 1"),
    ]
    if len(body) % 4:
        i = _B64URL_ALPHA.index(body[-1])
        options.append((body[:-1] + _B64URL_ALPHA[i | 1] if i & 1 == 0 else body[:-1] + _B64URL_ALPHA[i | 2], "non-zero spare bits"))
    return rng.choice(options)


def broken_b64(rng: random.Random, body: str) -> tuple[str, str]:
    """Text a strict standard-base64 decoder must refuse (decode_error), and how it is broken."""
    bare = body.rstrip("=")
    options = [
        (bare if bare != body else body + "==", "padding missing or extra"),
        (body.replace("+", "-").replace("/", "_") if ("+" in body or "/" in body) else "-" + body[1:], "url-safe alphabet"),
        (" " + body, "leading space"),
        (body[:4] + "\n" + body[4:], "line break"),
        (body + "A", "length not a multiple of 4"),
    ]
    if bare != body:
        i = _B64_ALPHA.index(bare[-1])
        options.append((bare[:-1] + _B64_ALPHA[i | 1] + body[len(bare):], "non-zero spare bits"))
    return rng.choice(options)


# --- keyset encodings: what Tink's readers accept beyond the canonical writer -------------


def pb_varint_field(field: int, value: int) -> bytes:
    """A varint field, written even when 0 (explicit default)."""
    return tk.varint(field << 3) + tk.varint(value)


def pb_bytes_field(field: int, value: bytes) -> bytes:
    return tk.varint(field << 3 | 2) + tk.varint(len(value)) + value


def sign_extended(n: int) -> int:
    """The 10-byte varint a signed int32 writer produces for a uint32 >= 2^31."""
    return n - 2**32 + 2**64 if n >= 2**31 else n


UNKNOWN_FIELDS = (
    pb_varint_field(15, 7) + pb_bytes_field(99, b"unknown") + bytes([0x2D]) + b"\x01\x02\x03\x04"  # fixed32 field 5
    + bytes([0x89, 0x01]) + bytes(8)  # fixed64 field 17
)


def aead_keyset_variant(rng: random.Random, kind: str, key: bytes, kid: int) -> tuple[bytes, str]:
    """The keyset of (key, kid, TINK) in an encoding Tink's reader accepts, or one it rejects."""
    url = pb_bytes_field(1, tk.AES_GCM_TYPE_URL.encode())
    aes = pb_bytes_field(3, key)
    kd = url + pb_bytes_field(2, aes) + pb_varint_field(3, tk.SYMMETRIC)

    def entry(kd: bytes, status: int = tk.ENABLED, key_id: int = kid, prefix: int = 1, extra: bytes = b"") -> bytes:
        return pb_bytes_field(2, pb_bytes_field(1, kd) + pb_varint_field(2, status) + pb_varint_field(3, key_id) + pb_varint_field(4, prefix) + extra)

    other = tk.aead_entry(rbytes(rng, 32), kid ^ 0x5A5A5A5A).serialize()
    if kind == "explicit-defaults":  # version 0 and every field written, also the zero ones
        kd2 = url + pb_bytes_field(2, pb_varint_field(1, 0) + aes) + pb_varint_field(3, tk.SYMMETRIC)
        return pb_varint_field(1, kid) + entry(kd2), "explicit default fields (version 0 written)"
    if kind == "reversed":
        kd2 = pb_varint_field(3, tk.SYMMETRIC) + pb_bytes_field(2, aes) + url
        e = pb_varint_field(4, 1) + pb_varint_field(3, kid) + pb_varint_field(2, tk.ENABLED) + pb_bytes_field(1, kd2)
        return pb_bytes_field(2, e) + pb_varint_field(1, kid), "every message's fields in reverse order"
    if kind == "unknown-fields":
        kd2 = url + pb_bytes_field(2, aes + UNKNOWN_FIELDS) + pb_varint_field(3, tk.SYMMETRIC) + UNKNOWN_FIELDS
        return pb_varint_field(1, kid) + UNKNOWN_FIELDS + entry(kd2, extra=UNKNOWN_FIELDS), "unknown fields (varint, bytes, fixed32, fixed64) at every level"
    if kind == "sign-extended-ids":
        return pb_varint_field(1, sign_extended(kid)) + entry(kd, key_id=sign_extended(kid)), "key ids as 10-byte sign-extended varints"
    if kind == "destroyed-extra":
        dead = pb_bytes_field(2, pb_varint_field(2, tk.DESTROYED) + pb_varint_field(3, kid ^ 1) + pb_varint_field(4, 1))
        return pb_varint_field(1, kid) + dead + entry(kd), "a DESTROYED key without key_data before the primary"
    if kind == "disabled-bogus":
        bad = url + pb_bytes_field(2, pb_bytes_field(3, bytes(24))) + pb_varint_field(3, tk.SYMMETRIC)
        return pb_varint_field(1, kid) + entry(kd) + entry(bad, status=tk.DISABLED, key_id=kid ^ 2), "a DISABLED key with a 24-byte AES key"
    if kind == "duplicate-ids":
        twin = tk.aead_entry(rbytes(rng, 16), kid ^ 0x5A5A5A5A, "LEGACY").serialize()
        return pb_varint_field(1, kid) + pb_bytes_field(2, other) + entry(kd) + pb_bytes_field(2, twin), "two non-primary keys share an id"
    if kind == "repeated-primary-field":
        return pb_varint_field(1, kid ^ 9) + pb_varint_field(1, kid) + entry(kd), "primary_key_id written twice (the last wins)"
    # rejected by Tink
    if kind == "version-1":
        kd2 = url + pb_bytes_field(2, pb_varint_field(1, 1) + aes) + pb_varint_field(3, tk.SYMMETRIC)
        return pb_varint_field(1, kid) + entry(kd2), "AesGcmKey version 1"
    if kind == "key-24":
        kd2 = url + pb_bytes_field(2, pb_bytes_field(3, key[:24] + bytes(24 - len(key[:24])))) + pb_varint_field(3, tk.SYMMETRIC)
        return pb_varint_field(1, kid) + entry(kd2), "24-byte AES key"
    if kind == "status-unknown":
        return pb_varint_field(1, kid) + entry(kd, status=0), "status UNKNOWN"
    if kind == "prefix-unknown":
        return pb_varint_field(1, kid) + entry(kd, prefix=0), "output prefix UNKNOWN"
    if kind == "prefix-with-id-requirement":
        return pb_varint_field(1, kid) + entry(kd, prefix=5), "output prefix WITH_ID_REQUIREMENT"
    if kind == "no-primary":
        return pb_varint_field(1, kid ^ 1) + entry(kd), "primary_key_id matches no key"
    if kind == "disabled-primary":
        return pb_varint_field(1, kid) + entry(kd, status=tk.DISABLED), "the primary is DISABLED"
    if kind == "duplicate-primary":
        return pb_varint_field(1, kid) + entry(kd) + entry(kd), "two ENABLED keys carry the primary id"
    if kind == "no-keys":
        return pb_varint_field(1, kid), "no keys"
    if kind == "truncated":
        full = pb_varint_field(1, kid) + entry(kd)
        return full[: rng.randrange(1, len(full))], "truncated"
    raise ValueError(kind)


AEAD_ACCEPTED_VARIANTS = ("explicit-defaults", "reversed", "unknown-fields", "sign-extended-ids", "destroyed-extra", "disabled-bogus", "duplicate-ids", "repeated-primary-field")
AEAD_REJECTED_VARIANTS = ("version-1", "key-24", "status-unknown", "prefix-unknown", "prefix-with-id-requirement", "no-primary", "disabled-primary", "duplicate-primary", "no-keys", "truncated")


def ecies_keyset_variant(rng: random.Random, kind: str, d: int, kid: int) -> tuple[bytes, bytes, str]:
    """(private, public) keysets of scalar d in an encoding Tink's reader accepts, or not."""
    x, y = tk.p256_public_point(d)
    url_aes = pb_bytes_field(1, tk.AES_GCM_TYPE_URL.encode())
    width = {"width-34": 34, "width-minimal": None, "width-32": 32}.get(kind, 33)
    extra = UNKNOWN_FIELDS if kind == "unknown-fields" else b""
    explicit = kind == "explicit-defaults"
    dem_prefix = 3 if kind == "dem-template-raw" else 1
    kem = pb_varint_field(1, tk.NIST_P256) + pb_varint_field(2, tk.SHA256) + (pb_bytes_field(11, b"") if explicit else b"") + extra
    dem_tpl = url_aes + pb_bytes_field(2, pb_varint_field(2, 16) + (pb_varint_field(3, 0) if explicit else b"")) + pb_varint_field(3, dem_prefix) + extra
    params = pb_bytes_field(1, kem) + pb_bytes_field(2, pb_bytes_field(2, dem_tpl) + extra) + pb_varint_field(3, tk.UNCOMPRESSED) + extra
    px, py = tk.int_bytes(x, width), tk.int_bytes(y, width)
    if kind == "off-curve":
        py = tk.int_bytes((y + 1) % tk.P256_PRIME, 33)
    ver = pb_varint_field(1, 0) if explicit else b""
    pub_key = ver + pb_bytes_field(2, params) + pb_bytes_field(3, px) + pb_bytes_field(4, py) + extra
    priv_key = ver + pb_bytes_field(2, pub_key) + pb_bytes_field(3, tk.int_bytes(d, width)) + extra
    if kind == "public-version-1":
        pub_key = pb_varint_field(1, 1) + pub_key
    def ks(url: str, value: bytes, material: int) -> bytes:
        kd = pb_bytes_field(1, url.encode()) + pb_bytes_field(2, value) + pb_varint_field(3, material) + extra
        e = pb_bytes_field(1, kd) + pb_varint_field(2, tk.ENABLED) + pb_varint_field(3, kid) + pb_varint_field(4, 1) + extra
        return pb_varint_field(1, kid) + pb_bytes_field(2, e) + extra
    desc = {
        "width-34": "coordinates and scalar as 34 bytes (two leading zeros)",
        "width-minimal": "coordinates and scalar with leading zero bytes stripped",
        "width-32": "32-byte integers (C++/Python writer)",
        "explicit-defaults": "explicit defaults (version 0, empty salt, DEM version 0)",
        "unknown-fields": "unknown fields at every level",
        "dem-template-raw": "DEM template with output prefix RAW (ignored)",
        "off-curve": "public point off the curve",
        "public-version-1": "public key version 1",
    }[kind]
    return ks(tk.ECIES_PRIVATE_TYPE_URL, priv_key, tk.ASYMMETRIC_PRIVATE), ks(tk.ECIES_PUBLIC_TYPE_URL, pub_key, tk.ASYMMETRIC_PUBLIC), desc


ECIES_ACCEPTED_VARIANTS = ("width-34", "width-minimal", "width-32", "explicit-defaults", "unknown-fields", "dem-template-raw")
ECIES_REJECTED_VARIANTS = ("off-curve", "public-version-1")
