#!/usr/bin/env python3
"""Proposes specs/decisions/coverage.json citations for existing tests from specs/decisions/bounds.json:
a test of an entry's op whose member holds one of the entry's boundary values (the bound, one before,
one past; a listed spelling or order) exercises that pin, on the side its outcome shows (a rules
decision by `allow`, a wire test by its result). Prints the citations it would add; --write merges
them into coverage.json (existing citations kept). The proposal is a starting point a person reviews:
the coverage check then verifies each citation against the test's result."""
import glob, json, os, sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def boundary_values(e):
    if e["kind"] != "bound":
        return [(v, "accept") for v in e["accepted"]] + [(v, "refuse") for v in e["refused"]]
    lo, hi, unit, fill = e.get("min"), e.get("max"), e["unit"], e.get("fill")
    pts = set()
    for b in (lo, hi):
        if b is not None:
            pts |= {b - 1, b, b + 1}
    out = []
    for n in sorted(pts):
        if n < 0 and unit != "integer":
            continue
        inside = (lo is None or n >= lo) and (hi is None or n <= hi)
        out.append((n, "accept" if inside else "refuse"))
    return out


def member(inp, path):
    v = inp
    for p in path.split("."):
        if not isinstance(v, dict) or p not in v:
            return None, False
        v = v[p]
    return v, True


def matches(e, value, target):
    if e["kind"] != "bound":
        return value == target
    unit = e["unit"]
    if unit == "integer":
        return isinstance(value, (int, float)) and not isinstance(value, bool) and value == target
    if unit == "characters":
        return isinstance(value, str) and len(value) == target
    if unit == "hexBytes":
        return isinstance(value, str) and len(value) == 2 * target
    if unit == "items":
        return isinstance(value, list) and len(value) == target
    return False


PER_SIDE = 3


def consistent(t, side):
    """Whether the test's outcome can be on `side` (what the coverage check also requires): an
    error test is never on the accept side; a rules decision is on the side of its `allow`."""
    allow = (t.get("expected") or {}).get("allow")
    if isinstance(allow, bool):
        return allow == (side == "accept")
    return side == "refuse" or t["result"] != "invalid"


def main():
    bounds = json.load(open(os.path.join(ROOT, "specs/decisions/bounds.json")))
    proposals = {}
    counts = {}
    for path in sorted(glob.glob(os.path.join(ROOT, "vectors/**/*.json"), recursive=True)):
        rel = os.path.relpath(path, os.path.join(ROOT, "vectors"))
        doc = json.load(open(path))
        for g in doc.get("testGroups", []):
            for t in g["tests"]:
                steps = t.get("steps") or [t]
                for s in steps:
                    for pid, entries in bounds.items():
                        if pid.startswith("$"):
                            continue
                        for e in entries if isinstance(entries, list) else [entries]:
                            if s.get("op") != e["op"]:
                                continue
                            v, present = member(s.get("input") or {}, e["member"])
                            if not present:
                                continue
                            for target, side in boundary_values(e):
                                if not matches(e, v, target) or not consistent(t, side):
                                    continue
                                if any(p["id"] == pid for p in t.get("pins", [])):
                                    continue  # the test cites it itself
                                key = (pid, side, e["member"])
                                if counts.get(key, 0) >= PER_SIDE:
                                    continue
                                counts[key] = counts.get(key, 0) + 1
                                proposals.setdefault((rel, t["tcId"]), set()).add((pid, side))
    cov_path = os.path.join(ROOT, "specs/decisions/coverage.json")
    cov = json.load(open(cov_path))
    have = {(c["file"], c["tcId"]): c for c in cov["tests"]}
    added = 0
    for (f, tc), pins in sorted(proposals.items()):
        c = have.setdefault((f, tc), {"file": f, "tcId": tc, "pins": []})
        for pid, side in sorted(pins):
            if not any(x["id"] == pid and x["side"] == side for x in c["pins"]):  # a cited pin may carry a note
                c["pins"].append({"id": pid, "side": side})
                added += 1
                print(f"{f}#{tc} {pid} {side}")
    if "--write" in sys.argv:
        cov["tests"] = sorted(have.values(), key=lambda c: (c["file"], c["tcId"]))
        with open(cov_path, "w") as out:
            out.write(json.dumps(cov, indent=1, ensure_ascii=False) + "\n")
    print(f"{added} citations proposed")


if __name__ == "__main__":
    main()
