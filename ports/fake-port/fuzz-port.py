#!/usr/bin/env python3
"""A hostile fake port for `closer-spec harness` (specs/threat-model.md §"The port's lifecycle").

It answers `info` correctly, then gives each request a random behaviour drawn from
random.Random(f"{seed}:{request id}:{requests read}") -- deterministic per seed, also across the harness's
restarts: a plausible answer, a long or over-64-KiB answer, an answer line over the 64 MiB
limit, a delay beyond the timeout, garbage, a partial line then a hang or an exit, an exit, a
crash by signal, a fork that holds the pipes, a port that stops reading stdin, another
request's id, two answers, a stderr flood.

    fuzz-port.py --seed N [--timeout SECONDS] [--pids FILE]

--pids appends "pid pgid" of every process it starts (itself and its forks), so that the
checker (scripts/port-fuzz.py) can prove that none survives the run. Standard library only.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import signal
import subprocess
import sys
import time

OPS = ["enc.seal", "enc.open", "couplekey.wrap", "couplekey.unwrap",
       "encoding.decode", "binding.aad", "aead.decrypt", "aesgcm.open"]

# (behaviour, weight): most requests get a plausible answer so that runs go on.
BEHAVIOURS = [
    ("plausible", 40), ("long", 6), ("over_limit", 1), ("delay", 4), ("garbage", 5),
    ("partial_hang", 2), ("partial_exit", 3), ("exit", 3), ("crash", 3), ("fork_holds", 3),
    ("stop_reading", 2), ("wrong_id", 3), ("two_answers", 3), ("stderr_flood", 3),
    ("not_object", 3), ("fork_then_exit", 2),
]


def record(pids: str | None, pid: int) -> None:
    if pids:
        with open(pids, "a", encoding="ascii") as f:
            f.write(f"{pid} {os.getpgid(pid)}\n")


def write(data: bytes) -> None:
    out = sys.stdout.buffer
    out.write(data)
    out.flush()


def line(obj) -> bytes:
    return (json.dumps(obj) + "\n").encode()


def plausible(req: dict) -> dict:
    return {"id": req.get("id"), "ok": False, "error": {"code": "unsupported", "detail": "fake.port"}}


def fork_sleeper(pids: str | None) -> None:
    """A child that inherits stdin, stdout and stderr and sleeps: it holds the pipes."""
    child = subprocess.Popen(["sleep", "1000"])  # inherits fds 0-2
    record(pids, child.pid)


def behave(kind: str, req: dict, rng: random.Random, timeout: float, pids: str | None) -> None:
    rid = req.get("id")
    if kind == "plausible":
        write(line(plausible(req)))
    elif kind == "long":
        size = rng.choice([70_000, 200_000, 1 << 20, rng.randrange(1, 4 << 20)])
        write(line({"id": rid, "ok": True, "text": "x" * size, "value": "y"}))
    elif kind == "over_limit":
        chunk = b"z" * (1 << 20)
        for _ in range(70):
            write(chunk)
        write(b"\n")
    elif kind == "delay":
        time.sleep(timeout * rng.uniform(1.5, 3))
        write(line(plausible(req)))
    elif kind == "garbage":
        write(bytes(rng.randrange(256) for _ in range(rng.randrange(1, 5000))) + b"\n")
    elif kind == "partial_hang":
        write(b'{"id": "' + os.urandom(8).hex().encode())
        time.sleep(1000)
    elif kind == "partial_exit":
        write(b'{"id": ')
        os._exit(rng.randrange(0, 3))
    elif kind == "exit":
        os._exit(rng.randrange(0, 256))
    elif kind == "crash":
        os.kill(os.getpid(), rng.choice([signal.SIGSEGV, signal.SIGKILL, signal.SIGABRT]))
    elif kind == "fork_holds":
        fork_sleeper(pids)
        os._exit(1)
    elif kind == "fork_then_exit":
        fork_sleeper(pids)
        write(line(plausible(req)))
    elif kind == "stop_reading":
        time.sleep(1000)
    elif kind == "wrong_id":
        write(line({"id": f"{rid}-other", "ok": True}))
    elif kind == "two_answers":
        write(line(plausible(req)) + line(plausible(req)))
    elif kind == "stderr_flood":
        err = sys.stderr.buffer
        for _ in range(rng.randrange(1, 64)):
            err.write(b"\x1b[31mnoise " * 20_000 + b"\n")
        err.flush()
        write(line(plausible(req)))
    elif kind == "not_object":
        write(rng.choice([b"[1, 2]\n", b"null\n", b"\"text\"\n", b"{\"id\": 1,}\n", b"\r\n"]))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, required=True)
    ap.add_argument("--timeout", type=float, default=0.3)
    ap.add_argument("--pids")
    args = ap.parse_args()
    record(args.pids, os.getpid())
    kinds = [k for k, _ in BEHAVIOURS]
    weights = [w for _, w in BEHAVIOURS]
    for count, raw in enumerate(sys.stdin.buffer):
        try:
            req = json.loads(raw)
        except ValueError:
            req = {}
        if req.get("op") == "info":
            write(line({"id": req.get("id"), "ok": True, "implementation": "fuzz-port", "ops": OPS}))
            continue
        rng = random.Random(f"{args.seed}:{req.get('id')}:{count}")
        behave(rng.choices(kinds, weights)[0], req, rng, args.timeout, args.pids)


if __name__ == "__main__":
    main()
