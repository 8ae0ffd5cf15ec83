"""Run by test-packages.sh inside a venv holding every set's wheel: every suite loads, digests
checked; then a tampered installed file is refused naming it (specs/distribution.md §"Tests")."""

import importlib
import sys
from pathlib import Path

modules = ["closer_spec_vectors", "closer_spec_vectors_fitlink", "closer_spec_vectors_reward_e"]
for name in modules:
    m = importlib.import_module(name)
    suites = m.list_suites()
    total = sum(m.load_suite(s).get("numberOfTests", 0) for s in suites)
    assert suites and total == m.manifest()["numberOfTests"], (name, total)
    print(f"dist: wheel {name} {m.VERSION}: {len(suites)} suites, {total} tests loaded, digests checked")

import closer_spec_vectors as closer  # noqa: E402

target = Path(closer.__file__).parent / "vectors" / "enc_v1.json"
target.write_bytes(target.read_bytes() + b" ")
try:
    closer.load_suite("enc_v1")
except closer.DigestMismatch as e:
    assert "enc_v1.json: SHA-256" in str(e), e
    print(f"dist: wheel refused a tampered file: {e}")
else:
    sys.exit("dist: FAIL wheel accepted a tampered enc_v1.json")
