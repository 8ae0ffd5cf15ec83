"""Tink interop suite: real Python Tink (in process, through the closer_port reference
library) against `closer-spec serve` (the binary at $CLOSER_SPEC_BIN).

For every format (aead, hybrid, enc, sealed, commitment/canonicalize, pub, keybox) and
at least 200 seeded cases per direction: every value Tink makes opens in CloserSpec and
every value CloserSpec makes opens in Tink. Injected IVs / ephemeral keys are compared
byte for byte against hand-built bytes that Tink itself decrypts, the known answers of
tink-wire-facts §1 and §3 are reproduced by the Swift side, and tampered values fail on
both sides with the same error category.

A test whose ops the server does not list in `info.ops` yet is skipped with that reason;
it runs as soon as the server offers the op. Nothing else is skipped.
"""

from __future__ import annotations

import pytest
import tink

from closer_cases import (
    AEAD_ACCEPTED_VARIANTS,
    AEAD_REJECTED_VARIANTS,
    AEAD_TEMPLATES,
    ECIES_ACCEPTED_VARIANTS,
    ECIES_REJECTED_VARIANTS,
    aead_keyset_variant,
    ecies_keyset_variant,
    broken_b64,
    broken_b64url,
    LARGE_CASE,
    MIB,
    aead_keyset,
    canonical,
    ephemeral_scalar,
    hybrid_keyset,
    ident,
    json_text,
    json_value,
    key_id,
    leading_zero_scalar,
    mutate_ciphertext,
    plaintext_len,
    rbytes,
    rng_for,
    sealed_payload,
    short,
    text,
)
from closer_port import aead, encoding, hybrid, tink_keysets as tk, values
from closer_port.errors import PortError

N = 200  # cases per format and direction


class Server:
    """conftest's `serve` client (harness_client.HarnessClient) with batches and info.ops."""

    def __init__(self, client):
        self.client = client
        info = client.request("info")
        assert info.get("ok") is True, f"info failed: {info}"
        self.ops = set(info.get("ops", []))

    def batch(self, requests: list[dict]) -> list[dict]:
        return [self.client.request(r["op"], **{k: v for k, v in r.items() if k != "op"}) for r in requests]


@pytest.fixture(scope="module")
def swift(serve):
    """`closer-spec serve` ($CLOSER_SPEC_BIN; the conftest fixture skips when it is unset)."""
    return Server(serve)


def need(server: Server, *ops: str) -> None:
    """Skips (with the reason) when closer-spec serve does not offer every op yet."""
    missing = sorted(set(ops) - server.ops)
    if missing:
        pytest.skip(f"closer-spec serve does not list {', '.join(missing)} in info.ops yet; runs automatically once it does")


class Findings:
    """Collects every disagreement of one test, then fails with all of them."""

    def __init__(self, what: str):
        self.what = what
        self.items: list[str] = []
        self.checked = 0

    def add(self, case: str, message: str) -> None:
        self.items.append(f"{case}: {message}")

    def ok(self, resp: dict, case: str, op: str) -> dict | None:
        """The response if ok, else records the error and returns None."""
        if resp.get("ok") is True:
            return resp
        self.add(case, f"{op} failed: {err(resp)}")
        return None

    def done(self) -> None:
        assert self.checked > 0, f"{self.what}: no case was checked"
        print(f"[interop] {self.what}: {self.checked} checks, {len(self.items)} disagreements")
        if self.items:
            head = "\n  ".join(self.items[:25])
            more = f"\n  ... and {len(self.items) - 25} more" if len(self.items) > 25 else ""
            pytest.fail(f"{self.what}: {len(self.items)} disagreement(s) in {self.checked} checks\n  {head}{more}", pytrace=False)


def err(resp: dict) -> str:
    if resp.get("ok") is True:
        return "ok (no error)"
    e = resp.get("error") or {}
    return f"{e.get('code')} ({e.get('detail', '')}: {e.get('message')})"


def code_of(resp: dict) -> str | None:
    return None if resp.get("ok") is True else (resp.get("error") or {}).get("code")


def port_code(fn, *args, **kw) -> str | None:
    """The error category the reference port (real Tink underneath) gives, or None."""
    try:
        fn(*args, **kw)
    except PortError as e:
        return e.code
    return None


def check_negative_cases(f, swift, name: str, cases, port_call) -> None:
    """Each case (how, op, fields, want) must fail with category `want` both in the reference
    port (`port_call(op, fields)` -> its error category) and in CloserSpec."""
    reqs = [{"op": op, **{k: (v.hex() if isinstance(v, bytes) else v) for k, v in fields.items()}} for _, op, fields, _ in cases]
    for j, ((how, op, fields, want), resp) in enumerate(zip(cases, swift.batch(reqs))):
        f.checked += 1
        cid = f"{name}-neg-{j:03d}"
        pc = port_call(op, fields)
        if pc != want:
            f.add(cid, f"[{how}] reference port gives {pc}, expected {want} (port bug)")
        if code_of(resp) != want:
            f.add(cid, f"[{how}] {op}: expected {want} (as the reference port / Tink), CloserSpec: {err(resp)}")
    f.done()


def tink_rejects_aead(keyset: bytes, ct: bytes, aad: bytes) -> bool:
    try:
        tk.aead_primitive(keyset).decrypt(ct, aad)
    except tink.TinkError:
        return True
    return False


def tink_rejects_hybrid(private: bytes, ct: bytes, ctx: bytes) -> bool:
    try:
        tk.hybrid_decrypt_primitive(private).decrypt(ct, ctx)
    except tink.TinkError:
        return True
    return False


# ========================================================================================
# AEAD (tink-wire-facts §1)
# ========================================================================================


def aead_cases(name: str, large: bool = True):
    rng = rng_for(name)
    out = []
    for i in range(N):
        ks = aead_keyset(rng, i)
        pt = rbytes(rng, plaintext_len(rng, i, large))
        aad = rbytes(rng, rng.choice((0, 0, 1, 13, 64)))
        out.append((f"{name}-{i:03d}", ks, pt, aad, rng))
    return out


def test_aead_tink_ciphertexts_open_in_closerspec(swift):
    need(swift, "aead.decrypt")
    f = Findings("aead: Tink encrypts, CloserSpec decrypts")
    reqs, expect = [], []
    for cid, ks, pt, aad, _ in aead_cases("aead-t2s"):
        ct = tk.aead_primitive(ks.keyset).encrypt(pt, aad)
        reqs.append({"op": "aead.decrypt", "keyset": ks.keyset.hex(), "ciphertext": ct.hex(), "aad": aad.hex()})
        expect.append((cid, ks.desc, pt, aad, "ok"))
        for j, older in enumerate(ks.older):  # rotation: what older keys encrypted still opens
            ct = tk.aead_primitive(older).encrypt(pt[:1000], aad)
            reqs.append({"op": "aead.decrypt", "keyset": ks.keyset.hex(), "ciphertext": ct.hex(), "aad": aad.hex()})
            expect.append((f"{cid}/older{j}", ks.desc, pt[:1000], aad, "ok"))
        if ks.disabled_only:  # a DISABLED key is never used, by Tink or anyone
            ct = tk.aead_primitive(ks.disabled_only).encrypt(pt[:100], aad)
            assert tink_rejects_aead(ks.keyset, ct, aad)
            reqs.append({"op": "aead.decrypt", "keyset": ks.keyset.hex(), "ciphertext": ct.hex(), "aad": aad.hex()})
            expect.append((f"{cid}/disabled", ks.desc, None, aad, "authentication_failure"))
    for resp, (cid, desc, pt, aad, want) in zip(swift.batch(reqs), expect):
        f.checked += 1
        if want == "ok":
            if (r := f.ok(resp, f"{cid} [{desc}, pt {len(pt)}B, aad {len(aad)}B]", "aead.decrypt")) and r["plaintext"] != pt.hex():
                f.add(cid, f"aead.decrypt plaintext differs: expected {short(pt)}, got {short(bytes.fromhex(r['plaintext']))}")
        elif code_of(resp) != want:
            f.add(cid, f"[{desc}] ciphertext of a DISABLED key: expected {want}, got {err(resp)}")
    f.done()


def test_aead_closerspec_ciphertexts_open_in_tink(swift):
    need(swift, "aead.encrypt")
    f = Findings("aead: CloserSpec encrypts, Tink decrypts")
    cases = aead_cases("aead-s2t")
    reqs = [{"op": "aead.encrypt", "keyset": ks.keyset.hex(), "plaintext": pt.hex(), "aad": aad.hex()} for _, ks, pt, aad, _ in cases]
    # Twice for a few cases: a CSPRNG IV never repeats.
    reqs += [reqs[i] for i in range(0, N, 20)]
    resps = swift.batch(reqs)
    for (cid, ks, pt, aad, _), resp in zip(cases, resps):
        f.checked += 1
        where = f"{cid} [{ks.desc}, pt {len(pt)}B, aad {len(aad)}B]"
        if not (r := f.ok(resp, where, "aead.encrypt")):
            continue
        ct = bytes.fromhex(r["ciphertext"])
        if not ct.startswith(ks.primary_prefix) or len(ct) != len(ks.primary_prefix) + 12 + len(pt) + 16:
            f.add(where, f"framing: expected prefix {ks.primary_prefix.hex() or '(none)'} and {len(ks.primary_prefix) + 28 + len(pt)} bytes, got {short(ct, 20)}")
        try:
            if aead.decrypt(ks.keyset, ct, aad) != pt:
                f.add(where, "Tink decrypts to a different plaintext")
            if aead.decrypt(ks.primary_only, ct, aad) != pt:  # the primary key encrypted it
                f.add(where, "not encrypted with the primary key")
        except PortError as e:
            f.add(where, f"Tink cannot decrypt CloserSpec's ciphertext: {e}")
    for k, i in enumerate(range(0, N, 20)):
        again = resps[N + k]
        if resps[i].get("ok") and again.get("ok") and again["ciphertext"][:34 + 24] == resps[i]["ciphertext"][:34 + 24]:
            f.add(cases[i][0], "two encryptions of the same input share prefix and IV (IV not random)")
    f.done()


