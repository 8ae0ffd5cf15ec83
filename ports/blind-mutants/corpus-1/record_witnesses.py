"""Writes mutants.json from mutants_src.py: each mutant with its witness request line and the
answers of `closer-spec serve` and of the mutant to it (run: python record_witnesses.py).

The answers are recorded as sent, except each error's free-text `message`, which is left out
(messages are not part of conformance, specs/harness.md §Conformance)."""

import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, ".."))
from mutants_src import MUTANTS  # noqa: E402
from witness_check import closer_spec_bin, exchange, witness_line  # noqa: E402


def main() -> None:
    path = os.path.join(HERE, "mutants.json")
    corpus = {"corpus": "corpus-1", "mutants": [{k: v for k, v in m.items() if k != "witness"} | {"witness": witness_line(m)} for m in MUTANTS]}
    with open(path, "w", encoding="utf-8") as f:  # edits first: mutant-port reads them
        json.dump(corpus, f, ensure_ascii=False, indent=1)
    serve = exchange([closer_spec_bin(), "serve"], [m["witness"] for m in corpus["mutants"]])
    for m, s in zip(corpus["mutants"], serve):
        m["serveAnswer"] = s
        m["mutantAnswer"] = exchange([os.path.join(HERE, "..", "mutant-port"), path, m["name"]], [m["witness"]])[0]
    with open(path, "w", encoding="utf-8") as f:
        json.dump(corpus, f, ensure_ascii=False, indent=1)
        f.write("\n")


if __name__ == "__main__":
    main()
