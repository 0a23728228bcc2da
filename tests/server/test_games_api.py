"""The game API (INTERFACES.md §4): status codes, the information boundary, persistence, records."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest
from api_client import BOT, CARD, auth, new_game, play_to_end
from fastapi.testclient import TestClient

from puur.core.cards import Card
from puur.core.rules.legal import REFUSAL_TEXTS
from puur.match.game import Game
from puur.server.app import create_app


def test_create_gives_one_token_per_human_seat(client: TestClient) -> None:
    gid, tokens = new_game(client, ["human", BOT, "human", BOT])
    assert set(tokens) == {"0", "2"} and tokens["0"] != tokens["2"] and len(tokens["0"]) >= 40
    v = client.get(f"/api/v1/games/{gid}", headers=auth(tokens["0"])).json()
    assert v["seat"] == 0 and len(v["hand"]) == 9 and v["seats"] == ["human", BOT, "human", BOT]
    assert v["sheet"]["totals"] == [0, 0] and v["status"] == "playing"


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"seats": ["human", BOT, BOT]}, "seats"),
        ({"seats": [BOT, BOT, BOT, BOT]}, "seats"),
        ({"seats": ["human", "nosuchbot", BOT, BOT]}, "seats"),
        ({"seats": ["human", BOT, BOT, BOT], "profile": "nosuchpreset"}, "profile"),
        ({"seats": ["human", BOT, BOT, BOT], "profile": {"preset": "schieber", "trumps": 1}}, "profile"),
        ({"seats": ["human", BOT, BOT, BOT], "seed": -1}, "seed"),
        ({"seats": ["human", BOT, BOT, BOT], "names": ["Vreni" * 5, "", "", ""]}, "names"),  # 25: refused, not cut
        ({}, "seats"),
    ],
)
def test_create_422_names_the_field(client: TestClient, body: dict[str, Any], field: str) -> None:
    r = client.post("/api/v1/games", json=body)
    assert r.status_code == 422
    assert any(field in d["loc"] for d in r.json()["detail"]), r.json()


def test_auth_status_codes(client: TestClient) -> None:
    gid, tokens = new_game(client)
    other, other_tokens = new_game(client)
    url = f"/api/v1/games/{gid}"
    assert client.get(url).status_code == 401
    assert client.get(url, headers={"Authorization": "Basic abc"}).status_code == 401
    assert client.get(url, headers=auth("not-a-token")).status_code == 403
    assert client.get(url, headers=auth(other_tokens["0"])).status_code == 403
    assert client.get("/api/v1/games/nosuchgame", headers=auth(tokens["0"])).status_code == 404
    for path in ("actions",):
        assert client.post(f"{url}/{path}", json={"action": "P"}).status_code == 401
        assert client.post(f"{url}/{path}", json={"action": "P"}, headers=auth(other_tokens["0"])).status_code == 403
        assert client.post(f"/api/v1/games/zzz/{path}", json={"action": "P"}, headers=auth(tokens["0"])).status_code == 404
    for path in ("record", "why?card=H7"):
        assert client.get(f"{url}/{path}").status_code == 401
        assert client.get(f"{url}/{path}", headers=auth(other_tokens["0"])).status_code == 403
        assert client.get(f"/api/v1/games/zzz/{path}", headers=auth(tokens["0"])).status_code == 404


def _to_contract_then_play(c: TestClient, gid: str, token: str) -> dict[str, Any]:
    v = c.get(f"/api/v1/games/{gid}", headers=auth(token)).json()
    while v["phase"] != "play" or v["to_act"] != v["seat"]:
        assert v["legal_actions"], v
        v = c.post(f"/api/v1/games/{gid}/actions", headers=auth(token), json={"action": v["legal_actions"][0]}).json()
    return v


def test_action_422_409_and_state_unchanged(client: TestClient) -> None:
    gid, tokens = new_game(client, ["human", BOT, BOT, BOT], profile="schieber")
    h = auth(tokens["0"])
    url = f"/api/v1/games/{gid}"
    before = client.get(url, headers=h).json()
    # does not parse: 422 naming the field
    for body, field in (({"action": "XX"}, "action"), ({"action": "H10", "declare": ["weis"]}, "declare"),
                        ({"action": "H10", "declare": ["stoeck", "stoeck"]}, "declare"),
                        ({"action": "H10", "declare": ["stoeck"] * 20_000}, "declare"),
                        ({}, "action"), ({"action": 5}, "action"), ({"action": "H", "extra": 1}, "extra")):
        r = client.post(f"{url}/actions", headers=h, json=body)
        assert r.status_code == 422, (body, r.text)
        assert any(field in d["loc"] for d in r.json()["detail"])
    assert client.get(url, headers=h).json() == before
    v = _to_contract_then_play(client, gid, tokens["0"])
    # a well-formed action that is not legal now: 409 with the rule
    not_mine = next(str(Card(c)) for c in range(36) if str(Card(c)) not in v["hand"])
    r = client.post(f"{url}/actions", headers=h, json={"action": not_mine})
    assert r.status_code == 409 and "not in your hand" in r.json()["detail"]
    r = client.post(f"{url}/actions", headers=h, json={"action": "H"})
    assert r.status_code == 409 and "play a card" in r.json()["detail"]
    illegal = [c for c in v["hand"] if c not in v["legal_actions"]]
    if illegal:
        r = client.post(f"{url}/actions", headers=h, json={"action": illegal[0]})
        assert r.status_code == 409 and r.json()["detail"]
        w = client.get(f"{url}/why", params={"card": illegal[0]}, headers=h).json()
        assert {k: w[k] for k in ("card", "legal", "reason")} == {"card": illegal[0], "legal": False, "reason": r.json()["detail"]}
        # the same refusal as a code and its parameters, for a page in another language
        assert w["code"] in REFUSAL_TEXTS and w["params"]["card"] == illegal[0]
    w = client.get(f"{url}/why", params={"card": v["legal_actions"][0]}, headers=h).json()
    assert w["legal"] is True and w["reason"] is None and w["code"] is None and w["params"] == {}
    assert client.get(f"{url}/why", params={"card": "Z9"}, headers=h).status_code == 422
    assert client.get(url, headers=h).json() == v


def test_not_your_turn_is_409(client: TestClient) -> None:
    gid, tokens = new_game(client, ["human", "human", "human", "human"])
    v = client.get(f"/api/v1/games/{gid}", headers=auth(tokens["0"])).json()
    idle = next(s for s in "0123" if int(s) != v["to_act"])
    r = client.post(f"/api/v1/games/{gid}/actions", headers=auth(tokens[idle]), json={"action": "P"})
    assert r.status_code == 409 and "not your turn" in r.json()["detail"]
    w = client.get(f"/api/v1/games/{gid}/why", params={"card": "H7"}, headers=auth(tokens[idle])).json()
    assert w["legal"] is False and "not your turn" in w["reason"]
    assert w["code"] == "not_your_turn" and w["params"] == {"seat": v["to_act"]}


def _cards_in(obj: Any, skip: tuple[str, ...] = ("weis", "stoeck", "previous_trick", "forehand_holds")) -> set[str]:
    """Every card code anywhere in a response, outside the public declarations and the first forehand's 7
    (checked separately) and the previous round's last trick (played before the current deal, whose hands
    may hold the same codes)."""
    out: set[str] = set()
    if isinstance(obj, dict):
        for k, v in obj.items():
            if k not in skip:
                out |= _cards_in(v, skip)
    elif isinstance(obj, list):
        for v in obj:
            out |= _cards_in(v, skip)
    elif isinstance(obj, str) and CARD.match(obj):
        out.add(obj)
    return out


def _played(view: dict[str, Any]) -> set[str]:
    """The cards played this round, as a view shows them."""
    return {c for _, c in view["trick"]} | {c for t in view["tricks"] for c in t["cards"]}


@pytest.mark.parametrize("preset", ["jasvel", "classic"])
def test_information_boundary_over_a_whole_match(client: TestClient, preset: str) -> None:
    """Four human seats walk a whole match over HTTP; every response to a seat holds no card of another
    seat's hand, except melds the profile has shown and a declared Stöck."""
    profile = {"preset": preset, "target": 1000}
    gid, tokens = new_game(client, ["human"] * 4, profile=profile)
    hub = client.app.state.game_hub  # type: ignore[attr-defined]
    rng = random.Random(3)
    url = f"/api/v1/games/{gid}"
    steps = 0
    while True:
        game = hub.get(gid).game
        hands = [{str(Card(c)) for c in range(36) if game.round.hands[s] >> c & 1} for s in range(4)]
        views = [client.get(url, headers=auth(tokens[str(s)])).json() for s in range(4)]
        for s, v in enumerate(views):
            hidden = set().union(*(hands[o] for o in range(4) if o != s))
            assert not (_cards_in(v) & hidden), (s, _cards_in(v) & hidden)
            assert set(v["hand"]) == hands[s]
            shown = {c for _, melds in v["weis"]["shown"] for m in melds for c in m["cards"]}
            truth = hub.get(gid).game.observation(s).to_dict()
            assert shown == {c for _, melds in truth["weis"]["shown"] for m in melds for c in m["cards"]}
            first = game.round_number == 1 and preset == "classic"  # classic: the holder of C7 leads round 1
            assert v["forehand_holds"] == ("C7" if first else None)
            assert v["forehand_holds"] is None or v["forehand_holds"] in hands[v["forehand"]] or v["forehand_holds"] in _played(v)
        if views[0]["status"] == "over":
            break
        seat = views[0]["to_act"]
        legal = views[seat]["legal_actions"]
        assert all(not views[o]["legal_actions"] for o in range(4) if o != seat)
        action = rng.choice([a for a in legal if a != "claim"] or legal)
        body: dict[str, Any] = {"action": action}
        if CARD.match(action) and hub.get(gid).game.stoeck_due(Card.parse(action)):
            body["declare"] = ["stoeck"]
        r = client.post(f"{url}/actions", headers=auth(tokens[str(seat)]), json=body)
        assert r.status_code == 200, r.text
        hidden_after = set()
        g2 = hub.get(gid).game
        for o in range(4):
            if o != seat:
                hidden_after |= {str(Card(c)) for c in range(36) if g2.round.hands[o] >> c & 1}
        assert not (_cards_in(r.json()) & hidden_after)
        steps += 1
        assert steps < 3000
    rec = client.get(f"{url}/record", headers=auth(tokens["1"]))
    assert rec.status_code == 200
    assert Game.from_record(rec.json()).scores == views[0]["scores"]


