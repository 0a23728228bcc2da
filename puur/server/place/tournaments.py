"""Duplicate tournaments (docs/tournaments.md): every table plays the same deals, the teams turned, and each team
is ranked against the teams that held the same cards (``puur.match.duplicate``).

A tournament is made whole at its creation: one seed per deal is drawn with ``secrets`` and committed
(``puur.match.fairness``: each commitment is public from the start, each seed and salt only once every table
has played every deal), and each table is an online table's game (``puur.server.live``) that follows the deal
plan of those seeds, turned by one seat at every second table. A table's person seats are invited seats: the
host hands out their invite links, or a player takes one on the tournament's page with their player key.
Tables play at their own pace; what a table has played is read from its game on each request, never copied,
so every worker shows the same standings.
"""

from __future__ import annotations

import copy
import hmac
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from sqlalchemy.exc import IntegrityError

from puur.core.profile import RuleProfile
from puur.match.duplicate import PLAN_KEY, standings
from puur.match.fairness import draw_salt, draw_seed, seed_commitment
from puur.match.tournament import RECORD_FORMAT, RECORD_VERSION
from puur.server.live import HUMAN, Conflict, GameHub, LiveGame
from puur.server.store import token_hash
from puur.server.store.place import PlaceDb
from puur.server.store.players import Player
from puur.server.store.tournaments import (
    TournamentRow,
    add_tournament,
    get_tournament,
    list_tournaments,
    mark_finished,
    seat_of_player,
    seat_player,
    unseat_player,
)
from puur.table.seats import INVITE, ONLINE, code_hash, invite_code, open_seats, with_seat_player
from puur.table.view import table_names

TABLES = (2, 16)
"""The fewest and most tables of a tournament (each table is a game the server holds)."""
DEALS = (1, 12)
"""The fewest and most deals (every table plays each one: a tournament of 12 deals is an evening)."""
LIST_LIMIT = 50
"""The most tournaments ``GET /tournaments`` lists (the newest)."""
TOURNAMENT_KEY = "tournament"
"""The key, in a table's game settings, naming its tournament and table number (the table page links back)."""


class NotFound(Exception):
    """No tournament with this id."""


class NotHost(Exception):
    """Only the tournament's host (its player, or the host token) may do this."""


class NotOver(Exception):
    """The record and the seeds are shown once every table has played every deal."""


@dataclass(frozen=True)
class Created:
    row: TournamentRow
    host_token: str


# ----- creation -----
def table_settings(row_id: str, table: int, seats: list[str], profile: dict[str, Any],
                   seeds: list[int], invite_key: str, game_id: str) -> dict[str, Any]:
    """The game settings of ``table``: the tournament's profile, the seats (each ``invite`` a person's seat,
    open until taken), no host (the tournament seats its players), and the deal plan of the tournament's
    seeds, turned by one seat at every second table so that its teams hold the other side's cards."""
    codes = {s: invite_code(invite_key, game_id, s) for s, kind in enumerate(seats) if kind == INVITE}
    plan: dict[str, Any] = {"host": None, "local": [], "open": {str(s): code_hash(c) for s, c in codes.items()},
            "used": [], "joined": [], "stand_in": {}}
    kinds = [HUMAN if kind == INVITE else kind for kind in seats]
    return {"profile": profile, "seats": kinds, ONLINE: plan,
            PLAN_KEY: {"seeds": seeds, "turn": table % 2}, TOURNAMENT_KEY: {"id": row_id, "table": table}}


def create_tournament(place: PlaceDb, hub: GameHub, host: Player | None, name: str, seats: list[list[str]],
                      deals: int, profile: Any) -> Created:
    """A new tournament of ``len(seats)`` tables (each four seats: ``invite`` or a computer the server offers,
    at least one ``invite``) over ``deals`` deals of ``profile``. ``ValueError`` saying what is wrong (nothing
    is made); the hub's ``Busy`` when it may hold no more games."""
    check_shape(len(seats), deals, seats)
    prof = RuleProfile.resolve(profile).to_dict()
    for table in seats:
        for spec in table:
            if spec != INVITE:
                hub.players.check(spec)  # PlayerRefused (a ValueError) names the allowed players
    tid = secrets.token_hex(6)
    invite_key, host_token = secrets.token_urlsafe(32), secrets.token_urlsafe(32)
    seeds = [draw_seed() for _ in range(deals)]
    salts = [draw_salt() for _ in range(deals)]
    games = []
    for t, table in enumerate(seats):
        game_id = secrets.token_hex(8)
        live, _ = hub.create(table_settings(tid, t, table, prof, seeds, invite_key, game_id), game_id, {})
        games.append(live.id)
    row = TournamentRow(tid, name, host.id if host else None, token_hash(host_token), invite_key,
                        {"tables": len(seats), "deals": deals, "profile": prof, "form": "schieber", "seats": seats},
                        [seed_commitment(s, salt) for s, salt in zip(seeds, salts, strict=True)],
                        [{"seed": s, "salt": salt} for s, salt in zip(seeds, salts, strict=True)],
                        time.time(), None, games, {})
    with place.begin() as conn:
        add_tournament(conn, row)
    return Created(row, host_token)


