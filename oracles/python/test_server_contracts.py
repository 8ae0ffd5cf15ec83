"""Independent checks of the server-contract suites (specs/quiet-hours.md, specs/entitlements.md,
specs/revenuecat-webhook.md) without CloserSpec:

- quiet_hours: every expected answer is recomputed with Python's `zoneinfo` (the system tz
  database), and realistically broken implementations (the zone's standard offset, an inclusive
  end, no midnight wrap, "24" at midnight, a fail-closed reading) each fail named vectors.
- revenuecat_webhook: every signature is verified with `cryptography`'s Ed25519 (OpenSSL), and the
  expected status is recomputed from the page's order of checks.
- entitlements: the expected answers are recomputed from the page's rule, and broken readings
  (fallback on error, no partner, expiry ignored) each fail named vectors.
"""

from __future__ import annotations

import base64
import json
import pathlib
from datetime import datetime, timedelta, timezone
from zoneinfo import ZoneInfo

import pytest

VECTORS = pathlib.Path(__file__).resolve().parents[2] / "vectors"


def suite_tests(name: str) -> list[dict]:
    doc = json.loads((VECTORS / f"{name}.json").read_text())
    tests = [t for g in doc["testGroups"] for t in g["tests"]]
    assert tests, f"{name}.json has no tests"
    return tests


def parse_instant(text: str) -> datetime:
    return datetime.fromisoformat(text.replace("Z", "+00:00"))


# --- quiet hours ---------------------------------------------------------------------------


def minute_member(v):
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        return None
    if v != int(v) or not 0 <= v <= 1439:
        return None
    return int(v)


def zone_offset(zone, at: datetime, standard_only=False):
    try:
        z = ZoneInfo(zone)
    except Exception:  # noqa: BLE001 - unknown or malformed zone: fail-open
        return None
    if standard_only:
        return at.astimezone(z).utcoffset() - (at.astimezone(z).dst() or timedelta(0))
    return at.astimezone(z).utcoffset()


def quiet(user, instant: str, *, standard_only=False, inclusive_end=False, wrap=True, hour24=False,
          fail_closed=False) -> bool:
    closed = True if fail_closed else False
    if not isinstance(user, dict) or user.get("quietHoursEnabled") is not True:
        return closed
    s, e = minute_member(user.get("quietHoursStartMinutes")), minute_member(user.get("quietHoursEndMinutes"))
    zone = user.get("timezone")
    if s is None or e is None or not isinstance(zone, str) or not zone or zone != zone.strip():
        return closed
    if zone.startswith(("+", "-")):
        return closed
    at = parse_instant(instant)
    off = zone_offset(zone, at, standard_only)
    if off is None:
        return closed
    local = at.astimezone(timezone.utc) + off
    h = local.hour if not (hour24 and local.hour == 0) else 24
    m = h * 60 + local.minute
    end_ok = (lambda x: x <= e) if inclusive_end else (lambda x: x < e)
    if s < e or not wrap:
        return s <= m and end_ok(m)
    if s > e:
        return m >= s or end_ok(m)
    return False


def valid_tests(name):
    return [t for t in suite_tests(name) if t["result"] == "valid"]


def test_quiet_hours_vectors_agree_with_zoneinfo():
    tests = valid_tests("quiet_hours")
    assert len(tests) >= 80
    wrong = [t["tcId"] for t in tests if quiet(t["input"]["user"], t["input"]["instant"]) != t["expected"]["quiet"]]
    assert wrong == []


@pytest.mark.parametrize(
    "mutant, flag",
    [
        ({"standard_only": True}, "DSTTransition"),
        ({"inclusive_end": True}, "BoundaryMinute"),
        ({"wrap": False}, "CrossesMidnight"),
        ({"hour24": True}, "CrossesMidnight"),
        ({"fail_closed": True}, "FailOpen"),
    ],
)
def test_quiet_hours_vectors_catch_a_broken_check(mutant, flag):
    tests = valid_tests("quiet_hours")
    caught = [t for t in tests if quiet(t["input"]["user"], t["input"]["instant"], **mutant) != t["expected"]["quiet"]]
    assert caught, f"no vector catches {mutant}"
    assert any(flag in t["flags"] for t in caught), f"{mutant} is caught, but by no {flag} vector"


# --- RevenueCat webhook ---------------------------------------------------------------------

from cryptography.exceptions import InvalidSignature  # noqa: E402
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey  # noqa: E402
from cryptography.hazmat.primitives.serialization import load_der_public_key  # noqa: E402

SPKI_PREFIX = bytes.fromhex("302a300506032b6570032100")


def strict_b64(text):
    if not isinstance(text, str) or not text or len(text) % 4:
        return None
    try:
        raw = base64.b64decode(text, validate=True)
    except ValueError:
        return None
    return raw if base64.b64encode(raw).decode() == text else None