def test_record_409_before_the_end_then_replays(client: TestClient) -> None:
    gid, tokens = new_game(client, ["human", BOT, BOT, BOT], profile={"preset": "schieber", "target": 1000})
    h = auth(tokens["0"])
    url = f"/api/v1/games/{gid}"
    r = client.get(f"{url}/record", headers=h)
    assert r.status_code == 409 and "over" in r.json()["detail"]
    v = client.get(url, headers=h).json()
    while v["status"] == "playing":
        v = client.post(f"{url}/actions", headers=h, json={"action": v["legal_actions"][0]}).json()
    rec = client.get(f"{url}/record", headers=h).json()
    game = Game.from_record(rec)
    assert game.is_over and game.scores == v["scores"] == v["sheet"]["totals"]
    assert v["result"]["winner"] in (0, 1) and max(v["scores"]) >= 1000
    # the score sheet's breakdown adds up, round by round
    total = [0, 0]
    for rnd in v["sheet"]["rounds"]:
        s = rnd.get("score", rnd)
        for t in (0, 1):
            raw = s["card_points"][t] + s["last_trick"][t] + s["match"][t] + s["weis"][t] + s["stoeck"][t]
            assert raw * s["factor"] == rnd["written"][t]
            total[t] += rnd["written"][t]
        assert list(rnd["totals"]) == total
    r = client.post(f"{url}/actions", headers=h, json={"action": "H7"})
    assert r.status_code == 409 and "over" in r.json()["detail"]
    # rematch: same settings, a new game and new tokens
    m = client.post(f"{url}/rematch", headers=h)
    assert m.status_code == 201
    new = client.get(f"/api/v1/games/{m.json()['game_id']}", headers=auth(m.json()["tokens"]["0"])).json()
    assert new["profile"] == v["profile"] and new["seats"] == v["seats"] and new["status"] == "playing"


