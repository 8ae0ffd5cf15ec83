#!/usr/bin/env python3
"""Drives `closer-spec harness` against the fuzzed fake port (ports/fake-port/fuzz-port.py) for a
few seeds and checks that every run ends with a verdict (specs/threat-model.md §"The port's
lifecycle", §Fuzzing):

- the harness exits 0, 1 or 2 with its summary or `error:` line -- never by a signal;
- it ends within its deadline (per run: --deadline seconds);
- its peak RSS (/usr/bin/time -v) stays under 512 MB;
- no process the port started (itself, its forks) survives the run;
- and one run interrupted with SIGINT leaves no port process behind either.

    scripts/port-fuzz.py --bin .build/debug/closer-spec [--seeds 1,2,3] [--timeout 1]

Prints one line per run (seed, verdict, wall and CPU seconds, peak RSS, tests) and
"port-fuzz: N runs, every one ended with a verdict" or the failures; exit 1 on any failure.
"""

from __future__ import annotations

import argparse
import json
import os
import pathlib
import re
import signal
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]
PORT = ROOT / "ports" / "fake-port" / "fuzz-port.py"
RSS_LIMIT_KB = 512 * 1024
SUITES = ["enc_v1"]  # 72 tests a seed; requests over 64 KiB: PortLifecycleTests


def survivors(pids_file: pathlib.Path) -> list[str]:
    """Live (non-zombie) processes among those the port recorded or in their process groups."""
    if not pids_file.exists():
        return []
    pids, groups = set(), set()
    for entry in pids_file.read_text().split("\n"):
        if entry.strip():
            pid, pgid = entry.split()
            pids.add(int(pid))
            groups.add(int(pgid))
    alive = []
    for proc in pathlib.Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            stat = (proc / "stat").read_text()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2:].split()
        state, pgrp = fields[0], int(fields[2])
        if state != "Z" and (int(proc.name) in pids or pgrp in groups):
            alive.append(f"{proc.name} ({stat[:stat.rindex(')') + 1]}, pgrp {pgrp})")
    return alive


def harness_command(args, seed: int, pids: pathlib.Path, results: pathlib.Path) -> list[str]:
    port = f"python3 {PORT} --seed {seed} --timeout {args.timeout} --pids {pids}"
    cmd = ["/usr/bin/time", "-v", args.bin, "harness", "--port", port, "--vectors", str(ROOT / "vectors"),
           "--timeout", str(args.timeout), "--results", str(results)]
    for s in SUITES:
        cmd += ["--suite", s]
    return cmd


def measure(stderr: str) -> tuple[int, float]:
    rss = int(re.search(r"Maximum resident set size \(kbytes\): (\d+)", stderr).group(1))
    user = float(re.search(r"User time \(seconds\): ([\d.]+)", stderr).group(1))
    system = float(re.search(r"System time \(seconds\): ([\d.]+)", stderr).group(1))
    return rss, user + system


def run_seed(args, seed: int, work: pathlib.Path) -> list[str]:
    pids, results = work / f"pids-{seed}", work / f"results-{seed}.json"
    start = time.monotonic()
    try:
        proc = subprocess.run(harness_command(args, seed, pids, results), capture_output=True, text=True,
                              timeout=args.deadline, cwd=ROOT)
    except subprocess.TimeoutExpired:
        return [f"seed {seed}: the harness did not end within {args.deadline} s"]
    wall = time.monotonic() - start
    problems = []
    signalled = re.search(r"Command terminated by signal (\d+)", proc.stderr)
    if signalled or proc.returncode not in (0, 1, 2):
        problems.append(f"seed {seed}: ended with status {proc.returncode} {signalled.group(0) if signalled else ''}")
    last = proc.stdout.strip().split("\n")[-1] if proc.stdout.strip() else ""
    if not re.match(r"^\d+ passed, \d+ failed, \d+ skipped$|^error: ", last):
        problems.append(f"seed {seed}: no verdict line (last line {last[:200]!r})")
    tests = len(json.loads(results.read_text())["tests"]) if results.exists() else 0
    if tests == 0:
        problems.append(f"seed {seed}: no test ran (a fuzz run that drives nothing proves nothing)")
    rss, cpu = measure(proc.stderr)
    if rss >= RSS_LIMIT_KB:
        problems.append(f"seed {seed}: peak RSS {rss // 1024} MB >= 512 MB")
    time.sleep(0.2)
    left = survivors(pids)
    if left:
        problems.append(f"seed {seed}: port processes survived: {left}")
    print(f"seed {seed}: exit {proc.returncode}, {wall:.1f} s wall, {cpu:.1f} s CPU, peak RSS {rss // 1024} MB, {tests} tests: {last}")
    return problems


def run_interrupted(args, work: pathlib.Path) -> list[str]:
    """SIGINT to the harness mid-run: it dies of the signal, and takes the port's group along."""
    pids, results = work / "pids-sigint", work / "results-sigint.json"
    cmd = harness_command(args, 7, pids, results)[2:]  # without /usr/bin/time: signal the harness itself
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=ROOT)
    time.sleep(2)
    proc.send_signal(signal.SIGINT)
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        proc.kill()
        return ["SIGINT: the harness did not end within 10 s"]
    time.sleep(0.2)
    if not pids.exists():
        return ["SIGINT: the port never started (nothing was checked)"]
    left = survivors(pids)
    print(f"SIGINT after 2 s: harness status {proc.returncode}, {len(left)} port processes left")
    return [f"SIGINT: port processes survived: {left}"] if left else []


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", default=str(ROOT / ".build" / "debug" / "closer-spec"))
    ap.add_argument("--seeds", default="1,2,3,4")
    ap.add_argument("--timeout", type=float, default=1.0)
    ap.add_argument("--deadline", type=float, default=90)
    args = ap.parse_args()
    seeds = [int(s) for s in args.seeds.split(",")]
    problems: list[str] = []
    with tempfile.TemporaryDirectory(prefix="closer-port-fuzz-") as tmp:
        work = pathlib.Path(tmp)
        for seed in seeds:
            problems += run_seed(args, seed, work)
        problems += run_interrupted(args, work)
    for p in problems:
        print("FAIL " + p)
    if problems:
        return 1
    print(f"port-fuzz: {len(seeds) + 1} runs, every one ended with a verdict, no port process left")
    return 0


if __name__ == "__main__":
    sys.exit(main())
