"""A deliberate mismatch in the Node or the JVM port fails both the harness and the port's own
vector runner, and both name the layer.

Each case copies the port into a temporary tree (with the repository's vectors/ and specs/
beside it, as the runners expect), changes one line the way a port engineer might get it wrong,
and runs `closer-spec harness --port` and the port's runner on the copy. Nothing in ports/ is
modified and the ports carry no test hooks.
"""

from __future__ import annotations

import collections
import json
import os
import pathlib
import shutil
import subprocess

import pytest

from conftest import closer_spec_binary

ROOT = pathlib.Path(__file__).resolve().parents[2]


def vector_set_version() -> str:
    """The Closer set's version (vectors/MANIFEST.json): its packages are the ones under test, whatever
    older ones a work tree's dist/ still holds."""
    return json.loads((ROOT / "vectors" / "MANIFEST.json").read_text())["vectorSetVersion"]


def copy_port(tmp: pathlib.Path, name: str) -> pathlib.Path:
    (tmp / "ports").mkdir()
    shutil.copytree(ROOT / "ports" / name, tmp / "ports" / name, ignore=shutil.ignore_patterns("build", "node_modules"))
    for d in ("vectors", "specs"):
        (tmp / d).symlink_to(ROOT / d)
    return tmp / "ports" / name


def mutate(path: pathlib.Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{path}: the line to change is gone: {old!r}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def harness(tmp: pathlib.Path, port: str) -> tuple[int, list[dict], str]:
    results = tmp / "results.json"
    proc = subprocess.run(
        [closer_spec_binary(), "harness", "--port", port, "--vectors", str(ROOT / "vectors"), "--results", str(results)],
        cwd=tmp, capture_output=True, text=True, timeout=1200)
    tests = json.loads(results.read_text())["tests"] if results.exists() else []
    return proc.returncode, [t for t in tests if t["status"] == "failed"], proc.stdout + proc.stderr


def top_layer(failed: list[dict]) -> str:
    return collections.Counter(t.get("layer") or "port" for t in failed).most_common(1)[0][0]


BASELINE: dict[str, set] = {}


def recorded_baseline(port_name: str) -> set | None:
    """The unmodified port's failures as the `ports` stage of this run recorded them
    (.build/stages/<port>-port.json, make test), when that file is newer than every vector and
    every source of the port: the same harness run again would only cost CI a minute."""
    results = ROOT / ".build" / "stages" / f"{port_name}-port.json"
    if not results.is_file():
        return None
    inputs = [p for d in (ROOT / "vectors", ROOT / "ports" / port_name / "src") for p in d.rglob("*") if p.is_file()]
    if any(p.stat().st_mtime > results.stat().st_mtime for p in inputs):
        return None
    tests = json.loads(results.read_text())["tests"]
    return {(t["suite"], t["tcId"]) for t in tests if t["status"] == "failed"}


def new_failures(tmp: pathlib.Path, port_name: str, port_cmd: str, failed: list[dict]) -> list[dict]:
    """The failures the mutation added: the unmodified port's own failures (if any) are left out."""
    if port_name not in BASELINE and (recorded := recorded_baseline(port_name)) is not None:
        BASELINE[port_name] = recorded
    if port_name not in BASELINE:
        base = tmp.parent / f"baseline-{port_name}"
        base.mkdir()
        copy_port(base, port_name)
        _, base_failed, _ = harness(base, port_cmd)
        BASELINE[port_name] = {(t["suite"], t["tcId"]) for t in base_failed}
    return [t for t in failed if (t["suite"], t["tcId"]) not in BASELINE[port_name]]


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_node_port_with_btoa_style_base64_is_caught(tmp_path):
    port = copy_port(tmp_path, "node")
    # btoa-style: the standard alphabet where url-safe b64 is pinned.
    mutate(port / "lib/encoding.js", "b64url: LETTERS + '-_' };", "b64url: LETTERS + '+/' };")
    code, failed, output = harness(tmp_path, "ports/node/port.sh")
    failed = new_failures(tmp_path, "node", "ports/node/port.sh", failed)
    assert code == 1 and failed, output[-2000:]
    assert top_layer(failed) == "encoding", output[-3000:]
    # The copy has no dist/: its runner installs this repository's npm tarball (make dist-packages).
    tgz = ROOT / "dist" / f"closer-spec-vectors-{vector_set_version()}.tgz"
    assert tgz.is_file(), f"{tgz} expected (make dist-packages)"
    env = dict(os.environ, CLOSER_VECTORS_TGZ=str(tgz))
    runner = subprocess.run(["node", "--test", "ports/node/test/vectors.test.mjs"], cwd=tmp_path,
                            capture_output=True, text=True, timeout=600, env=env)
    assert runner.returncode != 0, runner.stdout[-2000:]
    assert "encoding" in runner.stdout + runner.stderr


@pytest.mark.skipif(shutil.which("javac") is None, reason="no JDK")
@pytest.mark.parametrize("old,new,layer", [
    ("public static int integerWidth = 33;", "public static int integerWidth = 32;", "kem"),
    ('public static String separator = "|";', 'public static String separator = "/";', "binding"),
    # documents.md: quiet-hours minutes 0…1439; an Android settings screen writing 1440 for midnight.
    ("static final Predicate<Object> MINUTE = integer(0, 1439);", "static final Predicate<Object> MINUTE = integer(0, 1440);",
     "contract"),
], ids=["coordinates-32", "aad-slash", "doc-minute-1440"])
def test_jvm_port_mismatch_is_caught(tmp_path, old, new, layer):
    if layer == "binding" and not (ROOT / "vectors/sealed_v1.json").exists():
        pytest.skip("vectors/sealed_v1.json is not generated yet")
    port = copy_port(tmp_path, "jvm")
    source = next(p for p in port.rglob("*.java") if old in p.read_text(encoding="utf-8"))
    mutate(source, old, new)
    code, failed, output = harness(tmp_path, "ports/jvm/port.sh")
    failed = new_failures(tmp_path, "jvm", "ports/jvm/port.sh", failed)
    assert code == 1 and failed, output[-2000:]
    assert top_layer(failed) == layer, output[-3000:]
    env = dict(os.environ)
    jar = ROOT / "dist" / f"closer-spec-vectors-{vector_set_version()}.jar"
    assert jar.is_file(), f"{jar} expected (make dist-packages)"
    env["CLOSER_VECTORS_JAR"] = str(jar)
    runner = subprocess.run(["sh", "ports/jvm/run-tests.sh"], cwd=tmp_path, capture_output=True, text=True,
                            timeout=900, env=env)
    assert runner.returncode != 0, runner.stdout[-2000:]
    assert "layer" in runner.stdout + runner.stderr, runner.stdout[-3000:]
