"""The seat plan of an online table (docs/api-online-tables.md): friends at one table, each on their own
device.

A game's stored settings hold its plan. ``settings["seats"]`` says, as for every game, ``human`` or a
computer player per seat; an online table adds ``settings["online"]``::

    {"host": 0,                  # the seat whose token created the table: it fills and hands over seats
     "local": [0],               # the seats created with a token (the host's device; pass-and-play there)
     "open": {"1": HASH, ...},   # invited seats nobody has taken yet: the hash of each seat's invite code
     "used": [HASH, ...],        # invite codes that took their seat (or whose seat was filled): 409 again
     "joined": [1, 3],           # seats taken through an invite
     "stand_in": {"3": "heuristic"},  # a computer plays for an absent person until they take the seat back
     "reserved": [0, 1, 2, 3]}   # a rematch: the seats kept for the people of the last match (below)

**Whose seat is it.** A rematch keeps every person of the last match in their seat: each seat a person held
is ``reserved`` for them until they ask for the rematch with their own token (``GameHub.claim`` stores a
token for it: the seat is then *held*) or the host removes them from the waiting in the open
(``puur.server.live.tables.set_seat`` with ``remove``: every screen is told, and a computer stands in for them
until they ask for the rematch, which gives them the seat back). While a reserved seat
is not held the rematch waits like the waiting room: no card shown, no action taken, nobody stood in. Which
seats are held is read from the game's tokens, not stored in the plan: two people claiming their seats at
once on two workers each add a token, and neither can undo the other's claim.

Everything here is pure (settings in, data out): ``puur.server.live.tables`` changes a live game with it, under
the game's lock, and stores the new settings with ``Store.update_settings`` (no table of its own, so any
store that keeps a game's settings keeps its plan). Invite codes are derived from the host's 256-bit token
(HMAC-SHA256, as ``rematch_token``): the host can be shown them again, the store holds only their hashes.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
from collections.abc import Collection
from typing import Any

from puur.table.public import PUBLIC, computers_until_their_round

HUMAN = "human"
INVITE = "invite"
"""The seat kind a table's creator gives a seat for a friend (``POST /games`` ``seats``)."""
PERSON = "person"
RESERVED = "reserved"
"""The view's ``seating`` kind of a rematch's seat kept for its person until they ask for the rematch."""
"""``POST /games/{id}/seats/{n}`` ``{"player": "person"}``: the seat goes back to its person."""
ONLINE = "online"
"""The key of the plan in a game's settings."""
AWAY_PLAYER = "heuristic"
"""The computer that plays for a person absent at their turn (``ServerSettings.away_seconds``)."""
REACTIONS = ("bravo", "hopp", "sorry", "well_played", "uff")
"""The quick reactions a seat may send (no free text); the page words them in en/de/fr."""
PLAYERS = "players"
"""The key, in a game's settings, of its remembered players: seat (a string, as JSON keys are) -> the player
id (``puur.server.store.players``) of the person who took that seat with their player key. Any game may have
it (a table with computers, pass-and-play, an online table); the place reads it for statistics and ratings."""
CODE_BYTES = 18
"""An invite code's length: 144 bits, base64url (24 characters)."""


