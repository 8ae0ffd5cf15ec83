"""The Unstoppable /v1 contract against its OpenAPI 3.1 document, with real validators, not a
hand-written checker (specs/profiles/unstoppable/payloads.md §"OpenAPI"):

- specs/profiles/unstoppable/openapi.yaml is a valid OpenAPI 3.1 document (openapi-spec-validator)
  and declares exactly the seven endpoints of unstoppable-ios-backend.md, with their auth modes;
- every `unstoppable.validate` vector's body, as the request or response of its endpoint, is
  accepted by openapi-core when the vector is valid and refused when it is invalid (an
  `unstoppable.unknown_endpoint` vector names a body the document does not declare);
- every webhook delivery of unstoppable_webhook is a valid request body exactly when its vector
  is valid, and every final snapshot a valid `GET /v1/user/subscription` response;
- the check can fail: with the `HH:mm` pattern or the paymentOption enum removed from the
  document, vectors the contract refuses pass openapi-core, and the test says which.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
import yaml
from openapi_core import OpenAPI
from openapi_core.testing import MockRequest, MockResponse
from openapi_spec_validator import validate as validate_spec

ROOT = Path(__file__).resolve().parents[2]
DOCUMENT = ROOT / "specs" / "profiles" / "unstoppable" / "openapi.yaml"
VECTORS = ROOT / "vectors" / "profiles" / "unstoppable"
SERVER = "https://api.unstoppable.app"
ENDPOINTS = {
    ("get", "/v1/bootstrap"), ("post", "/v1/user/profile"), ("put", "/v1/routines/current"),
    ("post", "/v1/progress/daily"), ("get", "/v1/user/subscription"),
    ("post", "/v1/payments/subscription/snapshot"), ("post", "/v1/payments/revenuecat/webhook"),
}


def load_document() -> dict:
    return yaml.safe_load(DOCUMENT.read_text(encoding="utf-8"))


def vector_tests(suite: str, op: str) -> list[dict]:
    data = json.loads((VECTORS / f"{suite}.json").read_text(encoding="utf-8"))
    found = [t for g in data["testGroups"] for t in g["tests"] if t["op"] == op]
    assert found, f"{suite}.json has no {op} test: a runner that finds no tests fails"
    return found


def request(method: str, path: str, body) -> MockRequest:
    return MockRequest(
        SERVER, method, path, headers={"Authorization": "Bearer token"},
        data=None if body is None else json.dumps(body).encode(), content_type="application/json")


def accepts(api: OpenAPI, endpoint: str, message: str, body) -> bool:
    """Whether openapi-core accepts `body` as `message` of `endpoint` ("METHOD /path")."""
    method, path = endpoint.split(" ", 1)
    method = method.lower()
    try:
        if message == "request":
            api.validate_request(request(method, path, body))
        else:
            api.validate_response(
                request(method, path, None),
                MockResponse(json.dumps(body).encode(), status_code=200, content_type="application/json"))
    except Exception:  # openapi-core's validation errors: the body is refused
        return False
    return True


def declares_body(document: dict, endpoint: str, message: str) -> bool:
    method, path = endpoint.split(" ", 1)
    operation = document["paths"].get(path, {}).get(method.lower())
    if operation is None:
        return False
    if message == "request":
        return "requestBody" in operation
    return "content" in operation["responses"].get("200", {})


def disagreements(api: OpenAPI, document: dict) -> list[str]:
    """Every validate vector whose verdict openapi-core does not share."""
    out = []
    for t in vector_tests("unstoppable_payloads", "unstoppable.validate"):
        i = t["input"]
        if t["result"] == "invalid" and t["expected"]["error"]["detail"] == "unstoppable.unknown_endpoint":
            if declares_body(document, i["endpoint"], i["message"]):
                out.append(f"tcId {t['tcId']}: the document declares {i['endpoint']} {i['message']}")
            continue
        if accepts(api, i["endpoint"], i["message"], i["body"]) != (t["result"] == "valid"):
            out.append(f"tcId {t['tcId']} ({t['result']}): {t['comment']}")
    return out


def test_document_is_valid_openapi_31():
    document = load_document()
    validate_spec(document)
    assert document["openapi"].startswith("3.1.")
    declared = {(m, p) for p, ops in document["paths"].items() for m in ops}
    assert declared == ENDPOINTS
    schemes = document["components"]["securitySchemes"]
    assert schemes["firebaseBearer"]["scheme"] == "bearer"
    assert schemes["devUserId"] == {**schemes["devUserId"], "in": "header", "name": "X-User-Id"}
    webhook = document["paths"]["/v1/payments/revenuecat/webhook"]["post"]
    assert webhook["security"] == [{"webhookSecret": []}]


@pytest.mark.parametrize("break_it", [
    lambda d: d["components"]["schemas"]["RoutineTime"].update(type="time"),
    lambda d: d["paths"]["/v1/bootstrap"]["get"]["responses"]["200"]["content"]["application/json"]["schema"].update(
        {"$ref": "#/components/schemas/NoSuchSchema"}),
    lambda d: d.update(openapi="3.1.x"),
], ids=["unknown-type", "dangling-ref", "bad-version"])
def test_spec_validator_refuses_a_broken_document(break_it):
    broken = load_document()
    break_it(broken)
    with pytest.raises(Exception):
        validate_spec(broken)


def test_every_payload_vector_agrees_with_the_document():
    document = load_document()
    assert disagreements(OpenAPI.from_dict(document), document) == []


def test_every_webhook_vector_agrees_with_the_document():
    api = OpenAPI.from_dict(load_document())
    for t in vector_tests("unstoppable_webhook", "unstoppable.webhook"):
        verdicts = [accepts(api, "POST /v1/payments/revenuecat/webhook", "request", e) for e in t["input"]["events"]]
        if t["result"] == "valid":
            assert all(verdicts), f"tcId {t['tcId']}: a delivery is refused by the document"
            snapshot = t["expected"]["subscription"]
            assert accepts(api, "GET /v1/user/subscription", "response", snapshot), f"tcId {t['tcId']}"
        else:
            assert not all(verdicts), f"tcId {t['tcId']}: the document accepts every delivery: {t['comment']}"


@pytest.mark.parametrize("schema, member", [("RoutineTime", "pattern"), ("PaymentOption", "enum")])
def test_the_check_can_fail(schema, member):
    document = copy.deepcopy(load_document())
    del document["components"]["schemas"][schema][member]
    found = disagreements(OpenAPI.from_dict(document), document)
    assert found, f"without {schema}.{member} the document should accept a vector the contract refuses"
