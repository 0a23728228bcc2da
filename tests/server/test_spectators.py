"""Spectators of a public table (docs/lobby.md): they see names, the score and the cards played ONE TRICK
BEHIND, never a hand nor a card of the trick in play; every seat sees how many watch; the host closes the
table to spectators. The lobby's live feed: the whole lobby, then one message per change, coalesced."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest
from api_client import auth, run_apart
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from puur.core.cards import Card
from puur.match.game import Game
from puur.server.http.lobby import get_lobby
from puur.server.live import lobby as lobby_module
from puur.server.live.lobby import MAX_PENDING, FeedClient
from puur.table.play import replay

SHORT = {"preset": "schieber", "target": 300}


def player(c: TestClient, name: str) -> dict[str, str]:
    r = c.post("/api/v1/players/me", json={"name": name})
    assert r.status_code == 201, r.text
    return {"Authorization": f"Player {r.json()['key']}"}


def public_table(c: TestClient, spectators: bool = True) -> tuple[str, dict[int, str]]:
    """A started public table: Host at 0, Vreni (from the lobby) at 1, two computers."""
    r = c.post("/api/v1/games", json={"seats": ["human", "invite", "heuristic", "heuristic"], "profile": SHORT,
                                      "names": ["Host", None, None, None]})
    t = r.json()
    gid, host = t["game_id"], t["tokens"]["0"]
    assert c.post(f"/api/v1/games/{gid}/public", headers=auth(host),
                  json={"open": True, "spectators": spectators}).status_code == 204
    seated = c.post(f"/api/v1/lobby/tables/{gid}/sit", headers=player(c, "Vreni")).json()
    return gid, {0: host, seated["seat"]: seated["token"]}


def every_card() -> set[str]:
    return {str(Card(c)) for c in range(36)}


def strings(value: Any) -> list[str]:
    """Every string anywhere in a JSON value (keys too)."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for k, v in value.items() for s in [k, *strings(v)]]
    if isinstance(value, list):
        return [s for v in value for s in strings(v)]
    return []


def seen_by_now(game: Game) -> set[str]:
    """The cards a spectator may have seen: every trick of a finished round, and of the round in play each
    trick whose next trick has begun (the test's own reading of "one trick behind", from seat 0's view)."""
    obs = game.observation(0).to_dict()
    out = {str(Card(c)) for state in game.round_states[:-1] for t in state.tricks for c in t.cards}
    shown = obs["tricks"] if (obs["trick"] or game.is_over) else obs["tricks"][:-1]
    return out | {c for t in shown for c in t["cards"]}


def cards_in(message: Any) -> set[str]:
    return {s for s in strings(message) if s in every_card()}


def assert_only_seen(message: Any, game: Game) -> None:
    leaked = cards_in(message) - seen_by_now(game)
    assert not leaked, f"a spectator was shown {sorted(leaked)} before its trick was one trick behind"
    assert '"hand"' not in json.dumps(message) and '"trick"' not in json.dumps(message)


def play_one(c: TestClient, gid: str, tokens: dict[int, str]) -> bool:
    """The person to act plays their first legal action; False when nobody is to act (the match over)."""
    for token in tokens.values():
        v = c.get(f"/api/v1/games/{gid}", headers=auth(token)).json()
        if v["to_act"] == v["seat"] and v["legal_actions"]:
            r = c.post(f"/api/v1/games/{gid}/actions", headers=auth(token), json={"action": v["legal_actions"][0]})
            assert r.status_code == 200, r.text
            return True
    return False


