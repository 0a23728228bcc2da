"""What a spectator of a public table sees: what a spectator standing at a real table sees — the names, the
score, the contract, the cards played — and no hand, ONE TRICK BEHIND: a trick shows only once the next
trick has begun (its first card is on the table) or its round has ended, so that watching can never tell a
player anything about the trick they are playing. Pure: built from the game's public record of the round
(the completed tricks), never from a seat's observation, so no hand, no card of the trick in play, and no
meld (cards of a hand) can slip into it.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from puur.core.cards import Card
from puur.match.game import Game
from puur.table.seats import effective_seats, seating
from puur.table.view import previous_trick, table_names, table_status


def trick_dict(leader: int, cards: Collection[int], winner: int, points: int) -> dict[str, Any]:
    return {"leader": leader, "cards": [str(Card(c)) for c in cards], "winner": winner, "points": points}


def shown_tricks(game: Game) -> list[dict[str, Any]]:
    """The current round's tricks a spectator sees: every completed trick but the last one until the next
    trick has its first card (once the round has ended, its tricks are the previous round's)."""
    r = game.round
    done = list(r.tricks)
    if not r.trick_seats() and not r.is_done:
        done = done[:-1]
    return [trick_dict(t.leader, t.cards, t.winner, t.points) for t in done]


def spectator_view(game: Game, *, game_id: str, settings: dict[str, Any], seq: int, held: Collection[int],
                   listening: Collection[int], sheet: dict[str, Any], watchers: int) -> dict[str, Any]:
    """The spectator's view (``seat`` None): no ``hand``, no ``trick`` in play, no ``legal_actions``; the
    round's points are those of the tricks shown. ``sheet``: the public score sheet (``score_sheet``)."""
    names = table_names(settings)
    status = table_status(settings, game, held)
    tricks = shown_tricks(game) if status != "waiting" else []
    r = game.round
    started = status != "waiting"
    points = [0, 0]
    for t in tricks:
        points[t["winner"] & 1] += t["points"]
    return {
        "game_id": game_id,
        "seat": None,
        "spectator": True,
        "status": status,
        "seq": seq,
        "names": names,
        "seats": effective_seats(settings, game.round_number),
        "seating": seating(settings, names, set(listening), held),
        "round_number": game.round_number if started else 0,
        "dealer": r.dealer if started else None,
        "chooser": r.chooser if started else None,
        "pushed": r.pushed if started else False,
        "contract": str(r.contract) if started and r.contract is not None else None,
        "tricks": tricks,
        "round_points": points,
        "previous_trick": previous_trick(game) if started else None,
        "scores": list(game.scores),
        "target": game.target,
        "sheet": sheet,
        "watchers": watchers,
        "prefs": {"deck": settings.get("deck", "swiss"), "lang": settings.get("lang", "en")},
    }


def shown_key(view: dict[str, Any]) -> tuple[Any, ...]:
    """What tells two spectator views apart: a spectator is sent a view only when this changed (a trick
    shown, a round written, the contract chosen, the seating or the count of watchers changed)."""
    return (view["status"], view["round_number"], len(view["tricks"]), view["contract"], view["scores"],
            view["watchers"], [tuple(s.values()) for s in view["seating"]])


__all__ = ["shown_key", "shown_tricks", "spectator_view", "trick_dict"]
