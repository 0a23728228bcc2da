"""Round review at the table: a finished round held against perfect play, in worker processes.

Once a round is over, every one of its cards has been played face up, so holding the round against
perfect play with open cards (``puur.bots.analysis``) shows no seat anything it has not seen; a round still
in play is refused (``RoundInPlay``) unless the match is over (then the record, every deal included, is open
anyway). ``Reviews.review`` decides this and queues the review; the route (``puur.server.http.reviews``)
only translates.

A review can take from a fraction of a second to a few minutes (a whole round from its first card), so it
runs in its own worker process, off the event loop and the game's thread; the first request starts it
(status ``running``), later ones poll until it is ``done`` (its review) or ``failed`` (the reason).
At most ``WORKERS`` reviews run at once (the others wait their turn), a review still running after
``TIME_LIMIT`` seconds is stopped and fails, and finished reviews are kept (the last ``KEEP``) so the table
can show them again. The queue is bounded per game, per client address and in all
(``ServerSettings.reviews_per_game``, ``reviews_per_client``, ``reviews_total``): a new review past any of them
is refused (``QueueFull``; asked again after ``RETRY_AFTER`` seconds). The share per client is below the whole,
so that one client cannot fill the queue for everyone else.

Reviewed as it is played. Perfect play from a round's first card is the costly part (a whole round: a
median of about a second, a minute on the hardest deals), and it needs only the deal and the contract. So
where ``ServerSettings.reviews_ahead`` allows (``puur serve``: one at a time), a round of a game with a
person at the table is reviewed while it is played: ``Reviews.follow_rounds`` (called by the game hub after
each accepted request) starts a worker once the contract is chosen and sends it each card as it is played
(``puur.bots.analysis.RoundReviewer``: a few milliseconds a card). Nothing of it is shown before the round
is over (``RoundInPlay`` as above). When the round ends, the worker's review is done within milliseconds, and
the first request after it gets it (a request waits up to ``WAIT`` seconds for such a review to finish).
Such a worker stops when its round gets no card for ``AHEAD_IDLE`` seconds (a table left alone); one that
has no answer ``TIME_LIMIT`` seconds after its round ended fails as above. When no worker is free the round
is reviewed on request, as before.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import threading
import time
from collections import OrderedDict
from multiprocessing.connection import Connection
from typing import TYPE_CHECKING, Any

from puur.bots.solver import COMPILED
from puur.core.cards import Contract
from puur.core.profile import RuleProfile
from puur.server.live.errors import Conflict

if TYPE_CHECKING:
    from puur.core.round import RoundState
    from puur.server.live.game import LiveGame

WORKERS = 1
TIME_LIMIT = 300.0
KEEP = 64
RETRY_AFTER = 10
"""Seconds a request refused by a full review queue is told to wait."""
AHEAD_IDLE = 1800.0
"""A round reviewed as it is played that gets no card this long (a table left alone): its worker stops."""
WAIT = 0.4
"""Seconds a review request waits for a round reviewed as it was played to finish before it answers 202."""


RoundJob = tuple[dict[str, Any], list[int], int, int, str, bool]
"""What a worker needs of a round: the profile (as a dict), deal, dealer, forehand, contract and push."""


def _round_job(r: RoundState) -> RoundJob:
    """The worker's round (``RoundJob``) of a round whose contract is chosen."""
    assert r.contract is not None
    return (r.profile.to_dict(), list(r.dealt), r.dealer, r.forehand, r.contract.name, r.pushed)


def limit_worker_cpu(seconds: int | None = None) -> None:
    """In a worker process: the kernel ends it after ``seconds`` of CPU (default a little over
    ``TIME_LIMIT``; SIGXCPU), so a review nobody asks about again (the server steps its queue on requests)
    cannot run on without end."""
    limit = int(TIME_LIMIT) + 5 if seconds is None else seconds
    with contextlib.suppress(ImportError, ValueError, OSError):  # no such limit here: the queue's clock alone
        import resource

        resource.setrlimit(resource.RLIMIT_CPU, (limit, limit + 5))


