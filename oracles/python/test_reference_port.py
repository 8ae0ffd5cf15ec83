"""The Python reference port (ports/python, a subprocess speaking harness protocol v1) and
`closer-spec serve` get the same requests: what one produces the other opens, for every op
pair, in both directions; deterministic outputs (keysets, injected IVs and ephemeral keys,
canonical JSON, commitments, pub values) are byte-identical; bad requests get the same
error code. This proves the port as a protocol implementation, not just as a library.

Ops the Swift server does not list in `info.ops` yet are skipped with that reason.
"""

from __future__ import annotations

import json
import os
import sys

import pytest

from closer_cases import (
    PORT_DIR,
    aead_keyset,
    ephemeral_scalar,
    hybrid_keyset,
    ident,
    json_text,
    json_value,
    key_id,
    rbytes,
    rng_for,
    sealed_payload,
    text,
)
from closer_port import client as port_client_module
from closer_port import encoding, values
from harness_client import HarnessClient

CASES = 25  # per op pair and direction
CORE_OPS = [
    "info", "aead.keyset", "aead.encrypt", "aead.decrypt", "hybrid.keyset", "hybrid.encrypt", "hybrid.decrypt",
    "enc.seal", "enc.open", "canonicalize", "commitment", "sealed.seal", "sealed.open", "pub.encode", "pub.decode",
    "keybox.wrap", "keybox.unwrap",
]
# serve.py puts the port's directory on sys.path itself; the interpreter is this venv's.
PORT_COMMAND = [sys.executable, os.path.join(PORT_DIR, "serve.py")]


class Impl:
    def __init__(self, name: str, client):
        self.name = name
        self.client = client
        info = client.request("info")
        assert info.get("ok") is True, f"{name} info: {info}"
        self.ops = set(info["ops"])

    def __call__(self, req: dict) -> dict:
        return self.client.request(req["op"], **{k: v for k, v in req.items() if k != "op"})


@pytest.fixture(scope="module")
def port():
    with HarnessClient(PORT_COMMAND) as c:
        yield Impl("python-port", c)


@pytest.fixture(scope="module")
def swift(serve):
    return Impl("closer-spec", serve)


def need(impl: Impl, *ops: str) -> None:
    missing = sorted(set(ops) - impl.ops)
    if missing:
        pytest.skip(f"{impl.name} serve does not list {', '.join(missing)} in info.ops yet; runs automatically once it does")


def directions(port: Impl, swift: Impl):
    return [(port, swift), (swift, port)]


def ok(resp: dict, what: str) -> dict:
    assert resp.get("ok") is True, f"{what}: {resp.get('error')}"
    return resp


# --- protocol ---------------------------------------------------------------------------


def test_port_info_lists_every_core_op(port):
    assert set(CORE_OPS) <= port.ops, sorted(set(CORE_OPS) - port.ops)
    info = port.client.request("info")
    assert info["protocol"] == 1 and info["implementation"] == "closer-port-python"


def test_ids_echo_and_pipelining_in_order(port, swift):
    """Responses come back in request order with any JSON id echoed, also when 300
    requests are written before the first response is read (closer_port.client.batch)."""
    ids = [7, "a", None, {"k": [1, 2]}, [None], 1.5, True, "\u00e9\U0001F600"]
    reqs = [{"id": ids[i % len(ids)] if i < len(ids) else f"req-{i}", "op": "canonicalize", "json": json.dumps({"i": i, "b": [i]})} for i in range(300)]
    for command in (PORT_COMMAND, swift.client.command):
        with port_client_module.HarnessClient(command) as c:
            resps = c.batch(reqs)
        assert [r["id"] for r in resps] == [r["id"] for r in reqs], command
        assert all(r["ok"] and bytes.fromhex(r["canonical"]) == json.dumps({"b": [i], "i": i}, separators=(",", ":")).encode() for i, r in enumerate(resps)), command


KEY = b"00" * 32
KAT_KEYSET = values.PUB_PREFIX and bytes(  # the 108-byte keyset of tink-wire-facts §2, in hex
    "08f8acd191011264 0a580a30".replace(" ", "") + b"type.googleapis.com/google.crypto.tink.AesGcmKey".hex()
    + "12221a20" + bytes(range(32)).hex() + "1801100118f8acd191012001", "ascii")
BAD_LINES = [
    (b"not json", "malformed_request"),
    (b"", "malformed_request"),
    (b'{"id":1,"op":"canonicalize","json":"\\ud800"}', "malformed_request"),  # lone surrogate in the line
    (b'{"id":1,"op":"canonicalize","op":"canonicalize","json":"1"}', "malformed_request"),  # duplicate name
    (b'{"id":1e400,"op":"canonicalize","json":"1"}', "malformed_request"),  # beyond a double
    (b'{"id":NaN,"op":"canonicalize","json":"1"}', "malformed_request"),
    (b'\xff{"id":1,"op":"info"}', "malformed_request"),  # not UTF-8
    (b"[1,2]", "malformed_request"),
    (b'{"id":1}', "malformed_request"),
    (b'{"id":1,"op":7}', "malformed_request"),
    (b'{"id":1,"op":"no.such.op"}', "unknown_op"),
    (b'{"id":1,"op":"aead.decrypt","keyset":"zz","ciphertext":"","aad":""}', "malformed_request"),
    (b'{"id":1,"op":"aead.decrypt","keyset":"abc","ciphertext":"","aad":""}', "malformed_request"),
    (b'{"id":1,"op":"aead.decrypt","ciphertext":"","aad":""}', "malformed_request"),
    (b'{"id":1,"op":"aead.keyset","key":"%s","keyId":-1}' % KEY, "malformed_request"),
    (b'{"id":1,"op":"aead.keyset","key":"%s","keyId":4294967296}' % KEY, "malformed_request"),
    (b'{"id":1,"op":"aead.keyset","key":"%s","keyId":1.5}' % KEY, "malformed_request"),
    (b'{"id":1,"op":"aead.keyset","key":"%s","keyId":"1"}' % KEY, "malformed_request"),
    (b'{"id":1,"op":"aead.keyset","key":"%s","keyId":1,"prefix":"SHORT"}' % KEY, "malformed_request"),
    (b'{"id":1,"op":"canonicalize","json":1}', "malformed_request"),
    (b'{"id":1,"op":"enc.open","keyset":"%s","coupleId":"c","value":null}' % KAT_KEYSET, "malformed_request"),
]