def _play(c: TestClient, gid: str, token: str, n: int) -> dict[str, Any]:
    v = c.get(f"/api/v1/games/{gid}", headers=auth(token)).json()
    for _ in range(n):
        v = c.post(f"/api/v1/games/{gid}/actions", headers=auth(token), json={"action": v["legal_actions"][-1]}).json()
    return v


def _strip(v: dict[str, Any]) -> dict[str, Any]:
    """The view without what differs between two games of the same seed: the id and the commitment (each
    game draws its own salt)."""
    return {k: x for k, x in v.items() if k not in ("game_id", "fair_deal")}


def test_restart_continues_identically(tmp_path: Path) -> None:
    """A game played 15 + 15 actions across a crash (the first app dropped without shutdown) ends where
    the same game played 30 actions without a restart ends."""
    seats = ["human", BOT, BOT, BOT]
    ref = TestClient(create_app(db_path=str(tmp_path / "ref.sqlite3")))
    gid, tokens = new_game(ref, seats)
    want = _play(ref, gid, tokens["0"], 30)

    db = str(tmp_path / "crash.sqlite3")
    first = TestClient(create_app(db_path=db))  # never closed: no shutdown, as after kill -9
    gid2, tokens2 = new_game(first, seats)
    mid = _play(first, gid2, tokens2["0"], 15)
    second = TestClient(create_app(db_path=db))
    again = second.get(f"/api/v1/games/{gid2}", headers=auth(tokens2["0"])).json()
    assert again == mid
    got = _play(second, gid2, tokens2["0"], 15)
    assert _strip(got) == _strip(want)


