"""Online tables (issue 15): invite links, joining, the waiting room, seats handed to a computer and back,
presence and reactions over the live connection, and the security promises (docs/api-online-tables.md)."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from api_client import CARD, auth
from fastapi.testclient import TestClient

from puur.server.app import create_app
from puur.server.policy import ServerSettings

SHORT = {"preset": "schieber", "target": 100}


def _table(c: TestClient, seats: list[str] | None = None) -> dict[str, Any]:
    r = c.post("/api/v1/games", json={"seats": seats or ["human", "invite", "invite", "invite"], "profile": SHORT,
                                      "names": ["Host", "", "", ""]})
    assert r.status_code == 201, r.text
    return dict(r.json())


def _join(c: TestClient, gid: str, code: str, name: str) -> Any:
    return c.post(f"/api/v1/games/{gid}/join", json={"code": code, "name": name})


def _full_table(c: TestClient) -> tuple[str, dict[int, str]]:
    """A table of four people: the host at 0, three friends joined by their links."""
    t = _table(c)
    tokens = {0: t["tokens"]["0"]}
    for seat, name in ((1, "Vreni"), (2, "Ueli"), (3, "Kari")):
        r = _join(c, t["game_id"], t["invites"][str(seat)]["code"], name)
        assert r.status_code == 201, r.text
        assert r.json()["seat"] == seat
        tokens[seat] = r.json()["token"]
    return t["game_id"], tokens


def test_an_invited_table_waits_unseen_until_every_seat_is_taken(client: TestClient) -> None:
    t = _table(client)
    gid, host = t["game_id"], t["tokens"]["0"]
    assert list(t["tokens"]) == ["0"] and t["seats"] == ["human"] * 4
    assert sorted(t["invites"]) == ["1", "2", "3"]
    codes = [i["code"] for i in t["invites"].values()]
    assert len(set(codes)) == 3 and all(len(c) >= 22 for c in codes)  # 144 bits, base64url
    assert t["invites"]["1"]["url"].endswith(f"/#join={gid}.{codes[0]}")
    v = client.get(f"/api/v1/games/{gid}", headers=auth(host)).json()
    assert (v["status"], v["phase"], v["hand"], v["legal_actions"], v["to_act"]) == ("waiting", "waiting", [], [], None)
    assert [s["kind"] for s in v["seating"]] == ["person", "invite", "invite", "invite"]
    assert v["seating"][0]["host"] and not any(s["host"] for s in v["seating"][1:])
    # nothing is played while it waits, not even by a computer filling no seat yet
    live = client.app.state.game_hub.get(gid)  # type: ignore[attr-defined]
    action = str(live.game.legal_actions()[0])
    r = client.post(f"/api/v1/games/{gid}/actions", headers=auth(host), json={"action": action})
    assert r.status_code == 409 and "waiting" in r.json()["detail"]
    # the host sees the links again (with a QR code); nobody else may
    inv = client.get(f"/api/v1/games/{gid}/invites", headers=auth(host)).json()["invites"]
    assert [inv[s]["code"] for s in ("1", "2", "3")] == codes
    assert inv["1"]["qr"].startswith("data:image/svg+xml")
    joined = _join(client, gid, codes[0], "  Vreni  ").json()
    assert client.get(f"/api/v1/games/{gid}/invites", headers=auth(joined["token"])).status_code == 403
    assert sorted(client.get(f"/api/v1/games/{gid}/invites", headers=auth(host)).json()["invites"]) == ["2", "3"]
    # a code holds one seat, once; an unknown code is 404, as is a code on another game
    assert _join(client, gid, codes[0], "Again").status_code == 409
    assert _join(client, gid, "A" * 24, "Nobody").status_code == 404
    other = _table(client)
    assert _join(client, other["game_id"], codes[1], "Lost").status_code == 404
    assert _join(client, gid, codes[1], "   ").status_code == 422
    v = client.get(f"/api/v1/games/{gid}", headers=auth(joined["token"])).json()
    assert v["seat"] == 1 and v["names"][1] == "Vreni" and v["status"] == "waiting"
    # the host fills one seat with a computer, the last friend joins: the game starts
    r = client.post(f"/api/v1/games/{gid}/seats/2", headers=auth(joined["token"]), json={"player": "heuristic"})
    assert r.status_code == 403
    r = client.post(f"/api/v1/games/{gid}/seats/2", headers=auth(host), json={"player": "mcts:iters=99999999"})
    assert r.status_code == 422
    assert client.post(f"/api/v1/games/{gid}/seats/2", headers=auth(host), json={"player": "heuristic"}).status_code == 204
    assert _join(client, gid, codes[1], "Late").status_code == 409  # the filled seat's code is spent too
    assert _join(client, gid, codes[2], "Kari").status_code == 201
    v = client.get(f"/api/v1/games/{gid}", headers=auth(host)).json()
    assert v["status"] == "playing" and len(v["hand"]) == 9
    assert [s["kind"] for s in v["seating"]] == ["person", "person", "computer", "person"]
    assert v["seats"] == ["human", "human", "heuristic", "human"] and v["names"][2:] == ["Computer 3", "Kari"]


def test_each_seat_sees_its_own_hand_only_and_tokens_hold_one_game(client: TestClient) -> None:
    gid, tokens = _full_table(client)
    other, other_tokens = _full_table(client)
    live = client.app.state.game_hub.get(gid)  # type: ignore[attr-defined]
    hands = {s: {str(c) for c in live.game.observation(s).hand} for s in range(4)}
    for seat, token in tokens.items():
        text = client.get(f"/api/v1/games/{gid}", headers=auth(token)).text
        v = client.get(f"/api/v1/games/{gid}", headers=auth(token)).json()
        assert v["seat"] == seat and set(v["hand"]) == hands[seat]
        for s in range(4):
            if s != seat:
                assert not any(f'"{c}"' in text for c in hands[s])  # no card of another hand anywhere
        assert client.get(f"/api/v1/games/{other}", headers=auth(token)).status_code == 403
        assert client.post(f"/api/v1/games/{other}/react", headers=auth(token), json={"code": "hopp"}).status_code == 403
    assert client.get(f"/api/v1/games/{gid}", headers=auth(other_tokens[1])).status_code == 403


def _drain_to(ws: Any, kind: str) -> dict[str, Any]:
    while True:
        msg = ws.receive_json()
        if msg["type"] == kind:
            return dict(msg)


def test_actions_presence_and_reactions_reach_every_screen(client: TestClient) -> None:
    gid, tokens = _full_table(client)
    url = f"/api/v1/games/{gid}/live?pace=0"
    sockets = []
    try:
        for seat in range(4):
            ws = client.websocket_connect(url).__enter__()
            sockets.append(ws)
            ws.send_json({"token": tokens[seat]})
            hello = _drain_to(ws, "hello")
            assert hello["view"]["seat"] == seat
        last = _drain_to(sockets[0], "table")["view"]["seating"]  # after seat 3 connected
        while not all(s["connected"] for s in last):
            last = _drain_to(sockets[0], "table")["view"]["seating"]
        v = client.get(f"/api/v1/games/{gid}", headers=auth(tokens[0])).json()
        actor = v["to_act"]
        view = client.get(f"/api/v1/games/{gid}", headers=auth(tokens[actor])).json()
        action = view["legal_actions"][0]
        assert client.post(f"/api/v1/games/{gid}/actions", headers=auth(tokens[actor]),
                           json={"action": action}).status_code == 200
        for seat, ws in enumerate(sockets):
            ev = _drain_to(ws, "event")
            assert (ev["seat"], ev["action"], ev["view"]["seat"]) == (actor, action, seat)
        # a reaction from the table's fixed set goes to every screen; free text is refused; a flood is cut
        assert client.post(f"/api/v1/games/{gid}/react", headers=auth(tokens[2]), json={"code": "bravo"}).status_code == 204
        for ws in sockets:
            assert _drain_to(ws, "reaction") == {"type": "reaction", "seat": 2, "code": "bravo"}
        assert client.post(f"/api/v1/games/{gid}/react", headers=auth(tokens[2]), json={"code": "you fool"}).status_code == 422
        codes = [client.post(f"/api/v1/games/{gid}/react", headers=auth(tokens[2]), json={"code": "hopp"}).status_code
                 for _ in range(6)]
        assert codes.count(204) == 4 and codes[-1] == 429
        # one leaves: the others see it
        sockets.pop(3).__exit__(None, None, None)
        seating = _drain_to(sockets[0], "table")["view"]["seating"]
        while seating[3]["connected"]:
            seating = _drain_to(sockets[0], "table")["view"]["seating"]
        assert [s["connected"] for s in seating] == [True, True, True, False]
    finally:
        for ws in sockets:
            ws.__exit__(None, None, None)


def _play_until(c: TestClient, gid: str, tokens: dict[int, str], seat: int) -> dict[str, Any]:
    """Let the other people play legal actions until ``seat`` is to act."""
    for _ in range(200):
        v = c.get(f"/api/v1/games/{gid}", headers=auth(tokens[0])).json()
        if v["to_act"] == seat:
            return dict(v)
        actor = v["to_act"]
        view = c.get(f"/api/v1/games/{gid}", headers=auth(tokens[actor])).json()
        r = c.post(f"/api/v1/games/{gid}/actions", headers=auth(tokens[actor]), json={"action": view["legal_actions"][0]})
        assert r.status_code == 200, r.text
    raise AssertionError("seat never came to act")


def test_an_absent_person_is_stood_in_at_their_turn_and_takes_the_seat_back(tmp_path: Path) -> None:
    settings = ServerSettings(away_seconds=0.3)
    with TestClient(create_app(db_path=str(tmp_path / "g.sqlite3"), settings=settings)) as c:
        gid, tokens = _full_table(c)
        url = f"/api/v1/games/{gid}/live?pace=0"
        with c.websocket_connect(url) as ws0:
            ws0.send_json({"token": tokens[0]})
            _drain_to(ws0, "hello")
            v = _play_until(c, gid, tokens, 3)  # seat 3 never connected: absent at its turn
            seq = v["seq"]
            deadline = time.monotonic() + 10
            while time.monotonic() < deadline:
                v = c.get(f"/api/v1/games/{gid}", headers=auth(tokens[0])).json()
                if v["seq"] > seq:
                    break
                time.sleep(0.05)
            assert v["seating"][3]["player"] == "heuristic" and v["seats"][3] == "heuristic"
            assert v["seq"] > seq  # the stand-in played for seat 3
            assert 3 not in v["human_seats"]
            r = c.post(f"/api/v1/games/{gid}/seats/3", headers=auth(tokens[1]), json={"player": "person"})
            assert r.status_code == 403  # only the host, or the seat itself
            # seat 3 comes back: the seat is theirs again at once
            with c.websocket_connect(url) as ws3:
                ws3.send_json({"token": tokens[3]})
                hello = _drain_to(ws3, "hello")
                assert hello["view"]["seating"][3]["player"] is None and hello["view"]["seats"][3] == "human"
            # the host hands seat 1 (connected or not) to a computer; seat 1 takes it back itself
            assert c.post(f"/api/v1/games/{gid}/seats/1", headers=auth(tokens[0]),
                          json={"player": "random"}).status_code == 204
            assert c.get(f"/api/v1/games/{gid}", headers=auth(tokens[1])).json()["seating"][1]["player"] == "random"
            assert c.post(f"/api/v1/games/{gid}/seats/1", headers=auth(tokens[1]), json={"player": "person"}).status_code == 204
            assert c.post(f"/api/v1/games/{gid}/seats/1", headers=auth(tokens[1]), json={"player": "person"}).status_code == 409
    # the plan survives a restart: the same seats, names and tokens
    with TestClient(create_app(db_path=str(tmp_path / "g.sqlite3"))) as c:
        v = c.get(f"/api/v1/games/{gid}", headers=auth(tokens[3])).json()
        assert v["seat"] == 3 and v["names"] == ["Host", "Vreni", "Ueli", "Kari"] and v["seats"] == ["human"] * 4


def test_rematch_keeps_the_people_in_their_seats(client: TestClient) -> None:
    gid, tokens = _full_table(client)
    with client.websocket_connect(f"/api/v1/games/{gid}/live?pace=0") as ws1:
        ws1.send_json({"token": tokens[1]})
        _drain_to(ws1, "hello")
        r = client.post(f"/api/v1/games/{gid}/rematch", headers=auth(tokens[2]))
        assert r.status_code == 201, r.text
        assert _drain_to(ws1, "rematch") == {"type": "rematch", "seat": 2}  # the others hear of it
    new = r.json()["game_id"]
    v = client.get(f"/api/v1/games/{new}", headers=auth(r.json()["tokens"]["2"])).json()
    assert v["status"] == "playing" and v["seats"] == ["human"] * 4 and v["names"][2] == "Ueli"
    assert v["seating"][0]["host"] and all(s["kind"] == "person" for s in v["seating"])
    r1 = client.post(f"/api/v1/games/{gid}/rematch", headers=auth(tokens[1])).json()
    assert r1["game_id"] == new and client.get(f"/api/v1/games/{new}", headers=auth(r1["tokens"]["1"])).json()["seat"] == 1
    waiting = _table(client)
    r = client.post(f"/api/v1/games/{waiting['game_id']}/rematch", headers=auth(waiting["tokens"]["0"]))
    assert r.status_code == 409


def test_creating_and_joining_are_rate_limited_per_address(tmp_path: Path) -> None:
    settings = ServerSettings(rate_games="3/minute")
    with TestClient(create_app(db_path=str(tmp_path / "g.sqlite3"), settings=settings)) as c:
        t = _table(c)
        codes = [t["invites"][s]["code"] for s in ("1", "2", "3")]
        statuses = [_join(c, t["game_id"], code, name).status_code for code, name in zip(codes, "XYZ", strict=True)]
        assert statuses == [201, 201, 201]
        assert _join(c, t["game_id"], "B" * 24, "Guess").status_code == 429  # guessing codes is cut short
        assert [c.post("/api/v1/games", json={"seats": ["human", "invite", "invite", "invite"]}).status_code
                for _ in range(3)] == [201, 201, 429]


def test_pass_and_play_tables_are_unchanged(client: TestClient) -> None:
    r = client.post("/api/v1/games", json={"seats": ["human", "heuristic", "human", "heuristic"]})
    assert r.status_code == 201 and "invites" not in r.json() or r.json()["invites"] is None
    gid, tokens = r.json()["game_id"], r.json()["tokens"]
    v = client.get(f"/api/v1/games/{gid}", headers=auth(tokens["0"])).json()
    assert v["status"] == "playing" and all(s["connected"] for s in v["seating"] if s["kind"] == "person")
    assert client.get(f"/api/v1/games/{gid}/invites", headers=auth(tokens["0"])).status_code == 409
    assert client.post(f"/api/v1/games/{gid}/seats/1", headers=auth(tokens["0"]),
                       json={"player": "random"}).status_code == 409
    assert any(CARD.match(c) for c in v["hand"])


def test_a_person_keeps_a_seat_so_no_request_plays_the_whole_match(client: TestClient) -> None:
    """With every seat a computer's, one request would play the rest of the match at once (hours with strong
    computers and a high target): the host cannot hand the last seat a person plays to a computer, and the
    game is unchanged by the refusal."""
    t = _table(client, ["human", "invite", "heuristic", "heuristic"])
    gid, host = t["game_id"], t["tokens"]["0"]
    assert client.post(f"/api/v1/games/{gid}/seats/1", headers=auth(host), json={"player": "heuristic"}).status_code == 204
    before = client.get(f"/api/v1/games/{gid}", headers=auth(host)).json()
    r = client.post(f"/api/v1/games/{gid}/seats/0", headers=auth(host), json={"player": "heuristic"})
    assert r.status_code == 409 and "a person keeps at least one seat" in r.json()["detail"]
    assert client.get(f"/api/v1/games/{gid}", headers=auth(host)).json() == before
    # with a friend at the table, the host may let a computer play their own seat
    gid, tokens = _full_table(client)
    for seat in (0, 1, 2):
        assert client.post(f"/api/v1/games/{gid}/seats/{seat}", headers=auth(tokens[0]),
                           json={"player": "random"}).status_code == 204  # fmt: skip
    r = client.post(f"/api/v1/games/{gid}/seats/3", headers=auth(tokens[0]), json={"player": "random"})
    assert r.status_code == 409


def test_a_connection_that_falls_behind_is_closed_not_fed_forever() -> None:
    """A live connection holds at most ``MAX_QUEUED`` unsent messages; then it gets ``OVERFLOW`` once, which
    closes it (4008): its page connects again for a fresh view."""
    import asyncio
    import threading

    from puur.server.live import MAX_QUEUED, OVERFLOW, Subscriber

    async def fill() -> list[dict[str, Any]]:
        sub = Subscriber(0, asyncio.get_running_loop(), asyncio.Queue())
        for i in range(MAX_QUEUED + 50):
            sub.put({"type": "event", "n": i})
        await asyncio.sleep(0.05)  # the puts run on the loop
        return [sub.queue.get_nowait() for _ in range(sub.queue.qsize())]

    got: list[dict[str, Any]] = []
    # on a loop of its own in a thread of its own: a browser test may have left a loop running in this one
    worker = threading.Thread(target=lambda: got.extend(asyncio.run(fill())))
    worker.start()
    worker.join()
    assert len(got) == MAX_QUEUED + 1 and got[-1] is OVERFLOW and got[MAX_QUEUED - 1] == {"type": "event", "n": MAX_QUEUED - 1}
