"""A small client for the CloserSpec harness protocol v1 (specs/harness.md).

Starts `<binary> serve` (or any command speaking the protocol), sends one JSON Lines
request per call and reads its one response line. Reused by every oracle test:

    with HarnessClient([os.environ["CLOSER_SPEC_BIN"], "serve"]) as client:
        response = client.request("canonicalize", json='{"b":1,"a":2}')
        assert response["ok"] and response["canonical"] == ...
"""

from __future__ import annotations

import json
import os
import selectors
import subprocess
import tempfile
from typing import Any, Sequence


class HarnessError(RuntimeError):
    """The server died, timed out, or answered out of protocol."""


class HarnessClient:
    """One running harness server process."""

    def __init__(self, command: Sequence[str], timeout: float = 120.0) -> None:
        self.command = list(command)
        self.timeout = timeout
        self._next_id = 0
        self._buffer = b""
        # stderr goes to a file so a chatty server can never block on a full pipe.
        self._stderr_file = tempfile.TemporaryFile()
        self._process = subprocess.Popen(
            self.command,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=self._stderr_file,
        )
        self._selector = selectors.DefaultSelector()
        assert self._process.stdout is not None
        self._selector.register(self._process.stdout, selectors.EVENT_READ)

    def __enter__(self) -> "HarnessClient":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def request(self, op: str, **fields: Any) -> dict:
        """Sends `{"id": n, "op": op, **fields}` and returns the parsed response.

        The response's id must be n. Fields are written with json.dumps (non-ASCII as
        literal UTF-8), so a Python str field arrives as exactly that Unicode text.
        """
        self._next_id += 1
        request_id = self._next_id
        line = json.dumps({"id": request_id, "op": op, **fields}, ensure_ascii=False)
        response = self.request_line(line.encode("utf-8"))
        if response.get("id") != request_id:
            raise HarnessError(f"response id {response.get('id')!r} does not match request id {request_id}")
        return response

    def request_line(self, line: bytes) -> dict:
        """Sends one raw request line (no newline) and returns the parsed response line."""
        if b"\n" in line:
            raise ValueError("a request line must not contain a newline")
        process = self._process
        if process.poll() is not None:
            raise HarnessError(f"server exited with status {process.returncode}: {self._stderr()}")
        assert process.stdin is not None
        try:
            process.stdin.write(line + b"\n")
            process.stdin.flush()
        except BrokenPipeError as error:
            raise HarnessError(f"server closed its input: {self._stderr()}") from error
        text = self._read_line()
        try:
            response = json.loads(text)
        except ValueError as error:
            raise HarnessError(f"response is not JSON: {text[:200]!r}") from error
        if not isinstance(response, dict) or not isinstance(response.get("ok"), bool):
            raise HarnessError(f"response is not a protocol object: {text[:200]!r}")
        return response

    def close(self) -> None:
        """Closes the server's input (which ends it) and waits for it to exit."""
        process = self._process
        if process.stdin is not None and not process.stdin.closed:
            try:
                process.stdin.close()
            except BrokenPipeError:
                pass
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        self._selector.close()
        if process.stdout is not None:
            process.stdout.close()
        self._stderr_file.close()

    def _read_line(self) -> bytes:
        assert self._process.stdout is not None
        fd = self._process.stdout.fileno()
        while b"\n" not in self._buffer:
            if not self._selector.select(timeout=self.timeout):
                raise HarnessError(f"no response within {self.timeout} s")
            chunk = os.read(fd, 1 << 16)
            if not chunk:
                raise HarnessError(f"server closed its output: {self._stderr()}")
            self._buffer += chunk
        line, _, self._buffer = self._buffer.partition(b"\n")
        return line

    def _stderr(self) -> str:
        try:
            self._process.wait(timeout=2)
        except subprocess.TimeoutExpired:
            return "(server still running)"
        self._stderr_file.seek(0)
        return self._stderr_file.read().decode("utf-8", "replace")[-2000:]
