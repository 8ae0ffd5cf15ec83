#!/usr/bin/env python3
"""The vector sets `make dist` packages (specs/distribution.md §"Sets"): Closer's in vectors/,
each app profile's in vectors/profiles/<name>/. Every file is checked against its set's
MANIFEST.json before it is packaged: a mismatch, a missing file or a file the manifest does not
list stops the build, naming the file.

  vector_sets.py list ROOT            one line per set: PROFILE VERSION PACKAGE DIR MANIFEST_SHA256
  vector_sets.py stage ROOT PROFILE DEST
                                      copies the set's MANIFEST.json, suites and kill-matrix.json
                                      (specs/vectors.md §"Kill matrix") into DEST, checked
  vector_sets.py digests ROOT PROFILE one line per suite: NAME SHA256 (the manifest's order)
"""

from __future__ import annotations

import hashlib
import json
import shutil
import sys
from pathlib import Path


KILL_MATRIX = "kill-matrix.json"


class SetError(Exception):
    """A set that is not the published one: the message names the file."""


def package_name(profile: str) -> str:
    """closer-spec-vectors for Closer's set, closer-spec-vectors-<profile> for a profile's."""
    return "closer-spec-vectors" if profile == "closer" else f"closer-spec-vectors-{profile}"


def sets(root: Path) -> list[tuple[str, Path]]:
    """(profile, directory) of every set, Closer's first, then the profiles by name."""
    found = [("closer", root / "vectors")]
    profiles = root / "vectors" / "profiles"
    if profiles.is_dir():
        for d in sorted(p for p in profiles.iterdir() if (p / "MANIFEST.json").is_file()):
            found.append((d.name, d))
    return found


def manifest(directory: Path) -> dict:
    return json.loads((directory / "MANIFEST.json").read_text(encoding="utf-8"))


def checked_files(profile: str, directory: Path) -> list[str]:
    """The set's suite file names, after every digest was checked (SetError otherwise)."""
    m = manifest(directory)
    if m.get("profile", "closer") != profile:
        raise SetError(f"{directory}/MANIFEST.json: profile {m.get('profile')!r} is not {profile!r}")
    files = m["files"]
    present = {p.name for p in directory.glob("*.json") if p.name not in ("MANIFEST.json", KILL_MATRIX)}
    for extra in sorted(present - set(files)):
        raise SetError(f"{directory / extra}: not listed in MANIFEST.json")
    for name, entry in files.items():
        path = directory / name
        if not path.is_file():
            raise SetError(f"{path}: listed in MANIFEST.json but missing")
        actual = hashlib.sha256(path.read_bytes()).hexdigest()
        if actual != entry["sha256"]:
            raise SetError(f"{path}: SHA-256 {actual} does not match MANIFEST.json ({entry['sha256']})")
    return list(files)


def checked_kill_matrix(directory: Path) -> list[str]:
    """[kill-matrix.json] when the manifest lists it (killMatrix) with the file's digest, [] when
    neither has one; anything else is a SetError naming the file."""
    entry, path = manifest(directory).get("killMatrix"), directory / KILL_MATRIX
    if entry is None and not path.is_file():
        return []
    if entry is None:
        raise SetError(f"{path}: not listed in MANIFEST.json (killMatrix)")
    if not path.is_file():
        raise SetError(f"{path}: listed in MANIFEST.json (killMatrix) but missing")
    actual = hashlib.sha256(path.read_bytes()).hexdigest()
    if actual != entry["sha256"]:
        raise SetError(f"{path}: SHA-256 {actual} does not match MANIFEST.json ({entry['sha256']})")
    return [KILL_MATRIX]


def main(argv: list[str]) -> int:
    command, root = argv[1], Path(argv[2])
    table = dict(sets(root))
    try:
        if command == "list":
            for profile, d in table.items():
                checked_files(profile, d)
                checked_kill_matrix(d)
                digest = hashlib.sha256((d / "MANIFEST.json").read_bytes()).hexdigest()
                print(profile, manifest(d)["vectorSetVersion"], package_name(profile), d, digest)
        elif command == "stage":
            profile, dest = argv[3], Path(argv[4])
            dest.mkdir(parents=True, exist_ok=True)
            for name in checked_files(profile, table[profile]) + checked_kill_matrix(table[profile]) + ["MANIFEST.json"]:
                shutil.copyfile(table[profile] / name, dest / name)
        elif command == "digests":
            d = table[argv[3]]
            checked_files(argv[3], d)
            for name, entry in manifest(d)["files"].items():
                print(name, entry["sha256"])
        else:
            print(__doc__, file=sys.stderr)
            return 2
    except SetError as e:
        print(f"vector_sets.py: {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
