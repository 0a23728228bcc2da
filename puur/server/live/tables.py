"""Online tables: invite links, joining, seats handed to a computer and back, presence, quick
reactions. The seat plan itself is ``puur.table.seats``; the routes are ``puur.server.http.tables_api``.

Every change is made through ``GameHub.change`` (under the game's lock; on a shared store with the game's
row locked and the copy brought up to it) and stored before it is announced; each live connection then gets a ``table`` message with its own seat's view.
A person is connected while a live connection of their seat is open. One absent (no connection) for
``ServerSettings.away_seconds`` at their turn has a computer (``AWAY_PLAYER``) play for them; when they
connect again the seat is theirs again at once (what a player expects: coming back is taking part).
"""

from __future__ import annotations

import asyncio
import copy
import hmac
import logging
import secrets
import time
from collections.abc import Callable
from typing import Any

from starlette.concurrency import run_in_threadpool

from puur.schema_types import name_taken, refuse_taken_name
from puur.server.live.errors import Conflict, NotFound
from puur.server.live.game import LiveGame, Subscriber
from puur.server.live.hub import GameHub
from puur.server.store import Writes, token_hash
from puur.table.public import is_rated
from puur.table.seats import (
    AWAY_PLAYER,
    HUMAN,
    ONLINE,
    PERSON,
    RESERVED,
    a_person_plays,
    code_hash,
    invite_code,
    open_seats,
    person_seats,
    plan_of,
    reserved_seats,
    stand_ins,
    waiting,
    with_seat_player,
)
from puur.table.view import default_names

log = logging.getLogger(__name__)

REACTION_WINDOW = 10.0
"""Seconds over which ``ServerSettings.reactions_per_seat`` reactions are counted."""


class UnknownCode(Exception):
    """No open seat of this game has this invite code."""


# ----- invites -----
def invite_url(base: str, game_id: str, code: str) -> str:
    """The link a friend opens: the table page, the game and code in the fragment (never sent to a server,
    nor in a Referer)."""
    return f"{base.rstrip('/')}/#join={game_id}.{code}"


def invites_of(live: LiveGame, token: str, base: str, qr: bool = False) -> dict[str, dict[str, Any]]:
    """The open seats' invites, computed again from the host's token (only their hashes are stored)."""
    plan = plan_of(live.settings)
    out: dict[str, dict[str, Any]] = {}
    if plan is None:
        return out
    for seat in open_seats(live.settings):
        code = invite_code(token, live.id, seat)
        if not hmac.compare_digest(code_hash(code), plan["open"][str(seat)]):
            continue  # a token of the host's seat other than the one that created the table
        entry: dict[str, Any] = {"code": code, "url": invite_url(base, live.id, code)}
        if qr:
            import segno

            entry["qr"] = segno.make(entry["url"], error="m").svg_data_uri(scale=4, border=2)
        out[str(seat)] = entry
    return out


class NotHost(Exception):
    """Only the table's host may do this (the routes answer 403)."""


def require_host(live: LiveGame, seat: int) -> dict[str, Any]:
    """The table's plan when ``seat`` is its host; ``Conflict`` at a table on one device, ``NotHost`` for
    another seat."""
    plan = plan_of(live.settings)
    if plan is None:
        raise Conflict("this table is not an online table (no seat was invited)")
    if plan["host"] != seat:
        raise NotHost("only the table's host may do this")
    return plan


# ----- changes (``GameHub.change``: under the game's lock, the row locked on a shared store, stored, then announced) -----
def _store_plan(writes: Writes, live: LiveGame, settings: dict[str, Any]) -> None:
    """Store ``settings`` and make them the game's (inside ``GameHub.change``)."""
    writes.settings(settings)
    live.settings = settings
    live.__dict__.pop("quick", None)  # a stand-in may be a slow player


def table_messages(live: LiveGame) -> list[tuple[Any, dict[str, Any]]]:
    """A ``table`` message (the seat's view) for every live connection (built under ``live.lock``)."""
    return [(sub, {"type": "table", "seq": live.seq, "view": live.view(sub.seat)}) for sub in list(live.subscribers)]


def send(messages: list[tuple[Any, dict[str, Any]]]) -> None:
    for sub, message in messages:
        sub.put(message)


