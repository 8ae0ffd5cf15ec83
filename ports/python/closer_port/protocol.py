"""Harness protocol v1 (architecture.md §"Harness protocol v1", specs/harness.md).

JSON Lines over stdin/stdout: one request per line, one response per line, in order.
Bytes are lowercase hex. Responses are `{"id", "ok": true, ...}` or
`{"id", "ok": false, "error": {"code", "detail", "message"}}`. Nothing a client sends ends the
server except end of input.
"""

from __future__ import annotations

import math
import re
import sys
from typing import Any, Callable

from . import (__version__, aead, argon2, contracts, encoding, fitlink, fitlink_documents, hybrid, lower, pairing,
               phrase, reward_e, server_contracts, tink_keysets, unstoppable, unstoppable_auth, unstoppable_completion,
               unstoppable_users, unstoppable_webhook,
               values)
from .errors import PortError, malformed
from . import invites, reminders, scheduled_reminders

IMPLEMENTATION = "closer-port-python"
PROTOCOL = 1
MAX_LINE = 16 * 1024 * 1024
_HEX = re.compile(r"[0-9a-fA-F]*")  # ASCII hex digits only (one C-level scan of a request's hex field)


def _malformed(name: str, what: str) -> PortError:
    return malformed(f'field "{name}" {what}')


class Request:
    """Typed access to request fields; a missing or mistyped field is malformed_request."""

    def __init__(self, fields: dict[str, Any]):
        self.fields = fields

    def string(self, name: str) -> str:
        if name not in self.fields:
            raise _malformed(name, "is missing")
        v = self.fields[name]
        if not isinstance(v, str):
            raise _malformed(name, "must be a string")
        return v

    def optional_string(self, name: str) -> str | None:
        if self.fields.get(name) is None:
            return None
        return self.string(name)

    def hex(self, name: str) -> bytes:
        return self._hex(name, self.string(name))

    def optional_hex(self, name: str) -> bytes | None:
        s = self.optional_string(name)
        return None if s is None else self._hex(name, s)

    @staticmethod
    def _hex(name: str, s: str) -> bytes:
        if len(s) % 2 or not _HEX.fullmatch(s):
            raise _malformed(name, "is not hex")
        return bytes.fromhex(s)

    def uint32(self, name: str) -> int:
        if name not in self.fields:
            raise _malformed(name, "is missing")
        v = self.fields[name]
        if isinstance(v, bool) or not isinstance(v, (int, float)):
            raise _malformed(name, "must be an integer")
        if isinstance(v, float):
            if not math.isfinite(v) or v != int(v):
                raise _malformed(name, "must be an integer")
            v = int(v)
        if not 0 <= v <= tink_keysets.UINT32_MAX:
            raise _malformed(name, "must be in 0...4294967295")
        return v

    def integer(self, name: str) -> int:
        """Any integral JSON number (bounds are the op's own, invalid_parameters)."""
        if name not in self.fields:
            raise _malformed(name, "is missing")
        v = self.fields[name]
        if isinstance(v, bool) or not isinstance(v, (int, float)):
            raise _malformed(name, "must be an integer")
        if isinstance(v, float) and (not math.isfinite(v) or v != int(v)):
            raise _malformed(name, "must be an integer")
        return int(v)


Handler = Callable[[Request], dict[str, Any]]
OPS: dict[str, Handler] = {}


def op(name: str):
    def register(fn: Handler) -> Handler:
        OPS[name] = fn
        return fn

    return register


@op("info")
def _info(r: Request):
    return {"implementation": IMPLEMENTATION, "version": __version__, "protocol": PROTOCOL, "ops": list(OPS)}


@op("aead.keyset")
def _aead_keyset(r: Request):
    prefix = r.optional_string("prefix")  # absent means TINK; "" is not a prefix name
    if prefix is None:
        prefix = "TINK"
    return {"keyset": tink_keysets.aead_keyset(r.hex("key"), r.uint32("keyId"), prefix).hex()}


@op("aead.encrypt")
def _aead_encrypt(r: Request):
    return {"ciphertext": aead.encrypt(r.hex("keyset"), r.hex("plaintext"), r.hex("aad"), r.optional_hex("iv")).hex()}


@op("aead.decrypt")
def _aead_decrypt(r: Request):
    return {"plaintext": aead.decrypt(r.hex("keyset"), r.hex("ciphertext"), r.hex("aad")).hex()}


