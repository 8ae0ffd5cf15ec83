"""Independent check of the documents suite (specs/documents.md) without CloserSpec: each
collection's shape is written as a JSON Schema (Draft 2020-12, validated by `jsonschema`), zone
ids are looked up in Python's `zoneinfo` (the system tz database), timestamps and calendar dates
parsed with `datetime`. Every vector's verdict (valid or not) and error code must agree, and
realistically broken validators (each a mutated schema) fail named vectors.
"""

from __future__ import annotations

import copy
import json
import pathlib
import re
from datetime import date, datetime
from zoneinfo import available_timezones

import jsonschema
import pytest

VECTORS = pathlib.Path(__file__).resolve().parents[2] / "vectors"
ZONES = available_timezones() | {"UTC"}
RFC3339 = re.compile(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$")

CHECKER = jsonschema.FormatChecker()


@CHECKER.checks("tz-zone")
def is_zone(text) -> bool:
    return not isinstance(text, str) or text in ZONES


def instant(text: str) -> datetime | None:
    if not isinstance(text, str) or not RFC3339.match(text):
        return None
    try:
        return datetime.fromisoformat(re.sub(r"\.\d+", "", text).replace("Z", "+00:00"))
    except ValueError:
        return None


@CHECKER.checks("rfc3339")
def is_rfc3339(text) -> bool:
    return not isinstance(text, str) or instant(text) is not None


TS = {"type": "object", "properties": {"timestampValue": {"type": "string", "format": "rfc3339"}},
      "required": ["timestampValue"], "additionalProperties": False}
NONEMPTY = {"type": "string", "minLength": 1}
MINUTE = {"type": "integer", "minimum": 0, "maximum": 1439}


def shape(props, required=(), closed=True, server=()):
    schema = {"type": "object", "properties": dict(props), "required": list(required)}
    for name in server:
        schema["properties"][name] = False  # a client may not write it
    if closed:
        schema["additionalProperties"] = False
    return schema


SCHEMAS = {
    "users": shape({
        "email": {"type": "string"}, "displayName": {"type": "string"}, "photoUrl": {"type": ["string", "null"]},
        "platform": {"enum": ["android", "ios", None]}, "fcmToken": NONEMPTY, "quietHoursEnabled": {"type": "boolean"},
        "quietHoursStartMinutes": MINUTE, "quietHoursEndMinutes": MINUTE,
        "timezone": {"type": "string", "minLength": 1, "format": "tz-zone"},
    }, server=["coupleId", "hasPremium"]),
    "couples": shape({
        "wrappedCoupleKey": NONEMPTY, "kdfSalt": NONEMPTY, "kdfParams": NONEMPTY,
        "streakCount": {"type": "integer", "minimum": 0}, "lastAnsweredAt": {"anyOf": [TS, {"type": "null"}]},
    }, server=["id", "userIds", "inviteCode", "createdAt", "currentQuestionId", "activePackId",
               "encryptionVersion", "encryptionMigrationUsers"]),
    "fcmTokens": shape({"token": NONEMPTY, "platform": {"enum": ["android", "ios"]}, "updatedAt": TS},
                       required=["token", "platform", "updatedAt"], closed=False),
    "notification_queue": shape({
        "type": NONEMPTY, "read": {"type": "boolean"}, "createdAt": TS, "sent": {"type": "boolean"},
        "title": {"type": "string"}, "body": {"type": "string"},
    }, required=["type", "read", "createdAt"], closed=False),
    "outcomes": shape({"submittedAt": TS, "answers": {"type": "object"}}, required=["submittedAt", "answers"]),
    "daily_question": shape({"questionId": NONEMPTY, "date": {"type": "string"}, "assignedAt": TS, "expiresAt": TS},
                            required=["questionId", "date", "assignedAt", "expiresAt"]),
}
SERVER = {"users": {"coupleId", "hasPremium"}, "couples": set(SCHEMAS["couples"]["properties"]) - {
    "wrappedCoupleKey", "kdfSalt", "kdfParams", "streakCount", "lastAnsweredAt"}}


def calendar_date(text: str) -> bool:
    if not re.fullmatch(r"\d{4}-\d{2}-\d{2}", text):
        return False
    try:
        date.fromisoformat(text)
        return True
    except ValueError:
        return False


def collection(path: str):
    """(name, id) or an error code (specs/documents.md §Paths)."""
    s = path.split("/")
    if "" in s:
        return "document.unknown_path"
    if len(s) == 2 and s[0] in ("users", "couples"):
        return s[0], s[1]
    if len(s) == 4 and s[0] == "users" and s[2] in ("fcmTokens", "notification_queue"):
        return s[2], s[3]
    if len(s) == 4 and s[0] == "users" and s[2] == "outcomes":
        return ("outcomes", s[3]) if s[3] in ("day_0", "day_30", "day_60", "day_90") else "document.invalid_id"
    if len(s) == 4 and s[0] == "couples" and s[2] == "daily_question":
        return ("daily_question", s[3]) if calendar_date(s[3]) else "document.invalid_id"
    return "document.unknown_path"


def error_codes(name, doc, schemas, across=True) -> set[str]:
    """The document.* codes jsonschema's errors stand for (empty: valid)."""
    validator = jsonschema.Draft202012Validator(schemas[name], format_checker=CHECKER)
    codes = set()
    for e in validator.iter_errors(doc):
        if e.schema is False:
            codes.add("document.server_member")
        elif len(e.absolute_path) >= 1:  # about a member's value, at any depth
            codes.add("document.invalid_member")
        elif e.validator == "required":
            codes.add("document.missing_member")
        elif e.validator == "additionalProperties":
            codes.add("document.unknown_member")
        else:
            codes.add("document.invalid_member")
    if across and name == "daily_question" and not codes:
        if doc["date"] != doc_id_of(doc):
            codes.add("document.invalid_member")
        elif not instant(doc["assignedAt"]["timestampValue"]) < instant(doc["expiresAt"]["timestampValue"]):
            codes.add("document.invalid_member")
    return codes


_CURRENT_ID = {}


def doc_id_of(_doc):
    return _CURRENT_ID["id"]


def verdict(inp, schemas=SCHEMAS, **kw) -> set[str]:
    c = collection(inp["path"])
    if isinstance(c, str):
        return {c}
    name, _CURRENT_ID["id"] = c
    if not isinstance(inp["document"], dict):
        return {"document.not_object"}
    return error_codes(name, inp["document"], schemas, **kw)


def suite_tests():
    doc = json.loads((VECTORS / "documents.json").read_text())
    return [t for g in doc["testGroups"] for t in g["tests"]]


def test_documents_agree_with_json_schema_and_zoneinfo():
    ts = suite_tests()
    assert len(ts) >= 70
    assert sum(t["result"] == "valid" for t in ts) >= 20
    wrong = []
    for t in ts:
        codes = verdict(t["input"])
        if t["result"] == "valid":
            ok = not codes
        else:
            want = t["expected"]["error"]["detail"]
            ok = want in codes and (len(codes) == 1 or "MemberTypes" in t["flags"])
        if not ok:
            wrong.append((t["tcId"], t["comment"], sorted(codes)))
    assert wrong == []


def mutated(name, edit):
    schemas = copy.deepcopy(SCHEMAS)
    edit(schemas[name])
    return schemas


MUTANTS = [
    # minutes up to 1440 ("24:00"), or any number
    ("users", lambda s: s["properties"].update(quietHoursStartMinutes={"type": "integer", "minimum": 0, "maximum": 1440},
                                                quietHoursEndMinutes={"type": "integer", "minimum": 0, "maximum": 1440}), "Ranges"),
    ("users", lambda s: s["properties"].update(quietHoursStartMinutes={"type": "number"}), "Ranges"),
    # any string as a zone
    ("users", lambda s: s["properties"].update(timezone={"type": "string"}), "Zone"),
    # a platform of any case / value
    ("users", lambda s: s["properties"].update(platform={"type": ["string", "null"]}), "Ranges"),
    # hasPremium allowed from a client
    ("users", lambda s: s["properties"].update(hasPremium={}), "ServerControlled"),
    # server-controlled couple members allowed
    ("couples", lambda s: s["properties"].update(currentQuestionId={}, activePackId={}), "ServerControlled"),
    # fcmTokens platform nullable or optional
    ("fcmTokens", lambda s: s["properties"].update(platform={"enum": ["android", "ios", None]}), "MemberTypes"),
    ("fcmTokens", lambda s: s["required"].remove("platform"), "Required"),
    # notification_queue without read
    ("notification_queue", lambda s: s["required"].remove("read"), "Required"),
    # timestamps as any value
    ("daily_question", lambda s: s["properties"].update(assignedAt={}), "MemberTypes"),
]


@pytest.mark.parametrize("name, edit, flag", MUTANTS)
def test_documents_catch_a_broken_validator(name, edit, flag):
    schemas = mutated(name, edit)
    caught = []
    for t in suite_tests():
        codes = verdict(t["input"], schemas)
        if (t["result"] == "valid") != (not codes):
            caught.append(t)
    assert any(flag in t["flags"] for t in caught), f"{name} mutant is caught by no {flag} vector"


def test_documents_catch_a_validator_without_cross_member_checks():
    caught = [t for t in suite_tests() if t["result"] == "invalid" and not verdict(t["input"], across=False)]
    assert caught and all(t["input"]["path"].startswith("couples/c1/daily_question/") for t in caught)


def test_documents_catch_a_validator_that_takes_any_outcome_day():
    bad_ids = [t for t in suite_tests() if t["result"] == "invalid" and t["expected"]["error"]["detail"] == "document.invalid_id"
               and "/outcomes/" in t["input"]["path"]]
    assert bad_ids, "no outcomes vector with a bad day key"
