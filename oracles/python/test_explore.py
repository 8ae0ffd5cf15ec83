"""`closer-spec explore` and `accumulate` end to end (specs/explore.md).

- explore against CloserSpec itself (`closer-spec serve`) finds nothing;
- a port broken on a sliver (CloserSpec's own server behind a filter that drops the padding of
  b64 `encoding.encode` answers) is found, with the encoding layer named; two runs with the same
  seed give the same cases and findings; the written divergence file validates against the
  vector schema, and `harness --vectors` replays it: the broken port fails it, CloserSpec passes;
- the accumulated digests agree with independent Python computations over hashlib.shake_128
  (base64, rfc8785, cryptography's AES-GCM), so the SHAKE128 stream and each recipe are pinned by
  a second implementation.
"""

from __future__ import annotations

import base64
import hashlib
import json
import pathlib
import struct
import subprocess

import jsonschema
import pytest
import rfc8785
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

from conftest import closer_spec_binary

ROOT = pathlib.Path(__file__).resolve().parents[2]
SCHEMA = json.loads((ROOT / "specs/schema/wire_vectors_v1.schema.json").read_text(encoding="utf-8"))
# A port that is CloserSpec except that b64 encode answers lose their '=' padding (sed -u: unbuffered).
UNPADDED = "{bin} serve | sed -u -E 's/\"text\":\"([A-Za-z0-9+\\/]*)=+\"/\"text\":\"\\1\"/'"


