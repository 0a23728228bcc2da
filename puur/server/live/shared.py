"""Games shared by several workers over one PostgreSQL store: ``GameHub``'s part for a shared store.

The stored row and action log are the truth; a worker's ``LiveGame`` is a cache that carries the row's
``version`` and ``epoch`` it reflects (``puur.server.store.postgres`` explains both).

- **Reading** (``sync``, before every request's use of a game): one query compares the row's version with
  the copy's; a copy behind it takes the missing actions (and the settings and seat tokens, which a join or
  a hint count may have changed), or is replayed from the log when actions were taken back (a new epoch).
- **Writing** (``act``, ``advance``): the game's row is locked first (``PgStore.locked``), the copy brought
  up to it, then the action and the computers' moves are applied and appended in that transaction, which
  announces them (NOTIFY) as it commits. The worker that accepted an action makes the computers' moves;
  one that dies mid-way loses nothing accepted: its transaction either committed (everything is in the log)
  or not (nothing is, and the client's retry is judged afresh by any worker).
- **Listening** (``notified``): a notification for a game this worker holds brings it up to date, which
  pushes the new actions to this worker's live connections, each with its seat's view, as if they had been
  accepted here. After the listener reconnects, every held game is brought up to date (notifications sent
  meanwhile are lost, the log is not).

Locks are taken in one order, the row first and then the game's lock in memory; code that holds the game's
lock only reads the database (``sync``) or gives up after a short wait (``PgStore._short``).
"""

from __future__ import annotations

import contextlib
import logging
import queue
import secrets
import threading
import time
from typing import TYPE_CHECKING, Any, TypeVar

from puur.match.game import RecordMismatch
from puur.server.live.errors import Conflict, NotFound
from puur.server.live.game import HUMAN, SPECTATOR, Commit, LiveGame, Subscriber
from puur.server.live.hub import GameHub
from puur.server.policy import ServerSettings
from puur.server.store import GameBusy, GameGone, GameStore, StoredGame, Writes
from puur.server.store.postgres import PRESENCE, Announced, Changes, Locked, PgStore
from puur.table.play import stored_declarations

if TYPE_CHECKING:
    from collections.abc import Callable

log = logging.getLogger(__name__)
T = TypeVar("T")

HEARTBEAT = 10.0
"""Seconds between two announcements of a worker's live connections (``PRESENCE``)."""
EXPIRE = 35.0
"""A connection announced by another worker and not again for this long is gone (that worker died)."""


def _stored(game_id: str, ch: Changes) -> StoredGame:
    """The whole stored game of ``ch`` (read from action 0) as ``GameHub.rebuild`` replays it."""
    assert ch.since == 0
    return StoredGame(game_id, ch.settings, ch.status, ch.created, ch.updated, ch.actions)


def _log(entries: list[list[Any]]) -> list[list[Any]]:
    return [[e[0], e[1], list(e[2]) if len(e) > 2 else []] for e in entries]


def computers_due(live: LiveGame) -> bool:
    """Whether a computer seat is to act (read without the lock: a hint only, re-checked under it)."""
    g = live.game
    return not g.is_over and g.current_seat is not None and live.seats[g.current_seat] != HUMAN


