"""A fair table: nobody at it reads another's cards through the help routes or the waiting room, and nobody
crowds another out of the live connections (SECURITY.md "A fair table"; docs/api-online-tables.md).

Hints and undo are practice help for one person against computers: a seat a person holds stays theirs while a
computer plays it for them, so the host who hands a friend's seat to a computer gets no hint nor undo (undo a
card, watch the stand-in answer another way: the friend's hidden hand, probed card by card).
"""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import threading
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest
import websockets
from api_client import auth
from fastapi.testclient import TestClient

from puur.core.cards import Card
from puur.server.app import create_app
from puur.server.live import REPLACED, Subscriber
from puur.server.live.tables import away_seat
from puur.server.policy import ServerSettings
from puur.server.probe import wait_serving

SHORT = {"preset": "schieber", "target": 1000}
ALL_CARDS = [str(Card(i)) for i in range(36)]


def _view(c: TestClient, gid: str, token: str) -> dict[str, Any]:
    r = c.get(f"/api/v1/games/{gid}", headers=auth(token))
    assert r.status_code == 200, r.text
    return dict(r.json())


def _act(c: TestClient, gid: str, token: str, action: str) -> dict[str, Any]:
    r = c.post(f"/api/v1/games/{gid}/actions", headers=auth(token), json={"action": action})
    assert r.status_code == 200, r.text
    return dict(r.json())


def _host_and_friend(c: TestClient) -> tuple[str, str, str]:
    """Host at 0, a friend joined at 1, computers at 2 and 3; the game id and both tokens."""
    r = c.post("/api/v1/games", json={"seats": ["human", "invite", "heuristic", "heuristic"], "profile": SHORT})
    assert r.status_code == 201, r.text
    t = r.json()
    joined = c.post(f"/api/v1/games/{t['game_id']}/join", json={"code": t["invites"]["1"]["code"], "name": "Vreni"})
    assert joined.status_code == 201, joined.text
    return t["game_id"], t["tokens"]["0"], joined.json()["token"]


def _play_a_card_then_to_turn(c: TestClient, gid: str, token: str) -> dict[str, Any]:
    """The seat acts until it has played a card of the round and is to act again with cards in hand."""
    v = _view(c, gid, token)
    played = False
    while True:
        if v["to_act"] == v["seat"]:
            if played and v["phase"] == "play" and len(v["hand"]) > 1:
                return v
            played = played or v["phase"] == "play"
            v = _act(c, gid, token, v["legal_actions"][0])
        else:
            raise AssertionError(f"the seat waits: {v['to_act']} is to act")


def test_the_host_gets_no_hint_nor_undo_after_handing_a_friend_s_seat_to_a_computer(client: TestClient) -> None:
    gid, host, friend = _host_and_friend(client)
    # two people at the table: no practice help for either
    for token in (host, friend):
        assert client.get(f"/api/v1/games/{gid}/hint", headers=auth(token)).status_code == 409
    # the host hands the friend's seat to a computer: the table still has two people
    r = client.post(f"/api/v1/games/{gid}/seats/1", headers=auth(host), json={"player": "heuristic"})
    assert r.status_code == 204, r.text
    v = _play_a_card_then_to_turn(client, gid, host)
    assert v["help"] is False  # the view offers no help either: the page shows no buttons
    seq = v["seq"]
    hint = client.get(f"/api/v1/games/{gid}/hint", headers=auth(host))
    assert hint.status_code == 409 and "one person" in hint.json()["detail"]
    undo = client.post(f"/api/v1/games/{gid}/undo", headers=auth(host))
    assert undo.status_code == 409 and "one person" in undo.json()["detail"]
    after = _view(client, gid, host)
    assert after["seq"] == seq and after["hand"] == v["hand"]  # nothing was taken back
    assert client.get(f"/api/v1/games/{gid}/hint", headers=auth(friend)).status_code == 409


def test_pass_and_play_has_two_people_so_no_hint_nor_undo(client: TestClient) -> None:
    r = client.post("/api/v1/games", json={"seats": ["human", "heuristic", "human", "heuristic"], "profile": SHORT})
    gid, tokens = r.json()["game_id"], r.json()["tokens"]
    for token in tokens.values():
        assert client.get(f"/api/v1/games/{gid}/hint", headers=auth(token)).status_code == 409
        assert client.post(f"/api/v1/games/{gid}/undo", headers=auth(token)).status_code == 409