def test_lookup_lists_games_without_cards(client: TestClient) -> None:
    gid, tokens = new_game(client)
    gid2, tokens2 = new_game(client, ["human", BOT, "human", BOT])
    r = client.post("/api/v1/games/lookup", json={"tokens": [tokens["0"], tokens2["2"], "bogus"]})
    assert r.status_code == 200
    games = {(g["game_id"], g["seat"]) for g in r.json()["games"]}
    assert games == {(gid, 0), (gid2, 2)}
    assert not _cards_in(r.json())
    assert client.post("/api/v1/games/lookup", json={"tokens": "x"}).status_code == 422


def test_live_socket_pushes_each_action(client: TestClient) -> None:
    gid, tokens = new_game(client)
    with client.websocket_connect(f"/api/v1/games/{gid}/live?pace=0") as ws:
        ws.send_json({"token": tokens["0"]})
        hello = ws.receive_json()
        assert hello["type"] == "hello" and hello["view"]["seat"] == 0
        v = hello["view"]
        r = client.post(f"/api/v1/games/{gid}/actions", headers=auth(tokens["0"]), json={"action": v["legal_actions"][0]})
        final = r.json()
        seqs = []
        while not seqs or seqs[-1] < final["seq"]:
            msg = ws.receive_json()
            assert msg["type"] == "event" and msg["view"]["seat"] == 0
            seqs.append(msg["seq"])
        assert seqs == list(range(hello["seq"] + 1, final["seq"] + 1))
        assert msg["view"] == final
    with client.websocket_connect(f"/api/v1/games/{gid}/live") as ws:
        ws.send_json({"token": "wrong"})
        with pytest.raises(Exception) as e:
            ws.receive_json()
        assert getattr(e.value, "code", None) == 4403


