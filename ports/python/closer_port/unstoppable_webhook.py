"""Unstoppable's RevenueCat webhook ledger, the Flask side (specs/profiles/unstoppable/webhook.md):
one user's subscription snapshot; an event id is processed once (duplicate), a type outside the
followed eight is unsupported_type, an event older than the last applied one is stale.
"""

from __future__ import annotations

from typing import Any

from . import unstoppable

STATE_OF_TYPE = {
    "INITIAL_PURCHASE": "active", "RENEWAL": "active", "UNCANCELLATION": "active", "PRODUCT_CHANGE": "active",
    "NON_RENEWING_PURCHASE": "active", "CANCELLATION": "cancelled", "BILLING_ISSUE": "billing_issue",
    "EXPIRATION": "expired",
}


def initial_snapshot() -> dict[str, Any]:
    return {"state": "none", "isActive": False, "willRenew": False, "productId": None, "entitlementIds": [],
            "expiresAtMs": None, "source": "none", "lastEventId": None, "lastEventTimestampMs": None}


class Ledger:
    def __init__(self) -> None:
        self.snapshot = initial_snapshot()
        self.seen: set[str] = set()

    def receive(self, body: Any) -> str | None:
        """Applies one delivery; answers why it was ignored, or None. A malformed body raises."""
        unstoppable.validate("POST /v1/payments/revenuecat/webhook", "request", body)
        event = body["event"]
        event_id, kind, ts = event["id"], event["type"], int(event["event_timestamp_ms"])
        if event_id in self.seen:
            return "duplicate"
        self.seen.add(event_id)
        if kind not in STATE_OF_TYPE:
            return "unsupported_type"
        last = self.snapshot["lastEventTimestampMs"]
        if last is not None and ts < last:
            return "stale"
        self._apply(event, kind, ts)
        return None

    def _apply(self, event: dict, kind: str, ts: int) -> None:
        s = self.snapshot
        s["state"] = STATE_OF_TYPE[kind]
        if kind == "EXPIRATION":
            s["isActive"], s["willRenew"], s["entitlementIds"] = False, False, []
        elif kind in ("BILLING_ISSUE", "CANCELLATION", "NON_RENEWING_PURCHASE"):
            s["isActive"] = s["isActive"] if kind == "BILLING_ISSUE" else True
            s["willRenew"] = False
        else:
            s["isActive"], s["willRenew"] = True, True
        if isinstance(event.get("product_id"), str):
            s["productId"] = event["product_id"]
        if kind != "EXPIRATION" and isinstance(event.get("entitlement_ids"), list):
            s["entitlementIds"] = list(event["entitlement_ids"])
        if event.get("expiration_at_ms") is not None:
            s["expiresAtMs"] = int(event["expiration_at_ms"])
        s["source"], s["lastEventId"], s["lastEventTimestampMs"] = "webhook", event["id"], ts


def replay(events: list) -> dict[str, Any]:
    ledger = Ledger()
    applied, ignored = [], []
    for body in events:
        reason = ledger.receive(body)
        event_id = body["event"]["id"]
        if reason is None:
            applied.append(event_id)
        else:
            ignored.append({"id": event_id, "reason": reason})
    return {"subscription": ledger.snapshot, "applied": applied, "ignored": ignored}
