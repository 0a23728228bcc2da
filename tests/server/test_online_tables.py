"""Online tables: invite links, joining, the waiting room, seats handed to a computer and back,
presence and reactions over the live connection, and the security promises (docs/api-online-tables.md)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from api_client import CARD, auth, play_to_end
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
    assert (v["forehand"], v["forehand_holds"]) == (None, None)  # who leads would follow from the cards
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
        public = {v["forehand_holds"]} & hands[v["forehand"]]  # the 7 that made round 1's forehand (RULES.md §3.2)
        for s in range(4):
            if s != seat:
                assert not any(f'"{c}"' in text for c in hands[s] - public)  # no card of another hand anywhere
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


@contextmanager
def _host_connected(db: Path, away_seconds: float) -> Iterator[tuple[TestClient, str, dict[int, str], str, Any]]:
    """A full table of four people on a fresh server that waits ``away_seconds`` for an absent person, the
    host's screen connected to its live address (pace 0): the client, game id, tokens, address and screen."""
    settings = ServerSettings(away_seconds=away_seconds)
    with TestClient(create_app(db_path=str(db), settings=settings)) as c:
        gid, tokens = _full_table(c)
        url = f"/api/v1/games/{gid}/live?pace=0"
        with c.websocket_connect(url) as ws0:
            ws0.send_json({"token": tokens[0]})
            _drain_to(ws0, "hello")
            yield c, gid, tokens, url, ws0


def test_an_absent_person_is_stood_in_at_their_turn_and_takes_the_seat_back(tmp_path: Path) -> None:
    with _host_connected(tmp_path / "g.sqlite3", away_seconds=0.3) as (c, gid, tokens, url, _):
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


def test_every_screen_sees_who_is_awaited_and_when_a_computer_plays_for_them(tmp_path: Path) -> None:
    """A person absent at their turn: every view names the seat awaited and the moment (the server's clock)
    a computer plays for them, the same moment on every screen and every time it is asked; nobody is
    awaited while the person to act is connected, nor once they are back."""
    with _host_connected(tmp_path / "g.sqlite3", away_seconds=60) as (c, gid, tokens, url, ws0):
        before = time.time()
        v = _play_until(c, gid, tokens, 3)  # seat 3 never connected: absent at its turn
        if v["seq"] == 0:  # seat 3 leads: its turn came with the deal, before this test's clock
            before -= 5
        awaited = v["awaited"]
        assert awaited["seat"] == 3 and before + 59 <= awaited["hand_over_at"] <= time.time() + 61
        for seat in (1, 2):  # the other screens: the same seat, the same moment
            other = c.get(f"/api/v1/games/{gid}", headers=auth(tokens[seat])).json()["awaited"]
            assert other["seat"] == 3 and abs(other["hand_over_at"] - awaited["hand_over_at"]) < 0.1
        if v["seq"]:
            ev = _drain_to(ws0, "event")["view"]
            while ev["seq"] < v["seq"]:
                ev = _drain_to(ws0, "event")["view"]
            assert ev["awaited"]["seat"] == 3  # the live view carries it too
        with c.websocket_connect(url) as ws3:  # seat 3 comes: nobody is awaited
            ws3.send_json({"token": tokens[3]})
            assert _drain_to(ws3, "hello")["view"]["awaited"] is None
            assert c.get(f"/api/v1/games/{gid}", headers=auth(tokens[0])).json()["awaited"] is None


def _rematch(c: TestClient, gid: str, token: str) -> Any:
    return c.post(f"/api/v1/games/{gid}/rematch", headers=auth(token))


def _seat_to(c: TestClient, gid: str, seat: int, token: str, **body: Any) -> Any:
    return c.post(f"/api/v1/games/{gid}/seats/{seat}", headers=auth(token), json=body)


def _finished_table(c: TestClient) -> tuple[str, dict[int, str]]:
    gid, tokens = _full_table(c)
    play_to_end(c, gid, tokens)
    return gid, tokens


