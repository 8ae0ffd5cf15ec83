"""The smoke tier (specs/harness.md §"Tiers"): a handful of tests that still kill every known mutant.

Each vector set ships its kill matrix (vectors/kill-matrix.json, vectors/profiles/<name>/kill-matrix.json,
listed in the set's MANIFEST.json; written by `make kill-matrix` from real harness runs of every
mutant), and its smoke list names the set's part of the tier. Here the tier is run for real:

- the unmodified Python port passes `closer-spec harness --tier smoke` in under a second, or, on a
  slower or loaded machine, in at most 1.5 times the sum of its parts measured in the same run:
  the port alone answering the same requests, plus the harness alone reading the tier (against a
  port that serves no op). All three are the median of 3 runs, interleaved, so they see the same
  load, and the bound scales with it instead of flaking; the harness and the port together use
  under a second of CPU. More CPU shows in the CPU bound, a wait that burns none (a grace period,
  a serial timeout, a lost overlap) in the wall bound;
- every mutant the matrices say some test kills fails the tier (exit 1); a mutant no test kills
  ("killedBy": null) is expected to pass, and the test says so, so a vector that starts killing it
  shows up;
- negative tests: a set whose kill matrix names a test it does not have is refused (exit 2,
  vectors.kill_matrix_unknown_test), and a tier that lost the one test killing a mutant lets that
  mutant pass, which the coverage check reports.

Run by `make test-smoke-tier`.
"""

from __future__ import annotations

import hashlib
import json
import os
import pathlib
import resource
import shutil
import statistics
import subprocess
import time

import pytest

from conftest import closer_spec_binary

ROOT = pathlib.Path(__file__).resolve().parents[2]
VECTORS = ROOT / "vectors"
SET_DIRS = [VECTORS] + sorted(p for p in (VECTORS / "profiles").iterdir() if (p / "MANIFEST.json").is_file())
FILES = [json.loads((d / "kill-matrix.json").read_text(encoding="utf-8")) for d in SET_DIRS]
PYTHON_PORT = "ports/python/closer-port serve"


def mutants(files=FILES) -> dict[str, bool]:
    """kind/name → whether any test of any set kills it."""
    out: dict[str, bool] = {}
    for f in files:
        for m in f["mutants"]:
            key = f"{m['kind']}/{m['mutant']}"
            out[key] = out.get(key, False) or bool(m["killedBy"])
    return out


def uncovered(files) -> list[str]:
    """The killed mutants none of whose killing tests is in the smoke lists."""
    tier = {(t["suite"], t["tcId"]) for f in files for t in f["smoke"]}
    killed: dict[str, set] = {}
    for f in files:
        for m in f["mutants"]:
            for k in m["killedBy"] or []:
                killed.setdefault(f"{m['kind']}/{m['mutant']}", set()).add((k["suite"], k["tcId"]))
    return sorted(m for m, tests in killed.items() if not tests & tier)


def port_command(key: str) -> str:
    kind, name = key.rsplit("/", 1)
    if kind in ("python", "sliver"):
        return f"ports/python-mutants/mutant-port {name}"
    if kind == "node":
        return f"ports/node-mutants/mutant-port {name}"
    corpus = kind.split("/", 1)[1]
    return f"ports/blind-mutants/mutant-port {corpus} {name}"


def smoke(port: str, vectors: pathlib.Path = VECTORS) -> subprocess.CompletedProcess:
    args = [closer_spec_binary(), "harness", "--tier", "smoke", "--port", port, "--vectors", str(vectors)]
    return subprocess.run(args, cwd=ROOT, capture_output=True, text=True, timeout=300)


def test_every_killed_mutant_has_a_smoke_test_that_kills_it():
    assert any(f["smoke"] for f in FILES), "the smoke tier is empty"
    missed = uncovered(FILES)
    assert not missed, f"no smoke test kills {missed}"


# --- speed -----------------------------------------------------------------------------------


def tier_requests(ops: set[str]) -> list[dict]:
    """The requests of the smoke tests whose ops the port serves, as the harness sends them."""
    tier = {(t["suite"], t["tcId"]) for f in FILES for t in f["smoke"]}
    out = []
    for d in SET_DIRS:
        for path in sorted(d.glob("*.json")):
            if path.name in ("MANIFEST.json", "kill-matrix.json"):
                continue
            doc = json.loads(path.read_text(encoding="utf-8"))
            for g in doc["testGroups"]:
                for t in g["tests"]:
                    if (path.stem, t["tcId"]) not in tier:
                        continue
                    steps = t.get("steps") or ([{"op": "rules.evaluate", "input": t["request"]}] if "request" in t
                                               else [{"op": t["op"], "input": t["input"]}])
                    if all(s["op"] in ops for s in steps):
                        out += [dict(s["input"], op=s["op"], id=f"{path.stem}:{t['tcId']}:{i}") for i, s in enumerate(steps)]
    return out


