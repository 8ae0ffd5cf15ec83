"""`closer-spec interop` end to end (specs/interop.md).

- The three ports (Python, Node when `node` is installed, JVM when `java` is) and CloserSpec: every
  ordered pair, the diagonal included, is green, and the pairs run are exactly those an independent
  computation expects: every flow of specs/interop.md's table whose producer op the producer's
  `info` lists and whose consumer op the consumer's lists.
- A planted incompatibility: ports/fixtures/unpadded-writer-port is the Python port whose enc:v1
  writer drops the b64 padding (its reader untouched). Every pair it produces for fails with the
  encoding layer and the writer blamed, every pair it consumes for passes; the value it wrote is
  checked to be unpadded b64 with Python's own base64, and the printed reproduction fails again.
"""

from __future__ import annotations

import base64
import binascii
import json
import pathlib
import re
import shutil
import subprocess

import pytest

from conftest import closer_spec_binary

ROOT = pathlib.Path(__file__).resolve().parents[2]
PYTHON = "ports/python/closer-port serve"
PLANTED = "ports/fixtures/unpadded-writer-port"


def interop(*args: str, timeout: int = 600) -> subprocess.CompletedProcess:
    return subprocess.run([closer_spec_binary(), "interop", *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=timeout)


def ports() -> list[str]:
    found = [PYTHON]
    if shutil.which("node"):
        found.append("ports/node/port.sh")
    if shutil.which("java"):
        found.append("ports/jvm/port.sh")
    return found


def listed_ops(command: str) -> set[str]:
    """The ops a port's `info` lists, asked directly (not through closer-spec)."""
    proc = subprocess.run(["/bin/sh", "-c", command], cwd=ROOT, input='{"id":"i","op":"info"}\n',
                          capture_output=True, text=True, timeout=180)
    return set(json.loads(proc.stdout.splitlines()[0])["ops"])


def flows_of_the_page() -> list[tuple[str, str]]:
    """(producer, consumer) of every row of specs/interop.md §Flows."""
    page = (ROOT / "specs/interop.md").read_text(encoding="utf-8")
    section = page.split("## Flows", 1)[1].split("\n## ", 1)[0]
    return [tuple(m.split(">")) for m in re.findall(r"^\| `([a-zA-Z.]+>[a-zA-Z.]+)` \|", section, re.M)]


def read(path: pathlib.Path) -> dict:
    results = json.loads(path.read_text(encoding="utf-8"))
    assert results["format"] == "closer-spec-interop" and results["version"] == 1
    return results


def test_every_ordered_pair_of_the_ports_and_closer_spec_is_green(tmp_path):
    commands = ports()
    out = tmp_path / "interop.json"
    args = [a for c in commands for a in ("--port", c)]
    proc = interop(*args, "--cases", "3", "--seed", "1", "--timeout", "120", "--results", str(out))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    results = read(out)
    assert results["ports"] == ["closer-spec", *commands]
    ops = {c: listed_ops(c) for c in commands}
    ops["closer-spec"] = listed_ops(f"{closer_spec_binary()} serve")
    flows = flows_of_the_page()
    assert len(flows) == 17, flows
    want = {(p, c, f"{pp}>{cc}") for pp, cc in flows for p in results["ports"] for c in results["ports"]
            if pp in ops[p] and cc in ops[c]}
    got = {(p["producer"], p["consumer"], p["flow"]) for p in results["pairs"]}
    assert got == want
    for p in results["pairs"]:
        assert p["cases"] == 3 and p["passed"] == 3 and p["failed"] == 0 and p["mismatches"] == [], p
    # Every port and CloserSpec meet in both directions on the core wire formats.
    for flow in ("enc.seal>enc.open", "sealed.seal>sealed.open", "keybox.wrap>keybox.unwrap"):
        assert {(p, c) for p, c, f in got if f == flow} == {(p, c) for p in results["ports"] for c in results["ports"]}
    lines = proc.stdout.splitlines()
    assert lines[-1] == f"{3 * len(want)} cases, 0 failed, 0 mismatches"
    assert sum(line.startswith("PAIR #") for line in lines) == (len(commands) + 1) ** 2


def test_a_planted_writer_is_found_with_its_layer(tmp_path):
    commands = [PYTHON, PLANTED] + (["ports/node/port.sh"] if shutil.which("node") else [])
    out = tmp_path / "planted.json"
    args = [a for c in commands for a in ("--port", c)]
    proc = interop(*args, "--flow", "enc.seal>enc.open", "--flow", "sealed.seal>sealed.open", "--cases", "8",
                   "--seed", "1", "--results", str(out))
    assert proc.returncode == 1, proc.stdout + proc.stderr
    results = read(out)
    for p in results["pairs"]:
        planted_writes_enc = p["producer"] == PLANTED and p["flow"] == "enc.seal>enc.open"
        if not planted_writes_enc:
            assert p["failed"] == 0, p  # what the planted port reads, and its sealed:v1 writer, are fine
            continue
        # A body of 3k bytes needs no padding: most cases fail, not all.
        assert 0 < p["failed"] < p["cases"], p
        assert p["mismatches"], p
        for m in p["mismatches"]:
            assert m["layer"] == "encoding", m
            assert "writer is at fault" in m["message"] and "without padding" in m["message"], m["message"]
            body = m["produced"]["value"].removeprefix("enc:v1:")
            assert len(body) % 4 != 0
            with pytest.raises(binascii.Error):
                base64.b64decode(body, validate=True)
            base64.b64decode(body + "=" * (-len(body) % 4), validate=True)
    failing = {(p["producer"], p["consumer"]) for p in results["pairs"] if p["failed"]}
    assert failing == {(PLANTED, c) for c in results["ports"]}
    assert "[encoding] enc.seal>enc.open #2 > #1" in proc.stdout
    # The printed reproduction runs exactly that case again and fails the same way.
    line = next(line for line in proc.stdout.splitlines() if line.startswith("  reproduce: "))
    command = line.removeprefix("  reproduce: ").replace("closer-spec interop", f"'{closer_spec_binary()}' interop", 1)
    again = subprocess.run(["/bin/sh", "-c", command], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert again.returncode == 1 and "MISMATCH [encoding] enc.seal>enc.open" in again.stdout, again.stdout
    assert again.stdout.splitlines()[-1] == "1 cases, 1 failed, 1 mismatches"