def shown_names(settings: dict[str, Any]) -> list[str]:
    """The names every screen shows now: the stored ones, or the defaults of the seats as they are. A change of
    one seat writes them all down first, so that no other seat's name changes with it (the default names
    count the person seats: "Player 3" would become "Player 2" when another seat turned computer)."""
    return list(settings.get("names") or default_names(settings["seats"]))


def creator_seat(settings: dict[str, Any]) -> int:
    """The seat of the person who creates a table: the host of an online table, else the first person seat (a
    pass-and-play table's other people are not the creator: their seats stay no remembered player's)."""
    plan = plan_of(settings)
    return int(plan["host"]) if plan is not None else person_seats(settings)[0]


def seat_the_creator(settings: dict[str, Any], player_id: str, name: str, given: list[str | None] | None) -> dict[str, Any]:
    """``settings`` of a new table with the creator's seat (``creator_seat``) taken as their remembered
    player, whose ``name`` is the seat's when the creator gave it none (``given``: the names asked for) and no
    other seat has it, case aside."""
    seat = creator_seat(settings)
    out = with_seat_player(settings, seat, player_id)
    if given is not None and given[seat] is not None:
        return out
    names = list(settings.get("names") or default_names(settings["seats"]))
    if not name_taken(names, seat, name):
        names[seat] = name
        out["names"] = names
    return out


def join(hub: GameHub, live: LiveGame, code: str, name: str, player_id: str | None = None) -> tuple[int, str]:
    """Take the open seat ``code`` invites to: a new token (stored hashed), the name on the seat, and the
    remembered player who took it (``player_id``, when they sent their key). The code is
    spent in the same change that takes the seat, so two requests with one code (on one worker or two) take
    it once. The last open seat taken starts the game (the computers move if one is first)."""
    wanted = code_hash(code)

    def take(writes: Writes) -> tuple[int, str, bool, list[tuple[Any, dict[str, Any]]]]:
        plan = plan_of(live.settings)
        if plan is None:
            raise UnknownCode()
        seat = next((int(s) for s, h in plan["open"].items() if hmac.compare_digest(h, wanted)), None)
        if seat is None:
            if wanted in plan["used"]:
                raise Conflict("this invite has been used: its seat is taken (ask the host for a new table)")
            raise UnknownCode()
        refuse_taken_name(live.settings.get("names") or [], seat, name)  # one name per seat, case aside (422)
        token = secrets.token_urlsafe(32)
        settings = copy.deepcopy(live.settings)
        new = settings[ONLINE]
        del new["open"][str(seat)]
        new["used"].append(wanted)
        new["joined"].append(seat)
        settings["names"] = shown_names(settings)
        settings["names"][seat] = name  # the seat's own name only: every other seat keeps the one it shows
        if player_id is not None:
            settings = with_seat_player(settings, seat, player_id)
        writes.token(seat, token)
        _store_plan(writes, live, settings)
        live.token_hashes[token_hash(token)] = seat
        live.table.setdefault("away", {})[seat] = time.monotonic()
        return seat, token, not new["open"], table_messages(live)

    seat, token, started, messages = hub.change(live, take)
    send(messages)
    if started:
        hub.advance(live)  # the row locked before the game, as every action (a shared store)
    return seat, token


def set_seat(hub: GameHub, live: LiveGame, asker: int, seat: int, player: str, remove: bool = False) -> None:
    """``POST /seats/{n}``: the host fills an open seat with a computer (for good), hands a person's seat to
    one, or gives it back; a person may take their own seat back. A rematch's seat kept for its person
    (``puur.table.seats``) is theirs: the host may only remove them from the waiting, saying so
    (``remove``); a computer then plays the seat for them until they ask for the rematch, and every screen
    sees it. ``Conflict`` when the seat is not one this can change; ``NotHost`` when the asker may not."""

    def change(writes: Writes) -> list[tuple[Any, dict[str, Any]]]:
        plan = plan_of(live.settings)
        back = player == PERSON
        if plan is None or (plan["host"] != asker and not (back and asker == seat)):
            require_host(live, asker)
        assert plan is not None
        settings = copy.deepcopy(live.settings)
        new = settings[ONLINE]
        if live.game.is_over:
            raise Conflict("the match is over")
        kept = seat in reserved_seats(live.settings, live.held)
        if str(seat) in plan["open"]:
            _fill(settings, seat, player, back=back)
        elif kept:
            _remove(settings, seat, player, back=back, remove=remove)
        elif remove:
            raise Conflict(f"seat {seat} is not waiting for its person: 'remove' is for a seat still kept for one")
        elif settings["seats"][seat] != HUMAN:
            raise Conflict(f"seat {seat} is a computer's seat")
        elif back:
            if str(seat) not in new["stand_in"]:
                raise Conflict(f"seat {seat} is its person's already")
            del new["stand_in"][str(seat)]
        elif waiting(live.settings, live.held):
            raise Conflict("the table is waiting for its players: a computer stands in for a person absent at "
                           "their turn, once the cards are dealt")
        else:
            new["stand_in"][str(seat)] = player
        if not back and not a_person_plays(settings):
            raise Conflict(
                "a person keeps at least one seat: with computers in every seat the rest of the match would be "
                "played at once"
            )
        _store_plan(writes, live, settings)
        return table_messages(live)

    send(hub.change(live, change))
    hub.advance(live)  # the row locked before the game, as every action (a shared store)


