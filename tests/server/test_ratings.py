"""The ratings (docs/ratings.md): which matches count, how a match moves its players' ratings (OpenSkill, the
computers' calibrated ratings fixed), each match rated once, one left unrated by a stop rated at the next
start, and the leaderboard and history routes, bad input included."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from api_client import play_to_end
from fastapi.testclient import TestClient

from puur.lab.ratings import BESIDE, LADDER
from puur.server.app import create_app
from puur.server.http.game_models import SchieberGame
from puur.server.http.games import get_hub
from puur.server.live import GameHub
from puur.server.place.computer_ratings import CALIBRATED
from puur.server.place.rated_matches import rate_match
from puur.server.place.rating import (
    MatchResult,
    abandoned_seats,
    computer_rating,
    is_rated,
    rate,
    result_of,
)
from puur.server.store import Store
from puur.server.store.place import PlaceDb, open_place
from puur.server.store.players import create_player, delete_player
from puur.server.store.ratings import CoreSql, Rating, rated_matches, rating_history, ratings
from puur.table.public import new_public
from puur.table.seats import with_seat_player

SHORT = {"preset": "schieber", "target": 100}  # a match of a round or two


def settings(seats: list[str], players: dict[int, str], **extra: Any) -> dict[str, Any]:
    out: dict[str, Any] = {"seats": seats, "form": "schieber", **extra}
    for seat, pid in players.items():
        out = with_seat_player(out, seat, pid)
    return out


# ----- which matches count -----
def test_a_public_table_is_rated_and_a_private_one_only_when_its_host_chose_it() -> None:
    assert is_rated({"public": new_public("de", "normal")}) and is_rated({"rated": True})
    assert not is_rated({}) and not is_rated({"rated": False}) and not is_rated({"public": "yes"})


def test_a_match_of_computers_only_an_unremembered_person_or_an_uncalibrated_computer_is_not_rated() -> None:
    assert result_of(settings(["random", "heuristic", "random", "heuristic"], {}, rated=True), 0) is None
    assert result_of(settings(["human", "heuristic", "human", "heuristic"], {0: "p1"}, rated=True), 0) is None
    assert result_of(settings(["human", "mcts:iters=50", "random", "random"], {0: "p1"}, rated=True), 0) is None
    assert result_of(settings(["human", "random", "random", "random"], {0: "p1"}), 0) is None  # private, not chosen
    assert result_of(settings(["human", "random", "random", "random"], {0: "p1"}, form="coiffeur", rated=True), 0) is None
    mixed = result_of(settings(["human", "random", "mcts:level=easy,seed=4", "random"], {0: "p1"}, public=new_public("de", "normal")), 1)
    assert mixed is not None and mixed.players == ("p1", None, None, None) and mixed.winner == 1
    assert mixed.computers[2] == computer_rating("mcts:level=easy")


def test_abandoning_a_rated_match_counts_as_a_loss_whatever_the_score() -> None:
    # computers play for seat 2, then seat 1, handed over in that order, and neither came back (the lobby's rule)
    s = settings(["human", "human", "human", "human"], {0: "a", 1: "b", 2: "c", 3: "d"}, rated=True,
                 online={"stand_in": {"2": "heuristic", "1": "heuristic"}})
    assert abandoned_seats(s) == [2, 1]
    result = result_of(s, 0)  # team 0 won on points, but seat 2 left first
    assert result is not None and result.winner == 1
    assert abandoned_seats({"online": "2"}) == [] and abandoned_seats({}) == []


# ----- how a match moves the ratings -----
def test_a_win_raises_the_winners_and_lowers_the_losers() -> None:
    result = MatchResult(("a", "b", "c", "d"), {}, winner=0)
    after = rate(result, {})
    assert after["a"].mu > 25 and after["c"].mu > 25 and after["b"].mu < 25 and after["d"].mu < 25
    assert all(r.sigma < 25 / 3 and r.matches == 1 for r in after.values())
    again = rate(result, after)
    assert again["a"].mu > after["a"].mu and again["a"].matches == 2


def test_a_win_against_strong_computers_tells_more_than_one_against_weak_ones() -> None:
    strong, weak = computer_rating(list(CALIBRATED)[-1]), computer_rating("random")
    assert strong is not None and weak is not None
    against_strong = rate(MatchResult(("a", None, "b", None), {1: strong, 3: strong}, winner=0), {})
    against_weak = rate(MatchResult(("a", None, "b", None), {1: weak, 3: weak}, winner=0), {})
    assert against_strong["a"].mu > against_weak["a"].mu
    assert set(against_strong) == {"a", "b"}  # the computers are not rated


def test_the_calibrated_strengths_rank_in_the_order_of_the_ladder() -> None:
    on_ladder = [s for s in CALIBRATED if s in LADDER]
    assert len(on_ladder) >= 4 and on_ladder == list(LADDER[: len(on_ladder)])  # the weakest first
    means = [CALIBRATED[s][0] for s in on_ladder]
    assert means == sorted(means) and len(set(means)) == len(means)
    assert [computer_rating(s) is not None for s in LADDER] == [s in CALIBRATED for s in LADDER]
    # the strengths beside the ladder: rated against the level they are built on, read under the tables' names
    assert set(CALIBRATED) - set(LADDER) == set(BESIDE)
    assert computer_rating("learned") == computer_rating("learned:level=medium,seed=4") is not None


# ----- stored once -----
@pytest.fixture
def place(tmp_path: Path) -> Iterator[PlaceDb]:
    Store(tmp_path / "g.sqlite3").close()
    db = open_place(tmp_path / "g.sqlite3")
    yield db
    db.close()


def _players(place: PlaceDb, n: int) -> list[str]:
    with place.begin() as conn:
        return [create_player(conn, f"P{i}")[0].id for i in range(n)]


def test_a_match_is_rated_once_and_the_computers_ratings_stay_fixed(place: PlaceDb) -> None:
    p, q = _players(place, 2)
    s = settings(["human", "mcts:level=easy", "human", "heuristic"], {0: p, 2: q}, rated=True)
    fixed = dict(CALIBRATED)
    with place.begin() as conn:
        assert rate_match(CoreSql(conn), "g1", s, 0, 1000.0)
    with place.begin() as conn:
        assert not rate_match(CoreSql(conn), "g1", s, 0, 1001.0)  # a second worker, a sweep: nothing more
    with place.read() as conn:
        rows = {r.player_id: r for r in conn.execute(ratings.select())}
        assert set(rows) == {p, q} and all(r.matches == 1 and r.mu > 25 for r in rows.values())
        assert len(list(conn.execute(rating_history.select()))) == 2
    assert fixed == CALIBRATED and computer_rating("heuristic") == Rating(*fixed["heuristic"])


def test_a_deleted_player_takes_their_rating_and_its_history_along(place: PlaceDb) -> None:
    p, q = _players(place, 2)
    with place.begin() as conn:
        rate_match(CoreSql(conn), "g1", settings(["human", "random", "human", "random"], {0: p, 2: q}, rated=True), 0, 1.0)
    with place.begin() as conn:
        delete_player(conn, p)
    with place.read() as conn:
        assert [r.player_id for r in conn.execute(ratings.select())] == [q]
        assert [r.player_id for r in conn.execute(rating_history.select())] == [q]


def test_a_match_not_rated_is_noted_as_looked_at_and_changes_no_rating(place: PlaceDb) -> None:
    (p,) = _players(place, 1)
    with place.begin() as conn:
        assert not rate_match(CoreSql(conn), "g2", settings(["human", "random", "random", "random"], {0: p}), 0, 1.0)
        assert not rate_match(CoreSql(conn), "g3", settings(["random"] * 4, {}, public=new_public("de", "normal")), 0, 1.0)
    with place.read() as conn:
        assert [tuple(r) for r in conn.execute(rated_matches.select().order_by(rated_matches.c.game_id))] == [
            ("g2", False, 1.0), ("g3", False, 1.0)]
        assert list(conn.execute(ratings.select())) == []


# ----- through the server (SQLite: the ``client`` of tests/conftest.py) -----
def _hub(c: TestClient) -> GameHub:
    return get_hub(SimpleNamespace(app=c.app))  # type: ignore[arg-type]


def _player(c: TestClient, name: str) -> str:
    r = c.post("/api/v1/players/me", json={"name": name})
    assert r.status_code == 201, r.text
    return str(r.json()["id"])


def _rated_game(c: TestClient, players: dict[int, str], seats: list[str]) -> tuple[str, dict[str, str]]:
    """A rated private match with remembered players in ``players``' seats (as the players' part seats them)."""
    base = SchieberGame(seats=seats, profile=SHORT, rated=True).settings()  # type: ignore[arg-type]
    live, tokens = _hub(c).create(settings(base.pop("seats"), players, **base))
    return live.id, {str(s): t for s, t in tokens.items()}


def test_a_rated_match_played_to_its_end_moves_the_leaderboard_and_the_history(client: TestClient) -> None:
    vreni, ueli = _player(client, "Vreni"), _player(client, "Ueli")
    gid, tokens = _rated_game(client, {0: vreni, 1: ueli}, ["human", "human", "random", "random"])
    last = play_to_end(client, gid, tokens)
    winners = {0: vreni, 1: ueli}
    winner = winners[last["winner"]]  # the team that crossed the target first, not always the higher total
    board = client.get("/api/v1/leaderboard").json()  # rated as the match ended: nothing to wait for
    assert board["total"] == 2 and [p["player_id"] for p in board["players"]][0] == winner
    top = board["players"][0]
    assert top["rank"] == 1 and top["matches"] == 1 and top["recent"] == [True] and top["trend"] > 0
    assert top["handle"].startswith(("Vreni#", "Ueli#"))
    hist = client.get(f"/api/v1/players/{winner}/ratings").json()
    assert hist["matches"] == 1 and [h["game_id"] for h in hist["history"]] == [gid]
    assert hist["history"][0]["won"] and hist["history"][0]["rating_after"] > hist["history"][0]["rating_before"]
    assert hist["rating"] == hist["history"][0]["rating_after"]


def test_a_match_that_ended_while_the_rating_could_not_follow_is_rated_at_the_next_start(tmp_path: Path) -> None:
    db = str(tmp_path / "g.sqlite3")
    with TestClient(create_app(db)) as c:
        vreni = _player(c, "Vreni")
        gid, tokens = _rated_game(c, {0: vreni}, ["human", "random", "random", "random"])
        _hub(c).match_end = None  # the worker stops between the match's end and its rating
        play_to_end(c, gid, tokens)
        assert c.get("/api/v1/leaderboard").json()["total"] == 0
    with TestClient(create_app(db)) as c:
        _hub(c)  # the games opened again: the sweep looks for finished matches not rated
        deadline = time.monotonic() + 20
        while c.get("/api/v1/leaderboard").json()["total"] == 0:
            assert time.monotonic() < deadline, "the finished match was not rated"
            time.sleep(0.05)
        assert c.get(f"/api/v1/players/{vreni}/ratings").json()["history"][0]["game_id"] == gid


def test_the_create_option_rated_is_a_boolean_and_is_kept_in_the_settings(client: TestClient) -> None:
    r = client.post("/api/v1/games", json={"seats": ["human", "random", "random", "random"], "rated": "yes"})
    assert r.status_code == 422 and "rated" in r.text
    r = client.post("/api/v1/games", json={"seats": ["human", "random", "random", "random"], "rated": True})
    assert r.status_code == 201
    assert _hub(client).get(r.json()["game_id"]).settings["rated"] is True


BAD = [
    "/api/v1/leaderboard?limit=0", "/api/v1/leaderboard?limit=101", "/api/v1/leaderboard?offset=-1",
    "/api/v1/leaderboard?offset=100001", "/api/v1/leaderboard?trend=0", "/api/v1/leaderboard?trend=51",
    "/api/v1/leaderboard?limit=x", "/api/v1/players/bad%20id!/ratings", "/api/v1/players/abc/ratings?limit=501",
]


def test_bad_input_is_a_422_with_the_reason(client: TestClient) -> None:
    for path in BAD:
        r = client.get(path)
        assert r.status_code == 422 and r.json()["detail"], path


def test_an_unknown_player_is_a_404_and_a_player_without_a_match_has_no_rating_yet(client: TestClient) -> None:
    assert client.get("/api/v1/players/nobody/ratings").status_code == 404
    pid = _player(client, "Neu")
    body = client.get(f"/api/v1/players/{pid}/ratings").json()
    assert body["rating"] is None and body["matches"] == 0 and body["history"] == []
    assert client.get("/api/v1/leaderboard").json() == {"total": 0, "offset": 0, "limit": 25, "trend": 10,
                                                        "players": []}


def test_a_match_played_from_play_now_is_rated_for_its_player(client: TestClient) -> None:
    """The lobby and the ratings meet: a public table opened by Play now (computers of a calibrated
    strength in the other seats) is rated when its match ends, and its player is on the leaderboard."""
    from api_client import play_to_end

    made = client.post("/api/v1/players/me", json={"name": "Hana"}).json()
    r = client.post("/api/v1/lobby/play", headers={"Authorization": f"Player {made['key']}"}, json={})
    assert r.status_code == 201 and r.json()["new_table"], r.text
    seated = r.json()
    play_to_end(client, seated["game_id"], {seated["seat"]: seated["token"]})
    board = client.get("/api/v1/leaderboard").json()
    mine = [s for s in board["players"] if s["player_id"] == made["id"]]
    assert len(mine) == 1 and mine[0]["matches"] == 1, board
