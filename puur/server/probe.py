"""Wait for a started ``puur serve`` to answer: for the programs that start one and then use it (the tests'
servers, the benchmarks, the screenshots script, a deployment's start-up check)."""

from __future__ import annotations

import subprocess
import time
import urllib.request
from pathlib import Path

PROBE_PATH = "/api/v1/table/options"
"""A cheap public GET of the API that answers once the app is up (no game, no token)."""


def wait_serving(base: str, proc: subprocess.Popen[bytes] | None = None, *, timeout: float = 90,
                 log: Path | None = None) -> None:  # fmt: skip
    """Return once the server at ``base`` (``http://host:port``) answers ``PROBE_PATH``. ``RuntimeError``
    when ``proc`` (the server's process, if this program started it) has ended or ``timeout`` seconds have
    passed; its message carries the tail of ``log`` (the server's output) when given."""
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
