"""Live games in memory, written through to the store (DESIGN.md: the record is the only thing stored).

A ``LiveGame`` holds the engine's ``Game``, the seat plan and the hashes of the human seats' tokens. A
request's accepted actions (a human's action, then the computer seats' moves until a human seat is to act)
are committed to the store in one transaction, then pushed to the page's live connections action by action,
each with the view right after it. Nothing here knows a rule: legality, reasons and scores all come from
the engine.
"""

from __future__ import annotations

import asyncio
import hashlib
import secrets
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from puur.bots import Player, make_player, parse_spec
from puur.bots.runner import declarations_for
from puur.game import Game, IllegalAction
from puur.profile import RuleProfile
from puur.rules.chalk import to_marks
from puur.server.store import Store, StoredGame, token_hash

HUMAN = "human"
QUICK_PLAYERS = frozenset({"heuristic", "random"})
"""Built-in computer players that decide in well under a millisecond (``heuristic`` about 0.2 ms)."""
Commit = Callable[[int, list[list[Any]]], None]
"""Writes the actions accepted by one request, numbered from the first one's ``seq``, in one commit."""


class NotFound(Exception):
    """No game with this id."""


class Conflict(Exception):
    """A well-formed request that the game's state refuses now (the reason is the message)."""


@dataclass
class Subscriber:
    """One live connection: the seat it sees and where to put its messages (on the server's event loop)."""

    seat: int
    loop: asyncio.AbstractEventLoop
    queue: asyncio.Queue[dict[str, Any]]

    def put(self, message: dict[str, Any]) -> None:
        self.loop.call_soon_threadsafe(self.queue.put_nowait, message)


def player_seed(game_seed: int, seq: int) -> int:
    """A computer's seed for the action numbered ``seq``: replays and restarts decide the same way."""
    digest = hashlib.sha256(f"{game_seed}:{seq}".encode()).digest()
    return int.from_bytes(digest[:4], "big")


@dataclass
class LiveGame:
    id: str
    settings: dict[str, Any]
    game: Game
    token_hashes: dict[str, int]
    created: float
    updated: float
    lock: threading.Lock = field(default_factory=threading.Lock)
    subscribers: list[Subscriber] = field(default_factory=list)
    log: list[list[Any]] = field(default_factory=list)  # [seat, action, [declarations]] per accepted action
    _sheet: tuple[tuple[int, int, int, bool], dict[str, Any]] | None = field(default=None, repr=False)

    @property
    def seats(self) -> list[str]:
        return list(self.settings["seats"])

    @property
    def status(self) -> str:
        return "over" if self.game.is_over else "playing"

    @property
    def seq(self) -> int:
        """How many actions the game has accepted."""
        return len(self.log)

    def human_seats(self) -> list[int]:
        return [s for s, kind in enumerate(self.seats) if kind == HUMAN]

    def seat_of(self, token: str) -> int | None:
        return self.token_hashes.get(token_hash(token))

    # ----- views (only what the seat may know) -----
    def sheet(self) -> dict[str, Any]:
        """The public score sheet: every written round with its breakdown, totals and chalk marks.

        It changes only when a round is written or the match ends, so it is built once per such state
        (the cached dict is shared by the views built from it and never modified)."""
        g = self.game
        key = (len(g.rounds), g.scores[0], g.scores[1], g.is_over)
        if self._sheet is None or self._sheet[0] != key:
            sheet = {
                "rounds": [r.to_dict() for r in g.rounds],
                "totals": list(g.scores),
                "marks": [to_marks(g.scores[0]).to_dict(), to_marks(g.scores[1]).to_dict()],
                "target": g.target,
                "result": g.result(),
            }
            self._sheet = (key, sheet)
        return self._sheet[1]

    def view(self, seat: int) -> dict[str, Any]:
        """The seat's observation (INTERFACES.md §2) plus the public score sheet and the table's settings."""
        out = self.game.observation(seat).to_dict()
        out.update(
            game_id=self.id,
            seats=self.seats,
            names=list(self.settings.get("names") or default_names(self.seats)),
            human_seats=self.human_seats(),
            status=self.status,
            seq=self.seq,
            prefs={"deck": self.settings.get("deck", "swiss"), "lang": self.settings.get("lang", "en")},
            sheet=self.sheet(),
        )
        return out

    # ----- acting -----
    @cached_property
    def quick(self) -> bool:
        """Whether every computer seat is a player that decides in well under a millisecond
        (``QUICK_PLAYERS``): such a game's requests are served without a trip through the thread pool."""
        return all(kind == HUMAN or parse_spec(kind)[0] in QUICK_PLAYERS for kind in self.seats)

    def act(self, seat: int, action: str, declare: tuple[str, ...], commit: Commit) -> float:
        """The human ``seat`` acts; then the computers move until a human is to act. The accepted actions
        are committed in one transaction (``commit(first_seq, entries)``) before any is announced and before
        this returns. Raises ``Conflict`` and leaves the state unchanged when the action is refused.
        Returns the seconds the computers spent (deciding and applying their moves)."""
        with self.lock:
            g = self.game
            if g.is_over:
                raise Conflict("the match is over")
            if g.current_seat != seat:
                raise Conflict(f"it is not your turn: seat {g.current_seat} is to act")
            try:
                g.apply(action, declare)
            except IllegalAction as e:
                raise Conflict(str(e)) from None
            pending: list[tuple[list[Any], list[tuple[Subscriber, dict[str, Any]]]]] = []
            try:
                self._accepted(pending, [seat, action, list(declare)])
                return self._computers(pending)
            finally:
                self._flush(commit, pending)

    def advance(self, commit: Commit) -> float:
        """Let the computers move if one is to act (after a restart in the middle of their turn)."""
        with self.lock:
            pending: list[tuple[list[Any], list[tuple[Subscriber, dict[str, Any]]]]] = []
            try:
                return self._computers(pending)
            finally:
                self._flush(commit, pending)

    def _computers(self, pending: list[tuple[list[Any], list[tuple[Subscriber, dict[str, Any]]]]]) -> float:
        g = self.game
        seconds = 0.0
        while not g.is_over and g.current_seat is not None and self.seats[g.current_seat] != HUMAN:
            seat = g.current_seat
            t0 = time.perf_counter()
            player: Player = make_player(self.seats[seat], seed=player_seed(g.seed, self.seq))
            action = player.act(g.observation(seat))
            declare = declarations_for(g, action)
            g.apply(action, declare)
            seconds += time.perf_counter() - t0
            self._accepted(pending, [seat, str(action), list(declare)])
        return seconds

    def _accepted(self, pending: list[tuple[list[Any], list[tuple[Subscriber, dict[str, Any]]]]],
                  entry: list[Any]) -> None:
        """Log an applied action; the live connections' messages carry the view right after it."""
        self.log.append(entry)
        seq = self.seq
        messages = [
            (sub, {"type": "event", "seq": seq, "seat": entry[0], "action": entry[1], "view": self.view(sub.seat)})
            for sub in list(self.subscribers)
        ]
        pending.append((entry, messages))

    def _flush(self, commit: Commit, pending: list[tuple[list[Any], list[tuple[Subscriber, dict[str, Any]]]]]) -> None:
        """Commit the actions accepted by one request, then announce them."""
        if not pending:
            return
        commit(self.seq - len(pending), [entry for entry, _ in pending])
        self.updated = time.time()
        for _, messages in pending:
            for sub, message in messages:
                sub.put(message)


