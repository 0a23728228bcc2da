"""``puur.server.probe.wait_serving``: a server that never answers is reported, with its output's tail."""

from __future__ import annotations

import socket
import subprocess
import sys
from pathlib import Path

import pytest

from puur.server.probe import wait_serving


def test_a_server_process_that_ends_is_reported_with_its_log(tmp_path: Path) -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]  # free, and nothing will listen there
    log = tmp_path / "serve.log"
    log.write_text("Error: the database cannot be opened\n")
    proc = subprocess.Popen([sys.executable, "-c", "pass"])
    proc.wait()
    with pytest.raises(RuntimeError, match="did not start at http://127.0.0.1:.*the database cannot be opened"):
        wait_serving(f"http://127.0.0.1:{port}", proc, log=log)


def test_no_answer_within_the_timeout_is_reported() -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    with pytest.raises(RuntimeError, match="did not start"):
        wait_serving(f"http://127.0.0.1:{port}", timeout=0.3)


@pytest.mark.parametrize("base", ["file:///etc", "ftp://127.0.0.1", "127.0.0.1:8000", "http://"])
def test_only_an_http_address_is_probed(base: str) -> None:
    with pytest.raises(ValueError, match="http:// or https://"):
        wait_serving(base, timeout=0.1)
