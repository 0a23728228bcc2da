"""A table of one device without the server: the game API's routes that a person alone (or several passing
one device) uses, answered with the same JSON the server gives, for the engine in the page (Pyodide in a Web
Worker: docs/offline-table.md).

Nothing here knows HTTP: a request is a method, a path, a body and a token; the answer is a status, a body,
the events a live connection would have received (each accepted action with the seat's view after it), and
the game's record to keep (``LocalGame.saved``: the page's worker writes it to IndexedDB after every
accepted action, and gives it back with ``LocalTable.restore`` when the page opens again). The views, the
computers' seeds, the replay, the hint and the reasons come from ``puur.table``, the server's own
definitions, so a seeded game plays the same cards here and there.

What needs the network (friends' tables, reviews, the server's record store) is refused with 503 and a
reason that says so.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import parse_qs, urlsplit

from puur.bots import Player, make_player, parse_spec
from puur.bots.runner import play_computers
from puur.core.actions import parse_any_action, public_action
from puur.core.cards import Action, Card
from puur.core.profile import RuleProfile
from puur.match.forms import make_form
from puur.match.game import Game, IllegalAction, check_declarations
from puur.table.assist import (
    NOTHING_TO_UNDO,
    ONLY_ALONE,
    assist_counts,
    counted,
    hint,
    search_player,
    undo_point,
)
from puur.table.options import rules_tables, table_options
from puur.table.play import player_seed, replay, start_game, why_answer
from puur.table.seats import HUMAN, INVITE, alone_at_the_table, effective_seats
from puur.table.view import default_names, seat_view, table_names, table_status

LOCAL_PLAYERS = ("heuristic", "learned", "mcts", "random")
"""The built-in computer players, which need nothing but the engine (the remote player needs the network)."""
ID_PREFIX = "local-"
"""A game of this device: the page sends its requests to the engine in the page, online or not."""
NEEDS_NETWORK = "{what} needs the network: connect and try again"
FORM_FIELDS = ("columns", "rounds", "form_settings")


class Refused(Exception):
    """A request the table refuses: its status (the server's for the same request) and reason."""

    def __init__(self, status: int, detail: Any) -> None:
        super().__init__(str(detail))
        self.status = status
        self.detail = detail


def _field_error(loc: tuple[str | int, ...], msg: str, kind: str = "value_error") -> Refused:
    """A 422 as FastAPI words one: the field at fault and why."""
    return Refused(422, [{"type": kind, "loc": ["body", *loc], "msg": msg}])


@dataclass
class LocalGame:
    """One game of this device: its settings (as the server stores them), the engine's ``Game``, the tokens
    of its person seats and the log of accepted actions ``[seat, action, declarations]``."""

    id: str
    settings: dict[str, Any]
    game: Game
    tokens: dict[str, int]
    log: list[list[Any]] = field(default_factory=list)
    created: float = field(default_factory=time.time)
    updated: float = field(default_factory=time.time)

    @property
    def seq(self) -> int:
        return len(self.log)

    @property
    def status(self) -> str:
        return table_status(self.settings, self.game, set(self.tokens.values()))

    def view(self, seat: int) -> dict[str, Any]:
        """The seat's view (``puur.table.view.seat_view``): every person seat of one device is there."""
        return seat_view(self.game, seat, game_id=self.id, settings=self.settings, seq=self.seq,
                         held=set(self.tokens.values()), listening=())

    def saved(self) -> dict[str, Any]:
        """What the device keeps of the game (IndexedDB): enough to replay it (``LocalTable.restore``)."""
        return {"id": self.id, "settings": self.settings, "tokens": self.tokens, "log": self.log,
                "created": self.created, "updated": self.updated}

    def upload(self) -> dict[str, Any]:
        """What the server takes to keep this game (``POST /api/v1/games/upload``, ``puur.server.live.kept``):
        its record, of a match not over yet too (the server replays and checks it as ``puur verify`` does),
        and its table; never the device's seat tokens (the server gives its own)."""
        settings = self.settings
        names = settings.get("names")
        if names is not None:  # a seat the table named for itself ("You", "Player 3") is sent unnamed: the server names it
            names = [None if n == d else n for n, d in zip(names, default_names(settings["seats"]), strict=True)]
        return {"record": self.game.record(), "seats": settings["seats"], "names": names,
                "deck": settings["deck"], "lang": settings["lang"], "assist": settings.get("assist")}

    def summary(self, seat: int) -> dict[str, Any]:
        """``POST /games/lookup``'s entry for a seat: public metadata, no cards."""
        g = self.game
        return {"game_id": self.id, "seat": seat, "status": self.status, "seats": effective_seats(self.settings),
                "names": table_names(self.settings), "scores": list(g.scores), "target": g.target,
                "profile": g.profile.name, "round_number": g.round_number, "to_act": g.current_seat,
                "created": self.created, "updated": self.updated}

    def computers(self, on_move: Callable[[list[Any]], None]) -> None:
        """The computer seats move (the runner's ``play_computers``, as on the server) until a person is to
        act, each with the seed of the action's number (``player_seed``), so a seeded game's computers play
        the cards they play on the server."""
        seats = effective_seats(self.settings)

        def player_for(seat: int) -> Player | None:
            return None if seats[seat] == HUMAN else make_player(seats[seat], seed=player_seed(self.game.seed, self.seq))

        def moved(seat: int, action: Action, declare: tuple[str, ...]) -> None:
            entry = [seat, str(action), list(declare)]
            self.log.append(entry)
            on_move(entry)

        play_computers(self.game, player_for, on_move=moved)
        self.updated = time.time()


Answer = dict[str, Any]
"""``{"status": int, "body": ..., "events": [...], "saved": record or None, "forgotten": id or None}``:
``forgotten``, a game the device no longer keeps (its person forgot it, or it is kept on the server now)."""


def _check_players(seats: list[str]) -> None:
    """Every computer seat names one of the built-in players offered offline (``LOCAL_PLAYERS``), never a
    module to import (``parse_spec`` reads ``package.module:Class`` as one)."""
    for seat, spec in enumerate(seats):
        if spec != HUMAN and parse_spec(spec)[0] not in LOCAL_PLAYERS:
            raise _field_error(("seats", seat), f"seat {seat}: offline the computers are {', '.join(LOCAL_PLAYERS)}")


@dataclass
class LocalTable:
    """The games of this device, answering the game API's requests (``request``)."""

    games: dict[str, LocalGame] = field(default_factory=dict)

    # ----- the device's storage -----
    def restore(self, saved: dict[str, Any]) -> str:
        """Hold a game kept on the device (``LocalGame.saved``), replayed from its record; its id. Its computers
        are checked against the built-in players as a new game's are: a saved game never names code to load."""
        _check_players(saved["settings"]["seats"])
        game = replay(saved["settings"], saved["log"])
        live = LocalGame(saved["id"], saved["settings"], game, {str(t): int(s) for t, s in saved["tokens"].items()},
                         [list(e) for e in saved["log"]], saved.get("created", time.time()), saved.get("updated", time.time()))
        self.games[live.id] = live
        return live.id

    # ----- requests -----
    def request(self, method: str, path: str, body: Any = None, token: str | None = None) -> Answer:
        """The answer to one request of the game API (``path`` below ``/api/v1``, with its query)."""
        parts = urlsplit(path)
        segments = [s for s in parts.path.split("/") if s]
        query = {k: v[-1] for k, v in parse_qs(parts.query).items()}
        out: Answer = {"status": 200, "body": None, "events": [], "saved": None, "forgotten": None}
        try:
            out["body"] = self._route(method.upper(), segments, query, body, token, out)
        except Refused as e:
            out.update(status=e.status, body={"detail": e.detail}, events=[], saved=None, forgotten=None)
        return out

    def _route(self, method: str, seg: list[str], query: dict[str, str], body: Any, token: str | None,
               out: Answer) -> Any:
        if seg == ["table", "options"] and method == "GET":
            return table_options(LOCAL_PLAYERS)
        if seg == ["table", "rules"] and method == "POST":
            try:
                return rules_tables((body or {}).get("profile"))
            except ValueError as e:
                raise _field_error(("profile",), str(e)) from None
        if seg == ["games"] and method == "POST":
            out["status"] = 201
            return self.create(body, out)
        if seg == ["games", "lookup"] and method == "POST":
            return self.lookup(body)
        if len(seg) >= 2 and seg[0] == "games":
            return self._game_route(method, seg[1], seg[2:], query, body, token, out)
        raise Refused(503, NEEDS_NETWORK.format(what="/" + "/".join(seg)))

    def _game_route(self, method: str, game_id: str, rest: list[str], query: dict[str, str], body: Any,
                    token: str | None, out: Answer) -> Any:
        live = self.games.get(game_id)
        if live is None:
            raise Refused(404, "no such game on this device")
        if not token:
            raise Refused(401, "a seat's token is needed (Authorization: Bearer TOKEN)")
        seat = live.tokens.get(token)
        if seat is None:
            raise Refused(403, "this token is not a seat of this game")
        route = (method, rest[0] if rest else "")
        if route == ("GET", ""):
            self._resume(live, out)
            return live.view(seat)
        if route == ("POST", "actions"):
            return self.act(live, seat, body, out)
        if route == ("GET", "why"):
            try:
                card = Card.parse(query.get("card", ""))
            except ValueError as e:
                raise Refused(422, f"card: {e}") from None
            return why_answer(live.game, live.status, seat, card)
        if route == ("GET", "hint"):
            return self.hint(live, seat, out)
        if route == ("POST", "undo"):
            return self.undo(live, seat, out)
        if route == ("GET", "record"):
            if not live.game.is_over:
                raise Refused(409, "the record is available once the match is over")
            return {**live.game.record(), "assist": live.settings.get("assist") or {"hints": [0] * 4, "undos": [0] * 4}}
        if route == ("POST", "rematch"):
            return self.rematch(live, seat, out)
        if route == ("GET", "upload"):
            return live.upload()
        if route == ("DELETE", ""):
            del self.games[live.id]
            out["forgotten"] = live.id
            return {"game_id": live.id}
        raise Refused(503, NEEDS_NETWORK.format(what="this part of the table"))

    # ----- games -----
    def create(self, body: Any, out: Answer) -> dict[str, Any]:
        """``POST /games`` for a table of this device: people and the built-in computers; an invited seat
        (a friend on another device) needs the server."""
        settings = self._settings(body)
        game, settings = start_game(settings)
        tokens = {secrets.token_urlsafe(32): s for s, kind in enumerate(settings["seats"]) if kind == HUMAN}
        live = LocalGame(ID_PREFIX + secrets.token_hex(8), settings, game, tokens)
        self.games[live.id] = live
        live.computers(lambda entry: None)
        out["saved"] = live.saved()
        return {"game_id": live.id, "tokens": {str(s): t for t, s in tokens.items()}, "seats": effective_seats(settings)}

    def _settings(self, body: Any) -> dict[str, Any]:
        """The game's settings from a ``POST /games`` body, each part checked as the server checks it."""
        if not isinstance(body, dict):
            raise _field_error((), "a JSON object with profile, seats, names, deck, lang (and the form's settings)")
        seats = body.get("seats")
        if not isinstance(seats, list) or len(seats) != 4 or not all(isinstance(s, str) for s in seats):
            raise _field_error(("seats",), "four seats: 'human' or a computer player")
        if INVITE in seats:
            raise Refused(503, NEEDS_NETWORK.format(what="a table with friends on their own devices"))
        if HUMAN not in seats:
            raise _field_error(("seats",), "at least one seat must be 'human'")
        _check_players(seats)
        form = body.get("form", "schieber")
        settings = {"profile": body.get("profile") or "schieber", "seats": list(seats), "seed": body.get("seed"),
                    "deck": body.get("deck", "swiss"), "lang": body.get("lang", "en"), "form": form,
                    **{k: body.get(k) for k in FORM_FIELDS}}
        try:
            RuleProfile.resolve(settings["profile"])
            if form != "schieber":
                make_form(form, columns=settings["columns"], rounds=settings["rounds"], settings=settings["form_settings"])
        except (ValueError, TypeError) as e:
            raise _field_error(("form" if form != "schieber" else "profile",), str(e)) from None
        names = body.get("names")
        if isinstance(names, list) and len(names) == 4 and any(isinstance(n, str) and n.strip() for n in names):
            settings["names"] = [n.strip() if isinstance(n, str) and n.strip() else d
                                 for n, d in zip(names, default_names(seats), strict=True)]
        return settings

    def lookup(self, body: Any) -> dict[str, Any]:
        tokens = (body or {}).get("tokens") or []
        found = [(live, live.tokens[t]) for live in self.games.values() for t in tokens if t in live.tokens]
        games = [live.summary(seat) for live, seat in found]
        games.sort(key=lambda g: -g["updated"])
        return {"games": games}

    def act(self, live: LocalGame, seat: int, body: Any, out: Answer) -> dict[str, Any]:
        """The seat acts, then the computers move until a person is to act; each accepted action is an event
        with the seat's view after it, as the live connection sends them."""
        if not isinstance(body, dict) or not isinstance(body.get("action"), str):
            raise _field_error(("action",), "the action: a card, a contract or a form's action")
        try:
            action = str(parse_any_action(body["action"]))
            declare = check_declarations(body.get("declare") or [])
        except ValueError as e:
            raise _field_error(("action",), str(e)) from None
        seen = body.get("seq")
        if seen is not None and seen != live.seq:
            raise Refused(409, f"stale: the action was sent for seq {seen}, the game is at seq {live.seq}; "
                          "fetch the view and act again")
        g = live.game
        if g.is_over:
            raise Refused(409, "the match is over")
        if g.current_seat != seat:
            raise Refused(409, f"it is not your turn: seat {g.current_seat} is to act")
        try:
            g.apply(action, declare)
        except IllegalAction as e:
            raise Refused(409, str(e)) from None
        events = out["events"]

        covered = g.form is None or not g.form.open_predictions  # Differenzler's open predictions

        def announce(entry: list[Any]) -> None:
            events.append({"type": "event", "seq": live.seq, "seat": entry[0],
                           "action": public_action(entry[1], entry[0], seat, covered), "view": live.view(seat)})

        entry = [seat, action, list(declare)]
        live.log.append(entry)
        announce(entry)
        live.computers(announce)
        out["saved"] = live.saved()
        return live.view(seat)

    def _resume(self, live: LocalGame, out: Answer) -> None:
        """If a computer is to act (the page closed in the middle of their turn), let it move now."""
        g = live.game
        if not g.is_over and g.current_seat is not None and effective_seats(live.settings)[g.current_seat] != HUMAN:
            live.computers(lambda entry: None)
            out["saved"] = live.saved()

    # ----- practice help -----
    def _only_alone(self, live: LocalGame, seat: int) -> None:
        if not alone_at_the_table(live.settings, seat):
            raise Refused(409, ONLY_ALONE)
        if live.game.is_over:
            raise Refused(409, "the match is over")

    def hint(self, live: LocalGame, seat: int, out: Answer) -> dict[str, Any]:
        self._only_alone(live, seat)
        if live.game.current_seat != seat:
            raise Refused(409, f"it is not your turn: seat {live.game.current_seat} is to act")
        answer = hint(live.game.observation(seat), search_player(player_seed(live.game.seed, live.seq)))
        live.settings = counted(live.settings, seat, "hints")
        out["saved"] = live.saved()
        return {**answer, "seq": live.seq, "hints": assist_counts(live.settings)["hints"][seat]}

    def undo(self, live: LocalGame, seat: int, out: Answer) -> dict[str, Any]:
        self._only_alone(live, seat)
        cut = undo_point(live.log, len(live.game.actions[-1]), seat)
        if cut is None:
            raise Refused(409, NOTHING_TO_UNDO)
        live.log = live.log[:cut]
        live.game = replay(live.settings, live.log)
        live.settings = counted(live.settings, seat, "undos")
        live.updated = time.time()
        out["saved"] = live.saved()
        return live.view(seat)

    def rematch(self, live: LocalGame, seat: int, out: Answer) -> dict[str, Any]:
        """A new match with the same settings and a new seed (a table of one device: one token per person)."""
        if not live.game.is_over:
            raise Refused(409, "no rematch: the match is not finished")
        keep = {k: v for k, v in live.settings.items() if k not in ("assist", "salt", "seed_source")}
        made = self.create({**keep, "seed": None, "profile": live.settings["profile"]}, out)
        out["status"] = 201
        return made


__all__ = ["ID_PREFIX", "LOCAL_PLAYERS", "LocalGame", "LocalTable", "Refused"]