def test_no_spectator_message_of_a_whole_match_holds_a_card_before_it_is_one_trick_behind(client: TestClient) -> None:
    gid, tokens = public_table(client)
    live = client.app.state.game_hub.get(gid)  # type: ignore[attr-defined]
    settings = live.settings
    messages: list[dict[str, Any]] = []
    with client.websocket_connect(f"/api/v1/games/{gid}/watch/live") as ws:
        hello = ws.receive_json()
        assert hello["type"] == "hello" and hello["view"]["spectator"] and hello["view"]["watchers"] == 1
        messages.append(hello)
        shown_tricks = 0
        while play_one(client, gid, tokens):
            polled = client.get(f"/api/v1/games/{gid}/watch")  # the spectator's view, at every moment of the match
            assert polled.status_code == 200
            assert_only_seen(polled.json(), live.game)
            shown_tricks = max(shown_tricks, len(polled.json()["tricks"]))
        assert live.game.is_over and shown_tricks >= 1
        while True:  # the feed's messages, each checked against the state it was sent for (its seq)
            m = ws.receive_json()
            messages.append(m)
            if m["view"]["status"] == "over":
                break
    log = live.log
    # the feed sends the newest view a slow reader has not had yet (views it never sent are coalesced): so the
    # count depends on the machine's load (31 alone, 10 under a full suite), but the order does not (a "table" message may repeat a seq)
    seqs = [m["seq"] for m in messages]
    assert len(messages) >= 2 and seqs == sorted(seqs)
    for m in messages:
        assert m["type"] in ("hello", "watch", "table")
        assert_only_seen(m, replay(settings, log[: m["seq"]]))
    everything_shown = set().union(*(cards_in(m) for m in messages))
    assert len(everything_shown) == 36  # the cards do show: one trick behind, not never


def test_a_spectator_is_one_trick_behind_the_table(client: TestClient) -> None:
    gid, tokens = public_table(client)
    live = client.app.state.game_hub.get(gid)  # type: ignore[attr-defined]
    while not live.game.round.tricks:  # until the first trick is complete
        assert play_one(client, gid, tokens)
    if not live.game.round.trick_seats():  # the first trick complete, the next not begun: not shown yet
        assert client.get(f"/api/v1/games/{gid}/watch").json()["tricks"] == []
    while not live.game.round.trick_seats():
        assert play_one(client, gid, tokens)
    view = client.get(f"/api/v1/games/{gid}/watch").json()  # the second trick begun: the first one shows
    first = live.game.round.tricks[0]
    assert view["tricks"] == [{"leader": first.leader, "cards": [str(Card(c)) for c in first.cards],
                               "winner": first.winner, "points": first.points}]
    assert view["names"][0] == "Host" and view["seat"] is None and "legal_actions" not in view


def test_every_seat_sees_how_many_watch_and_the_host_closes_the_table_to_spectators(client: TestClient) -> None:
    gid, tokens = public_table(client)
    host = tokens[0]
    with client.websocket_connect(f"/api/v1/games/{gid}/watch/live") as one:
        one.receive_json()
        with client.websocket_connect(f"/api/v1/games/{gid}/watch/live") as two:
            two.receive_json()
            assert client.get(f"/api/v1/games/{gid}", headers=auth(host)).json()["watchers"] == 2
            [listed] = client.get("/api/v1/lobby", params={"full": True}).json()["tables"]
            assert listed["watchers"] == 2
        assert client.post(f"/api/v1/games/{gid}/spectators", headers=auth(tokens[1]),
                           json={"open": False}).status_code == 403  # only the host
        assert client.post(f"/api/v1/games/{gid}/spectators", headers=auth(host), json={"open": False}).status_code == 204
        with pytest.raises(WebSocketDisconnect) as closed:
            while True:
                one.receive_json()
        assert closed.value.code == 4403
    assert client.get(f"/api/v1/games/{gid}", headers=auth(host)).json()["watchers"] == 0
    assert client.get(f"/api/v1/games/{gid}/watch").status_code == 403
    with client.websocket_connect(f"/api/v1/games/{gid}/watch/live") as refused:
        with pytest.raises(WebSocketDisconnect) as e:
            refused.receive_json()
        assert e.value.code == 4403


def test_a_private_table_cannot_be_watched(client: TestClient) -> None:
    t = client.post("/api/v1/games", json={"seats": ["human", "invite", "heuristic", "heuristic"]}).json()
    assert client.get(f"/api/v1/games/{t['game_id']}/watch").status_code == 403
    assert client.get("/api/v1/games/nope/watch").status_code == 404
    with client.websocket_connect("/api/v1/games/nope/watch/live") as ws:
        with pytest.raises(WebSocketDisconnect) as e:
            ws.receive_json()
        assert e.value.code == 4404


