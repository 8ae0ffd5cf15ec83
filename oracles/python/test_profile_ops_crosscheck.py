"""FitLink's and Reward-E's new ops, CloserSpec (`closer-spec serve`) against the Python port, on
inputs beyond the vectors: every `fitlink.validate`, `fitlink.storagePath`, `fitlink.openPreview`
and `rewarde.*` vector input, and seeded mutations of each (a member dropped, retyped, set to an
edge value, a nested member added or changed; no undeclared request field). Both sides must answer alike: the same `ok`, the same error
`detail`, and on success the same response fields. The pages are the contract
(specs/profiles/fitlink/documents.md, media.md; specs/profiles/reward-e/contracts.md); a divergence
is a gap in the pages, the vectors, or one side.
"""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path

from closer_cases import PORT_DIR
from conftest import closer_spec_binary
from harness_client import HarnessClient

ROOT = Path(__file__).resolve().parents[2]
SUITES = [ROOT / "vectors/profiles/fitlink/fitlink_documents.json", ROOT / "vectors/profiles/reward-e/reward_e_contracts.json"]
EDGES = [None, True, 0, -1, 1.5, 2**31, 2**53, "", "x", "ABCDEF", [], {}, "chat_a_b", "reward-e://child/a", 86400.5]
CASES_PER_INPUT = 40


def inputs() -> list[tuple[str, dict]]:
    out = []
    for path in SUITES:
        data = json.loads(path.read_text(encoding="utf-8"))
        out += [(t["op"], t["input"]) for g in data["testGroups"] for t in g["tests"] if t["op"] != "fitlink.decrypt"]
    return out


def containers(value, path=()):
    """Every (path, dict-or-list) inside value, the value itself first."""
    if isinstance(value, (dict, list)):
        yield path, value
        items = value.items() if isinstance(value, dict) else enumerate(value)
        for k, v in items:
            yield from containers(v, path + (k,))


def mutate(fields: dict, rng: random.Random) -> dict:
    m = copy.deepcopy(fields)
    path, target = rng.choice(list(containers(m)))
    if isinstance(target, dict) and target and rng.random() < 0.3:
        del target[rng.choice(sorted(target))]
    elif isinstance(target, dict):
        # A request field the op does not declare is the harness protocol's business, not the op's.
        key = rng.choice(sorted(target) + ([] if path == () else ["extra"]))
        target[key] = rng.choice(EDGES)
    elif target:
        target[rng.randrange(len(target))] = rng.choice(EDGES)
    else:
        target.append(rng.choice(EDGES))
    return m


def answer(response: dict) -> tuple:
    if not response.get("ok"):
        return ("error", response["error"]["code"], response["error"].get("detail"))
    return ("ok", {k: v for k, v in response.items() if k not in ("id", "ok")})


def test_serve_and_the_python_port_answer_alike():
    rng = random.Random(26)
    cases = []
    for op, fields in inputs():
        cases.append((op, fields))
        cases += [(op, mutate(fields, rng)) for _ in range(CASES_PER_INPUT)]
    divergent = []
    with HarnessClient([closer_spec_binary(), "serve"]) as spec, HarnessClient([str(Path(PORT_DIR) / "closer-port"), "serve"]) as port:
        for op, fields in cases:
            a, b = answer(spec.request(op, **fields)), answer(port.request(op, **fields))
            if a != b:
                divergent.append(f"{op} {json.dumps(fields)[:300]}: serve {a} port {b}")
    print(f"{len(cases)} cases, {len(divergent)} divergent")
    assert not divergent, "\n".join(divergent[:20])
