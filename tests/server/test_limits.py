"""What a request may cost (SECURITY.md "What a request may cost"): live games in memory (an LRU that never
drops a game in the middle of a request), the store's retention, MCP games, the review queue, and the settings
``puur serve`` runs with."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest
import yaml
from api_client import auth, new_game
from fastapi.testclient import TestClient
from mcp_helpers import run_mcp

from puur.bots.mcts import MCTSPlayer
from puur.bots.runner import play_computers
from puur.cli import build_parser, connection_bounds, main
from puur.info.observation import Observation
from puur.match.game import Game
from puur.server.app import create_app
from puur.server.live import Busy, Conflict, GameHub, reviews
from puur.server.mcp_server import build_server
from puur.server.policy import (
    SERVE_RATE_ACTIONS,
    SERVE_RATE_CALLS,
    SERVE_RATE_GAMES,
    GameShares,
    Limited,
    PlayerPolicy,
    SeatRate,
    ServerSettings,
    ShareFull,
)
from puur.server.serving import HTTP_PROTOCOL, KEEP_ALIVE, MAX_CONNECTIONS, settings_from_options
from puur.server.store import Store

ROOT = Path(__file__).resolve().parents[2]

DAY = 86400.0
SEATS = ["human", "random", "random", "random"]


class Clock:
    """A settable clock for the hub (both its wall clock and its monotonic one)."""

    def __init__(self, now: float = 1_000_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


def hub_at(tmp_path: Path, clock: Clock, **settings: Any) -> GameHub:
    return GameHub(Store(tmp_path / "g.sqlite3"), ServerSettings(**settings), clock=clock, monotonic=clock)


def new(hub: GameHub, seed: int = 1) -> tuple[str, str]:
    live, tokens = hub.create({"profile": "schieber", "seats": SEATS, "seed": seed})
    return live.id, tokens[0]


def play_one(hub: GameHub, game_id: str) -> None:
    live = hub.get(game_id)
    hub.act(live, 0, str(live.game.legal_actions()[0]), ())


# ----- live games in memory -----
def test_lru_keeps_at_most_max_live_games_and_reloads_the_others(tmp_path: Path) -> None:
    clock = Clock()
    hub = hub_at(tmp_path, clock, max_live_games=2, live_idle_seconds=60)
    a, _ = new(hub, 1)
    play_one(hub, a)
    before = hub.get(a).view(0)
    clock.now += 61
    b, _ = new(hub, 2)
    c, _ = new(hub, 3)  # a is the least recently used and idle: it leaves memory
    assert hub.in_memory() == 2 and hub.cached(a) is None
    assert hub.get(a).view(0) == before  # reloaded from the store, identical
    play_one(hub, a)  # and still playable
    assert hub.get(a).seq > before["seq"]
    assert hub.cached(b) is not None and hub.cached(c) is not None  # in play and not idle: kept


def test_a_game_in_play_and_recently_used_is_not_evicted(tmp_path: Path) -> None:
    clock = Clock()
    hub = hub_at(tmp_path, clock, max_live_games=1, live_idle_seconds=60)
    new(hub, 1)
    clock.now += 59
    with pytest.raises(Busy, match="try again"):
        new(hub, 2)


def test_a_game_whose_lock_is_held_is_never_evicted(tmp_path: Path) -> None:
    clock = Clock()
    hub = hub_at(tmp_path, clock, max_live_games=1, live_idle_seconds=0)
    a, _ = new(hub, 1)
    live = hub.get(a)
    with live.lock:  # a request is changing this game
        with pytest.raises(Busy):
            new(hub, 2)
        assert hub.cached(a) is live
    new(hub, 2)  # free again: it leaves memory now
    assert hub.cached(a) is None and live.evicted


def test_a_request_holding_an_evicted_game_cannot_change_it(tmp_path: Path) -> None:
    """A request that took the game before it left memory must not fork it: its action is refused (409)
    and the game, reloaded, is unchanged."""
    clock = Clock()
    hub = hub_at(tmp_path, clock, max_live_games=1, live_idle_seconds=0)
    a, _ = new(hub, 1)
    stale = hub.get(a)
    new(hub, 2)
    assert stale.evicted
    with pytest.raises(Conflict, match="send the action again"):
        hub.act(stale, 0, str(stale.game.legal_actions()[0]), ())
    assert hub.get(a).seq == stale.seq


def test_a_finished_game_leaves_first(tmp_path: Path) -> None:
    clock = Clock()
    hub = hub_at(tmp_path, clock, max_live_games=2, live_idle_seconds=3600)
    a, _ = new(hub, 1)
    b, _ = new(hub, 2)
    while not hub.get(b).game.is_over:  # play b to its end
        play_one(hub, b)
    hub.get(a)  # a is the least recently used now, but still in play and not idle
    hub.get(b)
    new(hub, 3)
    assert hub.cached(b) is None and hub.cached(a) is not None


# ----- retention -----
def test_games_idle_past_the_retention_are_deleted(tmp_path: Path) -> None:
    clock = Clock()
    store_clock = Clock(clock.now)
    hub = hub_at(tmp_path, clock, retention_days=90)
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr("puur.server.store.time.time", store_clock)
        old, _ = new(hub, 1)
        store_clock.now += 85 * DAY
        recent, _ = new(hub, 2)
    clock.now += 91 * DAY  # old: 91 days since its last action; recent: 6
    assert hub.sweep() == [old]
    assert hub.store.load(old) is None and hub.cached(old) is None
    assert hub.store.load(recent) is not None
    assert hub.store.token_hashes(old) == {}


def test_the_sweep_runs_when_the_hub_opens(tmp_path: Path) -> None:
    hub = hub_at(tmp_path, Clock(time.time()), retention_days=1)
    gid, _ = new(hub, 1)  # stamped by the store with the real time
    hub.store.close()
    reopened = hub_at(tmp_path, Clock(time.time() + 2 * DAY), retention_days=1)
    assert reopened.store.load(gid) is None


# ----- MCP games -----
def _share(shares: GameShares, client: str | None, game_id: str, over: set[str]) -> None:
    """One new MCP game of ``client`` counted as ``new_game`` counts it: a place held, then bound to the game."""
    shares.bind(shares.start(client, over.__contains__), game_id)


def test_mcp_games_count_while_they_run_and_a_new_one_never_ends_a_running_one() -> None:
    """The server's bound counts running MCP games: while every one counted runs a new one is refused
    (``busy``), and nobody's new game ends somebody's running one (each stays stored); a finished game and
    one untouched for ``idle_seconds`` stop counting."""
    clock = Clock(0.0)
    shares = GameShares(max_games=2, per_client=10, idle_seconds=100, clock=clock)
    over: set[str] = set()
    _share(shares, None, "a", over)
    clock.now = 10
    _share(shares, None, "b", over)
    with pytest.raises(ShareFull, match="this server holds its most MCP games") as refused:
        _share(shares, None, "c", over)
    assert refused.value.code == "busy" and shares.running() == 2
    over.add("a")  # a is over: it makes room, b keeps counting
    _share(shares, None, "c", over)
    assert shares.running() == 2
    clock.now = 105
    shares.touch("c")  # used over MCP: c keeps counting; b, untouched since 10, does not
    clock.now = 150
    _share(shares, None, "d", over)
    with pytest.raises(ShareFull, match="most MCP games"):
        _share(shares, None, "e", over)


def test_one_client_holds_at_most_its_share_of_mcp_games_and_the_others_still_play() -> None:
    shares = GameShares(max_games=10, per_client=2, idle_seconds=100, clock=Clock(0.0))
    over: set[str] = set()
    _share(shares, "198.51.100.1", "a1", over)
    _share(shares, "198.51.100.1", "a2", over)
    with pytest.raises(ShareFull, match="this client address holds its most MCP games") as refused:
        _share(shares, "198.51.100.1", "a3", over)
    assert refused.value.code == "limit"
    _share(shares, "198.51.100.2", "b1", over)  # another client: served
    over.add("a1")  # one of its own is over: it makes room
    _share(shares, "198.51.100.1", "a3", over)
    assert shares.running("198.51.100.1") == 2 and shares.running() == 3
    _share(shares, None, "s1", over)  # over stdio: no address, no share (the server's bound only)
    place = shares.start("198.51.100.2", over.__contains__)  # a game whose settings are refused
    shares.release(place)  # gives its place back
    assert shares.running("198.51.100.2") == 1


def test_a_refused_mcp_game_gives_its_place_back() -> None:
    """``new_game`` holds a place before the game is built; a refused bot or form gives it back, so refusals
    never use up a client's share."""
    server = build_server(settings=ServerSettings(mcp_max_games=1, players=PlayerPolicy()))

    async def check(c: Any) -> None:
        for _ in range(3):
            assert (await c.call_tool("new_game", {"bot": "nobody"})).is_error
            assert (await c.call_tool("new_game", {"form": "coiffeur", "rounds": 2})).is_error
        assert not (await c.call_tool("new_game", {"bot": "random"})).is_error
        second = await c.call_tool("new_game", {"bot": "random"})
        assert second.is_error and "busy: this server holds its most MCP games (1)" in second.content[0].text

    run_mcp(check, server)


