"""The golden wire vectors against independent libraries, not through any port (specs/vectors.md).

The vectors come from the Python wheel `closer-spec-vectors` installed in the venv
(specs/distribution.md §"Python"; `make test-oracles` builds it and installs it first): its
loader checks every file's SHA-256 against the set's manifest; this file never reads vectors/.
For every test of the suites below that the package holds (a missing suite is skipped and
named), the valid tests are checked directly with:

- Python Tink (`cleartext_keyset_handle.read(BinaryKeysetReader(...))`, `aead.Aead`,
  `hybrid.HybridDecrypt`): every valid ciphertext / value decrypts to the expected plaintext under
  the vector's keyset and AAD / context info, the AAD and context info composed here from the
  spec pages' formulas (enc-v1.md, sealed-v1.md, keybox-v1.md), not read from the vector;
- `rfc8785`: every valid canonicalize / commitment / sealed payload's canonical bytes;
- `hashlib` SHA-256 + base64: every commitment;
- `argon2-cffi`: every valid `argon2id` test's key.

Invalid tests whose error is `authentication_failure` (flipped bits, wrong AAD, truncated tag,
disabled writer key, …) must fail in Tink too. Tests whose keyset Tink will not load, but
CloserSpec accepts, are skipped and counted; so are ops this oracle cannot check from the vector
alone (e.g. hybrid *encryption* without the recipient's private key). Each suite prints what was
checked (run with `-s` or `-rP` to see it).
"""

from __future__ import annotations

import base64
import copy
import hashlib
import json
import sys
from collections import Counter
from pathlib import Path

import pytest
import rfc8785
import tink
from argon2.low_level import Type, hash_secret_raw
from tink import aead, cleartext_keyset_handle, hybrid
from tink.proto import ecies_aead_hkdf_pb2, tink_pb2

aead.register()
hybrid.register()

ROOT = Path(__file__).resolve().parents[2]
try:
    import closer_spec_vectors as VECTOR_PACKAGE
except ImportError:  # the test below fails, saying how to install it
    VECTOR_PACKAGE = None
INSTALL = "make test-oracles (make dist-packages, then pip install dist/closer_spec_vectors-*.whl)"
SUITES = [
    "tink_aead", "tink_hybrid", "enc_v1", "sealed_v1", "keybox_v1", "pub_v1", "commitment", "canonical_json", "argon2id",
]
TINK_REFUSES = (tink.TinkError,)


# --- encodings and bindings, from the pages ----------------------------------------------


def b64(text: str) -> bytes:
    """b64 (standard, padded): enc:v1 bodies (encodings.md)."""
    return base64.b64decode(text, validate=True)


def b64url(text: str) -> bytes:
    """b64url without padding: sealed:v1, keybox:v1, pub:v1, sha256: (encodings.md)."""
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def body(value: str, prefix: str) -> bytes:
    assert value.startswith(prefix), f"value does not start with {prefix}"
    rest = value[len(prefix):]
    return b64(rest) if prefix == "enc:v1:" else b64url(rest)


def join(*components: str) -> bytes:
    return "|".join(components).encode("utf-8")


def enc_aad(i) -> bytes:  # enc-v1.md: UTF-8 of coupleId
    return i["coupleId"].encode("utf-8")


def sealed_aad(i) -> bytes:  # sealed-v1.md: coupleId|questionId|userId
    return join(i["coupleId"], i["questionId"], i["userId"])


def keybox_context(i) -> bytes:  # keybox-v1.md: coupleId|questionId|senderUserId|recipientUserId
    return join(i["coupleId"], i["questionId"], i["senderUserId"], i["recipientUserId"])


# Vectors nest JSON up to the pinned depth of 1000 (canonical-json.md); Python's parser and
# rfc8785 recurse once per level.
sys.setrecursionlimit(max(sys.getrecursionlimit(), 10_000))


def canonical(json_text: str) -> bytes:
    """RFC 8785 bytes of a JSON text, by rfc8785 (integers beyond 2^53 are IEEE doubles)."""

    def number(s: str):
        n = int(s)
        return n if abs(n) < 2**53 else float(s)  # rfc8785 takes ints below 2^53 only

    return rfc8785.dumps(json.loads(json_text, parse_int=number))


def commitment_of(canonical_bytes: bytes) -> str:  # commitment.md
    return "sha256:" + base64.urlsafe_b64encode(hashlib.sha256(canonical_bytes).digest()).decode().rstrip("=")


class Unloadable(Exception):
    """Tink will not load this keyset (or make this primitive from it)."""


def primitive(keyset_hex: str, kind):
    try:
        handle = cleartext_keyset_handle.read(tink.BinaryKeysetReader(bytes.fromhex(keyset_hex)))
        return handle.primitive(kind)
    except TINK_REFUSES as e:
        raise Unloadable(str(e)) from e


# --- per-op checks: return None when not checkable, else run assertions ------------------


