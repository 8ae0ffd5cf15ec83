"""Process-level robustness of `closer-spec serve` (specs/harness.md §Framing).

Feeds the real binary through stdin: random bytes, an overlong line, deep nesting, invalid
UTF-8, and checks it answers exactly one JSON line per input line and exits 0 at end of input.
"""
import json
import os
import random
import subprocess

import pytest

BIN = os.environ.get("CLOSER_SPEC_BIN")
pytestmark = pytest.mark.skipif(
    not BIN or not os.path.exists(BIN), reason="CLOSER_SPEC_BIN is not set to a built closer-spec"
)


def serve(data: bytes, timeout: float = 120):
    proc = subprocess.run([BIN, "serve"], input=data, capture_output=True, timeout=timeout)
    lines = proc.stdout.decode("utf-8").splitlines()
    return proc.returncode, [json.loads(line) for line in lines]


def expected_lines(data: bytes) -> int:
    if not data:
        return 0
    return data.count(b"\n") + (0 if data.endswith(b"\n") else 1)


def test_random_bytes_get_one_response_per_line():
    rng = random.Random(8785)
    data = bytes(rng.getrandbits(8) for _ in range(2_000_000))
    rc, responses = serve(data)
    assert rc == 0
    assert len(responses) == expected_lines(data)
    assert all(r["ok"] is False for r in responses)
    assert {r["error"]["code"] for r in responses} <= {"malformed_request", "unknown_op"}


def test_overlong_line_deep_nesting_and_invalid_utf8_do_not_stop_the_server():
    data = b"".join(
        [
            b"x" * (17 * 1024 * 1024) + b"\n",
            b"[" * 1_000_000 + b"\n",
            b'{"id":1,"op":"info"}\r\n',
            b"\xff\xfe{}\n",
            b'{"id":2,"op":"enc.open","keyset":"zz","coupleId":"c","value":"enc:v1:AAAA"}\n',
            b'{"id":3,"op":"info"}',  # no final newline
        ]
    )
    rc, responses = serve(data)
    assert rc == 0
    assert len(responses) == 6
    assert [r["ok"] for r in responses] == [False, False, True, False, False, True]
    assert responses[0]["error"]["code"] == "malformed_request"
    assert responses[2]["id"] == 1 and "enc.open" in responses[2]["ops"]
    assert responses[4]["id"] == 2 and responses[4]["error"]["code"] == "malformed_request"


def test_ids_are_echoed_unchanged():
    ids = ["a", 7, None, [1, {"x": True}], {"k": "v"}, 1.5]
    data = "".join(json.dumps({"id": i, "op": "nope"}) + "\n" for i in ids).encode()
    rc, responses = serve(data)
    assert rc == 0
    assert [r["id"] for r in responses] == ids
    assert all(r["error"]["code"] == "unknown_op" for r in responses)
