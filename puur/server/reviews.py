"""Round review at the table: ``GET /api/v1/games/{id}/rounds/{n}/review``.

Once a round is over, every one of its cards has been played face up, so holding the round against
perfect play with open cards (``puur.bots.analysis``) shows no seat anything it has not seen; a round still
in play is refused (409) unless the match is over (then the record, every deal included, is open anyway).

A review can take from a fraction of a second to a few minutes (a whole round from its first card), so it
runs in its own worker process, off the event loop and the game's thread; the first request starts it
and answers 202 ``{"status": "running"}``, later ones poll until ``{"status": "done", "review": ...}``.
At most ``WORKERS`` reviews run at once (the others wait their turn), a review still running after
``TIME_LIMIT`` seconds is stopped and answered ``{"status": "failed", "reason": ...}``, and finished
reviews are kept (the last ``KEEP``) so the table can show them again. The queue is bounded per game and in
all (``ServerSettings.reviews_per_game``, ``reviews_total``): a new review past either is a 429 with
Retry-After.
"""

from __future__ import annotations

import multiprocessing
import threading
import time
from collections import OrderedDict
from multiprocessing.connection import Connection
from typing import Annotated, Any

from fastapi import APIRouter, Depends, HTTPException, Path, Request
from fastapi.responses import JSONResponse

from puur.cards import Contract
from puur.profile import RuleProfile
from puur.server.game_models import Error
from puur.server.games import ERRORS, Token, _game, _seat, get_hub
from puur.server.live import GameHub
from puur.server.policy import settings_of

router = APIRouter(prefix="/api/v1", tags=["games"])

WORKERS = 1
TIME_LIMIT = 300.0
KEEP = 64
RETRY_AFTER = 10
"""Seconds a request refused by a full review queue is told to wait."""


def _work(conn: Connection, job: tuple[dict[str, Any], list[int], int, int, str, list[int], bool]) -> None:
    """In the worker process: review the round and send back its JSON (or the error's text)."""
    from puur.bots.analysis import review_round

    profile, dealt, dealer, forehand, contract, cards, pushed = job
    try:
        review = review_round(
            RuleProfile.from_dict(profile), dealt, dealer, forehand, Contract[contract], cards, pushed=pushed
        )
        conn.send(("done", review.to_dict()))
    except Exception as e:  # noqa: BLE001 - reported to the page as the review's failure
        conn.send(("failed", f"{type(e).__name__}: {e}"))
    conn.close()


class _Job:
    def __init__(self, job: tuple[Any, ...]) -> None:
        self.job = job
        self.status = "waiting"
        self.result: dict[str, Any] | None = None
        self.reason: str | None = None
        self.proc: multiprocessing.process.BaseProcess | None = None
        self.conn: Connection | None = None
        self.started = 0.0


class QueueFull(Exception):
    """The review queue holds as many reviews as it may (for this game, or in all); the message says which."""