def check_shape(tables: int, deals: int, seats: list[list[str]]) -> None:
    """The bounds of a tournament: ``TABLES``, ``DEALS``, four seats a table, a person's seat at each."""
    if not TABLES[0] <= tables <= TABLES[1]:
        raise ValueError(f"a tournament has {TABLES[0]} to {TABLES[1]} tables, not {tables}")
    if not DEALS[0] <= deals <= DEALS[1]:
        raise ValueError(f"a tournament has {DEALS[0]} to {DEALS[1]} deals, not {deals}")
    for t, table in enumerate(seats):
        if len(table) != 4:
            raise ValueError(f"table {t} has {len(table)} seats: a table has four")
        if INVITE not in table:
            raise ValueError(f"table {t} has no person's seat ('invite'): a tournament is played by people")


# ----- reading -----
def load(place: PlaceDb, tournament_id: str) -> TournamentRow:
    with place.read() as conn:
        row = get_tournament(conn, tournament_id)
    if row is None:
        raise NotFound(tournament_id)
    return row


def tables_of(hub: GameHub, row: TournamentRow) -> list[LiveGame]:
    """The tables' games as they are now (a shared store: brought up to the database by ``hub.get``)."""
    return [hub.get(game_id) for game_id in row.games]


def is_over(games: list[LiveGame]) -> bool:
    return all(live.game.is_over for live in games)


def written_of(games: list[LiveGame]) -> list[list[list[int]]]:
    """Each table's written points per deal played so far (team 0, team 1)."""
    return [[list(r.written) for r in live.game.rounds] for live in games]


def table_out(t: int, live: LiveGame, row: TournamentRow) -> dict[str, Any]:
    """What anyone may see of a table: its game, status, deals played, scores and who sits where (no card)."""
    names = table_names(live.settings)
    opened = set(open_seats(live.settings))
    seats = []
    for s, kind in enumerate(live.settings["seats"]):
        seats.append({"seat": s, "name": names[s], "kind": INVITE if s in opened else ("person" if kind == HUMAN
                      else "computer"), "player": row.seated.get((t, s))})
    return {"table": t, "game_id": live.id, "turn": t % 2, "status": live.status, "deals_played": len(live.game.rounds),
            "scores": list(live.game.scores), "seats": seats}


def standings_out(games: list[LiveGame]) -> list[dict[str, Any]]:
    """The standings with each team's names (``puur.match.duplicate.standings``)."""
    rows = standings(written_of(games))
    for r in rows:
        names = table_names(games[r["table"]].settings)
        r["names"] = [names[s] for s in r["seats"]]
    return rows


def view(place: PlaceDb, hub: GameHub, tournament_id: str) -> dict[str, Any]:
    """The tournament page's data: settings, commitments, tables, live standings; once every table has played
    every deal the seeds and salts too (and the tournament is marked finished)."""
    row = load(place, tournament_id)
    games = tables_of(hub, row)
    over = is_over(games)
    if over and row.finished is None:
        with place.begin() as conn:
            mark_finished(conn, row.id)
    return {"id": row.id, "name": row.name, "created": row.created, "over": over,
            "settings": public_settings(row), "commitments": row.commitments,
            "seeds": revealed(row) if over else None,
            "tables": [table_out(t, live, row) for t, live in enumerate(games)],
            "standings": standings_out(games)}


def public_settings(row: TournamentRow) -> dict[str, Any]:
    return {k: row.settings[k] for k in ("tables", "deals", "profile", "form", "seats")}


def revealed(row: TournamentRow) -> list[dict[str, Any]]:
    """Each deal's seed (in decimal as a string: beyond JavaScript's exact integers), salt and commitment."""
    return [{"deal": k + 1, "seed": str(s["seed"]), "salt": s["salt"], "commitment": c}
            for k, (s, c) in enumerate(zip(row.secrets, row.commitments, strict=True))]


