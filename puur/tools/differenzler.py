"""Differenzler scoresheet: four players predict their points; each round scores |actual − prediction|
and the lowest running total wins (TOOLS.md §3; widget of source 23, rules of source 28).

* "Actually taken" is a player's card points with the last trick's 5 if they took it (§3.1).
* Predictions need not add to 157; there is no adjustment (W21). An exact prediction scores 0 (W22).
* The four actual values should add to 157 (a warning, not an error, §3.2 [DECISION]); 257 for one
  player and 0 for the others is accepted as a match under a convention that counts it (§3.1 [OPEN]).
* Weis and Stöck do not count by default (§3.1 [DECISION]).
* The game lasts an agreed number of rounds (``rounds_planned``; None = open-ended), or, optionally, until
  a player's total reaches ``threshold`` (§3.1 [DECISION]; the app's targets of page 28); with both, the
  first to come ends it. The lowest total wins and equal lowest totals share the lead (§3.1 [OPEN: tie]).
* ``estimate``: the rule of thumb "count the points in your hand and count your trumps twice" (W23), with
  the core's card points.

>>> s = Sheet().add([40, 30, 57, 30], [45, 30, 50, 32]).add([20, 60, 40, 37], [25, 40, 52, 40])
>>> s.totals()
(10, 20, 19, 5)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from puur.cards import Contract, mask_of
from puur.profile import RuleProfile
from puur.rules.tables import LAST_TRICK_BONUS, MATCH_BONUS, trump_mask
from puur.rules.trick import card_points
from puur.tools import ToolInputError, check_int, parse_card

PLAYERS = 4
ROUND_TOTAL = 152 + LAST_TRICK_BONUS  # 157
MATCH_TOTAL = ROUND_TOTAL + MATCH_BONUS  # 257


@dataclass(frozen=True)
class Round:
    """One round: the four predictions and the four points actually taken."""

    predicted: tuple[int, int, int, int]
    actual: tuple[int, int, int, int]

    @property
    def differences(self) -> tuple[int, ...]:
        return tuple(abs(a - p) for p, a in zip(self.predicted, self.actual, strict=True))

    def warnings(self) -> list[str]:
        total = sum(self.actual)
        if total == ROUND_TOTAL:
            return []
        if total == MATCH_TOTAL and sorted(self.actual)[:3] == [0, 0, 0]:
            return []
        return [
            f"The points taken add to {total}, not {ROUND_TOTAL} (152 + 5 for the last trick): "
            "check the count before carrying the game forward."
        ]


def _four(values: Any, field: Sequence[str | int]) -> tuple[int, int, int, int]:
    if isinstance(values, str) or not isinstance(values, Sequence) or len(values) != PLAYERS:
        raise ToolInputError(tuple(field), "give four numbers, one per player", "four_numbers")
    out = [check_int(v, (*field, i), low=0, high=MATCH_TOTAL) for i, v in enumerate(values)]
    return (out[0], out[1], out[2], out[3])


@dataclass(frozen=True)
class Sheet:
    """Players, rounds and the agreed length of the game."""

    players: tuple[str, str, str, str] = ("Player 1", "Player 2", "Player 3", "Player 4")
    rounds: tuple[Round, ...] = ()
    rounds_planned: int | None = None
    threshold: int | None = None
    """The game ends after the round in which a player's total reaches this (None: no such end)."""

    def __post_init__(self) -> None:
        if len(self.players) != PLAYERS:
            raise ToolInputError("players", "Differenzler has four players", "four_players")
        if self.rounds_planned is not None:
            check_int(self.rounds_planned, "rounds_planned", low=1, high=1000)
            if len(self.rounds) > self.rounds_planned:
                raise ToolInputError(
                    ("rounds", self.rounds_planned), f"the game was agreed at {self.rounds_planned} rounds", "rounds_agreed",
                    {"rounds": self.rounds_planned},
                )
        if self.threshold is not None:
            check_int(self.threshold, "threshold", low=1, high=100_000)
            ended = self._threshold_round()
            if ended is not None and ended < len(self.rounds):
                raise ToolInputError(
                    ("rounds", ended), f"the game ended with round {ended}, when a total reached {self.threshold}",
                    "threshold_passed", {"rounds": ended, "threshold": self.threshold},
                )

    def _threshold_round(self) -> int | None:
        """The round (1-based) after which a total first reached ``threshold``, or None."""
        if self.threshold is None:
            return None
        for i, tot in enumerate(self.running()):
            if max(tot) >= self.threshold:
                return i + 1
        return None

    def add(self, predicted: Sequence[int], actual: Sequence[int]) -> Sheet:
        """"Add the round": commit it and add the differences to the running totals."""
        if self.threshold is not None and self.ended_by == "threshold":
            raise ToolInputError(
                "round", f"the game is over: a total reached {self.threshold}; Undo or Reset", "threshold_over",
                {"rounds": len(self.rounds), "threshold": self.threshold},
            )
        if self.finished:
            raise ToolInputError(
                "round", f"the game is over after {self.rounds_planned} rounds: Undo or Reset", "rounds_over",
                {"rounds": len(self.rounds)},  # finished: as many rounds as were agreed
            )
        r = Round(_four(predicted, ("round", "predicted")), _four(actual, ("round", "actual")))
        return replace(self, rounds=(*self.rounds, r))

    def undo(self) -> Sheet:
        return replace(self, rounds=self.rounds[:-1])

    def reset(self) -> Sheet:
        return replace(self, rounds=())

    def running(self) -> list[tuple[int, ...]]:
        """Running totals after each round."""
        out: list[tuple[int, ...]] = []
        tot = (0, 0, 0, 0)
        for r in self.rounds:
            tot = tuple(a + b for a, b in zip(tot, r.differences, strict=True))  # type: ignore[assignment]
            out.append(tot)
        return out

    def totals(self) -> tuple[int, ...]:
        run = self.running()
        return run[-1] if run else (0, 0, 0, 0)

    def leaders(self) -> list[int]:
        """The players with the lowest total (all four before any round)."""
        tot = self.totals()
        low = min(tot)
        return [i for i, t in enumerate(tot) if t == low]

    @property
    def ended_by(self) -> str | None:
        """What ended the game: ``"threshold"`` (a total reached it), ``"rounds"`` (the rounds agreed are
        played), or None while it goes on."""
        if self._threshold_round() is not None:
            return "threshold"
        if self.rounds_planned is not None and len(self.rounds) >= self.rounds_planned:
            return "rounds"
        return None

    @property
    def finished(self) -> bool:
        return self.ended_by is not None

    def to_dict(self) -> dict[str, Any]:
        run = self.running()
        leaders = self.leaders()
        names = " and ".join(self.players[i] for i in leaders)
        if not self.rounds:
            msg = "No round yet. Lowest total wins."
        elif self.finished:
            msg = f"{names} win{'s' if len(leaders) == 1 else ''} with {min(self.totals())} (lowest total)."
        else:
            msg = f"{names} lead{'s' if len(leaders) == 1 else ''} with {min(self.totals())}."
        return {
            "players": list(self.players),
            "rounds": [
                {
                    "number": i + 1,
                    "predicted": list(r.predicted),
                    "actual": list(r.actual),
                    "differences": list(r.differences),
                    "actual_total": sum(r.actual),
                    "totals": list(run[i]),
                    "warnings": r.warnings(),
                }
                for i, r in enumerate(self.rounds)
            ],
            "totals": list(self.totals()),
            "leaders": leaders,
            "finished": self.finished,
            "rounds_planned": self.rounds_planned,
            "threshold": self.threshold,
            "ended_by": self.ended_by,
            "message": msg,
        }


