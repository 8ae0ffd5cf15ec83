#!/usr/bin/env python3
"""Reads the package's target graph (`swift package describe --type json`) and holds the
layout of docs/adding-a-profile.md §"Where things live" to it:

1. no target of a profile (Sources/Profiles/<App>/) depends on a target of another profile;
2. PayBack and Unstoppable, the app libraries, link nothing of Closer's profile (its wire
   values, pairing, contracts, rules, conformance), directly or through another target;
3. the core (Sources/Core/) links no profile's app library but Closer's, and only where the
   exceptions below say so.

EXCEPTIONS lists the edges the layout still has, each with its reason; an edge not listed fails,
and a listed edge the graph no longer has fails too (delete its line: the list may only shrink).

Usage: scripts/profile-deps.py [--describe DESCRIBE.json]   (default: runs swift package describe)
"""
import json
import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent

# App libraries that must not link Closer's profile at all, even transitively.
CLOSER_FREE = ["PayBack", "Unstoppable"]

# (from, to): a direct edge across profiles, or from the core into a profile, that the layout
# still has. The harness's op table still holds Closer's ops.
EXCEPTIONS = {
    ("CloserHarness", "CloserWire"): "the harness op table still holds Closer's ops",
    ("CloserHarness", "CloserContracts"): "the harness op table still holds Closer's ops",
    ("CloserHarness", "CloserRules"): "the harness op table still holds Closer's ops",
}


def describe_json(args):
    if "--describe" in args:
        return json.loads(pathlib.Path(args[args.index("--describe") + 1]).read_text(encoding="utf-8"))
    out = subprocess.run(["swift", "package", "describe", "--type", "json"], cwd=ROOT, check=True,
                         capture_output=True, text=True).stdout
    return json.loads(out[out.index("{"):])


def owner(path):
    """'Closer' for Sources/Profiles/Closer/…, 'core' for Sources/Core/…, else None."""
    parts = pathlib.PurePosixPath(path).parts
    if len(parts) >= 3 and parts[:2] == ("Sources", "Profiles"):
        return parts[2]
    if len(parts) >= 2 and parts[:2] == ("Sources", "Core"):
        return "core"
    return None


def check(describe):
    targets = {t["name"]: t for t in describe["targets"] if t.get("type") != "test"}
    deps = {n: [d for d in t.get("target_dependencies", []) if d in targets] for n, t in targets.items()}
    owners = {n: owner(t.get("path", "")) for n, t in targets.items()}
    problems, seen = [], set()
    for name, ds in sorted(deps.items()):
        for d in ds:
            a, b = owners[name], owners[d]
            crossing = (a not in (None, "core") and b not in (None, "core") and a != b) or (
                a == "core" and b not in (None, "core"))
            if not crossing:
                continue
            seen.add((name, d))
            if (name, d) not in EXCEPTIONS:
                problems.append(f"{name} ({a}) depends on {d} ({b}'s profile)")
    for edge in sorted(set(EXCEPTIONS) - seen):
        problems.append(f"exception {edge[0]} -> {edge[1]} is gone from the graph: delete its line")

    def closure(name):
        out, todo = set(), [name]
        while todo:
            for d in deps.get(todo.pop(), []):
                if d not in out:
                    out.add(d)
                    todo.append(d)
        return out

    for app in CLOSER_FREE:
        if app not in targets:
            problems.append(f"{app}: no such target")
            continue
        closer = sorted(d for d in closure(app) if owners.get(d) == "Closer")
        if closer:
            problems.append(f"{app} links Closer's {', '.join(closer)}")
    return problems, len(deps)


def main(args):
    problems, count = check(describe_json(args))
    for p in problems:
        print("FAIL:", p)
    print(f"profile deps: {count} targets, {len(EXCEPTIONS)} listed exceptions, {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
