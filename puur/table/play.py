"""A table's game from its record, and what the table says about a move: the one replay of a stored game,
the computers' seeds, why a card may not be played. Pure (settings and a log in, a ``Game`` out), shared by
the server's live games (``puur.server.live``) and the table on one device (``puur.local``), so a record
replays and a seeded game's computers decide the same way on either."""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import Any

from puur.cards import Card
from puur.forms import form_args
from puur.game import Game, IllegalAction
from puur.profile import RuleProfile


def stored_declarations(entry: Sequence[Any]) -> tuple[str, ...]:
    """The declarations of a stored action ``[seat, action, declare]``, each once: an action stored before
    ``Game.apply`` refused a declaration given twice (2026-12-03) replays as it was taken, Stöck once."""
    return tuple(dict.fromkeys(entry[2])) if len(entry) > 2 else ()


def replay(settings: dict[str, Any], log: Sequence[Sequence[Any]]) -> Game:
    """The game of stored ``settings`` (profile, seed, salt, form) with the actions of the stored ``log``
    (``[seat, action, declarations]``) applied in order: the one replay of a stored game, for a game loaded
    from the store and for one cut back by an undo. ``RuntimeError`` when an action is not its seat's turn."""
    game = Game(RuleProfile.from_dict(settings["profile"]), seed=settings["seed"], salt=settings.get("salt"),
                seed_source=settings.get("seed_source"), **form_args(settings))  # games stored before commitments have no salt
    for entry in log:
        if game.current_seat != entry[0]:
            raise RuntimeError(f"stored action by seat {entry[0]} does not replay")
        game.apply(entry[1], stored_declarations(entry))
    return game


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


__all__ = ["player_seed", "replay", "stored_declarations", "why_answer", "why_not"]