def test_bad_requests_same_code(port, swift):
    for line, want in BAD_LINES:
        try:
            op = json.loads(line).get("op")
        except (ValueError, AttributeError):
            op = None
        if isinstance(op, str) and op in port.ops and op not in swift.ops:
            continue  # that op's malformed requests are checked once closer-spec serves it
        got = []
        for impl in (port, swift):
            resp = impl.client.request_line(line)
            got.append((resp.get("ok"), (resp.get("error") or {}).get("code")))
        assert got[0] == got[1] == (False, want), f"{line!r}: port {got[0]}, closer-spec {got[1]}, expected {want}"


# --- op pairs ---------------------------------------------------------------------------


def test_aead_ops_cross_open(port, swift):
    need(swift, "aead.keyset", "aead.encrypt", "aead.decrypt")
    rng = rng_for("ref-aead")
    for i in range(CASES):
        key, kid, prefix = rbytes(rng, rng.choice((16, 32))), key_id(rng, i), rng.choice(("TINK", "RAW", "LEGACY", "CRUNCHY"))
        ks = [ok(impl({"op": "aead.keyset", "key": key.hex(), "keyId": kid, "prefix": prefix}), impl.name)["keyset"] for impl in (port, swift)]
        assert ks[0] == ks[1], f"aead.keyset {kid:#x} {prefix}: port {ks[0]}, closer-spec {ks[1]}"
        pt, aad, iv = rbytes(rng, rng.randint(0, 300)), rbytes(rng, rng.randint(0, 20)), rbytes(rng, 12)
        for a, b in directions(port, swift):
            ct = ok(a({"op": "aead.encrypt", "keyset": ks[0], "plaintext": pt.hex(), "aad": aad.hex()}), a.name)["ciphertext"]
            back = ok(b({"op": "aead.decrypt", "keyset": ks[0], "ciphertext": ct, "aad": aad.hex()}), f"{b.name} decrypts {a.name}")
            assert back["plaintext"] == pt.hex()
        cts = [ok(impl({"op": "aead.encrypt", "keyset": ks[0], "plaintext": pt.hex(), "aad": aad.hex(), "iv": iv.hex()}), impl.name)["ciphertext"] for impl in (port, swift)]
        assert cts[0] == cts[1], f"aead.encrypt with iv: port {cts[0]}, closer-spec {cts[1]}"


def test_hybrid_ops_cross_open(port, swift):
    need(swift, "hybrid.keyset", "hybrid.encrypt", "hybrid.decrypt")
    rng = rng_for("ref-hybrid")
    for i in range(CASES):
        d, kid = rng.randrange(1, 2**256 - 2**224).to_bytes(32, "big"), key_id(rng, i)
        ks = [ok(impl({"op": "hybrid.keyset", "privateKey": d.hex(), "keyId": kid}), impl.name) for impl in (port, swift)]
        assert (ks[0]["privateKeyset"], ks[0]["publicKeyset"]) == (ks[1]["privateKeyset"], ks[1]["publicKeyset"]), f"hybrid.keyset d={d.hex()} id={kid:#x}"
        priv, pub = ks[0]["privateKeyset"], ks[0]["publicKeyset"]
        pt, ctx = rbytes(rng, rng.randint(0, 300)), rbytes(rng, rng.randint(0, 30))
        for a, b in directions(port, swift):
            ct = ok(a({"op": "hybrid.encrypt", "publicKeyset": pub, "plaintext": pt.hex(), "contextInfo": ctx.hex()}), a.name)["ciphertext"]
            back = ok(b({"op": "hybrid.decrypt", "privateKeyset": priv, "ciphertext": ct, "contextInfo": ctx.hex()}), f"{b.name} decrypts {a.name}")
            assert back["plaintext"] == pt.hex()
        eph, iv = ephemeral_scalar(rng, bytes.fromhex(pub), i), rbytes(rng, 12)
        req = {"op": "hybrid.encrypt", "publicKeyset": pub, "plaintext": pt.hex(), "contextInfo": ctx.hex(), "ephemeralPrivateKey": eph.hex(), "iv": iv.hex()}
        cts = [ok(impl(req), impl.name)["ciphertext"] for impl in (port, swift)]
        assert cts[0] == cts[1], f"hybrid.encrypt eph={eph.hex()} iv={iv.hex()}: port {cts[0][:80]}…, closer-spec {cts[1][:80]}…"


def test_enc_ops_cross_open(port, swift):
    need(swift, "enc.seal", "enc.open")
    rng = rng_for("ref-enc")
    for i in range(CASES):
        ks = aead_keyset(rng, i, prefixes=("TINK",)).keyset.hex()
        couple, txt, iv = ident(rng), text(rng, rng.randint(0, 80)), rbytes(rng, 12)
        for a, b in directions(port, swift):
            v = ok(a({"op": "enc.seal", "keyset": ks, "coupleId": couple, "text": txt}), a.name)["value"]
            assert ok(b({"op": "enc.open", "keyset": ks, "coupleId": couple, "value": v}), f"{b.name} opens {a.name}")["text"] == txt
        vs = [ok(impl({"op": "enc.seal", "keyset": ks, "coupleId": couple, "text": txt, "iv": iv.hex()}), impl.name)["value"] for impl in (port, swift)]
        assert vs[0] == vs[1]


def test_canonicalize_and_commitment_same_bytes(port, swift):
    need(swift, "canonicalize", "commitment")
    rng = rng_for("ref-jcs")
    for i in range(CASES * 2):
        src = json_text(rng, json_value(rng))
        for op in ("canonicalize", "commitment"):
            r = [impl({"op": op, "json": src}) for impl in (port, swift)]
            same = [(x.get("ok"), x.get("canonical"), x.get("value"), (x.get("error") or {}).get("code")) for x in r]
            assert same[0] == same[1], f"{op} {src[:60]!r}: port {r[0]}, closer-spec {r[1]}"