# ----- review queue -----
def test_review_queue_is_bounded_per_game_and_in_all(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(reviews, "WORKERS", 0)  # nothing starts: every review waits
    queue = reviews.Reviews(per_game=2, total=3)
    queue.request(("g1", 1), (), [])
    queue.request(("g1", 2), (), [])
    queue.request(("g1", 1), (), [])  # the same review again is no new one
    with pytest.raises(reviews.QueueFull, match="this game"):
        queue.request(("g1", 3), (), [])
    queue.request(("g2", 1), (), [])
    with pytest.raises(reviews.QueueFull, match="the most this server takes"):
        queue.request(("g3", 1), (), [])


# ----- puur serve -----
def test_puur_serve_turns_rate_limits_on_and_create_app_does_not() -> None:
    args = build_parser().parse_args(["serve"])
    settings = settings_from_options(args)
    assert (settings.rate_games, settings.rate_calls) == (SERVE_RATE_GAMES, SERVE_RATE_CALLS)
    assert settings.rate_actions == SERVE_RATE_ACTIONS and ServerSettings().rate_actions is None
    assert settings == ServerSettings.for_serve(players=settings.players)
    assert settings.retention_days == 90 and settings.body_limit == 1_000_000
    assert settings.reviews_ahead == 1  # the round in play reviewed as it is played (puur.server.live.reviews)
    assert ServerSettings().rate_games is None and ServerSettings().rate_calls is None
    assert ServerSettings().reviews_ahead == 0
    off = settings_from_options(build_parser().parse_args(["serve", "--rate-games", "off", "--retention-days", "7",
                                                     "--rate-actions", "off"]))  # fmt: skip
    assert off.rate_games is None and off.retention_days == 7 and off.rate_actions is None


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--rate-games", "lots"], "--rate-games 'lots'"),
        (["--rate-actions", "fast"], "--rate-actions 'fast'"),
        (["--forwarded-allow-ips", "*"], "FORWARDED_ALLOW_IPS) '*' would let any client choose"),
        (["--max-connections", "0"], "--max-connections"),
        (["--retention-days", "0"], "--retention-days"),
        (["--allow-player", "mcts=random"], "not one of"),
        (["--allow-player", "nosuchpackage_x.mod:Cls"], "NAME=SPEC"),
        (["--allow-player", "mine=nosuchpackage_x.mod:Cls"], "--allow-player mine="),
    ],
)
def test_puur_serve_refuses_bad_options(argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", *argv]) == 2
    assert message in capsys.readouterr().err


def test_rules_eval_cli_answers_a_non_string_op(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "req.json"
    path.write_text(json.dumps({"op": ["trick"]}))
    assert main(["rules", "eval", str(path)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["ok"] is False and "op must be a string" in out["error"]["message"]


def test_a_reloaded_game_makes_room_like_a_new_one(tmp_path: Path) -> None:
    """Reloading a stored game (a request for a game not in memory: ``/lookup`` asks for up to 200) lets the
    idle games leave first, so memory stays at ``max_live_games`` where it can."""
    clock = Clock()
    hub = hub_at(tmp_path, clock, max_live_games=2, live_idle_seconds=60)
    a, _ = new(hub, 1)
    b, _ = new(hub, 2)
    clock.now += 61
    c, _ = new(hub, 3)  # a leaves (idle, least recently used)
    assert hub.cached(a) is None and hub.in_memory() == 2
    clock.now += 61  # b and c idle now
    hub.get(a)  # reloaded: b, the least recently used idle game, leaves for it
    assert hub.in_memory() == 2 and hub.cached(b) is None and hub.cached(a) is not None


# ----- one client's share of what all share -----
def test_one_client_at_its_share_of_the_review_queue_leaves_room_for_the_others(monkeypatch: pytest.MonkeyPatch) -> None:
    """The reported case: one address asked for reviews until the queue (32) was full and everyone else got
    429. Now it has its share (8) and the others are still served."""
    monkeypatch.setattr(reviews, "WORKERS", 0)  # nothing starts: every review waits
    settings = ServerSettings()
    queue = reviews.Reviews(settings.reviews_per_game, settings.reviews_total, per_client=settings.reviews_per_client)
    for game in range(settings.reviews_per_client):
        queue.request((f"g{game}", 1), (), [], "198.51.100.1")
    queue.request(("g0", 1), (), [], "198.51.100.1")  # the same review again is no new one
    with pytest.raises(reviews.QueueFull, match="from this address"):
        queue.request(("g-next", 1), (), [], "198.51.100.1")
    queue.request(("g-other", 1), (), [], "198.51.100.2")  # another client: served
    queue.request(("g0", 2), (), [], None)  # nobody asked (a round reviewed as it was played): not a client's share


def test_a_client_at_its_review_share_gets_429_and_another_is_served(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from test_reviews import play_first_round

    monkeypatch.setattr(reviews, "WORKERS", 0)
    app = create_app(db_path=str(tmp_path / "g.sqlite3"), settings=ServerSettings(reviews_per_client=1))
    with TestClient(app, client=("198.51.100.1", 5000)) as one:
        games = []
        for _ in range(2):
            gid, tokens = new_game(one)
            play_first_round(one, gid, tokens["0"])
            games.append((gid, tokens["0"]))
        (g1, t1), (g2, t2) = games
        assert one.get(f"/api/v1/games/{g1}/rounds/1/review", headers=auth(t1)).status_code == 202
        refused = one.get(f"/api/v1/games/{g2}/rounds/1/review", headers=auth(t2))
        assert refused.status_code == 429 and int(refused.headers["retry-after"]) >= 1
        assert "from this address" in refused.json()["detail"]
        other = TestClient(app, client=("198.51.100.2", 5000))  # another address, the same server
        assert other.get(f"/api/v1/games/{g2}/rounds/1/review", headers=auth(t2)).status_code == 202


# ----- actions per seat -----
def test_seat_rate_counts_per_game_and_seat() -> None:
    rate = SeatRate("3/minute")
    for _ in range(3):
        rate.hit("g", 0)
    with pytest.raises(Limited, match="too many actions") as refused:
        rate.hit("g", 0)
    assert 1 <= refused.value.retry_after <= 60
    rate.hit("g", 1)  # another seat of the same game (a pass-and-play table: the same address)
    rate.hit("h", 0)  # the same seat number of another game


def _play_first_legal(c: TestClient, gid: str, token: str) -> Any:
    view = c.get(f"/api/v1/games/{gid}", headers=auth(token)).json()
    return c.post(f"/api/v1/games/{gid}/actions", headers=auth(token), json={"action": view["legal_actions"][0]})


def test_actions_are_rate_limited_per_seat_when_set(tmp_path: Path) -> None:
    with TestClient(create_app(db_path=str(tmp_path / "g.sqlite3"), settings=ServerSettings(rate_actions="3/minute"))) as c:
        g1, t1 = new_game(c)
        g2, t2 = new_game(c)
        assert [_play_first_legal(c, g1, t1["0"]).status_code for _ in range(3)] == [200, 200, 200]
        before = c.get(f"/api/v1/games/{g1}", headers=auth(t1["0"])).json()["seq"]
        refused = _play_first_legal(c, g1, t1["0"])
        assert refused.status_code == 429 and 1 <= int(refused.headers["retry-after"]) <= 60
        assert "too many actions" in refused.json()["detail"]
        assert c.get(f"/api/v1/games/{g1}", headers=auth(t1["0"])).json()["seq"] == before  # nothing played
        assert _play_first_legal(c, g2, t2["0"]).status_code == 200  # another game's seat, the same address


def test_create_app_without_settings_does_not_limit_actions(tmp_path: Path) -> None:
    with TestClient(create_app(db_path=str(tmp_path / "g.sqlite3"))) as c:
        gid, tokens = new_game(c)
        assert {_play_first_legal(c, gid, tokens["0"]).status_code for _ in range(12)} == {200}


# ----- the computers' think time in one request -----
class _Ticking:
    """A player that takes ``seconds`` of a fake clock per decision and counts its decisions."""

    def __init__(self, clock: Clock, seconds: float) -> None:
        self.clock, self.seconds, self.decisions = clock, seconds, 0

    def act(self, observation: Observation) -> Any:
        self.clock.now += self.seconds
        self.decisions += 1
        return observation.legal_actions[0]


def test_past_the_think_budget_the_remaining_decisions_are_the_quick_players(monkeypatch: pytest.MonkeyPatch) -> None:
    clock = Clock(0.0)
    monkeypatch.setattr("puur.bots.runner.perf_counter", clock)
    slow, quick = _Ticking(clock, 3.0), _Ticking(clock, 0.0)
    moves = play_computers(Game(seed=1), lambda seat: slow, max_moves=6, think=5.0, quick=lambda seat: quick)
    assert moves == 6
    assert (slow.decisions, quick.decisions) == (2, 4)  # 0 -> 3 -> 6 s: the budget of 5 s is spent after two


def test_a_tables_computers_fall_back_to_the_quick_player_once_the_request_budget_is_spent(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def no_search(self: MCTSPlayer, observation: Observation) -> Any:
        raise AssertionError("the search was asked past the budget")

    monkeypatch.setattr(MCTSPlayer, "act", no_search)
    seats = ["human", "mcts:level=strong", "mcts:level=strong", "mcts:level=strong"]
    hub = hub_at(tmp_path, Clock(), think_per_request=0.0)
    live, _ = hub.create({"profile": "schieber", "seats": seats, "seed": 5})
    for _ in range(6):  # the person acts; the computers move until the person is to act again
        hub.act(live, 0, str(live.game.legal_actions()[0]), ())
    assert live.seq > 6 and live.seats == seats  # they moved, and every seat keeps its player


def test_within_the_think_budget_a_seat_plays_with_its_own_player(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    asked = []
    search = MCTSPlayer.act

    def counted(self: MCTSPlayer, observation: Observation) -> Any:
        asked.append(observation.seat)
        return search(self, observation)

    monkeypatch.setattr(MCTSPlayer, "act", counted)
    hub = hub_at(tmp_path, Clock())  # the default budget (10 s) is far from spent by a few quick searches
    live, _ = hub.create({"profile": "schieber", "seats": ["human"] + ["mcts:iters=5"] * 3, "seed": 5})
    hub.act(live, 0, str(live.game.legal_actions()[0]), ())
    assert asked and set(asked) <= {1, 2, 3}


def test_mcp_computers_keep_to_the_think_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_search(self: MCTSPlayer, observation: Observation) -> Any:
        raise AssertionError("the search was asked past the budget")

    monkeypatch.setattr(MCTSPlayer, "act", no_search)
    server = build_server(settings=ServerSettings(think_per_request=0.0, players=PlayerPolicy()))

    async def check(c: Any) -> None:
        started = (await c.call_tool("new_game", {"bot": "mcts:level=strong", "seat": 1})).structured_content
        view = started["view"]
        assert view["to_act"] == 1 and view["status"] == "playing"
        play = await c.call_tool("game_play", {"game_id": started["game_id"], "token": started["token"],
                                               "action": view["legal_actions"][0]})
        assert not play.is_error

    run_mcp(check, server)


# ----- the proxy and the connections -----
def test_puur_serve_trusts_only_loopback_by_default_and_bounds_its_connections(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("FORWARDED_ALLOW_IPS", raising=False)
    bounds = connection_bounds(build_parser().parse_args(["serve"]))
    assert bounds == {"forwarded_allow_ips": "127.0.0.1", "http": HTTP_PROTOCOL, "timeout_keep_alive": KEEP_ALIVE,
                      "limit_concurrency": MAX_CONNECTIONS}  # fmt: skip
    named = build_parser().parse_args(["serve", "--forwarded-allow-ips", "10.0.0.5", "--max-connections", "50"])
    assert connection_bounds(named)["forwarded_allow_ips"] == "10.0.0.5"
    assert connection_bounds(named)["limit_concurrency"] == 50
    monkeypatch.setenv("FORWARDED_ALLOW_IPS", "172.28.0.10")
    assert connection_bounds(build_parser().parse_args(["serve"]))["forwarded_allow_ips"] == "172.28.0.10"


def test_the_compose_workers_trust_x_forwarded_for_from_the_balancer_alone_which_sets_it() -> None:
    compose = yaml.safe_load((ROOT / "compose.yaml").read_text())
    trusted = compose["x-puur"]["environment"]["FORWARDED_ALLOW_IPS"]
    assert trusted == compose["services"]["balancer"]["networks"]["default"]["ipv4_address"]
    nginx = (ROOT / "deploy" / "nginx.conf").read_text()
    forwarded = [line.split("#")[0].split() for line in nginx.splitlines() if "X-Forwarded-For" in line.split("#")[0]]
    assert forwarded and all(words[-1] == "$remote_addr;" for words in forwarded)  # set, never appended to
