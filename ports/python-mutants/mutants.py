"""Deliberately broken variants ("mutants") of the Python reference port.

Each mutant is one small, realistic mistake a port engineer makes, monkeypatched into the
`closer_port` modules before the harness server starts: a function replacing one port
function. `closer-spec harness --port "ports/python-mutants/mutant-port NAME"` must fail
the suites listed for it and name its layer (specs/vectors.md §Layers).

    mutants.py NAME [serve]   serve harness protocol v1 with mutant NAME ("none": unmodified)
    mutants.py --list         the names
    mutants.py --json         mutants.json (name, description, layer, suites)

All mutants also switch off the port's Tink self-check of hand-built AEAD ciphertexts
(aead.self_check): a port has no second implementation inside it to catch its own
mistake, and with the check on a wrong ciphertext would become an internal error instead
of wrong bytes. The check never fires on correct bytes, so `none` still answers exactly
like `closer-port serve`.
"""

from __future__ import annotations

import json
import sys
import unicodedata
from dataclasses import dataclass, field
from typing import Callable

from closer_port import (aead, argon2, encoding, hybrid, jsonscan, pairing, phrase, primitives, protocol, server_contracts,
                         tink_keysets, values)
from closer_port import contracts, invites, reminders, scheduled_reminders
from closer_port import (fitlink_documents, reward_e, unstoppable, unstoppable_auth, unstoppable_completion,
                         unstoppable_users, unstoppable_webhook)
from closer_port.errors import PortError

import slivers

import base64 as _b64
import rfc8785
from argon2.low_level import Type, hash_secret_raw
from cryptography.hazmat.primitives import serialization
from tink.proto import aes_gcm_pb2, ecies_aead_hkdf_pb2, tink_pb2


@dataclass(frozen=True)
class Mutant:
    name: str
    layer: str
    suites: tuple[str, ...]
    description: str
    apply: Callable[[], None] = field(repr=False)

    def as_json(self) -> dict:
        return {"name": self.name, "description": self.description, "layer": self.layer, "suites": list(self.suites)}


MUTANTS: dict[str, Mutant] = {}


def mutant(name: str, layer: str, suites: tuple[str, ...], description: str):
    def register(fn: Callable[[], None]) -> Callable[[], None]:
        assert name not in MUTANTS, name
        MUTANTS[name] = Mutant(name, layer, suites, description, fn)
        return fn

    return register


def patch(module, name: str, replacement) -> None:
    assert hasattr(module, name), (module.__name__, name)
    setattr(module, name, replacement)


# --- encoding -----------------------------------------------------------------------------


@mutant("b64-unpadded", "encoding", ("encodings", "enc_v1", "couple_key_wrap", "invite_phrase"),
        "b64 written without '=' padding (and read with or without it), as with Base64.NO_PADDING: enc:v1 bodies, "
        "wrappedCoupleKey, kdfSalt and invite values lose their padding. Visible through encoding.encode b64.")
def _b64_unpadded():
    strict = encoding.b64decode
    patch(encoding, "b64encode", lambda data: _b64.b64encode(bytes(data)).decode("ascii").rstrip("="))
    patch(encoding, "b64decode", lambda text: strict(text + "=" * (-len(text) % 4)))


@mutant("b64-url-alphabet", "encoding", ("encodings", "enc_v1", "couple_key_wrap", "invite_phrase"),
        "b64 (RFC 4648 §4) written and read with the url-safe alphabet ('-' '_' for '+' '/'), padding kept: "
        "urlsafe_b64encode where b64encode is pinned. Visible through encoding.encode/decode b64.")
def _b64_url_alphabet():
    patch(encoding, "b64encode", lambda data: _b64.urlsafe_b64encode(bytes(data)).decode("ascii"))
    patch(encoding, "b64decode", lambda text: encoding.b64url_decode(text.rstrip("=")))


@mutant("b64url-trailing-bits", "encoding", ("encodings", "sealed_v1", "keybox_v1", "pub_v1"),
        "b64url decoder does not check that the spare bits of the last symbol are zero (base64.urlsafe_b64decode "
        "with padding added back), so non-canonical sealed:v1 / keybox:v1 / pub:v1 / sha256: texts are accepted. "
        "Visible through encoding.decode b64url.")
def _b64url_trailing_bits():
    def b64url_decode(text: str) -> bytes:
        if any(c not in encoding._URL for c in text) or len(text) % 4 == 1:
            return encoding._strict_decode(text, url=True)  # the other checks stay
        return _b64.urlsafe_b64decode(text + "=" * (-len(text) % 4))

    patch(encoding, "b64url_decode", b64url_decode)


# --- binding ------------------------------------------------------------------------------


