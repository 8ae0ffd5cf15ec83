"""The error code a JSON Schema refusal stands for, so the schema oracles compare codes, not only
accept/refuse (specs/profiles/fitlink/documents.md and specs/profiles/reward-e/documents.md, order of
checks: an unknown member, then a missing one, then a wrong type, then a value out of its range or
list, then — FitLink — the payload rules after the members).

`codes(validator, body, prefix, patterns)` walks every jsonschema error, maps its keyword to a code
(`additionalProperties` → unknown_field, `required` → missing_field, `type` → wrong_type, `enum` /
`const` → unknown_enum_value, bounds → out_of_range, `pattern` → the code `patterns` names for that
pattern; under a top-level `allOf` — FitLink's per-type payload rules — a member too many or missing
is `invalid_payload`, and every such error comes after the members' own), and returns the codes of
the earliest stage in that order: the error a conforming checker reports first is among them.
"""

from __future__ import annotations

BOUNDS = {"minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "minLength", "maxLength", "minItems",
          "maxItems", "minProperties", "maxProperties", "uniqueItems"}
STAGES = {"unknown_field": 0, "missing_field": 1, "not_an_object": 1, "wrong_type": 2, "invalid_payload": 4}


def in_payload_rules(error) -> bool:
    return bool(error.absolute_schema_path) and error.absolute_schema_path[0] == "allOf"


def code_of(error, prefix: str, patterns: dict[str, str]) -> str:
    keyword = error.validator
    if in_payload_rules(error) and keyword in ("additionalProperties", "required"):
        return f"{prefix}.invalid_payload"
    if keyword in ("additionalProperties", "unevaluatedProperties"):
        return f"{prefix}.unknown_field"
    if keyword == "required":
        return f"{prefix}.missing_field"
    if keyword == "type":
        return f"{prefix}.not_an_object" if not error.absolute_path else f"{prefix}.wrong_type"
    if keyword in ("enum", "const"):
        return f"{prefix}.unknown_enum_value"
    if keyword in BOUNDS:
        return f"{prefix}.out_of_range"
    if keyword == "pattern":
        return patterns.get(error.validator_value, f"{prefix}.pattern")
    return f"{prefix}.{keyword}"


def stage(error, code: str) -> tuple[bool, int]:
    return in_payload_rules(error), STAGES.get(code.split(".", 1)[-1], 3)


def codes(validator, body, prefix: str, patterns: dict[str, str]) -> set[str]:
    found = [(stage(e, c), c) for e in validator.iter_errors(body) for c in [code_of(e, prefix, patterns)]]
    if not found:
        return set()
    first = min(s for s, _ in found)
    return {c for s, c in found if s == first}


def dollar_before_newline(schema: dict) -> None:
    """The patterns as plain `^…$`: Python's `re` lets `$` match before a final newline."""
    for key, value in list(schema.items()):
        if key == "pattern":
            schema[key] = value.replace("$(?!\\n)", "$")
        elif isinstance(value, dict):
            dollar_before_newline(value)