class SharedGames:
    """The hub's games kept in step with a shared store; started by ``GameHub`` when ``store.shared``."""

    def __init__(self, hub: GameHub, store: PgStore) -> None:
        self.hub = hub
        self.store = store
        self.worker = secrets.token_hex(6)
        """This worker's name in ``PRESENCE`` announcements."""
        self._remote: dict[str, dict[int, dict[str, float]]] = {}  # game -> seat -> worker -> last heard
        self._watching: dict[str, dict[str, tuple[int, float]]] = {}  # game -> worker -> (spectators, last heard)
        self._presence_lock = threading.Lock()
        self._outbox: queue.Queue[str] = queue.Queue()
        self._stop = threading.Event()
        store.listen(self.notified, self.reconnected, self.presence_heard)
        threading.Thread(target=self._announcer, name="puur-presence", daemon=True).start()

    def close(self) -> None:
        self._stop.set()
        self._outbox.put("")
        self.store.close()

    # ----- presence: who is connected where -----
    # A person's live connection is held by one worker; the table's other screens, on other workers, must
    # see them connected (the view's seating) and must not hand their seat to a computer as if they were
    # away (``puur.server.live.tables``). Each worker announces its connections (``PRESENCE``: on every change,
    # and again every ``HEARTBEAT``); the others hold a stand-in ``Subscriber`` (``remote``: it receives
    # nothing) for each seat connected elsewhere, so the code that asks "who is listening" sees them.
    def presence(self, live: LiveGame, seat: int) -> None:
        """``seat``'s connections to ``live`` on this worker changed: tell the others (never waits)."""
        n = sum(1 for sub in list(live.subscribers) if not sub.remote and sub.seat == seat)
        self._outbox.put(f"{live.id}:{seat}:{self.worker}:{n}")

    def _announce_all(self) -> None:
        held = self.hub.held()
        for live in held:
            for seat in sorted({sub.seat for sub in list(live.subscribers) if not sub.remote}):
                self.presence(live, seat)

    def _announcer(self) -> None:
        """Send the queued announcements (several per notification), all of them every ``HEARTBEAT``, and
        forget other workers' connections not announced for ``EXPIRE`` seconds."""
        beat = time.monotonic() + HEARTBEAT
        while not self._stop.is_set():
            try:
                first = self._outbox.get(timeout=max(0.01, beat - time.monotonic()))
            except queue.Empty:
                first = None
            if time.monotonic() >= beat:
                beat = time.monotonic() + HEARTBEAT
                self._announce_all()
                self._expire()
            batch = [first] if first else []
            with contextlib.suppress(queue.Empty):
                while len(batch) < 150:
                    item = self._outbox.get_nowait()
                    if item:
                        batch.append(item)
            if batch and not self._stop.is_set():
                try:
                    self.store.notify(PRESENCE, ";".join(batch))
                except Exception as e:
                    log.warning("announcing live connections failed (%s)", type(e).__name__)

    def relay(self, live: LiveGame, seat: int, kind: str, code: str = "") -> None:
        """A message of the table made on this worker that the game's log does not carry: a quick reaction
        (``kind`` ``reaction``, ``puur.server.live.tables.react``) or a seat's rematch (``rematch``). The other
        workers pass it to their own connections of the game (announced beside the presence,
        ``!GAME:SEAT:WORKER:KIND:CODE``; kinds and codes are fixed words, a game id has no ``:`` or ``;``)."""
        self._outbox.put(f"!{live.id}:{seat}:{self.worker}:{kind}:{code}")

    def _relay_heard(self, item: str) -> None:
        game_id, seat, worker, kind, code = item[1:].split(":")
        live = self.hub.held_game(game_id)  # the game as this worker holds it: only its connections are told
        if worker == self.worker or live is None or kind not in ("reaction", "rematch"):
            return
        message: dict[str, Any] = {"type": kind, "seat": int(seat)}
        if kind == "reaction":
            message["code"] = code
        for sub in list(live.subscribers):
            if kind == "reaction" or sub.seat != int(seat):
                sub.put(message)  # a stand-in for a seat connected elsewhere receives nothing

    def presence_heard(self, payload: str) -> None:
        """Another worker's announcement (``GAME:SEAT:WORKER:COUNT;...``), or ``?`` (announce yours); a
        reaction or rematch (``!GAME:SEAT:WORKER:KIND:CODE``) goes to this worker's connections of the game."""
        if payload == "?":
            self._announce_all()
            return
        changed = set()
        now = time.monotonic()
        for item in payload.split(";"):
            if item.startswith("!"):
                self._relay_heard(item)
        with self._presence_lock:
            for item in payload.split(";"):
                if item.startswith("!"):
                    continue
                game_id, seat, worker, count = item.split(":")
                if worker == self.worker:
                    continue
                if int(seat) == SPECTATOR:  # spectators: a count per worker, no stand-in subscriber
                    self._watching.setdefault(game_id, {})[worker] = (int(count), now)
                    changed.add(game_id)
                    continue
                seats = self._remote.setdefault(game_id, {})
                workers = seats.setdefault(int(seat), {})
                was = bool(workers)
                if int(count) > 0:
                    workers[worker] = now
                else:
                    workers.pop(worker, None)
                if was != bool(workers):
                    changed.add(game_id)
                if not workers:
                    del seats[int(seat)]
                if not seats:
                    del self._remote[game_id]
        for game_id in changed:
            self._show_presence(game_id)

    def _expire(self) -> None:
        old = time.monotonic() - EXPIRE
        changed = set()
        with self._presence_lock:
            for game_id, seats in list(self._remote.items()):
                for seat, workers in list(seats.items()):
                    for worker, heard in list(workers.items()):
                        if heard < old:
                            del workers[worker]
                    if not workers:
                        del seats[seat]
                        changed.add(game_id)
                if not seats:
                    del self._remote[game_id]
            for game_id, by_worker in list(self._watching.items()):
                for worker, (_, heard) in list(by_worker.items()):
                    if heard < old:
                        del by_worker[worker]
                        changed.add(game_id)
                if not by_worker:
                    del self._watching[game_id]
        for game_id in changed:
            self._show_presence(game_id)

    def _stand_ins(self, live: LiveGame) -> bool:
        """Make ``live``'s remote stand-in subscribers match the seats connected elsewhere (called with
        ``live.lock`` held, or before ``live`` is shared); True if they changed."""
        with self._presence_lock:
            want = {seat for seat, workers in self._remote.get(live.id, {}).items() if workers}
            watching = {w: n for w, (n, _) in self._watching.get(live.id, {}).items() if n > 0}
        have = {sub.seat for sub in list(live.subscribers) if sub.remote}
        seen = live.table.get("watching", {})
        live.table["watching"] = watching  # the spectators other workers hold (LiveGame.watchers)
        if want == have:
            return watching != seen
        for sub in [sub for sub in list(live.subscribers) if sub.remote and sub.seat not in want]:
            with contextlib.suppress(ValueError):
                live.subscribers.remove(sub)
        for seat in sorted(want - have):
            live.subscribers.append(Subscriber(seat, None, None, remote=True))  # type: ignore[arg-type]
        return True

    def _show_presence(self, game_id: str) -> None:
        """Bring a held game's stand-ins up to date; its screens here get the new seating (a ``table``
        message, as ``puur.server.live.tables`` sends one)."""
        live = self.hub.held_game(game_id)
        if live is None:
            return
        with live.lock:
            if live.evicted or not self._stand_ins(live):
                return
            messages = [(sub, {"type": "table", "seq": live.seq, "view": live.view(sub.seat)})
                        for sub in list(live.subscribers) if not sub.remote]
        for sub, message in messages:
            sub.put(message)

    # ----- reading -----
    def load(self, game_id: str) -> LiveGame:
        """The stored game, replayed (``NotFound`` if there is none)."""
        try:
            ch = self.store.changes(game_id, 0, -1)
        except GameGone:
            raise NotFound(game_id) from None
        assert ch is not None
        live = self.hub.rebuild(_stored(game_id, ch))
        live.version, live.epoch = ch.version, ch.epoch
        self._stand_ins(live)  # the seats connected to other workers
        return live

    def sync(self, live: LiveGame, version: int | None = None) -> None:
        """Bring ``live`` up to the stored game (nothing when ``version``, a notified one, is not newer than
        the copy's). ``NotFound`` when the game is no longer stored (it leaves this worker's memory too)."""
        if version is not None and version <= live.version:
            return
        with live.lock:
            if live.evicted:
                return
            try:
                ch = self.store.changes(live.id, live.seq, live.version)
            except GameGone:
                self._forget(live)
                raise NotFound(live.id) from None
            if ch is not None:
                self._catch_up(live, ch, lambda: self.store.changes(live.id, 0, -1))

    def _catch_up(self, live: LiveGame, ch: Changes, everything: Callable[[], Changes | None]) -> None:
        """Apply ``ch`` to ``live`` and announce the new actions (called with ``live.lock`` held). A copy of
        another epoch, or ahead of the log, is replayed from the whole log (``everything``) instead."""
        if ch.epoch == live.epoch and ch.since == live.seq and ch.seq >= live.seq:
            try:
                self._append(live, ch)
                return
            except Exception:
                log.warning("game %s: the stored actions do not follow this copy; replaying the log", live.id)
        full = everything()
        assert full is not None
        self._replace(live, full)

    def _meta(self, live: LiveGame, ch: Changes) -> None:
        if ch.settings.get("seats") != live.settings.get("seats"):
            live.__dict__.pop("quick", None)  # cached from the seats (LiveGame.quick)
        live.settings = ch.settings
        live.token_hashes = dict(ch.token_hashes)
        live.updated = ch.updated
        live.version, live.epoch = ch.version, ch.epoch

    def _append(self, live: LiveGame, ch: Changes) -> None:
        table_changed = ch.settings != live.settings or ch.token_hashes != live.token_hashes
        self._meta(live, ch)
        if not ch.actions and table_changed and live.subscribers:
            # a seat taken, filled or handed over on another worker: the live connections here see the table
            # as that worker's own did (puur.server.live.tables: a "table" message with the seat's view)
            for sub in list(live.subscribers):
                sub.put({"type": "table", "seq": live.seq, "view": live.view(sub.seat)})
            return
        pending: list[tuple[list[Any], list[Any]]] = []
        for entry in _log(ch.actions):
            try:  # the one replay step (puur.table.play.replay takes it too)
                live.game.replay_action(entry[0], entry[1], stored_declarations(entry))
            except RecordMismatch as e:
                raise RuntimeError(f"game {live.id}: {e}") from None
            live.accepted(pending, entry)
        for _, messages in pending:
            for sub, message in messages:
                sub.put(message)

    def _replace(self, live: LiveGame, ch: Changes) -> None:
        """Replay the whole log into ``live`` (actions were taken back); the live connections get the view
        as after an undo."""
        fresh = self.hub.rebuild(_stored(live.id, ch))
        live.replace(fresh.game, fresh.log)
        self._meta(live, ch)
        for sub in list(live.subscribers):
            sub.put({"type": "undo", "seq": live.seq, "seat": None, "view": live.view(sub.seat)})

    def _forget(self, live: LiveGame) -> None:
        """``live`` leaves memory (its row is gone, or a write of it failed)."""
        self.hub.forget(live)

    # ----- writing (the row locked) -----
    def _locked_catch_up(self, live: LiveGame, txn: Locked) -> None:
        with live.lock:
            if live.evicted:
                raise Conflict("the game was reloaded while this request waited: send the action again")
            ch = txn.changes(live.seq, live.version)
            if ch is not None:
                self._catch_up(live, ch, lambda: txn.changes(0, -1))

    def _ending(self, live: LiveGame) -> Callable[[Any], None] | None:
        """What the append that ends ``live``'s match also writes in its transaction (``GameHub.match_end``)."""
        hook = self.hub.match_end
        if hook is None or not live.game.is_over:
            return None
        return lambda conn: hook(live, conn)

    def _committer(self, live: LiveGame, txn: Locked) -> Commit:
        def commit(first_seq: int, entries: list[list[Any]]) -> None:
            try:
                live.version = txn.append(first_seq, entries, live.status, also=self._ending(live))
            except BaseException:
                live.version = live.epoch = -1  # this copy is ahead of the log: the next sync replays it
                raise

        return commit

    def plain_committer(self, live: LiveGame) -> Commit:
        """A commit for code that holds ``live.lock`` but not the row (``LiveGame.advance`` called directly,
        as ``puur.server.live.tables`` does): the row is locked for the append alone, which is refused
        (``Conflict``) if another worker stored an action meanwhile. ``GameHub.resume_computers`` is the
        better call: it locks the row first and catches up."""

        def commit(first_seq: int, entries: list[list[Any]]) -> None:
            known = live.version
            try:
                with self.store.locked(live.id) as txn:
                    if int(txn.row[4]) != first_seq:
                        raise Conflict("the game moved on on another worker: send it again")
                    version = txn.append(first_seq, entries, live.status, also=self._ending(live))
                    stored_before = int(txn.row[5])
            except GameBusy as e:  # nothing was stored: the request is refused as any conflict
                live.version = live.epoch = -1  # this copy is ahead of the log: the next sync replays it
                raise Conflict(str(e)) from None
            except BaseException:
                live.version = live.epoch = -1  # this copy is ahead of the log: the next sync replays it
                raise
            if stored_before == known:  # else another change is still to be read by the next sync
                live.version = version

        return commit

    def change(self, live: LiveGame, fn: Callable[[Writes], T]) -> T:
        """``GameHub.change`` on the shared store: the game's row locked, the copy brought up to it, ``fn``
        run under the game's lock with the transaction's writes, all of them committed (and announced) once.
        Two workers changing one table wait for each other, and the second judges the first's result (an
        invite code spent, a seat taken): nothing is written from a copy that is behind."""
        try:
            with self.store.locked(live.id) as txn:
                self._locked_catch_up(live, txn)
                with live.lock:
                    if live.evicted:
                        raise Conflict("the game was reloaded while this request waited: send it again")
                    result = fn(txn)
                    try:
                        live.version = txn.commit()
                    except BaseException:
                        live.version = live.epoch = -1  # the copy holds what was not stored: the next sync replays
                        raise
                return result
        except GameBusy as e:
            raise Conflict(str(e)) from None
        except GameGone:
            self._forget(live)
            raise NotFound(live.id) from None

    def act(self, live: LiveGame, seat: int, action: str, declare: tuple[str, ...], seen: int | None) -> float:
        """``LiveGame.act`` with the game's row locked; returns the computers' seconds."""
        try:
            with self.store.locked(live.id) as txn:
                self._locked_catch_up(live, txn)
                return live.act(seat, action, declare, self._committer(live, txn), seen)
        except GameBusy as e:
            raise Conflict(str(e)) from None
        except GameGone:
            self._forget(live)
            raise NotFound(live.id) from None

    def advance(self, live: LiveGame) -> float:
        """Let the computers move if one is to act (a game loaded or resumed), with the row locked."""
        if not computers_due(live):
            return 0.0
        try:
            with self.store.locked(live.id) as txn:
                self._locked_catch_up(live, txn)
                return live.advance(self._committer(live, txn))
        except (GameBusy, Conflict):  # another worker is acting on it: that one moves the computers
            return 0.0
        except GameGone:
            self._forget(live)
            raise NotFound(live.id) from None

    # ----- listening -----
    def notified(self, game_id: str, version: int, announced: Announced | None = None) -> None:
        """Another worker (or this one) stored a change of ``game_id``: catch up if this worker holds it. The
        actions the notification carries (``announced``) are taken as they are by a copy at the version just
        before them (no query); any other copy reads what it lacks (``sync``)."""
        live = self.hub.held_game(game_id)
        if live is None or version <= live.version:
            return
        if announced is not None:
            with live.lock:
                if live.evicted:
                    return
                if live.version == announced.after:
                    ch = announced.changes(version, live.settings, live.created, live.token_hashes)
                    try:
                        self._catch_up(live, ch, lambda: self.store.changes(live.id, 0, -1))
                    except GameGone:  # (only read when the carried actions do not follow this copy)
                        self._forget(live)
                    return
        with contextlib.suppress(NotFound):
            self.sync(live, version)

    def reconnected(self) -> None:
        with contextlib.suppress(Exception):
            self.store.notify(PRESENCE, "?")  # every worker (this one too) announces its connections again
        held = self.hub.held()
        for live in held:
            try:
                self.sync(live)
            except NotFound:
                pass
            except Exception:
                log.exception("game %s: catching up after the listener reconnected failed", live.id)


def open_hub(store: GameStore, settings: ServerSettings | None = None) -> GameHub:
    """The hub of a server's games on ``store``; on a store shared by several workers (PostgreSQL) with its
    games kept in step with it (``SharedGames``)."""
    hub = GameHub(store, settings)
    if isinstance(store, PgStore):
        hub.shared = SharedGames(hub, store)
    return hub


__all__ = ["SharedGames", "computers_due", "open_hub"]