def _work(conn: Connection, job: tuple[*RoundJob, list[int]]) -> None:
    """In the worker process: review the round (``RoundJob`` and its cards) and send back its JSON (or the
    error's text)."""
    from puur.bots.analysis import review_round

    limit_worker_cpu()
    profile, dealt, dealer, forehand, contract, pushed, cards = job
    try:
        review = review_round(
            RuleProfile.from_dict(profile), dealt, dealer, forehand, Contract[contract], cards, pushed=pushed
        )
        conn.send(("done", review.to_dict()))
    except Exception as e:  # noqa: BLE001 - reported to the page as the review's failure
        conn.send(("failed", f"{type(e).__name__}: {e}"))
    conn.close()


def _work_ahead(conn: Connection, job: RoundJob) -> None:
    """In the worker process: review a round as it is played. Perfect play from its first card at once;
    then each card the server sends (``("cards", [...])``) held against it; on ``("end",)`` the review's
    JSON back (or the error's text)."""
    from puur.bots.analysis import RoundReviewer

    limit_worker_cpu()
    profile, dealt, dealer, forehand, contract, pushed = job
    try:
        reviewer = RoundReviewer(RuleProfile.from_dict(profile), dealt, dealer, forehand, Contract[contract], pushed=pushed)
        while True:
            message = conn.recv()
            if message[0] != "cards":
                conn.send(("done", reviewer.review().to_dict()))
                break
            for card in message[1]:
                reviewer.add(card)
    except EOFError:  # the server stopped following the round
        pass
    except Exception as e:  # noqa: BLE001 - reported to the page as the review's failure
        conn.send(("failed", f"{type(e).__name__}: {e}"))
    conn.close()


class ReviewJob:
    """One round's review in the queue: its worker, how far it got and its result. ``Reviews.request`` hands it
    to the route that waits on it; ``Reviews.job`` shows it to whoever watches the queue."""

    def __init__(self, job: tuple[Any, ...], ahead: bool = False, client: str | None = None) -> None:
        self.job = job
        self.ahead = ahead
        """Reviewed as the round is played (``_work_ahead``): fed its cards, then told the round ended."""
        self.client = client
        """The client address that asked for it (None: reviewed as the round was played, nobody asked)."""
        self.status = "waiting"
        self.result: dict[str, Any] | None = None
        self.reason: str | None = None
        self.proc: multiprocessing.process.BaseProcess | None = None
        self.conn: Connection | None = None
        self.started = 0.0
        self.sent = 0
        """Cards sent to an ahead worker."""
        self.fed = 0.0
        """When an ahead worker last got a card (or started)."""
        self.ended: float | None = None
        """When an ahead worker was told its round ended (its time limit counts from there)."""


class QueueFull(Exception):
    """The review queue holds as many reviews as it may (for this game, this client or in all); the message
    says which. Asked again after ``RETRY_AFTER`` seconds it may have room."""


class NoSuchRound(Exception):
    """The match has not reached this round."""


class RoundInPlay(Conflict):
    """The round is still being played: its review would show cards a seat has not seen."""


class NothingToReview(Conflict):
    """The round has no card played (no contract yet, or none played under it)."""


def round_to_review(live: LiveGame, number: int) -> tuple[RoundJob, list[int]]:
    """The worker's round (``RoundJob``) of round ``number`` of ``live`` and its cards played, once its review
    may be shown: every card of a finished round was played face up, and once the match is over its record
    (every deal included) is open anyway. ``NoSuchRound``, ``RoundInPlay`` or ``NothingToReview`` otherwise."""
    with live.lock:  # a consistent picture of the match (the computers may be moving)
        game = live.game
        if number > len(game.round_states):
            raise NoSuchRound(f"no round {number}: the match has {len(game.round_states)} so far")
        if number > len(game.rounds) and not game.is_over:
            raise RoundInPlay(f"round {number} is still being played: its review opens when it is over")
        r = game.round_states[number - 1]
        cards = r.cards_played
        if r.contract is None or not cards:
            raise NothingToReview(f"round {number} has no card played: nothing to review")
        return _round_job(r), cards


