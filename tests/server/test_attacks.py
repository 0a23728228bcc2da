"""Attacks on the server (the requests SECURITY.md guards against), tried harmlessly against the real app
(``create_app`` through ``TestClient``, the MCP endpoint at /mcp included): each is refused, and nothing is
run, imported, written or sent. SECURITY.md says what the server guarantees.
"""

from __future__ import annotations

import http.server
import logging
import os
import sqlite3
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from mcp_helpers import MCP_HEADERS, call_mcp

from puur.server.app import create_app
from puur.server.policy import PlayerPolicy, ServerSettings

PROBE = "puur_attack_probe"
"""A module that no test imports: importing it (running its top level) writes a marker file."""


@pytest.fixture
def probe(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A module ``puur_attack_probe`` on sys.path whose import writes ``imported.marker``; returns the
    marker's path (which must stay absent)."""
    marker = tmp_path / "imported.marker"
    (tmp_path / f"{PROBE}.py").write_text(
        f"open({str(marker)!r}, 'w').write('imported')\n"
        "class Player:\n"
        "    def __init__(self, **options):\n"
        "        self.options = options\n"
        "    def act(self, observation):\n"
        "        return observation.legal_actions[0]\n"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    sys.modules.pop(PROBE, None)
    return marker


@pytest.fixture
def listener() -> Iterator[list[str]]:
    """An HTTP server on 127.0.0.1 that records every request it gets (an SSRF target): yields a list
    whose first item is its URL, followed by the path of each request it got."""
    seen: list[str] = []

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_POST(self) -> None:  # noqa: N802 - the stdlib's name
            seen.append(self.path)
            self.send_response(200)
            self.end_headers()
            self.wfile.write(b'{"card": "H6", "trump": 0}')

        def log_message(self, *args: Any) -> None:
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    seen.append(f"http://127.0.0.1:{server.server_address[1]}")
    try:
        yield seen
    finally:
        server.shutdown()
        server.server_close()


def _db(tmp_path: Path) -> str:
    return str(tmp_path / "games.sqlite3")


def _seat_refused(c: TestClient, spec: str) -> dict[str, Any]:
    r = c.post("/api/v1/games", json={"seats": ["human", spec, "random", "random"], "seed": 1})
    assert r.status_code == 422, r.text
    (err,) = r.json()["detail"]
    assert err["loc"] == ["body", "seats", 1]
    msg = err["msg"]
    assert "random" in msg and "heuristic" in msg and "mcts" in msg  # the allowed choices
    assert "No module" not in msg and "module" not in msg.split("Allowed players")[1]
    return err


# ----- Critical: a request can run code on the server -----
def test_shell_command_seat_is_refused_and_nothing_runs(tmp_path: Path) -> None:
    marker = tmp_path / "shell.marker"
    spec = f"subprocess:run:args=touch {marker},shell=true"
    with TestClient(create_app(db_path=_db(tmp_path))) as c:
        _seat_refused(c, spec)
        result = call_mcp(c, "new_game", {"bot": spec, "seed": 1})
        assert result["isError"] and "Allowed players" in result["content"][0]["text"]
    assert not marker.exists()


def test_database_truncation_seat_is_refused_and_the_games_survive(tmp_path: Path) -> None:
    db = _db(tmp_path)
    root_handlers = list(logging.getLogger().handlers)
    with TestClient(create_app(db_path=db)) as c:
        r = c.post("/api/v1/games", json={"seats": ["human", "random", "random", "random"], "seed": 5})
        assert r.status_code == 201
        game_id, token = r.json()["game_id"], r.json()["tokens"]["0"]
        _seat_refused(c, f"logging:basicConfig:filename={db},filemode=w,force=true")
        assert call_mcp(c, "new_game", {"bot": f"logging:basicConfig:filename={db},filemode=w,force=true"})["isError"]
    assert logging.getLogger().handlers == root_handlers
    assert os.path.getsize(db) > 0
    with sqlite3.connect(db) as con:
        assert con.execute("SELECT COUNT(*) FROM games WHERE id = ?", (game_id,)).fetchone() == (1,)
    with TestClient(create_app(db_path=db)) as c:  # after a restart the game is still there
        assert c.get(f"/api/v1/games/{game_id}", headers={"Authorization": f"Bearer {token}"}).status_code == 200


def test_outside_module_is_not_imported(tmp_path: Path, probe: Path) -> None:
    with TestClient(create_app(db_path=_db(tmp_path))) as c:
        _seat_refused(c, f"{PROBE}:Player")
        _seat_refused(c, f"{PROBE}:Player:depth=3")
        assert call_mcp(c, "new_game", {"bot": f"{PROBE}:Player"})["isError"]
    assert not probe.exists() and PROBE not in sys.modules


def test_remote_seat_sends_nothing(tmp_path: Path, listener: list[str]) -> None:
    url = listener[0]
    with TestClient(create_app(db_path=_db(tmp_path))) as c:
        _seat_refused(c, f"remote:url={url}/steal")
        _seat_refused(c, f"remote:url={url}/steal,timeout=600")
        assert call_mcp(c, "new_game", {"bot": f"remote:url={url}/steal"})["isError"]
    assert listener[1:] == []  # no request reached the listener


@pytest.mark.parametrize(
    ("spec", "why"),
    [
        ("mcts:time=30", "time must be 0.01..2"),
        ("mcts:iters=1000000", "iters must be 1..2000"),
        ("mcts:citers=99999999", "citers must be 1..6000"),
        ("mcts:level=insane", "level must be easy|medium|strong"),
        ("mcts:endgame=20", "endgame must be 0..9"),
        ("heuristic:depth=9", "heuristic has no option 'depth'"),
        ("random:seed=-1", "seed must be a whole number from 0"),
        ("mcts:time=nan", "time must be"),
        ("learned:prune=0.9", "prune must be 0..0.5"),
        ("learned:prior=1000", "prior must be 0..64"),
        ("learned:hands=model", "learned has no option 'hands'"),
        ("learned:net=/etc/passwd", "learned has no option 'net'"),
        ("x" * 300, "at most 200 characters"),
    ],
)
def test_unbounded_options_are_refused(tmp_path: Path, spec: str, why: str) -> None:
    with TestClient(create_app(db_path=_db(tmp_path))) as c:
        assert why in _seat_refused(c, spec)["msg"]


def test_allowed_players_still_play(tmp_path: Path) -> None:
    with TestClient(create_app(db_path=_db(tmp_path))) as c:
        r = c.post("/api/v1/games", json={"seats": ["human", "mcts:level=easy,seed=3", "heuristic", "random:seed=2"]})
        assert r.status_code == 201, r.text
        view = call_mcp(c, "new_game", {"bot": "mcts:iters=20", "seed": 3})
        assert not view.get("isError") and view["structuredContent"]["seat"] == 0
        view = call_mcp(c, "new_game", {"bot": "learned:iters=20,prior=8", "seed": 3})
        assert not view.get("isError") and view["structuredContent"]["seat"] == 0
        options = c.get("/api/v1/table/options").json()
        assert options["players"] == ["heuristic", "learned", "mcts", "random"]
        assert options["strengths"]["learned"] == "learned"


def test_operator_player_by_name_only(tmp_path: Path, probe: Path) -> None:
    """``puur serve --allow-player probe=puur_attack_probe:Player``: the operator's choice is loaded (at
    start); a request names it as 'probe' only, never by its module or with options of its own."""
    settings = ServerSettings(players=PlayerPolicy.from_options([f"probe={PROBE}:Player"]))
    assert probe.exists()  # loaded by the operator's choice, at start
    probe.unlink()
    with TestClient(create_app(db_path=_db(tmp_path), settings=settings)) as c:
        r = c.post("/api/v1/games", json={"seats": ["human", "probe", "probe", "probe"], "seed": 4})
        assert r.status_code == 201, r.text
        assert "operator" in _seat_refused(c, "probe:depth=3")["msg"]
        _seat_refused(c, f"{PROBE}:Player")
        assert "probe" in c.get("/api/v1/table/options").json()["players"]


# ----- High: one cheap request must not cost much -----
def test_body_over_the_limit_is_413_declared_or_streamed(tmp_path: Path) -> None:
    big = b"[" + b"1," * 600_000 + b"1]"  # 1.2 MB of JSON
    with TestClient(create_app(db_path=_db(tmp_path))) as c:
        for path in ("/api/v1/games", "/api/v1/rules/eval", "/api/v1/tools/chalk", "/mcp"):
            r = c.post(path, content=big, headers={"content-type": "application/json", **MCP_HEADERS})
            assert r.status_code == 413, (path, r.status_code)

        def chunks() -> Iterator[bytes]:  # no Content-Length: the limit counts what arrives
            for _ in range(20):
                yield b" " * 100_000

        r = c.post("/api/v1/rules/eval", content=chunks(), headers={"content-type": "application/json"})
        assert r.status_code == 413
        assert c.post("/api/v1/rules/eval", json={"op": "chalk", "value": 680}).status_code == 200


def test_eval_batch_over_the_limit_is_413(tmp_path: Path) -> None:
    with TestClient(create_app(db_path=_db(tmp_path))) as c:
        r = c.post("/api/v1/rules/eval", json=[{"op": "chalk", "value": 1}] * 1001)
        assert r.status_code == 413 and r.json()["detail"]["code"] == "batch_too_large"
        assert len(c.post("/api/v1/rules/eval", json=[{"op": "chalk", "value": 1}] * 1000).json()) == 1000


def test_non_string_op_is_422_not_500(tmp_path: Path) -> None:
    with TestClient(create_app(db_path=_db(tmp_path)), raise_server_exceptions=False) as c:
        for op in (["trick"], {"a": 1}, 7, None):
            r = c.post("/api/v1/rules/eval", json={"op": op})
            assert r.status_code == 422, (op, r.text)
            assert "op must be a string" in r.json()["detail"]["message"]
        r = c.post("/api/v1/rules/eval", json=[{"op": ["trick"]}, {"op": "chalk", "value": 1}])
        assert r.status_code == 200 and [x["ok"] for x in r.json()] == [False, True]


def test_creating_games_is_rate_limited_per_address(tmp_path: Path) -> None:
    settings = ServerSettings(rate_games="3/minute", rate_calls="2/minute")
    body = {"seats": ["human", "random", "random", "random"]}
    with TestClient(create_app(db_path=_db(tmp_path), settings=settings)) as c:
        assert [c.post("/api/v1/games", json=body).status_code for _ in range(3)] == [201, 201, 201]
        r = c.post("/api/v1/games", json=body)
        assert r.status_code == 429 and 1 <= int(r.headers["retry-after"]) <= 60
        assert "creating games" in r.json()["detail"]
        assert c.get("/api/v1/table/options").status_code == 200  # cheap calls are not counted
        one = {"op": "chalk", "value": 1}
        codes = [c.post("/api/v1/rules/eval", json=one).status_code for _ in range(3)]
        assert codes == [200, 200, 429]
    with TestClient(create_app(db_path=_db(tmp_path), settings=settings), client=("10.0.0.2", 5000)) as other:
        assert other.post("/api/v1/games", json=body).status_code == 201  # another address has its own count


def test_live_connections_are_bounded_per_seat_and_per_client(tmp_path: Path) -> None:
    """A seat holds ``listeners_per_seat`` connections: one more closes the seat's oldest (4409), so a seat
    crowds out only itself. A client address holds ``listeners_per_client`` in all games (4429)."""
    settings = ServerSettings(listeners_per_seat=2, listeners_per_game=12, listeners_per_client=3)
    with TestClient(create_app(db_path=_db(tmp_path), settings=settings)) as c:
        games = []
        for _ in range(2):
            r = c.post("/api/v1/games", json={"seats": ["human", "random", "random", "random"], "seed": 3})
            games.append((r.json()["game_id"], r.json()["tokens"]["0"]))
        (g1, t1), (g2, t2) = games
        with c.websocket_connect(f"/api/v1/games/{g1}/live?pace=0") as a, \
                c.websocket_connect(f"/api/v1/games/{g1}/live?pace=0") as b:  # fmt: skip
            for ws in (a, b):
                ws.send_json({"token": t1})
                assert ws.receive_json()["type"] == "hello"
            with c.websocket_connect(f"/api/v1/games/{g1}/live?pace=0") as third:
                third.send_json({"token": t1})
                assert third.receive_json()["type"] == "hello"  # the newest is served ...
                closed = a.receive()  # ... and the seat's oldest is closed
                assert closed["type"] == "websocket.close" and closed["code"] == 4409
                assert "newer connection" in closed["reason"]
        with c.websocket_connect(f"/api/v1/games/{g1}/live?pace=0") as a, \
                c.websocket_connect(f"/api/v1/games/{g2}/live?pace=0") as b, \
                c.websocket_connect(f"/api/v1/games/{g2}/live?pace=0") as d:  # fmt: skip
            for ws, token in ((a, t1), (b, t2), (d, t2)):
                ws.send_json({"token": token})
                assert ws.receive_json()["type"] == "hello"
            with c.websocket_connect(f"/api/v1/games/{g2}/live?pace=0") as e:
                e.send_json({"token": t2})
                closed = e.receive()
                assert closed["code"] == 4429 and "one address" in closed["reason"]
        # the closed connections gave their places back
        with c.websocket_connect(f"/api/v1/games/{g1}/live?pace=0") as again:
            again.send_json({"token": t1})
            assert again.receive_json()["type"] == "hello"


def test_the_game_cap_is_above_every_seat_s_share() -> None:
    """``listeners_per_game`` below four seats' share (plus a stand-in a seat for another worker's
    connection) would let one seat's connections refuse another's: such settings are refused at start."""
    ServerSettings(listeners_per_seat=4, listeners_per_game=20)
    with pytest.raises(ValueError, match="at least 20"):
        ServerSettings(listeners_per_seat=4, listeners_per_game=16)


def test_connections_waiting_for_their_token_count_too(tmp_path: Path) -> None:
    """Sockets that never send a token still take the client's places (each would wait 10 s)."""
    settings = ServerSettings(listeners_per_client=1)
    with TestClient(create_app(db_path=_db(tmp_path), settings=settings)) as c, \
            c.websocket_connect("/api/v1/games/nosuch/live") as idle:  # fmt: skip
        with c.websocket_connect("/api/v1/games/nosuch/live") as second:
            closed = second.receive()
            assert closed["code"] == 4429 and "one address" in closed["reason"]
        idle.send_json({"token": "x"})
        assert idle.receive()["code"] == 4404  # the first one goes on as usual


@pytest.mark.parametrize("first", ["not json", "[" * 5000 + "]" * 5000, '{"token": ' + "9" * 5000 + "}"])
def test_a_first_message_that_does_not_read_closes_the_socket_4401(tmp_path: Path, first: str) -> None:
    """The live socket's first message is its token as JSON: anything json.loads gives up on (not JSON, nested
    too deeply, a number too long) closes it with 4401, as a missing token does, never an error inside."""
    with TestClient(create_app(db_path=_db(tmp_path))) as c:
        game = c.post("/api/v1/games", json={"seats": ["human", "random", "random", "random"]}).json()
        with c.websocket_connect(f"/api/v1/games/{game['game_id']}/live") as ws:
            ws.send_text(first)
            assert ws.receive()["code"] == 4401
