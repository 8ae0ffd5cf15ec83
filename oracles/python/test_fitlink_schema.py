"""FitLink's Firestore documents against their JSON Schema, with a real validator, not the code's
own checker (specs/profiles/fitlink/documents.md):

- specs/profiles/fitlink/documents.schema.json is a valid draft 2020-12 schema;
- every `fitlink.validate` vector's body is accepted by `jsonschema` under its document's
  definition exactly when the vector is valid — except the refusals JSON Schema cannot express
  (b64 byte lengths, the chat id's order, the participants), which jsonschema must accept, so the
  residue is exactly that list;
- the check can fail: without the per-type payload rules, or with `status` widened, vectors
  CloserSpec refuses pass jsonschema, and the test says which.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

ROOT = Path(__file__).resolve().parents[2]
SCHEMA = ROOT / "specs" / "profiles" / "fitlink" / "documents.schema.json"
SUITE = ROOT / "vectors" / "profiles" / "fitlink" / "fitlink_documents.json"
BEYOND_JSON_SCHEMA = {"aesgcm.too_short", "aesgcm.invalid_iv", "x25519.invalid_key_length", "fitlink.not_a_participant",
                      "fitlink.invalid_chat_id"}


def load_schema() -> dict:
    return json.loads(SCHEMA.read_text(encoding="utf-8"))


def vector_tests() -> list[dict]:
    data = json.loads(SUITE.read_text(encoding="utf-8"))
    found = [t for g in data["testGroups"] for t in g["tests"] if t["op"] == "fitlink.validate"]
    assert found, "fitlink_documents.json has no fitlink.validate test: a runner that finds no tests fails"
    return found


def detail(t: dict) -> str | None:
    return t["expected"]["error"]["detail"] if t["result"] == "invalid" else None


def disagreements(schema: dict) -> list[str]:
    out = []
    for t in vector_tests():
        kind = t["input"]["document"]
        if kind not in schema["$defs"]:
            assert detail(t) == "fitlink.unknown_document", t["comment"]
            continue
        sub = {**schema["$defs"][kind], "$defs": schema["$defs"]}
        accepted = Draft202012Validator(sub).is_valid(t["input"]["body"])
        expected = t["result"] == "valid" or detail(t) in BEYOND_JSON_SCHEMA
        if accepted != expected:
            out.append(f"{t['tcId']} {t['comment']}")
    return out


def test_schema_is_valid_draft_2020_12():
    Draft202012Validator.check_schema(load_schema())


def test_every_validate_vector_agrees_with_jsonschema():
    assert disagreements(load_schema()) == []


def test_the_residue_beyond_json_schema_is_exercised():
    seen = {detail(t) for t in vector_tests()} & BEYOND_JSON_SCHEMA
    assert seen == BEYOND_JSON_SCHEMA, BEYOND_JSON_SCHEMA - seen


@pytest.mark.parametrize("break_it, expect", [
    (lambda s: s["$defs"]["friend_message"].pop("allOf"), "a text message with image_url"),
    (lambda s: s["$defs"]["friend_message"]["properties"]["status"]["enum"].append("seen"), "status seen"),
])
def test_the_check_can_fail(break_it, expect):
    broken = copy.deepcopy(load_schema())
    break_it(broken)
    found = disagreements(broken)
    assert any(expect in d for d in found), found