@mutant("sealed-aad-order", "binding", ("sealed_v1", "sealed_reveal"),
        "sealed:v1 AAD composed as questionId|coupleId|userId (two components swapped). Visible through binding.aad sealed.")
def _sealed_aad_order():
    patch(values, "sealed_aad", lambda c, q, u: values.components(questionId=q, coupleId=c, userId=u))


@mutant("aad-slash-separator", "binding", ("sealed_v1", "keybox_v1", "sealed_reveal"),
        "AAD and context-info components joined with '/' instead of '|' (the '|' check kept). enc:v1 (one "
        "component) is unaffected. Visible through binding.aad sealed/keybox.")
def _aad_slash_separator():
    correct = values.components

    def components(**named: str) -> bytes:
        correct(**named)  # same component checks
        return "/".join(named.values()).encode("utf-8")

    patch(values, "components", components)


@mutant("keybox-ctx-no-recipient", "binding", ("keybox_v1",),
        "keybox:v1 context info without recipientUserId (coupleId|questionId|senderUserId). Visible through binding.aad keybox.")
def _keybox_ctx_no_recipient():
    patch(values, "keybox_ctx", lambda c, q, s, r: values.components(coupleId=c, questionId=q, senderUserId=s))


# --- Tink framing -------------------------------------------------------------------------


@mutant("tink-prefix-dropped", "tink_framing", ("tink_aead", "tink_hybrid", "enc_v1", "sealed_v1", "keybox_v1"),
        "the 5-byte Tink output prefix (0x01 || key id) is not written for TINK keys: ciphertexts start with the IV "
        "(AEAD) or the KEM point (hybrid). Reading is unchanged (real Tink).")
def _tink_prefix_dropped():
    correct = tink_keysets.output_prefix
    patch(tink_keysets, "output_prefix", lambda t, kid: b"" if t == tink_keysets.PREFIX["TINK"] else correct(t, kid))


@mutant("key-id-little-endian", "tink_framing", ("tink_aead", "tink_hybrid", "enc_v1", "sealed_v1", "keybox_v1"),
        "the key id in the Tink output prefix written little-endian (struct.pack('<I')) instead of big-endian.")
def _key_id_little_endian():
    correct = tink_keysets.output_prefix

    def output_prefix(prefix_type: int, key_id: int) -> bytes:
        out = correct(prefix_type, key_id)
        return out[:1] + key_id.to_bytes(4, "little") if out else out

    patch(tink_keysets, "output_prefix", output_prefix)


@mutant("iv-after-ciphertext", "aead", ("tink_aead", "enc_v1", "sealed_v1"),
        "Tink AEAD ciphertext framed as prefix || ct || tag || IV (IV appended, as some GCM APIs return it) "
        "instead of prefix || IV || ct || tag.")
def _iv_after_ciphertext():
    patch(aead, "frame", lambda prefix, iv, sealed: prefix + sealed + bytes(iv))


# --- keyset and protobuf ------------------------------------------------------------------


@mutant("keyset-trailing-zeros", "protobuf", ("tink_keyset",),
        "binary keysets read after stripping trailing 0x00 bytes (a zero-padded read buffer), so a keyset "
        "followed by zero bytes (field number 0: proto.invalid_tag) is accepted. Visible through keyset.validate.")
def _keyset_trailing_zeros():
    parse, load = tink_keysets.parse_keyset, tink_keysets._tink_handle
    patch(tink_keysets, "parse_keyset", lambda data: parse(bytes(data).rstrip(b"\0")))
    patch(tink_keysets, "_tink_handle", lambda data: load(bytes(data).rstrip(b"\0")))


@mutant("disabled-key-decrypts", "keyset", ("tink_aead",),
        "AEAD decryption also tries DISABLED AES-GCM keys when no ENABLED key opens the ciphertext (all keys "
        "iterated instead of the primitive set).")
def _disabled_key_decrypts():
    correct = aead.decrypt

    def decrypt(keyset: bytes, ciphertext: bytes, aad: bytes) -> bytes:
        try:
            return correct(keyset, ciphertext, aad)
        except PortError:
            for k in tink_keysets.parse_keyset(keyset).key:
                if k.status != tink_keysets.DISABLED or k.key_data.type_url != tink_keysets.AES_GCM_TYPE_URL:
                    continue
                key = aes_gcm_pb2.AesGcmKey.FromString(k.key_data.value).key_value
                prefix = tink_keysets.output_prefix(k.output_prefix_type, k.key_id)
                if ciphertext.startswith(prefix) and len(ciphertext) >= len(prefix) + 28:
                    body = ciphertext[len(prefix):]
                    try:
                        return primitives.aesgcm_open(key, body[:12], body[12:], aad)
                    except PortError:
                        pass
            raise

    patch(aead, "decrypt", decrypt)