def test_aead_injected_iv_is_byte_exact(swift):
    need(swift, "aead.encrypt", "aead.decrypt")
    f = Findings("aead: injected IV, CloserSpec bytes == hand-built bytes Tink decrypts")
    reqs, exp = [], []
    for cid, ks, pt, aad, rng in aead_cases("aead-iv"):
        iv = rbytes(rng, 12)
        ref = aead.encrypt(ks.keyset, pt, aad, iv)  # hand-built, proven by Tink decryption
        reqs.append({"op": "aead.encrypt", "keyset": ks.keyset.hex(), "plaintext": pt.hex(), "aad": aad.hex(), "iv": iv.hex()})
        reqs.append({"op": "aead.decrypt", "keyset": ks.keyset.hex(), "ciphertext": ref.hex(), "aad": aad.hex()})
        exp.append((cid, ks.desc, iv, ref, pt))
    resps = swift.batch(reqs)
    for k, (cid, desc, iv, ref, pt) in enumerate(exp):
        f.checked += 1
        where = f"{cid} [{desc}, iv {iv.hex()}, pt {len(pt)}B]"
        if (r := f.ok(resps[2 * k], where, "aead.encrypt")) and r["ciphertext"] != ref.hex():
            f.add(where, f"aead.encrypt: expected {short(ref, 80)}, got {short(bytes.fromhex(r['ciphertext']), 80)}")
        if (r := f.ok(resps[2 * k + 1], where, "aead.decrypt")) and r["plaintext"] != pt.hex():
            f.add(where, "aead.decrypt of the reference ciphertext gives a different plaintext")
    f.done()


def test_aead_keyset_op_matches_hand_built_tink_keyset(swift):
    need(swift, "aead.keyset")
    f = Findings("aead.keyset == hand-built keyset Tink loads")
    rng = rng_for("aead-keyset")
    reqs, exp = [], []
    for i in range(N):
        kid = key_id(rng, i)
        key = rbytes(rng, rng.choice((16, 32)))
        prefix = rng.choice((None, "TINK", "RAW"))
        ref = tk.aead_keyset(key, kid, prefix or "TINK")  # loaded by Tink inside
        req = {"op": "aead.keyset", "key": key.hex(), "keyId": kid}
        if prefix:
            req["prefix"] = prefix
        reqs.append(req)
        exp.append((f"aead-keyset-{i:03d}", kid, len(key), prefix, ref))
    for resp, (cid, kid, klen, prefix, ref) in zip(swift.batch(reqs), exp):
        f.checked += 1
        where = f"{cid} [keyId={kid:#010x} ({kid}), AES{klen * 8}, prefix={prefix}]"
        if (r := f.ok(resp, where, "aead.keyset")) and r["keyset"] != ref.hex():
            f.add(where, f"keyset bytes: expected {ref.hex()}, got {r['keyset']}")
    f.done()


KAT_KEY = bytes(range(32))
KAT_KEYSET = (
    "08f8acd19101"
    "1264"
    "0a58"
    "0a30" + b"type.googleapis.com/google.crypto.tink.AesGcmKey".hex() + "12221a20" + KAT_KEY.hex() + "1801"
    "1001"
    "18f8acd19101"
    "2001"
)
KAT_IV = bytes.fromhex("000102030405060708090a0b")
KAT_CT = "0112345678000102030405060708090a0b0f67ba77aac9e24fe42ffcaaa51690f8807e8c0284e7a11c5d4f70b2"
KAT_CT_EMPTY = "0112345678000102030405060708090a0bf4c2db1dc38805a37b92171c5d0a81cc"


def test_aead_known_answers_reproduce(swift):
    need(swift, "aead.keyset", "aead.encrypt", "aead.decrypt")
    # The reference port reproduces them too (and Tink decrypts them).
    assert tk.aead_keyset(KAT_KEY, 0x12345678).hex() == KAT_KEYSET and len(bytes.fromhex(KAT_KEYSET)) == 108
    assert aead.encrypt(bytes.fromhex(KAT_KEYSET), b"Hello, Tink!", b"associated data", KAT_IV).hex() == KAT_CT
    assert aead.decrypt(bytes.fromhex(KAT_KEYSET), bytes.fromhex(KAT_CT_EMPTY), b"") == b""
    r = swift.batch(
        [
            {"op": "aead.keyset", "key": KAT_KEY.hex(), "keyId": 0x12345678, "prefix": "TINK"},
            {"op": "aead.encrypt", "keyset": KAT_KEYSET, "plaintext": b"Hello, Tink!".hex(), "aad": b"associated data".hex(), "iv": KAT_IV.hex()},
            {"op": "aead.encrypt", "keyset": KAT_KEYSET, "plaintext": "", "aad": "", "iv": KAT_IV.hex()},
            {"op": "aead.decrypt", "keyset": KAT_KEYSET, "ciphertext": KAT_CT, "aad": b"associated data".hex()},
        ]
    )
    assert r[0].get("keyset") == KAT_KEYSET, f"§2 keyset: {r[0]}"
    assert r[1].get("ciphertext") == KAT_CT, f"§1 known answer: {r[1]}"
    assert r[2].get("ciphertext") == KAT_CT_EMPTY, f"§1 empty known answer: {r[2]}"
    assert r[3].get("plaintext") == b"Hello, Tink!".hex(), f"§1 decrypt: {r[3]}"


def test_aead_tampered_fails_on_both_sides(swift):
    need(swift, "aead.decrypt")
    f = Findings("aead: tampered ciphertexts fail in Tink and CloserSpec alike")
    reqs, exp = [], []
    for cid, ks, pt, aad, rng in aead_cases("aead-neg", large=False):
        pt = pt[:2048]
        ct = tk.aead_primitive(ks.keyset).encrypt(pt, aad)
        if rng.random() < 0.15:
            bad, how, bad_aad = ct, "wrong AAD", aad + b"x"
        else:
            (bad, how), bad_aad = mutate_ciphertext(rng, ct), aad
        if not tink_rejects_aead(ks.keyset, bad, bad_aad):
            continue  # not a tampering Tink notices (cannot happen for these mutations)
        reqs.append({"op": "aead.decrypt", "keyset": ks.keyset.hex(), "ciphertext": bad.hex(), "aad": bad_aad.hex()})
        exp.append((cid, ks.desc, how, len(ct)))
    for resp, (cid, desc, how, n) in zip(swift.batch(reqs), exp):
        f.checked += 1
        if code_of(resp) != "authentication_failure":
            f.add(cid, f"[{desc}] {how} (of {n} bytes): Tink says decryption failed (authentication_failure), CloserSpec: {err(resp)}")
    assert f.checked >= N * 0.95
    f.done()


def tink_loads_aead(keyset: bytes) -> bool:
    try:
        p = tk._tink_handle(keyset).primitive(tink.aead.Aead)
        return p.decrypt(p.encrypt(b"probe", b"aad"), b"aad") == b"probe"
    except (tink.TinkError, PortError):
        return False


