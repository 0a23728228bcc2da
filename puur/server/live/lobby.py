"""The public lobby's changes to live tables (docs/lobby.md): a host opens a waiting table to the public or
closes it, a person sits down ("Play now", or at a chosen table), the host removes a seated person before the
start, spectators watch; and the listing the lobby shows of each public table, kept in the place's database
and announced to every worker's lobby feed.

Every change of a table goes through ``GameHub.change`` (the game's lock; on PostgreSQL the game's row
locked, the copy brought up to it): two people racing for a table's last seat, on one worker or two, get one
seat each or a clean ``NoSeat`` (409). The pure rules of a public table are ``puur.table.public``.
"""

from __future__ import annotations

import asyncio
import contextlib
import copy
import logging
import secrets
import threading
from collections.abc import Callable, Collection, Iterator
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import Connection

from puur.schema_types import name_taken
from puur.server.live.errors import Conflict, NotFound
from puur.server.live.feeds import encoded
from puur.server.live.game import HUMAN, SPECTATOR, LiveGame, Subscriber
from puur.server.live.hub import GameHub
from puur.server.live.tables import require_host, send, shown_names, table_messages
from puur.server.store import Writes, token_hash
from puur.server.store.lobby import (
    drop_listing,
    get_listing,
    listings,
    open_listings,
    put_listing,
    record_abandon,
    set_watchers,
)
from puur.server.store.place import PlaceDb
from puur.server.store.player_links import blocked_pairs
from puur.server.store.players import Player, get_player
from puur.table.public import (
    HOLDER,
    PUBLIC,
    abandoned_seats,
    arriving,
    free_seats,
    held_seats,
    new_public,
    public_of,
    spectators_open,
)
from puur.table.seats import ONLINE, code_hash, open_seats, seat_players, with_seat_player
from puur.table.view import default_names
from puur.table.watch import shown_key

log = logging.getLogger(__name__)

CLOSED: dict[str, Any] = {"type": "closed"}
"""The last message of a spectator's connection when the host closes the table to spectators."""
REMOVED: dict[str, Any] = {"type": "removed"}
"""The last message of a person's connection when the host removed them from the table before the start."""
RECENT_READS = 64
"""Encoded feed messages kept (``Lobby.cached_changes``): the connections woken together share one; past this
many, the kept ones are dropped."""
MAX_KNOWN = 10_000
"""Tables whose last change and listing a worker keeps for its lobby feed; past this many it forgets them all
and reads each anew."""
MAX_TRIES = 20
"""Listed tables "Play now" tries at most before it opens a new one."""
MAX_PENDING = 100
"""Changed tables a lobby feed's connection may have waiting; past them it is sent the whole lobby anew."""


class NoSeat(Conflict):
    """The table has no seat for this person now (taken a moment ago, or none free): 409."""


class NotWatchable(Conflict):
    """The table is not public, or closed to spectators: 403."""


def blocked_among(conn: Connection, ids: Collection[str]) -> set[frozenset[str]]:
    """The pairs among the players ``ids`` who must not sit at one table (either blocked the other:
    ``puur.server.store.player_links.blocked_pairs``)."""
    return blocked_pairs(conn, ids)


# ----- the listing (what the lobby shows of a public table) -----
def seat_entries(live: LiveGame, players: dict[str, Player]) -> list[dict[str, Any]]:
    """Per seat what the lobby shows: an open seat, a computer by its strength (``free`` when a person may
    take it), or a person by name (with the tag of a remembered player)."""
    settings = live.settings
    names = shown_names(settings)
    opened, held, remembered = set(open_seats(settings)), held_seats(settings), seat_players(settings)
    out: list[dict[str, Any]] = []
    for seat, kind in enumerate(settings["seats"]):
        if seat in opened:
            out.append({"kind": "open"})
        elif seat in held:
            out.append({"kind": "computer", "strength": held[seat], "free": True})
        elif kind != HUMAN:
            out.append({"kind": "computer", "strength": kind, "free": False})
        else:
            player = players.get(remembered.get(seat, ""))
            out.append({"kind": "person", "name": names[seat], "tag": player.tag if player else None})
    return out


