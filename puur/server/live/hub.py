"""All live games of one server (``GameHub``): in memory at most ``max_live_games``, every one in the store;
every change of a table goes through ``GameHub.change``."""

from __future__ import annotations

import contextlib
import logging
import math
import secrets
import threading
import time
from collections import Counter, OrderedDict
from collections.abc import Callable
from typing import Any, Protocol, TypeVar

from puur.match.game import RecordMismatch
from puur.server.live.errors import Busy, Conflict, NotFound
from puur.server.live.game import HUMAN, REPLACED, SPECTATOR, Commit, LiveGame, MatchEnd, Subscriber
from puur.server.policy import ServerSettings
from puur.server.store import GameExists, GameStore, StoredGame, StoreWrites, Writes, token_hash
from puur.table.play import replay, start_game

log = logging.getLogger(__name__)
T = TypeVar("T")


SWEEP_EVERY = 3600.0
"""Seconds between two retention sweeps of the store (the first runs when the hub opens)."""


class SharedStore(Protocol):
    """What the hub asks of the part that keeps its games in step with a store shared by several workers
    (``puur.server.live.shared.SharedGames``): the stored row is the truth, a game in memory a copy."""

    def load(self, game_id: str) -> LiveGame: ...
    def sync(self, live: LiveGame, version: int | None = None) -> None: ...
    def act(self, live: LiveGame, seat: int, action: str, declare: tuple[str, ...], seen: int | None) -> float: ...
    def advance(self, live: LiveGame) -> float: ...
    def change(self, live: LiveGame, fn: Callable[[Writes], T]) -> T: ...
    def plain_committer(self, live: LiveGame) -> Commit: ...
    def presence(self, live: LiveGame, seat: int) -> None: ...
    def relay(self, live: LiveGame, seat: int, kind: str, code: str = "") -> None: ...


