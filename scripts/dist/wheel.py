#!/usr/bin/env python3
"""Builds the Python wheel of one vector set with the standard library alone (a wheel is a zip
with METADATA, WHEEL and RECORD; PEP 427), byte-reproducible: fixed timestamps, sorted entries.
specs/distribution.md §"Python".

  wheel.py ROOT PROFILE OUTDIR     writes OUTDIR/<module>-<version>-py3-none-any.whl
"""

from __future__ import annotations

import base64
import hashlib
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

HERE = Path(__file__).resolve().parent


def record_hash(data: bytes) -> str:
    return "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()


def main(root: Path, profile: str, outdir: Path) -> Path:
    line = next(
        l.split() for l in subprocess.run(
            [sys.executable, HERE / "vector_sets.py", "list", root], check=True, capture_output=True, text=True
        ).stdout.splitlines() if l.split()[0] == profile
    )
    _, version, package, _, manifest_sha = line
    module = package.replace("-", "_")
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run([sys.executable, HERE / "vector_sets.py", "stage", root, profile, tmp], check=True)
        entries: dict[str, bytes] = {}
        init = (HERE / "templates/python/__init__.py").read_text(encoding="utf-8")
        for key, value in {"PROFILE": profile, "VERSION": version, "MANIFEST_SHA256": manifest_sha,
                           "PACKAGE": package, "MODULE": module}.items():
            init = init.replace(f"@{key}@", value)
        entries[f"{module}/__init__.py"] = init.encode()
        entries[f"{module}/py.typed"] = b""
        for f in sorted(Path(tmp).iterdir()):
            entries[f"{module}/vectors/{f.name}"] = f.read_bytes()
    info = f"{module}-{version}.dist-info"
    entries[f"{info}/METADATA"] = (
        "Metadata-Version: 2.1\n"
        f"Name: {package}\nVersion: {version}\n"
        f"Summary: CloserSpec golden vectors, vector set {profile} {version}, digests checked on load\n"
        "Requires-Python: >=3.9\n"
        f"Keywords: closer-spec,test-vectors,vector-set-{profile}-{version}\n"
    ).encode()
    entries[f"{info}/WHEEL"] = b"Wheel-Version: 1.0\nGenerator: closer-spec scripts/dist/wheel.py\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
    record = "".join(f"{n},{record_hash(d)},{len(d)}\n" for n, d in entries.items()) + f"{info}/RECORD,,\n"
    entries[f"{info}/RECORD"] = record.encode()
    outdir.mkdir(parents=True, exist_ok=True)
    out = outdir / f"{module}-{version}-py3-none-any.whl"
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in entries.items():
            zi = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
            zi.external_attr = 0o644 << 16
            zi.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(zi, data)
    return out


if __name__ == "__main__":
    print(main(Path(sys.argv[1]), sys.argv[2], Path(sys.argv[3])))
