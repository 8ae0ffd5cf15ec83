"""Shared by test_witnesses.py and corpus-*/record_witnesses.py: run witness lines through a
harness-protocol server and compare answers."""

from __future__ import annotations

import json
import os
import subprocess

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.abspath(os.path.join(HERE, "..", ".."))
MUTANT_PORT = os.path.join(HERE, "mutant-port")


def closer_spec_bin() -> str:
    """CLOSER_SPEC_BIN, else /work/frozen/closer-spec when it exists, else .build/debug/closer-spec."""
    if os.environ.get("CLOSER_SPEC_BIN"):
        return os.environ["CLOSER_SPEC_BIN"]
    if os.path.exists("/work/frozen/closer-spec"):
        return "/work/frozen/closer-spec"
    return os.path.join(REPO, ".build", "debug", "closer-spec")


def witness_line(mutant: dict) -> str:
    """The witness request as one protocol line (ASCII JSON; non-ASCII as \\u escapes)."""
    return json.dumps(mutant["witness"], ensure_ascii=True, separators=(",", ":"))


def without_message(answer: dict) -> dict:
    """An answer without the error's free-text message (not part of conformance)."""
    if isinstance(answer.get("error"), dict):
        answer = dict(answer, error={k: v for k, v in answer["error"].items() if k != "message"})
    return answer


def exchange(cmd: list[str], lines: list[str], timeout: float = 600) -> list[dict]:
    """Sends the lines to a server started as cmd; its answers, parsed, messages removed."""
    proc = subprocess.run(cmd, input=("\n".join(lines) + "\n").encode(), capture_output=True, timeout=timeout)
    out = proc.stdout.decode().splitlines()
    if len(out) != len(lines):
        raise AssertionError(f"{cmd}: {len(out)} answers to {len(lines)} requests; stderr: {proc.stderr.decode()[-500:]}")
    return [without_message(json.loads(o)) for o in out]


def conformance_view(answer: dict) -> dict:
    """What a harness judges (specs/harness.md §Conformance): a success's outputs, or a
    failure's category `code` (a different `detail` alone is reported, not a failure)."""
    if answer.get("ok") is True:
        return {k: v for k, v in answer.items() if k != "id"}
    return {"ok": False, "code": (answer.get("error") or {}).get("code")}
