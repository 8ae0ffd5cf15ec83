"""A harness protocol v1 client: starts a server process and talks JSON Lines to it.

    with HarnessClient(["closer-spec", "serve"]) as c:
        c.request("info")                         # -> response dict
        c.batch([{"op": "aead.decrypt", ...}])     # pipelined, responses in order

`batch` writes from a thread while reading, so large batches never deadlock on full pipes.
"""

from __future__ import annotations

import itertools
import json
import subprocess
import threading
from typing import Any, Iterable, Sequence


class HarnessError(RuntimeError):
    """The server broke the protocol (died, answered out of order, sent non-JSON)."""


class HarnessClient:
    def __init__(self, argv: Sequence[str], *, env: dict[str, str] | None = None, cwd: str | None = None):
        self.argv = list(argv)
        self.proc = subprocess.Popen(
            self.argv,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=env,
            cwd=cwd,
            bufsize=0,
        )
        self._ids = itertools.count(1)
        self._stderr: list[bytes] = []
        self._stderr_thread = threading.Thread(target=self._drain_stderr, daemon=True)
        self._stderr_thread.start()
        self._info: dict[str, Any] | None = None

    def _drain_stderr(self) -> None:
        assert self.proc.stderr is not None
        for line in self.proc.stderr:
            if len(self._stderr) < 200:
                self._stderr.append(line)

    @property
    def stderr_text(self) -> str:
        return b"".join(self._stderr).decode("utf-8", "replace")

    # -- requests ---------------------------------------------------------------------

    def request(self, op: str, **fields: Any) -> dict[str, Any]:
        return self.batch([{"op": op, **fields}])[0]

    def batch(self, requests: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
        """Sends every request, then returns the responses in order (ids checked)."""
        lines = []
        ids = []
        for req in requests:
            req = dict(req)
            rid = req.pop("id") if "id" in req else next(self._ids)  # any JSON id, null included
            ids.append(rid)
            lines.append(json.dumps({"id": rid, **req}, separators=(",", ":")).encode() + b"\n")
        return [self._check_id(r, i) for r, i in zip(self.raw_lines(lines), ids)]

    def raw_lines(self, lines: Sequence[bytes]) -> list[dict[str, Any]]:
        """Sends raw request lines (each ending in a newline) and parses one response per line."""
        assert self.proc.stdin is not None and self.proc.stdout is not None
        errors: list[BaseException] = []

        def writer() -> None:
            try:
                for line in lines:
                    self.proc.stdin.write(line)
                self.proc.stdin.flush()
            except BaseException as e:  # broken pipe: reported by the reader
                errors.append(e)

        t = threading.Thread(target=writer, daemon=True)
        t.start()
        out = []
        for _ in lines:
            raw = self.proc.stdout.readline()
            if not raw:
                t.join(timeout=5)
                raise HarnessError(
                    f"{self.argv[0]} closed its output (exit {self.proc.poll()}); stderr: {self.stderr_text[-2000:]}"
                )
            try:
                resp = json.loads(raw)
            except ValueError:
                raise HarnessError(f"non-JSON response line: {raw[:200]!r}") from None
            if not isinstance(resp, dict):
                raise HarnessError(f"response is not an object: {raw[:200]!r}")
            out.append(resp)
        t.join()
        if errors:
            raise HarnessError(f"writing requests failed: {errors[0]!r}")
        return out

    @staticmethod
    def _check_id(resp: dict[str, Any], rid: Any) -> dict[str, Any]:
        if resp.get("id") != rid:
            raise HarnessError(f"response id {resp.get('id')!r} does not match request id {rid!r}")
        return resp

    # -- info -------------------------------------------------------------------------

    @property
    def info(self) -> dict[str, Any]:
        if self._info is None:
            resp = self.request("info")
            if not resp.get("ok"):
                raise HarnessError(f"info failed: {resp}")
            self._info = resp
        return self._info

    @property
    def ops(self) -> set[str]:
        return set(self.info.get("ops", []))

    # -- lifetime ---------------------------------------------------------------------

    def close(self) -> int | None:
        if self.proc.poll() is None:
            try:
                assert self.proc.stdin is not None
                self.proc.stdin.close()
            except OSError:
                pass
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        return self.proc.returncode

    def __enter__(self) -> "HarnessClient":
        return self

    def __exit__(self, *exc) -> None:
        self.close()
