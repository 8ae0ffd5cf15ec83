"""`closer-spec capture check` on a capture document (specs/capture.md §Report), shared by the device
and the server capture tests."""

from __future__ import annotations

import json
import os
import subprocess

from conftest import closer_spec_binary

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))


def check(tmp_path, document: dict) -> tuple[int, dict[str, str], str]:
    """Runs the check; returns (exit status, {decision id: status}, output)."""
    path = tmp_path / "capture.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    run = subprocess.run(
        [closer_spec_binary(), "capture", "check", str(path), "--specs", os.path.join(ROOT, "specs")],
        capture_output=True, text=True, timeout=300,
    )
    statuses = {}
    for line in run.stdout.splitlines():
        if line.startswith("D-"):
            ident, rest = line.split(" ", 1)
            statuses[ident] = "contradicted" if "] contradicted:" in rest else "confirmed"
    return run.returncode, statuses, run.stdout + run.stderr
