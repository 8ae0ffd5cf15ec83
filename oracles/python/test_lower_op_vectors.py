"""The vectors that turned the blind corpora's findings into fixed tests, checked against
independent implementations, not through any port and not against CloserSpec's own output
(specs/explore.md §"Blind corpora", specs/vectors.md §tink_aead, §tink_hybrid, §couple_key_wrap,
§recovery_phrase, §invite_phrase):

- `aesgcm.seal` / `aesgcm.open` (tink_aead `AesGcmLowerOps`): Python `cryptography`'s AESGCM;
  every refused IV length is one `cryptography` would take (GCM allows them: the 12-byte rule is
  the spec's, tink-aead.md), so the refusal is not a library artefact;
- `p256.ecdh` (tink_hybrid `KemAndKdfLowerOps`): `cryptography`'s ECDH with the scalar's value
  (leading zero bytes stripped, harness.md), and the range 0 < d < n;
- `hkdf.sha256` (same group): RFC 5869 written here with `hmac` (extract, then expand), including
  the 8160-byte maximum 255 · HashLen; RFC 5869's own test case 1 is checked literally;
- `couplekey.unwrap` at the reader bounds (couple_key_wrap `CoupleKeyUnwrapAtBounds`):
  `argon2-cffi` derives the key from the vector's phrase, salt and kdfParams, and `cryptography`
  opens the wrapped keyset;
- `invite.decrypt` of 44-byte values (invite_phrase `InviteValueMinimum`): `argon2-cffi` and
  `cryptography` again;
- `phrase.normalize` NFKC before lower case (recovery_phrase `PhraseNormalizeOrder`):
  `unicodedata` in the page's order gives the canonical phrase, the other order does not.

Each check is also run on a broken variant (an exclusive bound, a scalar refused for its width,
the normalization steps swapped, a wrong AAD) to show it can fail.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import re
import unicodedata
from pathlib import Path

import pytest
from argon2.low_level import Type, hash_secret_raw
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

ROOT = Path(__file__).resolve().parents[2]
P256_N = 0xFFFFFFFF00000000FFFFFFFFFFFFFFFFBCE6FAADA7179E84F3B9CAC2FC632551


def group_tests(suite: str, group: str) -> list[dict]:
    data = json.loads((ROOT / "vectors" / f"{suite}.json").read_text())
    found = [g for g in data["testGroups"] if g["type"] == group]
    assert found, f"{suite}.json has no group {group}"
    return found[0]["tests"]


def error_detail(t: dict) -> str:
    return t["expected"]["error"]["detail"]


# --- AES-GCM ---------------------------------------------------------------------------


def aesgcm_answer(t: dict, iv_lengths=(12,)) -> tuple[str, str]:
    """("ok", hex) or ("error", detail) for one aesgcm.* test, from `cryptography`."""
    i = {k: bytes.fromhex(v) for k, v in t["input"].items()}
    if len(i["iv"]) not in iv_lengths:
        return ("error", "aesgcm.invalid_iv")
    if t["op"] == "aesgcm.open" and len(i["ciphertext"]) < 16:
        return ("error", "aesgcm.too_short")
    if len(i["key"]) not in (16, 32):
        return ("error", "keyset.invalid_key_size")
    g = AESGCM(i["key"])
    if t["op"] == "aesgcm.seal":
        return ("ok", g.encrypt(i["iv"], i["plaintext"], i["aad"]).hex())
    return ("ok", g.decrypt(i["iv"], i["ciphertext"], i["aad"]).hex())


def expected_answer(t: dict, member: str) -> tuple[str, str]:
    if t["result"] == "valid":
        return ("ok", t["expected"][member])
    return ("error", error_detail(t))


def test_aesgcm_lower_ops_against_cryptography():
    cases = group_tests("tink_aead", "AesGcmLowerOps")
    assert len(cases) >= 10
    for t in cases:
        member = "ciphertext" if t["op"] == "aesgcm.seal" else "plaintext"
        assert aesgcm_answer(t) == expected_answer(t, member), t["comment"]
    # The refused IVs are ones GCM itself takes: cryptography seals with every one of them.
    for t in cases:
        if t["result"] == "invalid" and error_detail(t) == "aesgcm.invalid_iv" and t["op"] == "aesgcm.seal":
            i = {k: bytes.fromhex(v) for k, v in t["input"].items()}
            if len(i["key"]) in (16, 32):
                assert AESGCM(i["key"]).encrypt(i["iv"], i["plaintext"], i["aad"])
    # Broken variant: any IV of 8 bytes or more (a reading of "12" as the usual size) disagrees.
    assert any(
        aesgcm_answer(t, iv_lengths=range(8, 129)) != expected_answer(t, "ciphertext" if t["op"] == "aesgcm.seal" else "plaintext")
        for t in cases
    )


def test_aesgcm_open_checks_length_before_key_size():
    cases = [t for t in group_tests("tink_aead", "AesGcmLowerOps") if "RawCheckOrder" in t["flags"]]
    assert {error_detail(t) for t in cases} >= {"aesgcm.too_short", "keyset.invalid_key_size", "aesgcm.invalid_iv"}

    def key_first(t):
        i = {k: bytes.fromhex(v) for k, v in t["input"].items()}
        if len(i["iv"]) != 12:
            return "aesgcm.invalid_iv"
        if len(i["key"]) not in (16, 32):
            return "keyset.invalid_key_size"
        return "aesgcm.too_short"

    assert any(key_first(t) != error_detail(t) for t in cases)


# --- P-256 ECDH ------------------------------------------------------------------------


def ecdh_answer(t: dict, max_width: int | None = None) -> tuple[str, str]:
    d_bytes = bytes.fromhex(t["input"]["privateKey"])
    d = int.from_bytes(d_bytes, "big")
    if not 0 < d < P256_N or (max_width is not None and len(d_bytes) > max_width):
        return ("error", "p256.scalar_out_of_range")
    peer = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), bytes.fromhex(t["input"]["publicPoint"]))
    shared = ec.derive_private_key(d, ec.SECP256R1()).exchange(ec.ECDH(), peer)
    return ("ok", shared.hex())


def test_p256_ecdh_any_scalar_length_against_cryptography():
    cases = [t for t in group_tests("tink_hybrid", "KemAndKdfLowerOps") if t["op"] == "p256.ecdh"]
    assert any(len(t["input"]["privateKey"]) > 64 and t["result"] == "valid" for t in cases)
    for t in cases:
        assert ecdh_answer(t) == expected_answer(t, "sharedSecret"), t["comment"]
    # Broken variant: a scalar over 32 bytes refused for its width.
    assert any(ecdh_answer(t, max_width=32) != expected_answer(t, "sharedSecret") for t in cases)


# --- HKDF-SHA256 -----------------------------------------------------------------------


def hkdf_sha256(ikm: bytes, salt: bytes, info: bytes, length: int) -> bytes:
    """RFC 5869 §2.2-2.3: extract (an empty salt is HashLen zero bytes), then expand."""
    prk = hmac.new(salt or bytes(32), ikm, hashlib.sha256).digest()
    okm, block, counter = b"", b"", 1
    while len(okm) < length:
        block = hmac.new(prk, block + info + bytes([counter]), hashlib.sha256).digest()
        okm += block
        counter += 1
    return okm[:length]


def hkdf_answer(t: dict, maximum_exclusive: bool = False) -> tuple[str, str]:
    i = t["input"]
    length = i["length"]
    if length < 0 or length > 8160 or (maximum_exclusive and length == 8160):
        return ("error", "hkdf.invalid_length")
    return ("ok", hkdf_sha256(bytes.fromhex(i["ikm"]), bytes.fromhex(i["salt"]), bytes.fromhex(i["info"]), length).hex())


def test_hkdf_lengths_against_rfc5869_by_hand():
    cases = [t for t in group_tests("tink_hybrid", "KemAndKdfLowerOps") if t["op"] == "hkdf.sha256"]
    assert {t["input"]["length"] for t in cases} >= {0, 8160, 8161}
    for t in cases:
        assert hkdf_answer(t) == expected_answer(t, "okm"), t["comment"]
    rfc_case_1 = [t for t in cases if t["input"]["length"] == 42]
    assert rfc_case_1 and rfc_case_1[0]["expected"]["okm"] == (
        "3cb25f25faacd57a90434f64d0362f2a2d2d0a90cf1a5a4c5db02d56ecc4c5bf34007208d5b887185865"
    )
    assert any(hkdf_answer(t, maximum_exclusive=True) != expected_answer(t, "okm") for t in cases)


# --- Argon2id-keyed values -------------------------------------------------------------


def argon2_key(password: bytes, salt: bytes, params: str) -> bytes:
    m = re.fullmatch(r"\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)", params)
    assert m, params
    mem, t, p = (int(x) for x in m.groups())
    return hash_secret_raw(password, salt, time_cost=t, memory_cost=mem, parallelism=p, hash_len=32, type=Type.ID)


def unwrap(t: dict, aad: bytes = b"closer_couple_key") -> bytes:
    i = t["input"]
    sealed = base64.b64decode(i["wrappedCoupleKey"], validate=True)
    key = argon2_key(i["phrase"].encode(), base64.b64decode(i["kdfSalt"], validate=True), i["kdfParams"])
    return AESGCM(key).decrypt(sealed[:12], sealed[12:], aad)


def test_couple_key_unwrap_at_reader_bounds_against_argon2_cffi():
    cases = group_tests("couple_key_wrap", "CoupleKeyUnwrapAtBounds")
    assert any("m=65536" in t["input"]["kdfParams"] for t in cases)
    for t in cases:
        assert unwrap(t).hex() == t["expected"]["keyset"], t["comment"]
    with pytest.raises(Exception):
        unwrap(cases[0], aad=b"closer_couple_key!")


INVITE_AAD = b"closer_invite_phrase"


def invite_answer(t: dict, minimum_exclusive: bool = False) -> tuple[str, str]:
    data = base64.b64decode(t["input"]["value"], validate=True)
    if len(data) < 44 or (minimum_exclusive and len(data) == 44):
        return ("error", "invite.value_too_short")
    key = argon2_key(t["input"]["code"].upper().encode(), data[:16], "$argon2id$v=19$m=46080,t=3,p=1")
    try:
        return ("ok", AESGCM(key).decrypt(data[16:28], data[28:], INVITE_AAD).decode())
    except Exception:
        return ("error", "invite.authentication_failed")


def test_invite_values_of_44_bytes_against_argon2_cffi():
    cases = group_tests("invite_phrase", "InviteValueMinimum")
    assert any(len(base64.b64decode(t["input"]["value"])) == 44 and t["result"] == "valid" for t in cases)
    for t in cases:
        assert invite_answer(t) == expected_answer(t, "phrase"), t["comment"]
    assert any(invite_answer(t, minimum_exclusive=True) != expected_answer(t, "phrase") for t in cases)


# --- phrase normalization order ---------------------------------------------------------


def test_phrase_nfkc_before_lower_case_with_unicodedata():
    cases = group_tests("recovery_phrase", "PhraseNormalizeOrder")
    assert cases
    for t in cases:
        typed = t["input"]["input"]
        assert " ".join(unicodedata.normalize("NFKC", typed).lower().split()) == t["expected"]["phrase"], t["comment"]
        # Broken variant: lower case first leaves a capital letter behind.
        assert " ".join(unicodedata.normalize("NFKC", typed.lower()).split()) != t["expected"]["phrase"], t["comment"]
