"""The JVM port (ports/jvm: JCA AES-GCM/ECDH/HmacSHA256, BouncyCastle Argon2id, its own
RFC 8785 code) and `closer-spec serve` get the same requests, generated from fixed seeds
with every random input injected: valid requests must give byte-identical responses, hostile
ones the same error category and detail code. The JVM port is an independent implementation
on Android's own primitives, so agreement is evidence for both; neither side's output is
taken as the truth for the other's inputs beyond that comparison.

Skipped, with the reason, when java/javac or BouncyCastle (libbcprov-java) is missing.
Ops that `closer-spec serve` does not list in `info.ops` are skipped with that reason.
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import shutil

import pytest

from closer_cases import (
    AEAD_ACCEPTED_VARIANTS,
    AEAD_REJECTED_VARIANTS,
    aead_keyset,
    aead_keyset_variant,
    broken_b64,
    broken_b64url,
    ecies_keyset_variant,
    ephemeral_scalar,
    flip_bit,
    hybrid_keyset,
    ident,
    json_text,
    json_value,
    key_id,
    mutate_ciphertext,
    rbytes,
    sealed_payload,
    text,
)
from closer_port import encoding, tink_keysets as tk
from harness_client import HarnessClient

HERE = os.path.dirname(os.path.abspath(__file__))
PORT_SH = os.path.normpath(os.path.join(HERE, "..", "..", "ports", "jvm", "port.sh"))
BCPROV = os.environ.get("BCPROV_JAR", "/usr/share/java/bcprov.jar")
CASES = int(os.environ.get("JVM_PORT_CASES", "200"))  # per op (the Argon2id ops run fewer)
SLOW_CASES = 4  # production-parameter Argon2id runs per pairing op


@pytest.fixture(scope="module")
def jvm():
    missing = [tool for tool in ("java", "javac") if shutil.which(tool) is None]
    if missing:
        pytest.skip(f"{' and '.join(missing)} not found: install a JDK 17 (apt-get install openjdk-17-jdk-headless)")
    if not os.path.isfile(BCPROV):
        pytest.skip(f"{BCPROV} not found: apt-get install libbcprov-java (or set BCPROV_JAR)")
    with HarnessClient([PORT_SH], timeout=300) as client:
        yield client


class Pair:
    """Sends one request to both servers and compares the answers."""

    def __init__(self, jvm: HarnessClient, swift: HarnessClient):
        self.jvm, self.swift = jvm, swift
        self.jvm_ops = set(self.call(jvm, "info", {})["ops"])
        self.swift_ops = set(self.call(swift, "info", {})["ops"])
        self.mismatches: list[str] = []
        self.counts = {"ok": 0, "error": 0}

    @staticmethod
    def call(client: HarnessClient, op: str, fields: dict) -> dict:
        return client.request(op, **fields)

    def need(self, *ops: str) -> None:
        for op in ops:
            assert op in self.jvm_ops, f"the JVM port does not list {op} in info.ops"
            if op not in self.swift_ops:
                pytest.skip(f"closer-spec serve does not list {op} in info.ops yet; runs once it does")

    def same(self, op: str, fields: dict, what: str = "", expect: str | None = None, random_output: bool = False) -> dict:
        """Both answers, compared; returns closer-spec's. `expect` = "ok" or "error" also checks that.
        `random_output`: the request injects no randomness, so only success and error codes compare."""
        a = self.call(self.swift, op, fields)
        b = self.call(self.jvm, op, fields)
        strip = lambda r: {k: v for k, v in r.items() if k not in ("id", "error")}  # noqa: E731
        label = f"{op} {what}".strip()
        if a["ok"] != b["ok"]:
            self.mismatches.append(f"{label}: closer-spec ok={a['ok']} {a.get('error')} / jvm ok={b['ok']} {b.get('error')}; request {short(fields)}")
        elif a["ok"]:
            if not random_output and strip(a) != strip(b):
                diff = {k: (a.get(k), b.get(k)) for k in set(a) | set(b) if k not in ("id",) and a.get(k) != b.get(k)}
                self.mismatches.append(f"{label}: outputs differ {short(diff)}; request {short(fields)}")
        else:
            ea, eb = a["error"], b["error"]
            if (ea["code"], ea.get("detail")) != (eb["code"], eb.get("detail")):
                self.mismatches.append(f"{label}: closer-spec {ea['code']}/{ea.get('detail')} vs jvm {eb['code']}/{eb.get('detail')} ({eb.get('message')}); request {short(fields)}")
        if expect is not None and (a["ok"] != (expect == "ok")):
            self.mismatches.append(f"{label}: expected {expect}, closer-spec answered {a.get('error') or 'ok'}")
        self.counts["ok" if a["ok"] else "error"] += 1
        return a

    def check(self) -> None:
        assert not self.mismatches, f"{len(self.mismatches)} mismatch(es) of {sum(self.counts.values())} requests:\n" + "\n".join(self.mismatches[:15])
        assert self.counts["ok"] > 0, "no request succeeded: the cases test nothing"


def short(v, n: int = 300) -> str:
    s = json.dumps(v, ensure_ascii=False)
    return s if len(s) <= n else s[:n] + "…"


@pytest.fixture(scope="module")
def pair(jvm, serve):
    return Pair(jvm, serve)


@pytest.fixture
def p(pair):
    pair.mismatches, pair.counts = [], {"ok": 0, "error": 0}
    yield pair
    pair.check()


def rng_of(name: str) -> random.Random:
    return random.Random(f"closer-jvm-port/{name}")


def hx(b: bytes) -> str:
    return b.hex()


# --- Tink AEAD -----------------------------------------------------------------------------


def some_aead_keyset(rng: random.Random, i: int, *, tink_only: bool = False) -> bytes:
    r = rng.random()
    if r < 0.12:
        kind = rng.choice(AEAD_ACCEPTED_VARIANTS)
        return aead_keyset_variant(rng, kind, rbytes(rng, rng.choice((16, 32))), key_id(rng))[0]
    return aead_keyset(rng, i, prefixes=("TINK",) if tink_only else ("TINK", "RAW", "LEGACY", "CRUNCHY")).keyset


def bad_aead_keyset(rng: random.Random) -> bytes:
    r = rng.random()
    if r < 0.7:
        return aead_keyset_variant(rng, rng.choice(AEAD_REJECTED_VARIANTS), rbytes(rng, 32), key_id(rng))[0]
    if r < 0.85:  # an ECIES keyset where AES-GCM is expected
        return tk.hybrid_keysets(rng.randrange(1, tk.P256_ORDER), key_id(rng))[rng.randrange(2)]
    return rbytes(rng, rng.randint(0, 40))  # random bytes: protobuf errors


def iv_or_bad(rng: random.Random, bad_rate: float = 0.05) -> str:
    return hx(rbytes(rng, rng.choice((0, 8, 11, 13, 16)) if rng.random() < bad_rate else 12))


def test_aead_keyset(p):
    p.need("aead.keyset")
    rng = rng_of("aead.keyset")
    for i in range(CASES):
        size = rng.choice((16, 32, 16, 32, 0, 24, 31, 33)) if i % 5 == 0 else rng.choice((16, 32))
        fields = {"key": hx(rbytes(rng, size)), "keyId": key_id(rng, i)}
        if rng.random() < 0.7:
            fields["prefix"] = rng.choice(["TINK", "RAW", "LEGACY", "CRUNCHY", "tink", "UNKNOWN"] if i % 7 == 0 else ["TINK", "RAW", "LEGACY", "CRUNCHY"])
        p.same("aead.keyset", fields, f"case {i}")


def test_aead_encrypt_decrypt(p):
    p.need("aead.encrypt", "aead.decrypt")
    rng = rng_of("aead")
    for i in range(CASES):
        bad = i % 6 == 5
        ks = bad_aead_keyset(rng) if bad else some_aead_keyset(rng, i)
        pt, aad = rbytes(rng, rng.randint(0, 300)), rbytes(rng, rng.randint(0, 40))
        enc = p.same("aead.encrypt", {"keyset": hx(ks), "plaintext": hx(pt), "aad": hx(aad), "iv": iv_or_bad(rng)}, f"case {i}")
        if not enc["ok"]:
            p.same("aead.decrypt", {"keyset": hx(ks), "ciphertext": hx(rbytes(rng, 40)), "aad": hx(aad)}, f"case {i} bad keyset")
            continue
        ct = bytes.fromhex(enc["ciphertext"])
        p.same("aead.decrypt", {"keyset": hx(ks), "ciphertext": hx(ct), "aad": hx(aad)}, f"case {i}", expect="ok")
        mutated, how = mutate_ciphertext(rng, ct)
        p.same("aead.decrypt", {"keyset": hx(ks), "ciphertext": hx(mutated), "aad": hx(aad)}, f"case {i} {how}")
        p.same("aead.decrypt", {"keyset": hx(ks), "ciphertext": hx(ct), "aad": hx(aad + b"x")}, f"case {i} other aad", expect="error")


# --- Tink hybrid -----------------------------------------------------------------------------


def scalar_bytes(rng: random.Random, i: int) -> bytes:
    r = i % 10
    if r == 7:
        return rng.choice([b"", b"\x00" * 32, tk.P256_ORDER.to_bytes(32, "big"), (tk.P256_ORDER + 5).to_bytes(33, "big"), b"\x01" * 33, (1).to_bytes(1, "big")])
    d = rng.randrange(1, tk.P256_ORDER)
    width = rng.choice((32, 32, 33, 40, (d.bit_length() + 7) // 8))
    return d.to_bytes(width, "big")


def test_hybrid_keyset(p):
    p.need("hybrid.keyset")
    rng = rng_of("hybrid.keyset")
    for i in range(CASES):
        p.same("hybrid.keyset", {"privateKey": hx(scalar_bytes(rng, i)), "keyId": key_id(rng, i)}, f"case {i}")


def ecies_variant_pair(rng: random.Random, accepted: bool) -> tuple[bytes, bytes]:
    kinds = ["width-34", "width-minimal", "width-32", "explicit-defaults", "unknown-fields", "dem-template-raw"] if accepted else ["off-curve", "public-version-1"]
    priv, pub, _ = ecies_keyset_variant(rng, rng.choice(kinds), rng.randrange(1, tk.P256_ORDER), key_id(rng))
    return priv, pub


def test_hybrid_encrypt_decrypt(p):
    p.need("hybrid.encrypt", "hybrid.decrypt")
    rng = rng_of("hybrid")
    for i in range(CASES):
        if i % 8 == 6:
            priv, pub = ecies_variant_pair(rng, accepted=False)
        elif i % 8 == 7:
            priv, pub = ecies_variant_pair(rng, accepted=True)
        else:
            hk = hybrid_keyset(rng, i)
            priv, pub = hk.private, hk.public
        pt, info = rbytes(rng, rng.randint(0, 200)), rbytes(rng, rng.randint(0, 40))
        fields = {"publicKeyset": hx(pub), "plaintext": hx(pt), "contextInfo": hx(info), "iv": iv_or_bad(rng)}
        try:
            fields["ephemeralPrivateKey"] = hx(ephemeral_scalar(rng, pub, i))
        except Exception:  # the public keyset is deliberately broken: any scalar
            fields["ephemeralPrivateKey"] = hx(scalar_bytes(rng, i))
        if i % 10 == 7:
            fields["ephemeralPrivateKey"] = hx(scalar_bytes(rng, i))
        enc = p.same("hybrid.encrypt", fields, f"case {i}")
        if not enc["ok"]:
            p.same("hybrid.decrypt", {"privateKeyset": hx(priv), "ciphertext": hx(rbytes(rng, 120)), "contextInfo": hx(info)}, f"case {i}")
            continue
        ct = bytes.fromhex(enc["ciphertext"])
        p.same("hybrid.decrypt", {"privateKeyset": hx(priv), "ciphertext": hx(ct), "contextInfo": hx(info)}, f"case {i}", expect="ok")
        mutated, how = mutate_ciphertext(rng, ct)
        p.same("hybrid.decrypt", {"privateKeyset": hx(priv), "ciphertext": hx(mutated), "contextInfo": hx(info)}, f"case {i} {how}")
        if len(ct) > 6:  # KEM point 04 -> 02 (compressed form) and an off-curve KEM
            kem = bytearray(ct)
            kem[5] = 0x02
            p.same("hybrid.decrypt", {"privateKeyset": hx(priv), "ciphertext": hx(bytes(kem)), "contextInfo": hx(info)}, f"case {i} kem 02", expect="error")


# --- wire values -----------------------------------------------------------------------------


def binding_component(rng: random.Random, i: int) -> str:
    r = rng.random()
    if i % 9 == 8 and r < 0.3:
        return ""
    if i % 9 == 8 and r < 0.6:
        return ident(rng) + "|" + ident(rng)
    if i % 9 == 8:
        return "a|\u0301b"  # a '|' followed by a combining mark is still the byte 0x7C
    return ident(rng)


def test_enc_seal_open(p):
    p.need("enc.seal", "enc.open")
    rng = rng_of("enc")
    for i in range(CASES):
        ks = bad_aead_keyset(rng) if i % 11 == 10 else some_aead_keyset(rng, i, tink_only=i % 5 != 4)
        couple = binding_component(rng, i)
        fields = {"keyset": hx(ks), "coupleId": couple, "text": text(rng, rng.randint(0, 60)), "iv": iv_or_bad(rng)}
        sealed = p.same("enc.seal", fields, f"case {i}")
        if not sealed["ok"]:
            continue
        value = sealed["value"]
        p.same("enc.open", {"keyset": hx(ks), "coupleId": couple, "value": value}, f"case {i}", expect="ok")
        body = value[len("enc:v1:"):]
        broken, how = broken_b64(rng, body)
        p.same("enc.open", {"keyset": hx(ks), "coupleId": couple, "value": "enc:v1:" + broken}, f"case {i} {how}", expect="error")
        raw = encoding.b64decode(body)
        mutated, how = mutate_ciphertext(rng, raw)
        p.same("enc.open", {"keyset": hx(ks), "coupleId": couple, "value": "enc:v1:" + encoding.b64encode(mutated)}, f"case {i} {how}")
        other = rng.choice(["sealed:v1:" + encoding.b64url_encode(raw), "enc:v2:" + body, "ENC:v1:" + body, body, "enc:v1:"])
        p.same("enc.open", {"keyset": hx(ks), "coupleId": couple, "value": other}, f"case {i} prefix", expect="error")
        p.same("enc.open", {"keyset": hx(ks), "coupleId": couple + "x", "value": value}, f"case {i} other couple", expect="error")
    # Plaintext that is not UTF-8, sealed through aead.encrypt with the couple id as AAD.
    ks = tk.aead_keyset(bytes(range(32)), 0x12345678)
    for n, bad in enumerate([b"\xff", b"\xc0\x80", b"\xed\xa0\x80", b"ok\xf4\x90\x80\x80"]):
        ct = p.same("aead.encrypt", {"keyset": hx(ks), "plaintext": hx(bad), "aad": hx(b"c1"), "iv": hx(bytes(12))})["ciphertext"]
        p.same("enc.open", {"keyset": hx(ks), "coupleId": "c1", "value": "enc:v1:" + encoding.b64encode(bytes.fromhex(ct))}, f"non-UTF-8 {n}", expect="error")


HOSTILE_JSON = [
    "", " ", "\ufeff{}", "{}x", "[1,]", "{\"a\":1,}", "{'a':1}", "01", "-01", "+1", ".5", "-.5", "1.", "1.e5", "1e", "1e+",
    "0x1F", "NaN", "-Infinity", "Infinity", "nul", "True", "undefined", "1e400", "-1e400", "1.8e308", "\"\\uD800\"",
    "\"\\uDC00\\uD800\"", "\"\\uD800\\u0041\"", "\"\\x41\"", "\"\\u12\"", "\"a\tb\"", "\"\\u00e9\" ", "{\"a\":1,\"a\":2}",
    "{\"a\":1,\"\\u0061\":2}", "{\"\\u00e9\":1,\"e\\u0301\":2}", "[" * 1001 + "]" * 1001, "[" * 1000 + "]" * 1000,
    "[1 2]", "{\"a\" 1}", "{\"a\":}", "\"abc", "[", "{", "1.5.3", "// c\n1", "\u00a01", "[1]\u2028", "\"\\", "\"\\u",
    "1e-400", "-1e-400", "9007199254740993", "123456789012345678901234567890", "2.4703282292062328e-324",
    "1.7976931348623158e308", "1.7976931348623157e308", "[-0, 0.0, -0.0e5]", "\"\u2028\u2029\ufeff\u007f\u0080\"",
    "{\"\U00010000\":1,\"\ue000\":2,\"\uffff\":3,\"a\":4,\"\":5}", "[1E21, 1e-7, 1e20, 0.000001, 5e-324, 4.35, 0.30000000000000004]",
]


def test_canonicalize_and_commitment(p):
    p.need("canonicalize", "commitment")
    rng = rng_of("json")
    for n, t in enumerate(HOSTILE_JSON):
        p.same("canonicalize", {"json": t}, f"hostile {n}")
        p.same("commitment", {"json": t}, f"hostile {n}")
    for i in range(CASES * 2):
        v = json_value(rng)
        t = json_text(rng, v)
        p.same("canonicalize" if i % 2 else "commitment", {"json": t}, f"case {i}")
    # Doubles with random bit patterns: the ECMAScript number format.
    for i in range(CASES * 2):
        bits = rng.getrandbits(64)
        f = __import__("struct").unpack(">d", bits.to_bytes(8, "big"))[0]
        if f != f or f in (float("inf"), float("-inf")):
            continue
        p.same("canonicalize", {"json": repr(f)}, f"double {i}")


def test_sealed_seal_open(p):
    p.need("sealed.seal", "sealed.open", "commitment")
    rng = rng_of("sealed")
    for i in range(CASES):
        ks = bad_aead_keyset(rng) if i % 13 == 12 else some_aead_keyset(rng, i, tink_only=i % 6 != 5)
        c, q, u = binding_component(rng, i), ident(rng), ident(rng)
        payload = sealed_payload(rng, c, q, u)
        r = rng.random()
        if i % 7 == 6:  # payload faults
            fault = rng.randrange(6)
            if fault == 0:
                payload["userId"] = u + "x"
            elif fault == 1:
                del payload[rng.choice(["coupleId", "questionId", "userId", "nonce"])]
            elif fault == 2:
                payload["nonce"] = encoding.b64url_encode(rbytes(rng, rng.choice((15, 17, 0))))
            elif fault == 3:
                payload["nonce"] = encoding.b64encode(rbytes(rng, 16))
            elif fault == 4:
                payload["questionId"] = 7.0
            else:
                payload = [payload]
        payload_text = json_text(rng, payload) if r < 0.5 else json.dumps(payload, ensure_ascii=False)
        fields = {"keyset": hx(ks), "coupleId": c, "questionId": q, "userId": u, "payload": payload_text, "iv": iv_or_bad(rng)}
        sealed = p.same("sealed.seal", fields, f"case {i}")
        if not sealed["ok"]:
            continue
        value, commitment = sealed["value"], sealed["commitment"]
        base = {"keyset": hx(ks), "coupleId": c, "questionId": q, "userId": u}
        p.same("sealed.open", {**base, "value": value, "commitment": commitment}, f"case {i}", expect="ok")
        body = value[len("sealed:v1:"):]
        broken, how = broken_b64url(rng, body)
        p.same("sealed.open", {**base, "value": "sealed:v1:" + broken, "commitment": commitment}, f"case {i} {how}", expect="error")
        digest = encoding.b64url_decode(commitment[len("sha256:"):])
        other, how = flip_bit(rng, digest)
        p.same("sealed.open", {**base, "value": value, "commitment": "sha256:" + encoding.b64url_encode(other)}, f"case {i} commitment {how}", expect="error")
        bad_commitment = rng.choice(["sha256:" + broken_b64url(rng, commitment[7:])[0], "sha1:" + commitment[7:], "sha256:" + encoding.b64url_encode(digest[:31])])
        p.same("sealed.open", {**base, "value": value, "commitment": bad_commitment}, f"case {i} bad commitment", expect="error")
        p.same("sealed.open", {**base, "userId": u + "2", "value": value, "commitment": commitment}, f"case {i} other user", expect="error")
    # A non-canonical payload and one sealed for another slot, built with aead.encrypt.
    ks = tk.aead_keyset(bytes(range(32)), 0x12345678)
    nonce = encoding.b64url_encode(bytes(16))
    for n, (pt, ids) in enumerate([
        ('{"coupleId":"c","nonce":"%s","questionId":"q","userId":"u"} ' % nonce, ("c", "q", "u")),
        ('{"userId":"u","coupleId":"c","nonce":"%s","questionId":"q"}' % nonce, ("c", "q", "u")),
        ('{"coupleId":"c","nonce":"%s","questionId":"q","userId":"v"}' % nonce, ("c", "q", "u")),
        ('{"coupleId":"c","questionId":"q","userId":"u"}', ("c", "q", "u")),
        ('[1]', ("c", "q", "u")),
        ('{"a":1e400}', ("c", "q", "u")),
    ]):
        aad = "|".join(ids).encode()
        ct = p.same("aead.encrypt", {"keyset": hx(ks), "plaintext": hx(pt.encode()), "aad": hx(aad), "iv": hx(bytes(12))})["ciphertext"]
        commitment = "sha256:" + encoding.b64url_encode(hashlib.sha256(pt.encode()).digest())
        p.same("sealed.open", {"keyset": hx(ks), "coupleId": ids[0], "questionId": ids[1], "userId": ids[2],
                                "value": "sealed:v1:" + encoding.b64url_encode(bytes.fromhex(ct)), "commitment": commitment}, f"crafted {n}", expect="error")


def test_pub_and_keybox(p):
    p.need("pub.encode", "pub.decode", "keybox.wrap", "keybox.unwrap")
    rng = rng_of("keybox")
    for i in range(CASES):
        if i % 9 == 8:
            priv, pub = ecies_variant_pair(rng, accepted=rng.random() < 0.5)
        else:
            hk = hybrid_keyset(rng, i, prefixes=("TINK", "TINK", "RAW", "LEGACY"))
            priv, pub = hk.private, hk.public
        real = i % 17 != 16
        if not real:  # not the recipient's keyset (or not a public ECIES keyset at all)
            pub = bad_aead_keyset(rng)
        enc = p.same("pub.encode", {"publicKeyset": hx(pub)}, f"case {i}")
        if not enc["ok"]:
            continue
        value = enc["value"]
        p.same("pub.decode", {"value": value}, f"case {i}", expect="ok")
        broken, how = broken_b64url(rng, value[len("pub:v1:"):])
        p.same("pub.decode", {"value": "pub:v1:" + broken}, f"case {i} {how}", expect="error")
        p.same("pub.decode", {"value": rng.choice(["pub:v1:", "pub:v2:" + value[7:], "keybox:v1:" + value[7:], value[7:]])}, f"case {i} prefix", expect="error")
        c, q, s, r = binding_component(rng, i), ident(rng), ident(rng), ident(rng)
        one_time = bad_aead_keyset(rng) if i % 10 == 9 else some_aead_keyset(rng, i, tink_only=True)
        fields = {"recipient": value, "coupleId": c, "questionId": q, "senderUserId": s, "recipientUserId": r,
                  "keyset": hx(one_time), "ephemeralPrivateKey": hx(ephemeral_scalar(rng, pub, i)), "iv": iv_or_bad(rng)}
        wrapped = p.same("keybox.wrap", fields, f"case {i}")
        if not wrapped["ok"]:
            continue
        base = {"privateKeyset": hx(priv), "coupleId": c, "questionId": q, "senderUserId": s, "recipientUserId": r}
        p.same("keybox.unwrap", {**base, "value": wrapped["value"]}, f"case {i}", expect="ok" if real else None)
        p.same("keybox.unwrap", {**base, "senderUserId": r, "recipientUserId": s, "value": wrapped["value"]}, f"case {i} swapped", expect="error" if s != r else None)
        raw = encoding.b64url_decode(wrapped["value"][len("keybox:v1:"):])
        mutated, how = mutate_ciphertext(rng, raw)
        p.same("keybox.unwrap", {**base, "value": "keybox:v1:" + encoding.b64url_encode(mutated)}, f"case {i} {how}")
    # A keybox whose plaintext is not an AEAD keyset (built with hybrid.encrypt).
    d = 0xC9AFA9D845BA75166B5C215767B1D6934E50C3DB36E89B127B8A622B120F6721
    priv, pub = tk.hybrid_keysets(d, 0x0A0B0C0D)
    for n, pt in enumerate([b"", b"\x08", tk.aead_keyset(bytes(24) + bytes(8), 5)[:-3], priv]):
        ct = p.same("hybrid.encrypt", {"publicKeyset": hx(pub), "plaintext": hx(pt), "contextInfo": hx(b"c|q|a|b"),
                                      "ephemeralPrivateKey": hx((12345).to_bytes(32, "big")), "iv": hx(bytes(12))})["ciphertext"]
        p.same("keybox.unwrap", {"privateKeyset": hx(priv), "coupleId": "c", "questionId": "q", "senderUserId": "a", "recipientUserId": "b",
                                 "value": "keybox:v1:" + encoding.b64url_encode(bytes.fromhex(ct))}, f"plaintext {n}", expect="error")


# --- pairing ---------------------------------------------------------------------------------

WORDS = open(os.path.join(HERE, "..", "..", "specs", "wordlist-v1.txt")).read().split()


def phrase_variant(rng: random.Random, i: int) -> str:
    words = [WORDS[b] for b in rbytes(rng, 10)]
    r = i % 12
    if r == 1:
        words = [w.upper() for w in words]
    if r == 2:
        return "\u3000".join("".join(chr(0xFF00 + ord(ch) - 0x20) for ch in w) for w in words)  # full-width, ideographic space
    if r == 3:
        return " \t" + "\u00a0\n ".join(words) + "\r\n"
    if r == 4:
        words[rng.randrange(10)] += "s"
    if r == 5:
        words = words[: rng.choice((0, 1, 9))] + ([] if rng.random() < 0.5 else words[:2])
    if r == 6:
        return "\u200b".join(words)  # zero-width space is not whitespace
    if r == 7:
        return " ".join(words) + " " + "a" * 1100
    if r == 8:
        return "\u001c".join(words)  # U+001C is Java whitespace but not Unicode White_Space
    if r == 9:
        return " \u0301".join(words)  # a space followed by a combining mark
    return " ".join(words)


def test_phrase_ops(p):
    p.need("phrase.fromEntropy", "phrase.normalize")
    rng = rng_of("phrase")
    for i in range(CASES):
        n = rng.choice((10, 10, 10, 0, 9, 11)) if i % 6 == 0 else 10
        p.same("phrase.fromEntropy", {"entropy": hx(rbytes(rng, n))}, f"case {i}")
        p.same("phrase.normalize", {"input": phrase_variant(rng, i)}, f"case {i}")


def test_argon2id(p):
    p.need("argon2id")
    rng = rng_of("argon2id")
    for i in range(CASES // 4):
        par = rng.randint(1, 4)
        fields = {"password": hx(rbytes(rng, rng.randint(0, 40))), "salt": hx(rbytes(rng, rng.randint(8, 64))),
                  "memoryKiB": rng.randint(8 * par, 256), "iterations": rng.randint(1, 3), "parallelism": par, "length": rng.randint(16, 64)}
        if i % 4 == 3:  # one bound broken
            k, v = rng.choice([("parallelism", 0), ("parallelism", 17), ("memoryKiB", 8 * par - 1), ("memoryKiB", 1048577), ("iterations", 0),
                                ("iterations", 11), ("length", 15), ("length", 65), ("salt", hx(rbytes(rng, 7))), ("salt", hx(rbytes(rng, 65))),
                                ("password", hx(rbytes(rng, 4097))), ("memoryKiB", 1e300), ("iterations", -5)])
            fields[k] = v
        p.same("argon2id", fields, f"case {i}")


def test_couplekey_and_invite(p):
    p.need("couplekey.wrap", "couplekey.unwrap", "invite.encrypt", "invite.decrypt")
    rng = rng_of("pairing")
    keyset = tk.aead_keyset(bytes(range(32)), 0x12345678)
    for i in range(SLOW_CASES):
        phrase = " ".join(WORDS[b] for b in rbytes(rng, 10))
        w = p.same("couplekey.wrap", {"keyset": hx(keyset if i else some_aead_keyset(rng, 5)), "phrase": phrase if i % 2 else phrase.upper(),
                                       "salt": hx(rbytes(rng, 16)), "iv": hx(rbytes(rng, 12))}, f"wrap {i}", expect="ok")
        doc = {k: w[k] for k in ("wrappedCoupleKey", "kdfSalt", "kdfParams")}
        p.same("couplekey.unwrap", {**doc, "phrase": " " + phrase.upper() + " "}, f"unwrap {i}", expect="ok")
        code = "".join(rng.choice("ABCDEFGHJKMNPQRSTUVWXYZ23456789abc") for _ in range(6))
        v = p.same("invite.encrypt", {"code": code, "phrase": phrase, "salt": hx(rbytes(rng, 16)), "iv": hx(rbytes(rng, 12))}, f"invite {i}", expect="ok")
        p.same("invite.decrypt", {"code": code.lower(), "value": v["value"]}, f"invite {i}", expect="ok")
    # Hostile documents: every check before Argon2id (cheap), in the order of the spec tables.
    good = {"wrappedCoupleKey": encoding.b64encode(bytes(60)), "kdfSalt": encoding.b64encode(bytes(16)), "kdfParams": "$argon2id$v=19$m=46080,t=3,p=1",
            "phrase": " ".join(WORDS[:10])}
    params = ["", "$argon2i$v=19$m=46080,t=3,p=1", "$argon2id$m=46080,t=3,p=1", "$argon2id$v=16$m=46080,t=3,p=1", "$argon2id$v=19",
              "$argon2id$v=19$m=46080,t=3,p=1$", "$argon2id$v=19$m=46080,t=3,p=1$c2FsdA$aGFzaA", "$argon2id$v=19$t=3,m=46080,p=1",
              "$argon2id$v=19$m=46080,m=46080,t=3,p=1", "$argon2id$v=19$m=46080,t=3", "$argon2id$v=19$m=046080,t=3,p=1",
              "$argon2id$v=19$m=46080,t=3,p=1,x=2", "$argon2id$v=19$m=99999999999,t=3,p=1", "$argon2id$v=19$m=46080,t=3,p=0",
              "$argon2id$v=19$m=46080,t=11,p=1", "$argon2id$v=19$m=2000000,t=3,p=1", " $argon2id$v=19$m=46080,t=3,p=1",
              "$argon2id$v=19$m=46080,t=3,p=1" + "0" * 40, "argon2id$v=19$m=46080,t=3,p=1", "$argon2id$v=19$m=4608\u00e9,t=3,p=1",
              "$argon2id$v=19$m=46080,t=3,,p=1", "$argon2id$v=19$m=46080,t=3,p", "$argon2id$v=0x13$m=46080,t=3,p=1", "$$", "$argon2id$v=19$"]
    for n, kp in enumerate(params):
        p.same("couplekey.unwrap", {**good, "kdfParams": kp}, f"kdfParams {n}", expect="error")
    for n, salt in enumerate(["", "AAAA", encoding.b64encode(bytes(15)), encoding.b64encode(bytes(17)), "A" * 100,
                               encoding.b64url_encode(bytes(16)), broken_b64(rng, good["kdfSalt"])[0]]):
        p.same("couplekey.unwrap", {**good, "kdfSalt": salt}, f"salt {n}", expect="error")
    for n, wrapped in enumerate(["", encoding.b64encode(bytes(27)), "A" * 70000, broken_b64(rng, good["wrappedCoupleKey"])[0]]):
        p.same("couplekey.unwrap", {**good, "wrappedCoupleKey": wrapped}, f"wrapped {n}", expect="error")
    for n, phrase in enumerate(["", " \t ", "a" * 1100]):
        p.same("couplekey.unwrap", {**good, "phrase": phrase}, f"phrase {n}", expect="error")
    for n, fields in enumerate([{"salt": hx(bytes(15))}, {"phrase": "acorn album"}, {"keyset": hx(bad_aead_keyset(rng))}, {"phrase": "x" * 2000}]):
        p.same("couplekey.wrap", {"keyset": hx(keyset), "phrase": good["phrase"], "iv": hx(bytes(12)), **fields}, f"wrap hostile {n}", expect="error")
    for n, code in enumerate(["", "ABC23", "ABC2345", "ABC 23", "ABC-23", "ＡBC234", "ABCD\u00e9", "abc23\u0000"]):
        p.same("invite.decrypt", {"code": code, "value": encoding.b64encode(bytes(60))}, f"code {n}", expect="error")
        p.same("invite.encrypt", {"code": code, "phrase": good["phrase"], "salt": hx(bytes(16)), "iv": hx(bytes(12))}, f"code {n}", expect="error")
    for n, value in enumerate(["", "A" * 5000, encoding.b64encode(bytes(43)), broken_b64(rng, encoding.b64encode(bytes(60)))[0]]):
        p.same("invite.decrypt", {"code": "ABC234", "value": value}, f"value {n}", expect="error")
    p.same("invite.encrypt", {"code": "ABC234", "phrase": "acorn", "salt": hx(bytes(16)), "iv": hx(bytes(12))}, "short phrase", expect="error")


# --- request layer ---------------------------------------------------------------------------


def test_bad_requests(p):
    rng = rng_of("requests")
    lines = [b"", b"nonsense", b"[]", b"{}", b'{"op": 1}', b'{"op": "nope"}', b'{"id": [1, {"a": null}], "op": "nope"}',
             b'{"op": "info", "op": "info"}', b'{"id": 1e400, "op": "info"}', b'\xef\xbb\xbf{"op": "info"}', b'{"op": "info"} x',
             b'{"id": -0, "op": "info"}', b'{"id": 1.5e3, "op": "info"}', b'{"id": "\\ud83d\\ude00", "op": "info"}\r']
    fields_cases = [
        ("aead.encrypt", {"keyset": "zz", "plaintext": "", "aad": ""}), ("aead.encrypt", {"plaintext": "", "aad": ""}),
        ("aead.keyset", {"key": "00" * 16, "keyId": -1}), ("aead.keyset", {"key": "00" * 16, "keyId": 2**32}),
        ("aead.keyset", {"key": "00" * 16, "keyId": 1.5}), ("aead.keyset", {"key": "00" * 16, "keyId": "1"}),
        ("aead.keyset", {"key": "0" * 31, "keyId": 1}), ("aead.keyset", {"key": "AB" * 16, "keyId": 1}),
        ("enc.seal", {"keyset": hx(tk.aead_keyset(bytes(32), 1)), "coupleId": 5, "text": "x"}),
        ("enc.seal", {"keyset": hx(tk.aead_keyset(bytes(32), 1)), "coupleId": "c", "text": None}),
        ("enc.seal", {"keyset": hx(tk.aead_keyset(bytes(32), 1)), "coupleId": "c", "text": "x", "iv": None}),
        ("canonicalize", {"json": {"a": 1}}), ("phrase.normalize", {}), ("argon2id", {"memoryKiB": "8"}),
    ]
    for line in lines:
        a, b = p.swift.request_line(line), p.jvm.request_line(line)
        if a["ok"] or b["ok"]:
            key = lambda r: {k: v for k, v in r.items() if k not in ("implementation", "version", "ops")}  # noqa: E731
            if key(a) != key(b):
                p.mismatches.append(f"line {line!r}: {a} vs {b}")
            p.counts["ok"] += 1
        elif (a["id"], a["error"]["code"], a["error"].get("detail")) != (b["id"], b["error"]["code"], b["error"].get("detail")):
            p.mismatches.append(f"line {line!r}: closer-spec {a} vs jvm {b}")
        else:
            p.counts["error"] += 1
    for op, fields in fields_cases:
        p.same(op, fields, "request", random_output=fields.get("iv", "") is None)
