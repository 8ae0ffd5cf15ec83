"""The vectors catch realistic mistakes, and the harness names the right layer for each.

Every mutant of ports/python-mutants/mutants.json (a small, realistic mistake monkeypatched
into the Python reference port) is driven by `closer-spec harness --port` through the suites
it must show in. The mutant must be caught (the harness exits 1 with failures), and the
layer the harness names most often over its failures must be the mutant's declared layer.
The unmodified port (`mutant-port none`) must pass the same suites.

Run by `make test-mutants`; the README's count of caught mutants comes from this test.
"""

from __future__ import annotations

import collections
import json
import pathlib
import subprocess
import tempfile

import pytest

from conftest import closer_spec_binary

ROOT = pathlib.Path(__file__).resolve().parents[2]
MUTANTS = json.loads((ROOT / "ports/python-mutants/mutants.json").read_text(encoding="utf-8"))
VECTORS = ROOT / "vectors"


def run_harness(port: str, suites: list[str]) -> tuple[int, dict, str]:
    with tempfile.TemporaryDirectory() as tmp:
        results = pathlib.Path(tmp) / "results.json"
        args = [closer_spec_binary(), "harness", "--port", port, "--vectors", str(VECTORS), "--results", str(results)]
        for s in suites:
            args += ["--suite", s]
        proc = subprocess.run(args, cwd=ROOT, capture_output=True, text=True, timeout=900)
        data = json.loads(results.read_text(encoding="utf-8")) if results.exists() else {}
        return proc.returncode, data, proc.stdout + proc.stderr


def present(suites: list[str]) -> list[str]:
    """The suites in vectors/, Closer's set or an app profile's (vectors/profiles/<name>/)."""
    return [s for s in suites if (VECTORS / f"{s}.json").exists() or any(VECTORS.glob(f"profiles/*/{s}.json"))]


def test_there_are_at_least_twenty_mutants():
    assert len(MUTANTS) >= 20


@pytest.mark.parametrize("mutant", MUTANTS, ids=[m["name"] for m in MUTANTS])
def test_mutant_is_caught_with_its_layer_named(mutant):
    suites = present(mutant["suites"])
    if not suites:
        pytest.skip(f"none of {mutant['suites']} is in vectors/")
    code, results, output = run_harness(f"ports/python-mutants/mutant-port {mutant['name']}", suites)
    failed = [t for t in results.get("tests", []) if t["status"] == "failed"]
    assert code == 1 and failed, f"{mutant['name']} was not caught by {suites}:\n{output[-2000:]}"
    layers = collections.Counter(t.get("layer") or "port" for t in failed)
    named, count = layers.most_common(1)[0]
    print(f"caught {mutant['name']}: {len(failed)} failures, layer {named} ×{count} ({dict(layers)})")
    assert named == mutant["layer"], (
        f"{mutant['name']} ({mutant['description']}): the harness names {named} most often "
        f"({dict(layers)}), the mistake is in {mutant['layer']}.\n"
        + "\n".join(f"  tcId {t['tcId']} {t['suite']} [{t.get('layer')}]: {t.get('message')}" for t in failed[:8])
    )


def test_the_unmodified_port_passes_every_mutants_suites():
    suites = present(sorted({s for m in MUTANTS for s in m["suites"]}))
    if not suites:
        pytest.skip("no suite of the mutants is in vectors/")
    code, results, output = run_harness("ports/python-mutants/mutant-port none", suites)
    assert code == 0, output[-3000:]