def test_sealed_ops_cross_open(port, swift):
    need(swift, "sealed.seal", "sealed.open")
    rng = rng_for("ref-sealed")
    for i in range(CASES):
        ks = aead_keyset(rng, i, prefixes=("TINK",), allow_rotation=False).keyset.hex()
        c, q, u = ident(rng), ident(rng), ident(rng)
        src = json_text(rng, sealed_payload(rng, c, q, u))
        canon = encoding.canonicalize(src).decode()
        ids = {"coupleId": c, "questionId": q, "userId": u}
        for a, b in directions(port, swift):
            s = ok(a({"op": "sealed.seal", "keyset": ks, **ids, "payload": src}), a.name)
            r = ok(b({"op": "sealed.open", "keyset": ks, **ids, "value": s["value"], "commitment": s["commitment"]}), f"{b.name} opens {a.name}")
            assert r["payload"] == canon and s["commitment"] == values.commitment_of(canon.encode())
        iv = rbytes(rng, 12)
        vs = [ok(impl({"op": "sealed.seal", "keyset": ks, **ids, "payload": src, "iv": iv.hex()}), impl.name) for impl in (port, swift)]
        assert (vs[0]["value"], vs[0]["commitment"]) == (vs[1]["value"], vs[1]["commitment"])


def test_pub_and_keybox_ops_cross_open(port, swift):
    need(swift, "pub.encode", "pub.decode", "keybox.wrap", "keybox.unwrap")
    rng = rng_for("ref-keybox")
    for i in range(CASES):
        rcpt = hybrid_keyset(rng, i, allow_rotation=False)
        pubs = [ok(impl({"op": "pub.encode", "publicKeyset": rcpt.public.hex()}), impl.name)["value"] for impl in (port, swift)]
        assert pubs[0] == pubs[1], f"pub.encode [{rcpt.desc}]"
        dec = [ok(impl({"op": "pub.decode", "value": pubs[0]}), impl.name) for impl in (port, swift)]
        strip = lambda r: {k: r[k] for k in ("publicKeyset", "keyId", "x", "y")}  # noqa: E731
        assert strip(dec[0]) == strip(dec[1]), f"pub.decode [{rcpt.desc}]: port {strip(dec[0])}, closer-spec {strip(dec[1])}"
        ot = aead_keyset(rng, i + 1, prefixes=("TINK",), allow_rotation=False).keyset.hex()
        ids = {"coupleId": ident(rng), "questionId": ident(rng), "senderUserId": ident(rng), "recipientUserId": ident(rng)}
        for a, b in directions(port, swift):
            v = ok(a({"op": "keybox.wrap", "recipient": pubs[0], **ids, "keyset": ot}), a.name)["value"]
            assert ok(b({"op": "keybox.unwrap", "privateKeyset": rcpt.private.hex(), **ids, "value": v}), f"{b.name} unwraps {a.name}")["keyset"] == ot
        eph, iv = ephemeral_scalar(rng, rcpt.public, i), rbytes(rng, 12)
        req = {"op": "keybox.wrap", "recipient": pubs[0], **ids, "keyset": ot, "ephemeralPrivateKey": eph.hex(), "iv": iv.hex()}
        vs = [ok(impl(req), impl.name)["value"] for impl in (port, swift)]
        assert vs[0] == vs[1], f"keybox.wrap eph={eph.hex()}"


def test_tampered_values_same_code(port, swift):
    """A few value-level rejections per format through both servers: same error code."""
    need(swift, "enc.open", "sealed.open", "keybox.unwrap", "pub.decode")
    rng = rng_for("ref-neg")
    ks = aead_keyset(rng, 0, prefixes=("TINK",)).keyset
    rcpt = hybrid_keyset(rng, 1, allow_rotation=False)
    c, q, u, r_ = "couple-1", "question-1", "user-1", "user-2"
    enc_v = values.enc_seal(ks, c, "hello")
    sealed_v, com = values.sealed_seal(ks, c, q, u, json.dumps(sealed_payload(rng, c, q, u)))
    box = values.keybox_wrap(values.pub_encode(rcpt.public), c, q, u, r_, ks)
    reqs = [
        ({"op": "enc.open", "keyset": ks.hex(), "coupleId": "other", "value": enc_v}, "authentication_failure"),
        ({"op": "enc.open", "keyset": ks.hex(), "coupleId": c, "value": enc_v.rstrip("=")}, "decode_error"),
        ({"op": "enc.open", "keyset": ks.hex(), "coupleId": "a|b", "value": enc_v}, "invalid_parameters"),
        ({"op": "sealed.open", "keyset": ks.hex(), "coupleId": c, "questionId": q, "userId": u, "value": sealed_v, "commitment": values.commitment_of(b"x")}, "commitment_mismatch"),
        ({"op": "sealed.open", "keyset": ks.hex(), "coupleId": c, "questionId": q, "userId": r_, "value": sealed_v, "commitment": com}, "authentication_failure"),
        ({"op": "keybox.unwrap", "privateKeyset": rcpt.private.hex(), "coupleId": c, "questionId": q, "senderUserId": r_, "recipientUserId": u, "value": box}, "authentication_failure"),
        ({"op": "keybox.unwrap", "privateKeyset": rcpt.private.hex(), "coupleId": c, "questionId": q, "senderUserId": u, "recipientUserId": "", "value": box}, "invalid_parameters"),
        ({"op": "pub.decode", "value": "pub:v1:" + encoding.b64url_encode(rcpt.private)}, "unsupported"),
        ({"op": "aead.decrypt", "keyset": "0800", "ciphertext": "", "aad": ""}, "invalid_key"),
        ({"op": "aead.decrypt", "keyset": "0a", "ciphertext": "", "aad": ""}, "decode_error"),
    ]
    for req, want in reqs:
        got = [(impl(req).get("error") or {}).get("code") for impl in (port, swift)]
        assert got == [want, want], f"{req['op']}: expected {want}; port {got[0]}, closer-spec {got[1]}"


