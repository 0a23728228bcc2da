"""A table's game from its record, and what the table says about a move: the one replay of a stored game
(and the stored game's record, both ways: ``record_of``, ``stored_of``),
the computers' seeds, why a card may not be played, and a new game's start. Pure (settings and a log in, a ``Game`` out), shared by
the server's live games (``puur.server.live``) and the table on one device (``puur.local``), so a record
replays and a seeded game's computers decide the same way on either."""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import Any

from puur.core.cards import Card
from puur.core.profile import RuleProfile, stored_profile
from puur.match.duplicate import PLAN_KEY
from puur.match.fairness import draw_salt
from puur.match.forms import form_args, form_from_record, table_settings
from puur.match.game import Game, IllegalAction, parse_logged


def start_game(settings: dict[str, Any]) -> tuple[Game, dict[str, Any]]:
    """A new game of a table's ``settings`` and the settings to keep with it: a fresh secret seed unless the
    settings choose one, a fresh salt always (so the table can show the commitment, ``puur.match.fairness``),
    and every setting written out (the profile, the seed; a form's every table setting, so that a setting
    added later reads as this game was played). ``ValueError`` for a bad profile or form setting."""
    game = Game(RuleProfile.resolve(settings["profile"]), seed=settings.get("seed"), salt=draw_salt(),
                deal_plan=settings.get(PLAN_KEY), **form_args(settings, stored=False))
    kept = {**settings, "profile": game.profile.to_dict(), "seed": game.seed, "salt": game.salt,
            "seed_source": game.seed_source}
    if game.form is not None:
        kept["form_settings"] = table_settings(game.form)
    return game, kept


def stored_declarations(entry: Sequence[Any]) -> tuple[str, ...]:
    """The declarations of a stored action ``[seat, action, declare]``, each once: an action stored before
    ``Game.apply`` refused a declaration given twice (2026-12-03) replays as it was taken, Stöck once."""
    return tuple(dict.fromkeys(entry[2])) if len(entry) > 2 else ()


def replay(settings: dict[str, Any], log: Sequence[Sequence[Any]]) -> Game:
    """The game of stored ``settings`` (profile, seed, salt, form) with the actions of the stored ``log``
    (``[seat, action, declarations]``) applied in order, each by ``Game.replay_action`` (the step a record's
    replay, ``Game.from_record``, takes too): the one replay of a stored game, for a game loaded from the
    store, one kept on the device and one cut back by an undo. ``RecordMismatch`` (a ``ValueError``) when an
    action is not its seat's turn or not legal."""
    game = Game(stored_profile(settings["profile"]), seed=settings["seed"], salt=settings.get("salt"),
                seed_source=settings.get("seed_source"), deal_plan=settings.get(PLAN_KEY),
                **form_args(settings))  # games stored before commitments have no salt
    for entry in log:
        game.replay_action(entry[0], entry[1], stored_declarations(entry))
    return game


RECORD_START = ("profile", "seed", "salt", "seed_source", "form", "columns", "rounds", "form_settings")
"""The settings of a stored game that its record holds too (the rest, the seats and names, are the table's)."""


def record_of(settings: dict[str, Any], log: Sequence[Sequence[Any]]) -> dict[str, Any]:
    """The ``Game.record()`` of a stored game: its settings and its log replayed (``replay``). The server's
    ``GET /games/{id}/record`` answers it; ``stored_of`` is the way back."""
    return replay(settings, log).record()


def stored_of(record: dict[str, Any]) -> tuple[dict[str, Any], list[list[Any]]]:
    """A record as the server stores it: the settings its start is (``RECORD_START``: the profile, seed, salt
    and seed source, the form and its settings) and the log, one ``[seat, action, declarations]`` a taken
    action (``parse_logged`` of each of the rounds' ``"seat:action+declaration"``), which the stores keep one
    row each (``puur.server.store.action_row``). ``record_of`` of the two replays to ``record`` again.
    ``ValueError`` for a record the server cannot hold: one that does not replay (``Game.from_record``), or
    whose first round was dealt by hand (``start``: not from its seed)."""
    game = Game.from_record(record)  # refuses a record that does not replay, before anything is read from it
    if game.start is not None:
        raise ValueError("a record whose first round was dealt by hand (start) is not a stored game's: its seed did not deal it")
    settings: dict[str, Any] = {"profile": record["profile"], "seed": record["seed"]}
    if "salt" in record:
        settings.update(salt=record["salt"], seed_source=record.get("seed_source"))
    settings.update(form_from_record(record["form"]) if "form" in record else
                    {"form": "schieber", "columns": None, "rounds": None, "form_settings": None})
    log = [[seat, action, list(declare)] for entry in record["rounds"]
           for seat, action, declare in map(parse_logged, str(entry.get("actions", "")).split())]
    return settings, log


def kept_game(record: dict[str, Any], table: dict[str, Any]) -> tuple[Game, dict[str, Any], list[list[Any]]]:
    """A game played at another table (the table of one device, offline: ``puur.local``) taken in from its
    record: the settings a table stores for it (``stored_of``: the record's start; ``table``'s seats, deck,
    language and, when given, names and hint and undo counts), its log, and the game they replay to
    (``RecordMismatch`` or ``ValueError`` when the record does not hold): one record, one replay."""
    start, log = stored_of(record)
    settings = {**start, "seats": list(table["seats"]), "deck": table["deck"], "lang": table["lang"]}
    settings.update({k: table[k] for k in ("names", "assist") if table.get(k) is not None})
    return replay(settings, log), settings, log


def player_seed(game_seed: int, seq: int) -> int:
    """A computer's seed for the action numbered ``seq``: replays and restarts decide the same way."""
    digest = hashlib.sha256(f"{game_seed}:{seq}".encode()).digest()
    return int.from_bytes(digest[:4], "big")


def why_not(game: Game, status: str, seat: int, card: Card) -> tuple[str | None, str | None, dict[str, Any]]:
    """Why ``seat`` may not play ``card`` now (None when it may), judged against the seat's own hand only
    when a card of it is to be played now: before the table starts, at another's turn, while contracts or
    predictions are made, the answer says so and reads no hand (RULES.md §7: the rules of play judge the
    seat to play). ``status``: the table's (``puur.table.view.table_status``)."""
    if status == "waiting":
        return "the table is waiting for its invited players", "no_card_now", {}
    if game.is_over:
        return "the match is over", "match_over", {}
    if game.current_seat != seat:
        return f"it is not your turn: seat {game.current_seat} is to act", "not_your_turn", {"seat": game.current_seat}
    if game.form is not None and game.form.waiting_seat(game) is not None:  # the form's own step (a prediction)
        return "no card is played now: the round's predictions come first", "no_card_now", {}
    try:
        game.round.check_card(int(card))
    except IllegalAction as e:
        return str(e), e.code, e.params
    return None, None, {}


def why_answer(game: Game, status: str, seat: int, card: Card) -> dict[str, Any]:
    """``GET .../why``'s answer: the card, whether it is legal now, the reason in words, its code and
    parameters (the page says it in the player's language)."""
    reason, code, params = why_not(game, status, seat, card)
    return {"card": str(card), "legal": reason is None, "reason": reason, "code": code, "params": params}


__all__ = ["RECORD_START", "kept_game", "player_seed", "record_of", "replay", "start_game", "stored_declarations",
           "stored_of", "why_answer", "why_not"]