def explore(*args: str, timeout: int = 300) -> subprocess.CompletedProcess:
    return subprocess.run([closer_spec_binary(), "explore", *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=timeout)


def test_explore_finds_nothing_between_closer_spec_and_itself():
    b = closer_spec_binary()
    proc = explore("--port", f"{b} serve", "--cases", "600", "--seed", "5")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert proc.stdout.strip().splitlines()[-1] == "600 cases, 0 divergences"


def run_broken(tmp: pathlib.Path, name: str) -> tuple[subprocess.CompletedProcess, dict]:
    results = tmp / f"{name}.json"
    proc = explore("--port", UNPADDED.format(bin=closer_spec_binary()), "--op", "encoding.encode", "--cases", "60",
                   "--seed", "9", "--out", str(tmp / name), "--results", str(results))
    return proc, json.loads(results.read_text(encoding="utf-8"))


def test_a_sliver_bug_is_found_minimized_written_and_replayed(tmp_path):
    proc, results = run_broken(tmp_path, "a")
    assert proc.returncode == 1, proc.stdout + proc.stderr
    findings = results["findings"]
    assert findings and all(f["kind"] == "port" and f["layer"] == "encoding" for f in findings), findings
    # Minimized: the padding needs 1 or 2 bytes mod 3, so one byte is the smallest input.
    assert min(len(f["input"]["bytes"]) for f in findings) == 2, findings
    # Same seed, same cases and findings.
    _, again = run_broken(tmp_path, "b")
    for r in (results, again):
        r.pop("seconds")
        r.pop("firstDivergenceSeconds")
    assert results == again
    files = sorted((tmp_path / "a").glob("*.json"))
    # The suite and the MANIFEST.json harness --vectors requires (specs/explore.md §"Divergence files").
    assert [f.name for f in files] == ["MANIFEST.json", "explore_encoding_encode.json"]
    suite = json.loads(files[1].read_text(encoding="utf-8"))
    jsonschema.validate(suite, SCHEMA)
    b = closer_spec_binary()
    broken = subprocess.run([b, "harness", "--port", UNPADDED.format(bin=b), "--vectors", str(tmp_path / "a")],
                            cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert broken.returncode == 1 and "[encoding]" in broken.stdout, broken.stdout
    fine = subprocess.run([b, "harness", "--port", f"{b} serve", "--vectors", str(tmp_path / "a")],
                          cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert fine.returncode == 0, fine.stdout


# A second port with the same bug, written another way (strips every '=' before a closing quote).
UNPADDED_TOO = "{bin} serve | sed -u -E 's/=+\"/\"/g'"


def test_two_ports_agreeing_against_closer_spec_are_a_reference_suspect_and_write_no_vector(tmp_path):
    """specs/explore.md §Findings: every port answering alike against CloserSpec makes CloserSpec the
    suspect; the finding is reported as such (exit 1) and no vector is written under --out."""
    b = closer_spec_binary()
    out, results = tmp_path / "out", tmp_path / "r.json"
    proc = explore("--port", UNPADDED.format(bin=b), "--port", UNPADDED_TOO.format(bin=b), "--op", "encoding.encode",
                   "--cases", "40", "--seed", "9", "--out", str(out), "--results", str(results))
    assert proc.returncode == 1, proc.stdout + proc.stderr
    findings = json.loads(results.read_text(encoding="utf-8"))["findings"]
    assert findings and all(f["kind"] == "reference-suspect" for f in findings), findings
    assert "every port" in proc.stdout, proc.stdout
    assert not out.exists() or not any(out.iterdir()), sorted(out.iterdir())
    # The same bug in one port only, beside a conforming one: a port finding, written as a vector.
    proc = explore("--port", UNPADDED.format(bin=b), "--port", f"{b} serve", "--op", "encoding.encode",
                   "--cases", "40", "--seed", "9", "--out", str(out), "--results", str(results))
    assert proc.returncode == 1, proc.stdout + proc.stderr
    findings = json.loads(results.read_text(encoding="utf-8"))["findings"]
    assert findings and all(f["kind"] == "port" and f["layer"] == "encoding" for f in findings), findings
    assert (out / "explore_encoding_encode.json").exists()


def test_findings_do_not_depend_on_jobs_or_requests_in_flight(tmp_path):
    """specs/explore.md §Determinism, harness.md §Pipelining: the same seed and cases give the same
    results (cases, classes, minimized findings, layers) one request at a time with one job, with
    the defaults (the cores, 16 in flight) and with 3 jobs of 5 in flight, against a port that drops
    padding. (The restart after a crash and the resending of the requests in flight are checked by
    PortPipeliningTests.)"""
    b = closer_spec_binary()
    runs = []
    for name, extra in [("one", ["--jobs", "1", "--in-flight", "1"]), ("defaults", []),
                        ("many", ["--jobs", "3", "--in-flight", "5"])]:
        results = tmp_path / f"{name}.json"
        proc = explore("--port", UNPADDED.format(bin=b), "--op", "encoding.encode", "--op", "encoding.decode",
                       "--cases", "200", "--seed", "9", "--results", str(results), *extra)
        assert proc.returncode == 1, proc.stdout + proc.stderr
        r = json.loads(results.read_text(encoding="utf-8"))
        r.pop("seconds")
        r.pop("firstDivergenceSeconds", None)
        runs.append(r)
    assert runs[0]["findings"] and all(f["layer"] == "encoding" for f in runs[0]["findings"]), runs[0]["findings"]
    assert runs[0]["summary"]["cases"] == 200
    assert runs[1] == runs[0]
    assert runs[2] == runs[0]


# --- accumulated mode: an independent Python computation of every recipe -------------------------

def stream(recipe: str, seed: int, i: int, length: int) -> bytes:
    return hashlib.shake_128(f"closer-spec accumulate v1 {recipe} {seed} {i}".encode()).digest(length)


URL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"


def line_b64(x: bytes, url: bool) -> str:
    data = x[1:1 + x[0]]
    return base64.urlsafe_b64encode(data).decode().rstrip("=") if url else base64.b64encode(data).decode()


def line_b64url_decode(x: bytes) -> str:
    text = "".join(URL[b % 64] for b in x[1:1 + x[0] % 64])
    if len(text) % 4 == 1:
        return "!decode_error"
    data = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    return data.hex() if base64.urlsafe_b64encode(data).decode().rstrip("=") == text else "!decode_error"


def line_number(x: bytes) -> str:
    (d,) = struct.unpack(">d", x[:8])
    if d != d or d in (float("inf"), float("-inf")):
        return rfc8785.dumps(None).hex()
    return rfc8785.dumps(d).hex()


def line_enc_seal(x: bytes) -> str:
    key, key_id, iv = x[0:32], int.from_bytes(x[32:36], "big") or 1, x[36:48]
    couple = "c" + x[48:52].hex()
    chars = []
    for j in range(x[52]):
        v = int.from_bytes(x[53 + 3 * j:56 + 3 * j], "big") % 0x110000
        chars.append(chr(v - 0x800 if 0xD800 <= v <= 0xDFFF else v))
    body = b"\x01" + key_id.to_bytes(4, "big") + iv + AESGCM(key).encrypt(iv, "".join(chars).encode(), couple.encode())
    return "enc:v1:" + base64.b64encode(body).decode()


RECIPES = {
    "b64.encode": (256, lambda x: line_b64(x, False)),
    "b64url.encode": (256, lambda x: line_b64(x, True)),
    "b64url.decode": (65, line_b64url_decode),
    "canonicalize.number": (8, line_number),
    "enc.seal": (818, line_enc_seal),
}


@pytest.mark.parametrize("recipe", sorted(RECIPES))
def test_accumulated_digest_matches_an_independent_computation(recipe):
    length, line = RECIPES[recipe]
    n = 2000
    h = hashlib.sha256()
    for i in range(n):
        h.update(line(stream(recipe, 3, i, length)).encode() + b"\n")
    proc = subprocess.run([closer_spec_binary(), "accumulate", "--op", recipe, "--cases", str(n), "--seed", "3"],
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.split()[-1] == h.hexdigest(), proc.stdout
