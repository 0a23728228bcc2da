"""Live games in memory, written through to the store (DESIGN.md: the record is the only thing stored).

A ``LiveGame`` holds the engine's ``Game``, the seat plan and the hashes of the human seats' tokens. An
accepted action is committed to the store, then pushed to the page's live connections, action by action;
computer seats then move on the server until a human seat is to act. Nothing here knows a rule: legality,
reasons and scores all come from the engine.
"""

from __future__ import annotations

import asyncio
import hashlib
import secrets
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from puur.bots import Player, make_player
from puur.bots.runner import declarations_for
from puur.game import Game, IllegalAction
from puur.profile import RuleProfile
from puur.rules.chalk import to_marks
from puur.server.store import Store, StoredGame, token_hash

HUMAN = "human"


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
    bot_seconds: float = 0.0  # time the computers spent deciding during the last request

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
        """The public score sheet: every written round with its breakdown, totals and chalk marks."""
        g = self.game
        return {
            "rounds": [r.to_dict() for r in g.rounds],
            "totals": list(g.scores),
            "marks": [to_marks(g.scores[0]).to_dict(), to_marks(g.scores[1]).to_dict()],
            "target": g.target,
            "result": g.result(),
        }

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
    def act(self, seat: int, action: str, declare: tuple[str, ...], commit: Callable[[int, list[Any]], None]) -> None:
        """The human ``seat`` acts; then the computers move until a human is to act. Each accepted action is
        committed (``commit(seq, entry)``) before it is announced. Raises ``Conflict`` and leaves the state
        unchanged when the action is refused."""
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
            self._accepted(commit, [seat, action, list(declare)])
            self._computers(commit)

    def advance(self, commit: Callable[[int, list[Any]], None]) -> None:
        """Let the computers move if one is to act (after a restart in the middle of their turn)."""
        with self.lock:
            self._computers(commit)

    def _computers(self, commit: Callable[[int, list[Any]], None]) -> None:
        g = self.game
        self.bot_seconds = 0.0
        while not g.is_over and g.current_seat is not None and self.seats[g.current_seat] != HUMAN:
            seat = g.current_seat
            t0 = time.perf_counter()
            player: Player = make_player(self.seats[seat], seed=player_seed(g.seed, self.seq))
            action = player.act(g.observation(seat))
            declare = declarations_for(g, action)
            g.apply(action, declare)
            self.bot_seconds += time.perf_counter() - t0
            self._accepted(commit, [seat, str(action), list(declare)])

    def _accepted(self, commit: Callable[[int, list[Any]], None], entry: list[Any]) -> None:
        self.log.append(entry)
        commit(self.seq - 1, entry)
        self.updated = time.time()
        for sub in list(self.subscribers):
            sub.put({"type": "event", "seq": self.seq, "seat": entry[0], "action": entry[1], "view": self.view(sub.seat)})


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

    def committer(self, live: LiveGame) -> Callable[[int, list[Any]], None]:
        def commit(seq: int, entry: list[Any]) -> None:
            self.store.append_actions(live.id, seq, [entry], live.status)

        return commit

    def act(self, live: LiveGame, seat: int, action: str, declare: tuple[str, ...]) -> None:
        live.act(seat, action, declare, self.committer(live))

    def resume_computers(self, live: LiveGame) -> None:
        """If a computer is to act (its move failed, or the server stopped mid-turn), let it move now."""
        g = live.game
        if not g.is_over and g.current_seat is not None and live.seats[g.current_seat] != HUMAN:
            live.advance(self.committer(live))


__all__ = ["HUMAN", "Conflict", "GameHub", "LiveGame", "NotFound", "Subscriber", "default_names", "player_seed"]
