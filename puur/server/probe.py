"""Wait for a started ``puur serve`` to answer: for the programs that start one and then use it (the tests'
servers, the benchmarks, the screenshots script, a deployment's start-up check)."""

from __future__ import annotations

import time
import urllib.request
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

if TYPE_CHECKING:
    import subprocess

PROBE_PATH = "/api/v1/table/options"
"""A cheap public GET of the API that answers once the app is up (no game, no token)."""


def wait_serving(base: str, proc: subprocess.Popen[bytes] | None = None, *, timeout: float = 90,
                 log: Path | None = None) -> None:  # fmt: skip
    """Return once the server at ``base`` (``http://host:port``) answers ``PROBE_PATH``. ``RuntimeError``
    when ``proc`` (the server's process, if this program started it) has ended or ``timeout`` seconds have
    passed; its message carries the tail of ``log`` (the server's output) when given. Called by the
    program that started the server, never with a value from a request; ``base`` must still be an http(s)
    address (``urlopen`` would also open ``file:`` and other schemes): ``ValueError`` otherwise."""
    parts = urlsplit(base)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise ValueError(f"base: an http:// or https:// address of a server, not {base!r}")
    deadline = time.monotonic() + timeout
    while True:
        try:
            urllib.request.urlopen(base + PROBE_PATH, timeout=2).read()
            return
        except OSError:
            if (proc is not None and proc.poll() is not None) or time.monotonic() > deadline:
                tail = log.read_text()[-1500:] if log else ""
                raise RuntimeError(f"puur serve did not start at {base}: {tail}") from None
            time.sleep(0.2)