@op("hybrid.keyset")
def _hybrid_keyset(r: Request):
    priv, pub = hybrid.keysets(r.hex("privateKey"), r.uint32("keyId"))
    return {"privateKeyset": priv.hex(), "publicKeyset": pub.hex()}


@op("hybrid.encrypt")
def _hybrid_encrypt(r: Request):
    ct = hybrid.encrypt(
        r.hex("publicKeyset"), r.hex("plaintext"), r.hex("contextInfo"), r.optional_hex("ephemeralPrivateKey"), r.optional_hex("iv")
    )
    return {"ciphertext": ct.hex()}


@op("hybrid.decrypt")
def _hybrid_decrypt(r: Request):
    return {"plaintext": hybrid.decrypt(r.hex("privateKeyset"), r.hex("ciphertext"), r.hex("contextInfo")).hex()}


@op("enc.seal")
def _enc_seal(r: Request):
    return {"value": values.enc_seal(r.hex("keyset"), r.string("coupleId"), r.string("text"), r.optional_hex("iv"))}


@op("enc.open")
def _enc_open(r: Request):
    return {"text": values.enc_open(r.hex("keyset"), r.string("coupleId"), r.string("value"))}


@op("canonicalize")
def _canonicalize(r: Request):
    return {"canonical": encoding.canonicalize(r.string("json")).hex()}


@op("commitment")
def _commitment(r: Request):
    canonical, value = values.commitment(r.string("json"))
    return {"canonical": canonical.hex(), "value": value}


@op("sealed.seal")
def _sealed_seal(r: Request):
    value, commitment = values.sealed_seal(
        r.hex("keyset"), r.string("coupleId"), r.string("questionId"), r.string("userId"), r.string("payload"), r.optional_hex("iv")
    )
    return {"value": value, "commitment": commitment}


@op("sealed.open")
def _sealed_open(r: Request):
    payload = values.sealed_open(
        r.hex("keyset"), r.string("coupleId"), r.string("questionId"), r.string("userId"), r.string("value"), r.string("commitment")
    )
    return {"payload": payload}


@op("pub.encode")
def _pub_encode(r: Request):
    return {"value": values.pub_encode(r.hex("publicKeyset"))}


@op("pub.decode")
def _pub_decode(r: Request):
    body, pub = values.pub_decode(r.string("value"))
    return {"publicKeyset": body.hex(), "keyId": pub.key_id, "x": pub.x.to_bytes(32, "big").hex(), "y": pub.y.to_bytes(32, "big").hex()}


@op("keybox.wrap")
def _keybox_wrap(r: Request):
    value = values.keybox_wrap(
        r.string("recipient"),
        r.string("coupleId"),
        r.string("questionId"),
        r.string("senderUserId"),
        r.string("recipientUserId"),
        r.hex("keyset"),
        r.optional_hex("ephemeralPrivateKey"),
        r.optional_hex("iv"),
    )
    return {"value": value}


@op("keybox.unwrap")
def _keybox_unwrap(r: Request):
    keyset = values.keybox_unwrap(
        r.hex("privateKeyset"),
        r.string("coupleId"),
        r.string("questionId"),
        r.string("senderUserId"),
        r.string("recipientUserId"),
        r.string("value"),
    )
    return {"keyset": keyset.hex()}


# --- pairing (argon2id.md, couple-key-wrap.md, recovery-phrase.md, invite-phrase.md) -----
# The CloserSpec-only `backend` field is ignored.


@op("argon2id")
def _argon2id(r: Request):
    params = argon2.parameters(r.integer("memoryKiB"), r.integer("iterations"), r.integer("parallelism"), r.integer("length"))
    return {"key": argon2.derive_key(r.hex("password"), r.hex("salt"), params).hex()}


@op("couplekey.wrap")
def _couplekey_wrap(r: Request):
    return pairing.couplekey_wrap(r.hex("keyset"), r.string("phrase"), r.optional_hex("salt"), r.optional_hex("iv"))


@op("couplekey.unwrap")
def _couplekey_unwrap(r: Request):
    keyset = pairing.couplekey_unwrap(r.string("wrappedCoupleKey"), r.string("kdfSalt"), r.string("kdfParams"), r.string("phrase"))
    return {"keyset": keyset.hex()}