def webhook_status(inp, *, order=("method", "key", "signature", "payload"), check_signature=True, raw_body=True):
    body = bytes.fromhex(inp["body"])

    def method():
        return None if inp["method"] == "POST" else 405

    def key_status():
        der = strict_b64(inp["signingKey"]) if inp["signingKey"] else None
        if der is None or len(der) != 44 or not der.startswith(SPKI_PREFIX):
            return 500
        key = load_der_public_key(der)
        return None if isinstance(key, Ed25519PublicKey) else 500

    def signature():
        if not check_signature:
            return None
        sig = strict_b64(inp["signature"]) if inp["signature"] else None
        der = strict_b64(inp["signingKey"]) if inp["signingKey"] else None
        if sig is None or len(sig) != 64 or der is None:
            return 401
        signed = body if raw_body else json.dumps(json.loads(body), separators=(",", ":")).encode()
        try:
            load_der_public_key(der).verify(sig, signed)
        except (InvalidSignature, ValueError):
            return 401
        return None

    def payload():
        try:
            root = json.loads(body.decode("utf-8"))
        except (UnicodeDecodeError, ValueError):
            return 400
        event = root.get("event") if isinstance(root, dict) else None
        if not isinstance(event, dict):
            return 400
        if not all(isinstance(event.get(m), str) and event.get(m) for m in ("id", "type", "app_user_id")):
            return 400
        return None

    checks = {"method": method, "key": key_status, "signature": signature, "payload": payload}
    for name in order:
        try:
            status = checks[name]()
        except Exception:  # noqa: BLE001 - a mutant that parses an unsigned body may crash: a 500
            status = 500
        if status:
            return status
    return 200


def test_webhook_vectors_agree_with_cryptography_ed25519():
    tests = suite_tests("revenuecat_webhook")
    assert len(tests) >= 40
    wrong = [t["tcId"] for t in tests if webhook_status(t["input"]) != t["expected"]["status"]]
    assert wrong == []
    # Every accepted delivery's signature verifies under cryptography's Ed25519, and none of the 401s does.
    for t in tests:
        inp = t["input"]
        if inp["method"] == "POST" and t["expected"]["status"] in (200, 400):
            key = load_der_public_key(base64.b64decode(inp["signingKey"]))
            key.verify(base64.b64decode(inp["signature"]), bytes.fromhex(inp["body"]))


def test_webhook_duplicates_follow_processed_event_ids():
    for t in suite_tests("revenuecat_webhook"):
        if t["expected"]["status"] == 200:
            event = json.loads(bytes.fromhex(t["input"]["body"]))["event"]
            assert t["expected"]["eventId"] == event["id"]
            assert t["expected"]["duplicate"] == (event["id"] in t["input"].get("processedEventIds", []))


@pytest.mark.parametrize(
    "mutant, flag",
    [
        ({"order": ("method", "signature", "key", "payload")}, "CheckOrder"),
        ({"order": ("key", "method", "signature", "payload")}, "CheckOrder"),
        ({"order": ("method", "key", "payload", "signature")}, "CheckOrder"),
        ({"check_signature": False}, "Signature"),
        ({"raw_body": False}, "Idempotency"),
    ],
)
def test_webhook_vectors_catch_a_broken_handler(mutant, flag):
    tests = suite_tests("revenuecat_webhook")
    caught = [t for t in tests if webhook_status(t["input"], **mutant) != t["expected"]["status"]]
    assert any(flag in t["flags"] for t in caught), f"{mutant} is caught by no {flag} vector"


# --- entitlements ---------------------------------------------------------------------------


def grants(doc, now, fallback, *, expiry=True, fail_closed=True, fallback_only_absent=True):
    if doc is None:
        return fallback
    if doc == "error":
        return fallback if not fail_closed else False
    if doc.get("premium") is not True:
        return fallback if not fallback_only_absent else False
    exp = doc.get("expiresAt")
    if exp is None or not expiry:
        return True
    if not (isinstance(exp, dict) and len(exp) == 1 and isinstance(exp.get("timestampValue"), str)):
        return False
    text = exp["timestampValue"]
    if "T" not in text:
        return False
    # Nanosecond-exact comparison: split the fraction off (datetime keeps microseconds only).
    def ns(t):
        main, _, rest = t.partition(".")
        frac, zone = "", t[19:]
        if rest:
            digits = "".join(c for c in rest if c.isdigit())
            frac, zone = digits, rest[len(digits):]
        whole = datetime.fromisoformat(main[:19] + zone.replace("Z", "+00:00"))
        return int(whole.timestamp()) * 10**9 + int((frac + "0" * 9)[:9])
    return not ns(text) < ns(now)


def premium(inp, *, partner_counts=True, **mutant):
    own = grants(inp["own"], inp["now"], inp["revenueCatFallback"] is True, **mutant)
    partner = grants(inp["partner"], inp["now"], False, **mutant) if partner_counts else False
    return own or partner


def test_entitlement_vectors_agree_with_the_page():
    tests = valid_tests("entitlements")
    assert len(tests) >= 35
    wrong = [t["tcId"] for t in tests if premium(t["input"]) != t["expected"]["premium"]]
    assert wrong == []


@pytest.mark.parametrize(
    "mutant, flag",
    [
        ({"fail_closed": False}, "FailsClosed"),
        ({"partner_counts": False}, "CoupleShared"),
        ({"expiry": False}, "Expiry"),
        ({"fallback_only_absent": False}, "Fallback"),
    ],
)
def test_entitlement_vectors_catch_a_broken_checker(mutant, flag):
    tests = valid_tests("entitlements")
    caught = [t for t in tests if premium(t["input"], **mutant) != t["expected"]["premium"]]
    assert any(flag in t["flags"] for t in caught), f"{mutant} is caught by no {flag} vector"


def test_entitlement_ios_differs_flags_are_the_revenuecat_only_answer():
    for t in valid_tests("entitlements"):
        ios = t["input"]["revenueCatFallback"] is True
        assert ("IOSDiffers" in t["flags"]) == (ios != t["expected"]["premium"]), t["tcId"]