def open_bytes(op: str, i: dict) -> bytes:
    """The plaintext Tink gets from a reading op's input (raises on refusal)."""
    if op == "aead.decrypt":
        return primitive(i["keyset"], aead.Aead).decrypt(bytes.fromhex(i["ciphertext"]), bytes.fromhex(i["aad"]))
    if op == "hybrid.decrypt":
        return primitive(i["privateKeyset"], hybrid.HybridDecrypt).decrypt(
            bytes.fromhex(i["ciphertext"]), bytes.fromhex(i["contextInfo"]))
    if op == "enc.open":
        return primitive(i["keyset"], aead.Aead).decrypt(body(i["value"], "enc:v1:"), enc_aad(i))
    if op == "sealed.open":
        return primitive(i["keyset"], aead.Aead).decrypt(body(i["value"], "sealed:v1:"), sealed_aad(i))
    if op == "keybox.unwrap":
        return primitive(i["privateKeyset"], hybrid.HybridDecrypt).decrypt(
            body(i["value"], "keybox:v1:"), keybox_context(i))
    raise KeyError(op)


READING_OPS = {"aead.decrypt", "hybrid.decrypt", "enc.open", "sealed.open", "keybox.unwrap"}


def check_valid(op: str, i: dict, e: dict, inter: dict) -> str | None:
    """Asserts a valid step with the independent libraries; returns a skip reason or None."""
    if op == "aead.decrypt" or op == "hybrid.decrypt":
        assert open_bytes(op, i).hex() == e["plaintext"]
    elif op == "aead.encrypt":
        ct = bytes.fromhex(e["ciphertext"])
        assert primitive(i["keyset"], aead.Aead).decrypt(ct, bytes.fromhex(i["aad"])).hex() == i["plaintext"]
    elif op == "enc.open":
        assert open_bytes(op, i) == e["text"].encode("utf-8")
    elif op == "enc.seal":
        got = primitive(i["keyset"], aead.Aead).decrypt(body(e["value"], "enc:v1:"), enc_aad(i))
        assert got == i["text"].encode("utf-8")
        if "iv" in i:
            assert body(e["value"], "enc:v1:")[5:17].hex() == i["iv"], "the injected IV is not where Tink reads it"
    elif op == "sealed.open":
        plain = open_bytes(op, i)
        assert plain == e["payload"].encode("utf-8")
        assert canonical(plain.decode("utf-8")) == plain, "the decrypted payload is not RFC 8785 canonical"
        assert commitment_of(plain) == i["commitment"]
    elif op == "sealed.seal":
        plain = primitive(i["keyset"], aead.Aead).decrypt(body(e["value"], "sealed:v1:"), sealed_aad(i))
        assert plain == canonical(i["payload"]), "sealed plaintext is not rfc8785 of the input payload"
        assert e["commitment"] == commitment_of(plain)
    elif op == "keybox.unwrap":
        assert open_bytes(op, i).hex() == e["keyset"]
    elif op == "keybox.wrap" or op == "hybrid.encrypt":
        private = inter.get("privateKeyset") or inter.get("recipientPrivateKeyset")
        if not private:
            return "hybrid encryption: no private keyset in the vector to decrypt with"
        if op == "keybox.wrap":
            got = primitive(private, hybrid.HybridDecrypt).decrypt(body(e["value"], "keybox:v1:"), keybox_context(i))
            assert got.hex() == i["keyset"]
        else:
            got = primitive(private, hybrid.HybridDecrypt).decrypt(
                bytes.fromhex(e["ciphertext"]), bytes.fromhex(i["contextInfo"]))
            assert got.hex() == i["plaintext"]
    elif op == "pub.encode" or op == "pub.decode":
        value = e["value"] if op == "pub.encode" else i["value"]
        public = body(value, "pub:v1:")
        if op == "pub.encode":
            assert public.hex() == i["publicKeyset"]
        else:
            assert public.hex() == e["publicKeyset"]
        primitive(public.hex(), hybrid.HybridEncrypt)  # Tink accepts it as a hybrid public keyset
        keyset = tink_pb2.Keyset.FromString(public)
        primary = next(k for k in keyset.key if k.key_id == keyset.primary_key_id)
        assert primary.output_prefix_type == tink_pb2.TINK
        if op == "pub.decode":
            key = ecies_aead_hkdf_pb2.EciesAeadHkdfPublicKey.FromString(primary.key_data.value)
            assert e["keyId"] == keyset.primary_key_id
            assert int.from_bytes(key.x, "big") == int(e["x"], 16)
            assert int.from_bytes(key.y, "big") == int(e["y"], 16)
            assert len(bytes.fromhex(e["x"])) == len(bytes.fromhex(e["y"])) == 32
    elif op == "canonicalize":
        assert canonical(i["json"]).hex() == e["canonical"]
    elif op == "commitment":
        c = canonical(i["json"])
        assert c.hex() == e["canonical"]
        assert e["value"] == commitment_of(c)
    elif op == "argon2id":
        key = hash_secret_raw(
            secret=bytes.fromhex(i["password"]), salt=bytes.fromhex(i["salt"]), time_cost=i["iterations"],
            memory_cost=i["memoryKiB"], parallelism=i["parallelism"], hash_len=i["length"], type=Type.ID, version=19)
        assert key.hex() == e["key"]
    else:
        return f"op {op} is not checked by this oracle"
    return None