@op("phrase.fromEntropy")
def _phrase_from_entropy(r: Request):
    return {"phrase": phrase.from_entropy(r.hex("entropy"))}


@op("phrase.normalize")
def _phrase_normalize(r: Request):
    canonical, entropy = phrase.normalize(r.string("input"))
    return {"phrase": canonical, "entropy": entropy.hex()}


@op("invite.encrypt")
def _invite_encrypt(r: Request):
    return {"value": pairing.invite_encrypt(r.string("code"), r.string("phrase"), r.optional_hex("salt"), r.optional_hex("iv"))}


@op("invite.decrypt")
def _invite_decrypt(r: Request):
    return {"phrase": pairing.invite_decrypt(r.string("code"), r.string("value"))}


# --- lower-layer ops (harness.md; vectors.md §Layers) ---------------------------------------


@op("encoding.decode")
def _encoding_decode(r: Request):
    return {"bytes": lower.encoding_decode(r.string("profile"), r.string("text")).hex()}


@op("encoding.encode")
def _encoding_encode(r: Request):
    return {"text": lower.encoding_encode(r.string("profile"), r.hex("bytes"))}


@op("keyset.validate")
def _keyset_validate(r: Request):
    primary, ids = lower.keyset_validate(r.hex("keyset"), r.string("primitive"))
    return {"primaryKeyId": primary, "keyIds": ids}


_BINDING_FIELDS = {
    "enc": ("coupleId",),
    "sealed": ("coupleId", "questionId", "userId"),
    "keybox": ("coupleId", "questionId", "senderUserId", "recipientUserId"),
}


@op("binding.aad")
def _binding_aad(r: Request):
    kind = r.string("kind")
    if kind not in _BINDING_FIELDS:
        raise _malformed("kind", "must be enc, sealed or keybox")
    ids = {name: r.string(name) for name in _BINDING_FIELDS[kind]}
    return {"aad": lower.binding_aad(kind, ids).hex()}


@op("aesgcm.seal")
def _aesgcm_seal(r: Request):
    return {"ciphertext": lower.aesgcm_seal(r.hex("key"), r.hex("iv"), r.hex("plaintext"), r.hex("aad")).hex()}


@op("aesgcm.open")
def _aesgcm_open(r: Request):
    return {"plaintext": lower.aesgcm_open(r.hex("key"), r.hex("iv"), r.hex("ciphertext"), r.hex("aad")).hex()}


@op("p256.ecdh")
def _p256_ecdh(r: Request):
    return {"sharedSecret": lower.p256_ecdh(r.hex("privateKey"), r.hex("publicPoint")).hex()}


@op("hkdf.sha256")
def _hkdf_sha256(r: Request):
    return {"okm": lower.hkdf_sha256(r.hex("ikm"), r.hex("salt"), r.hex("info"), r.integer("length")).hex()}


@op("callable.validate")
def _callable_validate(r: Request):
    name = r.string("callable")
    if "payload" not in r.fields:
        raise _malformed("payload", "is missing")
    return contracts.validate_callable(name, r.fields["payload"], r.fields.get("invite"), "invite" in r.fields)


@op("datekey.compute")
def _datekey_compute(r: Request):
    return {"key": contracts.date_key(r.string("instant"), r.string("kind"))}


@op("push.route")
def _push_route(r: Request):
    if "data" not in r.fields:
        raise _malformed("data", "is missing")
    return contracts.push_route(r.fields["data"], r.optional_string("coupleId"))


@op("quietHours.check")
def _quiet_hours_check(r: Request):
    if "user" not in r.fields:
        raise _malformed("user", "is missing")
    return {"quiet": server_contracts.quiet(r.fields["user"], r.string("instant"))}


@op("gentleReminder.rateLimit")
def _gentle_reminder_rate_limit(r: Request):
    if "record" not in r.fields:
        raise _malformed("record", "is missing")
    return server_contracts.gentle_reminder_limit(r.fields["record"], r.string("now"))


@op("createInvite.evaluate")
def _create_invite_evaluate(r: Request):
    for name in ("caller", "payload", "existing"):
        if name not in r.fields:
            raise _malformed(name, "is missing")
    return invites.create_invite(r.fields["caller"], r.fields["payload"], r.string("now"), r.fields["existing"])


@op("acceptInvite.partnerJoined")
def _accept_invite_partner_joined(r: Request):
    return invites.partner_joined(r.string("inviterUserId"), r.string("acceptorUserId"), r.string("coupleId"))


