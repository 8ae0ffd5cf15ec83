"""The fixed tests that kill the five sliver mutants (ports/python-mutants/slivers.py), each expected
value recomputed by an independent implementation, and each shown to separate the sliver's reading
from the page's (specs/explore.md §"Mutant power"):

- enc_v1 `EncV1Latin1CoupleId`, `EncV1LongPlaintext`: the value rebuilt byte for byte with
  `cryptography`'s AES-GCM and the Tink framing of tink-aead.md (01 || key id || iv || ct || tag),
  the AAD the UTF-8 of the coupleId (enc-v1.md, D-WIRE-05), and opened by Python Tink; the same
  seal with a Latin-1 AAD, or with the text cut to 64 KiB, gives another value;
- canonical_json `CanonicalNestedOrder`: `rfc8785.dumps` of the parsed input; sorting the nested
  members by UTF-8 bytes gives other bytes;
- tink_keyset `KeysetHighNonPrimaryIds`: the ids Python Tink's `keyset_info()` lists for the
  ENABLED keys, in keyset order; read as signed 32-bit they differ;
- encodings `EncodingSpareBits`: Python's `base64` (validate=True) reads each text, but re-encoding
  its bytes gives another text, so the text is not the one canonical encoding the page accepts
  (encodings.md, D-WIRE-04); the set spare bits are among the two the sliver does not check.

Run by `make test-oracles` (reads vectors/ directly).
"""

from __future__ import annotations

import base64
import json
import pathlib

import pytest
import rfc8785
import tink
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from tink import aead, cleartext_keyset_handle
from tink.proto import aes_gcm_pb2, tink_pb2

aead.register()

VECTORS = pathlib.Path(__file__).resolve().parents[2] / "vectors"


def group(suite: str, name: str) -> list[dict]:
    doc = json.loads((VECTORS / f"{suite}.json").read_text(encoding="utf-8"))
    tests = [t for g in doc["testGroups"] if g["type"] == name for t in g["tests"]]
    assert tests, f"{suite} has no group {name}"
    return tests


def tink_seal(keyset_hex: str, text: bytes, aad: bytes, iv: bytes) -> str:
    """enc:v1 rebuilt from the keyset's primary AES-GCM key (tink-aead.md framing, enc-v1.md)."""
    ks = tink_pb2.Keyset.FromString(bytes.fromhex(keyset_hex))
    primary = next(k for k in ks.key if k.key_id == ks.primary_key_id)
    key = aes_gcm_pb2.AesGcmKey.FromString(primary.key_data.value).key_value
    body = b"\x01" + primary.key_id.to_bytes(4, "big") + iv + AESGCM(key).encrypt(iv, text, aad)
    return "enc:v1:" + base64.b64encode(body).decode()


def tink_open(keyset_hex: str, value: str, aad: bytes) -> bytes:
    handle = cleartext_keyset_handle.read(tink.BinaryKeysetReader(bytes.fromhex(keyset_hex)))
    return handle.primitive(aead.Aead).decrypt(base64.b64decode(value.removeprefix("enc:v1:")), aad)


ENC_TESTS = group("enc_v1", "EncV1Latin1CoupleId") + group("enc_v1", "EncV1LongPlaintext")


@pytest.mark.parametrize("t", ENC_TESTS, ids=[str(t["tcId"]) for t in ENC_TESTS])
def test_enc_v1_against_cryptography_and_tink(t):
    inp, couple = t["input"], t["input"]["coupleId"]
    aad = couple.encode("utf-8")
    assert t["result"] == "valid" and bytes.fromhex(t["intermediates"]["aad"]) == aad
    if t["op"] == "enc.open":
        assert tink_open(inp["keyset"], inp["value"], aad).decode("utf-8") == t["expected"]["text"]
        return
    text, iv = inp["text"].encode("utf-8"), bytes.fromhex(inp["iv"])
    value = t["expected"]["value"]
    assert tink_seal(inp["keyset"], text, aad, iv) == value
    assert tink_open(inp["keyset"], value, aad) == text
    if all(ord(c) <= 0xFF for c in couple) and not couple.isascii():  # the aad-latin1 sliver's AAD
        assert tink_seal(inp["keyset"], text, couple.encode("latin-1"), iv) != value
    if len(text) > 65536:  # the plaintext-64k sliver's cut, and the smallest length it changes
        assert len(text) == 65537
        assert tink_seal(inp["keyset"], text[:65536], aad, iv) != value


def utf8_sorted(value, depth: int = 0) -> bytes:
    """The json-utf8-sort sliver's reading: nested objects' members by UTF-8 bytes."""
    if isinstance(value, dict):
        key = (lambda k: k.encode("utf-16-be")) if depth == 0 else (lambda k: k.encode("utf-8"))
        return b"{" + b",".join(rfc8785.dumps(k) + b":" + utf8_sorted(value[k], depth + 1)
                                for k in sorted(value, key=key)) + b"}"
    if isinstance(value, list):
        return b"[" + b",".join(utf8_sorted(v, depth + 1) for v in value) + b"]"
    return rfc8785.dumps(value)


JSON_TESTS = group("canonical_json", "CanonicalNestedOrder")


@pytest.mark.parametrize("t", JSON_TESTS, ids=[str(t["tcId"]) for t in JSON_TESTS])
def test_nested_member_order_against_rfc8785(t):
    parsed = json.loads(t["input"]["json"])
    canonical = bytes.fromhex(t["expected"]["canonical"])
    assert rfc8785.dumps(parsed) == canonical
    assert utf8_sorted(parsed) != canonical


KEYSET_TESTS = group("tink_keyset", "KeysetHighNonPrimaryIds")


@pytest.mark.parametrize("t", KEYSET_TESTS, ids=[str(t["tcId"]) for t in KEYSET_TESTS])
def test_high_key_ids_against_tink(t):
    handle = cleartext_keyset_handle.read(tink.BinaryKeysetReader(bytes.fromhex(t["input"]["keyset"])))
    info = handle.keyset_info()
    enabled = [k.key_id for k in info.key_info if k.status == tink_pb2.ENABLED]
    assert t["expected"] == {"primaryKeyId": info.primary_key_id, "keyIds": enabled}
    signed = [i if i == info.primary_key_id or i < 2**31 else i - 2**32 for i in enabled]
    assert signed != enabled, "no non-primary id of 2^31 or above"


BITS_TESTS = group("encodings", "EncodingSpareBits")
ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"


@pytest.mark.parametrize("t", BITS_TESTS, ids=[str(t["tcId"]) for t in BITS_TESTS])
def test_middle_spare_bits_are_not_the_canonical_text(t):
    profile, text = t["input"]["profile"], t["input"]["text"]
    assert t["result"] == "invalid"
    assert t["expected"]["error"]["detail"] == "b64.non_canonical_trailing_bits"
    symbols = text.rstrip("=")
    assert len(symbols) % 4 == 2
    if profile == "b64":
        data = base64.b64decode(text, validate=True)
        assert base64.b64encode(data).decode() != text
    else:
        data = base64.urlsafe_b64decode(text + "==")
        assert base64.urlsafe_b64encode(data).decode().rstrip("=") != text
    spare = (ALPHABET + ("+/" if profile == "b64" else "-_")).index(symbols[-1]) & 0b1111
    assert spare & 0b0110 and not spare & 0b1001, "a spare bit the b64-trailing-bits-2char sliver checks"
