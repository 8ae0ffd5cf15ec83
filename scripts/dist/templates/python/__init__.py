"""CloserSpec's vector set @PROFILE@ @VERSION@ as a Python package (specs/distribution.md).

    import @MODULE@ as vs
    vs.list_suites()          # ["argon2id", "callables", ...]
    vs.load_suite("enc_v1")   # the parsed suite, its SHA-256 checked against MANIFEST.json
    vs.manifest()             # the parsed MANIFEST.json, its SHA-256 checked against this loader

A file whose SHA-256 differs from the manifest (or a manifest that differs from the one this
package was built with) raises DigestMismatch naming the file: it is not the published set.
"""

from __future__ import annotations

import hashlib
import json
from importlib import resources

PROFILE = "@PROFILE@"
VERSION = "@VERSION@"
MANIFEST_SHA256 = "@MANIFEST_SHA256@"
_WHAT = f"@PACKAGE@ {PROFILE} {VERSION}"


class DigestMismatch(Exception):
    """A packaged file is not the published one (specs/distribution.md §"Digests")."""


class UnknownSuite(KeyError):
    """No suite of that name in this set."""


def _read(name: str) -> bytes:
    return resources.files(__name__).joinpath("vectors", name).read_bytes()


def _checked(name: str, expected: str, against: str) -> bytes:
    data = _read(name)
    actual = hashlib.sha256(data).hexdigest()
    if actual != expected:
        raise DigestMismatch(f"{_WHAT}: {name}: SHA-256 {actual} does not match {against} ({expected})")
    return data


def manifest() -> dict:
    """The set's MANIFEST.json (vectorSetVersion, numberOfTests, files)."""
    return json.loads(_checked("MANIFEST.json", MANIFEST_SHA256, "the loader's manifest digest"))


def list_suites() -> list[str]:
    """The suite names (file names without .json), sorted."""
    return sorted(name[: -len(".json")] for name in manifest()["files"])


def load_suite(name: str) -> dict:
    """The parsed suite `name` (e.g. "enc_v1"), after its digest was checked."""
    files = manifest()["files"]
    entry = files.get(name + ".json")
    if entry is None:
        raise UnknownSuite(f"{_WHAT}: no suite {name!r}; suites: {', '.join(sorted(files))}")
    return json.loads(_checked(name + ".json", entry["sha256"], "MANIFEST.json"))
