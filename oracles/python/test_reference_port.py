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