class Reviews:
    """The review jobs of one server: started on request, ``WORKERS`` at a time, polled by the page. At most
    ``per_game`` reviews of one game, ``per_client`` asked for by one client address and ``total`` in all
    wait or run at once (``ServerSettings``)."""

    def __init__(self, per_game: int = 4, total: int = 32, ahead: int = 0, per_client: int = 8) -> None:
        self._ctx = multiprocessing.get_context("spawn")  # a clean child: no copy of the server's threads
        self._jobs: OrderedDict[tuple[str, int], ReviewJob] = OrderedDict()
        self._lock = threading.Lock()
        self.per_game = per_game
        self.total = total
        self.per_client = per_client
        self.ahead = ahead
        """Rounds reviewed as they are played at once, at most (``ServerSettings.reviews_ahead``)."""

    def _check_room(self, game_id: str, client: str | None = None) -> None:
        """``QueueFull`` unless one more review of ``game_id``, asked for by ``client``, may wait (called with
        ``_lock`` held). The client's share is checked first: a client at its share is told so, not that the
        server is full."""
        queued = [(k, e) for k, e in self._jobs.items() if e.status in ("waiting", "running")]
        if client is not None and sum(1 for _, e in queued if e.client == client) >= self.per_client:
            raise QueueFull(f"{self.per_client} reviews asked for from this address are waiting or running: "
                            "ask again when one is done")  # fmt: skip
        if len(queued) >= self.total:
            raise QueueFull(f"{len(queued)} round reviews are waiting or running, the most this server takes")
        if sum(1 for (g, _), _ in queued if g == game_id) >= self.per_game:
            raise QueueFull(f"{self.per_game} reviews of this game are waiting or running: ask again when one is done")

    def request(self, key: tuple[str, int], job: RoundJob, cards: list[int], client: str | None = None) -> ReviewJob:
        """The review of round ``key`` (game id, round number), the finished round ``job`` with ``cards``, asked
        for by ``client`` (its address): queued on the first request, or, when it was reviewed as it was
        played, told its last cards."""
        with self._lock:
            entry = self._jobs.get(key)
            if entry is None:
                self._step()  # finished jobs leave the queue first
                self._check_room(key[0], client)
                entry = self._jobs[key] = ReviewJob((*job, cards), client=client)
            elif entry.ahead and entry.status == "running" and entry.ended is None:
                self._feed(entry, cards, True)
            self._jobs.move_to_end(key)
            self._step()
            return entry

    def review(self, live: LiveGame, number: int, client: str | None = None) -> ReviewJob:
        """The review of round ``number`` of ``live``, asked for by ``client`` (its address): refused as
        ``round_to_review`` says, or ``QueueFull``; else queued (``request``), and, when it was reviewed as the
        round was played, given a moment to finish (``wait``: done within milliseconds of its last card)."""
        job, cards = round_to_review(live, number)
        entry = self.request((live.id, number), job, cards, client)
        if entry.ahead:
            self.wait(entry)
        return entry

    def wait(self, entry: ReviewJob, timeout: float = WAIT) -> None:
        """Give a running review up to ``timeout`` seconds to finish (a round reviewed as it was played
        needs milliseconds once its last card is in)."""
        conn = entry.conn
        if entry.status == "running" and conn is not None:
            with contextlib.suppress(OSError, EOFError):  # closed meanwhile: collected below
                conn.poll(timeout)
        with self._lock:
            self._step()

    def follow(self, key: tuple[str, int], job: RoundJob, cards: list[int], over: bool) -> None:
        """A round of a game with a person at the table, as it stands (``follow_rounds``): ``job`` the
        round, ``cards`` its cards so far, ``over`` whether it has ended. Starts reviewing it when a worker
        for that is free and the queue has room, and sends its worker the cards it has not got."""
        with self._lock:
            self._step()
            entry = self._jobs.get(key)
            if entry is None:
                ahead = sum(1 for e in self._jobs.values() if e.ahead and e.status == "running")
                if over or ahead >= self.ahead:
                    return
                try:
                    self._check_room(key[0])
                except QueueFull:
                    return
                entry = self._jobs[key] = ReviewJob(job, ahead=True)
                self._start(entry, _work_ahead, time.monotonic())
            if entry.ahead and entry.status == "running" and entry.ended is None:
                self._feed(entry, cards, over)

    def follow_rounds(self, live: LiveGame) -> None:
        """After a request changed ``live``: its rounds with a contract (the one just over, the one in play)
        to ``follow``, for a game with a person at the table (only they ask for reviews). Not under Slalom
        and Guschti, nor without the compiled solver: those rounds are searched in Python."""
        if self.ahead <= 0 or not COMPILED:
            return
        with live.lock:  # a consistent picture of the match (the computers may be moving)
            game = live.game
            if live.evicted or not live.human_seats():
                return
            n = len(game.round_states)
            rounds = []
            # the round just over and the one in play, and any round still followed that computers finished
            # meanwhile (seats a computer stands in for can play rounds through)
            for number in sorted({*range(max(1, n - 1), n + 1), *self.followed(live.id)}):
                r = game.round_states[number - 1]
                if r.contract is None or r.contract.changes_direction:
                    continue  # (the Python search of a whole round takes minutes: reviewed on request, if at all)
                over = number < n or game.is_over or r.is_done
                rounds.append(((live.id, number), _round_job(r), r.cards_played, over))
        for key, job, cards, over in rounds:
            self.follow(key, job, cards, over)

    def done(self, game_id: str) -> dict[int, dict[str, Any]]:
        """The reviews of ``game_id`` made and still kept: round number -> the review (``RoundReview.to_dict``)."""
        with self._lock:
            return {k[1]: e.result for k, e in self._jobs.items()
                    if k[0] == game_id and e.status == "done" and e.result is not None}  # fmt: skip

    def job(self, game_id: str, round_no: int) -> ReviewJob | None:
        """The review of round ``round_no`` of ``game_id`` the queue holds (waiting, running or finished and
        not yet dropped), or None: one review's state, seen without reaching into the queue."""
        with self._lock:
            return self._jobs.get((game_id, round_no))

    def held(self) -> list[tuple[str, int]]:
        """The ``(game_id, round_no)`` of every review the queue holds, the least recently asked for first."""
        with self._lock:
            return list(self._jobs)

    def followed(self, game_id: str) -> list[int]:
        """The rounds of ``game_id`` reviewed as they are played whose end the worker has not been told."""
        with self._lock:
            return [k[1] for k, e in self._jobs.items()
                    if k[0] == game_id and e.ahead and e.status == "running" and e.ended is None]  # fmt: skip

    def _feed(self, entry: ReviewJob, cards: list[int], end: bool) -> None:
        """Send an ahead worker the cards it has not got, and the round's end when ``end`` (called with
        ``_lock`` held). A worker that is gone is collected by ``_step``."""
        assert entry.conn is not None
        now = time.monotonic()
        try:
            if len(cards) > entry.sent:
                entry.conn.send(("cards", list(cards[entry.sent :])))
                entry.sent, entry.fed = len(cards), now
            if end:
                entry.conn.send(("end",))
                entry.ended = now
        except OSError:  # the worker ended (its failure is on the pipe, or it died): _step tells which
            entry.ended = now

    def _start(self, entry: ReviewJob, target: Any, now: float) -> None:
        """Start ``entry``'s worker process (called with ``_lock`` held)."""
        here, there = self._ctx.Pipe(duplex=entry.ahead)
        entry.proc = self._ctx.Process(target=target, args=(there, entry.job), daemon=True)
        entry.proc.start()
        there.close()
        entry.conn, entry.started, entry.fed, entry.status = here, now, now, "running"

    def _step(self) -> None:
        """Collect finished jobs, stop overdue ones, start waiting ones, forget the oldest done."""
        now = time.monotonic()
        running = 0
        dropped = []
        for key, entry in self._jobs.items():
            if entry.status != "running":
                continue
            assert entry.proc is not None and entry.conn is not None
            since = entry.started if not entry.ahead else entry.ended
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
                entry.conn.close()
            elif not entry.proc.is_alive():
                entry.status, entry.reason = "failed", "the review process ended without an answer"
            elif since is not None and now - since > TIME_LIMIT:
                entry.proc.terminate()
                entry.proc.join(timeout=1)
                entry.status = "failed"
                entry.reason = f"this round is too hard to review in {TIME_LIMIT:.0f} s"
            elif entry.ahead and since is None and now - entry.fed > AHEAD_IDLE:
                entry.proc.terminate()  # a table left alone: a request reviews the round afresh
                entry.proc.join(timeout=1)
                dropped.append(key)
            elif not entry.ahead:
                running += 1
        for key in dropped:
            del self._jobs[key]
        for entry in self._jobs.values():
            if running >= WORKERS:
                break
            if entry.status == "waiting":
                self._start(entry, _work, now)
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


__all__ = ["AHEAD_IDLE", "KEEP", "RETRY_AFTER", "TIME_LIMIT", "WAIT", "WORKERS", "NoSuchRound", "NothingToReview",
           "QueueFull", "ReviewJob", "Reviews", "RoundInPlay", "RoundJob", "limit_worker_cpu", "round_to_review"]
