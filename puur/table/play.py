"""A table's game from its record, and what the table says about a move: the one replay of a stored game,
the computers' seeds, why a card may not be played, and a new game's start. Pure (settings and a log in, a ``Game`` out), shared by
the server's live games (``puur.server.live``) and the table on one device (``puur.local``), so a record
replays and a seeded game's computers decide the same way on either."""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import Any

from puur.core.cards import Card
from puur.core.profile import RuleProfile, stored_profile
from puur.match.fairness import draw_salt
from puur.match.forms import form_args, form_from_record, table_settings
from puur.match.game import Game, IllegalAction, recorded_action


def start_game(settings: dict[str, Any]) -> tuple[Game, dict[str, Any]]:
    """A new game of a table's ``settings`` and the settings to keep with it: a fresh secret seed unless the
    settings choose one, a fresh salt always (so the table can show the commitment, ``puur.match.fairness``),
    and every setting written out (the profile, the seed; a form's every table setting, so that a setting
    added later reads as this game was played). ``ValueError`` for a bad profile or form setting."""
    game = Game(RuleProfile.resolve(settings["profile"]), seed=settings.get("seed"), salt=draw_salt(),
                **form_args(settings, stored=False))
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
    (``[seat, action, declarations]``) applied in order: the one replay of a stored game, for a game loaded
    from the store and for one cut back by an undo. ``RuntimeError`` when an action is not its seat's turn."""
    game = Game(stored_profile(settings["profile"]), seed=settings["seed"], salt=settings.get("salt"),
                seed_source=settings.get("seed_source"), **form_args(settings))  # games stored before commitments have no salt
    for entry in log:
        if game.current_seat != entry[0]:
            raise RuntimeError(f"stored action by seat {entry[0]} does not replay")
        game.apply(entry[1], stored_declarations(entry))
    return game


def kept_game(record: dict[str, Any], table: dict[str, Any]) -> tuple[Game, dict[str, Any], list[list[Any]]]:
    """A game played at another table (the table of one device, offline: ``puur.local``) taken in from its
    record: the game as ``Game.from_record`` replays it (``RecordMismatch`` or ``ValueError`` when the record
    does not hold), the settings a table stores for it (the record's profile, seed, salt and form; ``table``'s
    seats, deck, language and, when given, names and hint and undo counts) and its log of ``[seat, action,
    declarations]``, which ``replay`` turns back into the same game: one record, one replay."""
    game = Game.from_record(record)
    form = form_from_record(record["form"]) if "form" in record else {"form": "schieber", "columns": None,
                                                                       "rounds": None, "form_settings": None}
    settings = {"profile": game.profile.to_dict(), "seats": list(table["seats"]), "seed": game.seed,
                "deck": table["deck"], "lang": table["lang"], **form, "salt": game.salt,
                "seed_source": game.seed_source}
    settings.update({k: table[k] for k in ("names", "assist") if table.get(k) is not None})
    log: list[list[Any]] = []
    for actions in game.actions:
        for item in actions:
            seat, action, declare = recorded_action(item)
            log.append([int(seat), action, declare])
    return game, settings, log


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


__all__ = ["kept_game", "player_seed", "replay", "start_game", "stored_declarations", "why_answer", "why_not"]
