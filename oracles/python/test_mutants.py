"""The mutants of the Python reference port (ports/python-mutants) are live and well named.

- `mutant-port none` answers exactly like `ports/python/closer-port serve` (same response
  lines, messages included) over every probe below;
- every mutant answers at least one of its probes differently from the unmodified port
  (so each mistake really changes bytes or acceptance: the harness has something to catch);
- mutants.json is what mutants.py declares, its layers are the layers of specs/vectors.md
  §Layers and its suites are suite names of the vector set.

The layer a harness names for each mutant is checked by the lead's harness test, not here.
"""

from __future__ import annotations

import base64
import json
import os
import re
import subprocess

import pytest

from argon2.low_level import Type, hash_secret_raw
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

from closer_cases import PORT_DIR
from closer_port import aead as port_aead, hybrid as port_hybrid, tink_keysets as tk, values
from harness_client import HarnessClient

REPO = os.path.normpath(os.path.join(PORT_DIR, "..", ".."))
MUTANT_DIR = os.path.join(REPO, "ports", "python-mutants")
MUTANT_PORT = os.path.join(MUTANT_DIR, "mutant-port")
CLOSER_PORT = os.path.join(PORT_DIR, "closer-port")
SUITES = {
    "encodings", "tink_keyset", "tink_aead", "tink_hybrid", "canonical_json", "commitment", "enc_v1", "sealed_v1", "pub_v1",
    "keybox_v1", "argon2id", "couple_key_wrap", "recovery_phrase", "invite_phrase", "pairing", "sealed_reveal",
    "unstoppable_payloads", "unstoppable_webhook", "reward_e_contracts", "fitlink_documents",
    "quiet_hours", "gentle_reminder_limit", "create_invite", "proactive_reminder", "scheduled_reminders", "callables",
}

PHRASE = "acorn album alpine anchor animal apple apron arena arrow artist"
IV = bytes(range(12)).hex()
KEY_A, KEY_B = bytes(range(32)), bytes(range(100, 132))
KAT = tk.aead_keyset(KEY_A, 0x12345678)
ROTATED = tk.keyset(2, [tk.aead_entry(KEY_A, 1), tk.aead_entry(KEY_B, 2)])  # primary is the second key
WITH_DISABLED = tk.keyset(1, [tk.aead_entry(KEY_A, 1), tk.aead_entry(KEY_B, 2, status=tk.DISABLED)])
UNDER_DISABLED = port_aead.encrypt(tk.keyset(2, [tk.aead_entry(KEY_B, 2)]), b"secret", b"aad", bytes(12))
PRIV, PUB = port_hybrid.keysets((7).to_bytes(32, "big"), 0xCAFE)
C, Q, U = "couple-1", "question-1", "user-1"


def _payload(c=C, q=Q, u=U) -> str:
    return json.dumps({"coupleId": c, "questionId": q, "userId": u, "nonce": base64.urlsafe_b64encode(bytes(16)).decode().rstrip("="), "a": 1})


SEALED, COMMITMENT = values.sealed_seal(KAT, C, Q, U, _payload(), bytes(12))


def _leading_zero_point() -> bytes:
    """A point Q = e·G whose ECDH with d = 1 (its own x) starts with a zero byte."""
    for e in range(1, 100000):
        q = ec.derive_private_key(e, ec.SECP256R1()).public_key()
        if q.public_numbers().x < 1 << 248:
            return q.public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
    raise AssertionError("no point found")  # pragma: no cover


def _cheap_doc(kdf_params: str, m: int) -> dict:
    key = hash_secret_raw(secret=PHRASE.encode(), salt=bytes(16), time_cost=1, memory_cost=m, parallelism=1, hash_len=32, type=Type.ID, version=19)
    return {"wrappedCoupleKey": base64.b64encode(bytes(12) + AESGCM(key).encrypt(bytes(12), KAT, b"closer_couple_key")).decode(),
            "kdfSalt": base64.b64encode(bytes(16)).decode(), "kdfParams": kdf_params}


def _hybrid_encrypt(ctx: bytes = b"ctx") -> dict:
    return {"op": "hybrid.encrypt", "publicKeyset": PUB.hex(), "plaintext": "00" * 20, "contextInfo": ctx.hex(),
            "ephemeralPrivateKey": (11).to_bytes(32, "big").hex(), "iv": IV}


AEAD_KAT = {"op": "aead.encrypt", "keyset": KAT.hex(), "plaintext": b"hello".hex(), "aad": b"aad".hex(), "iv": IV}
ARGON2 = {"op": "argon2id", "password": b"pw".hex(), "salt": "00" * 16, "memoryKiB": 2048, "iterations": 1, "parallelism": 1, "length": 32}

