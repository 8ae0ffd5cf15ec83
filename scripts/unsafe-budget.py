#!/usr/bin/env python3
"""Counts the lines of each module that use unsafe Swift (`Unsafe*` pointers and buffers,
`withUnsafe*`, `unsafeUninitializedCapacity`, `unsafeBitCast`: any identifier containing
`unsafe`, case-insensitively, outside comments and strings) and holds them to a committed
budget that may only go down (specs/threat-model.md §"Unsafe code").

Fails (exit 1) when a module is over its budget, when one is under it (lower the budget:
`--update`, which never raises one), or when a file with unsafe lines has no row in the
threat model's table, or its row's line count is not the file's.

Usage: scripts/unsafe-budget.py [--update] [--root DIR] [--targets DESCRIBE.json] [--page PAGE] [--budget FILE]
"""
import importlib.util
import json
import pathlib
import re
import subprocess
import sys

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parent
_spec = importlib.util.spec_from_file_location("function_lengths", HERE / "function-lengths.py")
function_lengths = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(function_lengths)

UNSAFE = re.compile(r"[A-Za-z_]*[Uu]nsafe[A-Za-z_0-9]*")
ROW = re.compile(r"^\|\s*`([^`]+\.swift)`\s*\|\s*(\d+)\s*\|")


def source_targets(describe):
    """(module, [swift files]) for every source target under Sources/ (not tests, snippets)."""
    for target in describe["targets"]:
        path = target.get("path") or ""
        if target.get("type") == "test" or not any(path.startswith(p) for p in ("Sources", "fuzz")):
            continue
        files = [pathlib.Path(path, s) for s in target.get("sources", []) if s.endswith(".swift")]
        if files:
            yield target["name"], files


def unsafe_lines(path):
    text = function_lengths.strip((ROOT / path).read_text(encoding="utf-8"))
    return sum(1 for line in text.split("\n") if UNSAFE.search(line))


def page_rows(page):
    rows = {}
    for line in (ROOT / page).read_text(encoding="utf-8").splitlines():
        m = ROW.match(line)
        if m:
            rows[m.group(1)] = int(m.group(2))
    return rows


def measure(describe):
    modules, files = {}, {}
    for name, paths in source_targets(describe):
        lines = total = 0
        for p in paths:
            n = unsafe_lines(p)
            total += len((ROOT / p).read_text(encoding="utf-8").splitlines())
            lines += n
            if n:
                files[str(p)] = n
        modules[name] = (lines, total)
    return modules, files


def problems(modules, files, budget, rows):
    found = []
    for name, (lines, _) in sorted(modules.items()):
        allowed = budget.get(name, 0)
        if lines > allowed:
            found.append(f"{name}: {lines} unsafe lines, over its budget of {allowed}")
        elif lines < allowed:
            found.append(f"{name}: {lines} unsafe lines, under its budget of {allowed}: lower it (--update)")
    for name in sorted(set(budget) - set(modules)):
        if budget[name]:
            found.append(f"{name}: in the budget but no longer a module: lower it (--update)")
    for path, n in sorted(files.items()):
        if path not in rows:
            found.append(f"{path}: {n} unsafe lines and no row in the threat model's unsafe table")
        elif rows[path] != n:
            found.append(f"{path}: the threat model's row says {rows[path]} unsafe lines, the file has {n}")
    for path in sorted(set(rows) - set(files)):
        found.append(f"{path}: a row in the threat model's unsafe table, but no unsafe line (remove the row)")
    return found


def update(budget_path, budget, modules):
    new = {name: lines for name, (lines, _) in modules.items() if lines}
    raised = [n for n, v in new.items() if v > budget.get(n, 0)]
    if raised:
        print("refusing to raise the budget of " + ", ".join(raised), file=sys.stderr)
        return 1
    budget_path.write_text(json.dumps(dict(sorted(new.items())), indent=2) + "\n", encoding="utf-8")
    print(f"budget lowered: {budget_path}")
    return 0


def main(argv):
    pairs = [a for a in argv if a != "--update"]
    args = dict(zip(pairs[::2], pairs[1::2]))
    global ROOT
    ROOT = pathlib.Path(args.get("--root", ROOT))
    if "--targets" in args:
        describe = json.loads(pathlib.Path(args["--targets"]).read_text(encoding="utf-8"))
    else:
        out = subprocess.run(["swift", "package", "describe", "--type", "json"], cwd=ROOT, check=True,
                             capture_output=True, text=True).stdout
        describe = json.loads(out[out.index("{"):])
    budget_path = ROOT / args.get("--budget", "scripts/unsafe-budget.json")
    budget = json.loads(budget_path.read_text(encoding="utf-8"))
    modules, files = measure(describe)
    if "--update" in argv:
        return update(budget_path, budget, modules)
    for name, (lines, total) in sorted(modules.items()):
        if lines or budget.get(name):
            rate = 1000 * lines / total if total else 0
            print(f"{name:28s} {lines:4d} unsafe lines (budget {budget.get(name, 0):4d}), {rate:4.1f} per 1,000")
    found = problems(modules, files, budget, page_rows(args.get("--page", "specs/threat-model.md")))
    for p in found:
        print("FAIL " + p)
    total = sum(lines for lines, _ in modules.values())
    print(f"unsafe budget: {total} unsafe lines in {len(files)} files, {len(found)} problems")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