def test_table_options_and_rules(client: TestClient) -> None:
    o = client.get("/api/v1/table/options").json()
    assert "schieber" in o["presets"] and "common" in o["multiplier_tables"] and o["strengths"]
    r = client.post("/api/v1/table/rules", json={"profile": {"preset": "schieber", "multipliers": "both3"}}).json()
    by = {c["code"]: c for c in r["contracts"]}
    assert by["U"]["factor"] == 3 and by["H"]["orders"][0]["cards"][:2] == ["HJ", "H9"]
    assert by["H"]["orders"][0]["points"][:2] == [20, 14] and by["O"]["orders"][0]["cards"][0] == "HA"
    assert sum(sum(o["points"]) for o in by["H"]["orders"]) == 62 + 30
    assert client.post("/api/v1/table/rules", json={"profile": "nope"}).status_code == 422


def test_page_is_served(client: TestClient) -> None:
    r = client.get("/")
    assert r.status_code == 200 and "table.js" in r.text
    for asset in ("/static/table/table.js", "/static/table/cards.js", "/static/table/table.css", "/tools/assets/chalk.js"):
        assert client.get(asset).status_code == 200


def test_every_file_of_the_page_is_kept_for_offline_use(client: TestClient) -> None:
    """Each script and style the table page loads (its script is several files) is served and is in the
    service worker's list (sw.js SHELL): a file missing there would leave an installed table without it
    offline."""
    page = client.get("/").text
    files = re.findall(r'<script src="([^"]+)"|<link rel="stylesheet" href="([^"]+)"', page)
    files = [script or style for script, style in files]
    assert {"/static/table/core.js", "/static/table/table.js", "/static/table/table.css"} <= set(files)
    worker = client.get("/sw.js").text
    shell = re.search(r"const SHELL = \[(.*?)\];", worker, re.S)
    assert shell is not None
    listed = set(re.findall(r'"([^"]+)"', shell.group(1)))
    for f in files:
        assert client.get(f).status_code == 200, f
        assert f in listed, f"{f} is loaded by the page but not in sw.js SHELL"


def test_previous_trick_is_the_last_trick_of_the_round_before(client: TestClient) -> None:
    """Once the next round is dealt, the view still names the last trick of the round before
    (its four cards and the seat that took it), so the table shows it with the winner marked."""
    gid, tokens = new_game(client)
    h = auth(tokens["0"])
    url = f"/api/v1/games/{gid}"
    v = client.get(url, headers=h).json()
    assert v["previous_trick"] is None  # round 1
    last: dict[str, Any] | None = None
    while v["round_number"] == 1:
        if v["tricks"]:
            last = v["tricks"][-1]
        v = client.post(f"{url}/actions", headers=h, json={"action": v["legal_actions"][0]}).json()
    game = client.app.state.game_hub.get(gid).game  # type: ignore[attr-defined]
    t = game.round_states[0].tricks[-1]
    assert v["previous_trick"] == {"leader": t.leader, "cards": [str(Card(c)) for c in t.cards],
                                   "winner": t.winner, "points": t.points}  # fmt: skip
    assert len(v["previous_trick"]["cards"]) == 4 and v["previous_trick"] != last  # trick 9, not trick 8


def test_stored_declarations_replay_each_once() -> None:
    """An action stored before a declaration given twice was refused replays as it was taken (Stöck once);
    the three replays of stored actions (restart, another worker, the assistant) read it through this."""
    from puur.server.live import stored_declarations

    assert stored_declarations([0, "H10", ["stoeck", "stoeck"]]) == ("stoeck",)
    assert stored_declarations([0, "H10", ["weis:1", "stoeck"]]) == ("weis:1", "stoeck")
    assert stored_declarations([0, "H"]) == ()


def test_a_table_of_learnt_computers_plays_a_match_through(client: TestClient) -> None:
    """The strength the table offers as 'learned' (the search led by its networks) seated by a request: it
    plays every computer seat of a match to its end, and the record names it."""
    seat = "learned:iters=8,citers=16"
    gid, tokens = new_game(client, ["human", seat, seat, seat], profile={"preset": "schieber", "target": 1000})
    v = play_to_end(client, gid, tokens)
    assert v["status"] == "over"
    assert v["seats"][1:] == [seat] * 3
    rec = client.get(f"/api/v1/games/{gid}/record", headers=auth(tokens["0"])).json()
    assert Game.from_record(rec).is_over and len(rec["rounds"]) >= 3