def test_scalar_and_iv_edges_same_outcome(port, swift):
    """Injected scalars are read at any length (leading zeros), 0 and >= n are invalid_key,
    IVs must be 12 bytes: same answer from both servers, byte for byte when ok."""
    need(swift, "hybrid.keyset", "hybrid.encrypt", "aead.encrypt")
    n = "ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551"
    one = "00" * 31 + "01"
    pub = ok(port({"op": "hybrid.keyset", "privateKey": one, "keyId": 1}), "port")["publicKeyset"]
    ks = ok(port({"op": "aead.keyset", "key": "00" * 32, "keyId": 1}), "port")["keyset"]
    reqs = []
    for d in ("00" + one, one[2:], "0000" + one, "01", n, "00" * 32, "", "00" + n):
        reqs.append({"op": "hybrid.keyset", "privateKey": d, "keyId": 7})
        reqs.append({"op": "hybrid.encrypt", "publicKeyset": pub, "plaintext": "", "contextInfo": "", "ephemeralPrivateKey": d, "iv": "00" * 12})
    for iv in ("", "00", "00" * 11, "00" * 13, "00" * 16):
        reqs.append({"op": "hybrid.encrypt", "publicKeyset": pub, "plaintext": "", "contextInfo": "", "ephemeralPrivateKey": one, "iv": iv})
        reqs.append({"op": "aead.encrypt", "keyset": ks, "plaintext": "", "aad": "", "iv": iv})
    for req in reqs:
        got = []
        for impl in (port, swift):
            r = impl(req)
            got.append((r.get("ok"), (r.get("error") or {}).get("code"), r.get("privateKeyset"), r.get("publicKeyset"), r.get("ciphertext")))
        assert got[0] == got[1], f"{req}: port {got[0][:2]}, closer-spec {got[1][:2]}"


# --- pairing: Argon2id, recovery phrase, couple-key wrap, invite phrase -------------------
#
# Outputs byte for byte against `closer-spec serve` with injected salts and IVs; documents
# at cheap Argon2 parameters are built independently here (argon2-cffi + cryptography), so
# both servers unwrap what neither of them wrote. Hostile inputs: same code and detail.

import base64  # noqa: E402

from argon2.low_level import Type as _Argon2Type, hash_secret_raw as _argon2_raw  # noqa: E402
from cryptography.hazmat.primitives.ciphers.aead import AESGCM as _AESGCM  # noqa: E402

PAIRING_OPS = ["argon2id", "couplekey.wrap", "couplekey.unwrap", "phrase.fromEntropy", "phrase.normalize", "invite.encrypt", "invite.decrypt"]
WORDS = open(os.path.join(os.path.dirname(__file__), "..", "..", "specs", "wordlist-v1.txt"), encoding="ascii").read().split("\n")[:-1]
KAT_PHRASE = "acorn album alpine anchor animal apple apron arena arrow artist"
KAT_WRAPPED = (
    "AAECAwQFBgcICQoLwQXjs11+tvwbo1xSG0Nk1SddmGDyYcvMMboNDY59tlGS8y6KPmf2e6AdVNvBC9vsl7F4R3EXJ1gueF6PCNcLkgixWF/tlxFIQv3"
    "ejWqzxCEDdEyUTF4Tn8IFDl+MT7QE1DJRAAJwaB/VUkakpxvF6f0ZOs5UPar8V52aUA=="
)
PRODUCTION_PARAMS = "$argon2id$v=19$m=46080,t=3,p=1"


def _outcome(resp: dict, *fields: str) -> tuple:
    err = resp.get("error") or {}
    return (resp.get("ok"), err.get("code"), err.get("detail"), *(resp.get(f) for f in fields))


def same(port: Impl, swift: Impl, req: dict, *fields: str) -> tuple:
    """Same outcome: ok and outputs, or the same code; the same detail when the port sends
    one (detail is optional for ports; the port leaves it out where Python's libraries do
    not tell it, e.g. which protobuf fault)."""
    got = [_outcome(impl(req), *fields) for impl in (port, swift)]
    if got[0][2] is None and got[1][2] is not None:
        got[1] = got[1][:2] + (None,) + got[1][3:]
    assert got[0] == got[1], f"{json.dumps(req)[:300]}: port {got[0]}, closer-spec {got[1]}"
    return got[0]


def _argon2(password: bytes, salt: bytes, m: int, t: int, p: int, n: int = 32) -> bytes:
    return _argon2_raw(secret=password, salt=salt, time_cost=t, memory_cost=m, parallelism=p, hash_len=n, type=_Argon2Type.ID, version=19)


def test_port_info_lists_pairing_and_lower_ops(port):
    assert set(PAIRING_OPS + LOWER_OPS) <= port.ops, sorted(set(PAIRING_OPS + LOWER_OPS) - port.ops)
    assert "rules.evaluate" not in port.ops


def test_argon2id_same_key_and_bounds(port, swift):
    need(swift, "argon2id")
    rng = rng_for("ref-argon2")
    for i in range(CASES):
        p = rng.randint(1, 4)
        m, t, n = rng.randint(8 * p, 8 * p + 200), rng.randint(1, 3), rng.randint(16, 64)
        pw, salt = rbytes(rng, rng.randint(0, 100)), rbytes(rng, rng.randint(8, 64))
        req = {"op": "argon2id", "password": pw.hex(), "salt": salt.hex(), "memoryKiB": m, "iterations": t, "parallelism": p, "length": n}
        got = same(port, swift, req, "key")
        assert got[0] is True and got[3] == _argon2(pw, salt, m, t, p, n).hex(), req
    base = {"op": "argon2id", "password": "", "salt": "00" * 16, "memoryKiB": 64, "iterations": 1, "parallelism": 1, "length": 32}
    hostile = [
        {"parallelism": 0}, {"parallelism": 17}, {"memoryKiB": 7}, {"memoryKiB": 15, "parallelism": 2}, {"memoryKiB": 1048577},
        {"memoryKiB": 2**40}, {"iterations": 0}, {"iterations": 11}, {"length": 15}, {"length": 65}, {"salt": "00" * 7},
        {"salt": "00" * 65}, {"password": "00" * 4097}, {"memoryKiB": -1}, {"memoryKiB": 1.5}, {"memoryKiB": "64"},
        {"parallelism": 0, "memoryKiB": 0, "iterations": 0, "length": 0},  # first bound in the page's order wins
        {"memoryKiB": 0, "iterations": 0}, {"iterations": 0, "length": 0, "salt": ""},
    ]
    for change in hostile:
        assert same(port, swift, {**base, **change})[0] is False, change


