"""One live game in memory (``LiveGame``): the engine's ``Game``, the seat plan, the hashes of the human
seats' tokens and the live connections (``Subscriber``). Its requests' accepted actions are committed in one
transaction, then pushed to the connections action by action, each with the view right after it."""

from __future__ import annotations

import asyncio
import base64
import hashlib
import hmac
import logging
import math
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from puur.bots import Player, parse_spec
from puur.bots.runner import play_computers
from puur.core.actions import public_action
from puur.core.cards import Action
from puur.match.game import Game, IllegalAction
from puur.server.live.errors import Conflict, Stale
from puur.server.policy import FALLBACK_PLAYER, PlayerPolicy, PlayerRefused
from puur.server.store import token_hash
from puur.table.play import player_seed
from puur.table.public import computers_until_their_round, is_rated
from puur.table.seats import HUMAN, effective_seats, last_person, plan_of, stand_ins, waiting
from puur.table.view import score_sheet, seat_view, table_status
from puur.table.watch import shown_key, spectator_view

log = logging.getLogger(__name__)

SPECTATOR = -1
"""The ``Subscriber.seat`` of a spectator's connection (a public table: ``puur.table.watch``)."""
QUICK_PLAYERS = frozenset({"heuristic", "random"})
"""Built-in computer players that decide in well under a millisecond (``heuristic`` about 0.2 ms)."""
Commit = Callable[[int, list[list[Any]]], None]
"""Writes the actions accepted by one request, numbered from the first one's ``seq``, in one commit."""
MatchEnd = Callable[["LiveGame", Any], None]
"""``GameHub.match_end``: the game whose match ended, and the store's transaction (or None)."""


@dataclass
class Subscriber:
    """One live connection: the seat it sees and where to put its messages (on the server's event loop)."""

    seat: int
    loop: asyncio.AbstractEventLoop
    queue: asyncio.Queue[dict[str, Any]]
    ended: bool = False
    """Set on the event loop once the connection is to close (``end``): nothing more is queued."""
    remote: bool = False
    """A connection held by another worker (a shared store: ``puur.server.live.shared``): it counts as the
    seat's presence and receives nothing here."""
    shown: Any = None
    """A spectator's connection: what its last view showed (``puur.table.watch.shown_key``), so that it is
    sent a view only when something it may see changed."""

    def put(self, message: dict[str, Any]) -> None:
        if not self.remote:
            self.loop.call_soon_threadsafe(self._put, message)

    def end(self, message: dict[str, Any]) -> None:
        """Close the connection with ``message`` (``OVERFLOW``, ``REPLACED``): what waits unsent is dropped
        at once, so its memory is given back before the connection is gone."""
        if not self.remote:
            self.loop.call_soon_threadsafe(self._end, message)

    def _put(self, message: dict[str, Any]) -> None:
        """On the event loop: queue the message, or, once ``MAX_QUEUED`` wait unsent (a connection that does
        not read, a pace far behind the game), end it with ``OVERFLOW``: the connection closes and its page
        connects again for a fresh view, instead of the server holding every message for it."""
        if self.ended:
            return
        if self.queue.qsize() < MAX_QUEUED:
            self.queue.put_nowait(message)
        else:
            self._end(OVERFLOW)

    def _end(self, message: dict[str, Any]) -> None:
        if self.ended:
            return
        self.ended = True
        while not self.queue.empty():
            self.queue.get_nowait()
        self.queue.put_nowait(message)