def listing_of(live: LiveGame, conn: Connection) -> dict[str, Any] | None:
    """The lobby's listing of ``live`` (None: it leaves the lobby — not public, or its match over)."""
    pub = public_of(live.settings)
    if pub is None or live.game.is_over:
        return None
    ids = sorted(set(seat_players(live.settings).values()))
    players = {pid: p for pid in ids if (p := get_player(conn, pid)) is not None}
    seats = seat_entries(live, players)
    profile = live.settings.get("profile")
    return {
        "game_id": live.id, "form": live.settings.get("form") or "schieber",
        "profile": profile.get("name", "schieber") if isinstance(profile, dict) else str(profile),
        "target": live.game.target, "lang": pub["lang"], "speed": pub["speed"], "spectators": bool(pub["spectators"]),
        "status": live.status, "people": sum(1 for s in seats if s["kind"] == "person"),
        "free": len(free_seats(live.settings, open_seats(live.settings))), "seats": seats, "watchers": live.watchers(),
    }


def soonest(tables: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The listed tables in the order "Play now" tries them: the table that will start soonest first — the
    most seats taken by people, a table still waiting before one already playing (a person there plays at
    once, not from the next round), the longest open first."""
    return sorted(tables, key=lambda t: (-t["people"], t["status"] != "waiting", t["opened"]))


# ----- the lobby of one server -----
@dataclass(eq=False)
class FeedClient:
    """One connection of the lobby feed: the tables changed since its last message (coalesced: a table
    that changed twice is sent once), woken on its own event loop."""

    loop: asyncio.AbstractEventLoop
    lang: str | None = None
    speed: str | None = None
    pending: set[str] = field(default_factory=set)
    anew: bool = False
    """Too many changes waited (``MAX_PENDING``): the next message is the whole lobby."""
    wake: asyncio.Event = field(default_factory=asyncio.Event)

    def mark(self, ids: Collection[str]) -> None:
        """On the event loop: note the changed tables and wake the connection."""
        self.pending.update(ids)
        if len(self.pending) > MAX_PENDING:
            self.pending.clear()
            self.anew = True
        self.wake.set()

    def renew(self) -> None:
        """On the event loop: the next message is the whole lobby (changes may have been missed)."""
        self.pending.clear()
        self.anew = True
        self.wake.set()

    def matches(self, listing: dict[str, Any] | None) -> bool:
        return (listing is not None and listing["free"] > 0 and self.lang in (None, listing["lang"])
                and self.speed in (None, listing["speed"]))


def for_each(clients: list[FeedClient], act: Callable[[FeedClient], None]) -> None:
    """On the clients' event loop: ``act`` on each (``FeedClient.mark``, ``FeedClient.renew``)."""
    for client in clients:
        act(client)


class Lobby:
    """The public tables of one server (a worker): the listing written with each change, and the lobby feed's
    connections told of every change, on this worker or (PostgreSQL: NOTIFY on ``LOBBY_CHANNEL``) another."""

    def __init__(self, hub: GameHub, place: PlaceDb) -> None:
        self.hub, self.place = hub, place
        self._clients: set[FeedClient] = set()
        self._lock = threading.Lock()
        self._listening = False
        self._generation = 0
        """How many changes this worker has heard."""
        self._changed_at: dict[str, int] = {}
        """A table's last change heard, as ``_generation`` was then (``_forgotten`` for a table not here)."""
        self._forgotten = 0
        """``_generation`` when the tables' changes were last forgotten (``MAX_KNOWN``): a listing read before it
        is stale, whatever table it is."""
        self._read_lock = threading.Lock()
        self._known: dict[str, tuple[int, dict[str, Any] | None]] = {}
        """A table's listing as last read (None: not listed) and ``_generation`` just before the read: fresh
        while no change of that table was heard since (``_fresh``)."""
        self._texts: dict[tuple[tuple[str, ...], tuple[int, ...], str | None, str | None], str] = {}
        self._reading: dict[asyncio.AbstractEventLoop, asyncio.Future[Any]] = {}
        """Each event loop's read of listings under way (``refresh``)."""

    # ----- the feed -----
    def join_feed(self, client: FeedClient) -> None:
        with self._lock:
            self._clients.add(client)

    def leave_feed(self, client: FeedClient) -> None:
        with self._lock:
            self._clients.discard(client)

    def feed_size(self) -> int:
        with self._lock:
            return len(self._clients)

    def heard(self, game_id: str) -> None:
        """A table's listing changed (this worker's write, or another's NOTIFY): wake every feed connection,
        with one call into each event loop for all its connections (a thousand watchers: one wake-up of the
        loop, not a thousand)."""
        with self._lock:
            self._generation += 1
            if len(self._changed_at) >= MAX_KNOWN:  # every table read anew: bounded however many there were
                self._changed_at.clear()
                self._known.clear()
                self._forgotten = self._generation
            self._changed_at[game_id] = self._generation
            by_loop = self._by_loop()
        for loop, clients in by_loop.items():
            loop.call_soon_threadsafe(for_each, clients, lambda client: client.mark((game_id,)))

    def reconnected(self) -> None:
        """The listener (re)connected: notifications sent while it was not connected are lost, so every feed
        connection gets the whole lobby anew (none at the first connection, made with the first feed)."""
        with self._lock:
            by_loop = self._by_loop()
            first = not self._listening
            self._listening = True
        for loop, clients in [] if first else by_loop.items():
            loop.call_soon_threadsafe(for_each, clients, FeedClient.renew)

    def _by_loop(self) -> dict[asyncio.AbstractEventLoop, list[FeedClient]]:
        """The feed connections by the event loop each lives on (called with ``_lock`` held)."""
        by_loop: dict[asyncio.AbstractEventLoop, list[FeedClient]] = {}
        for client in self._clients:
            by_loop.setdefault(client.loop, []).append(client)
        return by_loop

    def _changed(self, game_id: str) -> None:
        """After a listing's write: on SQLite (one worker) the feed is told here; on PostgreSQL by the NOTIFY
        the write sent, which this worker hears too."""
        if not self.place.postgres:
            self.heard(game_id)

    def changes_for(self, client: FeedClient) -> dict[str, Any]:
        """The feed's next message for ``client``: the changed tables it lists (``tables``) and those it no
        longer lists (``gone``), or the whole lobby (``lobby``) after too many changes."""
        if client.anew:
            client.anew = False
            client.pending.clear()
            return self.snapshot(client)
        ids = tuple(sorted(client.pending))
        client.pending.clear()
        return self._changes(client, ids, self.current_listings(ids))

    def cached_changes(self, client: FeedClient) -> str | None:
        """``changes_for`` without waiting, on the event loop: the message, encoded (``encoded``), when every
        listing it needs was read since that table's last change (one connection of those a change woke reads
        it, the others find it here, whatever other tables changed meanwhile), else None (ask
        ``changes_for`` in a thread). Connections that watch the same tables share one encoding of the
        message, as they share the reads. Never waits for a lock: a listing read a moment too early only looks
        stale, and a change heard meanwhile wakes the connection again."""
        ids = tuple(sorted(client.pending))
        if client.anew:
            return None
        fresh = self._fresh(ids)
        if fresh is None:
            return None
        found, stamps = fresh
        text_key = (ids, stamps, client.lang, client.speed)
        text = self._texts.get(text_key)
        if text is None:
            if len(self._texts) >= RECENT_READS:
                self._texts.clear()
            text = self._texts[text_key] = encoded(self._changes(client, ids, found))
        client.pending.clear()
        return text

    async def refresh(self, client: FeedClient) -> None:
        """On the event loop, before ``cached_changes``: read the listings ``client`` needs that are stale, once
        for all the connections of this loop a change woke together. The first to ask reads them in a thread;
        the others wait for that read instead of each taking a thread of its own (a thousand watchers: one
        read and one thread a change), then read themselves only what it did not cover."""
        loop = asyncio.get_running_loop()
        reading = self._reading.get(loop)
        if reading is not None and not reading.done():
            with contextlib.suppress(Exception):  # (its own connection is told; this one reads below)
                await asyncio.shield(reading)
        ids = tuple(sorted(client.pending))
        if client.anew or self._fresh(ids) is not None:
            return
        read = asyncio.ensure_future(asyncio.to_thread(self.current_listings, ids))
        self._reading[loop] = read
        await asyncio.shield(read)

    @staticmethod
    def _changes(client: FeedClient, ids: tuple[str, ...], found: dict[str, dict[str, Any]]) -> dict[str, Any]:
        shown = [found[i] for i in ids if client.matches(found.get(i))]
        return {"type": "changes", "tables": shown, "gone": [i for i in ids if not client.matches(found.get(i))]}

    def _fresh(self, ids: Collection[str]) -> tuple[dict[str, dict[str, Any]], tuple[int, ...]] | None:
        """The listings of ``ids`` (those listed) and when each was read, when each was read after its table's
        last change heard; else None."""
        found: dict[str, dict[str, Any]] = {}
        stamps = []
        for i in ids:
            known = self._known.get(i)
            if known is None or known[0] < self._changed_at.get(i, self._forgotten):
                return None
            stamps.append(known[0])
            if known[1] is not None:
                found[i] = known[1]
        return found, tuple(stamps)

    def current_listings(self, ids: tuple[str, ...]) -> dict[str, dict[str, Any]]:
        """The listings of ``ids``: those read since their table's last change are taken as read, the others
        read now, one read at a time, so the connections a change woke together wait for the first one's read
        and take it (a thousand people watching the lobby cost one read a change, not a thousand)."""
        with self._read_lock:
            found: dict[str, dict[str, Any]] = {}
            stale = []
            for i in ids:
                fresh = self._fresh((i,))
                if fresh is None:
                    stale.append(i)
                else:
                    found.update(fresh[0])
            if stale:
                generation = self._generation  # before the read: a change heard during it makes it stale
                with self.place.read() as conn:
                    read = listings(conn, stale)
                for i in stale:
                    self._known[i] = (generation, read.get(i))
                found.update(read)  # a table that changed again while it was read: what was read is its latest
            return found

    def snapshot(self, client: FeedClient) -> dict[str, Any]:
        with self.place.read() as conn:
            tables = open_listings(conn, lang=client.lang, speed=client.speed)
        return {"type": "lobby", "tables": tables}

    # ----- listings -----
    def publish(self, live: LiveGame) -> None:
        """Bring ``live``'s listing up to date (written only when it changed since this worker last wrote it);
        at the end of a public match, note who abandoned it (``record_abandons``) and take it off the lobby.

        With several workers the listing is written from the stored game, not from this worker's copy as it
        was: the listing's row is held first, then the copy brought up to the store. A worker that lost a race
        for a seat, its copy not yet showing the winner, would otherwise write the seat free again after the
        winner wrote it taken; held in turn, the later writer always reads the later game."""
        with self.place.begin() as conn:
            stored = get_listing(conn, live.id, lock=True)
            try:
                if self.hub.shared is not None:
                    self.hub.shared.sync(live)
                listing = listing_of(live, conn)
            except NotFound:  # the game is gone (deleted, past its retention): so is its listing
                listing = None
            if stored is not None:
                stored = {k: v for k, v in stored.items() if k not in ("opened", "updated")}
            if listing == stored:
                return
            if listing is None:
                if live.game.is_over:
                    self.record_abandons(conn, live)
                drop_listing(conn, live.id)
            else:
                put_listing(conn, listing)
        self._changed(live.id)

    def record_abandons(self, conn: Connection, live: LiveGame) -> None:
        """Each remembered player whose seat a computer played at the match's end abandoned it
        (``puur.table.public.abandoned_seats``): a row the ratings read as a loss."""
        players = seat_players(live.settings)
        for seat in abandoned_seats(live.settings):
            if seat in players:
                record_abandon(conn, live.id, players[seat], seat)

    def followed(self, live: LiveGame) -> None:
        """After a request that may have changed ``live`` (``GameHub.watchers``): its listing follows. Most
        actions change nothing the lobby shows (``listed_state``): those cost no database read."""
        state = listed_state(live)
        if public_of(live.settings) is None or live.table.get("listed_state") == state:
            return
        try:
            self.publish(live)
        except Exception:  # noqa: BLE001 - the lobby's listing must not fail the game's request
            log.exception("game %s: its lobby listing could not be written", live.id)
            return
        live.table["listed_state"] = state

    def watchers_changed(self, live: LiveGame) -> None:
        with self.place.begin() as conn:
            changed = set_watchers(conn, live.id, live.watchers())
        if changed:
            self._changed(live.id)

    # ----- the host -----
    def open_table(self, live: LiveGame, asker: int, lang: str, speed: str, spectators: bool) -> None:
        """The host opens their waiting table to the public (or changes its language, speed, spectators)."""

        def opened() -> dict[str, Any]:
            if live.status != "waiting" and public_of(live.settings) is None:
                raise Conflict("only a table still waiting for its players can be opened to the public")
            settings = copy.deepcopy(live.settings)
            old = public_of(settings)
            settings[PUBLIC] = {**(old or new_public(lang, speed)), "lang": lang, "speed": speed,
                                "spectators": spectators}
            return settings

        self._host_settings(live, asker, opened, ends_watching=not spectators)

    def close_table(self, live: LiveGame, asker: int) -> None:
        """The host takes their table off the lobby (it stays theirs, with whoever sits there); its
        spectators are sent away."""

        def closed() -> dict[str, Any]:
            if public_of(live.settings) is None:
                raise Conflict("the table is not public")
            if held_seats(live.settings):
                raise Conflict("computers hold seats of this table for people of the lobby: it stays public")
            return {k: v for k, v in copy.deepcopy(live.settings).items() if k != PUBLIC}

        self._host_settings(live, asker, closed, ends_watching=True)

    def set_spectators(self, live: LiveGame, asker: int, allowed: bool) -> None:
        """The host opens or closes the public table to spectators (closing sends the watching ones away)."""

        def watched() -> dict[str, Any]:
            if public_of(live.settings) is None:
                raise Conflict("only a public table can be watched")
            settings = copy.deepcopy(live.settings)
            settings[PUBLIC]["spectators"] = allowed
            return settings

        self._host_settings(live, asker, watched, ends_watching=not allowed)

    def _host_settings(self, live: LiveGame, asker: int, new_settings: Callable[[], dict[str, Any]],
                       ends_watching: bool) -> None:
        """A host's change of how the table is public: ``new_settings`` (which refuses with ``Conflict``) is
        checked, stored and sent to the seats in one change of the table, after the asker is found to be its
        host; then its spectators are sent away when it ``ends_watching``, and the lobby is told."""

        def change(writes: Writes) -> list[tuple[Any, dict[str, Any]]]:
            require_host(live, asker)
            _store(writes, live, new_settings())
            return table_messages(live)

        send(self.hub.change(live, change))
        if ends_watching:
            self.end_spectators(live)
        self.publish(live)

    def end_spectators(self, live: LiveGame) -> None:
        """Close this worker's spectator connections of ``live`` (another worker closes its own when it
        next brings the game up to date: ``watch_messages``)."""
        with live.lock:
            gone = [sub for sub in live.subscribers if sub.seat == SPECTATOR and not sub.remote]
            for sub in gone:
                live.subscribers.remove(sub)
                sub.end(CLOSED)

    def remove_person(self, live: LiveGame, asker: int, seat: int) -> None:
        """The host removes the person who sat down in ``seat`` before the table starts: the seat is open
        again (for the lobby; its invite link no longer takes it), their token no longer holds it."""

        def change(writes: Writes) -> list[tuple[Any, dict[str, Any]]]:
            plan = require_host(live, asker)
            if live.status != "waiting":
                raise Conflict("the table has started: a person is removed only before the start")
            if seat == plan["host"] or seat not in plan["joined"]:
                raise Conflict(f"seat {seat} has no person who sat down: nobody to remove")
            settings = with_seat_player(copy.deepcopy(live.settings), seat, None)
            new = settings[ONLINE]
            new["joined"] = [s for s in new["joined"] if s != seat]
            new["open"][str(seat)] = code_hash(secrets.token_urlsafe(18))  # open to the lobby, no link takes it
            settings["names"] = shown_names(settings)
            settings["names"][seat] = default_names(settings["seats"])[seat]
            writes.drop_tokens(seat)
            for digest in [h for h, s in live.token_hashes.items() if s == seat]:
                del live.token_hashes[digest]
            _store(writes, live, settings)
            for sub in [sub for sub in live.subscribers if sub.seat == seat and not sub.remote]:
                live.subscribers.remove(sub)
                sub.end(REMOVED)
            if self.hub.shared is not None:  # the other workers no longer count the seat as connected here
                self.hub.shared.presence(live, seat)
            return table_messages(live)

        send(self.hub.change(live, change))
        self.publish(live)

    # ----- sitting down -----
    def sit(self, live: LiveGame, player: Player, checked: Collection[str]) -> tuple[int, str]:
        """Seat ``player`` at the public table ``live``: an open seat (the table starts when it was the last),
        else a seat a computer holds (the person plays from the next round: the computer finishes the round
        it began). ``checked``: the players already at the table whom ``player`` may sit with (no block
        between them); a table that changed meanwhile is refused, to be judged again. ``NoSeat`` when there is
        none, or the player sits there already."""

        def take(writes: Writes) -> tuple[int, str, bool, list[tuple[Any, dict[str, Any]]]]:
            settings = live.settings
            if public_of(settings) is None or live.game.is_over:
                raise NoSeat("this table is not open to the public")
            present = set(seat_players(settings).values())
            if player.id in present:
                raise NoSeat("you sit at this table already")
            if not present <= set(checked):
                raise NoSeat("the table changed a moment ago: try again")
            free = free_seats(settings, open_seats(settings))
            if not free:
                raise NoSeat("the last seat of this table was taken a moment ago")
            seat = free[0]
            new = copy.deepcopy(settings)
            new["names"] = shown_names(new)
            new["names"][seat] = seat_name(new["names"], seat, player)
            if seat in open_seats(settings):
                new[ONLINE]["used"].append(new[ONLINE]["open"].pop(str(seat)))
                new[ONLINE]["joined"].append(seat)
            else:
                spec = new[PUBLIC]["held"].pop(str(seat))
                new["seats"][seat] = HUMAN
                new[ONLINE]["joined"].append(seat)
                if live.status != "waiting":  # a round is being played: the computer finishes it
                    new[PUBLIC].setdefault("arriving", {})[str(seat)] = {"player": spec,
                                                                           "round": live.game.round_number + 1}
            new = with_seat_player(new, seat, player.id)
            token = secrets.token_urlsafe(32)
            writes.token(seat, token)
            live.token_hashes[token_hash(token)] = seat
            _store(writes, live, new)
            return seat, token, not open_seats(new), table_messages(live)

        seat, token, started, messages = self.hub.change(live, take)
        send(messages)
        if started:
            self.hub.advance(live)
        self.publish(live)
        return seat, token

    def candidates(self, player: Player, lang: str | None, speed: str | None) -> Iterator[tuple[LiveGame, list[str]]]:
        """The listed tables "Play now" may seat ``player`` at, soonest first (``soonest``; at most
        ``MAX_TRIES``), each with the players sitting there: none who blocked ``player`` or whom ``player``
        blocked. Each table is loaded only when the one before it could not seat the person."""
        with self.place.read() as conn:
            tables = soonest(open_listings(conn, lang=lang, speed=speed))[:MAX_TRIES]
        for table in tables:
            try:
                live = self.hub.get(table["game_id"])
            except Exception:  # noqa: BLE001 - a listing whose game is gone (deleted, unreadable) is passed
                continue
            present = sorted(set(seat_players(live.settings).values()))
            if player.id in present:
                continue
            with self.place.read() as conn:
                if any(player.id in pair for pair in blocked_among(conn, [*present, player.id])):
                    continue
            yield live, present

    def sit_at(self, game_id: str, player: Player) -> tuple[int, str]:
        """Seat ``player`` at the chosen table ``game_id`` (``NoSeat``: none free, or a block)."""
        live = self.hub.get(game_id)
        present = sorted(set(seat_players(live.settings).values()))
        with self.place.read() as conn:
            if any(player.id in pair for pair in blocked_among(conn, [*present, player.id])):
                raise NoSeat("you cannot sit at this table")
        return self.sit(live, player, present)

    def play_now(self, player: Player, lang: str | None, speed: str | None,
                 new_table: Callable[[], tuple[LiveGame, int, str]]) -> tuple[LiveGame, int, str, bool]:
        """Seat ``player`` at the public table that will start soonest, matching ``lang`` and ``speed`` when
        given; a table whose last seat went to someone else a moment ago is passed for the next. With none,
        ``new_table()`` opens one (computers hold its other seats until people come). Returns the table, the
        seat, its token and whether the table is new."""
        for live, present in self.candidates(player, lang, speed):
            try:
                seat, token = self.sit(live, player, present)
            except (Conflict, NotFound):  # the seat went to someone else a moment ago, or the table is gone
                continue
            return live, seat, token, False
        live, seat, token = new_table()
        self.publish(live)
        return live, seat, token, True

    # ----- spectators -----
    def arrive(self, live: LiveGame, sub: Subscriber) -> dict[str, Any] | str:
        """A spectator's connection opens: the first message (the spectator's view), or why it is refused.
        Every screen of the table sees one more watching."""
        with live.lock:
            if not spectators_open(live.settings):
                return "this table is not open to spectators"
            refused = self.hub.listen(live, sub)
            if refused is not None:
                return refused
            view = live.view(SPECTATOR)
            sub.shown = shown_key(view)
            messages = [(other, m) for other, m in table_messages(live) if other is not sub]
        send(messages)
        self.watchers_changed(live)
        return {"type": "hello", "seq": live.seq, "view": view}

    def leave(self, live: LiveGame, sub: Subscriber) -> None:
        """A spectator's connection ended: every screen sees one fewer watching."""
        self.hub.unlisten(live, sub)
        with live.lock:
            messages = table_messages(live)
        send(messages)
        self.watchers_changed(live)


def listed_state(live: LiveGame) -> tuple[Any, ...]:
    """What a listing is made of (``listing_of``), cheap to compare: a request that leaves it as it was needs
    no look at the listing."""
    s = live.settings
    return (repr(s.get("seats")), repr(s.get("names")), repr(s.get(ONLINE)), repr(s.get(PUBLIC)),
            repr(s.get("players")), live.status, live.watchers())


def seat_name(names: list[str], seat: int, player: Player) -> str:
    """The name a remembered player's seat shows: their name, or with its tag when another seat has it."""
    return player.name if not name_taken(names, seat, player.name) else player.handle[:24]


def _store(writes: Writes, live: LiveGame, settings: dict[str, Any]) -> None:
    """Store ``settings`` and make them the game's (inside ``GameHub.change``)."""
    writes.settings(settings)
    live.settings = settings
    live.__dict__.pop("quick", None)


def play_now_settings(base: dict[str, Any], player: Player, lang: str, speed: str) -> dict[str, Any]:
    """A new public table's settings (``base``: a one-person table's, seat 0 a person, the others
    computers): the person is its host, each computer holds its seat until a person comes."""
    held = {seat: HOLDER for seat in range(1, 4)}
    seats = [HUMAN, *[HOLDER] * 3]
    names = [player.name, *default_names(seats)[1:]]
    settings = {**base, "seats": seats, "names": names, "lang": lang,
                ONLINE: {"host": 0, "local": [0], "open": {}, "used": [], "joined": [], "stand_in": {}},
                PUBLIC: new_public(lang, speed, held=held)}
    return with_seat_player(settings, 0, player.id)


def arriving_seats(live: LiveGame) -> list[int]:
    """The seats whose person plays from a later round (a computer finishes this one for them)."""
    return sorted(s for s, a in arriving(live.settings).items() if live.game.round_number < a["round"])


__all__ = ["CLOSED", "REMOVED", "FeedClient", "Lobby", "NoSeat", "NotWatchable", "arriving_seats", "blocked_among",
           "get_listing", "listing_of", "play_now_settings", "seat_entries", "seat_name", "soonest"]
