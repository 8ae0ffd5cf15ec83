"""The smoke tier (specs/harness.md §"Tiers"): a handful of tests that still kill every known mutant.

The kill matrix (ports/kill-matrix/<set>.json, written by scripts/kill-matrix.py from real harness
runs of every mutant) names the smoke tier. Here the tier is run for real: the unmodified Python
port must pass `closer-spec harness --tier smoke` in under a second, and every mutant the matrix
says some test kills must fail it (exit 1). A mutant no test kills is listed with "killedBy": null
and is expected to pass; the test says so, so a vector that starts killing it shows up.

Run by `make test-smoke-tier`.
"""

from __future__ import annotations

import json
import os
import pathlib
import subprocess
import time

import pytest

from conftest import closer_spec_binary

ROOT = pathlib.Path(__file__).resolve().parents[2]
MATRIX = ROOT / "ports/kill-matrix"
FILES = [json.loads(p.read_text(encoding="utf-8")) for p in sorted(MATRIX.glob("*.json"))]


def mutants() -> dict[str, bool]:
    """kind/name → whether any test of any set kills it."""
    out: dict[str, bool] = {}
    for f in FILES:
        for m in f["mutants"]:
            key = f"{m['kind']}/{m['mutant']}"
            out[key] = out.get(key, False) or bool(m["killedBy"])
    return out


def port_command(key: str) -> str:
    kind, name = key.rsplit("/", 1)
    if kind in ("python", "sliver"):
        return f"ports/python-mutants/mutant-port {name}"
    if kind == "node":
        return f"ports/node-mutants/mutant-port {name}"
    corpus = kind.split("/", 1)[1]
    return f"ports/blind-mutants/mutant-port {corpus} {name}"


def smoke(port: str) -> subprocess.CompletedProcess:
    args = [closer_spec_binary(), "harness", "--tier", "smoke", "--port", port, "--kill-matrix", str(MATRIX)]
    return subprocess.run(args, cwd=ROOT, capture_output=True, text=True, timeout=300)


def test_every_killed_mutant_has_a_smoke_test_that_kills_it():
    tier = {(t["suite"], t["tcId"]) for f in FILES for t in f["smoke"]}
    assert tier, "the smoke tier is empty"
    killed: dict[str, set] = {}
    for f in FILES:
        for m in f["mutants"]:
            for k in m["killedBy"] or []:
                killed.setdefault(f"{m['kind']}/{m['mutant']}", set()).add((k["suite"], k["tcId"]))
    missed = sorted(m for m, tests in killed.items() if not tests & tier)
    assert not missed, f"no smoke test kills {missed}"


def test_the_unmodified_port_passes_the_smoke_tier_in_under_a_second():
    start = time.monotonic()
    proc = smoke("ports/python/closer-port serve")
    seconds = time.monotonic() - start
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-2000:]
    print(f"smoke tier: {proc.stdout.strip().splitlines()[-1]} in {seconds:.2f} s")
    limit = float(os.environ.get("SMOKE_TIER_SECONDS", "1.0"))  # a loaded shared machine may need more
    assert seconds < limit, f"the smoke tier took {seconds:.2f} s (limit {limit} s, SMOKE_TIER_SECONDS)"


@pytest.mark.parametrize("key", sorted(mutants()), ids=sorted(mutants()))
def test_every_known_mutant_fails_the_smoke_tier(key):
    proc = smoke(port_command(key))
    if not mutants()[key]:
        assert proc.returncode == 0, f"{key} is listed as killed by no test, yet fails the smoke tier"
        pytest.skip(f"{key}: no vector kills it (\"killedBy\": null in the kill matrix)")
    if proc.returncode == 2 and "occurs 0 times" in proc.stdout + proc.stderr:
        pytest.skip(f"{key}: its edit no longer applies to the Python port (ports/blind-mutants)")
    assert proc.returncode == 1, f"{key} passes the smoke tier:\n{proc.stdout[-2000:]}{proc.stderr[-1000:]}"