def test_one_person_whose_invited_seats_were_filled_with_computers_keeps_the_help(client: TestClient) -> None:
    r = client.post("/api/v1/games", json={"seats": ["human", "invite", "heuristic", "heuristic"], "profile": SHORT})
    gid, host = r.json()["game_id"], r.json()["tokens"]["0"]
    assert client.post(f"/api/v1/games/{gid}/seats/1", headers=auth(host), json={"player": "heuristic"}).status_code == 204
    v = _play_a_card_then_to_turn(client, gid, host)
    assert v["help"] is True
    assert client.get(f"/api/v1/games/{gid}/hint", headers=auth(host)).status_code == 200
    r = client.post(f"/api/v1/games/{gid}/undo", headers=auth(host))
    assert r.status_code == 200 and r.json()["seq"] < v["seq"]


def test_the_waiting_room_shows_nothing_of_the_deal(client: TestClient) -> None:
    r = client.post("/api/v1/games", json={"seats": ["human", "invite", "heuristic", "heuristic"],
                                           "form": "differenzler", "rounds": 1})
    assert r.status_code == 201, r.text
    gid, host = r.json()["game_id"], r.json()["tokens"]["0"]
    v = _view(client, gid, host)
    assert v["status"] == "waiting"
    assert (v["forehand"], v["dealer"], v["chooser"], v["contract"], v["form"]["turned_up"]) == (None,) * 5
    assert v["hand"] == [] and v["legal_actions"] == [] and v["to_act"] is None
    games = client.post("/api/v1/games/lookup", json={"tokens": [host]}).json()["games"]
    assert games[0]["to_act"] is None  # the first forehand (a card's holder in some profiles) is not told
    # why reads no hand before the table starts: the same answer for every card
    answers = {json.dumps({k: v for k, v in client.get(f"/api/v1/games/{gid}/why?card={card}", headers=auth(host))
                           .json().items() if k != "card"}) for card in ALL_CARDS}
    assert len(answers) == 1 and json.loads(answers.pop())["code"] == "no_card_now"
    # once the table starts, the turned-up card and the forehand show
    joined = client.post(f"/api/v1/games/{gid}/join", json={"code": r.json()["invites"]["1"]["code"], "name": "Ueli"})
    v = _view(client, gid, joined.json()["token"])
    assert v["status"] == "playing" and v["forehand"] is not None and v["form"]["turned_up"] is not None


def test_why_during_the_predictions_reads_no_one_s_hand(client: TestClient) -> None:
    """While the Differenzler predictions are made no card is played: why answers the same for every card
    and every seat, never against the forehand's hand (it did, whoever asked)."""
    r = client.post("/api/v1/games", json={"seats": ["human"] * 4, "form": "differenzler", "rounds": 1})
    gid, tokens = r.json()["game_id"], r.json()["tokens"]
    v = _view(client, gid, tokens["0"])
    forehand = v["forehand"]
    _act(client, gid, tokens[str(forehand)], "predict:3")  # the forehand predicts; the next seat is to predict
    after = _view(client, gid, tokens["0"])
    assert after["phase"] == "predict"
    for seat, token in tokens.items():
        answers = {client.get(f"/api/v1/games/{gid}/why?card={card}", headers=auth(token)).json()["code"]
                   for card in ALL_CARDS}
        assert answers in ({"no_card_now"}, {"not_your_turn"}), (seat, answers)


def test_a_seat_s_own_why_still_names_the_rule_at_its_card(client: TestClient) -> None:
    r = client.post("/api/v1/games", json={"seats": ["human", "heuristic", "heuristic", "heuristic"], "seed": 5,
                                           "profile": SHORT})
    gid, token = r.json()["game_id"], r.json()["tokens"]["0"]
    v = _view(client, gid, token)
    while not (v["phase"] == "play" and v["to_act"] == 0):
        v = _act(client, gid, token, v["legal_actions"][0])
    missing = next(card for card in ALL_CARDS if card not in v["hand"])
    w = client.get(f"/api/v1/games/{gid}/why?card={missing}", headers=auth(token)).json()
    assert not w["legal"] and w["code"] == "not_in_hand"
    w = client.get(f"/api/v1/games/{gid}/why?card={v['legal_actions'][0]}", headers=auth(token)).json()
    assert w["legal"] and w["code"] is None


