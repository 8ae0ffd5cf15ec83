"""The mutants of the Node port (ports/node-mutants) are caught by the vectors, each with its layer
named, like the Python port's (test_mutants_harness.py).

Each mutant is a copy of ports/node with one realistic mistake written into its source (mutants.mjs:
one exact text replaced, which must occur exactly once). Driven by `closer-spec harness --port`
through the suites it must show in, the mutant must be caught (the harness exits 1 with failures),
and the layer the harness names most often must be the mutant's declared layer; the unmodified copy
(`mutant-port none`) passes the same suites; mutants.json is what mutants.mjs declares.

Run by `make test-mutants`.
"""

from __future__ import annotations

import collections
import json
import pathlib
import re
import shutil
import subprocess

import pytest

from test_mutants_harness import present, run_harness

ROOT = pathlib.Path(__file__).resolve().parents[2]
MUTANT_DIR = ROOT / "ports" / "node-mutants"
MUTANTS = json.loads((MUTANT_DIR / "mutants.json").read_text(encoding="utf-8"))
NEEDS_NODE = pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed (the Node port is not checked)")


@NEEDS_NODE
def test_manifest_is_what_mutants_mjs_declares():
    out = subprocess.run([str(MUTANT_DIR / "mutant-port"), "--json"], capture_output=True, timeout=60, check=True)
    assert json.loads(out.stdout) == MUTANTS, "mutants.json is stale: regenerate it with `ports/node-mutants/mutant-port --json`"


def test_manifest_names_spec_layers_and_vector_suites():
    section = (ROOT / "specs" / "vectors.md").read_text(encoding="utf-8").split("## Layers", 1)[1].split("\n## ", 1)[0]
    layers = set(re.findall(r"^\| `([a-z_0-9]+)` \|", section, re.M))
    assert len(MUTANTS) >= 4 and len({m["name"] for m in MUTANTS}) == len(MUTANTS)
    for m in MUTANTS:
        assert set(m) == {"name", "description", "layer", "suites", "file"}, m
        assert m["layer"] in layers, m
        assert m["suites"] and present(m["suites"]) == m["suites"], m
        assert len(m["description"]) > 30 and (ROOT / "ports" / "node" / m["file"]).is_file(), m


@NEEDS_NODE
@pytest.mark.parametrize("mutant", MUTANTS, ids=[m["name"] for m in MUTANTS])
def test_node_mutant_is_caught_with_its_layer_named(mutant):
    code, results, output = run_harness(f"ports/node-mutants/mutant-port {mutant['name']}", mutant["suites"])
    failed = [t for t in results.get("tests", []) if t["status"] == "failed"]
    assert code == 1 and failed, f"{mutant['name']} was not caught by {mutant['suites']}:\n{output[-2000:]}"
    layers = collections.Counter(t.get("layer") or "port" for t in failed)
    named, count = layers.most_common(1)[0]
    print(f"caught {mutant['name']}: {len(failed)} failures, layer {named} ×{count} ({dict(layers)})")
    assert named == mutant["layer"], f"{mutant['name']}: the harness names {named} ({dict(layers)}), the mistake is in {mutant['layer']}"


@NEEDS_NODE
def test_the_unmodified_copy_passes_every_mutants_suites():
    suites = sorted({s for m in MUTANTS for s in m["suites"]})
    code, results, output = run_harness("ports/node-mutants/mutant-port none", suites)
    assert code == 0 and results.get("tests"), output[-3000:]
