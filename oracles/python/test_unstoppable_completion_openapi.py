"""The `unstoppable.profileCompletion` vectors against openapi.yaml, checked by openapi-core
(specs/profiles/unstoppable/profile-completion.md): each vector's profile with its computed
`isProfileComplete` and `profileCompletion`, put in a new user's `GET /v1/bootstrap` response, is
a valid response exactly when the vector is valid. The step rule itself is decided (D-UNST-26)
and no document states it; this checks the shapes, and that the two values agree (100 exactly
when complete), which the page pins. The check can fail: with `Profile`'s closedness removed from
the document, a profile the contract refuses passes, and the test says so.
"""

from __future__ import annotations

import copy
import json

from openapi_core import OpenAPI

from test_unstoppable_openapi import accepts, load_document, vector_tests


def bootstrap(profile, complete, percent) -> dict:
    return {
        "userId": "uid-1", "profile": profile, "isProfileComplete": complete, "profileCompletion": percent,
        "routine": None, "streak": {"currentDays": 0, "longestDays": 0}, "progress": {"today": None},
        "subscription": {
            "state": "none", "isActive": False, "willRenew": False, "productId": None, "entitlementIds": [],
            "expiresAtMs": None, "source": "none", "lastEventId": None, "lastEventTimestampMs": None},
    }


def disagreements(api: OpenAPI) -> list[str]:
    out = []
    for t in vector_tests("unstoppable_payloads", "unstoppable.profileCompletion"):
        profile = t["input"]["profile"]
        if t["result"] == "valid":
            e = t["expected"]
            body = bootstrap(profile, e["isProfileComplete"], e["profileCompletion"])
            if (e["profileCompletion"] == 100) != e["isProfileComplete"]:
                out.append(f"tcId {t['tcId']}: 100 and complete disagree")
        else:
            body = bootstrap(profile, False, 0)
        if accepts(api, "GET /v1/bootstrap", "response", body) != (t["result"] == "valid"):
            out.append(f"tcId {t['tcId']} ({t['result']}): {t['comment']}")
    return out


def test_every_completion_vector_agrees_with_the_document():
    assert disagreements(OpenAPI.from_dict(load_document())) == []


def test_the_check_can_fail():
    document = copy.deepcopy(load_document())
    bootstrap_schema = document["components"]["schemas"]["Bootstrap"]
    bootstrap_schema["properties"]["profile"] = {}
    assert disagreements(OpenAPI.from_dict(document)), "an unconstrained profile should accept a refused vector"
