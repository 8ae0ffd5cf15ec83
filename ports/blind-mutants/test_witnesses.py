"""The blind mutant corpora are real: every mutant's witness gets a different answer from it
than from `closer-spec serve`, and the unmodified port it was copied from (`none`: the Python
port, `none-node`: the Node port) answers every witness exactly as serve does. Run: .venv/bin/python -m pytest ports/blind-mutants/test_witnesses.py

The binary is CLOSER_SPEC_BIN, else /work/frozen/closer-spec when it exists, else
.build/debug/closer-spec. "Answer" means the response line without the error's free-text
`message`; "differs" means differs in what a harness judges (a success's outputs, or a
failure's category `code`, specs/harness.md §Conformance), not only in `detail`.
"""

from __future__ import annotations

import glob
import json
import os
import re

import pytest

from witness_check import HERE, MUTANT_PORT, REPO, closer_spec_bin, conformance_view, exchange

CORPORA = sorted(glob.glob(os.path.join(HERE, "corpus-*", "mutants.json")))
LAYERS = {"request", "encoding", "protobuf", "keyset", "tink_framing", "aead", "kem", "kdf", "dem", "binding", "json",
          "canonicalization", "commitment", "payload", "argon2", "kdf_params", "phrase", "invite", "contract", "rules"}
PROFILES = {"closer", "fitlink", "reward-e", "payback", "unstoppable"}
# Profiles whose ops the Python port implements (ports/python/README.md §Ops); PayBack has none.
PORTED_PROFILES = {"fitlink", "reward-e", "unstoppable"}
PORTS = {"python", "node"}  # a mutant's "port"; absent (corpus 1) is python
UNMODIFIED = {"python": "none", "node": "none-node"}


def load(path: str) -> list[dict]:
    with open(path, encoding="utf-8") as f:
        return json.load(f)["mutants"]


MUTANTS = [(path, m) for path in CORPORA for m in load(path)]
IDS = [f"{os.path.basename(os.path.dirname(p))}/{m['name']}" for p, m in MUTANTS]


@pytest.fixture(scope="module")
def serve_answers() -> dict[str, list[dict]]:
    """serve's answer to every witness of each corpus (one serve process per corpus)."""
    if not os.path.exists(closer_spec_bin()):
        pytest.skip(f"no closer-spec binary at {closer_spec_bin()}")
    return {path: exchange([closer_spec_bin(), "serve"], [m["witness"] for m in load(path)]) for path in CORPORA}


def test_corpora_exist_and_are_well_formed():
    assert CORPORA, "no corpus-*/mutants.json"
    for path in CORPORA:
        mutants = load(path)
        assert len(mutants) >= 40, f"{path}: {len(mutants)} mutants, at least 40 wanted"
        names = [m["name"] for m in mutants]
        assert len(set(names)) == len(names) and not set(names) & set(UNMODIFIED.values())
        for m in mutants:
            assert port_of(m) in PORTS, m["name"]
            assert m["layer"] in LAYERS, m["name"]
            assert m["profile"] in PROFILES, m["name"]
            assert m["edits"] and m["misreading"] and m["sentence"], m["name"]
            assert json.loads(m["witness"])["op"], m["name"]
        for profile in PORTED_PROFILES:
            count = sum(1 for m in mutants if m["profile"] == profile)
            assert count >= 4, f"{path}: {count} {profile} mutants, at least 4 wanted"
        node = [m for m in mutants if port_of(m) == "node"]
        if node:  # a corpus with Node mutants covers PayBack (only the Node port implements it)
            assert len(node) >= 6, f"{path}: {len(node)} Node mutants, at least 6 wanted"
            payback = sum(1 for m in node if m["profile"] == "payback")
            assert payback >= 4, f"{path}: {payback} PayBack mutants, at least 4 wanted"


def port_of(mutant: dict) -> str:
    return mutant.get("port", "python")


@pytest.mark.parametrize("path,mutant", MUTANTS, ids=IDS)
def test_sentence_is_on_its_page(path, mutant):
    """The misread sentence is quoted from the page it names (whitespace runs collapsed)."""
    assert mutant["page"].startswith("specs/")
    with open(os.path.join(REPO, mutant["page"]), encoding="utf-8") as f:
        page = re.sub(r"\s+", " ", f.read())
    assert re.sub(r"\s+", " ", mutant["sentence"]) in page


@pytest.mark.parametrize("path,mutant", MUTANTS, ids=IDS)
def test_witness_tells_mutant_from_serve(path, mutant, serve_answers):
    served = serve_answers[path][[m["name"] for m in load(path)].index(mutant["name"])]
    answer = exchange([MUTANT_PORT, path, mutant["name"]], [mutant["witness"]])[0]
    assert conformance_view(answer) != conformance_view(served), "the mutant answers the witness as serve does"
    assert served == mutant["serveAnswer"], "serve's recorded answer is stale (re-run record_witnesses.py)"
    assert answer == mutant["mutantAnswer"], "the mutant's recorded answer is stale (re-run record_witnesses.py)"


@pytest.mark.parametrize("path", CORPORA, ids=[os.path.basename(os.path.dirname(p)) for p in CORPORA])
def test_none_answers_every_witness_as_serve(path, serve_answers):
    """The unmodified port of each mutant (Python or Node) answers its witness as serve does."""
    pairs = list(zip(load(path), serve_answers[path]))
    for port, unmodified in UNMODIFIED.items():
        mine = [(m, served) for m, served in pairs if port_of(m) == port]
        if not mine:
            continue
        answers = exchange([MUTANT_PORT, path, unmodified], [m["witness"] for m, _ in mine])
        for (m, served), answer in zip(mine, answers):
            assert answer == served, f"{m['name']}: {unmodified} answers {answer}, serve {served}"


def test_unknown_mutant_is_refused():
    import subprocess

    proc = subprocess.run([MUTANT_PORT, CORPORA[0], "no-such-mutant"], input=b"", capture_output=True, timeout=60)
    assert proc.returncode != 0 and b"no mutant" in proc.stderr