@mutant("first-key-encrypts", "keyset", ("tink_aead",),
        "AEAD encryption uses the first ENABLED key of the keyset instead of the primary (shows with rotated "
        "keysets whose primary is not the first key).")
def _first_key_encrypts():
    def aead_primary(data: bytes) -> tink_keysets.AeadPrimary:
        tink_keysets.aead_primitive(data)
        k = tink_keysets.enabled_keys(tink_keysets.parse_keyset(data))[0]
        key = aes_gcm_pb2.AesGcmKey.FromString(k.key_data.value)
        return tink_keysets.AeadPrimary(bytes(key.key_value), tink_keysets.output_prefix(k.output_prefix_type, k.key_id))

    patch(tink_keysets, "aead_primary", aead_primary)


# --- kem ----------------------------------------------------------------------------------


@mutant("ec-coordinates-32", "kem", ("tink_hybrid", "tink_keyset"),
        "hybrid.keyset writes ECIES coordinates and the scalar as 32 bytes (Python/C++ Tink's form) instead of "
        "Tink Java's 33 bytes with a leading 00 that profile-v1 pins for written keysets.")
def _ec_coordinates_32():
    patch(hybrid, "keysets", lambda private_key, key_id, width=33: tink_keysets.hybrid_keysets(int.from_bytes(private_key, "big"), key_id, 32))


@mutant("pub-coordinates-32", "kem", ("pub_v1",),
        "pub.encode re-serializes the public keyset with 32-byte coordinates instead of carrying its bytes "
        "verbatim (a port that parses and rewrites the keyset with its own minimal integer writer).")
def _pub_coordinates_32():
    def pub_encode(public_keyset: bytes) -> str:
        values.check_pub_keyset(public_keyset)
        ks = tink_pb2.Keyset.FromString(public_keyset)
        for k in ks.key:
            if k.key_data.type_url == tink_keysets.ECIES_PUBLIC_TYPE_URL:
                pub = ecies_aead_hkdf_pb2.EciesAeadHkdfPublicKey.FromString(k.key_data.value)
                pub.x = int.from_bytes(pub.x, "big").to_bytes(32, "big")
                pub.y = int.from_bytes(pub.y, "big").to_bytes(32, "big")
                k.key_data.value = pub.SerializeToString()
        return values.PUB_PREFIX + encoding.b64url_encode(ks.SerializeToString())

    patch(values, "pub_encode", pub_encode)


@mutant("kem-compressed-point", "kem", ("tink_hybrid", "keybox_v1"),
        "the hybrid KEM bytes are the compressed point (02/03 || X, 33 bytes) instead of the UNCOMPRESSED "
        "04 || X || Y the template names; the HKDF input changes with it.")
def _kem_compressed_point():
    patch(hybrid, "kem_bytes", lambda key: key.public_key().public_bytes(serialization.Encoding.X962, serialization.PublicFormat.CompressedPoint))


@mutant("ecdh-leading-zeros-stripped", "kem", ("tink_hybrid",),
        "the ECDH shared secret is taken as a minimal big-endian integer (BigInteger.toByteArray style), so a "
        "shared x with leading zero bytes is shorter than 32 bytes. Shows only on vectors whose shared secret "
        "starts with 00 (1 in 256). Visible through p256.ecdh.")
def _ecdh_leading_zeros_stripped():
    correct = primitives.p256_ecdh
    patch(primitives, "p256_ecdh", lambda private, public: correct(private, public).lstrip(b"\0"))


# --- kdf and dem --------------------------------------------------------------------------


@mutant("hkdf-salt-info-swapped", "kdf", ("tink_hybrid", "keybox_v1"),
        "HKDF-SHA256 called with salt and info swapped (the context info as salt, an empty info). "
        "Visible through hkdf.sha256.")
def _hkdf_salt_info_swapped():
    correct = primitives.hkdf_sha256
    patch(primitives, "hkdf_sha256", lambda ikm, salt, info, length: correct(ikm, info, salt, length))


@mutant("dem-aes256", "kdf", ("tink_hybrid", "keybox_v1"),
        "the hybrid DEM key derived as 32 bytes (AES-256-GCM) instead of the template's 16 (AES128_GCM). "
        "Not visible through a lower-layer op (hkdf.sha256 takes the length); the hybrid bytes after the KEM differ.")
def _dem_aes256():
    patch(hybrid, "dem_key", lambda kem, shared, ctx: primitives.hkdf_sha256(kem + shared, b"", bytes(ctx), 32))


@mutant("dem-aad-context", "dem", ("tink_hybrid", "keybox_v1"),
        "the hybrid DEM's AES-GCM authenticates the context info as AAD instead of an empty AAD (the context "
        "info belongs to the KDF only).")