def summaries(place: PlaceDb) -> list[dict[str, Any]]:
    with place.read() as conn:
        return list_tournaments(conn, LIST_LIMIT)


def record(place: PlaceDb, hub: GameHub, tournament_id: str) -> dict[str, Any]:
    """The whole tournament, for anyone to verify (``puur tournament verify``): its settings, each deal's seed,
    salt and commitment, every table's game record and the standings. ``NotOver`` before the end."""
    row = load(place, tournament_id)
    games = tables_of(hub, row)
    if not is_over(games):
        raise NotOver("the record is shown once every table has played every deal (the seeds are secret till then)")
    return {"format": RECORD_FORMAT, "version": RECORD_VERSION, "id": row.id, "name": row.name,
            "settings": public_settings(row), "deals": revealed(row),
            "tables": [{"table": t, "turn": t % 2, "game_id": live.id, "names": table_names(live.settings),
                        "record": live.game.record()} for t, live in enumerate(games)],
            "standings": standings_out(games)}


# ----- seats -----
def is_host(row: TournamentRow, player: Player | None, host_token: str | None) -> bool:
    """The host's player, or anyone with the host token (compared as its hash, in constant time)."""
    if player is not None and row.host_player is not None and player.id == row.host_player:
        return True
    return host_token is not None and hmac.compare_digest(token_hash(host_token), row.host_hash)


def invites(place: PlaceDb, hub: GameHub, tournament_id: str, player: Player | None, host_token: str | None,
            ) -> list[dict[str, Any]]:
    """The host's invite codes of every seat still open, table by table (``NotHost`` for anyone else); each
    takes its seat as any online table's invite (``POST /games/{id}/join``)."""
    row = load(place, tournament_id)
    if not is_host(row, player, host_token):
        raise NotHost("only the tournament's host (its player key, or the host token) sees the invite links")
    out = []
    for t, live in enumerate(tables_of(hub, row)):
        for s in open_seats(live.settings):
            code = invite_code(row.invite_key, live.id, s)
            out.append({"table": t, "seat": s, "game_id": live.id, "code": code})
    return out


Join = Callable[[LiveGame, str, str], tuple[int, str]]
"""Takes an online table's seat by its invite code under a name: the seat and its token
(``puur.server.live.tables.join`` on the app's hub)."""


def take_seat(place: PlaceDb, hub: GameHub, join: Join, tournament_id: str, player: Player, table: int, seat: int,
              name: str) -> tuple[str, str]:
    """``player`` takes the open ``seat`` of ``table`` under ``name``: the table's game and the seat's token.
    One seat per player and tournament (``Conflict``), an open seat only (``Conflict``); the seat's remembered
    player is written in the game's settings (``puur.table.seats``)."""
    row = load(place, tournament_id)
    if not 0 <= table < len(row.games):
        raise ValueError(f"the tournament has tables 0 to {len(row.games) - 1}, not {table}")
    live = hub.get(row.games[table])
    if seat not in open_seats(live.settings):
        raise Conflict(f"seat {seat} of table {table} is not open: it is a computer's or taken")
    code = invite_code(row.invite_key, live.id, seat)
    try:
        with place.begin() as conn:  # committed before the game is written: SQLite has one writer at a time
            held = seat_of_player(conn, row.id, player.id)
            if held is not None:
                raise Conflict(f"you hold seat {held[1]} of table {held[0]} in this tournament already")
            seat_player(conn, row.id, table, seat, player.id)
    except IntegrityError:
        raise Conflict(f"seat {seat} of table {table} was taken a moment ago") from None
    try:
        taken, token = join(live, code, name)
    except BaseException:
        with place.begin() as conn:  # the seat was not taken: the note of its player goes too
            unseat_player(conn, row.id, table, seat)
        raise
    remember_player(hub, live, taken, player.id)
    return live.id, token


def remember_player(hub: GameHub, live: LiveGame, seat: int, player_id: str) -> None:
    """Write the seat's remembered player into the game's settings (ratings and statistics read it there)."""

    def note(writes: Any) -> None:
        settings = with_seat_player(copy.deepcopy(live.settings), seat, player_id)
        writes.settings(settings)
        live.settings = settings

    hub.change(live, note)


__all__ = ["DEALS", "LIST_LIMIT", "TABLES", "Created", "NotFound", "NotHost",
           "NotOver", "create_tournament", "invites", "record", "summaries", "take_seat", "view"]
