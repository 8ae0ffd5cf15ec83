"""The callables' JSON Schemas (specs/schema/callables/, specs/callables.md and
specs/cloud-functions.md §The remaining callables) are valid Draft 2020-12 schemas, and each
pinned request/response shape accepts the page's examples and refuses the broken ones below
(`jsonschema`). A schema that accepted everything would fail the refusals.
"""

from __future__ import annotations

import json
import pathlib

import jsonschema
import pytest

SCHEMAS = pathlib.Path(__file__).resolve().parents[2] / "specs" / "schema" / "callables"


def schema(name):
    return json.loads((SCHEMAS / f"{name}.schema.json").read_text())


def test_every_callable_schema_is_valid_draft_2020_12():
    files = sorted(SCHEMAS.glob("*.schema.json"))
    assert len(files) >= 17
    for f in files:
        doc = json.loads(f.read_text())
        jsonschema.Draft202012Validator.check_schema(doc)
        assert doc["$id"].endswith("/" + f.name), f.name


EXAMPLES = [
    ("sendDailyQuestionReminder.request", {"userId": "alice"}, [{}, {"userId": ""}, {"userId": 7}]),
    ("sendDailyQuestionReminder.response", {"queued": True, "type": "daily_question"},
     [{"queued": True}, {"queued": False, "type": "daily_question"}, {"queued": True, "type": "partner_answered"}]),
    ("sendPartnerAnsweredNotification.response", {"queued": True, "type": "partner_answered"},
     [{"queued": True, "type": "daily_question"}]),
    ("sendGentleReminderCallable.response", {"allowed": True},
     [{"allowed": False}, {"allowed": False, "retryAfterMinutes": 0}, {"allowed": True, "retryAfterMinutes": 5},
      {"allowed": False, "retryAfterMinutes": 2.5}, {}]),
    ("sendGentleReminderCallable.response", {"allowed": False, "retryAfterMinutes": 30}, []),
    ("submitOutcomeCallable.request", {"dayKey": "day_30", "answers": {"q1": 4}},
     [{"dayKey": "day_45", "answers": {}}, {"dayKey": "day_0"}, {"dayKey": "day_0", "answers": []}]),
    ("assignDailyQuestionCallable.request", {"coupleId": "c1"}, [{}, {"coupleId": ""}]),
    ("checkDeviceIntegrity.request", {"token": "eyJ..."}, [{}, {"token": ""}]),
    ("checkDeviceIntegrity.response", {"verdict": "MEETS_DEVICE_INTEGRITY"}, [{}]),
    ("sendGentleReminderCallable.request", {}, [[]]),
    ("syncEntitlement.request", {}, ["x"]),
]


@pytest.mark.parametrize("name, good, bads", EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_callable_schema_examples(name, good, bads):
    v = jsonschema.Draft202012Validator(schema(name))
    assert v.is_valid(good), list(v.iter_errors(good))
    for bad in bads:
        assert not v.is_valid(bad), f"{name} accepts {bad!r}"


SCHEMA_ONLY = {"sendDailyQuestionReminder", "sendPartnerAnsweredNotification", "sendGentleReminderCallable",
               "submitOutcomeCallable", "syncEntitlement", "assignDailyQuestionCallable", "checkDeviceIntegrity"}
VECTORS = SCHEMAS.parents[2] / "vectors" / "callables.json"


def schema_only_vectors():
    data = json.loads(VECTORS.read_text(encoding="utf-8"))
    return [t for g in data["testGroups"] for t in g["tests"]
            if t["op"] == "callable.validate" and t["input"]["callable"] in SCHEMA_ONLY]


def test_every_schema_only_callable_has_vectors_both_ways():
    """callables.md §The other callables: each of the seven is exercised, accepted and refused."""
    tests = schema_only_vectors()
    assert {t["input"]["callable"] for t in tests} == SCHEMA_ONLY
    for name in SCHEMA_ONLY:
        verdicts = {t["expected"]["valid"] for t in tests if t["input"]["callable"] == name}
        assert verdicts == {True, False}, name


@pytest.mark.parametrize("test", schema_only_vectors(), ids=lambda t: f"tc{t['tcId']}")
def test_schema_only_vectors_agree_with_the_request_schema(test):
    """CloserSpec's callable.validate and the JSON Schema (through `jsonschema`) accept the same
    payloads, and every refusal is invalid-argument (D-CONTRACTS-16, -17)."""
    validator = jsonschema.Draft202012Validator(schema(test["input"]["callable"] + ".request"))
    schema_valid = validator.is_valid(test["input"]["payload"])
    assert schema_valid == test["expected"]["valid"], test["comment"]
    if not schema_valid:
        assert test["expected"]["httpsError"]["code"] == "invalid-argument"
