"""Shared fixtures for the Python oracle tests.

`serve`: one `$CLOSER_SPEC_BIN serve` process for the whole session (harness_client.py).
Every test that uses it is skipped, with the reason, when CLOSER_SPEC_BIN is unset or
does not name an executable file (build it with `swift build`; `make test-oracles` sets it).
"""

from __future__ import annotations

import os

import pytest

from harness_client import HarnessClient


def closer_spec_binary() -> str:
    """The closer-spec binary from CLOSER_SPEC_BIN, or skip with a clear message."""
    path = os.environ.get("CLOSER_SPEC_BIN")
    if not path:
        pytest.skip("CLOSER_SPEC_BIN is not set: point it at the closer-spec binary (e.g. .build/debug/closer-spec)")
    if not (os.path.isfile(path) and os.access(path, os.X_OK)):
        pytest.skip(f"CLOSER_SPEC_BIN={path!r} is not an executable file: run `swift build` first")
    return path


@pytest.fixture(scope="session")
def serve():
    """A running `closer-spec serve`, shared by the session."""
    client = HarnessClient([closer_spec_binary(), "serve"])
    try:
        yield client
    finally:
        client.close()
