"""Harness protocol v1 (architecture.md §"Harness protocol v1", specs/harness.md).

JSON Lines over stdin/stdout: one request per line, one response per line, in order.
Bytes are lowercase hex. Responses are `{"id", "ok": true, ...}` or
`{"id", "ok": false, "error": {"code", "message"}}`. Nothing a client sends ends the
server except end of input.
"""

from __future__ import annotations

import math
import re
import sys
from typing import Any, Callable

from . import __version__, aead, encoding, hybrid, tink_keysets, values
from .errors import PortError

IMPLEMENTATION = "closer-port-python"
PROTOCOL = 1
MAX_LINE = 16 * 1024 * 1024


def _malformed(name: str, what: str) -> PortError:
    return PortError("malformed_request", f'field "{name}" {what}')


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
        if len(s) % 2 or any(c not in "0123456789abcdefABCDEF" for c in s):
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
    prefix = r.optional_string("prefix") or "TINK"
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


def _error(rid, code: str, message: str) -> dict[str, Any]:
    return {"id": rid, "ok": False, "error": {"code": code, "message": message}}


def handle(request: Any) -> dict[str, Any]:
    """One parsed request (any JSON value) -> one response object."""
    if not isinstance(request, dict):
        return _error(None, "malformed_request", "request must be a JSON object")
    rid = request.get("id")
    name = request.get("op")
    if not isinstance(name, str):
        return _error(rid, "malformed_request", 'request has no string field "op"')
    fn = OPS.get(name)
    if fn is None:
        printable = "".join(c for c in name[:64] if c.isprintable())
        return _error(rid, "unknown_op", f'unknown op "{printable}"')
    try:
        result = fn(Request(request))
    except PortError as e:
        return _error(rid, e.code, e.message)
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
        raise PortError("malformed_request", "request is not UTF-8") from None
    try:
        request = encoding.parse_json(text)
    except PortError as e:
        raise PortError("malformed_request", f"request is not valid JSON: {e.message}") from None
    if _lone_surrogates(request):
        raise PortError("malformed_request", "request is not valid JSON: lone surrogate")
    return request


def respond_line(line: bytes) -> bytes:
    """One request line -> one response line (RFC 8785 canonical JSON, without the newline)."""
    if len(line) > MAX_LINE:
        resp = _error(None, "malformed_request", "request line too long")
    else:
        try:
            resp = handle(parse_request(line))
        except PortError as e:
            resp = _error(None, e.code, e.message)
    try:
        return encoding.canonical_bytes(resp)
    except PortError:  # pragma: no cover - every response value is representable
        return b'{"error":{"code":"malformed_request","message":"response could not be encoded"},"id":null,"ok":false}'


def serve(stdin=None, stdout=None) -> None:
    """Serves until end of input."""
    stdin = stdin or sys.stdin.buffer
    stdout = stdout or sys.stdout.buffer
    for raw in stdin:
        line = raw.rstrip(b"\n").rstrip(b"\r")
        stdout.write(respond_line(line) + b"\n")
        stdout.flush()