MAX_QUEUED = 500
"""Messages one live connection may have waiting to be sent."""
OVERFLOW: dict[str, Any] = {"type": "overflow"}
"""The last message a connection too far behind gets: ``puur.server.http.games`` closes it (4008)."""
REPLACED: dict[str, Any] = {"type": "replaced"}
"""The last message of a seat's oldest connection when a newer one takes its place: closed (4409)."""


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
    players: PlayerPolicy = field(default_factory=PlayerPolicy)
    """Builds the computer seats (only the players the server allows: ``puur.server.policy``)."""
    think: float = math.inf
    """Seconds the computers may think in one request (``ServerSettings.think_per_request``); past them the
    request's remaining computer decisions are ``FALLBACK_PLAYER``'s."""
    touched: float = field(default_factory=time.monotonic)
    """When a request last asked the hub for this game (``GameHub``'s LRU)."""
    evicted: bool = False
    """Set (under ``lock``) when the game left the hub's memory: a request that still holds this object
    must not change it, since the next one reloads the game from the store."""
    version: int = 0
    epoch: int = 0
    """The stored row's version and epoch this copy reflects (a store shared by several workers:
    ``puur.server.live.shared``); unused with the SQLite store."""
    _sheet: tuple[tuple[int, int, int, bool], dict[str, Any]] | None = field(default=None, repr=False)
    table: dict[str, Any] = field(default_factory=dict, repr=False)
    """An online table's passing state (``puur.server.live.tables``): absences, the watchdog, reactions."""
    away_seconds: float = 60.0
    """Seconds a person of an online table may be away at their turn before a computer plays for them
    (``ServerSettings.away_seconds``)."""
    abandon_seconds: float = 180.0
    """Seconds the last person at a rated table may be away at their turn before the computers finish the
    match for them (``ServerSettings.abandon_seconds``)."""

    @property
    def seats(self) -> list[str]:
        """Who acts for each seat now: ``human`` or a computer (one standing in for an absent person of an
        online table included, and one finishing the round of a seat whose person sat down during it:
        ``puur.table.seats``)."""
        return effective_seats(self.settings, self.game.round_number)

    def watchers(self) -> int:
        """How many spectators watch the table: this worker's connections and those other workers announced
        (``table["watching"]``: worker -> count, kept by ``puur.server.live.shared``)."""
        here = sum(1 for sub in list(self.subscribers) if sub.seat == SPECTATOR and not sub.remote)
        return here + sum(self.table.get("watching", {}).values())

    @property
    def held(self) -> set[int]:
        """The seats a token of this game holds (a rematch's seat is held once its person asked for it)."""
        return set(self.token_hashes.values())

    @property
    def status(self) -> str:
        """``waiting``, ``playing`` or ``over`` (``puur.table.view.table_status``)."""
        return table_status(self.settings, self.game, self.held)

    @property
    def seq(self) -> int:
        """How many actions the game has accepted."""
        return len(self.log)

    def replace(self, game: Game, log: list[list[Any]]) -> None:
        """Hold ``game`` and its ``log`` instead (an undo, a replay of the stored log): the sheet is built
        anew. Called under ``lock``."""
        self.game, self.log, self._sheet = game, log, None

    def patience(self, seat: int) -> float | None:
        """How long the table waits for the absent person of ``seat`` at their turn before a computer plays for
        them: ``away_seconds`` while another person plays at the table (they get their seat back when they
        come). The last person is waited for ``abandon_seconds`` at a rated table, whose computers then finish
        the match, counted as abandoned and lost (docs/lobby.md: leaving cannot spare a rated loss), and for
        ever at any other (the game waits for them)."""
        if not last_person(self.settings, seat):
            return self.away_seconds
        return self.abandon_seconds if is_rated(self.settings) else None

    def hand_over_due(self, now: float) -> tuple[int, float] | None:
        """The seat whose person the table waits for now, and when (``time.monotonic``) a computer plays for
        them: a person's seat of an online table whose turn it is, with no connection, ``patience`` seconds
        after the turn came or the person left, whichever is later. None when nobody is awaited. The moment the
        turn came is noted here (``table["turn"]``) at the first look, so the watchdog and every view count
        from the same one (a view read without the lock may note it too: two first looks differ by a moment)."""
        plan = plan_of(self.settings)
        g = self.game
        if plan is None or self.status != "playing" or g.current_seat is None:
            return None
        seat = g.current_seat
        delay = self.patience(seat)
        if self.seats[seat] != HUMAN or delay is None:
            return None
        turn = self.table.get("turn")
        if turn is None or turn[0] != self.seq:
            self.table["turn"] = turn = (self.seq, now)
        local = set(plan["local"])
        listening = {sub.seat for sub in self.subscribers}
        if seat in listening or (seat in local and listening & local):
            return None
        since = max(turn[1], self.table.get("away", {}).get(seat, turn[1]))
        return seat, since + delay

    def awaited(self) -> dict[str, Any] | None:
        """The view's ``awaited``: the seat whose absent person the table waits for and ``hand_over_at``, the
        Unix time at which a computer plays for them (the server's clock: every screen counts down to the
        same moment instead of guessing); None when nobody is awaited."""
        now = time.monotonic()
        due = self.hand_over_due(now)
        if due is None:
            return None
        return {"seat": due[0], "hand_over_at": round(time.time() + max(0.0, due[1] - now), 2)}

    def human_seats(self) -> list[int]:
        return [s for s, kind in enumerate(self.seats) if kind == HUMAN]

    def seat_of(self, token: str) -> int | None:
        return self.token_hashes.get(token_hash(token))

    # ----- views (only what the seat may know) -----
    def sheet(self) -> dict[str, Any]:
        """The public score sheet (``puur.table.view.score_sheet``).

        It changes only when a round is written or the match ends, so it is built once per such state
        (the cached dict is shared by the views built from it and never modified)."""
        g = self.game
        key = (len(g.rounds), g.scores[0], g.scores[1], g.is_over)
        if self._sheet is None or self._sheet[0] != key:
            self._sheet = (key, score_sheet(g))
        return self._sheet[1]

    def view(self, seat: int) -> dict[str, Any]:
        """The seat's view (``puur.table.view.seat_view``: the one definition, shared with the table on one
        device), its live connections and held seats as this server knows them. A spectator (``SPECTATOR``),
        and a person who sat down during a round a computer finishes for them, see the spectator's view
        (``puur.table.watch``: no hand, one trick behind)."""
        listening = {sub.seat for sub in self.subscribers}
        arriving = computers_until_their_round(self.settings, self.game.round_number)
        if seat == SPECTATOR or seat in arriving:
            out = spectator_view(self.game, game_id=self.id, settings=self.settings, seq=self.seq, held=self.held,
                                 listening=listening, sheet=self.sheet(), watchers=self.watchers())
            if seat in arriving:
                out.update(seat=seat, arriving=True)
            return out
        return seat_view(self.game, seat, game_id=self.id, settings=self.settings, seq=self.seq, held=self.held,
                         listening=listening, sheet=self.sheet(), awaited=self.awaited(), watchers=self.watchers())

    def spectator_message(self, sub: Subscriber, views: dict[int, dict[str, Any]]) -> dict[str, Any] | None:
        """A ``watch`` message for the spectator ``sub`` (or a person waiting for their round), or None when
        nothing it may see changed since its last one. ``views``: the views built for this moment, by seat
        (every spectator sees the same one: it is built once). Called under ``lock``."""
        if sub.seat not in views:
            views[sub.seat] = self.view(sub.seat)
        view = views[sub.seat]
        key = shown_key(view)
        if key == sub.shown:
            return None
        sub.shown = key
        return {"type": "watch", "seq": self.seq, "view": view}

    # ----- acting -----
    @cached_property
    def quick(self) -> bool:
        """Whether every computer seat is a player that decides in well under a millisecond
        (``QUICK_PLAYERS``): such a game's requests are served without a trip through the thread pool."""
        return all(kind == HUMAN or parse_spec(kind)[0] in QUICK_PLAYERS for kind in self.seats)

    def act(self, seat: int, action: str, declare: tuple[str, ...], commit: Commit, seen: int | None = None) -> float:
        """The human ``seat`` acts; then the computers move until a human is to act. The accepted actions
        are committed in one transaction (``commit(first_seq, entries)``) before any is announced and before
        this returns. Raises ``Conflict`` and leaves the state unchanged when the action is refused;
        ``Stale`` when ``seen`` (the ``seq`` of the view the client acted on) is given and is not ``seq``.
        Returns the seconds the computers spent (deciding and applying their moves)."""
        with self.lock:
            self.check_current()
            if seen is not None and seen != self.seq:
                raise Stale(f"stale: the action was sent for seq {seen}, the game is at seq {self.seq}; "
                            "fetch the view and act again")
            g = self.game
            if waiting(self.settings, self.held):
                raise Conflict("the table is waiting for its players")
            if g.is_over:
                raise Conflict("the match is over")
            if g.current_seat != seat:
                raise Conflict(f"it is not your turn: seat {g.current_seat} is to act")
            if seat in stand_ins(self.settings):
                raise Conflict(f"a computer plays for seat {seat}: take the seat back first")
            try:
                g.apply(action, declare)
            except IllegalAction as e:
                raise Conflict(str(e)) from None
            pending: list[tuple[list[Any], list[tuple[Subscriber, dict[str, Any]]]]] = []
            try:
                self.accepted(pending, [seat, action, list(declare)])
                return self._computers(pending)
            finally:
                self._flush(commit, pending)

    def advance(self, commit: Commit) -> float:
        """Let the computers move if one is to act (after a restart in the middle of their turn)."""
        with self.lock:
            if self.evicted:  # the game left memory: the next request reloads it and its computers move
                return 0.0
            pending: list[tuple[list[Any], list[tuple[Subscriber, dict[str, Any]]]]] = []
            try:
                return self._computers(pending)
            finally:
                self._flush(commit, pending)

    def check_current(self) -> None:
        """Refuse to change a game that has left the hub's memory (called under ``lock``)."""
        if self.evicted:
            raise Conflict("the game was reloaded while this request waited: send the action again")

    def _computers(self, pending: list[tuple[list[Any], list[tuple[Subscriber, dict[str, Any]]]]]) -> float:
        """The computer seats move (the runner's ``play_computers``, the one path for computer seats) until a
        human is to act; each action is logged as it is applied. Past ``think`` seconds the remaining
        decisions are ``FALLBACK_PLAYER``'s, so one request's computers cost a bounded time. Returns the
        seconds spent deciding and applying (logging left out)."""
        g = self.game
        logging_s = 0.0
        if waiting(self.settings, self.held):  # nobody acts at a table still waiting for its players
            return 0.0

        def player_for(seat: int) -> Player | None:
            if self.seats[seat] == HUMAN:
                return None
            try:
                return self.players.make(self.seats[seat], seed=player_seed(g.seed, self.seq))
            except PlayerRefused:  # a stored seat this server no longer offers: the game waits
                log.warning("game %s: seat %d's player is not allowed on this server; it does not move", self.id, seat)
                return None

        def moved(seat: int, action: Action, declare: tuple[str, ...]) -> None:
            nonlocal logging_s
            t = time.perf_counter()
            self.accepted(pending, [seat, str(action), list(declare)])
            logging_s += time.perf_counter() - t

        def quick(seat: int) -> Player:
            return self.players.make(FALLBACK_PLAYER, seed=player_seed(g.seed, self.seq))

        t0 = time.perf_counter()
        play_computers(g, player_for, on_move=moved, think=self.think, quick=quick)
        return time.perf_counter() - t0 - logging_s

    def accepted(self, pending: list[tuple[list[Any], list[tuple[Subscriber, dict[str, Any]]]]],
                  entry: list[Any]) -> None:
        """Log an applied action; the live connections' messages carry the view right after it."""
        self.log.append(entry)
        seq = self.seq
        covered = self.game.form is None or not self.game.form.open_predictions  # Differenzler's open predictions
        arriving = computers_until_their_round(self.settings, self.game.round_number)
        messages: list[tuple[Subscriber, dict[str, Any]]] = []
        watched: dict[int, dict[str, Any]] = {}
        for sub in list(self.subscribers):
            if sub.remote:
                continue
            if sub.seat == SPECTATOR or sub.seat in arriving:  # never the action: a card played just now
                watch = self.spectator_message(sub, watched)
                if watch is not None:
                    messages.append((sub, watch))
                continue
            messages.append((sub, {"type": "event", "seq": seq, "seat": entry[0],  # another's Differenzler prediction:
                                   "action": public_action(entry[1], entry[0], sub.seat, covered),  # only that it was made
                                   "view": self.view(sub.seat)}))
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


def rematch_id(game_id: str) -> str:
    """The id of ``game_id``'s rematch: one per game, so every seat that asks for it joins the same one."""
    return hashlib.sha256(f"puur rematch|{game_id}".encode()).hexdigest()[:16]


def rematch_token(token: str, rematch_game_id: str) -> str:
    """A seat's token in the rematch, derived from its token in the old game (HMAC-SHA256, keyed by that
    256-bit secret): each seat gets its own by asking with its own, the same one each time, and the server
    stores neither (only the new token's hash, once claimed). The old token cannot be read back from it."""
    mac = hmac.new(token.encode(), f"puur rematch token|{rematch_game_id}".encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(mac).rstrip(b"=").decode()