@op("reminder.proactive")
def _reminder_proactive(r: Request):
    run, couple_id, question_date = r.string("run"), r.string("coupleId"), r.string("questionDate")
    for name in ("question", "autoClaimed", "gentleSent", "answers", "couple"):
        if name not in r.fields:
            raise _malformed(name, "is missing")
    f = r.fields
    return reminders.proactive(run, couple_id, question_date, f["question"], f["autoClaimed"], f["gentleSent"],
                               f["answers"], f["couple"])


def _fields(r: Request, *names: str) -> list[Any]:
    for name in names:
        if name not in r.fields:
            raise _malformed(name, "is missing")
    return [r.fields[n] for n in names]


@op("reminder.reengagement")
def _reminder_reengagement(r: Request):
    run, couple_id = r.string("run"), r.string("coupleId")
    return scheduled_reminders.reengagement(run, couple_id, *_fields(r, "couple", "users"))


@op("reminder.outcome")
def _reminder_outcome(r: Request):
    run, couple_id = r.string("run"), r.string("coupleId")
    return scheduled_reminders.outcome(run, couple_id, *_fields(r, "couple", "outcomes"))


@op("reminder.challengeDay")
def _reminder_challenge_day(r: Request):
    run, couple_id, started_at = r.string("run"), r.string("coupleId"), r.string("startedAt")
    total = r.integer("totalDays")
    return scheduled_reminders.challenge_day(run, couple_id, started_at, total, *_fields(r, "completed", "couple"))


@op("reminder.capsuleUnlock")
def _reminder_capsule_unlock(r: Request):
    run, couple_id, capsule_id, unlock_at = (r.string(n) for n in ("run", "coupleId", "capsuleId", "unlockAt"))
    return scheduled_reminders.capsule_unlock(run, couple_id, capsule_id, unlock_at, *_fields(r, "unlocked", "couple"))


def _error(rid, code: str, message: str, detail: str | None = None) -> dict[str, Any]:
    error = {"code": code, "message": message}
    if detail is not None:
        error["detail"] = detail
    return {"id": rid, "ok": False, "error": error}


def handle(request: Any) -> dict[str, Any]:
    """One parsed request (any JSON value) -> one response object."""
    if not isinstance(request, dict):
        return _error(None, "malformed_request", "request must be a JSON object", "harness.malformed_request")
    rid = request.get("id")
    name = request.get("op")
    if not isinstance(name, str):
        return _error(rid, "malformed_request", 'request has no string field "op"', "harness.malformed_request")
    fn = OPS.get(name)
    if fn is None:
        printable = "".join(c for c in name[:64] if c.isprintable())
        return _error(rid, "unknown_op", f'unknown op "{printable}"', "harness.unknown_op")
    try:
        result = fn(Request(request))
    except PortError as e:
        return _error(rid, e.code, e.message, e.detail)
    except RecursionError:
        return _error(rid, "decode_error", "input nested too deeply")
    except Exception as e:  # a bug in the port: say so without echoing inputs
        print(f"closer_port: internal error in {name}: {type(e).__name__}", file=sys.stderr, flush=True)
        return _error(rid, "unsupported", f"internal error: {type(e).__name__}")
    return {"id": rid, "ok": True, **result}


_SURROGATE = re.compile("[\ud800-\udfff]")


def _lone_surrogates(v: Any) -> bool:
    if isinstance(v, str):
        return _SURROGATE.search(v) is not None
    if isinstance(v, list):
        return any(_lone_surrogates(x) for x in v)
    if isinstance(v, dict):
        return any(_lone_surrogates(k) or _lone_surrogates(x) for k, x in v.items())
    return False


def parse_request(line: bytes) -> Any:
    """A request line read as strict I-JSON, like CloserSpec's server reads it: invalid
    UTF-8, duplicate or NFC-equivalent names, lone surrogates, NaN/Infinity and numbers
    beyond a double are malformed requests. Numbers are doubles (ids echo as JCS)."""
    try:
        text = line.decode("utf-8")
    except UnicodeDecodeError:
        raise malformed("request is not UTF-8") from None
    try:
        request = encoding.parse_json(text)
    except PortError as e:
        raise malformed(f"request is not valid JSON: {e.message}") from None
    if _lone_surrogates(request):
        raise malformed("request is not valid JSON: lone surrogate")
    return request


