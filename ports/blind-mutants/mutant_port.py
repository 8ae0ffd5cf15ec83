"""Builds and runs one blind mutant of the Python port or the Node port (see README.md).

A mutant is a list of textual edits to files of a port: `ports/python/closer_port` (the
default) or, when the mutant says `"port": "node"`, `ports/node`. Each edit names a `file`, an
exact `find` text that must occur exactly once in it, and its `replace` text. The edited copy is
written to a cache directory keyed by the edits' SHA-256 and the port's files (so a changed port
or mutant gets a fresh copy) and served with `python -m closer_port serve` or `node serve.js`.
NAME `none` is the unmodified Python port, `none-node` the unmodified Node port.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
PORT = os.path.join(HERE, "..", "python", "closer_port")
NODE_PORT = os.path.join(HERE, "..", "node")
PORTS = {"python": PORT, "node": NODE_PORT}
_SKIP = shutil.ignore_patterns("__pycache__", "node_modules", "test")


def load_mutant(corpus: str, name: str) -> tuple[str, list[dict]]:
    """(port, edits) of mutant `name` of `corpus` (a directory or its mutants.json); none and
    none-node apply nothing."""
    if name in ("none", "none-node"):
        return ("node" if name == "none-node" else "python"), []
    path = corpus if corpus.endswith(".json") else os.path.join(corpus, "mutants.json")
    if not os.path.isabs(path) and not os.path.exists(path):
        path = os.path.join(HERE, path)
    with open(path, encoding="utf-8") as f:
        mutants = json.load(f)["mutants"]
    for m in mutants:
        if m["name"] == name:
            return m.get("port", "python"), m["edits"]
    raise SystemExit(f"mutant-port: no mutant {name!r} in {path}")


def apply_edits(src_dir: str, edits: list[dict], out_dir: str) -> None:
    """Copies the package to out_dir and applies each edit (its `find` must occur exactly once)."""
    shutil.copytree(src_dir, out_dir, ignore=_SKIP)
    for e in edits:
        path = os.path.join(out_dir, e["file"])
        with open(path, encoding="utf-8") as f:
            text = f.read()
        count = text.count(e["find"])
        if count != 1:
            raise SystemExit(f"mutant-port: edit of {e['file']} matches {count} times, not once: {e['find'][:80]!r}")
        with open(path, "w", encoding="utf-8") as f:
            f.write(text.replace(e["find"], e["replace"]))


def package_digest(port: str, edits: list[dict]) -> str:
    h = hashlib.sha256(json.dumps([port, edits], sort_keys=True).encode())
    for root, dirs, files in sorted(os.walk(PORTS[port])):
        dirs[:] = sorted(d for d in dirs if d not in ("__pycache__", "node_modules", "test"))
        for name in sorted(files):
            with open(os.path.join(root, name), "rb") as f:
                h.update(name.encode() + b"\0" + f.read())
    return h.hexdigest()[:24]


def prepared_package(port: str, edits: list[dict]) -> str:
    """The mutated copy (cached): for python the directory to put on PYTHONPATH (it holds
    closer_port), for node the directory holding serve.js."""
    cache = os.path.join(tempfile.gettempdir(), f"blind-mutants-{os.getuid()}")
    target = os.path.join(cache, package_digest(port, edits))
    if not os.path.isdir(target):
        os.makedirs(cache, exist_ok=True)
        staging = tempfile.mkdtemp(dir=cache)
        apply_edits(PORTS[port], edits, os.path.join(staging, "closer_port" if port == "python" else "node"))
        try:
            os.rename(staging, target)
        except OSError:  # another process prepared it first
            shutil.rmtree(staging, ignore_errors=True)
    return target if port == "python" else os.path.join(target, "node")


def main(argv: list[str]) -> int:
    if len(argv) != 3:
        print("usage: mutant-port CORPUS NAME   (NAME none / none-node: the unmodified Python / Node port)", file=sys.stderr)
        return 2
    port, edits = load_mutant(argv[1], argv[2])
    pkg = prepared_package(port, edits)
    if port == "node":
        node = shutil.which("node") or "node"
        os.execv(node, [node, os.path.join(pkg, "serve.js")])
    env = dict(os.environ, PYTHONPATH=pkg + (os.pathsep + os.environ["PYTHONPATH"] if os.environ.get("PYTHONPATH") else ""))
    os.execve(sys.executable, [sys.executable, "-m", "closer_port", "serve"], env)
    return 1  # not reached


if __name__ == "__main__":
    sys.exit(main(sys.argv))