def default_names(seats: list[str]) -> list[str]:
    humans = [s for s, k in enumerate(seats) if k == HUMAN]
    out = []
    for s, kind in enumerate(seats):
        if kind == HUMAN:
            out.append("You" if len(humans) == 1 else f"Player {humans.index(s) + 1}")
        else:
            out.append(f"Computer {s + 1}")
    return out


class GameHub:
    """All games of one server: live ones in memory, every one in the store."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._games: dict[str, LiveGame] = {}
        self._lock = threading.Lock()

    def create(self, settings: dict[str, Any]) -> tuple[LiveGame, dict[int, str]]:
        game = Game(RuleProfile.resolve(settings["profile"]), seed=settings.get("seed"))
        settings = {**settings, "profile": game.profile.to_dict(), "seed": game.seed}
        game_id = secrets.token_hex(8)
        tokens = {s: secrets.token_urlsafe(32) for s, kind in enumerate(settings["seats"]) if kind == HUMAN}
        self.store.create_game(game_id, settings, tokens, "playing")
        now = time.time()
        live = LiveGame(game_id, settings, game, {token_hash(t): s for s, t in tokens.items()}, now, now)
        with self._lock:
            self._games[game_id] = live
        live.advance(self.committer(live))
        return live, tokens

    def get(self, game_id: str) -> LiveGame:
        with self._lock:
            live = self._games.get(game_id)
        if live is not None:
            return live
        stored = self.store.load(game_id)
        if stored is None:
            raise NotFound(game_id)
        live = self._rebuild(stored)
        with self._lock:
            live = self._games.setdefault(game_id, live)
        live.advance(self.committer(live))
        return live

    def _rebuild(self, stored: StoredGame) -> LiveGame:
        """Replay the stored record: the same profile and seed, then every action in order."""
        s = stored.settings
        game = Game(RuleProfile.from_dict(s["profile"]), seed=s["seed"])
        for entry in stored.actions:
            if game.current_seat != entry[0]:
                raise RuntimeError(f"game {stored.id}: stored action by seat {entry[0]} does not replay")
            game.apply(entry[1], tuple(entry[2]) if len(entry) > 2 else ())
        hashes = self.store.token_hashes(stored.id)
        live = LiveGame(stored.id, s, game, hashes, stored.created, stored.updated)
        live.log = [[e[0], e[1], list(e[2]) if len(e) > 2 else []] for e in stored.actions]
        return live

    def cached(self, game_id: str) -> LiveGame | None:
        """The game if it is in memory (no store access)."""
        with self._lock:
            return self._games.get(game_id)

    def committer(self, live: LiveGame) -> Commit:
        def commit(first_seq: int, entries: list[list[Any]]) -> None:
            self.store.append_actions(live.id, first_seq, entries, live.status)

        return commit

    def act(self, live: LiveGame, seat: int, action: str, declare: tuple[str, ...]) -> float:
        """``live.act``; returns the computers' seconds."""
        return live.act(seat, action, declare, self.committer(live))

    def resume_computers(self, live: LiveGame) -> None:
        """If a computer is to act (its move failed, or the server stopped mid-turn), let it move now."""
        g = live.game
        if not g.is_over and g.current_seat is not None and live.seats[g.current_seat] != HUMAN:
            live.advance(self.committer(live))


__all__ = ["HUMAN", "Conflict", "GameHub", "LiveGame", "NotFound", "Subscriber", "default_names", "player_seed"]