def test_rematch_keeps_the_people_in_their_seats(client: TestClient) -> None:
    """Any person of a finished match may ask, a joined friend first as well as the host; the rematch keeps
    every seat for its person and waits for them; asking twice gives the same game and token."""
    gid, tokens = _full_table(client)
    r = _rematch(client, gid, tokens[2])
    assert r.status_code == 409 and "still being played" in r.json()["detail"]  # not before the last card
    play_to_end(client, gid, tokens)
    with client.websocket_connect(f"/api/v1/games/{gid}/live?pace=0") as ws1:
        ws1.send_json({"token": tokens[1]})
        _drain_to(ws1, "hello")
        r = _rematch(client, gid, tokens[2])  # a friend who joined by invite asks first
        assert r.status_code == 201, r.text
        assert _drain_to(ws1, "rematch") == {"type": "rematch", "seat": 2}  # the others hear of it
    new, mine = r.json()["game_id"], {2: r.json()["tokens"]["2"]}
    v = client.get(f"/api/v1/games/{new}", headers=auth(mine[2])).json()
    assert (v["status"], v["hand"], v["seats"]) == ("waiting", [], ["human"] * 4)
    assert v["names"] == ["Host", "Vreni", "Ueli", "Kari"] and v["seating"][0]["host"]
    assert [s["kind"] for s in v["seating"]] == ["reserved", "reserved", "person", "reserved"]
    for seat in (1, 0, 3):
        r = _rematch(client, gid, tokens[seat])
        assert r.status_code == 201 and r.json()["game_id"] == new
        assert _rematch(client, gid, tokens[seat]).json() == r.json()  # the same game and token again
        mine[seat] = r.json()["tokens"][str(seat)]
    for seat, token in mine.items():
        v = client.get(f"/api/v1/games/{new}", headers=auth(token)).json()
        assert v["seat"] == seat and v["status"] == "playing" and len(v["hand"]) == 9
    assert v["names"] == ["Host", "Vreni", "Ueli", "Kari"] and all(s["kind"] == "person" for s in v["seating"])
    waiting = _table(client)
    r = _rematch(client, waiting["game_id"], waiting["tokens"]["0"])
    assert r.status_code == 409 and "waiting" in r.json()["detail"]


def test_a_rematch_seat_stays_its_persons_until_they_come_or_the_host_removes_them(client: TestClient) -> None:
    """While the rematch waits for a friend, the host cannot hand the friend's seat to a computer, nor stand
    one in: only an explicit removal, which every screen of the rematch sees. The seat stays the friend's,
    name and all: a computer plays it until they ask for the rematch, which gives it back; a friend stood in
    by the host and asking again gets their seat and token again (never a 5xx)."""
    gid, tokens = _finished_table(client)
    host = _rematch(client, gid, tokens[0]).json()
    new, h = host["game_id"], host["tokens"]["0"]
    before = client.get(f"/api/v1/games/{new}", headers=auth(h)).json()
    r = _seat_to(client, new, 1, h, player="heuristic")
    assert r.status_code == 409 and "kept for its person" in r.json()["detail"]
    assert _seat_to(client, new, 1, h, player="person").status_code == 409
    assert client.get(f"/api/v1/games/{new}", headers=auth(h)).json() == before  # nothing changed
    first = _rematch(client, gid, tokens[1])
    assert first.status_code == 201
    t1 = first.json()["tokens"]["1"]
    after = client.get(f"/api/v1/games/{new}", headers=auth(h)).json()
    assert after["names"] == before["names"] and after["seating"][1]["kind"] == "person"  # no name changed
    r = _seat_to(client, new, 1, h, player="heuristic")  # no stand-in before a card is dealt
    assert r.status_code == 409 and "waiting" in r.json()["detail"]
    url = f"/api/v1/games/{new}/live?pace=0"
    with client.websocket_connect(url) as ws0, client.websocket_connect(url) as ws1:
        for ws, token in ((ws0, h), (ws1, t1)):
            ws.send_json({"token": token})
            _drain_to(ws, "hello")
        assert _seat_to(client, new, 3, h, player="heuristic", remove=True).status_code == 204
        for ws in (ws0, ws1):  # the removal is announced to every screen of the rematch
            view = _drain_to(ws, "table")["view"]
            while view["seating"][3]["player"] is None:
                view = _drain_to(ws, "table")["view"]
            assert view["seating"][3]["kind"] == "person" and view["status"] == "waiting"  # Ueli is still awaited
            assert view["names"] == ["Host", "Vreni", "Ueli", "Kari"]  # still Kari's seat, a computer plays it
    r = _seat_to(client, new, 1, h, player="heuristic", remove=True)
    assert r.status_code == 409 and "remove" in r.json()["detail"]  # Vreni is here: no removal
    assert _rematch(client, gid, tokens[2]).status_code == 201  # the last seat kept is taken: the match starts
    v = client.get(f"/api/v1/games/{new}", headers=auth(t1)).json()
    assert v["status"] == "playing" and v["seats"] == ["human", "human", "human", "heuristic"]
    assert v["seating"][3] == {"name": "Kari", "kind": "person", "connected": False, "host": False, "player": "heuristic"}
    assert v["help"] is False  # the seat is still a person's: no practice help for anyone (SECURITY.md)
    back = _rematch(client, gid, tokens[3])  # Kari asks after all: her seat is hers again at once
    assert back.status_code == 201 and back.json()["game_id"] == new
    v = client.get(f"/api/v1/games/{new}", headers=auth(back.json()["tokens"]["3"])).json()
    assert v["seat"] == 3 and v["seats"] == ["human"] * 4 and v["seating"][3]["player"] is None
    assert v["names"] == ["Host", "Vreni", "Ueli", "Kari"]
    assert _seat_to(client, new, 1, h, player="heuristic").status_code == 204  # a stand-in, in the open
    again = _rematch(client, gid, tokens[1])
    assert again.status_code == 201 and again.json()["game_id"] == new and again.json()["tokens"] == {"1": t1}
    assert client.get(f"/api/v1/games/{new}", headers=auth(t1)).json()["seating"][1]["player"] is None  # asking is being here


