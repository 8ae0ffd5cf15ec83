"""The `unstoppable.auth` vectors against openapi.yaml's security schemes, checked by openapi-core
(not by CloserSpec's code; specs/profiles/unstoppable/auth.md):
- every valid vector's headers authenticate a `GET /v1/bootstrap` under the document's
  `firebaseBearer` or `devUserId` scheme;
- every Debug vector refused as `unstoppable.unauthenticated` carries neither credential, and
  openapi-core refuses it too.
The document is looser than the page (openapi-core does not check a token68 or an id's length, and
one server list cannot say "Release ignores X-User-Id"): those pins are the vectors' alone. The
check can fail: with the security requirement removed from the document, openapi-core accepts a
request the contract refuses, and the test says so.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path

from openapi_core import OpenAPI
from openapi_core.testing import MockRequest

from test_unstoppable_openapi import SERVER, load_document

ROOT = Path(__file__).resolve().parents[2]
VECTORS = ROOT / "vectors" / "profiles" / "unstoppable" / "unstoppable_payloads.json"


def auth_tests() -> list[dict]:
    data = json.loads(VECTORS.read_text(encoding="utf-8"))
    found = [t for g in data["testGroups"] for t in g["tests"] if t["op"] == "unstoppable.auth"]
    assert found, "unstoppable_payloads.json has no unstoppable.auth test"
    return found


def authenticates(api: OpenAPI, headers: list[list[str]]) -> bool:
    request = MockRequest(SERVER, "get", "/v1/bootstrap", headers=dict(headers))
    try:
        api.validate_request(request)
    except Exception:  # openapi-core's security errors: no scheme is satisfied
        return False
    return True


def disagreements(api: OpenAPI) -> list[str]:
    out = []
    for t in auth_tests():
        headers = t["input"]["headers"]
        if t["result"] == "valid" and not authenticates(api, headers):
            out.append(f"tcId {t['tcId']}: the document refuses a credential the contract takes: {t['comment']}")
        refused = t["result"] == "invalid" and t["expected"]["error"]["detail"] == "unstoppable.unauthenticated"
        if refused and t["input"]["build"] == "debug" and authenticates(api, headers):
            out.append(f"tcId {t['tcId']}: the document takes a request without credential: {t['comment']}")
    return out


def test_every_auth_vector_agrees_with_the_security_schemes():
    assert disagreements(OpenAPI.from_dict(load_document())) == []


def test_the_check_can_fail():
    document = copy.deepcopy(load_document())
    del document["security"]
    assert disagreements(OpenAPI.from_dict(document)), "without security the document should take no credential"
