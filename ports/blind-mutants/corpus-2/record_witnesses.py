"""Writes corpus-2/mutants.json from mutants_src.py: each mutant with its witness as one protocol
request line and the recorded answers of `closer-spec serve` and of the mutant (without the
error's free-text message). Prints every mutant whose witness does not tell it from serve.
Run from anywhere: .venv/bin/python ports/blind-mutants/corpus-2/record_witnesses.py"""

from __future__ import annotations

import json
import os
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [HERE, os.path.dirname(HERE)]

from mutants_src import MUTANTS  # noqa: E402
from witness_check import MUTANT_PORT, closer_spec_bin, conformance_view, exchange, witness_line  # noqa: E402


def main() -> int:
    out_path = os.path.join(HERE, "mutants.json")
    lines = [witness_line(m) for m in MUTANTS]
    served = exchange([closer_spec_bin(), "serve"], lines)
    records, weak = [], []
    fd, tmp = tempfile.mkstemp(suffix=".json")
    with os.fdopen(fd, "w", encoding="utf-8") as f:  # the mutant port reads its edits from a corpus file
        json.dump({"mutants": [dict(m, witness=line) for m, line in zip(MUTANTS, lines)]}, f)
    for m, line, s in zip(MUTANTS, lines, served):
        answer = exchange([MUTANT_PORT, tmp, m["name"]], [line])[0]
        if conformance_view(answer) == conformance_view(s):
            weak.append(m["name"])
            print(f"NOT TOLD APART {m['name']}: {json.dumps(answer)[:300]}", file=sys.stderr)
        records.append(dict(m, port=m.get("port", "python"), witness=line, serveAnswer=s, mutantAnswer=answer))
    os.remove(tmp)
    with open(out_path, "w", encoding="utf-8") as f:
        json.dump({"mutants": records}, f, indent=1, ensure_ascii=False)
        f.write("\n")
    print(f"{len(records)} mutants, {len(weak)} not told apart", file=sys.stderr)
    return 1 if weak else 0


if __name__ == "__main__":
    sys.exit(main())
