"""Reward-E's stored documents against their JSON Schema, with a real validator, not the code's own
checker (specs/profiles/reward-e/documents.md):

- specs/profiles/reward-e/documents.schema.json is a valid draft 2020-12 schema (jsonschema's
  metaschema check);
- every `rewarde.validate` vector's body is accepted by `jsonschema` under its document's
  definition exactly when the vector is valid (an `rewarde.unknown_document` vector names a
  document the schema does not define);
- every `rewarde.familyPremium` vector's records are valid subscription documents unless the
  vector expects a document error;
- a refused vector's code is the code of jsonschema's first refusal in the stated order of checks
  (schema_codes.py maps the keyword to the code);
- the check can fail: with `additionalProperties` removed from `child`, the `type` enum widened,
  the Timestamp's `format: date-time` dropped, or the Timestamp form not accepted, vectors
  CloserSpec refuses (or accepts) disagree with jsonschema, and the test says which;
- both readings of D-REWARDE-15, -16, -17 (specs/manual-conflicts.md): the schema edited to the
  manual's words (a child's `id` optional, a family's `id` and a transaction's and goal's `childId`
  members) accepts exactly what the manual-reading tests expect, and each schema disagrees with
  exactly the other reading's tests.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from readings import selected_tests
from schema_codes import codes, dollar_before_newline

ROOT = Path(__file__).resolve().parents[2]
SCHEMA = ROOT / "specs" / "profiles" / "reward-e" / "documents.schema.json"
SUITE = ROOT / "vectors" / "profiles" / "reward-e" / "reward_e_contracts.json"
RFC3339 = "^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]{1,9})?(Z|[+-][0-9]{2}:[0-9]{2})$(?!\\n)"
PATTERNS = {"^[A-HJ-NP-Z2-9]{6}$(?!\\n)": "rewarde.invalid_invite_code", RFC3339: "rewarde.invalid_timestamp",
            "^(19[7-9][0-9]|[2-9][0-9]{3})-": "rewarde.out_of_range"}
DOCUMENT_ERRORS = {"rewarde.not_an_object", "rewarde.unknown_field", "rewarde.missing_field", "rewarde.wrong_type",
                   "rewarde.unknown_enum_value", "rewarde.out_of_range", "rewarde.invalid_timestamp"}


def load_schema() -> dict:
    return json.loads(SCHEMA.read_text(encoding="utf-8"))


READINGS = frozenset({"D-REWARDE-15", "D-REWARDE-16", "D-REWARDE-17"})


def vector_tests(op: str, manual=frozenset()) -> list[dict]:
    data = json.loads(SUITE.read_text(encoding="utf-8"))
    found = [t for t in selected_tests(data, manual) if t["op"] == op]
    assert found, f"reward_e_contracts.json has no {op} test: a runner that finds no tests fails"
    return found


def validator(schema: dict, kind: str) -> Draft202012Validator:
    sub = {**schema["$defs"][kind], "$defs": schema["$defs"]}
    return Draft202012Validator(sub, format_checker=Draft202012Validator.FORMAT_CHECKER)


class TimestampCodes:
    """documents.md §Timestamps: inside a Timestamp object (the instant's `then`), a member too many or
    missing is a wrong type, and a text `format: date-time` refuses is the RFC 3339 refusal."""

    def __init__(self, inner: Draft202012Validator):
        self.inner = inner

    def iter_errors(self, body):
        for e in self.inner.iter_errors(body):
            if "then" in e.absolute_schema_path and e.validator in ("required", "additionalProperties"):
                e.validator = "type"
            elif e.validator == "format":
                e.validator, e.validator_value = "pattern", RFC3339
            yield e


def accepts(schema: dict, kind: str, body) -> bool:
    return validator(schema, kind).is_valid(body)


def disagreements(schema: dict, manual=frozenset()) -> list[str]:
    out = []
    for t in vector_tests("rewarde.validate", manual):
        kind = t["input"]["document"]
        if kind not in schema["$defs"]:
            assert t["result"] == "invalid" and t["expected"]["error"]["detail"] == "rewarde.unknown_document", t["comment"]
            continue
        found = codes(TimestampCodes(validator(schema, kind)), t["input"]["body"], "rewarde", PATTERNS)
        if (not found) != (t["result"] == "valid"):
            out.append(f"{t['tcId']} {t['comment']}")
        elif found and t["expected"]["error"]["detail"] not in found:
            out.append(f"{t['tcId']} {t['comment']}: the schema refuses with {sorted(found)}, "
                       f"the vector {t['expected']['error']['detail']}")
    return out


def manual_schema(schema: dict) -> dict:
    """The documents as the manual's Data Models and composite indexes read: a child's `id`
    optional (the Firestore structure lists none), a family's `id` (Data Models: "Family id"),
    `childId` on transactions and goals (the indexes)."""
    s = copy.deepcopy(schema)
    d = s["$defs"]
    string_id = d["child"]["properties"]["id"]
    d["child"]["required"].remove("id")
    d["family"]["properties"]["id"] = string_id
    d["transaction"]["properties"]["childId"] = string_id
    d["goal"]["properties"]["childId"] = string_id
    return s


def test_both_readings_of_the_stored_documents():
    pinned_ids = sorted(t["tcId"] for t in vector_tests("rewarde.validate") if "reading" in t)
    manual = vector_tests("rewarde.validate", READINGS)
    manual_ids = sorted(t["tcId"] for t in manual if "reading" in t)
    replaced = sorted(r for t in manual if "reading" in t for r in t["reading"].get("replaces", []))
    assert len(pinned_ids) == 3 and len(manual_ids) == 5 and replaced == [21, 41]
    ids = lambda found: sorted(int(d.split()[0]) for d in found)  # noqa: E731
    assert disagreements(manual_schema(load_schema()), READINGS) == []
    assert ids(disagreements(manual_schema(load_schema()))) == sorted(pinned_ids + replaced)
    assert ids(disagreements(load_schema(), READINGS)) == manual_ids


def test_schema_is_valid_draft_2020_12():
    Draft202012Validator.check_schema(load_schema())


def test_every_validate_vector_agrees_with_jsonschema():
    assert disagreements(load_schema()) == []


def test_premium_records_are_subscription_documents():
    schema = load_schema()
    for t in vector_tests("rewarde.familyPremium"):
        doc_error = t["result"] == "invalid" and t["expected"]["error"]["detail"] in DOCUMENT_ERRORS
        ok = all(accepts(schema, "subscription", s) for s in t["input"]["subscriptions"])
        assert ok != doc_error, t["comment"]


def test_a_trailing_newline_is_refused_only_with_the_lookahead():
    broken = copy.deepcopy(load_schema())
    dollar_before_newline(broken)
    assert any("family inviteCode with a trailing newline" in d for d in disagreements(broken))


@pytest.mark.parametrize("break_it, expect", [
    (lambda s: s["$defs"]["child"].pop("additionalProperties"), "photoFileName"),
    (lambda s: s["$defs"]["transaction"]["properties"]["type"]["enum"].append("bonus"), "type bonus"),
    (lambda s: s["$defs"]["transaction"]["properties"].update(
        type={"type": "string", "pattern": "^(earn|spend)$"}), "refuses with ['rewarde.pattern']"),
    (lambda s: s["$defs"]["timestamp"]["properties"]["timestampValue"]["allOf"].pop(1), "February 30"),
    (lambda s: s["$defs"]["instant"].update({"if": {"type": "null"}}), "Firestore Timestamp"),
])
def test_the_check_can_fail(break_it, expect):
    broken = copy.deepcopy(load_schema())
    break_it(broken)
    found = disagreements(broken)
    assert any(expect in d for d in found), found