def respond_line(line: bytes) -> bytes:
    """One request line -> one response line (RFC 8785 canonical JSON, without the newline)."""
    if len(line) > MAX_LINE:
        resp = _error(None, "malformed_request", "request line too long", "harness.malformed_request")
    else:
        try:
            resp = handle(parse_request(line))
        except PortError as e:
            resp = _error(None, e.code, e.message, e.detail)
    try:
        return encoding.canonical_bytes(resp)
    except PortError:  # pragma: no cover - every response value is representable
        return b'{"error":{"code":"malformed_request","message":"response could not be encoded"},"id":null,"ok":false}'


# --- FitLink friends chat (profiles/fitlink/chat.md) ----------------------------------------------


@op("fitlink.chatId")
def _fitlink_chat_id(r: Request):
    return {"chatId": fitlink.chat_id(r.string("userA"), r.string("userB"))}


@op("fitlink.publicKey")
def _fitlink_public_key(r: Request):
    return {"publicKey": fitlink.public_key(r.hex("privateKey"))}


@op("fitlink.encrypt")
def _fitlink_encrypt(r: Request):
    return fitlink.encrypt(r.hex("plaintext"), r.hex("privateKey"), r.string("peerPublicKey"), r.string("chatId"),
                           r.optional_hex("nonce"), r.optional_string("derivation"))


@op("fitlink.decrypt")
def _fitlink_decrypt(r: Request):
    pt = fitlink.decrypt(r.string("encryptedContent"), r.string("iv"), r.hex("privateKey"), r.string("peerPublicKey"),
                         r.string("chatId"), r.optional_string("derivation"))
    return {"plaintext": pt.hex()}


@op("fitlink.validate")
def _fitlink_validate(r: Request):
    if "body" not in r.fields:
        raise malformed('field "body" is missing')
    return {"fields": fitlink_documents.validate(r.string("document"), r.fields["body"])}


@op("fitlink.storagePath")
def _fitlink_storage_path(r: Request):
    return {"path": fitlink_documents.storage_path(r.string("kind"), r.string("chatId"), r.string("mediaId"))}


@op("fitlink.openPreview")
def _fitlink_open_preview(r: Request):
    pt = fitlink_documents.open_preview(r.string("encryptedPreview"), r.hex("privateKey"), r.string("peerPublicKey"),
                                        r.string("chatId"))
    return {"plaintext": pt.hex()}


# --- Unstoppable /v1 REST contract (profiles/unstoppable/payloads.md, webhook.md) -----------------


@op("unstoppable.validate")
def _unstoppable_validate(r: Request):
    endpoint, message = r.string("endpoint"), r.string("message")
    if message not in ("request", "response"):
        raise malformed('field "message" must be request or response')
    if "body" not in r.fields:
        raise malformed('field "body" is missing')
    return {"fields": unstoppable.validate(endpoint, message, r.fields["body"])}


@op("unstoppable.routineTime")
def _unstoppable_routine_time(r: Request):
    return {"routineTime": unstoppable.routine_time(r.integer("hour"), r.integer("minute"))}


@op("unstoppable.dayKey")
def _unstoppable_day_key(r: Request):
    instant = r.string("instant")
    # harness.md §Order of checks: the instant is parsed when it is read, before utcOffsetMinutes.
    unstoppable.instant_seconds(instant)
    return {"date": unstoppable.day_key(instant, r.integer("utcOffsetMinutes"))}


@op("unstoppable.auth")
def _unstoppable_auth(r: Request):
    build = r.string("build")
    if build not in ("debug", "release"):
        raise malformed('field "build" must be debug or release')
    pairs = r.fields.get("headers")
    if not isinstance(pairs, list) or not all(
            isinstance(p, list) and len(p) == 2 and all(isinstance(x, str) for x in p) for p in pairs):
        raise malformed('field "headers" must be an array of [name, value] string pairs')
    return unstoppable_auth.credential([(p[0], p[1]) for p in pairs], build)


@op("unstoppable.profileCompletion")
def _unstoppable_profile_completion(r: Request):
    if "profile" not in r.fields:
        raise malformed('field "profile" is missing')
    return unstoppable_completion.completion(r.fields["profile"])