class Reviews:
    """The review jobs of one server: started on request, ``WORKERS`` at a time, polled by the page. At most
    ``per_game`` reviews of one game and ``total`` in all wait or run at once (``ServerSettings``)."""

    def __init__(self, per_game: int = 4, total: int = 32) -> None:
        self._ctx = multiprocessing.get_context("spawn")  # a clean child: no copy of the server's threads
        self._jobs: OrderedDict[tuple[str, int], _Job] = OrderedDict()
        self._lock = threading.Lock()
        self.per_game = per_game
        self.total = total

    def _check_room(self, game_id: str) -> None:
        """``QueueFull`` unless one more review of ``game_id`` may wait (called with ``_lock`` held)."""
        queued = [k for k, e in self._jobs.items() if e.status in ("waiting", "running")]
        if len(queued) >= self.total:
            raise QueueFull(f"{len(queued)} round reviews are waiting or running, the most this server takes")
        if sum(1 for g, _ in queued if g == game_id) >= self.per_game:
            raise QueueFull(f"{self.per_game} reviews of this game are waiting or running: ask again when one is done")

    def request(self, key: tuple[str, int], job: tuple[Any, ...]) -> _Job:
        with self._lock:
            entry = self._jobs.get(key)
            if entry is None:
                self._step()  # finished jobs leave the queue first
                self._check_room(key[0])
                entry = self._jobs[key] = _Job(job)
            self._jobs.move_to_end(key)
            self._step()
            return entry

    def _step(self) -> None:
        """Collect finished jobs, stop overdue ones, start waiting ones, forget the oldest done."""
        now = time.monotonic()
        running = 0
        for entry in self._jobs.values():
            if entry.status != "running":
                continue
            assert entry.proc is not None and entry.conn is not None
            if entry.conn.poll():
                try:
                    entry.status, payload = entry.conn.recv()
                except EOFError:
                    entry.status, payload = "failed", "the review process ended without an answer"
                if entry.status == "done":
                    entry.result = payload
                else:
                    entry.reason = payload
                entry.proc.join(timeout=1)
            elif not entry.proc.is_alive():
                entry.status, entry.reason = "failed", "the review process ended without an answer"
            elif now - entry.started > TIME_LIMIT:
                entry.proc.terminate()
                entry.proc.join(timeout=1)
                entry.status = "failed"
                entry.reason = f"this round is too hard to review in {TIME_LIMIT:.0f} s"
            else:
                running += 1
        for entry in self._jobs.values():
            if running >= WORKERS:
                break
            if entry.status == "waiting":
                recv, send = self._ctx.Pipe(duplex=False)
                entry.proc = self._ctx.Process(target=_work, args=(send, entry.job), daemon=True)
                entry.proc.start()
                send.close()
                entry.conn, entry.started, entry.status = recv, now, "running"
                running += 1
        finished = [k for k, e in self._jobs.items() if e.status in ("done", "failed")]
        for k in finished[: max(0, len(finished) - KEEP)]:
            del self._jobs[k]

    def close(self) -> None:
        with self._lock:
            for entry in self._jobs.values():
                if entry.proc is not None and entry.proc.is_alive():
                    entry.proc.terminate()
            self._jobs.clear()


_reviews_lock = threading.Lock()


def get_reviews(request: Request) -> Reviews:
    """The app's review jobs (made on first use)."""
    state = request.app.state
    with _reviews_lock:
        if getattr(state, "reviews", None) is None:
            settings = settings_of(request.app)
            state.reviews = Reviews(settings.reviews_per_game, settings.reviews_total)
    reviews: Reviews = state.reviews
    return reviews


@router.get(
    "/games/{game_id}/rounds/{number}/review",
    responses={
        **ERRORS,
        200: {"description": "`{\"status\": \"done\", \"review\": ...}` or `{\"status\": \"failed\", \"reason\": ...}`"},
        202: {"description": "`{\"status\": \"running\"}` (or waiting): ask again in a moment"},
        409: {"model": Error, "description": "the round is still being played"},
        429: {"model": Error, "description": "the review queue is full (for this game or in all): Retry-After"},
    },
    summary="A finished round against perfect play with open cards: what each card gave away",
)
def review(
    game_id: str,
    number: Annotated[int, Path(ge=1, le=10000, description="the round, from 1")],
    token: Token,
    hub: Annotated[GameHub, Depends(get_hub)],
    reviews: Annotated[Reviews, Depends(get_reviews)],
) -> JSONResponse:
    live = _game(hub, game_id)
    _seat(live, token)
    with live.lock:  # a consistent picture of the match (the computers may be moving)
        game = live.game
        if number > len(game.round_states):
            raise HTTPException(404, f"no round {number}: the match has {len(game.round_states)} so far")
        if number > len(game.rounds) and not game.is_over:
            raise HTTPException(409, f"round {number} is still being played: its review opens when it is over")
        r = game.round_states[number - 1]
        cards = [c for t in r.tricks for c in t.cards] + list(r.trick)
        if r.contract is None or not cards:
            raise HTTPException(409, f"round {number} has no card played: nothing to review")
        job = (r.profile.to_dict(), list(r.dealt), r.dealer, r.forehand, r.contract.name, cards, r.pushed)
    try:
        entry = reviews.request((game_id, number), job)
    except QueueFull as e:
        raise HTTPException(429, str(e), headers={"Retry-After": str(RETRY_AFTER)}) from None
    if entry.status == "done":
        return JSONResponse({"status": "done", "review": entry.result})
    if entry.status == "failed":
        return JSONResponse({"status": "failed", "reason": entry.reason})
    return JSONResponse({"status": entry.status}, status_code=202)