def test_phrase_ops_same(port, swift):
    need(swift, "phrase.fromEntropy", "phrase.normalize")
    rng = rng_for("ref-phrase")
    spaces = [" ", "  ", "\t", "\n", "\r\n", "\u00a0", "\u3000", "\u2003", "\u0085", "\u202f"]
    for i in range(CASES * 2):
        ent = rbytes(rng, 10)
        got = same(port, swift, {"op": "phrase.fromEntropy", "entropy": ent.hex()}, "phrase")
        assert got[3] == " ".join(WORDS[b] for b in ent)
        words = [WORDS[b] for b in ent]
        styled = [w.upper() if rng.random() < 0.2 else "".join(chr(ord(c) + 0xFEE0) for c in w) if rng.random() < 0.1 else w for w in words]
        typed = rng.choice(["", " ", "\n"]) + "".join(w + rng.choice(spaces) for w in styled).rstrip() + rng.choice(["", "\t"])
        got = same(port, swift, {"op": "phrase.normalize", "input": typed}, "phrase", "entropy")
        assert got[3:] == (" ".join(words), ent.hex()), repr(typed)
    bad = [
        "", "   \n", " ".join(WORDS[:9]), " ".join(WORDS[:11]), " ".join(WORDS[:9] + ["anchr"]), " ".join(WORDS[:9] + ["acor"]),
        " ".join(WORDS[:9] + ["acorn\u200b"]), " ".join(WORDS[:9] + ["ac\u0000orn"]), "a" * 1025, " ".join(WORDS[:9]) + " " + "x" * 900,
        " ".join(WORDS[:9]) + "\u001c" + WORDS[9], " ".join(WORDS[:9]) + "\ufeff" + WORDS[9], " ".join(WORDS[:10]).replace(" ", "-"),
    ]
    for typed in bad:
        assert same(port, swift, {"op": "phrase.normalize", "input": typed}, "phrase", "entropy")[0] is False, repr(typed)
    for ent in ("", "00" * 9, "00" * 11):
        assert same(port, swift, {"op": "phrase.fromEntropy", "entropy": ent})[0] is False


def _wrap_doc(keyset: bytes, phrase: str, salt: bytes, iv: bytes, m: int, t: int, p: int) -> dict:
    """An independent couple-key wrap (argon2-cffi + cryptography) at any parameters."""
    key = _argon2(phrase.encode(), salt, m, t, p)
    return {
        "wrappedCoupleKey": base64.b64encode(iv + _AESGCM(key).encrypt(iv, keyset, b"closer_couple_key")).decode(),
        "kdfSalt": base64.b64encode(salt).decode(),
        "kdfParams": f"$argon2id$v=19$m={m},t={t},p={p}",
    }


def test_couplekey_unwrap_cheap_parameters_same(port, swift):
    """Documents written here at cheap parameters: both servers unwrap the same keyset
    bytes (read with the document's kdfParams), and refuse a wrong phrase alike."""
    need(swift, "couplekey.unwrap")
    rng = rng_for("ref-couplekey-cheap")
    for i in range(CASES):
        ks = aead_keyset(rng, i, prefixes=("TINK", "RAW"), allow_rotation=True).keyset
        ent = rbytes(rng, 10)
        phrase = " ".join(WORDS[b] for b in ent)
        p = rng.randint(1, 2)  # argon2id.md §"Reader bounds": p <= 2 (m and t here are below theirs)
        doc = _wrap_doc(ks, phrase, rbytes(rng, 16), rbytes(rng, 12), rng.randint(8 * p, 300), rng.randint(1, 3), p)
        typed = phrase.upper().replace(" ", "\u3000 ") if i % 2 else phrase
        got = same(port, swift, {"op": "couplekey.unwrap", **doc, "phrase": typed}, "keyset")
        assert got[0] is True and got[3] == ks.hex(), doc
        other = " ".join(WORDS[(b + 1) % 256] for b in ent)
        assert same(port, swift, {"op": "couplekey.unwrap", **doc, "phrase": other})[1] == "authentication_failure"
        # Another wordlist's phrase (text form, no lookup): still unwraps.
        doc2 = _wrap_doc(ks, "zz top nine words only here", rbytes(rng, 16), rbytes(rng, 12), 16, 1, 1)
        assert same(port, swift, {"op": "couplekey.unwrap", **doc2, "phrase": " ZZ  top nine words only here "}, "keyset")[3] == ks.hex()
    # An authenticated plaintext that is not an AEAD keyset: couplekey.invalid_keyset.
    for pt in (b"", b"\x08\x01", hybrid_keyset(rng, 0, allow_rotation=False).private):
        doc = _wrap_doc(pt, KAT_PHRASE, bytes(16), bytes(12), 16, 1, 1)
        assert same(port, swift, {"op": "couplekey.unwrap", **doc, "phrase": KAT_PHRASE})[1] == "invalid_key"


def test_couplekey_production_parameters_same_bytes(port, swift):
    """One wrap at the production parameters (m=46080, t=3, p=1): the known answer of
    couple-key-wrap.md, byte-identical from both servers, and each unwraps the other's."""
    need(swift, "couplekey.wrap", "couplekey.unwrap")
    ks = bytes.fromhex(KAT_KEYSET.decode())
    req = {"op": "couplekey.wrap", "keyset": ks.hex(), "phrase": KAT_PHRASE, "salt": bytes(range(16)).hex(), "iv": bytes(range(12)).hex()}
    got = same(port, swift, req, "wrappedCoupleKey", "kdfSalt", "kdfParams")
    assert got[3:] == (KAT_WRAPPED, "AAECAwQFBgcICQoLDA0ODw==", PRODUCTION_PARAMS)
    assert got[3:] == tuple(_wrap_doc(ks, KAT_PHRASE, bytes(range(16)), bytes(range(12)), 46080, 3, 1).values())
    for a, b in directions(port, swift):
        w = ok(a({"op": "couplekey.wrap", "keyset": ks.hex(), "phrase": "  " + KAT_PHRASE.upper()}), a.name)
        r = ok(b({"op": "couplekey.unwrap", "wrappedCoupleKey": w["wrappedCoupleKey"], "kdfSalt": w["kdfSalt"], "kdfParams": w["kdfParams"], "phrase": KAT_PHRASE}), f"{b.name} unwraps {a.name}")
        assert r["keyset"] == ks.hex()


