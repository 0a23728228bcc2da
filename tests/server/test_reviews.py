"""Round review at the table (`GET /api/v1/games/{id}/rounds/{n}/review`): refused while the round is
played, computed in a worker process once it is over, polled, and the same for every seat."""

from __future__ import annotations

import sys
import time
from typing import Any

import pytest
from api_client import auth
from fastapi.testclient import TestClient

from puur.info.position import parse_position

BOT = "heuristic"


def play_first_round(c: TestClient, gid: str, token: str) -> dict[str, Any]:
    """The human seat takes its first legal action each time until round 2 begins."""
    v = c.get(f"/api/v1/games/{gid}", headers=auth(token)).json()
    while v["round_number"] == 1 and v["status"] == "playing":
        assert v["to_act"] == v["seat"] and v["legal_actions"], v
        v = c.post(f"/api/v1/games/{gid}/actions", headers=auth(token), json={"action": v["legal_actions"][0]}).json()
    return v


def wait_review(c: TestClient, url: str, token: str, limit: float = 120.0) -> dict[str, Any]:
    deadline = time.monotonic() + limit
    while True:
        r = c.get(url, headers=auth(token))
        if r.status_code == 200:
            body: dict[str, Any] = r.json()
            return body
        assert r.status_code == 202 and r.json()["status"] in ("waiting", "running"), r.text
        assert time.monotonic() < deadline, "the review did not finish in time"
        time.sleep(0.2)


def test_review_of_a_finished_round(client: TestClient) -> None:
    r = client.post("/api/v1/games", json={"seats": ["human", BOT, BOT, BOT], "seed": 3})
    gid, tokens = r.json()["game_id"], r.json()["tokens"]
    url = f"/api/v1/games/{gid}/rounds/1/review"
    # refused while the round is played: its hidden cards are not for anyone's eyes
    assert client.get(url, headers=auth(tokens["0"])).status_code == 409
    assert client.get(url).status_code == 401
    assert client.get(f"/api/v1/games/{gid}/rounds/9/review", headers=auth(tokens["0"])).status_code == 404
    assert client.get(f"/api/v1/games/{gid}/rounds/0/review", headers=auth(tokens["0"])).status_code == 422
    view = play_first_round(client, gid, tokens["0"])
    assert client.get(f"/api/v1/games/{gid}/rounds/2/review", headers=auth(tokens["0"])).status_code == 409
    body = wait_review(client, url, tokens["0"])
    assert body["status"] == "done", body
    review = body["review"]
    assert len(review["plays"]) == 36 and sum(review["perfect"]) in (157, 257)
    written = view["sheet"]["rounds"][0]
    assert review["contract"] == written["contract"]
    made = [written["card_points"][t] + written["last_trick"][t] + written["match"][t] for t in (0, 1)]
    assert review["played"] == made
    for i, p in enumerate(review["plays"]):
        assert (p["cost"] == 0) == (p["card"] in p["best"])
        # the position before the card, as a line (docs/position-notation.md): who chose, whose turn
        before = parse_position(p["position"])
        assert (before.chooser, before.pushed, before.to_act) == (written["chooser"], written["pushed"], p["seat"])
        assert len(before.tricks) * 4 + len(before.trick) == i
    # kept: asked again, answered at once
    again = client.get(url, headers=auth(tokens["0"]))
    assert again.status_code == 200 and again.json() == body
    other = client.post("/api/v1/games", json={"seats": ["human", BOT, BOT, BOT], "seed": 6}).json()["tokens"]
    assert client.get(url, headers=auth(other["0"])).status_code == 403


def test_the_review_queue_decides_which_rounds_open_without_http(client: TestClient) -> None:
    """The refusals are the live table's own (the route only turns them into 404 and 409): a round the
    match has not reached, a round still played; a finished round opens with its 36 cards."""
    from puur.server.live import Conflict
    from puur.server.live.reviews import NoSuchRound, RoundInPlay, round_to_review

    r = client.post("/api/v1/games", json={"seats": ["human", BOT, BOT, BOT], "seed": 3})
    gid, tokens = r.json()["game_id"], r.json()["tokens"]
    live = client.app.state.game_hub.get(gid)  # type: ignore[attr-defined]
    with pytest.raises(NoSuchRound, match="no round 9: the match has 1 so far"):
        round_to_review(live, 9)
    with pytest.raises(RoundInPlay, match="round 1 is still being played"):
        round_to_review(live, 1)
    assert issubclass(RoundInPlay, Conflict)
    play_first_round(client, gid, tokens["0"])
    job, cards = round_to_review(live, 1)
    rs = live.game.round_states[0]
    assert len(cards) == 36 and cards == rs.cards_played and rs.contract is not None and job[4] == rs.contract.name