def _dem_aad_context():
    patch(hybrid, "dem_encrypt", lambda key, iv, pt, ctx: primitives.aesgcm_seal(key, iv, pt, bytes(ctx)))


# --- commitment and payload ---------------------------------------------------------------


@mutant("no-commitment-check", "commitment", ("sealed_v1", "sealed_reveal"),
        "sealed.open does not compare SHA-256 of the revealed bytes with the sha256: commitment.")
def _no_commitment_check():
    patch(values, "check_commitment", lambda canonical, digest: None)


@mutant("payload-ids-unchecked", "payload", ("sealed_v1", "sealed_reveal"),
        "the sealed payload's coupleId/questionId/userId are not compared with the AAD's ids (sealing and opening).")
def _payload_ids_unchecked():
    patch(values, "check_payload_ids", lambda payload, ids: None)


# --- json and canonicalization ------------------------------------------------------------


@mutant("jcs-python-floats", "canonicalization", ("canonical_json", "commitment"),
        "canonical JSON writes non-integral and large numbers with Python's repr (1e-07, 1e+16, 1.5e+300) "
        "instead of ECMAScript Number::toString (1e-7, 10000000000000000, 1.5e+300); integers below 1e16 are right.")
def _jcs_python_floats():
    def number(f: float) -> str:
        if f.is_integer() and abs(f) < 1e16:
            return str(int(f))
        return repr(f)

    def write(v) -> str:
        if isinstance(v, dict):
            keys = sorted(v, key=lambda k: k.encode("utf-16-be"))
            return "{" + ",".join(write(k) + ":" + write(v[k]) for k in keys) + "}"
        if isinstance(v, list):
            return "[" + ",".join(write(x) for x in v) + "]"
        if isinstance(v, float) and not isinstance(v, bool):
            return number(v)
        return rfc8785.dumps(v).decode("utf-8")

    correct = encoding.canonical_bytes

    def canonical_bytes(value) -> bytes:
        correct(value)  # same refusals (lone surrogates)
        return write(value).encode("utf-8")

    patch(encoding, "canonical_bytes", canonical_bytes)


@mutant("json-duplicate-names", "json", ("canonical_json",),
        "the JSON parser accepts duplicate member names, the last one winning (json.loads' default).")
def _json_duplicate_names():
    def members(pairs):
        obj = {}
        for k, v in pairs:
            obj[k] = v
        return obj

    patch(encoding, "_members", members)
    _scan_without("json.duplicate_member")


def _scan_without(detail: str) -> None:
    """The port's JSON scan (closer_port.jsonscan) no longer reports `detail`; json.loads and the
    patched hooks then decide, as the port did before the scan."""
    correct = jsonscan.first_error
    patch(jsonscan, "first_error", lambda text: None if correct(text) == detail else correct(text))


@mutant("json-lone-surrogates", "json", ("canonical_json",),
        "a \\ud800 escape without its pair is accepted and written as U+FFFD (what a UTF-16 string decoder does) "
        "instead of being refused as json.lone_surrogate.")
def _json_lone_surrogates():
    correct = encoding.canonical_bytes

    def repair(v):
        if isinstance(v, str):
            return "".join("\ufffd" if "\ud800" <= c <= "\udfff" else c for c in v)
        if isinstance(v, list):
            return [repair(x) for x in v]
        if isinstance(v, dict):
            return {repair(k): repair(x) for k, x in v.items()}
        return v

    patch(encoding, "canonical_bytes", lambda value: correct(repair(value)))
    _scan_without("json.lone_surrogate")


# --- argon2 and kdfParams -----------------------------------------------------------------


def _argon2_with(*, version: int = argon2.VERSION, kind: Type = Type.ID, memory: Callable[[int, int], int] = lambda m, p: m):
    def hash_raw(password: bytes, salt: bytes, p: argon2.Parameters) -> bytes:
        return hash_secret_raw(
            secret=bytes(password), salt=bytes(salt), time_cost=p.iterations, memory_cost=memory(p.memory_kib, p.parallelism),
            parallelism=p.parallelism, hash_len=p.length, type=kind, version=version)

    patch(argon2, "hash_raw", hash_raw)


@mutant("argon2-memory-bytes", "argon2", ("argon2id", "couple_key_wrap", "invite_phrase"),
        "the memory cost passed in bytes where the API takes KiB the other way round: a libsodium-style memlimit "
        "(bytes) filled with the KiB number, so 46080 means 45 KiB (m/1024, at least 8·p).")
