"""Results v2 of `closer-spec harness --results` against an independent computation
(specs/report.md §"Results formats"): every test's contentId and expectationDigest are the
SHA-256 (hashlib) of the RFC 8785 canonical JSON (the rfc8785 package) of its suite, steps'
ops and inputs, and of its result and steps' expectations, read from the vector file; each vector
set's manifestSha256 is the SHA-256 of its MANIFEST.json; a failing test carries the request it
was sent. v1's members are all still there."""

from __future__ import annotations

import hashlib
import json
import subprocess
from pathlib import Path

import rfc8785

from conftest import closer_spec_binary

ROOT = Path(__file__).resolve().parents[2]


def steps(test: dict, schema: str) -> list[dict]:
    if schema == "rules_vectors_v1":
        return [{"op": "rules.evaluate", "input": test["request"], "expected": test["expected"]}]
    return test.get("steps") or [{"op": test["op"], "input": test["input"], "expected": test["expected"]}]


def digest(value) -> str:
    return hashlib.sha256(rfc8785.dumps(value)).hexdigest()


def run(tmp_path: Path, port: str, suites: list[str]) -> dict:
    out = tmp_path / "results.json"
    args = [closer_spec_binary(), "harness", "--port", port, "--results", str(out)]
    for s in suites:
        args += ["--suite", s]
    done = subprocess.run(args, cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert done.returncode in (0, 1), done.stdout + done.stderr
    return json.loads(out.read_text(encoding="utf-8"))


def test_content_ids_and_digests_are_independent_sha256_of_canonical_json(tmp_path):
    suites = ["enc_v1", "date_keys", "rules"]
    results = run(tmp_path, f"{closer_spec_binary()} serve", suites)
    assert results["format"] == "closer-spec-harness-results" and results["formatVersion"] == 2
    for member in ["implementation", "ops", "summary", "suites", "tests", "staleKnownFailures"]:
        assert member in results
    by_key = {(t["suite"], t["tcId"]): t for t in results["tests"]}
    checked = 0
    for suite in suites:
        data = json.loads((ROOT / "vectors" / f"{suite}.json").read_text(encoding="utf-8"))
        for group in data["testGroups"]:
            for test in group["tests"]:
                got = by_key[(suite, test["tcId"])]
                s = steps(test, data["schema"])
                assert got["contentId"] == digest(
                    {"suite": suite, "steps": [{"op": x["op"], "input": x["input"]} for x in s]})
                assert got["expectationDigest"] == digest(
                    {"result": test["result"], "expected": [x["expected"] for x in s]})
                checked += 1
    assert checked == len(results["tests"]) > 500
    manifest = hashlib.sha256((ROOT / "vectors" / "MANIFEST.json").read_bytes()).hexdigest()
    version = json.loads((ROOT / "vectors" / "MANIFEST.json").read_text())["vectorSetVersion"]
    assert results["vectorSets"] == [
        {"profile": "closer", "version": version, "manifestSha256": manifest, "suites": sorted(suites)}]
    # Tests with identical inputs share a content id (the diff pairs them in order); enc_v1 has none.
    enc = [t["contentId"] for t in results["tests"] if t["suite"] == "enc_v1"]
    enc_tests = json.loads((ROOT / "vectors" / "enc_v1.json").read_text(encoding="utf-8"))["numberOfTests"]
    assert len(set(enc)) == len(enc) == enc_tests > 70


def test_a_failing_test_carries_its_request_expected_and_actual(tmp_path):
    binary = closer_spec_binary()
    results = run(tmp_path, f"ports/fixtures/regression-port {binary} enc_v1:1:0", ["enc_v1"])
    failed = [t for t in results["tests"] if t["status"] == "failed"]
    assert [(t["suite"], t["tcId"]) for t in failed] == [("enc_v1", 1)]
    t = failed[0]
    data = json.loads((ROOT / "vectors" / "enc_v1.json").read_text(encoding="utf-8"))
    vector = next(x for g in data["testGroups"] for x in g["tests"] if x["tcId"] == 1)
    first = steps(vector, data["schema"])[0]
    assert t["failedStep"] == 0
    assert t["request"] == {**first["input"], "op": first["op"], "id": "enc_v1:1:0"}
    assert t["expected"] == first["expected"]
    assert t["actual"] == {"id": "enc_v1:1:0", "ok": False,
                           "error": {"code": "decode_error", "detail": "b64.invalid_padding"}}
    assert results["port"] == {"command": f"ports/fixtures/regression-port {binary} enc_v1:1:0"}
