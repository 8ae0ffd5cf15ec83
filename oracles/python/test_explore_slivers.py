"""Explore's power, measured: sliver mutants (ports/python-mutants/slivers.py) pass every fixed
vector of their suites through `closer-spec harness`, yet `closer-spec explore --seconds 60` finds
each, with its layer named (specs/explore.md §"Mutant power"). Prints the time to the first
divergence and the cases run, the README's numbers. Run by `make test-mutants`.
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
def test_sliver_passes_the_fixed_vectors(sliver):
    args = [closer_spec_binary(), "harness", "--port", f"{MUTANT_PORT} {sliver['name']}"]
    for s in sliver["suites"]:
        args += ["--suite", s]
    proc = subprocess.run(args, cwd=ROOT, capture_output=True, text=True, timeout=900)
    assert proc.returncode == 0, f"{sliver['name']} fails a fixed vector:\n{proc.stdout[-3000:]}"


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
