#!/usr/bin/env python3
"""The kill matrix: which known mutant each golden test kills, and the smoke tier derived from it.

Known mutants (specs/vectors.md §Kill matrix):
  - python: ports/python-mutants/mutants.json, run through their declared suites;
  - sliver: ports/python-mutants/slivers.py (`mutant-port --slivers-json`), their declared suites;
  - node:   ports/node-mutants/mutants.json, their declared suites;
  - blind:  ports/blind-mutants/corpus-N/mutants.json, their profile's whole vector set
            (`--profile <profile>`), or a measurement file given with --measured (a list of
            {"name", "vectors": {"kills": [[suite, tcId, layer], ...]}}), which is reused as is.

Each mutant's harness run (`closer-spec harness --results`) is cached in .build/kills/<kind>/<name>.json,
so a second run only runs what is missing (resumable); --jobs runs that many at once.

Each test is named by suite + tcId and by its content id (specs/report.md §"Results formats": SHA-256
of the RFC 8785 canonical JSON of {"steps": [{"input", "op"}…], "suite"}, as `harness --results` writes it). The smoke tier is a greedy set cover of the killed mutants
(specs/vectors.md §"Kill matrix"): the test that kills the most not-yet-killed mutants first; ties go
to the cheaper test, then to one naming the mutants' layers, then to the earlier suite/tcId. Output (--out DIR): one DIR/<set>.json per vector set (closer and each
profile); only that set's tests appear in its file. A mutant no test kills is listed with
"killedBy": null (in closer.json, or in its profile's file for a blind mutant).
"""

from __future__ import annotations

import argparse
import concurrent.futures
import hashlib
import json
import pathlib
import re
import subprocess
import sys

import rfc8785

ROOT = pathlib.Path(__file__).resolve().parents[1]
CACHE = ROOT / ".build/kills"


def vector_sets(vectors: pathlib.Path) -> dict[str, pathlib.Path]:
    """Set name → directory: Closer's set at the root, each profile's in profiles/<name>/."""
    sets = {"closer": vectors}
    for d in sorted((vectors / "profiles").iterdir()):
        if (d / "MANIFEST.json").exists():
            sets[d.name] = d
    return sets


def content_id(suite: str, test: dict) -> str:
    """specs/report.md §"Results formats": SHA-256 of the canonical JSON {"steps": [{"input", "op"}…], "suite"}."""
    steps = test["steps"] if "steps" in test else [test]
    body = {"suite": suite, "steps": [{"op": s["op"], "input": s["input"]} for s in steps]}
    return hashlib.sha256(rfc8785.dumps(body)).hexdigest()


SLOW_OPS = re.compile(r"argon2|couplekey\.(un)?wrap|invite\.(en|de)crypt|kdf|derive|pbkdf|scrypt")


def cost(ops: list[str]) -> int:
    """A test's relative cost: steps, with a memory-hard key derivation counting as 50."""
    return sum(50 if SLOW_OPS.search(op) else 1 for op in ops)


def load_tests(sets: dict[str, pathlib.Path]) -> dict[tuple[str, int], dict]:
    """(suite, tcId) → {"set", "suite", "tcId", "contentId"} over every suite file of every set."""
    tests = {}
    for set_name, d in sets.items():
        for f in sorted(d.glob("*.json")):
            if f.name in ("MANIFEST.json", "KILLS.json"):
                continue
            doc = json.loads(f.read_text(encoding="utf-8"))
            if "testGroups" not in doc:
                continue
            suite = doc.get("suite") or f.stem
            for g in doc["testGroups"]:
                for t in g["tests"]:
                    if "op" not in t and "steps" not in t:
                        continue  # rules.json's `request` tests: no known mutant runs rules.evaluate
                    ops = [st["op"] for st in t.get("steps", [t])]
                    tests[(suite, t["tcId"])] = {"set": set_name, "suite": suite, "tcId": t["tcId"],
                                                 "contentId": content_id(suite, t), "cost": cost(ops)}
    return tests


def known_mutants(measured: list[pathlib.Path]) -> list[dict]:
    """Every known mutant: {"kind", "name", "layer", "port", "args" (harness selection) | "kills"}."""
    out = []
    py = json.loads((ROOT / "ports/python-mutants/mutants.json").read_text(encoding="utf-8"))
    for m in py:
        out.append({"kind": "python", "name": m["name"], "layer": m["layer"],
                    "port": f"ports/python-mutants/mutant-port {m['name']}", "suites": m["suites"]})
    slivers = json.loads(subprocess.run([str(ROOT / "ports/python-mutants/mutant-port"), "--slivers-json"],
                                        capture_output=True, text=True, check=True).stdout)
    for m in slivers:
        out.append({"kind": "sliver", "name": m["name"], "layer": m["layer"],
                    "port": f"ports/python-mutants/mutant-port {m['name']}", "suites": m["suites"]})
    node = json.loads((ROOT / "ports/node-mutants/mutants.json").read_text(encoding="utf-8"))
    for m in node:
        out.append({"kind": "node", "name": m["name"], "layer": m["layer"],
                    "port": f"ports/node-mutants/mutant-port {m['name']}", "suites": m["suites"]})
    measured_names = set()
    for path in measured:
        corpus = path.stem.split("-vectors")[0]
        for m in json.loads(path.read_text(encoding="utf-8")):
            measured_names.add((corpus, m["name"]))
            out.append({"kind": f"blind/{corpus}", "name": m["name"], "layer": m.get("expectedLayer"),
                        "profile": m.get("profile"), "kills": m["vectors"]["kills"]})
    for d in sorted((ROOT / "ports/blind-mutants").glob("corpus-*")):
        for m in json.loads((d / "mutants.json").read_text(encoding="utf-8"))["mutants"]:
            if (d.name, m["name"]) in measured_names:
                continue
            out.append({"kind": f"blind/{d.name}", "name": m["name"], "layer": m.get("layer") or m.get("expectedLayer"),
                        "profile": m["profile"],
                        "port": f"ports/blind-mutants/mutant-port {d.name} {m['name']}"})
    return out