def invite_code(host_token: str, game_id: str, seat: int) -> str:
    """The invite code of ``seat``: HMAC-SHA256 keyed by the host's token, so only the host can compute it
    (and compute it again); 144 bits, unguessable."""
    mac = hmac.new(host_token.encode(), f"puur invite|{game_id}|{seat}".encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(mac[:CODE_BYTES]).decode()


def code_hash(code: str) -> str:
    """What the store keeps of an invite code (SHA-256, apart from the tokens' hashes by its prefix)."""
    return hashlib.sha256(f"puur invite code|{code}".encode()).hexdigest()


def new_plan(seats: list[str], game_id: str, tokens: dict[int, str]) -> tuple[list[str], dict[str, Any], dict[int, str]]:
    """The settings' seats (each ``invite`` a ``human`` seat), the online plan and the invite codes by seat,
    for a table created with ``seats`` and the local seats' ``tokens`` (the first local seat is the host)."""
    local = sorted(tokens)
    host = local[0]
    codes = {s: invite_code(tokens[host], game_id, s) for s, kind in enumerate(seats) if kind == INVITE}
    plan = {"host": host, "local": local, "open": {str(s): code_hash(c) for s, c in codes.items()},
            "used": [], "joined": [], "stand_in": {}}
    return [HUMAN if kind == INVITE else kind for kind in seats], plan, codes


def plan_of(settings: dict[str, Any]) -> dict[str, Any] | None:
    """The online plan, or None for a table on one device."""
    plan = settings.get(ONLINE)
    return plan if isinstance(plan, dict) else None


def open_seats(settings: dict[str, Any]) -> list[int]:
    """Invited seats nobody has taken (nor the host filled)."""
    plan = plan_of(settings)
    return sorted(int(s) for s in plan["open"]) if plan else []


def reserved_seats(settings: dict[str, Any], held: Collection[int] = ()) -> list[int]:
    """A rematch's seats still kept for a person of the last match: reserved, still a person's (the host did
    not remove them), and not ``held`` (the seats a token of the game holds: the person has not asked yet)."""
    plan = plan_of(settings)
    if plan is None:
        return []
    return sorted(s for s in plan.get(RESERVED, []) if settings["seats"][s] == HUMAN and s not in held)


def waiting(settings: dict[str, Any], held: Collection[int] = ()) -> bool:
    """The table waits (phase ``waiting``: no card shown, no action taken) while an invited seat is open or a
    rematch's seat is still kept for its person (``held``: the seats a token holds; none given, every reserved
    seat counts as awaited)."""
    return bool(open_seats(settings)) or bool(reserved_seats(settings, held))


def stand_ins(settings: dict[str, Any]) -> dict[int, str]:
    """Seat -> the computer playing for its absent person."""
    plan = plan_of(settings)
    return {int(s): spec for s, spec in plan["stand_in"].items()} if plan else {}


def effective_seats(settings: dict[str, Any], round_number: int | None = None) -> list[str]:
    """Who acts for each seat now: the plan's kind, or the computer standing in for an absent person, or (a
    public table, ``puur.table.public``) the computer finishing the round of a seat whose person sat down
    during it (``round_number``: the game's round now)."""
    seats = list(settings["seats"])
    for seat, spec in stand_ins(settings).items():
        seats[seat] = spec
    for seat, spec in computers_until_their_round(settings, round_number).items():
        seats[seat] = spec
    return seats


def a_person_plays(settings: dict[str, Any]) -> bool:
    """Whether a person (not a computer standing in) plays some seat: with computers in every seat one
    request would play the rest of the match at once, so the table never hands over its last person."""
    return HUMAN in effective_seats(settings)


def last_person(settings: dict[str, Any], seat: int) -> bool:
    """Whether ``seat`` is the only seat a person plays now: with a computer for it, computers would hold every
    seat."""
    return all(kind != HUMAN for s, kind in enumerate(effective_seats(settings)) if s != seat)


def person_seats(settings: dict[str, Any]) -> list[int]:
    """Seats held by a person (joined, local, or still invited), stood in or not."""
    return [s for s, kind in enumerate(settings["seats"]) if kind == HUMAN]


def alone_at_the_table(settings: dict[str, Any], seat: int) -> bool:
    """Whether ``seat`` is the table's one person and everyone else a computer of the table's own: the table
    where practice help (hints, undo) is offered. A seat a person holds stays theirs while a computer plays
    it for them (an absent friend, a seat the host handed over), so such a table has two people: hints and
    undo there would let one read the other's hidden hand (undo a card, watch the stand-in answer another way).
    A public table (``puur.table.public``) offers none: strangers may sit down at any round, and its match is
    rated."""
    return person_seats(settings) == [seat] and PUBLIC not in settings


def connected(settings: dict[str, Any], listening: set[int]) -> set[int]:
    """The person seats with a live connection (``listening``: the seats of the game's connections). The
    local seats of one device share it: a pass-and-play page listens with one seat's token at a time. At a
    table on one device (no plan) every person seat counts as there: its view does not depend on it."""
    plan = plan_of(settings)
    if plan is None:
        return set(person_seats(settings))
    local = set(plan["local"])
    out = {s for s in listening if s in person_seats(settings)}
    if out & local:
        out |= local
    return out


def seating(settings: dict[str, Any], names: list[str], listening: set[int],
            held: Collection[int] = ()) -> list[dict[str, Any]]:
    """The view's ``seating``: per seat its name, ``kind`` (``person``, ``invite`` while open, ``reserved``
    while a rematch keeps it for its person, ``computer``), whether its person is ``connected``, whether it is
    the ``host``, and the computer playing for it (``player``: the seat's own or the stand-in's spec; None for
    a person playing). ``held``: the seats a token of the game holds."""
    plan = plan_of(settings)
    opened = set(open_seats(settings))
    kept = set(reserved_seats(settings, held))
    online = connected(settings, listening) - kept
    stand = stand_ins(settings)
    out = []
    for seat, kind in enumerate(settings["seats"]):
        if seat in opened:
            kind_out, player = INVITE, None
        elif seat in kept:
            kind_out, player = RESERVED, None
        elif kind == HUMAN:
            kind_out, player = PERSON, stand.get(seat)
        else:
            kind_out, player = "computer", kind
        out.append({"name": names[seat], "kind": kind_out, "connected": seat in online,
                    "host": plan is not None and plan["host"] == seat, "player": player})
    return out


def seat_players(settings: dict[str, Any]) -> dict[int, str]:
    """Seat -> the remembered player who holds it (seats taken without a player key are absent)."""
    held = settings.get(PLAYERS)
    return {int(seat): str(pid) for seat, pid in held.items()} if isinstance(held, dict) else {}


def with_seat_player(settings: dict[str, Any], seat: int, player_id: str | None) -> dict[str, Any]:
    """``settings`` with ``seat`` held by ``player_id`` (None: by nobody remembered)."""
    held = {str(s): pid for s, pid in seat_players(settings).items() if s != seat}
    if player_id is not None:
        held[str(seat)] = player_id
    return {**settings, PLAYERS: dict(sorted(held.items()))}


def rematch_settings(settings: dict[str, Any]) -> dict[str, Any]:
    """A rematch's settings: the same people in the same seats (no invite open, nobody stood in), a new
    seed; the hints and undos are counted anew. At an online table every person's seat is ``reserved`` for
    them: the rematch waits until each has asked for it or the host removed them in the open (a player
    who stood up for a drink finds their seat free, not given away)."""
    fresh = {k: v for k, v in settings.items() if k != "assist"}
    if isinstance(fresh.get(PUBLIC), dict):  # a public table's arrivals counted the old match's rounds
        fresh[PUBLIC] = {**fresh[PUBLIC], "arriving": {}}
    plan = plan_of(settings)
    if plan:
        fresh[ONLINE] = {**plan, "open": {}, "used": [], "stand_in": {}, RESERVED: person_seats(settings)}
    return {**fresh, "seed": None}


__all__ = [
    "AWAY_PLAYER", "INVITE", "ONLINE", "PERSON", "PLAYERS", "REACTIONS", "RESERVED", "a_person_plays", "alone_at_the_table", "last_person", "code_hash", "connected",
    "effective_seats", "invite_code", "new_plan", "open_seats", "person_seats", "plan_of", "rematch_settings",
    "reserved_seats", "seat_players", "seating", "stand_ins", "waiting", "with_seat_player",
]