@op("unstoppable.userRecords")
def _unstoppable_user_records(r: Request):
    sign_ins = r.fields.get("signIns")
    if not isinstance(sign_ins, list):
        raise malformed('field "signIns" must be an array')
    parsed = []
    for s in sign_ins:
        if not (isinstance(s, dict) and isinstance(s.get("uid"), str) and isinstance(s.get("emailVerified"), bool)
                and "email" in s and (s["email"] is None or isinstance(s["email"], str))):
            raise malformed("a sign-in is {uid, email (string or null), emailVerified}")
        parsed.append((s["uid"], s["email"], s["emailVerified"]))
    return {"records": unstoppable_users.records(parsed)}


@op("unstoppable.webhook")
def _unstoppable_webhook(r: Request):
    events = r.fields.get("events")
    if not isinstance(events, list):
        raise malformed('field "events" must be an array')
    return unstoppable_webhook.replay(events)


# --- Reward-E contracts (profiles/reward-e/contracts.md) ------------------------------------------


def _field(r: Request, name: str):
    if name not in r.fields:
        raise malformed(f'field "{name}" is missing')
    return r.fields[name]


def _int(r: Request, name: str) -> int:
    """An integer request field as CloserSpec reads one (HarnessRequest.integer: |v| <= 9e15)."""
    v = r.integer(name)
    if abs(v) > 9 * 10**15:
        raise malformed(f'field "{name}" must be an integer')
    return v


@op("rewarde.validate")
def _rewarde_validate(r: Request):
    return {"fields": reward_e.validate(r.string("document"), _field(r, "body"))}


@op("rewarde.balance")
def _rewarde_balance(r: Request):
    return {"balance": reward_e.balance(_int(r, "balance"), _field(r, "transactions"))}


@op("rewarde.familyWrite")
def _rewarde_family_write(r: Request):
    version = _int(r, "version") if "version" in r.fields else 0  # absent is 0 (version.md)
    r.optional_string("lastModifiedBy")
    return reward_e.family_write(version, _int(r, "baseVersion"), r.string("userId"))


@op("rewarde.quota")
def _rewarde_quota(r: Request):
    name = r.string("quota")
    reward_e.quota_limits(name)  # unknown_quota first (quotas.md), as CloserSpec reads
    if reward_e.QUOTAS[name][1] is None:
        return reward_e.quota(name, _int(r, "count"), None, None)
    recent = r.fields.get("recent")
    reward_e.instants(recent)
    return reward_e.quota(name, None, recent, _int(r, "at"))


@op("rewarde.formatDeepLink")
def _rewarde_format_deep_link(r: Request):
    return {"url": reward_e.format_deep_link(r.string("childId"))}


@op("rewarde.parseDeepLink")
def _rewarde_parse_deep_link(r: Request):
    return {"childId": reward_e.parse_deep_link(r.string("url"))}


@op("rewarde.inviteCode")
def _rewarde_invite_code(r: Request):
    return {"code": reward_e.invite_code(r.string("typed"))}


@op("rewarde.familyPremium")
def _rewarde_family_premium(r: Request):
    subs = _field(r, "subscriptions")
    reward_e.check_subscriptions(subs)  # before `now`, as CloserSpec reads
    return reward_e.family_premium(subs, _int(r, "now"))


def serve(stdin=None, stdout=None) -> None:
    """Serves until end of input.

    Reads what stdin holds (one read of up to 64 KiB), answers every complete line in it in order
    and writes those answers with one write: a driver that keeps several requests in flight
    (harness.md §Pipelining) gets them answered in one turn, and a lone request is answered at
    once, as before.
    """
    stdin = stdin or sys.stdin.buffer
    stdout = stdout or sys.stdout.buffer
    parts: list[bytes] = []  # the line being read, in pieces
    while chunk := stdin.read1(1 << 16):
        answers = []
        start = 0
        while (nl := chunk.find(b"\n", start)) >= 0:
            parts.append(chunk[start:nl])
            line = parts[0] if len(parts) == 1 else b"".join(parts)
            parts = []
            answers.append(respond_line(line.rstrip(b"\r")) + b"\n")
            start = nl + 1
        if start < len(chunk):
            parts.append(chunk[start:])
        if answers:
            stdout.write(b"".join(answers))
            stdout.flush()
    if any(parts):  # a last line without its newline
        stdout.write(respond_line(b"".join(parts).rstrip(b"\r")) + b"\n")
        stdout.flush()