def test_the_lobby_feed_sends_the_lobby_then_each_change(client: TestClient) -> None:
    with client.websocket_connect("/api/v1/lobby/live?lang=en") as ws:
        assert ws.receive_json() == {"type": "lobby", "tables": []}
        r = client.post("/api/v1/games", json={"seats": ["human", "invite", "invite", "heuristic"], "profile": SHORT})
        t = r.json()
        gid, host = t["game_id"], t["tokens"]["0"]
        client.post(f"/api/v1/games/{gid}/public", headers=auth(host), json={"open": True, "lang": "en"})
        m = ws.receive_json()
        assert m["type"] == "changes" and [x["game_id"] for x in m["tables"]] == [gid] and m["gone"] == []
        client.post(f"/api/v1/lobby/tables/{gid}/sit", headers=player(client, "Vreni"))
        m = ws.receive_json()
        assert m["tables"][0]["free"] == 1 and m["tables"][0]["seats"][1]["name"] == "Vreni"
        client.post(f"/api/v1/games/{gid}/public", headers=auth(host), json={"open": True, "lang": "de"})
        m = ws.receive_json()
        assert m == {"type": "changes", "tables": [], "gone": [gid]}  # not in this feed's language any more
    with client.websocket_connect("/api/v1/lobby/live?lang=it") as bad:
        with pytest.raises(WebSocketDisconnect) as e:
            bad.receive_json()
        assert e.value.code == 4422


def test_a_feed_connection_coalesces_changes_and_is_bounded() -> None:
    async def run() -> None:
        feed = FeedClient(asyncio.get_running_loop())
        feed.mark(["a"])
        feed.mark(["b", "a"])
        assert feed.pending == {"a", "b"} and feed.wake.is_set() and not feed.anew  # one message for both
        feed.mark([f"t{i}" for i in range(MAX_PENDING + 1)])
        assert feed.anew and feed.pending == set()  # too far behind: the whole lobby next, nothing kept

    run_apart(run())


def test_a_listener_that_connects_again_sends_every_feed_connection_the_whole_lobby(client: TestClient) -> None:
    """Notifications sent while the listener was not connected are lost: after a reconnection every feed
    connection of the worker gets the whole lobby next; the first connection (made with the first feed) has
    nothing to make up. A change wakes them all, each with the table that changed."""
    lobby = get_lobby(client.app)

    async def run() -> None:
        feeds = [FeedClient(asyncio.get_running_loop()) for _ in range(3)]
        for feed in feeds:
            lobby.join_feed(feed)
        lobby.reconnected()  # the first connection
        await asyncio.sleep(0)
        assert not any(feed.anew or feed.wake.is_set() for feed in feeds)
        lobby.heard("t1")
        await asyncio.sleep(0)
        assert all(feed.pending == {"t1"} and feed.wake.is_set() for feed in feeds)
        lobby.reconnected()  # connected again: whatever was pending is replaced by the whole lobby
        await asyncio.sleep(0)
        assert all(feed.anew and feed.pending == set() for feed in feeds)
        for feed in feeds:
            lobby.leave_feed(feed)

    run_apart(run())


def _listed_table_and_its_reads(client: TestClient, monkeypatch: Any) -> tuple[str, Any, list[list[str]]]:
    """A public table in the lobby, the worker's lobby, and the list of every listings read it makes from now."""
    host = client.post("/api/v1/games", json={"seats": ["human", "invite", "invite", "heuristic"],
                                               "names": ["Host", None, None, None]}).json()
    gid = host["game_id"]
    assert client.post(f"/api/v1/games/{gid}/public", headers=auth(host["tokens"]["0"]),
                       json={"open": True, "lang": "de"}).status_code == 204
    reads: list[list[str]] = []
    real = lobby_module.listings
    monkeypatch.setattr(lobby_module, "listings", lambda conn, ids: reads.append(ids) or real(conn, ids))
    return gid, get_lobby(client.app), reads