def run_one(binary: str, vectors: str, m: dict) -> list[list]:
    """The failing tests [[suite, tcId, layer], ...] of one mutant, from the cache or a harness run."""
    if "kills" in m:
        return m["kills"]
    cache = CACHE / m["kind"] / f"{m['name']}.json"
    if cache.exists():
        return json.loads(cache.read_text(encoding="utf-8"))
    cache.parent.mkdir(parents=True, exist_ok=True)
    results = cache.with_suffix(".results.json")
    args = [binary, "harness", "--port", m["port"], "--vectors", vectors, "--results", str(results), "--allow-empty"]
    if "suites" in m:
        for s in m["suites"]:
            args += ["--suite", s]
    else:
        args += ["--profile", m["profile"]]
    proc = subprocess.run(args, cwd=ROOT, capture_output=True, text=True, timeout=1800)
    if proc.returncode not in (0, 1) or not results.exists():
        raise RuntimeError(f"{m['kind']}/{m['name']}: harness exit {proc.returncode}\n{proc.stdout[-1500:]}{proc.stderr[-1500:]}")
    data = json.loads(results.read_text(encoding="utf-8"))
    kills = [[t["suite"], t["tcId"], t.get("layer") or "port"] for t in data["tests"] if t["status"] == "failed"]
    cache.write_text(json.dumps(kills), encoding="utf-8")
    results.unlink()
    return kills


def smoke_cover(matrix: dict[str, list[list]], layers: dict[str, str], tests: dict) -> list[tuple[str, int]]:
    """Greedy set cover: fewest tests killing every killed mutant; ties to the cheaper test, then to
    the test naming more of the mutants' declared layers, then to the earlier suite and tcId."""
    kills_of: dict[tuple[str, int], dict[str, str]] = {}
    for mutant, kills in matrix.items():
        for suite, tc, layer in kills:
            kills_of.setdefault((suite, tc), {})[mutant] = layer
    left = {m for m, k in matrix.items() if k}
    chosen = []
    while left:
        best = max(kills_of, key=lambda t: (len([m for m in kills_of[t] if m in left]),
                                            -tests.get(t, {}).get("cost", 1),
                                            sum(1 for m in kills_of[t] if m in left and kills_of[t][m] == layers.get(m)),
                                            tuple(-ord(c) for c in t[0]), -t[1]))
        chosen.append(best)
        left -= set(kills_of[best])
    return sorted(chosen)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--binary", default=str(ROOT / ".build/debug/closer-spec"))
    ap.add_argument("--vectors", default="vectors")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--measured", type=pathlib.Path, action="append", default=[],
                    help="a corpus-N-vectors.json measurement to reuse instead of running its mutants")
    ap.add_argument("--out", type=pathlib.Path, help="write <set>.json for each vector set into this directory")
    a = ap.parse_args()
    sets = vector_sets(ROOT / a.vectors)
    tests = load_tests(sets)
    mutants = known_mutants(a.measured)
    with concurrent.futures.ThreadPoolExecutor(a.jobs) as pool:
        futures = {f"{m['kind']}/{m['name']}": pool.submit(run_one, a.binary, a.vectors, m) for m in mutants}
        matrix = {}
        for key, fut in futures.items():
            matrix[key] = sorted(fut.result(), key=lambda k: (k[0], k[1]))
            print(f"{key}: {len(matrix[key])} kills", file=sys.stderr)
    layers = {f"{m['kind']}/{m['name']}": m["layer"] for m in mutants}
    smoke = smoke_cover(matrix, layers, tests)
    write_sets(sets, tests, mutants, matrix, smoke, a.out)
    killed = sum(1 for k in matrix.values() if k)
    print(f"{len(mutants)} mutants, {killed} killed, {len({(s, t) for k in matrix.values() for s, t, _ in k})} "
          f"killing tests of {len(tests)}, smoke tier {len(smoke)} tests")
    return 0


def write_sets(sets, tests, mutants, matrix, smoke, out: pathlib.Path | None) -> None:
    """One KILLS.json per vector set (specs/vectors.md §Kill matrix)."""
    for set_name, d in sets.items():
        rows = []
        for m in mutants:
            key = f"{m['kind']}/{m['name']}"
            kills = [{"suite": s, "tcId": t, "layer": layer, "contentId": tests[(s, t)]["contentId"]}
                     for s, t, layer in matrix[key] if (s, t) in tests and tests[(s, t)]["set"] == set_name]
            in_set = "suites" not in m and m.get("profile") == set_name
            if kills or in_set or (not matrix[key] and set_name == "closer"):
                rows.append({"mutant": m["name"], "kind": m["kind"], "layer": m["layer"],
                             "killedBy": kills or None})
        tier = [{"suite": s, "tcId": t, "contentId": tests[(s, t)]["contentId"]}
                for s, t in smoke if (s, t) in tests and tests[(s, t)]["set"] == set_name]
        doc = {"schema": "kill-matrix-v1", "vectorSet": set_name, "mutants": rows, "smoke": tier}
        text = json.dumps(doc, indent=1, ensure_ascii=False) + "\n"
        if out:
            out.mkdir(parents=True, exist_ok=True)
            (out / f"{set_name}.json").write_text(text, encoding="utf-8")
        print(f"{set_name}: {len(rows)} mutants, smoke {len(tier)}", file=sys.stderr)


if __name__ == "__main__":
    sys.exit(main())
