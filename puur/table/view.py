"""What one seat of a table is shown (INTERFACES.md §2): the engine's observation of the seat plus the public
score sheet and the table's settings. Pure: a game and its settings in, JSON-ready data out, built the same
by the server (``puur.server.live.LiveGame.view``) and by the table on one device (``puur.local``).
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from puur.core.cards import Card
from puur.core.rules.chalk import to_marks
from puur.match.game import Game
from puur.table.seats import HUMAN, alone_at_the_table, effective_seats, seating, waiting


def default_names(seats: list[str]) -> list[str]:
    """The table's own names: "You" for the one person, "Player N" for several, "Computer N"."""
    humans = [s for s, k in enumerate(seats) if k == HUMAN]
    out = []
    for s, kind in enumerate(seats):
        if kind == HUMAN:
            out.append("You" if len(humans) == 1 else f"Player {humans.index(s) + 1}")
        else:
            out.append(f"Computer {s + 1}")
    return out


def table_names(settings: dict[str, Any]) -> list[str]:
    """Each seat's name: the one given when the table was made, else the table's own."""
    return list(settings.get("names") or default_names(settings["seats"]))


def table_status(settings: dict[str, Any], game: Game, held: Collection[int]) -> str:
    """``waiting`` while an online table has an invited seat open (or a rematch a seat kept for its person:
    ``puur.table.seats``), then ``playing``, then ``over``."""
    if waiting(settings, held):
        return "waiting"
    return "over" if game.is_over else "playing"


def score_sheet(game: Game) -> dict[str, Any]:
    """The public score sheet: every written round with its breakdown, totals and chalk marks. A match that
    follows a deal plan (a duplicate tournament's table, ``puur.match.duplicate``) ends when its deals are
    played, whatever the target: ``deals`` says how many (None for a match played to its target)."""
    return {
        "rounds": [r.to_dict() for r in game.rounds],
        "totals": list(game.scores),
        "marks": [to_marks(game.scores[0]).to_dict(), to_marks(game.scores[1]).to_dict()],
        "target": game.target,
        "deals": len(game.plan) if game.plan is not None else None,
        "result": game.result(),
    }


def previous_trick(game: Game) -> dict[str, Any] | None:
    """The last trick of the round before the current one, as the view's ``tricks`` write a trick
    (leader, cards, winner, points): public, every seat saw it played; a table shows it, its winner
    marked, once the next round is dealt. None in round 1 and after a round that ended before a trick."""
    states = game.round_states
    if len(states) < 2 or not states[-2].tricks:
        return None
    t = states[-2].tricks[-1]
    return {"leader": t.leader, "cards": [str(Card(c)) for c in t.cards], "winner": t.winner, "points": t.points}


def hide_the_deal(view: dict[str, Any]) -> None:
    """A view of a table still waiting for its invited players: nothing of the deal (drawn when the game was
    created, for the fairness commitment) shows before the table starts: no hand, no card to play, and
    nothing that follows from the cards either: the turned-up trump card and the contract it makes, the
    forehand and dealer (a profile may give the first forehand to the holder of a card, RULES.md §3.2)."""
    view.update(phase="waiting", hand=[], legal_actions=[], to_act=None, hand_sizes=[0, 0, 0, 0], weis_choice=None,
                dealer=None, forehand=None, chooser=None, contract=None, forehand_holds=None)
    view.pop("trick_direction", None)
    if isinstance(view.get("form"), dict):
        view["form"] = {**view["form"], "turned_up": None}


def seat_view(game: Game, seat: int, *, game_id: str, settings: dict[str, Any], seq: int,
              held: Collection[int], listening: Collection[int], sheet: dict[str, Any] | None = None,
              awaited: dict[str, Any] | None = None, watchers: int = 0) -> dict[str, Any]:
    """The seat's observation plus the public score sheet and the table's settings. ``held``: the seats a token
    of the game holds; ``listening``: the seats with a live connection; ``sheet``: the score sheet if the caller
    keeps one built (``score_sheet``); ``awaited``: the absent person the table waits for and when a computer
    plays for them (an online table's watchdog; None at a table of one device); ``watchers``: how many
    spectators watch the table (a public table: ``puur.table.watch``)."""
    out = game.observation(seat).to_dict()
    names = table_names(settings)
    seats = effective_seats(settings, game.round_number)
    status = table_status(settings, game, held)
    out.update(
        game_id=game_id,
        seats=seats,
        names=names,
        human_seats=[s for s, kind in enumerate(seats) if kind == HUMAN],
        status=status,
        seq=seq,
        prefs={"deck": settings.get("deck", "swiss"), "lang": settings.get("lang", "en")},
        sheet=sheet if sheet is not None else score_sheet(game),
        fair_deal=game.fair_deal(),  # the commitment; the seed only once the match is over
        previous_trick=previous_trick(game),
        seating=seating(settings, names, set(listening), held),
        help=status == "playing" and alone_at_the_table(settings, seat),
        awaited=awaited,
        watchers=watchers,
    )
    if status == "waiting":
        hide_the_deal(out)
    return out


__all__ = ["default_names", "hide_the_deal", "previous_trick", "score_sheet", "seat_view", "table_names", "table_status"]
