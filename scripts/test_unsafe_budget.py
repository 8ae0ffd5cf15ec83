#!/usr/bin/env python3
"""The unsafe budget guards: a planted unsafe line fails it, a removed one asks for a lower
budget, a file without its threat-model row fails, and --update never raises a budget.
Run by `make test-unsafe-budget` before the check itself."""
import json
import pathlib
import subprocess
import sys
import tempfile
import unittest

SCRIPT = pathlib.Path(__file__).with_name("unsafe-budget.py")
PAGE_ROW = "| `Sources/M/A.swift` | {n} | fast path | plain | `T.swift` | `f` |\n"


class UnsafeBudgetTests(unittest.TestCase):
    def run_check(self, lines, budget, row_count=1, update=False):
        with tempfile.TemporaryDirectory() as tmp:
            root = pathlib.Path(tmp)
            (root / "Sources/M").mkdir(parents=True)
            body = "".join("let p = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)\n" for _ in range(lines))
            (root / "Sources/M/A.swift").write_text('// Unsafe in a comment\nlet s = "unsafe"\n' + body)
            (root / "describe.json").write_text(json.dumps(
                {"targets": [{"name": "M", "type": "library", "path": "Sources/M", "sources": ["A.swift"]}]}))
            (root / "budget.json").write_text(json.dumps({"M": budget}))
            (root / "page.md").write_text(PAGE_ROW.format(n=row_count) if row_count else "")
            args = [sys.executable, str(SCRIPT), "--root", tmp, "--targets", str(root / "describe.json"),
                    "--budget", "budget.json", "--page", "page.md"] + (["--update"] if update else [])
            run = subprocess.run(args, capture_output=True, text=True)
            return run.returncode, run.stdout + run.stderr, json.loads((root / "budget.json").read_text())

    def test_within_budget_passes_and_comments_and_strings_do_not_count(self):
        status, out, _ = self.run_check(lines=1, budget=1)
        self.assertEqual(status, 0, out)

    def test_a_planted_unsafe_line_fails(self):
        status, out, _ = self.run_check(lines=2, budget=1, row_count=2)
        self.assertEqual(status, 1)
        self.assertIn("over its budget of 1", out)

    def test_fewer_unsafe_lines_ask_for_a_lower_budget(self):
        status, out, _ = self.run_check(lines=1, budget=3)
        self.assertEqual(status, 1)
        self.assertIn("lower it", out)

    def test_a_file_without_its_row_fails(self):
        status, out, _ = self.run_check(lines=1, budget=1, row_count=0)
        self.assertEqual(status, 1)
        self.assertIn("no row", out)

    def test_update_lowers_and_never_raises(self):
        status, _, budget = self.run_check(lines=1, budget=3, update=True)
        self.assertEqual((status, budget), (0, {"M": 1}))
        status, _, budget = self.run_check(lines=4, budget=3, row_count=4, update=True)
        self.assertEqual((status, budget), (1, {"M": 3}))


if __name__ == "__main__":
    unittest.main()
