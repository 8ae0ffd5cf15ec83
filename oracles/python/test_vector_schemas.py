"""Every vector file against its JSON Schema (specs/schema/, draft 2020-12), checked with the
`jsonschema` package, not a hand-written checker (specs/vectors.md).

- each schema is itself a valid draft 2020-12 schema;
- the wire schema's `layer` and `bugType` enums are exactly specs/vectors.md's tables;
- every vectors/*.json validates against the schema its `schema` member names (MANIFEST.json
  against manifest.schema.json, by name);
- MANIFEST.json's digests, test counts and invalid counts match the files, and it lists every
  file of vectors/ and no other (the set's kill-matrix.json under killMatrix, not among the suites);
- each set's kill-matrix.json validates against kill_matrix_v1.schema.json, and every test it
  names is a test of its set with that content id (computed here with `rfc8785`);
- every flag a test uses is explained in the file's `notes`; tcIds are unique and run 1, 2, …
  in file order; `numberOfTests` counts the tests;
- negative tests: broken copies of a real file (a test without `result`, an unknown layer, …)
  are rejected, so the schemas can fail.
"""

from __future__ import annotations

import copy
import hashlib
import json
import re
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

ROOT = Path(__file__).resolve().parents[2]
VECTORS = ROOT / "vectors"
SCHEMAS = ROOT / "specs" / "schema"
SCHEMA_FILES = {
    "wire_vectors_v1": "wire_vectors_v1.schema.json",
    "rules_vectors_v1": "rules_vectors_v1.schema.json",
    "manifest": "manifest.schema.json",
    "kill-matrix-v1": "kill_matrix_v1.schema.json",
}
KILL_MATRIX = "kill-matrix.json"


def load(path: Path):
    return json.loads(path.read_text(encoding="utf-8"))


def schema(name: str) -> dict:
    return load(SCHEMAS / SCHEMA_FILES[name])


def validator(name: str) -> Draft202012Validator:
    return Draft202012Validator(schema(name))


def vector_sets() -> list[Path]:
    """Closer's set (vectors/) and every app profile's (vectors/profiles/<name>/)."""
    return [VECTORS] + sorted(p for p in (VECTORS / "profiles").glob("*") if (p / "MANIFEST.json").is_file())


def vector_files(directory: Path | None = None) -> list[Path]:
    dirs = [directory] if directory else vector_sets()
    files = sorted(p for d in dirs for p in d.glob("*.json") if p.name not in ("MANIFEST.json", KILL_MATRIX))
    assert files, f"no vector files in {', '.join(map(str, dirs))}: run make vectors"
    return files


def schema_name_of(path: Path, doc: dict) -> str:
    name = doc.get("schema")
    assert name in SCHEMA_FILES and name not in ("manifest", "kill-matrix-v1"), f"{path.name}: unknown schema {name!r}"
    return name


def errors(v: Draft202012Validator, doc) -> list[str]:
    return [f"{'/'.join(map(str, e.absolute_path)) or '<root>'}: {e.message}" for e in v.iter_errors(doc)]


def all_tests(doc: dict):
    for group in doc["testGroups"]:
        yield from group["tests"]


def md_table(section: str) -> list[str]:
    text = (ROOT / "specs" / "vectors.md").read_text(encoding="utf-8")
    body = text.split(f"## {section}\n", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"^\| `([A-Za-z0-9_]+)` \|", body, re.M)