PROBES: dict[str, list[dict]] = {
    "b64-unpadded": [{"op": "encoding.encode", "profile": "b64", "bytes": "00"}],
    "b64-url-alphabet": [{"op": "encoding.encode", "profile": "b64", "bytes": "fbff"}],
    "b64url-trailing-bits": [{"op": "encoding.decode", "profile": "b64url", "text": "AB"}],
    "sealed-aad-order": [{"op": "binding.aad", "kind": "sealed", "coupleId": C, "questionId": Q, "userId": U}],
    "aad-slash-separator": [{"op": "binding.aad", "kind": "sealed", "coupleId": C, "questionId": Q, "userId": U}],
    "keybox-ctx-no-recipient": [{"op": "binding.aad", "kind": "keybox", "coupleId": C, "questionId": Q, "senderUserId": U, "recipientUserId": "user-2"}],
    "tink-prefix-dropped": [AEAD_KAT],
    "key-id-little-endian": [AEAD_KAT],
    "iv-after-ciphertext": [AEAD_KAT],
    "keyset-trailing-zeros": [{"op": "keyset.validate", "keyset": KAT.hex() + "00", "primitive": "aead"}],
    "disabled-key-decrypts": [{"op": "aead.decrypt", "keyset": WITH_DISABLED.hex(), "ciphertext": UNDER_DISABLED.hex(), "aad": b"aad".hex()}],
    "first-key-encrypts": [{**AEAD_KAT, "keyset": ROTATED.hex()}],
    "ec-coordinates-32": [{"op": "hybrid.keyset", "privateKey": "07", "keyId": 1}],
    "pub-coordinates-32": [{"op": "pub.encode", "publicKeyset": PUB.hex()}],
    "kem-compressed-point": [_hybrid_encrypt()],
    "ecdh-leading-zeros-stripped": [{"op": "p256.ecdh", "privateKey": "01", "publicPoint": _leading_zero_point().hex()}],
    "hkdf-salt-info-swapped": [{"op": "hkdf.sha256", "ikm": "0b" * 22, "salt": "01", "info": "02", "length": 16}],
    "dem-aes256": [_hybrid_encrypt()],
    "dem-aad-context": [_hybrid_encrypt()],
    "no-commitment-check": [{"op": "sealed.open", "keyset": KAT.hex(), "coupleId": C, "questionId": Q, "userId": U, "value": SEALED,
                             "commitment": values.commitment_of(b"{}")}],
    "payload-ids-unchecked": [{"op": "sealed.seal", "keyset": KAT.hex(), "coupleId": C, "questionId": Q, "userId": U,
                               "payload": _payload(u="someone-else"), "iv": IV}],
    "jcs-python-floats": [{"op": "canonicalize", "json": "[1e-7, 1e16, 0.5]"}],
    "json-duplicate-names": [{"op": "canonicalize", "json": '{"a":1,"a":2}'}],
    "json-lone-surrogates": [{"op": "canonicalize", "json": '["\\ud800"]'}],
    "argon2-memory-bytes": [ARGON2],
    "argon2i": [ARGON2],
    "argon2-version-0x10": [ARGON2],
    "kdfparams-leading-zero": [{"op": "couplekey.unwrap", **_cheap_doc("$argon2id$v=19$m=016,t=1,p=1", 16), "phrase": PHRASE}],
    "phrase-not-nfkc": [{"op": "phrase.normalize", "input": "ａｃｏｒｎ" + PHRASE[5:]}],
    "phrase-not-lowercased": [{"op": "phrase.normalize", "input": PHRASE.upper()}],
    "invite-code-as-typed": [{"op": "invite.encrypt", "code": "abc234", "phrase": PHRASE, "salt": "00" * 16, "iv": IV}],
    "unstoppable-strptime-time": [
        {"op": "unstoppable.validate", "endpoint": "PUT /v1/routines/current", "message": "request",
         "body": {"routineTime": "7:05", "tasks": []}}],
    "unstoppable-dev-header-in-release": [
        {"op": "unstoppable.auth", "build": "release", "headers": [["X-User-Id", "dev-user-001"]]}],
    "unstoppable-completion-one-term": [
        {"op": "unstoppable.profileCompletion", "profile": {"termsAccepted": True, "termsOver16Accepted": False}}],
    "unstoppable-merge-unverified-email": [{"op": "unstoppable.userRecords", "signIns": [
        {"uid": "g", "email": "ana@example.com", "emailVerified": True},
        {"uid": "a", "email": "ana@example.com", "emailVerified": False}]}],
    "unstoppable-webhook-last-write-wins": [{"op": "unstoppable.webhook", "events": [
        {"api_version": "1.0", "event": {"id": e, "type": t, "event_timestamp_ms": ms, "app_user_id": "u"}}
        for e, t, ms in (("e2", "EXPIRATION", 2000), ("e1", "RENEWAL", 1000))]}],
    "fitlink-payload-any-type": [{"op": "fitlink.validate", "document": "friend_message", "body": {
        "id": "6F9619FF-8B86-4011-B42D-00C04FC964FF", "sender_id": "alice", "type": "text", "status": "sent",
        "encrypted_content": "AAECAwQFBgcICQoLDA0ODxAREhM=", "iv": "AAECAwQFBgcICQoL",
        "payload": {"image_url": "https://x/i.jpg"}}}],
    "rewarde-version-last-write-wins": [
        {"op": "rewarde.familyWrite", "version": 4, "baseVersion": 3, "userId": "parent-b"}],
    "rewarde-earn-int32-wraps": [
        {"op": "rewarde.balance", "balance": 2147483640, "transactions": [{"type": "earn", "amount": 100}]}],
    "rewarde-amount-clamped-first": [
        {"op": "rewarde.balance", "balance": 2147483647, "transactions": [{"type": "spend", "amount": 4294967296}]}],
    "fitlink-participants-membership-only": [{"op": "fitlink.validate", "document": "friend_chat", "body": {
        "id": "chat_alice_bob", "participant_ids": ["alice", "alice"], "encryption_initialized": True}}],
    "rewarde-length-in-utf16-units": [{"op": "rewarde.validate", "document": "transaction", "body": {
        "id": "t1", "type": "earn", "amount": 5, "reason": "\U0001F31F" * 200, "awardedBy": "u1", "createdAt": 0}}],
    "rewarde-timestamp-fromisoformat": [{"op": "rewarde.validate", "document": "transaction", "body": {
        "id": "t1", "type": "earn", "amount": 5, "awardedBy": "u1", "createdAt": {"timestampValue": "2025-11-27"}}}],
    "quiet-hours-standard-offset": [{"op": "quietHours.check", "instant": "2026-07-01T12:30:00Z", "user": {
        "quietHoursEnabled": True, "quietHoursStartMinutes": 420, "quietHoursEndMinutes": 480, "timezone": "America/Chicago"}}],
    "gentle-reminder-int64-nanos": [{"op": "gentleReminder.rateLimit", "now": "2026-06-15T12:10:00Z", "record": {
        "windowStart": {"timestampValue": "9999-12-31T23:59:59Z"}, "count": 5}}],
    "quiet-hours-end-inclusive": [{"op": "quietHours.check", "instant": "2026-07-01T08:00:00Z", "user": {
        "quietHoursEnabled": True, "quietHoursStartMinutes": 1320, "quietHoursEndMinutes": 480, "timezone": "UTC"}}],
    "create-invite-overwrites": [{"op": "createInvite.evaluate", "caller": "alice", "now": "2026-06-15T12:00:00Z",
        "existing": {"status": "pending"}, "payload": {"code": "K7M2QX", "wrappedCoupleKey": "q83v", "kdfSalt": "AAEC",
                                                        "kdfParams": "p", "recoveryPhrase": "kX9/"}}],
    "create-invite-code-uppercased": [{"op": "createInvite.evaluate", "caller": "alice", "now": "2026-06-15T12:00:00Z",
        "existing": None, "payload": {"code": "k7m2qx", "wrappedCoupleKey": "q83v", "kdfSalt": "AAEC",
                                       "kdfParams": "p", "recoveryPhrase": "kX9/"}}],
    "proactive-reminder-half-open-window": [{"op": "reminder.proactive", "run": "2026-06-15T21:00:00Z", "coupleId": "c1",
        "questionDate": "2026-06-15", "question": {"expiresAt": {"timestampValue": "2026-06-15T21:00:00Z"}},
        "autoClaimed": False, "gentleSent": False, "answers": [], "couple": {"userIds": ["alice", "bob"]}}],
    "scheduled-reminder-day-count-truncated": [{"op": "reminder.challengeDay", "run": "2026-06-01T04:59:59Z",
        "coupleId": "c1", "startedAt": "2026-06-01T05:00:00Z", "totalDays": 7, "completed": {},
        "couple": {"userIds": ["alice", "bob"]}}],
    "reengagement-ten-days-exclusive": [{"op": "reminder.reengagement", "run": "2026-06-15T17:00:00Z", "coupleId": "c1",
        "couple": {"userIds": ["alice"], "lastAnsweredAt": {"timestampValue": "2026-06-05T17:00:00Z"}}, "users": {}}],
    "outcome-checkpoint-at-least": [{"op": "reminder.outcome", "run": "2026-04-01T18:00:00Z", "coupleId": "c1",
        "couple": {"userIds": ["alice"], "createdAt": {"timestampValue": "2026-03-01T18:00:00Z"}}, "outcomes": {}}],
    "challenge-waiting-ready-swapped": [{"op": "reminder.challengeDay", "run": "2026-06-03T05:00:00Z", "coupleId": "c1",
        "startedAt": "2026-06-01T05:00:00Z", "totalDays": 7, "completed": {}, "couple": {"userIds": ["alice", "bob"]}}],
    "reengagement-no-quiet-hours": [{"op": "reminder.reengagement", "run": "2026-06-15T17:00:00Z", "coupleId": "c1",
        "couple": {"userIds": ["alice"], "lastAnsweredAt": {"timestampValue": "2026-06-10T17:00:00Z"}},
        "users": {"alice": {"quietHoursEnabled": True, "quietHoursStartMinutes": 0, "quietHoursEndMinutes": 1439,
                            "timezone": "UTC"}}}],
    "schema-callable-empty-string-accepted": [{"op": "callable.validate", "callable": "checkDeviceIntegrity",
        "payload": {"token": ""}}],
}
EXTRA = [  # more requests for the none == closer-port check
    {"op": "info"}, {"op": "no.such.op"}, {"op": "aead.decrypt", "keyset": "0a", "ciphertext": "", "aad": ""},
    {"op": "phrase.fromEntropy", "entropy": "00010203040506070809"}, {"op": "couplekey.unwrap", **_cheap_doc("$argon2id$v=19$m=16,t=1,p=1", 16), "phrase": PHRASE},
    {"op": "enc.seal", "keyset": KAT.hex(), "coupleId": C, "text": "hi", "iv": IV}, {"op": "keyset.validate", "keyset": ROTATED.hex(), "primitive": "aead"},
]


