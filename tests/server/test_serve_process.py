"""``puur serve`` as the operator starts it: a real process on loopback, its bounds in force (SECURITY.md).
Every connection goes to 127.0.0.1; every loop of requests is bounded."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import selectors
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Coroutine, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, TypeVar

import pytest
import websockets

from puur.cli import WS_MAX_MESSAGE
from puur.server.probe import wait_serving
from puur.server.serving import HEAD_TIMEOUT, MAX_HEAD

T = TypeVar("T")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextlib.contextmanager
def _serving(folder: Path, *options: str) -> Iterator[str]:
    """A ``puur serve`` process on 127.0.0.1 with ``options`` (and an environment without
    ``FORWARDED_ALLOW_IPS``: its defaults are the ones tested); its base URL."""
    port = _free_port()
    env = {k: v for k, v in os.environ.items() if k != "FORWARDED_ALLOW_IPS"}
    proc = subprocess.Popen(
        [sys.executable, "-m", "puur.cli", "serve", "--port", str(port), "--db", str(folder / "games.sqlite"), *options],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env={**env, "PYTHONUNBUFFERED": "1"},
    )  # fmt: skip
    base = f"http://127.0.0.1:{port}"
    try:
        wait_serving(base, proc)
        yield base
    finally:
        proc.terminate()
        proc.wait(timeout=20)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with _serving(tmp_path_factory.mktemp("serve")) as base:
        yield base


def _run(make: Callable[[], Coroutine[Any, Any, T]]) -> T:
    """Run a coroutine on its own loop in its own thread (a browser test in the same worker may leave a loop
    running in this one, where ``asyncio.run`` refuses to start)."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(lambda: asyncio.run(make())).result()


def _create(base: str, headers: dict[str, str] | None = None) -> tuple[str, str]:
    body = json.dumps({"seats": ["human", "random", "random", "random"]}).encode()
    req = urllib.request.Request(base + "/api/v1/games", body, {"content-type": "application/json", **(headers or {})})
    out = json.load(urllib.request.urlopen(req, timeout=10))
    return out["game_id"], out["tokens"]["0"]


def _create_status(base: str, headers: dict[str, str]) -> int:
    """201, or the refusal's status (a 429 must say when to come back)."""
    try:
        _create(base, headers)
        return 201
    except urllib.error.HTTPError as e:
        assert e.code != 429 or e.headers["Retry-After"], "a 429 without Retry-After"
        return e.code


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


# ----- the client address behind a proxy -----
GAMES_A_MINUTE = 20
"""``puur serve``'s default ``--rate-games``."""


def test_a_forged_x_forwarded_for_from_a_client_that_is_not_the_proxy_is_ignored(tmp_path: Path) -> None:
    """The proxy is another address (192.0.2.1): this client's own X-Forwarded-For, a new address in each
    request, is not read; all its requests count against its one real address (127.0.0.1)."""
    with _serving(tmp_path, "--forwarded-allow-ips", "192.0.2.1") as base:
        codes = [_create_status(base, {"X-Forwarded-For": f"203.0.113.{i}"}) for i in range(GAMES_A_MINUTE + 1)]
    assert codes == [201] * GAMES_A_MINUTE + [429]


def test_the_trusted_proxys_x_forwarded_for_counts_the_client_it_names(server: str) -> None:
    """From the trusted proxy (127.0.0.1, the default) the header names the client. A client's own header,
    kept in front by a proxy that appends to it, does not change whom it counts: the address the proxy
    added (the last one that is not a trusted proxy) is counted, the same in every request."""
    forged = [_create_status(server, {"X-Forwarded-For": f"10.{i}.0.1, 203.0.113.50"}) for i in range(GAMES_A_MINUTE + 1)]
    assert forged == [201] * GAMES_A_MINUTE + [429]
    assert _create_status(server, {"X-Forwarded-For": "203.0.113.51"}) == 201  # another client behind the proxy


def _mcp_new_game(base: str, client: str) -> dict[str, Any]:
    """The MCP tool ``new_game`` at ``/mcp`` for a client behind the (trusted) proxy; the tool's result."""
    body = json.dumps({"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": "new_game", "arguments": {}}})
    headers = {"content-type": "application/json", "accept": "application/json, text/event-stream",
               "mcp-protocol-version": "2025-06-18", "x-forwarded-for": client}  # fmt: skip
    req = urllib.request.Request(base + "/mcp", body.encode(), headers)
    result: dict[str, Any] = json.load(urllib.request.urlopen(req, timeout=30))["result"]
    return result


