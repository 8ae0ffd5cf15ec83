"""The known answers printed in specs/*.md are right.

Every ```known-answer <kind>``` block in a spec page is recomputed three ways and must match
byte for byte: by the Python reference port (hand-built from tink-wire-facts, opened by real
Tink), by Python Tink opening the value, and by `closer-spec serve` with the same injected
randomness. So the spec text itself is checked, not only the code.
"""
from __future__ import annotations

import pytest

import closer_cases  # noqa: F401  (puts ports/python on sys.path)
from closer_port import hybrid, values
from spec_pages import known_answers

ALL = [pytest.param(kind, fields, id=f"{page}:{kind}") for page, kind, fields in known_answers()]


def test_every_value_page_has_a_known_answer():
    kinds = {p.values[0] for p in ALL}
    assert {"enc", "sealed", "pub", "keybox"} <= kinds


@pytest.mark.parametrize("kind,f", ALL)
def test_known_answer(kind, f, serve):
    h = bytes.fromhex
    if kind == "enc":
        ks = h(f["keyset"])
        assert values.enc_seal(ks, f["coupleId"], f["text"], h(f["iv"])) == f["value"]
        assert values.enc_open(ks, f["coupleId"], f["value"]) == f["text"]  # Tink opens it
        r = serve.request("enc.seal", keyset=f["keyset"], coupleId=f["coupleId"], text=f["text"], iv=f["iv"])
        assert r["value"] == f["value"]
    elif kind == "sealed":
        ks = h(f["keyset"])
        ids = (f["coupleId"], f["questionId"], f["userId"])
        assert values.sealed_seal(ks, *ids, f["payload"], h(f["iv"])) == (f["value"], f["commitment"])
        assert values.sealed_open(ks, *ids, f["value"], f["commitment"]) == f["payload"]
        r = serve.request(
            "sealed.seal", keyset=f["keyset"], coupleId=ids[0], questionId=ids[1], userId=ids[2],
            payload=f["payload"], iv=f["iv"],
        )
        assert (r["value"], r["commitment"]) == (f["value"], f["commitment"])
    elif kind == "pub":
        _, public = hybrid.keysets(h(f["privateKey"]), int(f["keyId"], 16))
        assert values.pub_encode(public) == f["value"]
        r = serve.request("hybrid.keyset", privateKey=f["privateKey"], keyId=int(f["keyId"], 16))
        assert serve.request("pub.encode", publicKeyset=r["publicKeyset"])["value"] == f["value"]
    elif kind == "keybox":
        private, public = hybrid.keysets(h(f["recipientPrivateKey"]), int(f["recipientKeyId"], 16))
        pub = values.pub_encode(public)
        ids = (f["coupleId"], f["questionId"], f["senderUserId"], f["recipientUserId"])
        value = values.keybox_wrap(
            pub, *ids, h(f["keyset"]), h(f["ephemeralPrivateKey"]), h(f["iv"]), verify_with=private
        )
        assert value == f["value"]
        assert values.keybox_unwrap(private, *ids, f["value"]) == h(f["keyset"])  # Tink opens it
        r = serve.request(
            "keybox.wrap", recipient=pub, coupleId=ids[0], questionId=ids[1], senderUserId=ids[2],
            recipientUserId=ids[3], keyset=f["keyset"], ephemeralPrivateKey=f["ephemeralPrivateKey"], iv=f["iv"],
        )
        assert r["value"] == f["value"]
    else:
        pytest.fail(f"unknown known-answer kind {kind}")