def _lines(requests: list[dict]) -> list[bytes]:
    return [json.dumps({"id": i, **r}).encode() + b"\n" for i, r in enumerate(requests)]


def _serve(argv: list[str], requests: list[dict]) -> list[bytes]:
    """Raw response lines of one server process for the requests."""
    out = subprocess.run(argv, input=b"".join(_lines(requests)), capture_output=True, timeout=300)
    assert out.returncode == 0, out.stderr.decode()[-2000:]
    lines = out.stdout.splitlines()
    assert len(lines) == len(requests), out.stderr.decode()[-2000:]
    return lines


def _manifest() -> list[dict]:
    with open(os.path.join(MUTANT_DIR, "mutants.json"), encoding="utf-8") as f:
        return json.load(f)


ALL_PROBES = [r for name in PROBES for r in PROBES[name]] + EXTRA


@pytest.fixture(scope="module")
def reference() -> list[bytes]:
    return _serve([CLOSER_PORT, "serve"], ALL_PROBES)


def test_manifest_is_what_mutants_py_declares():
    out = subprocess.run([MUTANT_PORT, "--json"], capture_output=True, timeout=120, check=True)
    assert json.loads(out.stdout) == _manifest(), "mutants.json is stale: regenerate it with `ports/python-mutants/mutant-port --json`"