def sheet_from(
    players: Sequence[str] | None,
    rounds: Sequence[dict[str, Any]],
    rounds_planned: int | None = None,
    threshold: int | None = None,
) -> Sheet:
    """Build and check a sheet from plain data (the API's form)."""
    names = tuple(players) if players is not None else Sheet().players
    if len(names) != PLAYERS:
        raise ToolInputError("players", "Differenzler has four players", "four_players")
    clean = tuple((n.strip() or f"Player {i + 1}") for i, n in enumerate(names))
    rs = []
    for i, r in enumerate(rounds):
        rs.append(Round(_four(r.get("predicted"), ("rounds", i, "predicted")),
                        _four(r.get("actual"), ("rounds", i, "actual"))))
    return Sheet(clean, tuple(rs), rounds_planned, threshold)  # type: ignore[arg-type]


def estimate(hand: Sequence[Any], contract: Contract, profile: RuleProfile | None = None) -> int:
    """Prediction rule of thumb (§3.2, W23): the hand's card points plus its trumps' points again."""
    prof = profile or RuleProfile.preset("schieber")
    cards = [parse_card(c, ("hand", i)) for i, c in enumerate(hand)]
    if len(set(cards)) != len(cards):
        raise ToolInputError("hand", "a card appears twice", "hand_card_twice")
    trumps = [c for c in cards if mask_of([c]) & trump_mask(contract)]
    return card_points(cards, contract, prof.undenufe_values) + card_points(trumps, contract, prof.undenufe_values)


__all__ = ["MATCH_TOTAL", "PLAYERS", "ROUND_TOTAL", "Round", "Sheet", "estimate", "sheet_from"]