def steps_of(test: dict):
    if "steps" in test:
        yield from test["steps"]
    else:
        yield {"op": test["op"], "input": test["input"], "expected": test["expected"]}


def check_suite(doc: dict) -> tuple[Counter, list[str]]:
    """Checks every test of a suite file; returns counts and failures."""
    counts: Counter = Counter()
    failures: list[str] = []
    for group in doc["testGroups"]:
        for t in group["tests"]:
            where = f"{doc.get('suite')} tcId {t['tcId']} ({t['comment']})"
            if t["result"] == "acceptable":
                counts["acceptable (not checked)"] += 1
                continue
            for step in steps_of(t):
                op, i, e = step["op"], step["input"], step["expected"]
                try:
                    if t["result"] == "valid":
                        reason = check_valid(op, i, e, t.get("intermediates", {}))
                        counts[f"skipped: {reason}" if reason else f"valid {op}: checked"] += 1
                    elif e["error"]["code"] == "authentication_failure" and op in READING_OPS:
                        try:
                            open_bytes(op, i)
                        except Unloadable:
                            counts[f"invalid {op}: keyset refused by Tink"] += 1
                            continue
                        except TINK_REFUSES:
                            counts[f"invalid {op}: refused by Tink"] += 1
                            continue
                        failures.append(f"{where}: Tink decrypted a value the vector says must fail")
                    else:
                        counts["invalid: not a Tink decision (encoding, binding, keyset, …)"] += 1
                except Unloadable as x:
                    counts["skipped: Tink will not load the keyset CloserSpec accepts"] += 1
                    print(f"  {where}: Tink refuses the keyset: {x}")
                except (AssertionError, *TINK_REFUSES, ValueError, KeyError, UnicodeDecodeError) as x:
                    failures.append(f"{where} [{op}]: {type(x).__name__}: {x}")
    return counts, failures


def load(suite: str) -> dict | None:
    """The suite from the installed vector package, its digest checked; None when it has none."""
    if VECTOR_PACKAGE is None:
        pytest.fail(f"the vector package closer_spec_vectors is not installed: {INSTALL}")
    return VECTOR_PACKAGE.load_suite(suite) if suite in VECTOR_PACKAGE.list_suites() else None


@pytest.mark.parametrize("suite", SUITES)
def test_suite_against_independent_libraries(suite):
    doc = load(suite)
    if doc is None:
        pytest.skip(f"closer_spec_vectors has no suite {suite}")
    counts, failures = check_suite(doc)
    print(f"\n{suite}: {doc['numberOfTests']} tests")
    for what, n in sorted(counts.items()):
        print(f"  {n:5d}  {what}")
    assert not failures, f"{len(failures)} disagreements, first: " + "\n".join(failures[:10])
    checked = sum(n for what, n in counts.items() if what.endswith(": checked") or "refused by Tink" in what)
    valid = sum(1 for g in doc["testGroups"] for t in g["tests"] if t["result"] == "valid")
    assert valid == 0 or checked > 0, f"{suite}: no test was checked by an independent library"


def test_some_suite_is_present():
    assert VECTOR_PACKAGE is not None, f"the vector package closer_spec_vectors is not installed: {INSTALL}"
    present = [s for s in SUITES if s in VECTOR_PACKAGE.list_suites()]
    print(f"\ncloser_spec_vectors {VECTOR_PACKAGE.VERSION}: present: {present}; "
          f"missing: {[s for s in SUITES if s not in present]}")
    assert present, f"none of the suites is in closer_spec_vectors {VECTOR_PACKAGE.VERSION}"


# --- the oracle can fail ------------------------------------------------------------------


def first(doc, op, result):
    return next(t for g in doc["testGroups"] for t in g["tests"] if t.get("op") == op and t["result"] == result)


def test_oracle_catches_wrong_vectors():
    """Wrong expectations in a real enc_v1 file are reported, not waved through."""
    doc = load("enc_v1")
    if doc is None:
        pytest.skip("closer_spec_vectors has no enc_v1 suite")
    broken = []
    d = copy.deepcopy(doc)
    first(d, "enc.open", "valid")["expected"]["text"] += "x"
    broken.append(d)
    d = copy.deepcopy(doc)
    t = first(d, "enc.seal", "valid")
    t["input"]["coupleId"] += "-other"  # the value was sealed under another AAD
    broken.append(d)
    d = copy.deepcopy(doc)
    bad = next(t for g in d["testGroups"] for t in g["tests"]
               if t["result"] == "invalid" and t["expected"]["error"]["code"] == "authentication_failure")
    good = first(d, "enc.open", "valid")
    bad["input"] = dict(good["input"])  # a value Tink opens, claimed to fail
    broken.append(d)
    for d in broken:
        _, failures = check_suite(d)
        assert failures, "a wrong vector passed the oracle"