def test_one_client_holds_at_most_its_share_of_mcp_games(server: str) -> None:
    """20 running MCP games for one client address (``mcp_games_per_client``), the 21st refused with a clear
    tool error; another client is still served."""
    results = [_mcp_new_game(server, "203.0.113.60") for _ in range(21)]
    assert not any(r["isError"] for r in results[:20])
    assert results[20]["isError"] and "limit: this client address" in results[20]["content"][0]["text"]
    assert not _mcp_new_game(server, "203.0.113.61")["isError"]


# ----- slow connections (slowloris) -----
def _open_slow(base: str, count: int) -> list[socket.socket]:
    """``count`` connections that send a request line and one header, and no more yet."""
    port = int(base.rsplit(":", 1)[1])
    slow = []
    for _ in range(count):
        s = socket.create_connection(("127.0.0.1", port), timeout=5)
        s.sendall(b"GET /api/v1/table/options HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        slow.append(s)
    return slow


def _wait_closed(conns: list[socket.socket], deadline: float) -> int:
    """Feed every connection one more header line now and then (a slow client, never an idle one) until the
    server has closed them all or ``deadline`` (``time.monotonic``) passes; how many it closed."""
    closed: set[socket.socket] = set()
    sel = selectors.DefaultSelector()
    for s in conns:
        s.setblocking(False)
        sel.register(s, selectors.EVENT_READ)
    trickle = 0.0
    while len(closed) < len(conns) and time.monotonic() < deadline:
        if time.monotonic() >= trickle:
            for s in conns:
                if s not in closed:
                    with contextlib.suppress(BlockingIOError, OSError):
                        s.send(b"X-Slow: 1\r\n")
            trickle = time.monotonic() + 0.5
        for key, _ in sel.select(timeout=0.2):
            s = key.fileobj
            assert isinstance(s, socket.socket)
            try:
                data = s.recv(65536)
            except BlockingIOError:
                continue
            except OSError:  # reset: closed
                data = b""
            if not data:
                closed.add(s)
                sel.unregister(s)
    sel.close()
    return len(closed)


def test_slow_request_heads_are_closed_and_others_are_served(server: str) -> None:
    """200 connections sending their request head slowly, and one kept alive after an answer that then sends
    its next head slowly: a normal request is answered meanwhile, and every slow one is closed once its head
    is ``HEAD_TIMEOUT`` late (uvicorn alone held them as long as they went on sending)."""
    port = int(server.rsplit(":", 1)[1])
    kept = socket.create_connection(("127.0.0.1", port), timeout=5)
    kept.sendall(b"GET /api/v1/table/options HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    assert kept.recv(65536).startswith(b"HTTP/1.1 200")
    kept.sendall(b"GET /api/v1/table/options HTTP/1.1\r\n")  # the next request's head, slowly
    slow = [kept, *_open_slow(server, 200)]
    try:
        started = time.monotonic()
        with urllib.request.urlopen(server + "/api/v1/table/options", timeout=10) as answer:
            assert answer.status == 200
        assert _wait_closed(slow, started + HEAD_TIMEOUT + 10) == len(slow)
    finally:
        for s in slow:
            s.close()
    with urllib.request.urlopen(server + "/api/v1/table/options", timeout=10) as answer:
        assert answer.status == 200


def test_a_request_head_over_its_size_is_refused(server: str) -> None:
    """A head that goes on past ``MAX_HEAD`` bytes without ending is answered 431 and closed (uvicorn's
    httptools protocol alone would keep reading it)."""
    port = int(server.rsplit(":", 1)[1])
    with socket.create_connection(("127.0.0.1", port), timeout=10) as s:
        s.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        line = b"X-Long: " + b"a" * 1000 + b"\r\n"
        with contextlib.suppress(OSError):  # the server may close while we still send
            for _ in range(MAX_HEAD // len(line) + 2):
                s.sendall(line)
        answer = b""
        with contextlib.suppress(OSError):
            while chunk := s.recv(65536):
                answer += chunk
    assert answer.startswith(b"HTTP/1.1 431")