def test_aead_keyset_encodings_tink_accepts_open_in_closerspec(swift):
    """Keysets in every encoding Tink's reader accepts (explicit defaults, reversed field
    order, unknown fields, 10-byte sign-extended ids, DESTROYED / DISABLED-bogus extra keys,
    shared ids, a repeated primary field): CloserSpec reads them as Tink does."""
    need(swift, "aead.encrypt", "aead.decrypt")
    f = Findings("aead: keyset encodings Tink accepts")
    rng = rng_for("aead-variants")
    reqs, exp = [], []
    for i in range(N):
        kind = AEAD_ACCEPTED_VARIANTS[i % len(AEAD_ACCEPTED_VARIANTS)]
        key, kid = rbytes(rng, rng.choice((16, 32))), key_id(rng, i // len(AEAD_ACCEPTED_VARIANTS)) or 1
        ks, desc = aead_keyset_variant(rng, kind, key, kid)
        assert tink_loads_aead(ks), f"test bug: Tink refuses the '{kind}' variant"
        pt, aad, iv = rbytes(rng, rng.randint(0, 200)), rbytes(rng, rng.randint(0, 20)), rbytes(rng, 12)
        ct = tk.aead_primitive(ks).encrypt(pt, aad)
        reqs += [
            {"op": "aead.decrypt", "keyset": ks.hex(), "ciphertext": ct.hex(), "aad": aad.hex()},
            {"op": "aead.encrypt", "keyset": ks.hex(), "plaintext": pt.hex(), "aad": aad.hex()},
            {"op": "aead.encrypt", "keyset": ks.hex(), "plaintext": pt.hex(), "aad": aad.hex(), "iv": iv.hex()},
        ]
        exp.append((f"aead-variant-{i:03d}", f"{desc}, id={kid:#010x}", ks, pt, aad, aead.encrypt(ks, pt, aad, iv)))
    resps = swift.batch(reqs)
    for k, (cid, desc, ks, pt, aad, ref) in enumerate(exp):
        f.checked += 1
        where = f"{cid} [{desc}; keyset {ks.hex()}]"
        if (r := f.ok(resps[3 * k], where, "aead.decrypt of Tink's ciphertext")) and r["plaintext"] != pt.hex():
            f.add(where, "aead.decrypt gives a different plaintext")
        if r := f.ok(resps[3 * k + 1], where, "aead.encrypt"):
            try:
                if aead.decrypt(ks, bytes.fromhex(r["ciphertext"]), aad) != pt:
                    f.add(where, "Tink decrypts CloserSpec's ciphertext to a different plaintext")
            except PortError as e:
                f.add(where, f"Tink cannot decrypt CloserSpec's ciphertext: {e}")
        if (r := f.ok(resps[3 * k + 2], where, "aead.encrypt with iv")) and r["ciphertext"] != ref.hex():
            f.add(where, f"aead.encrypt with iv: expected {short(ref, 60)}, got {short(bytes.fromhex(r['ciphertext']), 60)}")
    f.done()


def test_aead_keyset_encodings_tink_rejects_fail_in_closerspec(swift):
    need(swift, "aead.encrypt", "aead.decrypt")
    f = Findings("aead: keysets Tink refuses are refused alike")
    rng = rng_for("aead-bad-keysets")
    reqs, exp = [], []
    for i in range(N):
        kind = AEAD_REJECTED_VARIANTS[i % len(AEAD_REJECTED_VARIANTS)]
        key, kid = rbytes(rng, 32), key_id(rng, i // len(AEAD_REJECTED_VARIANTS)) or 1
        ks, desc = aead_keyset_variant(rng, kind, key, kid)
        assert not tink_loads_aead(ks), f"test bug: Tink accepts the '{kind}' variant"
        want = port_code(tk.aead_primitive, ks)
        assert want in ("invalid_key", "decode_error"), (kind, want)
        op = rng.choice(["aead.encrypt", "aead.decrypt"])
        field = "plaintext" if op == "aead.encrypt" else "ciphertext"
        reqs.append({"op": op, "keyset": ks.hex(), field: rbytes(rng, 40).hex(), "aad": ""})
        exp.append((f"aead-badkeyset-{i:03d}", desc, ks, op, want))
    for resp, (cid, desc, ks, op, want) in zip(swift.batch(reqs), exp):
        f.checked += 1
        if code_of(resp) != want:
            f.add(cid, f"[{desc}; keyset {ks.hex()}] Tink refuses this keyset; {op}: expected {want}, CloserSpec: {err(resp)}")
    f.done()


def test_aead_prefix_collision_falls_back_to_raw_keys(swift):
    """A RAW key's ciphertext whose IV starts with another key's 5-byte prefix: Tink first
    tries the prefix-matching key on the rest, then every RAW key on the whole ciphertext
    (tink-wire-facts §1). CloserSpec must open it the same way, and refuse it without the RAW key."""
    need(swift, "aead.decrypt")
    f = Findings("aead: prefix collision with a RAW key's IV")
    rng = rng_for("aead-collision")
    reqs, exp = [], []
    for i in range(N // 2):
        kid = key_id(rng, i) or 1
        prefixed = rng.choice(("TINK", "LEGACY", "CRUNCHY"))
        k_pref, k_raw = rbytes(rng, 32), rbytes(rng, rng.choice((16, 32)))
        raw_id = rng.getrandbits(32)
        order = [tk.aead_entry(k_pref, kid, prefixed), tk.aead_entry(k_raw, raw_id, "RAW")]
        if rng.random() < 0.5:
            order.reverse()
        full = tk.keyset(rng.choice((kid, raw_id)), order)
        raw_only = tk.keyset(raw_id, [tk.aead_entry(k_raw, raw_id, "RAW")])
        pref_only = tk.keyset(kid, [tk.aead_entry(k_pref, kid, prefixed)])
        iv = tk.output_prefix(tk.PREFIX[prefixed], kid) + rbytes(rng, 7)
        pt, aad = rbytes(rng, rng.randint(0, 100)), rbytes(rng, rng.randint(0, 10))
        ct = aead.encrypt(raw_only, pt, aad, iv)  # starts with the other key's prefix
        assert aead.decrypt(full, ct, aad) == pt and tink_rejects_aead(pref_only, ct, aad)
        reqs.append({"op": "aead.decrypt", "keyset": full.hex(), "ciphertext": ct.hex(), "aad": aad.hex()})
        reqs.append({"op": "aead.decrypt", "keyset": pref_only.hex(), "ciphertext": ct.hex(), "aad": aad.hex()})
        exp.append((f"aead-collision-{i:03d}", f"{prefixed} id={kid:#010x} + RAW id={raw_id:#010x}", pt))
    resps = swift.batch(reqs)
    for k, (cid, desc, pt) in enumerate(exp):
        f.checked += 1
        if (r := f.ok(resps[2 * k], f"{cid} [{desc}]", "aead.decrypt (Tink opens it)")) and r["plaintext"] != pt.hex():
            f.add(cid, "aead.decrypt gives a different plaintext")
        if code_of(resps[2 * k + 1]) != "authentication_failure":
            f.add(cid, f"[{desc}] without the RAW key Tink fails; CloserSpec: {err(resps[2 * k + 1])}")
    f.done()


# ========================================================================================
# Hybrid ECIES_P256_HKDF_HMAC_SHA256_AES128_GCM (tink-wire-facts §3)
# ========================================================================================


def hybrid_cases(name: str, *, allow_rotation: bool = True, large: bool = True):
    rng = rng_for(name)
    out = []
    for i in range(N):
        ks = hybrid_keyset(rng, i, allow_rotation=allow_rotation, prefixes=("TINK", "TINK", "TINK", "RAW"))
        pt = rbytes(rng, plaintext_len(rng, i, large))
        ctx = rbytes(rng, rng.choice((0, 1, 12, 40)))
        out.append((f"{name}-{i:03d}", ks, pt, ctx, rng, i))
    return out


def test_hybrid_tink_ciphertexts_open_in_closerspec(swift):
    need(swift, "hybrid.decrypt")
    f = Findings("hybrid: Tink encrypts, CloserSpec decrypts")
    reqs, exp = [], []
    for cid, ks, pt, ctx, _, _ in hybrid_cases("hybrid-t2s"):
        ct = tk.hybrid_encrypt_primitive(ks.public).encrypt(pt, ctx)
        reqs.append({"op": "hybrid.decrypt", "privateKeyset": ks.private.hex(), "ciphertext": ct.hex(), "contextInfo": ctx.hex()})
        exp.append((cid, ks.desc, pt, ctx))
        for j, older in enumerate(ks.older_public):  # rotation: older recipients' ciphertexts open
            ct = tk.hybrid_encrypt_primitive(older).encrypt(pt[:500], ctx)
            reqs.append({"op": "hybrid.decrypt", "privateKeyset": ks.private.hex(), "ciphertext": ct.hex(), "contextInfo": ctx.hex()})
            exp.append((f"{cid}/older{j}", ks.desc, pt[:500], ctx))
    for resp, (cid, desc, pt, ctx) in zip(swift.batch(reqs), exp):
        f.checked += 1
        where = f"{cid} [{desc}, pt {len(pt)}B, ctx {len(ctx)}B]"
        if (r := f.ok(resp, where, "hybrid.decrypt")) and r["plaintext"] != pt.hex():
            f.add(where, "hybrid.decrypt gives a different plaintext")
    f.done()


def test_hybrid_closerspec_ciphertexts_open_in_tink(swift):
    need(swift, "hybrid.encrypt")
    f = Findings("hybrid: CloserSpec encrypts, Tink decrypts")
    cases = hybrid_cases("hybrid-s2t")
    reqs = [{"op": "hybrid.encrypt", "publicKeyset": ks.public.hex(), "plaintext": pt.hex(), "contextInfo": ctx.hex()} for _, ks, pt, ctx, _, _ in cases]
    for (cid, ks, pt, ctx, _, _), resp in zip(cases, swift.batch(reqs)):
        f.checked += 1
        where = f"{cid} [{ks.desc}, pt {len(pt)}B, ctx {len(ctx)}B]"
        if not (r := f.ok(resp, where, "hybrid.encrypt")):
            continue
        ct = bytes.fromhex(r["ciphertext"])
        prefix = tk.ecies_primary_public(ks.public).prefix
        if not ct.startswith(prefix) or len(ct) != len(prefix) + 65 + 12 + len(pt) + 16 or ct[len(prefix)] != 0x04:
            f.add(where, f"framing: expected prefix {prefix.hex() or '(none)'} || 04.. and {len(prefix) + 93 + len(pt)} bytes, got {short(ct, 24)}")
        try:
            if hybrid.decrypt(ks.private, ct, ctx) != pt:
                f.add(where, "Tink decrypts to a different plaintext")
        except PortError as e:
            f.add(where, f"Tink cannot decrypt CloserSpec's ciphertext: {e}")
    f.done()


def test_hybrid_injected_ephemeral_is_byte_exact(swift):
    need(swift, "hybrid.encrypt", "hybrid.decrypt")
    f = Findings("hybrid: injected ephemeral key + IV, CloserSpec bytes == hand-built bytes Tink decrypts")
    reqs, exp = [], []
    for cid, ks, pt, ctx, rng, i in hybrid_cases("hybrid-eph", allow_rotation=False):
        eph = ephemeral_scalar(rng, ks.public, i)
        iv = rbytes(rng, 12)
        ref = hybrid.encrypt(ks.public, pt, ctx, eph, iv, verify_with=ks.private)  # hand-built, Tink-proven
        reqs.append(
            {"op": "hybrid.encrypt", "publicKeyset": ks.public.hex(), "plaintext": pt.hex(), "contextInfo": ctx.hex(), "ephemeralPrivateKey": eph.hex(), "iv": iv.hex()}
        )
        note = {0: " (ECDH x has a leading 00)", 1: " (KEM x has a leading 00)"}.get(i % 8, "")
        exp.append((cid, ks.desc + note, eph, iv, ref))
    for resp, (cid, desc, eph, iv, ref) in zip(swift.batch(reqs), exp):
        f.checked += 1
        where = f"{cid} [{desc}, eph {eph.hex()}, iv {iv.hex()}]"
        if (r := f.ok(resp, where, "hybrid.encrypt")) and r["ciphertext"] != ref.hex():
            got = bytes.fromhex(r["ciphertext"])
            first = next((k for k in range(min(len(got), len(ref))) if got[k] != ref[k]), min(len(got), len(ref)))
            f.add(where, f"first difference at byte {first}: expected {short(ref[first:], 40)}, got {short(got[first:], 40)}")
    f.done()


def test_hybrid_keyset_op_matches_java_style_keysets(swift):
    need(swift, "hybrid.keyset")
    f = Findings("hybrid.keyset == Java-style (33-byte) keysets Tink loads")
    rng = rng_for("hybrid-keyset")
    reqs, exp = [], []
    for i in range(N):
        kid = key_id(rng, i)
        d = {0: lambda: leading_zero_scalar(rng, "d"), 1: lambda: leading_zero_scalar(rng, "x"), 2: lambda: leading_zero_scalar(rng, "y")}.get(
            i % 10, lambda: rng.randrange(1, tk.P256_ORDER)
        )()
        priv, pub = tk.hybrid_keysets(d, kid, 33)  # loaded by Tink inside
        reqs.append({"op": "hybrid.keyset", "privateKey": d.to_bytes(32, "big").hex(), "keyId": kid})
        exp.append((f"hybrid-keyset-{i:03d}", kid, d, priv, pub))
    for resp, (cid, kid, d, priv, pub) in zip(swift.batch(reqs), exp):
        f.checked += 1
        where = f"{cid} [keyId={kid:#010x}, d={d:064x}]"
        if not (r := f.ok(resp, where, "hybrid.keyset")):
            continue
        if r["privateKeyset"] != priv.hex():
            f.add(where, f"privateKeyset: expected {priv.hex()}, got {r['privateKeyset']}")
        if r["publicKeyset"] != pub.hex():
            f.add(where, f"publicKeyset: expected {pub.hex()}, got {r['publicKeyset']}")
        # Whatever the bytes, Tink must be able to use them together.
        try:
            sp, sq = bytes.fromhex(r["privateKeyset"]), bytes.fromhex(r["publicKeyset"])
            if hybrid.decrypt(sp, tk.hybrid_encrypt_primitive(sq).encrypt(b"probe", b"ctx"), b"ctx") != b"probe":
                f.add(where, "Tink round trip through CloserSpec's keysets fails")
        except PortError as e:
            f.add(where, f"Tink cannot use CloserSpec's keysets: {e}")
    f.done()


def test_hybrid_keyset_encodings_tink_accepts_open_in_closerspec(swift):
    """ECIES keysets in every encoding Tink reads (34-byte, minimal, 32- and 33-byte
    integers, explicit defaults, unknown fields, DEM template prefix RAW): both ways."""
    need(swift, "hybrid.encrypt", "hybrid.decrypt")
    f = Findings("hybrid: keyset encodings Tink accepts")
    rng = rng_for("hybrid-variants")
    reqs, exp = [], []
    for i in range(N):
        kind = ECIES_ACCEPTED_VARIANTS[i % len(ECIES_ACCEPTED_VARIANTS)]
        d = rng.randrange(1, tk.P256_ORDER) >> (rng.choice((0, 8, 16)) if kind == "width-minimal" else 0) or 1
        kid = key_id(rng, i // len(ECIES_ACCEPTED_VARIANTS))
        priv, pub, desc = ecies_keyset_variant(rng, kind, d, kid)
        pt, ctx = rbytes(rng, rng.randint(0, 200)), rbytes(rng, rng.randint(0, 20))
        ct = tk._tink_handle(pub).primitive(tink.hybrid.HybridEncrypt).encrypt(pt, ctx)  # Tink reads it
        reqs += [
            {"op": "hybrid.decrypt", "privateKeyset": priv.hex(), "ciphertext": ct.hex(), "contextInfo": ctx.hex()},
            {"op": "hybrid.encrypt", "publicKeyset": pub.hex(), "plaintext": pt.hex(), "contextInfo": ctx.hex()},
        ]
        exp.append((f"hybrid-variant-{i:03d}", f"{desc}, id={kid:#010x}, d={d:x}", priv, pt, ctx))
    resps = swift.batch(reqs)
    for k, (cid, desc, priv, pt, ctx) in enumerate(exp):
        f.checked += 1
        where = f"{cid} [{desc}]"
        if (r := f.ok(resps[2 * k], where, "hybrid.decrypt of Tink's ciphertext")) and r["plaintext"] != pt.hex():
            f.add(where, "hybrid.decrypt gives a different plaintext")
        if r := f.ok(resps[2 * k + 1], where, "hybrid.encrypt"):
            try:
                if tk._tink_handle(priv).primitive(tink.hybrid.HybridDecrypt).decrypt(bytes.fromhex(r["ciphertext"]), ctx) != pt:
                    f.add(where, "Tink decrypts CloserSpec's ciphertext to a different plaintext")
            except tink.TinkError as e:
                f.add(where, f"Tink cannot decrypt CloserSpec's ciphertext: {e}")
    f.done()


def test_hybrid_keysets_tink_rejects_fail_in_closerspec(swift):
    need(swift, "hybrid.encrypt")
    f = Findings("hybrid: public keysets Tink refuses are refused alike")
    rng = rng_for("hybrid-bad-keysets")
    reqs, exp = [], []
    for i in range(40):
        kind = ECIES_REJECTED_VARIANTS[i % len(ECIES_REJECTED_VARIANTS)]
        _, pub, desc = ecies_keyset_variant(rng, kind, rng.randrange(1, tk.P256_ORDER), key_id(rng, i // 2))
        try:
            tk._tink_handle(pub).primitive(tink.hybrid.HybridEncrypt).encrypt(b"x", b"")
            pytest.fail(f"test bug: Tink accepts the '{kind}' variant")
        except (tink.TinkError, PortError):
            pass
        want = port_code(tk.hybrid_encrypt_primitive, pub)
        reqs.append({"op": "hybrid.encrypt", "publicKeyset": pub.hex(), "plaintext": "00", "contextInfo": ""})
        exp.append((f"hybrid-badkeyset-{i:03d}", desc, want))
    for resp, (cid, desc, want) in zip(swift.batch(reqs), exp):
        f.checked += 1
        if code_of(resp) != want:
            f.add(cid, f"[{desc}] Tink refuses this public keyset; hybrid.encrypt: expected {want}, CloserSpec: {err(resp)}")
    f.done()


HYB_D = bytes.fromhex("c9afa9d845ba75166b5c215767b1d6934e50c3db36e89b127b8a622b120f6721")
HYB_EPH = bytes.fromhex("1f2e3d4c5b6a7988" * 4)
HYB_KEM = "04bd7c73b88b2e9b4ceda62022b2da8be13193a5b56edc26e7df7842e24cd0b5eb0605ada7bda83ac6a2b80d7e314040fa47ff16b83bac85cedb014451bb7ce71a"
HYB_IV = bytes.fromhex("0102030405060708090a0b0c")
HYB_CT = "010a0b0c0d" + HYB_KEM + HYB_IV.hex() + "c43ff18941e044eb9874c2cc8b95" + "6f3dd0a369b8d0b23fdbfc3ab3d7eb18"


def test_hybrid_known_answer_reproduces(swift):
    need(swift, "hybrid.keyset", "hybrid.encrypt", "hybrid.decrypt")
    priv, pub = hybrid.keysets(HYB_D, 0x0A0B0C0D)
    assert (len(priv), len(pub)) == (267, 228)  # tink-wire-facts §3, Java-style sizes
    assert hybrid.encrypt(pub, b"Hello, hybrid!", b"context info", HYB_EPH, HYB_IV, verify_with=priv).hex() == HYB_CT
    r = swift.batch(
        [
            {"op": "hybrid.keyset", "privateKey": HYB_D.hex(), "keyId": 0x0A0B0C0D},
            {"op": "hybrid.encrypt", "publicKeyset": pub.hex(), "plaintext": b"Hello, hybrid!".hex(), "contextInfo": b"context info".hex(),
             "ephemeralPrivateKey": HYB_EPH.hex(), "iv": HYB_IV.hex()},
            {"op": "hybrid.decrypt", "privateKeyset": priv.hex(), "ciphertext": HYB_CT, "contextInfo": b"context info".hex()},
        ]
    )
    assert r[0].get("privateKeyset") == priv.hex(), f"§3 private keyset (267 bytes): {r[0]}"
    assert r[0].get("publicKeyset") == pub.hex(), f"§3 public keyset (228 bytes): {r[0]}"
    assert r[1].get("ciphertext") == HYB_CT, f"§3 known answer: {r[1]}"
    assert r[2].get("plaintext") == b"Hello, hybrid!".hex(), f"§3 decrypt: {r[2]}"


def test_hybrid_tampered_fails_on_both_sides(swift):
    need(swift, "hybrid.decrypt")
    f = Findings("hybrid: tampered ciphertexts fail in Tink and CloserSpec alike")
    reqs, exp = [], []
    for cid, ks, pt, ctx, rng, i in hybrid_cases("hybrid-neg", large=False):
        pt = pt[:2048]
        ct = tk.hybrid_encrypt_primitive(ks.public).encrypt(pt, ctx)
        plen = len(tk.ecies_primary_public(ks.public).prefix)
        bad_ctx = ctx
        r = rng.random()
        if r < 0.1:
            bad, how = ct, "wrong context info"
            bad_ctx = ctx + b"!" if ctx and rng.random() < 0.5 else (b"" if ctx else b"x")
        elif r < 0.2:
            bad, how = ct[:plen] + b"\x02" + ct[plen + 1:], "KEM 04 -> 02"
        elif r < 0.3:
            x = bytearray(ct)
            x[plen + 64] ^= 1  # y of the KEM point: off the curve
            bad, how = bytes(x), "KEM point moved off the curve"
        else:
            bad, how = mutate_ciphertext(rng, ct)
        if not tink_rejects_hybrid(ks.private, bad, bad_ctx):
            continue
        reqs.append({"op": "hybrid.decrypt", "privateKeyset": ks.private.hex(), "ciphertext": bad.hex(), "contextInfo": bad_ctx.hex()})
        exp.append((cid, ks.desc, how, len(ct)))
    for resp, (cid, desc, how, n) in zip(swift.batch(reqs), exp):
        f.checked += 1
        if code_of(resp) != "authentication_failure":
            f.add(cid, f"[{desc}] {how} (of {n} bytes): Tink says decryption failed (authentication_failure), CloserSpec: {err(resp)}")
    assert f.checked >= N * 0.95
    f.done()


# ========================================================================================
# enc:v1 (profile-v1 §1-2)
# ========================================================================================


def enc_text(rng, i: int, large: bool) -> str:
    n = plaintext_len(rng, i, large)
    return text(rng, n // 3 if n == MIB else n)  # ~1 MiB of UTF-8 for the large case


def enc_cases(name: str, large: bool = True):
    rng = rng_for(name)
    return [(f"{name}-{i:03d}", aead_keyset(rng, i, prefixes=("TINK",)), ident(rng), enc_text(rng, i, large), rng) for i in range(N)]


def test_enc_tink_values_open_in_closerspec(swift):
    need(swift, "enc.open")
    f = Findings("enc:v1: Tink seals, CloserSpec opens")
    reqs, exp = [], []
    for cid, ks, couple, txt, _ in enc_cases("enc-t2s"):
        v = values.enc_seal(ks.keyset, couple, txt)  # real Tink AEAD, no injected IV
        reqs.append({"op": "enc.open", "keyset": ks.keyset.hex(), "coupleId": couple, "value": v})
        exp.append((cid, ks.desc, couple, txt))
        for j, older in enumerate(ks.older):
            v = values.enc_seal(older, couple, txt[:200])
            reqs.append({"op": "enc.open", "keyset": ks.keyset.hex(), "coupleId": couple, "value": v})
            exp.append((f"{cid}/older{j}", ks.desc, couple, txt[:200]))
    for resp, (cid, desc, couple, txt) in zip(swift.batch(reqs), exp):
        f.checked += 1
        where = f"{cid} [{desc}, coupleId {couple!r}, text {len(txt)} chars]"
        if (r := f.ok(resp, where, "enc.open")) and r["text"] != txt:
            f.add(where, f"enc.open text differs: expected {txt[:40]!r}, got {r['text'][:40]!r}")
    f.done()


def test_enc_closerspec_values_open_in_tink(swift):
    need(swift, "enc.seal")
    f = Findings("enc:v1: CloserSpec seals, Tink opens")
    cases = enc_cases("enc-s2t")
    reqs = [{"op": "enc.seal", "keyset": ks.keyset.hex(), "coupleId": couple, "text": txt} for _, ks, couple, txt, _ in cases]
    for (cid, ks, couple, txt, _), resp in zip(cases, swift.batch(reqs)):
        f.checked += 1
        where = f"{cid} [{ks.desc}, coupleId {couple!r}, text {len(txt)} chars]"
        if not (r := f.ok(resp, where, "enc.seal")):
            continue
        try:
            if values.enc_open(ks.keyset, couple, r["value"]) != txt:
                f.add(where, "Tink opens a different text")
            body = encoding.b64decode(r["value"][len("enc:v1:"):])
            if not body.startswith(ks.primary_prefix) or len(body) != 5 + 28 + len(txt.encode()):
                f.add(where, f"framing: expected {ks.primary_prefix.hex()}.. of {33 + len(txt.encode())} bytes, got {short(body, 20)}")
        except PortError as e:
            f.add(where, f"Tink cannot open CloserSpec's value {r['value'][:40]}…: {e}")
    f.done()


def test_enc_injected_iv_is_byte_exact(swift):
    need(swift, "enc.seal", "enc.open")
    f = Findings("enc:v1: injected IV, CloserSpec value == reference value")
    reqs, exp = [], []
    for cid, ks, couple, txt, rng in enc_cases("enc-iv", large=False):
        iv = rbytes(rng, 12)
        ref = values.enc_seal(ks.keyset, couple, txt, iv)
        reqs.append({"op": "enc.seal", "keyset": ks.keyset.hex(), "coupleId": couple, "text": txt, "iv": iv.hex()})
        exp.append((cid, ks.desc, couple, iv, ref))
    for resp, (cid, desc, couple, iv, ref) in zip(swift.batch(reqs), exp):
        f.checked += 1
        where = f"{cid} [{desc}, coupleId {couple!r}, iv {iv.hex()}]"
        if (r := f.ok(resp, where, "enc.seal")) and r["value"] != ref:
            f.add(where, f"expected {ref[:80]}, got {r['value'][:80]}")
    f.done()


def test_enc_negative_same_category(swift):
    need(swift, "enc.seal", "enc.open")
    f = Findings("enc:v1: rejected alike by the reference port (Tink) and CloserSpec")
    rng = rng_for("enc-neg")
    cases = []  # (case id, description, op, request fields, expected category)
    for i in range(N):
        ks = aead_keyset(rng, i, prefixes=("TINK",)).keyset
        couple = ident(rng)
        txt = text(rng, rng.randint(0, 50))
        v = values.enc_seal(ks, couple, txt)
        body = encoding.b64decode(v[7:])
        kind = i % 10
        if kind == 0:
            cases.append(("wrong coupleId (AAD)", "enc.open", {"keyset": ks, "coupleId": couple + "x", "value": v}, "authentication_failure"))
        elif kind == 1:
            bad, how = mutate_ciphertext(rng, body, lo=1)
            want = "authentication_failure" if len(bad) >= 33 else "decode_error"
            cases.append((f"body {how}", "enc.open", {"keyset": ks, "coupleId": couple, "value": "enc:v1:" + encoding.b64encode(bad)}, want))
        elif kind == 2:
            other = aead_keyset(rng, 1, prefixes=("TINK",)).keyset
            cases.append(("another couple's keyset", "enc.open", {"keyset": other, "coupleId": couple, "value": v}, "authentication_failure"))
        elif kind == 3:
            bad, how = broken_b64(rng, v[7:])
            cases.append((f"b64 body: {how}", "enc.open", {"keyset": ks, "coupleId": couple, "value": "enc:v1:" + bad}, "decode_error"))
        elif kind == 4:
            variants = [(encoding.b64url_encode(body), "b64url body"), (v[7:].rstrip("="), "unpadded body"), (v[7:] + "\n", "trailing newline")]
            bad, how = rng.choice([(t, h) for t, h in variants if t != v[7:]])
            cases.append((how, "enc.open", {"keyset": ks, "coupleId": couple, "value": "enc:v1:" + bad}, "decode_error"))
        elif kind == 5:
            pfx = rng.choice(["enc:v2:", "sealed:v1:", "ENC:v1:", "", "enc:v1"])
            cases.append((f"prefix {pfx!r}", "enc.open", {"keyset": ks, "coupleId": couple, "value": pfx + v[7:]}, "decode_error"))
        elif kind == 6:
            bad_id = rng.choice(["", "a|b", "|", couple + "|"])
            op = rng.choice(["enc.seal", "enc.open"])
            fields = {"keyset": ks, "coupleId": bad_id, "text": txt} if op == "enc.seal" else {"keyset": ks, "coupleId": bad_id, "value": v}
            cases.append((f"coupleId {bad_id!r}", op, fields, "invalid_parameters"))
        elif kind == 7:
            raw = rbytes(rng, rng.randint(1, 20)) + b"\xff\xfe"  # not UTF-8
            bad_v = "enc:v1:" + encoding.b64encode(tk.aead_primitive(ks).encrypt(raw, couple.encode()))
            cases.append(("plaintext is not UTF-8", "enc.open", {"keyset": ks, "coupleId": couple, "value": bad_v}, "decode_error"))
        elif kind == 8:
            b = bytearray(body)
            b[0] = rng.choice([0x00, 0x02, 0xFF])
            cases.append((f"Tink prefix byte {b[0]:#04x}", "enc.open", {"keyset": ks, "coupleId": couple, "value": "enc:v1:" + encoding.b64encode(bytes(b))}, "decode_error"))
        else:
            cases.append(("body shorter than prefix+IV+tag", "enc.open", {"keyset": ks, "coupleId": couple, "value": "enc:v1:" + encoding.b64encode(body[: rng.randint(0, 32)])}, "decode_error"))
    check_negative_cases(
        f, swift, "enc", cases,
        lambda op, a: port_code(
            values.enc_seal if op == "enc.seal" else values.enc_open, a["keyset"], a["coupleId"], a.get("text", a.get("value"))
        ),
    )


# ========================================================================================
# canonical JSON and sha256: commitments (profile-v1 §5-6)
# ========================================================================================


def test_canonicalize_and_commitment_match_rfc8785(swift):
    need(swift, "canonicalize", "commitment")
    f = Findings("canonicalize / commitment == rfc8785 + SHA-256")
    rng = rng_for("jcs")
    reqs, exp = [], []
    for i in range(2 * N):
        v = json_value(rng)
        if i % 3 == 0:
            v = {text(rng, rng.randint(0, 6)): json_value(rng) for _ in range(rng.randint(1, 8))}
        src = json_text(rng, v)
        want = canonical(v)
        assert encoding.canonicalize(src) == want  # the reference reads its own text back
        reqs.append({"op": "canonicalize", "json": src})
        reqs.append({"op": "commitment", "json": src})
        exp.append((f"jcs-{i:03d}", src, want))
    resps = swift.batch(reqs)
    for k, (cid, src, want) in enumerate(exp):
        f.checked += 1
        where = f"{cid} [json {src[:60]!r}{'…' if len(src) > 60 else ''}]"
        if (r := f.ok(resps[2 * k], where, "canonicalize")) and r["canonical"] != want.hex():
            got = bytes.fromhex(r["canonical"])
            f.add(where, f"canonical: expected {want[:120]!r}, got {got[:120]!r}")
        if r := f.ok(resps[2 * k + 1], where, "commitment"):
            if r.get("canonical") != want.hex():
                f.add(where, "commitment.canonical differs from rfc8785")
            if r.get("value") != values.commitment_of(want):
                f.add(where, f"commitment.value: expected {values.commitment_of(want)}, got {r.get('value')}")
    f.done()


REJECTED_JSON = [
    ('{"a":1,"a":2}', "duplicate member name"),
    ('{"a":{"b":1,"b":1}}', "nested duplicate member name"),
    ('"\\ud800"', "lone high surrogate"),
    ('["\\udc00x"]', "lone low surrogate"),
    ('{"\\ud83d":1}', "lone surrogate in a name"),
    ("1e400", "number beyond double range"),
    ("-1e309", "negative number beyond double range"),
    ("[" + "9" * 400 + "]", "400-digit integer"),
    ('{"a":1} x', "trailing garbage"),
    ('{"a":1}{}', "two documents"),
    ("NaN", "NaN"),
    ("[Infinity]", "Infinity"),
    ("{a:1}", "unquoted name"),
    ("[1,]", "trailing comma"),
    ("[01]", "leading zero"),
    ("[+1]", "plus sign"),
    ("[.5]", "leading dot"),
    ('["a\tb"]', "raw control character in a string"),
    ('["\\x41"]', "invalid escape"),
    ("'a'", "single quotes"),
    ("", "empty text"),
    ("[" * 100000 + "]" * 100000, "100000 levels of nesting"),
    ("[" * 1001 + "]" * 1001, "1001 levels of nesting (limit 1000, pinned)"),
    ("\ufeff{}", "byte order mark (pinned)"),
    (r'{"\u00e9":1,"e\u0301":2}', "member names equal after NFC (pinned)"),
    (r'{"\u00e9":1,"\u00E9":2}', "duplicate names after unescaping"),
    (" \t\n", "only whitespace"),
]

# Pinned acceptances (specs/canonical-json.md §3.3, §3.6) with their canonical bytes.
ACCEPTED_JSON = [
    ("[" * 1000 + "]" * 1000, "[" * 1000 + "]" * 1000),
    ("1e-400", "0"),
    ("-1e-400", "0"),
    ("-0", "0"),
    ("123456789012345678901234567890", "1.2345678901234568e+29"),
    ("9007199254740993", "9007199254740992"),
    ("2.4703282292062328e-324", "5e-324"),
    ("1.7976931348623158e308", "1.7976931348623157e+308"),
    (r'{"\ue000":1,"\ud800\udc00":2}', '{"\U00010000":2,"\ue000":1}'),
    (r'"\u007f\u2028\u0000\/"', '"\x7f\u2028\\u0000/"'),
]


def test_canonicalize_pinned_acceptances(swift):
    need(swift, "canonicalize")
    f = Findings("canonicalize: pinned acceptances")
    resps = swift.batch([{"op": "canonicalize", "json": src} for src, _ in ACCEPTED_JSON])
    for k, ((src, want), r) in enumerate(zip(ACCEPTED_JSON, resps)):
        f.checked += 1
        want_b = want.encode("utf-8")
        if encoding.canonicalize(src) != want_b:
            f.add(f"jcs-pin-{k:02d}", f"reference port disagrees with the pinned answer for {src[:40]!r} (port bug)")
        if (r := f.ok(r, f"jcs-pin-{k:02d} [{src[:40]!r}]", "canonicalize")) and r["canonical"] != want_b.hex():
            f.add(f"jcs-pin-{k:02d}", f"{src[:40]!r}: expected {want_b[:60]!r}, got {bytes.fromhex(r['canonical'])[:60]!r}")
    f.done()


def test_canonicalize_rejections_agree(swift):
    need(swift, "canonicalize", "commitment")
    f = Findings("canonicalize: non-I-JSON rejected alike")
    reqs = []
    for src, _ in REJECTED_JSON:
        reqs += [{"op": "canonicalize", "json": src}, {"op": "commitment", "json": src}]
    resps = swift.batch(reqs)
    for k, (src, why) in enumerate(REJECTED_JSON):
        f.checked += 1
        pc = port_code(encoding.canonicalize, src)
        if pc != "decode_error":
            f.add(f"jcs-neg-{k:02d}", f"[{why}] reference port gives {pc} (port bug)")
        for r, op in ((resps[2 * k], "canonicalize"), (resps[2 * k + 1], "commitment")):
            if code_of(r) != "decode_error":
                f.add(f"jcs-neg-{k:02d}", f"[{why}] {op} of {src[:40]!r}: expected decode_error, CloserSpec: {err(r)}")
    f.done()


# ========================================================================================
# sealed:v1 (profile-v1 §3-7)
# ========================================================================================


def sealed_cases(name: str, large: bool = True):
    rng = rng_for(name)
    out = []
    for i in range(N):
        ks = aead_keyset(rng, i, prefixes=("TINK",), allow_rotation=False)
        c, q, u = ident(rng), ident(rng), ident(rng)
        payload = sealed_payload(rng, c, q, u)
        if large and i == LARGE_CASE:
            payload["answer"] = text(rng, MIB // 3)  # ~1 MiB of UTF-8
        out.append((f"{name}-{i:03d}", ks, c, q, u, payload, json_text(rng, payload), rng))
    return out


def test_sealed_tink_values_open_in_closerspec(swift):
    need(swift, "sealed.open", "commitment")
    f = Findings("sealed:v1: Tink seals, CloserSpec opens")
    reqs, exp = [], []
    for cid, ks, c, q, u, payload, src, _ in sealed_cases("sealed-t2s"):
        value, com = values.sealed_seal(ks.keyset, c, q, u, src)  # real Tink AEAD
        reqs.append({"op": "sealed.open", "keyset": ks.keyset.hex(), "coupleId": c, "questionId": q, "userId": u, "value": value, "commitment": com})
        reqs.append({"op": "commitment", "json": src})
        exp.append((cid, ks.desc, canonical(payload), com))
    resps = swift.batch(reqs)
    for k, (cid, desc, canon, com) in enumerate(exp):
        f.checked += 1
        where = f"{cid} [{desc}, payload {len(canon)}B]"
        if (r := f.ok(resps[2 * k], where, "sealed.open")) and r["payload"] != canon.decode():
            f.add(where, f"sealed.open payload: expected {canon[:80]!r}, got {r['payload'][:80]!r}")
        if (r := f.ok(resps[2 * k + 1], where, "commitment")) and r["value"] != com:
            f.add(where, f"commitment of the payload: expected {com}, got {r['value']}")
    f.done()


def test_sealed_closerspec_values_open_in_tink(swift):
    need(swift, "sealed.seal")
    f = Findings("sealed:v1: CloserSpec seals, Tink opens")
    cases = sealed_cases("sealed-s2t")
    reqs = [{"op": "sealed.seal", "keyset": ks.keyset.hex(), "coupleId": c, "questionId": q, "userId": u, "payload": src} for _, ks, c, q, u, _, src, _ in cases]
    for (cid, ks, c, q, u, payload, src, _), resp in zip(cases, swift.batch(reqs)):
        f.checked += 1
        canon = canonical(payload)
        where = f"{cid} [{ks.desc}, payload {len(canon)}B]"
        if not (r := f.ok(resp, where, "sealed.seal")):
            continue
        if r["commitment"] != values.commitment_of(canon):
            f.add(where, f"commitment: expected {values.commitment_of(canon)}, got {r['commitment']}")
        try:
            if values.sealed_open(ks.keyset, c, q, u, r["value"], values.commitment_of(canon)) != canon.decode():
                f.add(where, "Tink reveals a different payload")
            body = encoding.b64url_decode(r["value"][len("sealed:v1:"):])
            if tk.aead_primitive(ks.keyset).decrypt(body, f"{c}|{q}|{u}".encode()) != canon:
                f.add(where, "the plaintext is not the RFC 8785 bytes the commitment hashes")
        except (PortError, tink.TinkError) as e:
            f.add(where, f"Tink cannot open CloserSpec's value: {e}")
    f.done()


def test_sealed_injected_iv_is_byte_exact(swift):
    need(swift, "sealed.seal", "sealed.open")
    f = Findings("sealed:v1: injected IV, CloserSpec value == reference value")
    reqs, exp = [], []
    for cid, ks, c, q, u, payload, src, rng in sealed_cases("sealed-iv", large=False):
        iv = rbytes(rng, 12)
        ref, com = values.sealed_seal(ks.keyset, c, q, u, src, iv)
        reqs.append({"op": "sealed.seal", "keyset": ks.keyset.hex(), "coupleId": c, "questionId": q, "userId": u, "payload": src, "iv": iv.hex()})
        exp.append((cid, ks.desc, iv, ref, com))
    for resp, (cid, desc, iv, ref, com) in zip(swift.batch(reqs), exp):
        f.checked += 1
        where = f"{cid} [{desc}, iv {iv.hex()}]"
        if r := f.ok(resp, where, "sealed.seal"):
            if r["value"] != ref:
                f.add(where, f"value: expected {ref[:80]}…, got {r['value'][:80]}…")
            if r["commitment"] != com:
                f.add(where, f"commitment: expected {com}, got {r['commitment']}")
    f.done()


def test_sealed_negative_same_category(swift):
    need(swift, "sealed.seal", "sealed.open")
    f = Findings("sealed:v1: rejected alike by the reference port (Tink) and CloserSpec")
    rng = rng_for("sealed-neg")
    cases = []
    for i in range(N):
        ks = aead_keyset(rng, i, prefixes=("TINK",), allow_rotation=False).keyset
        c, q, u = ident(rng), ident(rng), ident(rng)
        payload = sealed_payload(rng, c, q, u)
        src = json_text(rng, payload)
        value, com = values.sealed_seal(ks, c, q, u, src)
        canon = canonical(payload)
        aad = f"{c}|{q}|{u}".encode()
        op_open = {"keyset": ks, "coupleId": c, "questionId": q, "userId": u, "value": value, "commitment": com}
        kind = i % 12
        if kind == 0:
            other = values.commitment_of(canon + b" ")
            cases.append(("commitment of other bytes", "sealed.open", {**op_open, "commitment": other}, "commitment_mismatch"))
        elif kind == 1:
            which = rng.choice(["coupleId", "questionId", "userId"])
            cases.append((f"open with another {which} (AAD)", "sealed.open", {**op_open, which: op_open[which] + "2"}, "authentication_failure"))
        elif kind == 2:
            which = rng.choice(["coupleId", "questionId", "userId"])
            p2 = dict(payload, **{which: payload[which] + "-other"})
            bad = "sealed:v1:" + encoding.b64url_encode(tk.aead_primitive(ks).encrypt(canonical(p2), aad))
            cases.append((f"payload {which} differs from the AAD's", "sealed.open", {**op_open, "value": bad, "commitment": values.commitment_of(canonical(p2))}, "binding_mismatch"))
        elif kind == 3:
            noncanon = src.encode() if src.encode() != canon else canon + b"\n"
            bad = "sealed:v1:" + encoding.b64url_encode(tk.aead_primitive(ks).encrypt(noncanon, aad))
            cases.append(("plaintext is not canonical JSON", "sealed.open", {**op_open, "value": bad, "commitment": values.commitment_of(noncanon)}, "decode_error"))
        elif kind == 4:
            body = encoding.b64url_decode(value[10:])
            bad, how = mutate_ciphertext(rng, body, lo=1)
            want = "authentication_failure" if len(bad) >= 33 else "decode_error"
            cases.append((f"body {how}", "sealed.open", {**op_open, "value": "sealed:v1:" + encoding.b64url_encode(bad)}, want))
        elif kind == 5:
            drop = rng.choice(["coupleId", "questionId", "userId", "nonce"])
            p2 = {k: v for k, v in payload.items() if k != drop}
            cases.append((f"seal a payload without {drop}", "sealed.seal", {"keyset": ks, "coupleId": c, "questionId": q, "userId": u, "payload": json_text(rng, p2)}, "decode_error"))
        elif kind == 6:
            if rng.random() < 0.5:
                n = rng.choice([0, 8, 15, 17, 32])
                nonce, how = encoding.b64url_encode(rbytes(rng, n)), f"a {n}-byte nonce"
            else:
                nonce, how = broken_b64url(rng, payload["nonce"])
                how = f"a nonce that is not strict b64url ({how})"
            p2 = dict(payload, nonce=nonce)
            cases.append((f"seal with {how}", "sealed.seal", {"keyset": ks, "coupleId": c, "questionId": q, "userId": u, "payload": json_text(rng, p2)}, "decode_error"))
        elif kind == 7:
            which = rng.choice(["coupleId", "questionId", "userId"])
            p2 = dict(payload, **{which: payload[which] + "x"})
            cases.append((f"seal with payload {which} != request {which}", "sealed.seal", {"keyset": ks, "coupleId": c, "questionId": q, "userId": u, "payload": json_text(rng, p2)}, "binding_mismatch"))
        elif kind == 8:
            which = rng.choice(["coupleId", "questionId", "userId"])
            bad_id = rng.choice(["", "a|b", "|"])
            op = rng.choice(["sealed.seal", "sealed.open"])
            fields = {**op_open, which: bad_id} if op == "sealed.open" else {"keyset": ks, "coupleId": c, "questionId": q, "userId": u, "payload": src, which: bad_id}
            cases.append((f"{which} {bad_id!r}", op, fields, "invalid_parameters"))
        elif kind == 9:
            bad_c = rng.choice(["sha256:" + com[7:-1], "sha256:" + com[7:] + "A", "sha512:" + com[7:], com[7:], "sha256:" + com[7:].replace("-", "+").replace("_", "/") + ("+" if "-" not in com and "_" not in com else "")])
            cases.append((f"malformed commitment {bad_c[:12]}…", "sealed.open", {**op_open, "commitment": bad_c}, "decode_error"))
        elif kind == 10:
            src2 = rng.choice(['["not an object"]', '{"coupleId":1}', "42", '{"coupleId":"%s","questionId":"%s","userId":"%s","nonce":7}' % (c, q, u)])
            cases.append((f"seal payload {src2[:30]}", "sealed.seal", {"keyset": ks, "coupleId": c, "questionId": q, "userId": u, "payload": src2}, "decode_error"))
        else:
            src2 = rng.choice(['{"coupleId":"a","coupleId":"a"}', "{", '{"a":1e999}'])
            cases.append((f"seal payload that is not I-JSON {src2[:20]}", "sealed.seal", {"keyset": ks, "coupleId": c, "questionId": q, "userId": u, "payload": src2}, "decode_error"))
    def sealed_port(op, a):
        ids = (a["keyset"], a["coupleId"], a["questionId"], a["userId"])
        if op == "sealed.seal":
            return port_code(values.sealed_seal, *ids, a["payload"])
        return port_code(values.sealed_open, *ids, a["value"], a["commitment"])

    check_negative_cases(f, swift, "sealed", cases, sealed_port)


# ========================================================================================
# pub:v1 (profile-v1 §8)
# ========================================================================================


def pub_cases(name: str):
    rng = rng_for(name)
    return [(f"{name}-{i:03d}", hybrid_keyset(rng, i), rng) for i in range(N)]  # incl. rotated keysets


def test_pub_reference_values_decode_in_closerspec(swift):
    need(swift, "pub.decode")
    f = Findings("pub:v1: reference / Tink-written values decode in CloserSpec")
    reqs, exp = [], []
    for cid, ks, _ in pub_cases("pub-t2s"):
        # The keyset bytes as their writer wrote them: Tink (32-byte), Java-style (33), C++-style (32).
        v = values.pub_encode(ks.public)
        reqs.append({"op": "pub.decode", "value": v})
        exp.append((cid, ks.desc, ks.public, tk.ecies_primary_public(ks.public)))
    for resp, (cid, desc, body, p) in zip(swift.batch(reqs), exp):
        f.checked += 1
        where = f"{cid} [{desc}]"
        if not (r := f.ok(resp, where, "pub.decode")):
            continue
        want = {"keyId": p.key_id, "x": p.x.to_bytes(32, "big").hex(), "y": p.y.to_bytes(32, "big").hex()}
        for k, w in want.items():
            if r.get(k) != w:
                f.add(where, f"pub.decode {k}: expected {w}, got {r.get(k)}")
        if r.get("publicKeyset") != body.hex():
            f.add(where, f"pub.decode publicKeyset: expected the carried bytes {short(body)}, got {short(bytes.fromhex(r.get('publicKeyset', '')))}")
    f.done()


def test_pub_closerspec_values_decode_in_reference(swift):
    need(swift, "pub.encode")
    f = Findings("pub:v1: CloserSpec encodes; reference/Tink decodes; same bytes")
    cases = pub_cases("pub-s2t")
    reqs = [{"op": "pub.encode", "publicKeyset": ks.public.hex()} for _, ks, _ in cases]
    for (cid, ks, _), resp in zip(cases, swift.batch(reqs)):
        f.checked += 1
        where = f"{cid} [{ks.desc}]"
        if not (r := f.ok(resp, where, "pub.encode")):
            continue
        ref = values.pub_encode(ks.public)
        if r["value"] != ref:
            f.add(where, f"pub.encode: expected {ref} (the keyset bytes unchanged, specs/pub-v1.md), got {r['value']}")
        try:
            body, p = values.pub_decode(r["value"])
            want = tk.ecies_primary_public(ks.public)
            if (p.key_id, p.x, p.y) != (want.key_id, want.x, want.y):
                f.add(where, "pub.encode carries another key")
            ct = tk.hybrid_encrypt_primitive(body).encrypt(b"probe", b"ctx")
            if hybrid.decrypt(ks.private, ct, b"ctx") != b"probe":
                f.add(where, "Tink encryption to the encoded key does not open with the private key")
        except PortError as e:
            f.add(where, f"reference port cannot decode CloserSpec's value: {e}")
    f.done()


def _mutated_public(rng, ks, kind: int) -> tuple[bytes, str, str]:
    """A public keyset pub:v1 readers must refuse: (bytes, how, expected category).

    Bad points are `invalid_key`; parameters other than the template's are a valid Tink
    construct CloserSpec does not implement: `unsupported` (specs/tink-hybrid.md)."""
    p = tk.ecies_primary_public(ks.public)
    kid = p.key_id
    params = tk.ecies_params()

    def keyset_with(pubkey: bytes, prefix: str = "TINK") -> bytes:
        return tk.keyset(kid, [tk.KeyEntry(tk.key_data(tk.ECIES_PUBLIC_TYPE_URL, pubkey, tk.ASYMMETRIC_PUBLIC), kid, tk.ENABLED, prefix)])

    kind %= 9
    if kind == 0:
        return keyset_with(tk.ecies_public_key(p.x, (p.y + 1) % tk.P256_PRIME)), "point off the curve (y+1)", "invalid_key"
    if kind == 1:
        return keyset_with(tk.ecies_public_key(0, 0)), "point (0, 0)", "invalid_key"
    if kind == 2:
        bad = params.replace(tk.f_varint(1, tk.NIST_P256), tk.f_varint(1, 3), 1)  # NIST_P384
        return keyset_with(tk.ecies_public_key(p.x, p.y, params=bad)), "curve NIST_P384 in params", "unsupported"
    if kind == 3:
        bad = params.replace(tk.f_varint(2, tk.SHA256), tk.f_varint(2, 4), 1)  # SHA512
        return keyset_with(tk.ecies_public_key(p.x, p.y, params=bad)), "HKDF hash SHA512 in params", "unsupported"
    if kind == 4:
        bad = params.replace(tk.f_bytes(2, tk.f_varint(2, 16)), tk.f_bytes(2, tk.f_varint(2, 32)), 1)
        return keyset_with(tk.ecies_public_key(p.x, p.y, params=bad)), "DEM AES-256-GCM in params", "unsupported"
    if kind == 5:
        bad = params[:-1] + bytes([2])  # COMPRESSED point format
        return keyset_with(tk.ecies_public_key(p.x, p.y, params=bad)), "point format COMPRESSED", "unsupported"
    if kind == 6:
        return keyset_with(tk.ecies_public_key(p.x, tk.P256_PRIME + p.y, width=33)), "y coordinate >= p", "invalid_key"
    if kind == 7:
        return keyset_with(tk.ecies_public_key(p.x, p.y), "RAW"), "primary prefix RAW (pub:v1 pins TINK)", "invalid_key"
    return keyset_with(tk.ecies_public_key(p.x, p.y, width=None) + b"\x2a\x05"), "a truncated trailing field in the key proto", "decode_error"


def test_pub_negative_same_category(swift):
    need(swift, "pub.encode", "pub.decode")
    f = Findings("pub:v1: rejected alike by the reference port and CloserSpec")
    rng = rng_for("pub-neg")
    cases = []
    for i, (cid, ks, _) in enumerate(pub_cases("pub-neg-keys")):
        kind = i % 12
        if kind < 9:
            bad, how, want = _mutated_public(rng, ks, kind)
            if rng.random() < 0.5:
                cases.append((how, "pub.decode", {"value": "pub:v1:" + encoding.b64url_encode(bad)}, want))
            else:
                cases.append((how, "pub.encode", {"publicKeyset": bad}, want))
        elif kind == 9:
            bad, how = broken_b64url(rng, values.pub_encode(ks.public)[7:])
            cases.append((f"b64url body: {how}", "pub.decode", {"value": "pub:v1:" + bad}, "decode_error"))
        elif kind == 10:
            v = values.pub_encode(ks.public)
            pfx = rng.choice(["pub:v2:", "pub:", "keybox:v1:", ""])
            cases.append((f"prefix {pfx!r}", "pub.decode", {"value": pfx + v[7:]}, "decode_error"))
        else:  # an EciesAeadHkdfPrivateKey where a public key is required: another key type
            cases.append(("a private keyset", "pub.decode", {"value": "pub:v1:" + encoding.b64url_encode(ks.private)}, "unsupported"))
    check_negative_cases(
        f, swift, "pub", cases,
        lambda op, a: port_code(values.pub_decode, a["value"]) if op == "pub.decode" else port_code(values.pub_encode, a["publicKeyset"]),
    )


# ========================================================================================
# keybox:v1 (profile-v1 §9)
# ========================================================================================


def keybox_cases(name: str):
    rng = rng_for(name)
    out = []
    for i in range(N):
        # Recipients written by Tink (32-byte integers), Java-style (33), C++-style (32), rotated.
        rcpt = hybrid_keyset(rng, i)
        recipient = values.pub_encode(rcpt.public)
        one_time = aead_keyset(rng, i + 1, prefixes=("TINK",), allow_rotation=False)
        ids = {"coupleId": ident(rng), "questionId": ident(rng), "senderUserId": ident(rng), "recipientUserId": ident(rng)}
        out.append((f"{name}-{i:03d}", rcpt, recipient, one_time, ids, rng, i))
    return out


def test_keybox_tink_values_unwrap_in_closerspec(swift):
    need(swift, "keybox.unwrap")
    f = Findings("keybox:v1: Tink wraps, CloserSpec unwraps")
    reqs, exp = [], []
    for cid, rcpt, recipient, one_time, ids, _, _ in keybox_cases("keybox-t2s"):
        v = values.keybox_wrap(recipient, ids["coupleId"], ids["questionId"], ids["senderUserId"], ids["recipientUserId"], one_time.keyset)
        reqs.append({"op": "keybox.unwrap", "privateKeyset": rcpt.private.hex(), **ids, "value": v})
        exp.append((cid, f"{rcpt.desc}; one-time {one_time.desc}", one_time.keyset))
    for resp, (cid, desc, ks) in zip(swift.batch(reqs), exp):
        f.checked += 1
        where = f"{cid} [{desc}]"
        if (r := f.ok(resp, where, "keybox.unwrap")) and r["keyset"] != ks.hex():
            f.add(where, f"keybox.unwrap keyset: expected {short(ks)}, got {short(bytes.fromhex(r['keyset']))}")
    f.done()


def test_keybox_closerspec_values_unwrap_in_tink(swift):
    need(swift, "keybox.wrap")
    f = Findings("keybox:v1: CloserSpec wraps, Tink unwraps")
    cases = keybox_cases("keybox-s2t")
    reqs = [{"op": "keybox.wrap", "recipient": recipient, **ids, "keyset": ot.keyset.hex()} for _, _, recipient, ot, ids, _, _ in cases]
    for (cid, rcpt, recipient, ot, ids, _, _), resp in zip(cases, swift.batch(reqs)):
        f.checked += 1
        where = f"{cid} [{rcpt.desc}; one-time {ot.desc}]"
        if not (r := f.ok(resp, where, "keybox.wrap")):
            continue
        try:
            got = values.keybox_unwrap(rcpt.private, ids["coupleId"], ids["questionId"], ids["senderUserId"], ids["recipientUserId"], r["value"])
            if got != ot.keyset:
                f.add(where, "Tink unwraps different keyset bytes")
            body = encoding.b64url_decode(r["value"][len("keybox:v1:"):])
            if body[:5] != tk.ecies_primary_public(rcpt.public).prefix or len(body) != 5 + 93 + len(ot.keyset):
                f.add(where, f"framing: expected {tk.ecies_primary_public(rcpt.public).prefix.hex()}.. of {98 + len(ot.keyset)} bytes, got {short(body, 20)}")
        except PortError as e:
            f.add(where, f"Tink cannot unwrap CloserSpec's keybox: {e}")
    f.done()


def test_keybox_injected_ephemeral_is_byte_exact(swift):
    need(swift, "keybox.wrap", "keybox.unwrap")
    f = Findings("keybox:v1: injected ephemeral key + IV, CloserSpec value == reference value")
    reqs, exp = [], []
    for cid, rcpt, recipient, ot, ids, rng, i in keybox_cases("keybox-eph"):
        eph = ephemeral_scalar(rng, rcpt.public, i)
        iv = rbytes(rng, 12)
        ref = values.keybox_wrap(recipient, ids["coupleId"], ids["questionId"], ids["senderUserId"], ids["recipientUserId"], ot.keyset, eph, iv, verify_with=rcpt.private)
        reqs.append({"op": "keybox.wrap", "recipient": recipient, **ids, "keyset": ot.keyset.hex(), "ephemeralPrivateKey": eph.hex(), "iv": iv.hex()})
        exp.append((cid, rcpt.desc, eph, iv, ref))
    for resp, (cid, desc, eph, iv, ref) in zip(swift.batch(reqs), exp):
        f.checked += 1
        where = f"{cid} [{desc}, eph {eph.hex()}, iv {iv.hex()}]"
        if (r := f.ok(resp, where, "keybox.wrap")) and r["value"] != ref:
            f.add(where, f"expected {ref[:90]}…, got {r['value'][:90]}…")
    f.done()


def test_keybox_negative_same_category(swift):
    need(swift, "keybox.wrap", "keybox.unwrap")
    f = Findings("keybox:v1: rejected alike by the reference port (Tink) and CloserSpec")
    cases = []
    for cid, rcpt, recipient, ot, ids, rng, i in keybox_cases("keybox-neg"):
        v = values.keybox_wrap(recipient, *ids.values(), ot.keyset)
        unwrap = {"privateKeyset": rcpt.private, **ids, "value": v}
        kind = i % 8
        if kind == 0:
            which = rng.choice(list(ids))
            cases.append((f"another {which} (context info)", "keybox.unwrap", {**unwrap, which: ids[which] + "z"}, "authentication_failure"))
        elif kind == 1:
            other = hybrid_keyset(rng, 1, allow_rotation=False)
            cases.append(("another recipient's private keyset", "keybox.unwrap", {**unwrap, "privateKeyset": other.private}, "authentication_failure"))
        elif kind == 2:
            body = encoding.b64url_decode(v[10:])
            bad, how = mutate_ciphertext(rng, body, lo=1)
            want = "authentication_failure" if len(bad) >= 98 else "decode_error"
            cases.append((f"body {how}", "keybox.unwrap", {**unwrap, "value": "keybox:v1:" + encoding.b64url_encode(bad)}, want))
        elif kind == 3:
            which = rng.choice(list(ids))
            bad_id = rng.choice(["", "|", "x|y"])
            op = rng.choice(["keybox.wrap", "keybox.unwrap"])
            fields = {**unwrap, which: bad_id} if op == "keybox.unwrap" else {"recipient": recipient, **ids, which: bad_id, "keyset": ot.keyset}
            cases.append((f"{which} {bad_id!r}", op, fields, "invalid_parameters"))
        elif kind == 4:
            cases.append(("keybox under the sealed: prefix", "keybox.unwrap", {**unwrap, "value": "sealed:v1:" + v[10:]}, "decode_error"))
        elif kind == 5:
            bad_pub, how, want = _mutated_public(rng, rcpt, rng.randrange(9))
            cases.append((f"recipient {how}", "keybox.wrap", {"recipient": "pub:v1:" + encoding.b64url_encode(bad_pub), **ids, "keyset": ot.keyset}, want))
        elif kind == 6:
            cases.append(("recipient value is not pub:v1", "keybox.wrap", {"recipient": recipient.replace("pub:v1:", "pub:v0:"), **ids, "keyset": ot.keyset}, "decode_error"))
        else:
            bad, how = broken_b64url(rng, v[10:])
            cases.append((f"b64url body: {how}", "keybox.unwrap", {**unwrap, "value": "keybox:v1:" + bad}, "decode_error"))
    def keybox_port(op, a):
        ids = [a[k] for k in ("coupleId", "questionId", "senderUserId", "recipientUserId")]
        if op == "keybox.wrap":
            return port_code(values.keybox_wrap, a["recipient"], *ids, a["keyset"])
        return port_code(values.keybox_unwrap, a["privateKeyset"], *ids, a["value"])

    check_negative_cases(f, swift, "keybox", cases, keybox_port)


def test_keybox_one_time_keyset_bytes_travel_verbatim(swift):
    """The keybox plaintext IS the one-time keyset's bytes (profile-v1 §9): whatever
    encoding Tink accepts goes in, the same bytes come out of the unwrap, and an injected
    ephemeral key gives the same value as wrapping those bytes with Tink's layout."""
    need(swift, "keybox.wrap", "keybox.unwrap")
    f = Findings("keybox:v1: one-time keyset bytes travel verbatim")
    rng = rng_for("keybox-verbatim")
    reqs, exp = [], []
    for i in range(N):
        rcpt = hybrid_keyset(rng, i, allow_rotation=False)
        recipient = values.pub_encode(rcpt.public)
        kind = AEAD_ACCEPTED_VARIANTS[i % len(AEAD_ACCEPTED_VARIANTS)]
        ot, desc = aead_keyset_variant(rng, kind, rbytes(rng, 32), key_id(rng, i // len(AEAD_ACCEPTED_VARIANTS)) or 1)
        ids = {"coupleId": ident(rng), "questionId": ident(rng), "senderUserId": ident(rng), "recipientUserId": ident(rng)}
        v = values.keybox_wrap(recipient, *ids.values(), ot)  # Tink hybrid over the bytes as given
        eph, iv = ephemeral_scalar(rng, rcpt.public, i), rbytes(rng, 12)
        ref = values.keybox_wrap(recipient, *ids.values(), ot, eph, iv, verify_with=rcpt.private)
        reqs.append({"op": "keybox.unwrap", "privateKeyset": rcpt.private.hex(), **ids, "value": v})
        reqs.append({"op": "keybox.wrap", "recipient": recipient, **ids, "keyset": ot.hex(), "ephemeralPrivateKey": eph.hex(), "iv": iv.hex()})
        exp.append((f"keybox-verbatim-{i:03d}", desc, ot, ref))
    resps = swift.batch(reqs)
    for k, (cid, desc, ot, ref) in enumerate(exp):
        f.checked += 1
        where = f"{cid} [one-time keyset: {desc}; {ot.hex()}]"
        if (r := f.ok(resps[2 * k], where, "keybox.unwrap")) and r["keyset"] != ot.hex():
            f.add(where, f"keybox.unwrap returns {r['keyset']} instead of the wrapped bytes")
        if (r := f.ok(resps[2 * k + 1], where, "keybox.wrap")) and r["value"] != ref:
            f.add(where, "keybox.wrap with injected ephemeral/iv does not wrap the given bytes")
    f.done()


def test_answer_flow_across_implementations(swift):
    """The whole reveal: one side seals an answer and wraps its one-time key for the
    partner; the other side unwraps and opens it. Both directions, 100 answers each."""
    need(swift, "sealed.seal", "sealed.open", "keybox.wrap", "keybox.unwrap", "pub.encode")
    f = Findings("answer flow: seal + keybox on one side, unwrap + open on the other")
    rng = rng_for("flow")
    reqs, exp = [], []
    for i in range(100):
        partner = hybrid_keyset(rng, i, allow_rotation=False)
        ot = tk.tink_generate(AEAD_TEMPLATES["AES256_GCM"])
        c, q, s, r_ = ident(rng), ident(rng), ident(rng), ident(rng)
        payload = sealed_payload(rng, c, q, s)
        src = json_text(rng, payload)
        # Swift -> Tink: Swift seals and wraps, Tink unwraps and opens.
        reqs.append({"op": "pub.encode", "publicKeyset": partner.public.hex()})
        reqs.append({"op": "sealed.seal", "keyset": ot.hex(), "coupleId": c, "questionId": q, "userId": s, "payload": src})
        reqs.append({"op": "keybox.wrap", "recipient": values.pub_encode(partner.public), "coupleId": c, "questionId": q, "senderUserId": s, "recipientUserId": r_, "keyset": ot.hex()})
        # Tink -> Swift: the reference seals and wraps with Tink, Swift unwraps and opens.
        value, com = values.sealed_seal(ot, c, q, s, src)
        box = values.keybox_wrap(values.pub_encode(partner.public), c, q, s, r_, ot)
        reqs.append({"op": "keybox.unwrap", "privateKeyset": partner.private.hex(), "coupleId": c, "questionId": q, "senderUserId": s, "recipientUserId": r_, "value": box})
        exp.append((f"flow-{i:03d}", partner, (c, q, s, r_), canonical(payload), value, com))
    resps = swift.batch(reqs)
    reqs2 = []
    for k, (cid, partner, (c, q, s, r_), canon, value, com) in enumerate(exp):
        f.checked += 1
        pub_r, seal_r, wrap_r, unwrap_r = resps[4 * k: 4 * k + 4]
        if not all(f.ok(x, cid, op) for x, op in ((pub_r, "pub.encode"), (seal_r, "sealed.seal"), (wrap_r, "keybox.wrap"), (unwrap_r, "keybox.unwrap"))):
            reqs2.append(None)
            continue
        try:
            ot = values.keybox_unwrap(partner.private, c, q, s, r_, wrap_r["value"])
            if values.sealed_open(ot, c, q, s, seal_r["value"], seal_r["commitment"]) != canon.decode():
                f.add(cid, "Tink reveals a different answer")
        except PortError as e:
            f.add(cid, f"Tink cannot reveal CloserSpec's answer: {e}")
        reqs2.append({"op": "sealed.open", "keyset": unwrap_r["keyset"], "coupleId": c, "questionId": q, "userId": s, "value": value, "commitment": com})
    live = [r for r in reqs2 if r]
    resps2 = iter(swift.batch(live))
    for (cid, _, _, canon, _, _), req in zip(exp, reqs2):
        if req is None:
            continue
        r = next(resps2)
        if (r := f.ok(r, cid, "sealed.open (after keybox.unwrap)")) and r["payload"] != canon.decode():
            f.add(cid, "CloserSpec reveals a different answer")
    f.done()