def _argon2_memory_bytes():
    _argon2_with(memory=lambda m, p: max(8 * p, m // 1024))


@mutant("argon2i", "argon2", ("argon2id", "couple_key_wrap", "invite_phrase"),
        "Argon2i (Type.I) instead of Argon2id.")
def _argon2i():
    _argon2_with(kind=Type.I)


@mutant("argon2-version-0x10", "argon2", ("argon2id", "couple_key_wrap", "invite_phrase"),
        "Argon2 version 0x10 (16, the PHC default when v= is absent) instead of 0x13.")
def _argon2_version_0x10():
    _argon2_with(version=0x10)


@mutant("kdfparams-leading-zero", "kdf_params", ("couple_key_wrap",),
        "kdfParams numbers with leading zeros (m=046080) accepted (int() of the digits) instead of "
        "kdfparams.invalid_number.")
def _kdfparams_leading_zero():
    correct = argon2._number
    patch(argon2, "_number", lambda digits, name: correct(digits.lstrip(b"0") or b"0", name))


# --- phrase and invite --------------------------------------------------------------------


@mutant("phrase-not-nfkc", "phrase", ("recovery_phrase",),
        "phrase input lower-cased but not NFKC-normalized: full-width letters and compatibility spaces are "
        "unknown words.")
def _phrase_not_nfkc():
    patch(phrase, "prepare", lambda text: text.lower())


@mutant("phrase-not-lowercased", "phrase", ("recovery_phrase",),
        "phrase input NFKC-normalized but not lower-cased: 'Acorn' is an unknown word.")
def _phrase_not_lowercased():
    patch(phrase, "prepare", lambda text: unicodedata.normalize("NFKC", text))


@mutant("invite-code-as-typed", "invite", ("invite_phrase",),
        "the invite code used as typed (not upper-cased) as the Argon2id password, so 'abc234' and 'ABC234' "
        "derive different keys.")
def _invite_code_as_typed():
    correct = pairing.invite_code

    def invite_code(text: str) -> str:
        correct(text)
        return text

    patch(pairing, "invite_code", invite_code)


# --- Unstoppable profile (specs/profiles/unstoppable/) ----------------------------------------


@mutant("unstoppable-strptime-time", "contract", ("unstoppable_payloads",),
        "the Flask side parses routineTime with datetime.strptime(text, '%H:%M'), which takes one-digit hours "
        "and minutes: '7:05' and '7:5' are accepted and the client's zero-padded form is no longer enforced.")
def _unstoppable_strptime_time():
    import datetime

    def parse_routine_time(text: str) -> tuple[int, int]:
        try:
            t = datetime.datetime.strptime(text, "%H:%M")
        except ValueError:
            raise unstoppable.fail("unstoppable.invalid_routine_time", "routineTime is HH:mm") from None
        return t.hour, t.minute

    patch(unstoppable, "parse_routine_time", parse_routine_time)


@mutant("unstoppable-dev-header-in-release", "contract", ("unstoppable_payloads",),
        "the Release backend still takes X-User-Id as the caller when no Authorization is sent: any client "
        "names any user by a header.")
def _unstoppable_dev_header_in_release():
    original = unstoppable_auth.credential

    def credential(headers, build):
        return original(headers, "debug")

    patch(unstoppable_auth, "credential", credential)


@mutant("unstoppable-completion-one-term", "contract", ("unstoppable_payloads",),
        "the bootstrap handler counts the terms step done on termsAccepted alone: a user who refused the "
        "over-16 consent is routed past onboarding.")
def _unstoppable_completion_one_term():
    original = unstoppable_completion.completion

    def completion(profile):
        if isinstance(profile, dict) and profile.get("termsAccepted") is True:
            profile = {**profile, "termsOver16Accepted": True}
        return original(profile)

    patch(unstoppable_completion, "completion", completion)


@mutant("unstoppable-merge-unverified-email", "contract", ("unstoppable_payloads",),
        "the backend canonicalizes users by the token's email without looking at email_verified: whoever "
        "signs in with an unverified claim to an address takes over that address's user record.")
def _unstoppable_merge_unverified_email():
    original = unstoppable_users.records

    def records(sign_ins):
        return original([(uid, email, True) for uid, email, _ in sign_ins])

    patch(unstoppable_users, "records", records)


@mutant("unstoppable-webhook-last-write-wins", "contract", ("unstoppable_webhook",),
        "the RevenueCat webhook handler applies every new event id in arrival order, without comparing "
        "event_timestamp_ms: an older event arriving after a newer one overwrites the snapshot.")
def _unstoppable_webhook_last_write_wins():
    original = unstoppable_webhook.Ledger.receive

    def receive(self, body):
        last = self.snapshot["lastEventTimestampMs"]
        self.snapshot["lastEventTimestampMs"] = None  # the stale check sees no earlier event
        try:
            reason = original(self, body)
        except Exception:
            self.snapshot["lastEventTimestampMs"] = last
            raise
        if reason is not None:
            self.snapshot["lastEventTimestampMs"] = last
        return reason

    patch(unstoppable_webhook.Ledger, "receive", receive)


# --- FitLink profile (specs/profiles/fitlink/) -----------------------------------------------


@mutant("fitlink-payload-any-type", "binding", ("fitlink_documents",),
        "the backend validates a message's payload members one by one but not against the message's type: "
        "a text message carrying image_url, or a voice message without voice_duration, is stored.")
def _fitlink_payload_any_type():
    def check_payload(payload: dict, kind: str) -> None:
        for key in sorted(payload):
            if key not in ("image_url", "file_url", "voice_url", "voice_duration", "plan_id", "plan_title",
                           "challenge_id"):
                raise fitlink_documents.fail("fitlink.invalid_payload", f"payload.{key} is not a payload member")

    patch(fitlink_documents, "_check_payload", check_payload)


# --- Reward-E profile (specs/profiles/reward-e/) ----------------------------------------------


@mutant("rewarde-version-last-write-wins", "contract", ("reward_e_contracts",),
        "FamilyService writes the family without comparing the version it read: a write based on a stale "
        "version is applied (version + 1) instead of refused, so a concurrent editor's change is lost.")
def _rewarde_version_last_write_wins():
    def family_write(version: int, base: int, user_id: str) -> dict:
        if version < 0 or base < 0 or version >= reward_e.INT32_MAX:
            raise reward_e.fail("rewarde.out_of_range", "a version is 0...2^31-2")
        return {"version": version + 1, "lastModifiedBy": user_id}

    patch(reward_e, "family_write", family_write)


@mutant("rewarde-earn-int32-wraps", "contract", ("reward_e_contracts",),
        "the balance is added in 32-bit two's complement (a Kotlin/Java Int) instead of clamped: an earn past "
        "2147483647 wraps to a large negative balance.")
def _rewarde_earn_int32_wraps():
    def clamp_int32(v: int) -> int:
        return (v + 2**31) % 2**32 - 2**31

    patch(reward_e, "clamp_int32", clamp_int32)


@mutant("rewarde-amount-clamped-first", "contract", ("reward_e_contracts",),
        "each amount is clamped to Int32 before it applies, as the Core Data helper clamps values: a spend of "
        "4294967296 from 2147483647 succeeds and leaves 0 instead of being refused.")
def _rewarde_amount_clamped_first():
    def balance(start, transactions):
        wide = [("type", ("enum", ("earn", "spend")), True), ("amount", ("int", 1, reward_e.MAX_SAFE), True)]
        for t in transactions if isinstance(transactions, list) else []:
            reward_e.check(wide, t)
        if not 0 <= start <= reward_e.INT32_MAX:
            raise reward_e.fail("rewarde.out_of_range", "balance is out of range")
        current = start
        for t in transactions:
            amount = reward_e.clamp_int32(int(t["amount"]))
            if t["type"] == "earn":
                current = reward_e.clamp_int32(current + amount)
            elif amount > current:
                raise reward_e.fail("rewarde.insufficient_balance", "spends more stars than the balance holds")
            else:
                current -= amount
        return current

    patch(reward_e, "balance", balance)


@mutant("fitlink-participants-membership-only", "binding", ("fitlink_documents",),
        "participant_ids are checked only for membership in the chat id's users, not that they are both of them: "
        "[\"alice\", \"alice\"] is accepted for chat_alice_bob.")
def _fitlink_participants_membership_only():
    original = fitlink_documents._check_participants

    def check_participants(chat: dict) -> None:
        lo, hi = chat["id"][len("chat_"):].split("_")
        if all(p in (lo, hi) for p in chat["participant_ids"]):
            chat = {**chat, "participant_ids": [lo, hi]}
        original(chat)

    patch(fitlink_documents, "_check_participants", check_participants)


@mutant("rewarde-length-in-utf16-units", "contract", ("reward_e_contracts",),
        "string lengths are counted in UTF-16 code units (JavaScript's or Java's length) instead of Unicode "
        "scalars: a reason of 200 astral-plane characters counts 400 and is refused.")
def _rewarde_length_in_utf16_units():
    original = reward_e._check_field

    def check_field(shape: tuple, v, path: str) -> None:
        if shape[0] == "str" and isinstance(v, str) and len(v.encode("utf-16-le")) // 2 > shape[2]:
            raise reward_e.fail("rewarde.out_of_range", f"{path} is {shape[1]}...{shape[2]} characters")
        original(shape, v, path)

    patch(reward_e, "_check_field", check_field)


@mutant("rewarde-timestamp-fromisoformat", "contract", ("reward_e_contracts",),
        "a stored Timestamp's timestampValue is parsed with datetime.fromisoformat (ISO 8601, not RFC 3339): "
        "a date without a time is taken as its midnight and a lower-case t and z pass, where documents.md refuses "
        "both as rewarde.invalid_timestamp.")
def _rewarde_timestamp_fromisoformat():
    import datetime as dt

    def instant_seconds(text: str) -> int:
        try:
            when = dt.datetime.fromisoformat(text.upper())
        except ValueError:
            raise reward_e.PortError("decode_error", "instant is not ISO 8601", "datekey.invalid_instant") from None
        if when.tzinfo is None:
            when = when.replace(tzinfo=dt.timezone.utc)
        return int(when.timestamp() // 1)

    patch(reward_e, "instant_seconds", instant_seconds)


# --- server contracts --------------------------------------------------------------------


@mutant("gentle-reminder-int64-nanos", "contract", ("gentle_reminder_limit",),
        "the rate limit holds instants as signed 64-bit nanoseconds since 1970 (numpy datetime64[ns], pandas "
        "Timestamp): a windowStart before 1678 or after 2262 wraps around and the window is judged from a wrong "
        "instant (cloud-functions.md §sendGentleReminderCallable, D-CF-06).")
def _gentle_reminder_int64_nanos():
    exact = server_contracts._instant_nanos

    def wrapped(text):
        return (exact(text) + 2**63) % 2**64 - 2**63

    server_contracts._instant_nanos = wrapped


@mutant("quiet-hours-standard-offset", "contract", ("quiet_hours",),
        "quiet hours computed with the zone's standard offset all year (a fixed offset per zone, as a hand-written "
        "table would hold): wrong by an hour whenever daylight saving time is in force.")
def _quiet_hours_standard_offset():
    import datetime as dt

    def local_minute(seconds, zone):
        at = dt.datetime.fromtimestamp(seconds, dt.timezone.utc)
        local = at.astimezone(zone)
        standard = local.utcoffset() - (local.dst() or dt.timedelta(0))
        wall = at + standard
        return wall.hour * 60 + wall.minute

    patch(server_contracts, "local_minute", local_minute)


@mutant("quiet-hours-end-inclusive", "contract", ("quiet_hours",),
        "the quiet-hours window's end minute counted as quiet (start <= m <= end): 08:00 is still quiet in a "
        "22:00-08:00 window.")
def _quiet_hours_end_inclusive():
    def in_window(m, start, end):
        if start < end:
            return start <= m <= end
        if start > end:
            return m >= start or m <= end
        return False

    patch(server_contracts, "in_window", in_window)


@mutant("create-invite-overwrites", "contract", ("create_invite",),
        "createInviteCallable writes the invite with set() instead of create(): a code that already names an invite "
        "(another inviter's pending one) is overwritten instead of refused already-exists, and that inviter's partner "
        "joins the wrong couple (cloud-functions.md §createInviteCallable server behaviour, D-CF-69).")
def _create_invite_overwrites():
    original = invites.create_invite

    def create_invite(caller, payload, now, existing):
        return original(caller, payload, now, None)

    patch(invites, "create_invite", create_invite)


@mutant("create-invite-code-uppercased", "contract", ("create_invite",),
        "createInviteCallable canonicalizes the code to upper case before storing it (as InviteCode does for the "
        "phrase cipher): a lower-case code is stored under invites/K7M2QX, not the id the client sent "
        "(cloud-functions.md §createInviteCallable server behaviour, D-CF-73).")
def _create_invite_code_uppercased():
    original = invites.create_invite

    def create_invite(caller, payload, now, existing):
        if isinstance(payload, dict) and isinstance(payload.get("code"), str):
            payload = {**payload, "code": payload["code"].upper()}
        return original(caller, payload, now, existing)

    patch(invites, "create_invite", create_invite)


@mutant("proactive-reminder-half-open-window", "contract", ("proactive_reminder",),
        "sendDailyQuestionProactiveReminder queries expiresAt >= run and < run + 3 h (the usual half-open range) "
        "instead of (run, run + 3 h]: a question expiring exactly at the run is reminded, one expiring exactly three "
        "hours later is not (cloud-functions.md §sendDailyQuestionProactiveReminder, D-CF-75).")
def _proactive_reminder_half_open_window():
    patch(reminders, "due", lambda now, expires: now <= expires < now + reminders.HORIZON_NS)


@mutant("scheduled-reminder-day-count-truncated", "contract", ("scheduled_reminders",),
        "The scheduled senders count elapsed days with int(x / day), truncating toward zero, instead of flooring: "
        "a challenge that starts a moment after the run is on day 1, not day 0 (cloud-functions.md §The scheduled "
        "reminders, D-CF-78).")
def _scheduled_reminder_day_count_truncated():
    patch(scheduled_reminders, "elapsed_days", lambda start, run: int((run - start) / scheduled_reminders.DAY_NS))


@mutant("reengagement-ten-days-exclusive", "contract", ("scheduled_reminders",),
        "Re-engagement reads \"3–10 days quiet\" as 3 ≤ days < 10, so a couple quiet for exactly ten days is not "
        "reminded (cloud-functions.md §sendReengagementReminder, D-CF-80).")
def _reengagement_ten_days_exclusive():
    plain = scheduled_reminders.elapsed_days

    def days(start, run):
        d = plain(start, run)
        return 11 if d == 10 and run - start >= 10 * scheduled_reminders.DAY_NS else d
    patch(scheduled_reminders, "elapsed_days", days)


@mutant("outcome-checkpoint-at-least", "contract", ("scheduled_reminders",),
        "The outcome reminder treats a checkpoint as reached from its day on (the 31st day still reminds day_30) "
        "instead of on exactly that day (cloud-functions.md §scheduledOutcomesReminder, D-CF-82).")
def _outcome_checkpoint_at_least():
    plain = scheduled_reminders.elapsed_days

    def days(start, run):
        d = plain(start, run)
        reached = [n for n in (30, 60, 90) if d >= n]
        return reached[-1] if reached and d < 120 else d
    patch(scheduled_reminders, "elapsed_days", days)


@mutant("challenge-waiting-ready-swapped", "contract", ("scheduled_reminders",),
        "The challenge reminder sends challenge_waiting to a member whose partner has not finished today's day and "
        "challenge_day_ready to one whose partner has (cloud-functions.md §sendChallengeDayReminders, D-CF-85).")
def _challenge_waiting_ready_swapped():
    plain = scheduled_reminders._sent
    swap = {"challenge_waiting": "challenge_day_ready", "challenge_day_ready": "challenge_waiting"}
    patch(scheduled_reminders, "_sent", lambda to, **extra: plain([(m, swap.get(t, t)) for m, t in to], **extra))


@mutant("reengagement-no-quiet-hours", "contract", ("scheduled_reminders",),
        "Re-engagement leaves out its own quiet-hours check: a member in quiet hours is reminded "
        "(cloud-functions.md §sendReengagementReminder, D-CF-81).")
def _reengagement_no_quiet_hours():
    patch(scheduled_reminders, "server_contracts", type("NoQuiet", (), {"quiet": staticmethod(lambda user, run: False)}))


@mutant("schema-callable-empty-string-accepted", "contract", ("callables",),
        "The schema-only callables check that userId, coupleId and token are strings but accept the empty one "
        "(callables.md §The other callables, D-CONTRACTS-16).")
def _schema_callable_empty_string_accepted():
    plain = contracts._schema_only

    def schema_only(name, payload):
        relaxed = {k: ("x" if v == "" else v) for k, v in payload.items()}
        plain(name, relaxed)
    patch(contracts, "_schema_only", schema_only)


# --- runner -------------------------------------------------------------------------------

LAYERS = ("request", "encoding", "protobuf", "keyset", "tink_framing", "aead", "kem", "kdf", "dem", "binding", "json",
          "canonicalization", "commitment", "payload", "argon2", "kdf_params", "phrase", "invite", "contract")
SUITES = ("encodings", "tink_keyset", "tink_aead", "tink_hybrid", "canonical_json", "commitment", "enc_v1", "sealed_v1",
          "pub_v1", "keybox_v1", "argon2id", "couple_key_wrap", "recovery_phrase", "invite_phrase", "pairing", "sealed_reveal",
          "unstoppable_payloads", "unstoppable_webhook", "quiet_hours")


def apply(name: str) -> None:
    """Applies mutant `name` ("none": only the self-check switch, no mistake)."""
    patch(aead, "self_check", lambda primitive, out, aad, plaintext: None)
    if name in slivers.SLIVERS:
        slivers.SLIVERS[name].apply()
    elif name != "none":
        MUTANTS[name].apply()


def manifest() -> list[dict]:
    return [m.as_json() for m in MUTANTS.values()]


def main(argv: list[str]) -> int:
    args = argv[1:]
    if args == ["--list"]:
        print("\n".join(MUTANTS))
        return 0
    if args == ["--slivers-json"]:
        print(json.dumps([s.as_json() for s in slivers.SLIVERS.values()], indent=2, ensure_ascii=False))
        return 0
    if args == ["--json"]:
        print(json.dumps(manifest(), indent=2, ensure_ascii=False))
        return 0
    if len(args) in (1, 2) and (len(args) == 1 or args[1] == "serve") and (args[0] in MUTANTS or args[0] in slivers.SLIVERS or args[0] == "none"):
        apply(args[0])
        protocol.serve()
        return 0
    print("usage: mutant-port NAME [serve] | --list | --json   (NAME: none or one of mutants.json)", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