def test_a_seat_crowds_out_only_itself_and_a_connected_seat_is_never_away(tmp_path: Path) -> None:
    """A friend opening many connections closes their own oldest (4409), never the host's: the host stays
    connected, and the away watchdog does not hand the host's seat to a computer."""
    settings = ServerSettings(away_seconds=0.2)
    with TestClient(create_app(db_path=str(tmp_path / "g.sqlite3"), settings=settings)) as c, ExitStack() as open_:
        gid, host, friend = _host_and_friend(c)
        url = f"/api/v1/games/{gid}/live?pace=0"
        mine = open_.enter_context(c.websocket_connect(url))
        mine.send_json({"token": host})
        assert mine.receive_json()["type"] == "hello"
        friends = []
        for _ in range(settings.listeners_per_seat + 3):
            ws = open_.enter_context(c.websocket_connect(url))
            ws.send_json({"token": friend})
            assert ws.receive_json()["type"] == "hello"
            friends.append(ws)
        assert [_closing_code(ws) for ws in friends[:3]] == [4409] * 3
        live = c.app.state.game_hub.get(gid)  # type: ignore[attr-defined]
        assert sum(1 for sub in live.subscribers if sub.seat == 1) == settings.listeners_per_seat
        assert any(sub.seat == 0 for sub in live.subscribers)
        assert away_seat(live, 1e12) != 0  # a connected seat is never the one handed over
        view = c.get(f"/api/v1/games/{gid}", headers=auth(host)).json()
        assert view["seating"][0]["connected"] and view["seating"][0]["player"] is None


def _closing_code(ws: Any) -> int:
    """The close code of a live connection, past the messages sent to it before."""
    while True:
        message = ws.receive()
        if message["type"] == "websocket.close":
            return int(message["code"])


def test_replacing_a_connection_gives_its_queue_back() -> None:
    async def run() -> list[dict[str, Any]]:
        sub = Subscriber(0, asyncio.get_running_loop(), asyncio.Queue())
        for i in range(100):
            sub.put({"type": "event", "n": i})
        sub.end(REPLACED)
        sub.put({"type": "event", "n": 100})  # nothing is queued once it ends
        await asyncio.sleep(0)
        return [sub.queue.get_nowait() for _ in range(sub.queue.qsize())]

    got: list[list[dict[str, Any]]] = []
    worker = threading.Thread(target=lambda: got.append(asyncio.run(run())))  # a loop of its own
    worker.start()
    worker.join()
    assert got == [[REPLACED]]


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """A real ``puur serve`` on loopback, its log in a file."""
    from pg_cluster import _free_port

    port = _free_port()
    folder = tmp_path_factory.mktemp("fair")
    log = folder / "serve.log"
    with open(log, "wb") as out:
        proc = subprocess.Popen([sys.executable, "-m", "puur.cli", "serve", "--port", str(port), "--db",
                                 str(folder / "g.sqlite3")], stdout=out, stderr=subprocess.STDOUT,
                                env={**os.environ, "PYTHONUNBUFFERED": "1"})
        base = f"http://127.0.0.1:{port}"
        try:
            wait_serving(base, proc, log=log)
            yield base, log
        finally:
            proc.terminate()
            proc.wait(timeout=20)


def test_a_live_socket_without_a_token_closes_cleanly_with_no_traceback(served: tuple[str, Path]) -> None:
    import urllib.request

    base, log = served
    req = urllib.request.Request(base + "/api/v1/games", json.dumps({"seats": ["human", "random", "random", "random"]})
                                 .encode(), {"content-type": "application/json"})
    gid = json.load(urllib.request.urlopen(req, timeout=10))["game_id"]
    url = base.replace("http", "ws") + f"/api/v1/games/{gid}/live"

    async def tries() -> list[int | None]:
        codes: list[int | None] = []
        async with websockets.connect(url):
            pass  # gone before a word
        for first in (b"\x00\x01", "{}", "[", json.dumps({"token": 7})):
            async with websockets.connect(url) as ws:
                await ws.send(first)
                with pytest.raises(websockets.ConnectionClosed) as closed:
                    await ws.recv()
                codes.append(closed.value.rcvd.code if closed.value.rcvd else None)
        ws = await websockets.connect(url)
        ws.transport.abort()  # dropped without a close
        return codes

    box: list[list[int | None]] = []
    worker = threading.Thread(target=lambda: box.append(asyncio.run(tries())))
    worker.start()
    worker.join()
    assert box == [[4401] * 4]
    # the server answers on, and wrote no traceback for any of them
    assert urllib.request.urlopen(base + "/api/v1/table/options", timeout=10).status == 200
    assert "Traceback" not in log.read_text()