def test_a_review_past_the_time_limit_is_stopped(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """A round too hard to review in time: its process is stopped and the answer says so (seed 7's first
    round takes more than 8 s from its first card; seed 1's was hard until hand 1 was dealt from its
    recorded dealer)."""
    from puur.server.live import reviews

    monkeypatch.setattr(reviews, "TIME_LIMIT", 0.5)
    r = client.post("/api/v1/games", json={"seats": ["human", BOT, BOT, BOT], "seed": 7})
    gid, tokens = r.json()["game_id"], r.json()["tokens"]
    play_first_round(client, gid, tokens["0"])
    url = f"/api/v1/games/{gid}/rounds/1/review"
    assert client.get(url, headers=auth(tokens["0"])).status_code == 202
    body = wait_review(client, url, tokens["0"], limit=30)
    assert body["status"] == "failed" and "too hard to review" in body["reason"]


def play_until(c: TestClient, gid: str, token: str, stop: Any) -> dict[str, Any]:
    """The human seat takes its first legal action each time until ``stop(view)`` holds."""
    v = c.get(f"/api/v1/games/{gid}", headers=auth(token)).json()
    while not stop(v):
        assert v["to_act"] == v["seat"] and v["legal_actions"], v
        v = c.post(f"/api/v1/games/{gid}/actions", headers=auth(token), json={"action": v["legal_actions"][0]}).json()
    return v


def in_play(v: dict[str, Any]) -> bool:
    """Round 1's card play has begun (a contract, a card on the table)."""
    return v["round_number"] == 1 and v["phase"] == "play" and bool(v["trick"] or v["tricks"])


@pytest.fixture
def ahead_app(tmp_path: Any) -> Any:
    from puur.server.app import create_app
    from puur.server.policy import ServerSettings

    return create_app(db_path=str(tmp_path / "g.sqlite3"), settings=ServerSettings(reviews_ahead=1))


def test_a_round_reviewed_as_it_is_played_answers_once_it_is_over(ahead_app: Any) -> None:
    """``reviews_ahead``: the round is reviewed while it is played (a worker fed each card); nothing of it
    shows before the round is over, and the first request after it answers 200 with the review the
    on-request path gives (``review_round``)."""
    from puur.bots.analysis import review_round

    with TestClient(ahead_app) as client:
        r = client.post("/api/v1/games", json={"seats": ["human", BOT, BOT, BOT], "seed": 3})
        gid, tokens = r.json()["game_id"], r.json()["tokens"]
        url = f"/api/v1/games/{gid}/rounds/1/review"
        play_until(client, gid, tokens["0"], in_play)
        reviews = ahead_app.state.reviews
        entry = reviews.job(gid, 1)
        assert entry is not None and entry.ahead and entry.status == "running" and entry.ended is None and entry.sent >= 1
        assert client.get(url, headers=auth(tokens["0"])).status_code == 409  # still played: nothing shown
        play_first_round(client, gid, tokens["0"])
        assert entry.ended is not None and entry.sent == 36
        deadline = time.monotonic() + 120
        while entry.status == "running":  # no request meanwhile: the worker finishes on its own
            assert time.monotonic() < deadline, "the review did not finish"
            reviews.wait(entry, 0.2)
        first = client.get(url, headers=auth(tokens["0"]))
        assert first.status_code == 200 and first.json()["status"] == "done", first.text
        rs = ahead_app.state.game_hub.get(gid).game.round_states[0]
        expected = review_round(
            rs.profile, rs.dealt, rs.dealer, rs.forehand, rs.contract, rs.cards_played, pushed=rs.pushed
        )
        got = first.json()["review"]
        assert got == expected.to_dict() and got["chooser"] == rs.chooser


def test_rounds_reviewed_ahead_are_bounded_and_stop_when_left_alone(ahead_app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """One worker for rounds in play (``reviews_ahead=1``): a second game's round waits for the request;
    a round that gets no card for ``AHEAD_IDLE`` seconds loses its worker, and the freed worker takes the
    next round that moves. The default settings review on request only."""
    from puur.server.live import reviews as module

    with TestClient(ahead_app) as client:
        games = [client.post("/api/v1/games", json={"seats": ["human", BOT, BOT, BOT], "seed": s}).json() for s in (3, 6)]
        for g in games:
            play_until(client, g["game_id"], g["tokens"]["0"], in_play)
        reviews = ahead_app.state.reviews
        first = reviews.job(games[0]["game_id"], 1)
        assert first is not None and first.ahead and first.status == "running"
        assert (games[1]["game_id"], 1) not in reviews.held()
        monkeypatch.setattr(module, "AHEAD_IDLE", 0.3)
        time.sleep(0.5)
        g = games[1]
        v = client.get(f"/api/v1/games/{g['game_id']}", headers=auth(g["tokens"]["0"])).json()
        client.post(f"/api/v1/games/{g['game_id']}/actions", headers=auth(g["tokens"]["0"]), json={"action": v["legal_actions"][0]})
        assert (games[0]["game_id"], 1) not in reviews.held()  # left alone: stopped, reviewed afresh on request
        assert first.proc is not None and not first.proc.is_alive()
        second = reviews.job(g["game_id"], 1)
        assert second is not None and second.ahead and second.status == "running" and second.sent >= 1


def test_rounds_searched_in_python_are_not_reviewed_ahead(ahead_app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """Without the compiled solver (and under Slalom and Guschti, which it does not search) a whole round
    takes minutes in Python: such rounds are reviewed on request only."""
    monkeypatch.setattr("puur.server.live.reviews.COMPILED", False)
    with TestClient(ahead_app) as client:
        r = client.post("/api/v1/games", json={"seats": ["human", BOT, BOT, BOT], "seed": 3})
        gid, tokens = r.json()["game_id"], r.json()["tokens"]
        play_until(client, gid, tokens["0"], in_play)
        reviews = getattr(ahead_app.state, "reviews", None)
        assert reviews is None or not reviews.held()


def test_rounds_are_reviewed_on_request_only_by_default(client: TestClient) -> None:
    r = client.post("/api/v1/games", json={"seats": ["human", BOT, BOT, BOT], "seed": 3})
    gid, tokens = r.json()["game_id"], r.json()["tokens"]
    play_until(client, gid, tokens["0"], in_play)
    reviews = getattr(client.app.state, "reviews", None)  # type: ignore[attr-defined]
    assert reviews is None or not reviews.held()


def test_a_round_finished_unseen_is_still_told_its_end(ahead_app: Any) -> None:
    """Computers that stand in for a seat can play rounds through between two requests: the round still
    followed gets its last cards and its end at the next request, and frees its worker."""
    from puur.bots import make_player
    from puur.bots.runner import play_turn
    from puur.server.http.reviews import follow_rounds

    with TestClient(ahead_app) as client:
        r = client.post("/api/v1/games", json={"seats": ["human", BOT, BOT, BOT], "seed": 3})
        gid, tokens = r.json()["game_id"], r.json()["tokens"]
        play_until(client, gid, tokens["0"], in_play)
        reviews = ahead_app.state.reviews
        entry = reviews.job(gid, 1)
        assert entry is not None
        live = ahead_app.state.game_hub.get(gid)
        stand_in = make_player(BOT)
        with live.lock:  # rounds 1 and 2 played through with no request (as stand-ins would)
            while len(live.game.round_states) < 3:
                play_turn(live.game, stand_in)
        assert reviews.followed(gid) == [1]
        follow_rounds(ahead_app, live)
        assert entry.ended is not None and entry.sent == 36 and reviews.followed(gid) == []
        deadline = time.monotonic() + 120
        while entry.status == "running":
            assert time.monotonic() < deadline, "the review did not finish"
            reviews.wait(entry, 0.2)
        assert entry.status == "done" and len(entry.result["plays"]) == 36


def _burn(seconds: int) -> None:
    from puur.server.live.reviews import limit_worker_cpu

    limit_worker_cpu(seconds)
    while True:  # a review that never ends
        pass


@pytest.mark.skipif(sys.platform != "linux", reason="RLIMIT_CPU as Linux enforces it")
def test_a_review_process_ends_at_its_cpu_limit_even_when_nobody_asks() -> None:
    """The queue stops an overdue review only when a request steps it; the worker's own CPU limit ends it
    in any case (the kernel's SIGXCPU)."""
    import multiprocessing
    import signal

    proc = multiprocessing.get_context("spawn").Process(target=_burn, args=(1,), daemon=True)
    proc.start()
    proc.join(timeout=30)
    assert not proc.is_alive() and proc.exitcode == -signal.SIGXCPU