def port_alone(requests: list[dict] | None) -> tuple[float, list[dict]]:
    """Seconds from starting the Python port to its exit after answering info and every tier
    request one at a time: what the tier costs the port itself, without the harness."""
    start = time.monotonic()
    proc = subprocess.Popen(PYTHON_PORT, shell=True, cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    def send(req):
        proc.stdin.write(json.dumps(req) + "\n")
        proc.stdin.flush()
        return json.loads(proc.stdout.readline())
    info = send({"id": "info", "op": "info"})
    requests = tier_requests(set(info["ops"])) if requests is None else requests
    for req in requests:
        send(req)
    proc.stdin.close()
    proc.wait(timeout=60)
    return time.monotonic() - start, requests


NULL_PORT = """sh -c 'read line; echo "{\\"id\\": \\"info\\", \\"ok\\": true, \\"ops\\": []}"; cat >/dev/null'"""


def harness_alone() -> float:
    """Seconds the harness needs to read the tier and end a port that serves no op."""
    start = time.monotonic()
    args = [closer_spec_binary(), "harness", "--tier", "smoke", "--allow-empty", "--port", NULL_PORT]
    proc = subprocess.run(args, cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0 and "0 passed" in proc.stdout, proc.stdout[-1500:] + proc.stderr[-1500:]
    return time.monotonic() - start


def test_the_unmodified_port_passes_the_smoke_tier_in_under_a_second():
    _, requests = port_alone(None)
    assert len(requests) >= 50, "the Python port serves too few of the tier's tests"
    tier, alone, reading, cpu = [], [], [], []
    for _ in range(3):  # interleaved, so the medians see the same load
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.monotonic()
        proc = smoke(PYTHON_PORT)
        tier.append(time.monotonic() - start)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu.append(after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime)
        assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-2000:]
        alone.append(port_alone(requests)[0])
        reading.append(harness_alone())
    t, p, h, c = (statistics.median(x) for x in (tier, alone, reading, cpu))
    limit = float(os.environ.get("SMOKE_TIER_SECONDS", "1.0"))
    print(f"smoke tier: {proc.stdout.strip().splitlines()[-1]}; median of 3: {t:.2f} s wall, {c:.2f} s CPU "
          f"(harness and port); the port alone {p:.2f} s for its {len(requests)} requests, the harness alone "
          f"{h:.2f} s; load {os.getloadavg()[0]:.1f}")
    assert c < limit, f"the smoke tier used {c:.2f} s of CPU (limit {limit} s)"
    assert t < max(limit, 1.5 * (p + h)), (f"the smoke tier took {t:.2f} s: over {limit} s and over 1.5 times the "
                                           f"port alone ({p:.2f} s) plus the harness alone ({h:.2f} s)")


# --- every mutant ----------------------------------------------------------------------------


@pytest.mark.parametrize("key", sorted(mutants()), ids=sorted(mutants()))
def test_every_known_mutant_fails_the_smoke_tier(key):
    proc = smoke(port_command(key))
    if not mutants()[key]:
        assert proc.returncode == 0, f"{key} is listed as killed by no test, yet fails the smoke tier"
        pytest.skip(f"{key}: no vector kills it (\"killedBy\": null in the kill matrix)")
    if proc.returncode == 2 and "occurs 0 times" in proc.stdout + proc.stderr:
        pytest.skip(f"{key}: its edit no longer applies to the Python port (ports/blind-mutants)")
    assert proc.returncode == 1, f"{key} passes the smoke tier:\n{proc.stdout[-2000:]}{proc.stderr[-1000:]}"


# --- negative tests --------------------------------------------------------------------------


def copy_with_matrix(tmp_path: pathlib.Path, edit) -> pathlib.Path:
    """A copy of the vectors whose Closer kill matrix `edit` changed, its MANIFEST.json digest
    recomputed (so only the matrix's content can be wrong)."""
    out = tmp_path / "vectors"
    shutil.copytree(VECTORS, out)
    doc = json.loads((out / "kill-matrix.json").read_text(encoding="utf-8"))
    edit(doc)
    raw = (json.dumps(doc, indent=1) + "\n").encode()
    (out / "kill-matrix.json").write_bytes(raw)
    manifest = json.loads((out / "MANIFEST.json").read_text(encoding="utf-8"))
    manifest["killMatrix"]["sha256"] = hashlib.sha256(raw).hexdigest()
    (out / "MANIFEST.json").write_text(json.dumps(manifest, indent=2) + "\n", encoding="utf-8")
    return out


def test_a_kill_matrix_naming_a_missing_test_is_refused(tmp_path):
    def name_a_missing_test(doc):
        doc["smoke"].append({"suite": doc["smoke"][0]["suite"], "tcId": 99999, "contentId": "0" * 64})
    proc = smoke(PYTHON_PORT, copy_with_matrix(tmp_path, name_a_missing_test))
    assert proc.returncode == 2, proc.stdout[-2000:]
    assert "vectors.kill_matrix_unknown_test" in proc.stdout and "tcId 99999" in proc.stdout
    verify = subprocess.run([closer_spec_binary(), "verify", str(tmp_path / "vectors")], cwd=ROOT,
                            capture_output=True, text=True, timeout=600)
    assert verify.returncode == 1 and "vectors.kill_matrix_unknown_test" in verify.stdout


def test_a_mutant_the_tier_no_longer_kills_passes_and_is_reported(tmp_path):
    """Drop from Closer's smoke list every test killing one cheap Python mutant: the coverage
    check names it, and the mutant passes the narrowed tier."""
    closer = FILES[0]
    victim = next(m for m in closer["mutants"] if m["kind"] == "python" and m["killedBy"]
                  and all(k["suite"] not in ("argon2id", "couple_key_wrap", "invite_phrase") for k in m["killedBy"]))
    killers = {(k["suite"], k["tcId"]) for k in victim["killedBy"]}
    def drop(doc):
        doc["smoke"] = [t for t in doc["smoke"] if (t["suite"], t["tcId"]) not in killers]
    narrowed = copy_with_matrix(tmp_path, drop)
    files = [json.loads((narrowed / "kill-matrix.json").read_text(encoding="utf-8"))] + FILES[1:]
    assert f"python/{victim['mutant']}" in uncovered(files)
    proc = smoke(port_command(f"python/{victim['mutant']}"), narrowed)
    assert proc.returncode == 0, f"{victim['mutant']} still fails the narrowed tier:\n{proc.stdout[-1500:]}"
