"""Every finished match rated exactly once, with its end where the store allows it (docs/ratings.md).

- **PostgreSQL** (several workers, one database): the match's last actions are appended in the game row's
  transaction (``puur.server.store.postgres.Locked.append``); the ratings are written in that transaction,
  before its commit (``GameHub.match_end`` with the store's connection). The match ends and is rated in one
  commit, or neither happens. A rating that fails is rolled back to a savepoint, alone: the match still ends,
  and the sweep rates it.
- **SQLite** (one worker): the games and the place are two connections to one file, so the rating follows the
  end's commit in a transaction of its own. A worker that stops between the two loses nothing: the sweep
  (at the start, then every few minutes after a request) rates every finished match not yet looked at.

Either way the first write is the match's row in ``rated_matches`` (the game's id its primary key): a second
rating of the same match, on another worker or by a sweep, finds it there and writes nothing.
"""

from __future__ import annotations

import logging
import threading
import time
from typing import Any

from puur.server.live import GameHub, LiveGame
from puur.server.place.rating import newcomer, ordinal, rate, result_of
from puur.server.store.place import PlaceDb
from puur.server.store.ratings import (
    CoreSql,
    RawPgSql,
    Sql,
    claim_match,
    existing_players,
    mark_uncounted,
    ratings_for_update,
    unlooked_finished_games,
    write_rating,
)
from puur.table.play import replay

log = logging.getLogger(__name__)

SWEEP_EVERY = 300.0
"""Seconds between two sweeps for finished matches not yet rated (after a request; one at the start)."""
SWEEP_BATCH = 200
"""Finished matches one sweep looks at, oldest first (the next sweep takes the rest)."""


def rate_match(sql: Sql, game_id: str, settings: dict[str, Any], winner: int | None, now: float) -> bool:
    """Rate the finished match ``game_id`` in ``sql``'s transaction unless it was looked at before; True when
    its players' ratings changed now. A match that is not rated (``result_of``) or whose player was deleted
    since is noted as looked at all the same, so no sweep takes it up again."""
    result = result_of(settings, winner)
    if not claim_match(sql, game_id, result is not None, now):
        return False
    if result is None:
        return False
    if existing_players(sql, result.player_ids) != set(result.player_ids):
        mark_uncounted(sql, game_id)
        return False
    current = ratings_for_update(sql, result.player_ids)
    after = rate(result, current)
    start = newcomer()
    for seat, pid in enumerate(result.players):
        if pid is not None:
            write_rating(sql, pid, game_id, current.get(pid, start), after[pid], ordinal(after[pid]),
                         seat % 2 == result.winner, now)
    return True


class MatchRatings:
    """Rates the finished matches of one server's games (``attach``)."""

    def __init__(self, place: PlaceDb, hub: GameHub) -> None:
        self.place = place
        self.hub = hub
        self._lock = threading.Lock()
        self._swept = -float("inf")
        self._sweeping = False

    def attach(self) -> None:
        """Rate the hub's matches as they end, and sweep once now (in the background: a server's first request
        does not wait for it)."""
        self.hub.match_end = self.match_ended
        self.hub.watchers.append(self._after_request)
        self._sweep_in_background()

    # ----- a match's end -----
    def match_ended(self, live: LiveGame, conn: Any | None) -> None:
        """``GameHub.match_end``: ``conn`` is the game store's transaction (PostgreSQL), in which the ratings are
        written before it commits; None (SQLite) when the end is committed already."""
        if conn is None:
            self.rate_now(live.id, live.settings, live.game.winner)
            return
        conn.execute("SAVEPOINT puur_rating")
        try:
            rate_match(RawPgSql(conn), live.id, live.settings, live.game.winner, time.time())
        except Exception:
            conn.execute("ROLLBACK TO SAVEPOINT puur_rating")  # the match ends all the same; a sweep rates it
            log.exception("game %s: rating the match failed; a sweep rates it", live.id)
        else:
            conn.execute("RELEASE SAVEPOINT puur_rating")

    def rate_now(self, game_id: str, settings: dict[str, Any], winner: int | None) -> bool:
        """Rate the match in a transaction of the place's own (once: ``rate_match``); a failure is logged
        (the sweep tries again), never raised into the game's request."""
        try:
            with self.place.begin() as conn:
                rated = rate_match(CoreSql(conn), game_id, settings, winner, time.time())
        except Exception:
            log.exception("game %s: rating the match failed; a sweep rates it", game_id)
            return False
        return rated

    def rate_stored(self, game_id: str) -> bool:
        """Rate a stored game (read and replayed from the store) whose match is over, or that the lobby
        closed with an abandon (``puur.server.place.rating.abandoned_seats``); True when rated now."""
        stored = self.hub.store.load(game_id)
        if stored is None:
            return False
        try:
            winner = replay(stored.settings, stored.actions).winner
        except (RuntimeError, ValueError, KeyError):  # a record that no longer replays: looked at, not rated
            log.warning("game %s does not replay; its match is not rated", game_id)
            winner = None
        return self.rate_now(game_id, stored.settings, winner)

    # ----- the sweep -----
    def sweep(self, limit: int = SWEEP_BATCH) -> int:
        """Rate the finished matches no rating has looked at (oldest first, at most ``limit``); how many were
        looked at."""
        self._swept = time.monotonic()
        try:
            with self.place.read() as conn:
                ids = unlooked_finished_games(CoreSql(conn), limit)
        except Exception:
            log.exception("the sweep for finished matches not yet rated failed")
            return 0
        for game_id in ids:
            self.rate_stored(game_id)
        return len(ids)

    def _sweep_in_background(self) -> None:
        with self._lock:
            if self._sweeping:
                return
            self._sweeping = True
            self._swept = time.monotonic()

        def run() -> None:
            try:
                self.sweep()
            finally:
                self._sweeping = False

        threading.Thread(target=run, name="puur-rating-sweep", daemon=True).start()

    def _after_request(self, live: LiveGame) -> None:
        """A hub watcher: sweep when one is due."""
        if time.monotonic() - self._swept >= SWEEP_EVERY:
            self._sweep_in_background()


__all__ = ["SWEEP_BATCH", "SWEEP_EVERY", "MatchRatings", "rate_match"]