def test_a_worker_that_forgets_the_tables_changes_reads_every_listing_anew(client: TestClient, monkeypatch: Any) -> None:
    """Past ``MAX_KNOWN`` tables the feed forgets every table's last change (bounded memory); a listing read
    before that moment is then stale, whichever table it is, and is read again."""
    gid, lobby, reads = _listed_table_and_its_reads(client, monkeypatch)
    monkeypatch.setattr(lobby_module, "MAX_KNOWN", 2)
    lobby.heard(gid)
    assert lobby.current_listings((gid,)) and reads == [[gid]]
    assert lobby.current_listings((gid,)) and reads == [[gid]]  # fresh: not read again
    lobby.heard("t2")
    lobby.heard("t3")  # the third table: every change forgotten
    assert lobby.current_listings((gid,)) and reads == [[gid], [gid]]  # read before the forgetting: read anew


def test_the_feed_connections_woken_together_wait_for_one_read_on_their_loop(client: TestClient, monkeypatch: Any) -> None:
    """Fifty connections woken by one change ask at once on their event loop: one reads (in a thread), the
    others wait for that read, and each then finds its message on the loop, the same text for all."""
    gid, lobby, reads = _listed_table_and_its_reads(client, monkeypatch)
    hops: list[tuple[str, ...]] = []  # the reads asked of a thread
    in_thread = lobby.current_listings
    monkeypatch.setattr(lobby, "current_listings", lambda ids: hops.append(ids) or in_thread(ids))

    async def run() -> list[str | None]:
        feeds = [FeedClient(asyncio.get_running_loop()) for _ in range(50)]
        for feed in feeds:
            lobby.join_feed(feed)
        lobby.heard(gid)
        await asyncio.sleep(0)
        await asyncio.gather(*(lobby.refresh(feed) for feed in feeds))
        texts = [lobby.cached_changes(feed) for feed in feeds]
        for feed in feeds:
            lobby.leave_feed(feed)
        return texts

    texts = run_apart(run())
    assert reads == [[gid]] and hops == [(gid,)]  # one read, one thread
    assert texts[0] is not None and all(text is texts[0] for text in texts)
    assert json.loads(texts[0])["tables"][0]["game_id"] == gid


def test_the_feed_connections_a_change_wakes_share_one_read_of_the_listings(client: TestClient, monkeypatch: Any) -> None:
    """A change heard wakes every feed connection of the worker; the first to ask reads the listings, the others
    are given the same read (a thousand watchers cost one read a change). The next change is read anew; a change
    of another table leaves the read of this one standing."""
    gid, lobby, reads = _listed_table_and_its_reads(client, monkeypatch)

    async def run() -> list[Any]:
        feeds = [FeedClient(asyncio.get_running_loop()) for _ in range(50)]
        for feed in feeds:
            lobby.join_feed(feed)
        lobby.heard(gid)
        await asyncio.sleep(0)  # the marks run on this loop
        first = lobby.changes_for(feeds[0])  # in a thread, as the route asks
        rest = [lobby.cached_changes(feed) for feed in feeds[1:]]  # on the loop: found, not read
        lobby.heard(gid)
        await asyncio.sleep(0)
        assert lobby.cached_changes(feeds[0]) is None  # a later change: this read is not fresh for it
        lobby.changes_for(feeds[0])  # read again
        lobby.heard("another")  # another table changes before the others asked: their read of gid still holds
        await asyncio.sleep(0)
        assert lobby.cached_changes(feeds[1]) is None  # "another" is not read yet
        lobby.changes_for(feeds[1])  # reads "another" alone
        assert lobby.cached_changes(feeds[2]) is not None  # both found: gid's and another's reads
        for feed in feeds:
            lobby.leave_feed(feed)
        return [first, *rest]

    messages = run_apart(run())
    assert reads == [[gid], [gid], ["another"]]  # one read for the fifty; each table read once a change
    first, *rest = messages
    assert all(text is rest[0] for text in rest)  # and one encoding: the same text for each
    assert json.loads(rest[0]) == first and first["tables"][0]["game_id"] == gid