def test_manifest_names_spec_layers_and_suites():
    with open(os.path.join(REPO, "specs", "vectors.md"), encoding="utf-8") as f:
        text = f.read()
    section = text.split("## Layers", 1)[1].split("\n## ", 1)[0]
    layers = set(re.findall(r"^\| `([a-z_0-9]+)` \|", section, re.M))
    assert "tink_framing" in layers and len(layers) >= 18
    manifest = _manifest()
    assert len(manifest) >= 24
    assert len({m["name"] for m in manifest}) == len(manifest)
    for m in manifest:
        assert set(m) == {"name", "description", "layer", "suites"}, m
        assert m["layer"] in layers, m
        assert m["suites"] and set(m["suites"]) <= SUITES, m
        assert len(m["description"]) > 30, m
    assert set(PROBES) == {m["name"] for m in manifest}, "every mutant needs a probe here"


def test_none_answers_like_closer_port(reference):
    assert _serve([MUTANT_PORT, "none"], ALL_PROBES) == reference


@pytest.mark.parametrize("name", sorted(PROBES))
def test_mutant_is_live(name, reference):
    """The mutant's response to one of its probes differs from the unmodified port's."""
    start = _offset(name)
    want = [_without_id(line) for line in reference[start:start + len(PROBES[name])]]
    got = [_without_id(line) for line in _serve([MUTANT_PORT, name], PROBES[name])]
    assert any(g != w for g, w in zip(got, want)), f"{name}: answers its probes like the unmodified port: {got}"
    for resp in got:  # still a protocol server: one JSON object per request, never a crash
        assert resp.get("ok") is True or (resp.get("error") or {}).get("code") != "unsupported", f"{name}: internal error {resp}"


def _offset(name: str) -> int:
    """Where the mutant's probes start in ALL_PROBES."""
    offset = 0
    for n in PROBES:
        if n == name:
            return offset
        offset += len(PROBES[n])
    raise KeyError(name)


def _without_id(line: bytes) -> dict:
    resp = json.loads(line)
    resp.pop("id")
    return resp
