#!/usr/bin/env python3
"""Prints each stage's time against its budget at the end of `make ci` (docs/checks.md
§"Stages and budgets"). A stage over its budget is reported here, not failed: the run's verdict
is its stages' exit statuses. A stage with no budget row is listed as such.

Usage: scripts/stage-table.py TIMES.tsv BUDGETS.tsv
"""
import sys


def rows(path):
    with open(path, encoding="utf-8") as f:
        return [line.rstrip("\n").split("\t") for line in f if line.strip() and not line.startswith("#")]


def main(times_path, budgets_path):
    try:
        times = rows(times_path)
    except FileNotFoundError:
        print("stage table: no stage ran")
        return 0
    budgets = {name: int(secs) for name, secs in rows(budgets_path)}
    print(f"{'stage':18s} {'wall s':>7s} {'cpu s':>7s} {'budget':>7s}  verdict")
    over = []
    for name, wall, cpu, status in times:
        budget = budgets.get(name)
        verdict = "FAILED" if status != "0" else "ok"
        if budget is None:
            verdict += ", no budget row"
        elif int(wall) > budget:
            verdict += f", OVER budget by {int(wall) - budget}s"
            over.append(name)
        print(f"{name:18s} {wall:>7s} {cpu:>7s} {str(budget or '-'):>7s}  {verdict}")
    total_cpu = sum(int(c) for _, _, c, _ in times if c.isdigit())
    print(f"stages' CPU {total_cpu}s; over budget: {', '.join(over) if over else 'none'}")
    return 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:3]))