def _fill(settings: dict[str, Any], seat: int, player: str, *, back: bool) -> None:
    """A computer takes the open invited ``seat`` for the match (changing ``settings``): its friend never
    came, so the seat is the computer's and reads as one."""
    new = settings[ONLINE]
    if back:
        raise Conflict(f"seat {seat} waits for its invited friend; wait, or give it to a computer for the match")
    settings["names"] = shown_names(settings)  # the other seats keep the names they show
    new["used"].append(new["open"].pop(str(seat)))
    settings["seats"][seat] = player
    settings["names"][seat] = f"Computer {seat + 1}"  # the seat was named for a person: it reads as a computer


def _remove(settings: dict[str, Any], seat: int, player: str, *, back: bool, remove: bool) -> None:
    """The host removes the person of a rematch's kept ``seat`` from the waiting (changing ``settings``):
    only an explicit ``remove`` does, as a chair at a Jass table stays free for the player who went to fetch a
    drink. The seat stays the person's, name and all: a computer plays it for them (a stand-in every screen
    sees) until they ask for the rematch or connect again, which gives it back (``take_back_on_rematch``)."""
    new = settings[ONLINE]
    if back:
        raise Conflict(f"seat {seat} waits for its person of the last match: they take it by asking for the "
                       "rematch; wait, or remove them ('remove': true) and a computer plays for them until then")
    if not remove:
        raise Conflict(f"seat {seat} is kept for its person until they ask for the rematch: wait for them, or "
                       "remove them from the waiting ('remove': true), which every screen sees")
    new[RESERVED] = [s for s in new[RESERVED] if s != seat]
    new["stand_in"][str(seat)] = player


def take_back_on_rematch(hub: GameHub, live: LiveGame, seat: int) -> None:
    """The person of ``seat`` asked for the rematch ``live``: a computer the host had play for them (removed
    from the waiting, or stood in at their turn) gives the seat back at once, as when they connect again
    (asking is being here). Nothing happens when no computer plays the seat."""

    def back(writes: Writes) -> list[tuple[Any, dict[str, Any]]] | None:
        if str(seat) not in (plan_of(live.settings) or {}).get("stand_in", {}):
            return None
        settings = copy.deepcopy(live.settings)
        del settings[ONLINE]["stand_in"][str(seat)]
        _store_plan(writes, live, settings)
        return table_messages(live)

    messages = hub.change(live, back)
    if messages is not None:
        send(messages)


def react(hub: GameHub, live: LiveGame, seat: int, code: str) -> bool:
    """Send a quick reaction from ``seat`` to every screen; False when the seat sent too many lately."""
    now = time.monotonic()
    with live.lock:
        sent = [t for t in live.table.setdefault("reactions", {}).get(seat, []) if now - t < REACTION_WINDOW]
        if len(sent) >= hub.settings.reactions_per_seat:
            return False
        live.table["reactions"][seat] = [*sent, now]
        message = {"type": "reaction", "seat": seat, "code": code}
        send([(sub, message) for sub in list(live.subscribers)])
    if hub.shared is not None:  # the screens connected to other workers (a shared store)
        hub.shared.relay(live, seat, "reaction", code)
    return True


