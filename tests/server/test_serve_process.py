"""``puur serve`` as the operator starts it: a real process on loopback, its bounds in force (SECURITY.md)."""

from __future__ import annotations

import asyncio
import json
import os
import socket
import subprocess
import sys
import urllib.error
import urllib.request
from collections.abc import Callable, Coroutine, Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

import pytest
import websockets

from puur.cli import WS_MAX_MESSAGE
from puur.server.probe import wait_serving

T = TypeVar("T")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    port = _free_port()
    db = tmp_path_factory.mktemp("serve") / "games.sqlite"
    proc = subprocess.Popen(
        [sys.executable, "-m", "puur.cli", "serve", "--port", str(port), "--db", str(db)],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )  # fmt: skip
    base = f"http://127.0.0.1:{port}"
    try:
        wait_serving(base, proc)
        yield base
    finally:
        proc.terminate()
        proc.wait(timeout=20)


def _run(make: Callable[[], Coroutine[Any, Any, T]]) -> T:
    """Run a coroutine on its own loop in its own thread (a browser test in the same worker may leave a loop
    running in this one, where ``asyncio.run`` refuses to start)."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(lambda: asyncio.run(make())).result()


def _create(base: str) -> tuple[str, str]:
    body = json.dumps({"seats": ["human", "random", "random", "random"]}).encode()
    req = urllib.request.Request(base + "/api/v1/games", body, {"content-type": "application/json"})
    out = json.load(urllib.request.urlopen(req, timeout=10))
    return out["game_id"], out["tokens"]["0"]


def test_a_websocket_message_over_the_limit_closes_the_connection(server: str) -> None:
    game_id, token = _create(server)
    url = server.replace("http", "ws") + f"/api/v1/games/{game_id}/live?pace=0"

    async def talk() -> tuple[str, int | None]:
        async with websockets.connect(url, max_size=None) as ws:
            await ws.send(json.dumps({"token": token}))
            hello = json.loads(await ws.recv())
            await ws.send("x" * (WS_MAX_MESSAGE + 1))
            with pytest.raises(websockets.ConnectionClosed) as closed:
                for _ in range(50):
                    await asyncio.wait_for(ws.recv(), timeout=10)
            return hello["type"], closed.value.rcvd.code if closed.value.rcvd else None

    kind, code = _run(talk)
    assert kind == "hello"
    assert code == 1009  # message too big


def test_a_websocket_message_within_the_limit_is_read(server: str) -> None:
    game_id, token = _create(server)
    url = server.replace("http", "ws") + f"/api/v1/games/{game_id}/live?pace=0"

    async def talk() -> str:
        async with websockets.connect(url) as ws:
            await ws.send(json.dumps({"token": token}))
            await ws.recv()
            await ws.send("x" * (WS_MAX_MESSAGE - 1))
            await ws.ping()
            return ws.state.name

    assert _run(talk) == "OPEN"


def test_puur_serve_limits_game_creation_by_default(server: str) -> None:
    codes = []
    for _ in range(25):
        try:
            _create(server)
            codes.append(201)
        except urllib.error.HTTPError as e:
            codes.append(e.code)
            assert e.headers["Retry-After"]
            break
    assert codes[-1] == 429