class GameHub:
    """All games of one server: live ones in memory (at most ``max_live_games``, least recently used first
    to leave), every one in the store (until ``retention_days`` after its last action).

    A game leaves memory only when no request is changing it (its lock is free) and it is over, or has no
    live connection and no request for ``live_idle_seconds``; it reloads from the store on demand. The
    bounds come from ``ServerSettings`` (``puur.server.policy``, SECURITY.md)."""

    def __init__(self, store: GameStore, settings: ServerSettings | None = None,
                 clock: Callable[[], float] = time.time, monotonic: Callable[[], float] = time.monotonic) -> None:
        self.store = store
        self.settings = settings or ServerSettings()
        self.players = self.settings.players
        self.clock = clock
        self.monotonic = monotonic
        self._games: OrderedDict[str, LiveGame] = OrderedDict()
        self._lock = threading.Lock()
        self._listeners: Counter[str] = Counter()
        self._swept = -math.inf
        self.sweep()
        self.watchers: list[Callable[[LiveGame], None]] = []
        """Called with a game after each request that may have changed it (``act``, ``advance``): the
        round reviews that follow the play (``puur.server.live.reviews.Reviews.follow_rounds``). One that
        fails is logged; the request's answer does not change."""
        self.match_end: MatchEnd | None = None
        """Called once with a game whose match the commit of a request's actions ends: with the game store's
        transaction when the store can take other writes in it before its commit (PostgreSQL: the place's
        ratings commit with the match's end), else with None after the commit (SQLite). Set by the place's
        ratings (``puur.server.place.rated_matches``); it must not raise."""
        self.shared: SharedStore | None = None
        """Several workers share the store (PostgreSQL): games are kept in step with it. Set by whoever opens
        the hub on such a store (``puur.server.live.shared.open_hub``)."""

    def close(self) -> None:
        """Stop listening (a shared store) and close the store."""
        self.store.close()

    # ----- memory and retention -----
    def _touch(self, live: LiveGame) -> None:
        """Mark ``live`` used now (called with ``_lock`` held)."""
        live.touched = self.monotonic()
        if live.id in self._games:
            self._games.move_to_end(live.id)

    def _evict(self, live: LiveGame, *, idle_only: bool = True) -> bool:
        """Take ``live`` out of memory unless a request is changing it (or, with ``idle_only``, unless it is
        still played and recently used or watched). Called with ``_lock`` held; never waits."""
        if not live.lock.acquire(blocking=False):
            return False
        try:
            if idle_only and not live.game.is_over and (
                live.subscribers or self.monotonic() - live.touched < self.settings.live_idle_seconds
            ):
                return False
            live.evicted = True
            self._games.pop(live.id, None)
            return True
        finally:
            live.lock.release()

    def _make_room(self) -> None:
        """Free a place for one more game, least recently used first; ``Busy`` when none can leave."""
        with self._lock:
            for live in list(self._games.values()):
                if len(self._games) < self.settings.max_live_games:
                    return
                self._evict(live)
            if len(self._games) >= self.settings.max_live_games:
                raise Busy(f"the server holds {len(self._games)} games in play; try again in a minute")

    def in_memory(self) -> int:
        """How many games are held in memory."""
        with self._lock:
            return len(self._games)

    def sweep(self) -> list[str]:
        """Delete the games whose last action is older than the retention (``retention_days``) from the store
        and from memory; a game a request is changing right now stays. Returns the deleted ids."""
        self._swept = self.monotonic()
        cutoff = self.clock() - self.settings.retention_days * 86400
        gone = []
        with self._lock:
            for game_id in self.store.idle_games(cutoff):
                live = self._games.get(game_id)
                if live is None or self._evict(live, idle_only=False):
                    gone.append(game_id)
        self.store.delete_games(gone)
        if gone:
            log.info("deleted %d games idle for over %g days", len(gone), self.settings.retention_days)
        return gone

    def _sweep_if_due(self) -> None:
        if self.monotonic() - self._swept >= SWEEP_EVERY:
            self.sweep()

    # ----- live connections -----
    def connect(self, client: str) -> str | None:
        """Count a live connection from ``client`` (an address); the reason if it is one too many
        (``listeners_per_client``). Each accepted one is ended by ``disconnect``."""
        with self._lock:
            if self._listeners[client] >= self.settings.listeners_per_client:
                return f"at most {self.settings.listeners_per_client} live connections from one address"
            self._listeners[client] += 1
        return None

    def disconnect(self, client: str) -> None:
        with self._lock:
            self._listeners[client] -= 1
            if self._listeners[client] <= 0:
                del self._listeners[client]

    def listen(self, live: LiveGame, sub: Subscriber) -> str | None:
        """Add ``sub`` to ``live``'s connections. A seat holds at most ``listeners_per_seat``: past it the
        seat's oldest connection is closed (``REPLACED``), so a seat can only crowd out itself. The reason if
        the game has as many as it may all the same (``listeners_per_game``, a bound above every seat's
        share). Called with ``live.lock`` held."""
        if sub.seat == SPECTATOR:  # spectators are counted apart: they never crowd out a seat
            if live.watchers() >= self.settings.spectators_per_game:
                return f"at most {self.settings.spectators_per_game} spectators watch one game"
            live.subscribers.append(sub)
            if self.shared is not None:
                self.shared.presence(live, sub.seat)
            return None
        own = [other for other in live.subscribers if other.seat == sub.seat and not other.remote]
        for oldest in own[: max(0, len(own) - self.settings.listeners_per_seat + 1)]:
            live.subscribers.remove(oldest)
            oldest.end(REPLACED)
        if sum(1 for other in live.subscribers if other.seat != SPECTATOR) >= self.settings.listeners_per_game:
            return f"at most {self.settings.listeners_per_game} live connections to one game"
        live.subscribers.append(sub)
        if self.shared is not None:  # the other workers count this seat as present
            self.shared.presence(live, sub.seat)
        return None

    def unlisten(self, live: LiveGame, sub: Subscriber) -> None:
        """Remove a connection added by ``listen`` (if it was)."""
        with contextlib.suppress(ValueError):
            live.subscribers.remove(sub)
            if self.shared is not None:
                self.shared.presence(live, sub.seat)

    # ----- games -----
    def create(self, settings: dict[str, Any], game_id: str | None = None,
               tokens: dict[int, str] | None = None) -> tuple[LiveGame, dict[int, str]]:
        """A new game. Every computer seat must be a player the server allows (``PlayerRefused``, naming
        the allowed ones, before anything is built); ``Busy`` when memory is full of games in play.
        ``game_id`` and ``tokens`` (seat -> token) are the rematch's (``rematch_id``, ``rematch_token``):
        by default a random id and a random token for every human seat."""
        for spec in settings["seats"]:
            if spec != HUMAN:
                self.players.check(spec)
        self._sweep_if_due()
        self._make_room()
        # a chosen seed is refused with more than one human seat (GameCreate)
        game, settings = start_game(settings)
        game_id = game_id or secrets.token_hex(8)
        if tokens is None:
            tokens = {s: secrets.token_urlsafe(32) for s, kind in enumerate(settings["seats"]) if kind == HUMAN}
        try:
            self.store.create_game(game_id, settings, tokens, "playing")
        except GameExists:  # another worker created this rematch a moment ago: join it
            existing = self.get(game_id)
            for seat, token in tokens.items():
                self.claim(existing, seat, token)
            return existing, tokens
        now = time.time()
        live = LiveGame(game_id, settings, game, {token_hash(t): s for s, t in tokens.items()}, now, now,
                        players=self.players, think=self.settings.think_per_request, version=1,
                        away_seconds=self.settings.away_seconds, abandon_seconds=self.settings.abandon_seconds)
        with self._lock:
            self._games[game_id] = live
            self._touch(live)
        self.advance(live)
        return live, tokens

    def get(self, game_id: str) -> LiveGame:
        with self._lock:
            live = self._games.get(game_id)
            if live is not None:
                self._touch(live)
        if live is not None:
            if self.shared is not None:
                self.shared.sync(live)  # another worker may have changed it
            return live
        if self.shared is not None:
            live = self.shared.load(game_id)
        else:
            stored = self.store.load(game_id)
            if stored is None:
                raise NotFound(game_id)
            live = self.rebuild(stored)
        with contextlib.suppress(Busy):  # a reloaded game makes room as a new one does, idle games first;
            self._make_room()  # with none idle it is held anyway: a stored game is never refused for memory
        with self._lock:
            live = self._games.setdefault(game_id, live)
            self._touch(live)
        if self.shared is not None:
            self.shared.sync(live)  # a change stored while it loaded, announced before it was held here
        self.advance(live)
        return live

    def claim(self, live: LiveGame, seat: int, token: str) -> bool:
        """Give ``seat`` of ``live`` (a rematch) the token ``token`` too: its person asked for the rematch.
        The seat must still be a person's, stood in or not (the host may have given it to a computer in the
        open: ``puur.server.live.tables.set_seat``): ``Conflict`` otherwise. Checked, stored and held in one
        ``change``, so a change of the seat (on this worker or another) cannot slip between. True when the
        token is new (asking again changes nothing)."""

        def take(writes: Writes) -> bool:
            if live.settings["seats"][seat] != HUMAN:
                raise Conflict(f"seat {seat} of the rematch is no longer yours: the host gave it to a computer "
                               "(every screen of the rematch was told)")
            digest = token_hash(token)
            if live.token_hashes.get(digest) == seat:
                return False
            writes.token(seat, token)
            live.token_hashes[digest] = seat
            return True

        return self.change(live, take)

    def rebuild(self, stored: StoredGame) -> LiveGame:
        """Replay the stored record: the same profile and seed, then every action in order."""
        s = stored.settings
        try:
            game = replay(s, stored.actions)
        except RecordMismatch as e:  # a stored action this engine does not take: the game cannot be held
            raise RuntimeError(f"game {stored.id}: {e}") from None
        hashes = self.store.token_hashes(stored.id)
        live = LiveGame(stored.id, s, game, hashes, stored.created, stored.updated, players=self.players,
                        think=self.settings.think_per_request, away_seconds=self.settings.away_seconds,
                        abandon_seconds=self.settings.abandon_seconds)
        live.log = [[e[0], e[1], list(e[2]) if len(e) > 2 else []] for e in stored.actions]
        return live

    def held(self) -> list[LiveGame]:
        """The games in memory now."""
        with self._lock:
            return list(self._games.values())

    def held_game(self, game_id: str) -> LiveGame | None:
        """The game if it is in memory, without touching it or asking the store."""
        with self._lock:
            return self._games.get(game_id)

    def forget(self, live: LiveGame) -> None:
        """Take ``live`` out of memory at once (its stored row is gone, or a write of it failed): a request
        still holding it must not change it (``evicted``)."""
        live.evicted = True
        with self._lock:
            if self._games.get(live.id) is live:
                del self._games[live.id]

    def cached(self, game_id: str) -> LiveGame | None:
        """The game if it is in memory (no store access). Always None with a shared store: another worker
        may have changed it, so ``get`` (which asks the store) must be used."""
        if self.shared is not None:
            return None
        with self._lock:
            live = self._games.get(game_id)
            if live is not None:
                self._touch(live)
            return live

    def change(self, live: LiveGame, fn: Callable[[Writes], T]) -> T:
        """Change ``live``'s table (seats, tokens, counts, an undo): ``fn`` runs under the game's lock with the
        store's writes and returns what the caller needs; it checks the state first and raises (``Conflict``)
        before it writes or changes anything. With a shared store the game's row is locked first and the copy
        brought up to it, and ``fn``'s writes are committed together (``SharedGames.change``), so a change
        made on another worker is never overwritten nor made twice."""
        if self.shared is not None:
            return self.shared.change(live, fn)
        with live.lock:
            live.check_current()
            return fn(StoreWrites(self.store, live.id))

    def committer(self, live: LiveGame) -> Commit:
        if self.shared is not None:  # the row locked for the commit alone (the caller holds live.lock)
            return self.shared.plain_committer(live)

        def commit(first_seq: int, entries: list[list[Any]]) -> None:
            self.store.append_actions(live.id, first_seq, entries, live.status)
            if self.match_end is not None and live.game.is_over:
                self.match_end(live, None)

        return commit

    def act(self, live: LiveGame, seat: int, action: str, declare: tuple[str, ...], seen: int | None = None) -> float:
        """``live.act``; returns the computers' seconds. With a shared store the game's row is locked first
        and the copy brought up to it (``puur.server.live.shared``)."""
        if self.shared is not None:
            seconds = self.shared.act(live, seat, action, declare, seen)
        else:
            seconds = live.act(seat, action, declare, self.committer(live), seen)
        self._watched(live)
        return seconds

    def advance(self, live: LiveGame) -> float:
        """``live.advance`` (the computers move if one is to act), the row locked with a shared store."""
        seconds = self.shared.advance(live) if self.shared is not None else live.advance(self.committer(live))
        self._watched(live)
        return seconds

    def _watched(self, live: LiveGame) -> None:
        """Tell the ``watchers`` that ``live`` may have changed."""
        for watcher in self.watchers:
            try:
                watcher(live)
            except Exception:  # noqa: BLE001 - a review that cannot follow must not fail the game's request
                log.exception("game %s: a watcher failed", live.id)

    def resume_computers(self, live: LiveGame) -> None:
        """If a computer is to act (its move failed, or the server stopped mid-turn), let it move now."""
        g = live.game
        if not g.is_over and g.current_seat is not None and live.seats[g.current_seat] != HUMAN:
            self.advance(live)
