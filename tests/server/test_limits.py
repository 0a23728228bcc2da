"""What a request may cost (issue 13 "High", SECURITY.md): live games in memory (an LRU that never drops a
game in the middle of a request), the store's retention, MCP games, the review queue, and the settings
``puur serve`` runs with."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest

from puur.cli import _serve_settings, build_parser, main
from puur.server import reviews
from puur.server.live import Busy, Conflict, GameHub
from puur.server.mcp_server import GameTables
from puur.server.policy import SERVE_RATE_CALLS, SERVE_RATE_GAMES, ServerSettings
from puur.server.store import Store

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
class _Over:
    def __init__(self, over: bool) -> None:
        self.is_over = over


def test_mcp_tables_forget_idle_and_make_room_from_finished_games_only() -> None:
    """A new MCP game takes the place of the least recently used finished one; while every game held is
    running it is refused (``busy``): nobody's new game ends somebody's running one. Idle games leave."""
    from mcp.server.mcpserver.exceptions import ToolError

    clock = Clock(0.0)
    tables = GameTables(max_games=2, idle_seconds=100, clock=clock)
    tables["a"] = {"game": _Over(True)}
    clock.now = 10
    tables["b"] = {"game": _Over(False)}
    clock.now = 20
    tables["c"] = {"game": _Over(False)}  # a is over: it leaves, b keeps running
    assert "a" not in tables and "b" in tables and len(tables) == 2
    with pytest.raises(ToolError, match="busy: this server holds its most MCP games"):
        tables["d"] = {"game": _Over(False)}
    assert "b" in tables and "c" in tables and "d" not in tables
    clock.now = 200  # both untouched for over 100 s
    assert "b" not in tables and len(tables) == 0
    tables["d"] = {"game": _Over(False)}
    assert "d" in tables


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
    settings = _serve_settings(args)
    assert (settings.rate_games, settings.rate_calls) == (SERVE_RATE_GAMES, SERVE_RATE_CALLS)
    assert settings == ServerSettings.for_serve(players=settings.players)
    assert settings.retention_days == 90 and settings.body_limit == 1_000_000
    assert settings.reviews_ahead == 1  # the round in play reviewed as it is played (puur.server.reviews)
    assert ServerSettings().rate_games is None and ServerSettings().rate_calls is None
    assert ServerSettings().reviews_ahead == 0
    off = _serve_settings(build_parser().parse_args(["serve", "--rate-games", "off", "--retention-days", "7"]))
    assert off.rate_games is None and off.retention_days == 7


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--rate-games", "lots"], "--rate-games 'lots'"),
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