BAD_KDF_PARAMS = [
    "", "$", "argon2id$v=19$m=64,t=1,p=1", "$argon2i$v=19$m=64,t=1,p=1", "$Argon2id$v=19$m=64,t=1,p=1", "$argon2id$m=64,t=1,p=1",
    "$argon2id$v=16$m=64,t=1,p=1", "$argon2id$v=019$m=64,t=1,p=1", "$argon2id$v=19", "$argon2id$v=19$", "$argon2id$v=19$m=64,t=1,p=1$",
    "$argon2id$v=19$m=64,t=1,p=1$c2FsdA$aGFzaA", "$argon2id$v=19$m=64,t=1", "$argon2id$v=19$t=1,m=64,p=1", "$argon2id$v=19$m=64,m=64,t=1,p=1",
    "$argon2id$v=19$m=64,t=1,p=1,x=2", "$argon2id$v=19$m=64,,t=1,p=1", "$argon2id$v=19$m=64,t,p=1", "$argon2id$v=19$m=+64,t=1,p=1",
    "$argon2id$v=19$m=0x40,t=1,p=1", "$argon2id$v=19$m=064,t=1,p=1", "$argon2id$v=19$m=4294967296,t=1,p=1", "$argon2id$v=19$m=12345678901,t=1,p=1",
    "$argon2id$v=19$m=,t=1,p=1", "$argon2id$v=19$m=64, t=1,p=1", "$argon2id$v=19$m=64,t=1,p=1\n", "$argon2id$v=19$m=64,t=1,p=\u0661",
    "$argon2id$v=19$m=2097152,t=1,p=1", "$argon2id$v=19$m=64,t=100,p=1", "$argon2id$v=19$m=64,t=1,p=17", "$argon2id$v=19$m=8,t=1,p=2",
    "$argon2id$v=19$m=64,t=0,p=0", "$argon2id$v=19$=64,t=1,p=1", "$argon2id$v=19$mm=64,t=1,p=1", "$argon2id$v=19$m=64,p=1,t=1",
    "$argon2id$v=19$m=64,t=1,p=1" + "0" * 40, "$scrypt$v=19$m=64,t=1,p=1", "$argon2id$v=1.9$m=64,t=1,p=1", "$argon2id$$v=19$m=64,t=1,p=1",
]


def test_couplekey_hostile_documents_same_error(port, swift):
    """Bad kdfParams strings, salts, wrapped values and phrases: same code and detail, and
    the page's order (kdfParams before salt before wrapped before phrase)."""
    need(swift, "couplekey.unwrap", "couplekey.wrap")
    good = _wrap_doc(bytes.fromhex(KAT_KEYSET.decode()), KAT_PHRASE, bytes(16), bytes(12), 16, 1, 1)
    assert same(port, swift, {"op": "couplekey.unwrap", **good, "phrase": KAT_PHRASE}, "keyset")[0] is True
    cases = [{"kdfParams": s} for s in BAD_KDF_PARAMS]
    cases += [{"kdfSalt": s} for s in ("", "AAAAAAAAAAAAAAAAAAAAAA", "AAAAAAAAAAAAAAAAAAAAAAA=", "AAAAAAAAAAAAAAAAAAAAAAAAAAAA", "A" * 68, "AAAAAAAAAAAAAAAAAAAAAA==\n", "AAAAAAAAAAAAAAAAAAAAAA-=", "AAAAAAAAAAAAAAAAAAAAAB==")]
    cases += [{"wrappedCoupleKey": s} for s in ("", "AAAA", base64.b64encode(bytes(27)).decode(), "A" * 65540, good["wrappedCoupleKey"].rstrip("="), good["wrappedCoupleKey"].replace("+", "-"))]
    cases += [{"phrase": s} for s in ("", " \t ", "x" * 1025, "acorn")]
    cases += [{"kdfParams": "$argon2i$v=19$m=64,t=1,p=1", "kdfSalt": "", "wrappedCoupleKey": "", "phrase": ""},
              {"kdfSalt": "AAAA", "wrappedCoupleKey": "", "phrase": ""}, {"wrappedCoupleKey": "", "phrase": ""}]
    for change in cases:
        assert same(port, swift, {"op": "couplekey.unwrap", **good, "phrase": KAT_PHRASE, **change})[0] is False, change
    wrap = {"op": "couplekey.wrap", "keyset": KAT_KEYSET.decode(), "phrase": KAT_PHRASE, "salt": "00" * 16, "iv": "00" * 12}
    for change in ({"salt": "00" * 15}, {"salt": "00" * 17}, {"salt": ""}, {"phrase": " ".join(WORDS[:9] + ["anchr"])},
                   {"phrase": " ".join(WORDS[:9])}, {"keyset": "0800"}, {"keyset": "0a"}, {"keyset": "0800", "phrase": ""},
                   {"phrase": "", "salt": "00"}):
        assert same(port, swift, {**wrap, **change})[0] is False, change


