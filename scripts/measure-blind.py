#!/usr/bin/env python3
"""Measures a blind mutant corpus (ports/blind-mutants/CORPUS/mutants.json): for each mutant,
whether the fixed vectors catch it (harness over its profile's vector set, layer named),
whether `explore --seconds S` finds it, and whether `explore --guided --seconds S` does.
Frozen inputs: the binary given, the vectors given, fixed seeds. Writes a JSON and a table;
with the vectors mode, also each mutant's named layers against its expected `layer`
(specs/explore.md §"Blind corpora"). Run from the repository root with `.venv` present.

Usage: scripts/measure-blind.py --corpus corpus-1 --bin BIN [--seconds 60] [--jobs 2] [--out DIR]
       [--modes vectors,explore,guided] [--only NAME,NAME]
"""
import argparse
import concurrent.futures
import json
import pathlib
import subprocess
import tempfile
import time

ROOT = pathlib.Path.cwd()


def harness(bin_, port, profile):
    with tempfile.TemporaryDirectory() as tmp:
        res = pathlib.Path(tmp, "r.json")
        args = [bin_, "harness", "--port", port, "--results", str(res)]
        if profile:
            args += ["--profile", profile]
        p = subprocess.run(args, cwd=ROOT, capture_output=True, text=True, timeout=1800)
        data = json.loads(res.read_text()) if res.exists() else {}
        failed = [t for t in data.get("tests", []) if t["status"] == "failed"]
        layers = {}
        for t in failed:
            layers[t.get("layer") or "port"] = layers.get(t.get("layer") or "port", 0) + 1
        return {"exit": p.returncode, "failed": len(failed), "layers": layers,
                "suites": sorted({t["suite"] for t in failed}), "tail": (p.stdout + p.stderr)[-300:],
                "kills": [[t["suite"], t["tcId"], t.get("layer") or "port"] for t in failed],
                "summary": data.get("summary")}


def explore(bin_, port, seconds, guided, seed):
    with tempfile.TemporaryDirectory() as tmp:
        res = pathlib.Path(tmp, "e.json")
        args = [bin_, "explore", "--port", port, "--seconds", str(seconds), "--seed", str(seed),
                "--results", str(res), "--timeout", "60",
                "--skip-op", "couplekey.wrap", "--skip-op", "invite.encrypt", "--skip-op", "invite.decrypt"]
        if guided:
            args += ["--guided", "--corpus", str(pathlib.Path(tmp, "corpus"))]
        t0 = time.time()
        p = subprocess.run(args, cwd=ROOT, capture_output=True, text=True, timeout=seconds * 6 + 300)
        out = p.stdout + p.stderr
        last = [l for l in out.splitlines() if "divergences" in l]
        data = json.loads(res.read_text()) if res.exists() else {}
        return {"exit": p.returncode, "found": p.returncode == 1 and bool(last) and not last[-1].endswith(" 0 divergences"),
                "summary": last[-1] if last else out[-300:], "wall": round(time.time() - t0, 1),
                "findings": [{k: f.get(k) for k in ("op", "layer", "message") if k in f} for f in data.get("findings", data.get("divergences", []))][:5]}


def measure(m, a):
    cache = pathlib.Path(a.out, a.corpus, a.modes.replace(",", "+"), m["name"] + ".json")
    if cache.exists():
        return json.loads(cache.read_text())
    port = f"ports/blind-mutants/mutant-port {a.corpus} {m['name']}"
    profile = {"closer": "closer", "fitlink": "fitlink", "reward-e": "reward-e", "rewarde": "reward-e",
               "unstoppable": "unstoppable", "payback": "payback"}.get(str(m.get("profile", "")).lower())
    r = {"name": m["name"], "profile": m.get("profile"), "expectedLayer": m.get("layer")}
    modes = a.modes.split(",")
    if "vectors" in modes:
        r["vectors"] = harness(a.bin, port, profile)
    if "explore" in modes:
        r["explore"] = explore(a.bin, port, a.seconds, False, a.seed)
    if "guided" in modes:
        r["guided"] = explore(a.bin, port, a.seconds, True, a.seed)
    cache.parent.mkdir(parents=True, exist_ok=True)
    cache.write_text(json.dumps(r))
    print(json.dumps({k: (v if not isinstance(v, dict) else {kk: vv for kk, vv in v.items() if kk in ("failed", "found", "summary", "layers")}) for k, v in r.items()}), flush=True)
    return r


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--corpus", required=True)
    ap.add_argument("--bin", required=True)
    ap.add_argument("--seconds", type=int, default=60)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--modes", default="vectors,explore,guided")
    ap.add_argument("--only", default="")
    ap.add_argument("--out", default=".build/blind-measure")
    a = ap.parse_args()
    mutants = json.loads((ROOT / "ports/blind-mutants" / a.corpus / "mutants.json").read_text())
    if isinstance(mutants, dict):
        mutants = mutants.get("mutants", list(mutants.values()))
    if a.only:
        mutants = [m for m in mutants if m["name"] in a.only.split(",")]
    with concurrent.futures.ThreadPoolExecutor(a.jobs) as ex:
        results = list(ex.map(lambda m: measure(m, a), mutants))
    out = pathlib.Path(a.out)
    out.mkdir(parents=True, exist_ok=True)
    (out / f"{a.corpus}-{a.modes.replace(',', '+')}.json").write_text(json.dumps(results, indent=1))
    n = len(results)
    vec = sum(1 for r in results if r.get("vectors", {}).get("failed"))
    exp = sum(1 for r in results if r.get("explore", {}).get("found"))
    gui = sum(1 for r in results if r.get("guided", {}).get("found"))
    either = sum(1 for r in results if r.get("vectors", {}).get("failed") or r.get("explore", {}).get("found") or r.get("guided", {}).get("found"))
    print(f"{a.corpus}: {n} mutants; vectors {vec}, explore {exp}, guided {gui}, any {either} ({100*either/max(n,1):.0f}%)")
    for r in results:
        v = r.get("vectors")
        if v is None:
            continue
        named = sorted(v.get("layers", {}))
        mark = "expected layer named" if r.get("expectedLayer") in named else "EXPECTED LAYER NOT NAMED"
        if not v.get("failed"):
            mark = "NOT CAUGHT"
        print(f"  {r['name']}: expected {r.get('expectedLayer')}, named {named}: {mark}")


if __name__ == "__main__":
    main()