# --- the schemas themselves ---------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(SCHEMA_FILES))
def test_schema_is_valid_draft_2020_12(name):
    s = schema(name)
    assert s["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    Draft202012Validator.check_schema(s)


def test_wire_schema_enums_are_the_vectors_md_tables():
    defs = schema("wire_vectors_v1")["$defs"]
    layers, bug_types = md_table("Layers"), md_table("bugType")
    assert len(layers) >= 18 and len(bug_types) >= 12
    assert defs["layer"]["enum"] == layers, "specs/vectors.md §Layers and the schema's layer enum differ"
    assert defs["bugType"]["enum"] == bug_types, "specs/vectors.md §bugType and the schema's bugType enum differ"


def test_wire_schema_error_codes_are_the_nine_categories():
    errors_md = (ROOT / "specs" / "errors.md").read_text(encoding="utf-8")
    table = errors_md.split("| category | meaning |", 1)[1].split("\n\n", 1)[0]
    categories = re.findall(r"^\| `([a-z_]+)` \|", table, re.M)
    assert len(categories) == 9
    assert schema("wire_vectors_v1")["$defs"]["error"]["properties"]["code"]["enum"] == categories


# --- every vector file --------------------------------------------------------------------


def test_vector_directory_is_not_empty():
    assert vector_files(), "vectors/ has no *.json: run `make vectors`"


@pytest.mark.parametrize("path", vector_files(), ids=lambda p: p.name)
def test_file_validates_against_its_schema(path):
    doc = load(path)
    problems = errors(validator(schema_name_of(path, doc)), doc)
    assert not problems, f"{path.name}: {len(problems)} schema errors, first: " + "; ".join(problems[:5])


@pytest.mark.parametrize("path", vector_files(), ids=lambda p: p.name)
def test_flags_tcids_and_counts(path):
    doc = load(path)
    notes = doc["notes"]
    ids, used = [], set()
    for t in all_tests(doc):
        ids.append(t["tcId"])
        used.update(t["flags"])
        missing = [f for f in t["flags"] if f not in notes]
        assert not missing, f"{path.name} tcId {t['tcId']}: flags {missing} are not in notes"
    assert ids == list(range(1, len(ids) + 1)), f"{path.name}: tcIds are not 1..{len(ids)} in file order"
    assert doc["numberOfTests"] == len(ids), f"{path.name}: numberOfTests {doc['numberOfTests']} != {len(ids)} tests"
    if doc["schema"] == "wire_vectors_v1":
        # The wire generator writes only the notes its tests use; rules.json explains every flag it has.
        assert set(notes) == used, f"{path.name}: notes without a test: {sorted(set(notes) - used)}"
        assert doc["suite"] == path.stem


@pytest.mark.parametrize("directory", vector_sets(), ids=lambda p: p.name)
def test_manifest_validates_and_matches_the_files(directory):
    manifest_path = directory / "MANIFEST.json"
    manifest = load(manifest_path)
    problems = errors(validator("manifest"), manifest)
    assert not problems, "MANIFEST.json: " + "; ".join(problems[:5])
    assert ("profile" in manifest) == (directory != VECTORS), "only a profile's set names its profile"
    files = {p.name: p for p in vector_files(directory)}
    assert sorted(manifest["files"]) == sorted(files), "MANIFEST.json lists other files than vectors/ has"
    total = 0
    for name, entry in manifest["files"].items():
        raw = files[name].read_bytes()
        assert entry["sha256"] == hashlib.sha256(raw).hexdigest(), f"{name}: digest differs from MANIFEST.json"
        doc = json.loads(raw)
        tests = list(all_tests(doc))
        assert entry["numberOfTests"] == len(tests) == doc["numberOfTests"], f"{name}: test count"
        assert entry["invalidTests"] == sum(t["result"] == "invalid" for t in tests), f"{name}: invalid count"
        total += len(tests)
    assert manifest["numberOfTests"] == total
    matrix = directory / KILL_MATRIX
    assert ("killMatrix" in manifest) == matrix.is_file(), "MANIFEST.json's killMatrix and kill-matrix.json disagree"
    if matrix.is_file():
        assert manifest["killMatrix"]["sha256"] == hashlib.sha256(matrix.read_bytes()).hexdigest(), "kill-matrix.json digest"


def content_ids(directory: Path) -> dict[tuple[str, int], str]:
    """(suite, tcId) → content id (specs/report.md §"Results formats") of every test of a set."""
    import rfc8785

    out = {}
    for path in vector_files(directory):
        doc = load(path)
        for t in all_tests(doc):
            if "steps" in t:
                steps = [{"op": s["op"], "input": s["input"]} for s in t["steps"]]
            elif "request" in t:
                steps = [{"op": "rules.evaluate", "input": t["request"]}]
            else:
                steps = [{"op": t["op"], "input": t["input"]}]
            body = {"suite": path.stem, "steps": steps}
            out[(path.stem, t["tcId"])] = hashlib.sha256(rfc8785.dumps(body)).hexdigest()
    return out


def kill_matrix_problems(doc: dict, profile: str, ids: dict[tuple[str, int], str]) -> list[str]:
    """What a kill matrix gets wrong against its set: its schema, its set, every test it names."""
    problems = errors(validator("kill-matrix-v1"), doc)
    if problems:
        return problems
    if doc["vectorSet"] != profile:
        return [f"vectorSet {doc['vectorSet']!r} is not {profile!r}"]
    named = [k for m in doc["mutants"] for k in m["killedBy"] or []] + doc["smoke"]
    for k in named:
        if ids.get((k["suite"], k["tcId"])) != k["contentId"]:
            problems.append(f"{k['suite']} tcId {k['tcId']}: not a test of the set with content id {k['contentId'][:16]}…")
    return problems


@pytest.mark.parametrize("directory", vector_sets(), ids=lambda p: p.name)
def test_kill_matrix_validates_and_names_only_tests_of_its_set(directory):
    path = directory / KILL_MATRIX
    assert path.is_file(), f"{path}: every vector set ships its kill matrix (make kill-matrix)"
    profile = "closer" if directory == VECTORS else directory.name
    problems = kill_matrix_problems(load(path), profile, content_ids(directory))
    assert not problems, f"{path}: " + "; ".join(problems[:5])
    assert load(path)["smoke"] or profile != "closer", "Closer's smoke tier is empty"


def test_a_kill_matrix_naming_a_missing_or_changed_test_is_refused():
    doc, ids = load(VECTORS / KILL_MATRIX), content_ids(VECTORS)
    missing = copy.deepcopy(doc)
    missing["smoke"][0]["tcId"] = 99999
    changed = copy.deepcopy(doc)
    changed["smoke"][0]["contentId"] = "0" * 64
    other = copy.deepcopy(doc)
    other["mutants"][0]["killedBy"] = [{"suite": "no_such_suite", "tcId": 1, "layer": "aead", "contentId": "0" * 64}]
    untyped = copy.deepcopy(doc)
    untyped["smoke"][0]["tcId"] = "1"
    for broken in (missing, changed, other, untyped):
        assert kill_matrix_problems(broken, "closer", ids), "a broken kill matrix passes"
    assert kill_matrix_problems(doc, "fitlink", ids), "Closer's matrix passes as FitLink's"


# --- negative tests: the schemas reject broken files -------------------------------------


def wire_sample() -> dict:
    """A real wire file if there is one, else a minimal hand-written one."""
    for p in vector_files():
        doc = load(p)
        if doc.get("schema") == "wire_vectors_v1":
            return doc
    return {
        "algorithm": "closer-enc-v1", "suite": "enc_v1", "schema": "wire_vectors_v1", "generatorVersion": "0.2.0",
        "numberOfTests": 2, "header": ["sample"],
        "notes": {"Valid": {"bugType": "BASIC", "layer": "aead", "description": "d"},
                  "Bad": {"bugType": "ENCODING", "layer": "encoding", "description": "d"}},
        "testGroups": [{"type": "EncV1Open", "comment": "c", "tests": [
            {"tcId": 1, "comment": "ok", "flags": ["Valid"], "result": "valid", "op": "enc.open",
             "input": {"value": "enc:v1:AQ=="}, "intermediates": {}, "expected": {"text": "hi"}},
            {"tcId": 2, "comment": "bad", "flags": ["Bad"], "result": "invalid", "op": "enc.open",
             "input": {"value": "x"}, "intermediates": {},
             "expected": {"error": {"code": "decode_error", "detail": "wire.wrong_prefix", "layer": "encoding"}}},
        ]}],
    }


def first_test(doc, result):
    return next(t for t in all_tests(doc) if t["result"] == result and "op" in t)


def _drop_result(d):
    del first_test(d, "valid")["result"]


def _unknown_note_layer(d):
    next(iter(d["notes"].values()))["layer"] = "transport"


def _unknown_error_layer(d):
    first_test(d, "invalid")["expected"]["error"]["layer"] = "crypto"


def _error_code_is_a_detail(d):
    e = first_test(d, "invalid")["expected"]["error"]
    e["code"] = e["detail"]


def _invalid_without_error(d):
    first_test(d, "invalid")["expected"] = {"text": "opened anyway"}


def _valid_with_error(d):
    t = first_test(d, "valid")
    t["expected"] = {"error": {"code": "decode_error", "detail": "b64.invalid_padding", "layer": "encoding"}}


def _unknown_bug_type(d):
    next(iter(d["notes"].values()))["bugType"] = "SIDE_CHANNEL"


def _extra_test_member(d):
    first_test(d, "valid")["verdict"] = "ok"


def _extra_top_member(d):
    d["numberOfVectors"] = 1


def _string_tcid(d):
    t = first_test(d, "valid")
    t["tcId"] = str(t["tcId"])


def _no_flags(d):
    first_test(d, "valid")["flags"] = []


def _op_and_steps(d):
    t = first_test(d, "valid")
    t["steps"] = [{"op": t["op"], "input": t["input"], "expected": t["expected"]}] * 2


def _id_in_input(d):
    first_test(d, "valid")["input"]["id"] = 1


def _wrong_schema_name(d):
    d["schema"] = "wire_vectors_v2"


def _error_without_detail(d):
    del first_test(d, "invalid")["expected"]["error"]["detail"]


def _unknown_result(d):
    first_test(d, "valid")["result"] = "accepted"


BREAKAGES = [
    _drop_result, _unknown_note_layer, _unknown_error_layer, _error_code_is_a_detail, _invalid_without_error,
    _valid_with_error, _unknown_bug_type, _extra_test_member, _extra_top_member, _string_tcid, _no_flags,
    _op_and_steps, _id_in_input, _wrong_schema_name, _error_without_detail, _unknown_result,
]


def test_wire_sample_is_valid():
    assert not errors(validator("wire_vectors_v1"), wire_sample())


@pytest.mark.parametrize("breakage", BREAKAGES, ids=lambda f: f.__name__.lstrip("_"))
def test_broken_wire_file_is_rejected(breakage):
    doc = copy.deepcopy(wire_sample())
    breakage(doc)
    assert errors(validator("wire_vectors_v1"), doc), f"{breakage.__name__}: the schema accepted a broken file"


def rules_sample() -> dict | None:
    p = VECTORS / "rules.json"
    return load(p) if p.exists() else None


def _rules_allow_but_invalid(d):
    t = d["testGroups"][0]["tests"][0]
    t["result"] = "invalid" if t["expected"]["allow"] else "valid"


def _rules_bad_method(d):
    d["testGroups"][0]["tests"][0]["request"]["method"] = "patch"


def _rules_drop_world(d):
    del d["testGroups"][0]["tests"][0]["request"]["world"]


def _rules_bad_provenance(d):
    d["testGroups"][0]["provenance"] = "guessed"


@pytest.mark.parametrize(
    "breakage", [_rules_allow_but_invalid, _rules_bad_method, _rules_drop_world, _rules_bad_provenance, _drop_result],
    ids=lambda f: f.__name__.lstrip("_"))
def test_broken_rules_file_is_rejected(breakage):
    doc = rules_sample()
    if doc is None:
        pytest.skip("vectors/rules.json is absent")
    doc = copy.deepcopy(doc)
    if breakage is _drop_result:
        del doc["testGroups"][0]["tests"][0]["result"]
    else:
        breakage(doc)
    assert errors(validator("rules_vectors_v1"), doc)


@pytest.mark.parametrize(
    "change",
    [
        lambda m: m.update(vectorSetVersion=1),
        lambda m: m.update(vectorSetVersion="1.0"),
        lambda m: next(iter(m["files"].values())).update(sha256="AB" * 32),
        lambda m: next(iter(m["files"].values())).pop("invalidTests"),
        lambda m: m["files"].update({"MANIFEST.json": {"sha256": "0" * 64, "numberOfTests": 0, "invalidTests": 0}}),
        lambda m: m.update(extra=True),
    ],
    ids=["version-number", "version-not-semver", "upper-case-digest", "no-invalidTests", "lists-itself", "extra-member"],
)
def test_broken_manifest_is_rejected(change):
    manifest = {"vectorSetVersion": "1.0.0", "numberOfTests": 1,
                "files": {"enc_v1.json": {"sha256": "ab" * 32, "numberOfTests": 1, "invalidTests": 0}}}
    assert not errors(validator("manifest"), manifest)
    change(manifest)
    assert errors(validator("manifest"), manifest)