def test_invite_ops_same(port, swift):
    """The known answer of invite-phrase.md and a random case at the production
    parameters, byte-identical; each server decrypts the other's; hostile inputs alike."""
    need(swift, "invite.encrypt", "invite.decrypt")
    rng = rng_for("ref-invite")
    cases = [("abc234", KAT_PHRASE, bytes(range(16)), bytes(range(12)))]
    ent = rbytes(rng, 10)
    cases.append(("K7m2Qx", " ".join(WORDS[b] for b in ent).upper(), rbytes(rng, 16), rbytes(rng, 12)))
    for code, phrase, salt, iv in cases:
        got = same(port, swift, {"op": "invite.encrypt", "code": code, "phrase": phrase, "salt": salt.hex(), "iv": iv.hex()}, "value")
        key = _argon2(code.upper().encode(), salt, 46080, 3, 1)
        want = base64.b64encode(salt + iv + _AESGCM(key).encrypt(iv, phrase.lower().encode(), b"closer_invite_phrase")).decode()
        assert got[3] == want
        for a, b in directions(port, swift):
            v = ok(a({"op": "invite.encrypt", "code": code, "phrase": phrase}), a.name)["value"]
            assert ok(b({"op": "invite.decrypt", "code": code.lower(), "value": v}), f"{b.name} decrypts {a.name}")["phrase"] == phrase.lower()
    value = same(port, swift, {"op": "invite.encrypt", "code": "abc234", "phrase": KAT_PHRASE, "salt": "00" * 16, "iv": "00" * 12}, "value")[3]
    assert same(port, swift, {"op": "invite.decrypt", "code": "ABC235", "value": value})[1] == "authentication_failure"  # wrong code
    for code in ("abc23", "abc2345", "abc 34", "abc-34", "ａbc234", "", "ABC23\u0301"):
        assert same(port, swift, {"op": "invite.decrypt", "code": code, "value": value})[1] == "invalid_parameters", code
        assert same(port, swift, {"op": "invite.encrypt", "code": code, "phrase": "x"})[1] == "invalid_parameters", code
    for v in ("", "AAAA", base64.b64encode(bytes(43)).decode(), "A" * 4100, value.rstrip("="), value[:-4] + "AAA=", value.replace("+", "-")):
        assert same(port, swift, {"op": "invite.decrypt", "code": "abc234", "value": v})[0] is False, v[:40]
    for change in ({"salt": "00" * 8}, {"phrase": "acorn"}, {"phrase": ""}, {"iv": "00" * 11}):
        assert same(port, swift, {"op": "invite.encrypt", "code": "abc234", "phrase": KAT_PHRASE, "salt": "00" * 16, "iv": "00" * 12, **change})[0] is False


# --- lower-layer ops (not in `closer-spec serve` yet): against independent computations -----

LOWER_OPS = ["encoding.decode", "encoding.encode", "keyset.validate", "binding.aad", "aesgcm.seal", "aesgcm.open", "p256.ecdh", "hkdf.sha256"]


def _err(resp: dict) -> tuple:
    e = resp.get("error") or {}
    return (e.get("code"), e.get("detail"))


def test_lower_encoding_ops(port):
    rng = rng_for("ref-lower-encoding")
    for i in range(CASES * 4):
        data = rbytes(rng, rng.randint(0, 40))
        want = {"b64": base64.b64encode(data).decode(), "b64url": base64.urlsafe_b64encode(data).decode().rstrip("="), "hex": data.hex()}
        for profile, text in want.items():
            assert ok(port({"op": "encoding.encode", "profile": profile, "bytes": data.hex()}), profile)["text"] == text
            assert ok(port({"op": "encoding.decode", "profile": profile, "text": text}), profile)["bytes"] == data.hex()
        assert ok(port({"op": "encoding.decode", "profile": "hex", "text": data.hex().upper()}), "HEX")["bytes"] == data.hex()
    bad = [
        ("b64", "AB==", "b64.non_canonical_trailing_bits"), ("b64", "AAA", "b64.invalid_padding"), ("b64", "AA=", "b64.invalid_padding"),
        ("b64", "AAA==", "b64.invalid_padding"), ("b64", "A-AA", "b64.wrong_alphabet"), ("b64", "A_AA", "b64.wrong_alphabet"),
        ("b64", "AA=A", "b64.invalid_padding"), ("b64", "AA A", "b64.invalid_character"), ("b64", "AAAA\n", "b64.invalid_character"),
        ("b64", "AAAAA", "b64.invalid_length"), ("b64", "AAAAA===", "b64.invalid_length"), ("b64", "é", "b64.invalid_character"),
        ("b64url", "AB", "b64.non_canonical_trailing_bits"), ("b64url", "AAF", "b64.non_canonical_trailing_bits"), ("b64url", "AA==", "b64.invalid_padding"),
        ("b64url", "A+AA", "b64.wrong_alphabet"), ("b64url", "A/", "b64.wrong_alphabet"), ("b64url", "A", "b64.invalid_length"),
        ("b64url", "A=A", "b64.invalid_padding"), ("hex", "abc", "hex.invalid"), ("hex", "zz", "hex.invalid"),
    ]
    for profile, text, detail in bad:
        assert _err(port({"op": "encoding.decode", "profile": profile, "text": text})) == ("decode_error", detail), (profile, text)
        # the standard library agrees that these are not the canonical text of any bytes
    for req in ({"op": "encoding.decode", "profile": "b32", "text": ""}, {"op": "encoding.encode", "profile": "b64", "bytes": "x"}):
        assert _err(port(req))[0] == "malformed_request"


def test_lower_keyset_validate(port):
    rng = rng_for("ref-lower-keyset")
    from tink.proto import tink_pb2

    for i in range(CASES):
        k = aead_keyset(rng, i, allow_rotation=True)
        ks = tink_pb2.Keyset.FromString(k.keyset)
        r = ok(port({"op": "keyset.validate", "keyset": k.keyset.hex(), "primitive": "aead"}), k.desc)
        assert r["primaryKeyId"] == ks.primary_key_id
        assert r["keyIds"] == [x.key_id for x in ks.key if x.status == 1 and x.HasField("key_data")]
        h = hybrid_keyset(rng, i, allow_rotation=True)
        for blob, prim in ((h.private, "hybridPrivate"), (h.public, "hybridPublic")):
            hs = tink_pb2.Keyset.FromString(blob)
            r = ok(port({"op": "keyset.validate", "keyset": blob.hex(), "primitive": prim}), h.desc)
            assert (r["primaryKeyId"], r["keyIds"]) == (hs.primary_key_id, [x.key_id for x in hs.key if x.status == 1 and x.HasField("key_data")])
        assert _err(port({"op": "keyset.validate", "keyset": k.keyset.hex(), "primitive": "hybridPublic"})) == ("unsupported", "keyset.unsupported_key_type")
    assert _err(port({"op": "keyset.validate", "keyset": "", "primitive": "aead"})) == ("invalid_key", "keyset.empty")
    assert _err(port({"op": "keyset.validate", "keyset": "0a", "primitive": "aead"}))[0] == "decode_error"
    assert _err(port({"op": "keyset.validate", "keyset": "", "primitive": "mac"}))[0] == "malformed_request"