# ----- presence (the live connections: puur.server.http.games) -----
def arrive(hub: GameHub, live: LiveGame, sub: Subscriber, hello: Callable[[], dict[str, Any]]) -> dict[str, Any] | str:
    """A live connection of ``sub.seat`` opens: it joins the game's connections (``GameHub.listen``), a
    person coming back takes their seat back from the computer that stood in (what a player expects: coming
    back is taking part), and the other screens see them connected. Returns ``hello()``, built under the
    game's lock right after, so that it and the events that follow line up; or why the connection is refused."""

    def enter(writes: Writes | None) -> dict[str, Any] | str:
        if live.evicted:
            return "the game was reloaded: connect again"
        if sub not in live.subscribers:
            refused = hub.listen(live, sub)
            if refused is not None:
                return refused
        if plan_of(live.settings) is not None:  # an online table: its screens see who is here
            live.table.setdefault("away", {}).pop(sub.seat, None)
            if writes is not None and sub.seat in stand_ins(live.settings):
                settings = copy.deepcopy(live.settings)
                del settings[ONLINE]["stand_in"][str(sub.seat)]
                _store_plan(writes, live, settings)
            send([(other, m) for other, m in table_messages(live) if other is not sub])
        return hello()

    if sub.seat in stand_ins(live.settings):  # read without the lock: judged again inside the change
        try:
            return hub.change(live, enter)
        except Conflict:  # busy on another worker: the seat is taken back at its next connection
            log.warning("game %s: seat %d could not be taken back from its stand-in now", live.id, sub.seat)
    with live.lock:
        return enter(None)


def disconnected(live: LiveGame, seat: int) -> None:
    """A connection of ``seat`` ended (after ``GameHub.unlisten``): the others see who left."""
    if plan_of(live.settings) is None:
        return
    with live.lock:
        if not any(sub.seat == seat for sub in live.subscribers):
            live.table.setdefault("away", {})[seat] = time.monotonic()
        messages = table_messages(live)
    send(messages)


def away_seat(live: LiveGame, now: float) -> int | None:
    """The seat to hand to a computer now: a person's seat of an online table whose turn it is, with no
    connection for the table's patience with them (``LiveGame.patience``), counted from when the turn came or
    the person left, whichever is later (``LiveGame.hand_over_due``, which every view's ``awaited`` reads too)."""
    due = live.hand_over_due(now)
    return due[0] if due is not None and now >= due[1] else None


def hand_over_away(hub: GameHub, live: LiveGame) -> bool:
    """Hand the seat of a person absent at their turn to ``AWAY_PLAYER`` (and let it play); True if one was."""
    with live.lock:  # the watchdog's frequent look is cheap; the change below judges it again
        if live.evicted or away_seat(live, time.monotonic()) is None:
            return False

    def hand_over(writes: Writes) -> list[tuple[Any, dict[str, Any]]] | None:
        seat = away_seat(live, time.monotonic())
        if seat is None:
            return None
        settings = copy.deepcopy(live.settings)
        settings[ONLINE]["stand_in"][str(seat)] = AWAY_PLAYER  # the last person at a rated table: all computers
        _store_plan(writes, live, settings)
        return table_messages(live)

    try:
        messages = hub.change(live, hand_over)
    except (Conflict, NotFound):  # busy on another worker, or gone: the watchdog looks again
        return False
    if messages is None:
        return False
    send(messages)
    hub.advance(live)  # the row locked before the game, as every action (a shared store)
    return True


def watch(hub: GameHub, live: LiveGame) -> None:
    """Start the game's watchdog on the running loop unless it runs: while the game has a live connection (at
    a rated table, while it is held: its last person may leave), it checks a few times a second (at most every
    second) for a person absent at their turn."""
    if plan_of(live.settings) is None:
        return
    task = live.table.get("watchdog")
    if task is not None and not task.done():
        return
    live.table["watchdog"] = asyncio.get_running_loop().create_task(_watchdog(hub, live))


async def _watchdog(hub: GameHub, live: LiveGame) -> None:
    step = max(0.05, min(1.0, live.away_seconds / 4, live.abandon_seconds / 4))
    while (live.subscribers or is_rated(live.settings)) and not live.evicted and not live.game.is_over:
        await asyncio.sleep(step)
        if live.quick:
            hand_over_away(hub, live)
        else:
            await run_in_threadpool(hand_over_away, hub, live)


__all__ = ["REACTION_WINDOW", "NotHost", "UnknownCode", "arrive", "disconnected", "hand_over_away", "invites_of", "join",
           "react", "send", "set_seat", "shown_names", "table_messages", "take_back_on_rematch", "watch"]
