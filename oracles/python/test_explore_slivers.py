"""Explore's power, measured: sliver mutants (ports/python-mutants/slivers.py) were each written to
pass every fixed vector its suites had then, yet `closer-spec explore --seconds 60` finds each, with
its layer named (specs/explore.md §"Mutant power"). Prints the time to the first divergence and the
cases run, the README's numbers. Each finding is now also a fixed test (closer set 3.5.0, proved by
oracles/python/test_sliver_vectors.py): `closer-spec harness` over the sliver's suites fails it, and
every test it fails names the sliver's layer, so the smoke tier can kill it too. Run by `make
test-mutants`.
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
MUTANT_PORT = ROOT / "ports/python-mutants/mutant-port"
SLIVERS = json.loads(subprocess.run([str(MUTANT_PORT), "--slivers-json"], capture_output=True, text=True,
                                    check=True).stdout)


def test_there_are_five_slivers():
    assert len(SLIVERS) >= 5


@pytest.mark.parametrize("sliver", SLIVERS, ids=[s["name"] for s in SLIVERS])
def test_the_fixed_vectors_kill_the_sliver_with_its_layer(sliver):
    with tempfile.TemporaryDirectory() as tmp:
        results = pathlib.Path(tmp) / "results.json"
        args = [closer_spec_binary(), "harness", "--port", f"{MUTANT_PORT} {sliver['name']}", "--results", str(results)]
        for s in sliver["suites"]:
            args += ["--suite", s]
        proc = subprocess.run(args, cwd=ROOT, capture_output=True, text=True, timeout=900)
        data = json.loads(results.read_text(encoding="utf-8"))
    failed = [t for t in data["tests"] if t["status"] != "passed"]
    assert proc.returncode == 1 and failed, f"{sliver['name']} passes every fixed vector:\n{proc.stdout[-3000:]}"
    layers = collections.Counter(t.get("layer") for t in failed)
    print(f"{sliver['name']}: {len(failed)} fixed tests fail it; layers {dict(layers)}")
    assert set(layers) == {sliver["layer"]}, proc.stdout[-3000:]


@pytest.mark.parametrize("sliver", SLIVERS, ids=[s["name"] for s in SLIVERS])
def test_explore_finds_the_sliver_with_its_layer(sliver):
    with tempfile.TemporaryDirectory() as tmp:
        results = pathlib.Path(tmp) / "results.json"
        args = [closer_spec_binary(), "explore", "--port", f"{MUTANT_PORT} {sliver['name']}", "--seconds", "60",
                "--seed", "1", "--stop-at-first", "--results", str(results)]
        for op in sliver["ops"]:
            args += ["--op", op]
        proc = subprocess.run(args, cwd=ROOT, capture_output=True, text=True, timeout=400)
        data = json.loads(results.read_text(encoding="utf-8"))
    assert proc.returncode == 1, f"{sliver['name']} not found:\n{proc.stdout[-2000:]}"
    layers = collections.Counter(f.get("layer") or "port" for f in data["findings"])
    print(f"found {sliver['name']} after {data['firstDivergenceSeconds']} s, {data['summary']['cases']} cases; "
          f"layers {dict(layers)}")
    assert layers.most_common(1)[0][0] == sliver["layer"], proc.stdout[-2000:]