def test_lower_binding_aad(port):
    rng = rng_for("ref-lower-binding")
    for i in range(CASES):
        c, q, u, s, r_ = (ident(rng) for _ in range(5))
        want = {"enc": c, "sealed": f"{c}|{q}|{u}", "keybox": f"{c}|{q}|{s}|{r_}"}
        req = {"coupleId": c, "questionId": q, "userId": u, "senderUserId": s, "recipientUserId": r_}
        for kind, text in want.items():
            assert ok(port({"op": "binding.aad", "kind": kind, **req}), kind)["aad"] == text.encode().hex()
    assert _err(port({"op": "binding.aad", "kind": "sealed", "coupleId": "c", "questionId": "", "userId": "u"})) == ("invalid_parameters", "binding.empty_component")
    assert _err(port({"op": "binding.aad", "kind": "enc", "coupleId": "a|\u0301"})) == ("invalid_parameters", "binding.separator_in_component")
    assert _err(port({"op": "binding.aad", "kind": "keybox", "coupleId": "c", "questionId": "q", "senderUserId": "s"}))[0] == "malformed_request"
    assert _err(port({"op": "binding.aad", "kind": "pub", "coupleId": "c"}))[0] == "malformed_request"


def test_lower_aesgcm_ops(port):
    rng = rng_for("ref-lower-aesgcm")
    for i in range(CASES * 2):
        key, iv, pt, aad = rbytes(rng, rng.choice((16, 32))), rbytes(rng, 12), rbytes(rng, rng.randint(0, 200)), rbytes(rng, rng.randint(0, 30))
        ct = _AESGCM(key).encrypt(iv, pt, aad)
        assert ok(port({"op": "aesgcm.seal", "key": key.hex(), "iv": iv.hex(), "plaintext": pt.hex(), "aad": aad.hex()}), "seal")["ciphertext"] == ct.hex()
        assert ok(port({"op": "aesgcm.open", "key": key.hex(), "iv": iv.hex(), "ciphertext": ct.hex(), "aad": aad.hex()}), "open")["plaintext"] == pt.hex()
        flipped = bytearray(ct)
        flipped[rng.randrange(len(ct))] ^= 1 << rng.randrange(8)
        assert _err(port({"op": "aesgcm.open", "key": key.hex(), "iv": iv.hex(), "ciphertext": bytes(flipped).hex(), "aad": aad.hex()})) == ("authentication_failure", "aesgcm.authentication_failed")
    k = "00" * 16
    assert _err(port({"op": "aesgcm.seal", "key": k, "iv": "00" * 11, "plaintext": "", "aad": ""})) == ("invalid_parameters", "aesgcm.invalid_iv")
    assert _err(port({"op": "aesgcm.seal", "key": "00" * 24, "iv": "00" * 12, "plaintext": "", "aad": ""})) == ("invalid_key", "keyset.invalid_key_size")
    assert _err(port({"op": "aesgcm.open", "key": k, "iv": "00" * 12, "ciphertext": "00" * 15, "aad": ""})) == ("authentication_failure", "aesgcm.too_short")


def test_lower_p256_ecdh_and_hkdf(port):
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.hazmat.primitives.kdf.hkdf import HKDF

    rng = rng_for("ref-lower-ecdh")
    n = 0xFFFFFFFF00000000FFFFFFFFFFFFFFFFBCE6FAADA7179E84F3B9CAC2FC632551
    for i in range(CASES):
        d, e = rng.randrange(1, n), rng.randrange(1, n)
        peer = ec.derive_private_key(e, ec.SECP256R1())
        point = peer.public_key().public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
        want = ec.derive_private_key(d, ec.SECP256R1()).exchange(ec.ECDH(), peer.public_key())
        scalar = d.to_bytes(32, "big") if i % 3 else b"\x00" + d.to_bytes(32, "big")  # any length
        assert ok(port({"op": "p256.ecdh", "privateKey": scalar.hex(), "publicPoint": point.hex()}), "ecdh")["sharedSecret"] == want.hex()
        ikm, salt, info, length = rbytes(rng, rng.randint(0, 80)), rbytes(rng, rng.choice((0, 16, 32, 70))), rbytes(rng, rng.randint(0, 40)), rng.choice((1, 16, 32, 42, 255, 8160))
        okm = HKDF(algorithm=hashes.SHA256(), length=length, salt=salt or None, info=info).derive(ikm)
        assert ok(port({"op": "hkdf.sha256", "ikm": ikm.hex(), "salt": salt.hex(), "info": info.hex(), "length": length}), "hkdf")["okm"] == okm.hex()
    g = ec.derive_private_key(1, ec.SECP256R1()).public_key().public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
    comp = ec.derive_private_key(1, ec.SECP256R1()).public_key().public_bytes(serialization.Encoding.X962, serialization.PublicFormat.CompressedPoint)
    p = 0xFFFFFFFF00000001000000000000000000000000FFFFFFFFFFFFFFFFFFFFFFFF
    for priv, point, want in (
        ("00", g, ("invalid_key", "p256.scalar_out_of_range")), (f"{n:064x}", g, ("invalid_key", "p256.scalar_out_of_range")),
        ("01", comp, ("invalid_key", "p256.invalid_point_encoding")), ("01", b"\x05" + g[1:], ("invalid_key", "p256.invalid_point_encoding")),
        ("01", g[:1] + bytes(64), ("invalid_key", "p256.not_on_curve")), ("01", g[:33] + bytes([g[33] ^ 1]) + g[34:], ("invalid_key", "p256.not_on_curve")),
        ("01", b"\x04" + p.to_bytes(32, "big") + g[33:], ("invalid_key", "p256.coordinate_out_of_range")),
    ):
        assert _err(port({"op": "p256.ecdh", "privateKey": priv, "publicPoint": point.hex()})) == want, (priv, point.hex())
    assert ok(port({"op": "hkdf.sha256", "ikm": "", "salt": "", "info": "", "length": 0}), "hkdf 0")["okm"] == ""
    for length in (-1, 8161):
        assert _err(port({"op": "hkdf.sha256", "ikm": "", "salt": "", "info": "", "length": length})) == ("invalid_parameters", "hkdf.invalid_length")