def test_a_join_or_a_filled_seat_changes_no_other_seats_name(client: TestClient) -> None:
    """A table created without names shows default ones; a friend joining names only their own seat, a seat
    filled with a computer only that seat: every other name, computers' included, stays as it was."""
    def table() -> dict[str, Any]:
        r = client.post("/api/v1/games", json={"seats": ["human", "invite", "invite", "heuristic"], "profile": SHORT})
        assert r.status_code == 201
        return dict(r.json())

    def names(t: dict[str, Any]) -> list[str]:
        return list(client.get(f"/api/v1/games/{t['game_id']}", headers=auth(t["tokens"]["0"])).json()["names"])

    t = table()
    assert names(t) == ["Player 1", "Player 2", "Player 3", "Computer 4"]
    assert _join(client, t["game_id"], t["invites"]["1"]["code"], "Vreni").status_code == 201
    assert names(t) == ["Player 1", "Vreni", "Player 3", "Computer 4"]
    assert _seat_to(client, t["game_id"], 2, t["tokens"]["0"], player="heuristic").status_code == 204
    assert names(t) == ["Player 1", "Vreni", "Computer 3", "Computer 4"]
    t = table()
    assert _seat_to(client, t["game_id"], 1, t["tokens"]["0"], player="heuristic").status_code == 204
    assert names(t) == ["Player 1", "Computer 2", "Player 3", "Computer 4"]
    assert _join(client, t["game_id"], t["invites"]["2"]["code"], "Ueli").status_code == 201
    assert names(t) == ["Player 1", "Computer 2", "Ueli", "Computer 4"]


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
    """A live connection holds at most ``MAX_QUEUED`` unsent messages; then what waits is dropped and it gets
    ``OVERFLOW`` alone, which closes it (4008): the memory goes at once, and its page connects again for a
    fresh view. Nothing is queued after it."""
    import asyncio
    import threading

    from puur.server.live.game import MAX_QUEUED, OVERFLOW, Subscriber

    async def fill() -> tuple[int, list[dict[str, Any]]]:
        sub = Subscriber(0, asyncio.get_running_loop(), asyncio.Queue())
        for i in range(MAX_QUEUED):
            sub.put({"type": "event", "n": i})
        await asyncio.sleep(0)  # the puts run on the loop
        full = sub.queue.qsize()
        for i in range(50):
            sub.put({"type": "event", "n": MAX_QUEUED + i})
        await asyncio.sleep(0)
        return full, [sub.queue.get_nowait() for _ in range(sub.queue.qsize())]

    got: list[tuple[int, list[dict[str, Any]]]] = []
    # on a loop of its own in a thread of its own: a browser test may have left a loop running in this one
    worker = threading.Thread(target=lambda: got.append(asyncio.run(fill())))
    worker.start()
    worker.join()
    full, left = got[0]
    assert full == MAX_QUEUED and left == [OVERFLOW]
