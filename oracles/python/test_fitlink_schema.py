"""FitLink's Firestore documents against their JSON Schema, with a real validator, not the code's
own checker (specs/profiles/fitlink/documents.md):

- specs/profiles/fitlink/documents.schema.json is a valid draft 2020-12 schema;
- every `fitlink.validate` vector's body is accepted by `jsonschema` under its document's
  definition exactly when the vector is valid — except the refusals JSON Schema cannot express
  (b64 byte lengths, the chat id's order, the participants), which jsonschema must accept, so the
  residue is exactly that list;
- a refused vector's code is the code of jsonschema's first refusal in the stated order of checks
  (schema_codes.py maps the keyword to the code);
- the check can fail: without the per-type payload rules, or with `status` widened, vectors
  CloserSpec refuses pass jsonschema, and with `status` a pattern instead of an enum the codes differ.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from schema_codes import codes, dollar_before_newline

ROOT = Path(__file__).resolve().parents[2]
SCHEMA = ROOT / "specs" / "profiles" / "fitlink" / "documents.schema.json"
SUITE = ROOT / "vectors" / "profiles" / "fitlink" / "fitlink_documents.json"
UUID = "^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$(?!\\n)"
B64 = "^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$(?!\\n)"
PATTERNS = {UUID: "fitlink.invalid_uuid", "^[A-Za-z0-9-]{1,128}$(?!\\n)": "fitlink.invalid_user_id",
            "^chat_[A-Za-z0-9-]{1,128}_[A-Za-z0-9-]{1,128}$(?!\\n)": "fitlink.invalid_chat_id", B64: "b64"}
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
        found = codes(Draft202012Validator(sub), t["input"]["body"], "fitlink", PATTERNS)
        expected = t["result"] == "valid" or detail(t) in BEYOND_JSON_SCHEMA
        if (not found) != expected:
            out.append(f"{t['tcId']} {t['comment']}")
        elif found and normalized(detail(t)) not in found:
            out.append(f"{t['tcId']} {t['comment']}: the schema refuses with {sorted(found)}, the vector {detail(t)}")
    return out


def normalized(code: str) -> str:
    """A base64 refusal is one pattern in the schema, several codes in specs/errors.md."""
    return "b64" if code.startswith("b64.") else code


def test_schema_is_valid_draft_2020_12():
    Draft202012Validator.check_schema(load_schema())


def test_every_validate_vector_agrees_with_jsonschema():
    assert disagreements(load_schema()) == []


def test_the_residue_beyond_json_schema_is_exercised():
    seen = {detail(t) for t in vector_tests()} & BEYOND_JSON_SCHEMA
    assert seen == BEYOND_JSON_SCHEMA, BEYOND_JSON_SCHEMA - seen


def test_a_trailing_newline_is_refused_only_with_the_lookahead():
    broken = copy.deepcopy(load_schema())
    dollar_before_newline(broken)
    assert any("user_id with a trailing newline" in d for d in disagreements(broken))


@pytest.mark.parametrize("break_it, expect", [
    (lambda s: s["$defs"]["friend_message"].pop("allOf"), "a text message with image_url"),
    (lambda s: s["$defs"]["friend_message"]["properties"]["status"]["enum"].append("seen"), "status seen"),
    (lambda s: s["$defs"]["friend_message"]["properties"].update(
        status={"type": "string", "pattern": "^(sent|delivered|read)$"}), "refuses with ['fitlink.pattern']"),
])
def test_the_check_can_fail(break_it, expect):
    broken = copy.deepcopy(load_schema())
    break_it(broken)
    found = disagreements(broken)
    assert any(expect in d for d in found), found
