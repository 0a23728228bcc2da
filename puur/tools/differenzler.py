"""Differenzler scoresheet: four players predict their points; each round scores |actual − prediction|
and the lowest running total wins (TOOLS.md §3; widget of source 23, rules of source 28).

* "Actually taken" is a player's card points with the last trick's 5 if they took it (§3.1).
* Predictions need not add to 157; there is no adjustment (W21). An exact prediction scores 0 (W22).
* The four actual values should add to 157 (a warning, not an error, §3.2 [DECISION]); 257 for one
  player and 0 for the others is accepted as a match under a convention that counts it (§3.1 [OPEN]).
* Weis and Stöck do not count by default (§3.1 [DECISION]); with ``weis_stoeck`` a round may carry each
  player's Weis and Stöck, added to their points before the difference ("an option adds them to the
  player's actual points"). Whose Weis: page 23 calls Weis "declared combinations that are compared for
  scoring", so only the player whose best meld wins the comparison writes Weis, their own melds (the game
  form counts it so; the sheet takes what the table enters); Stöck is 20 to its holder "regardless of
  the Weis comparison" (pages 23, 28), for one player at most; a hand declares at most ``MOST_IN_A_HAND``
  Weis (the rules core's bound), and a prediction may reach what they add.
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

from puur.core.cards import Contract, mask_of
from puur.core.profile import RuleProfile
from puur.core.rules.tables import LAST_TRICK_BONUS, MATCH_BONUS, STOECK_POINTS, trump_mask
from puur.core.rules.trick import card_points
from puur.core.rules.weis import MOST_IN_A_HAND, is_weis_total
from puur.tools import ToolInputError, check_int, parse_card

PLAYERS = 4
MAX_THRESHOLD = 100_000
"""The highest total a game may be agreed to end at (``Sheet.threshold``; the game form's setting too)."""
ROUND_TOTAL = 152 + LAST_TRICK_BONUS  # 157
MATCH_TOTAL = ROUND_TOTAL + MATCH_BONUS  # 257


NONE = (0, 0, 0, 0)


@dataclass(frozen=True)
class Round:
    """One round: the four predictions, the four points actually taken (card points with the last trick's
    5) and, where the sheet counts them, each player's Weis and Stöck."""

    predicted: tuple[int, int, int, int]
    actual: tuple[int, int, int, int]
    weis: tuple[int, int, int, int] = NONE
    stoeck: tuple[int, int, int, int] = NONE

    @property
    def taken(self) -> tuple[int, ...]:
        """What each player's prediction is held against: the points taken, with their Weis and Stöck."""
        return tuple(a + w + s for a, w, s in zip(self.actual, self.weis, self.stoeck, strict=True))

    @property
    def differences(self) -> tuple[int, ...]:
        return tuple(abs(t - p) for p, t in zip(self.predicted, self.taken, strict=True))

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


def _four(values: Any, field: Sequence[str | int], high: int = MATCH_TOTAL) -> tuple[int, int, int, int]:
    if isinstance(values, str) or not isinstance(values, Sequence) or len(values) != PLAYERS:
        raise ToolInputError(tuple(field), "give four numbers, one per player", "four_numbers")
    out = [check_int(v, (*field, i), low=0, high=high) for i, v in enumerate(values)]
    return (out[0], out[1], out[2], out[3])


def _weis_stoeck(weis: Any, stoeck: Any, counted: bool, where: Sequence[str | int]) -> tuple[
    tuple[int, int, int, int], tuple[int, int, int, int]
]:
    """A round's Weis and Stöck, checked: none unless the sheet counts them; Weis a sum of melds one hand can
    declare (multiples of 10, not 10 or 30, at most ``MOST_IN_A_HAND``), Stöck 20 for one player at most."""
    if weis is None and stoeck is None:
        return NONE, NONE
    if not counted:
        raise ToolInputError(
            tuple(where), "Weis and Stöck count only on a sheet that counts them (weis_stoeck)", "weis_stoeck_off"
        )
    w = NONE if weis is None else _four(weis, (*where, "weis"), high=MOST_IN_A_HAND["extended"])
    st = NONE if stoeck is None else _four(stoeck, (*where, "stoeck"), high=STOECK_POINTS)
    for i, v in enumerate(w):
        if not is_weis_total(v):
            raise ToolInputError(
                (*where, "weis", i), f"Weis is a sum of melds (20, 50, 100, ...): not {v}", "weis_value", {"value": v}
            )
    for i, v in enumerate(st):
        if v not in (0, STOECK_POINTS):
            raise ToolInputError((*where, "stoeck", i), f"Stöck is {STOECK_POINTS} or 0, not {v}", "stoeck_value", {"value": v})
    if sum(1 for v in st if v) > 1:
        raise ToolInputError((*where, "stoeck"), "only one player holds the trump King and Ober", "stoeck_twice")
    return w, st


@dataclass(frozen=True)
class Sheet:
    """Players, rounds and the agreed length of the game."""

    players: tuple[str, str, str, str] = ("Player 1", "Player 2", "Player 3", "Player 4")
    rounds: tuple[Round, ...] = ()
    rounds_planned: int | None = None
    threshold: int | None = None
    """The game ends after the round in which a player's total reaches this (None: no such end)."""
    weis_stoeck: bool = False
    """Each player's own Weis and Stöck add to their points (§3.1 [DECISION]: off by default)."""

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
            check_int(self.threshold, "threshold", low=1, high=MAX_THRESHOLD)
            ended = self._threshold_round()
            if ended is not None and ended < len(self.rounds):
                raise ToolInputError(
                    ("rounds", ended), f"the game ended with round {ended}, when a total reached {self.threshold}",
                    "threshold_passed", {"rounds": ended, "threshold": self.threshold},
                )

    @property
    def most_prediction(self) -> int:
        """The highest prediction the sheet takes: 257 (a match), and with ``weis_stoeck`` the most Weis one
        hand declares and Stöck's 20 on top (what a player can take)."""
        return MATCH_TOTAL + (MOST_IN_A_HAND["extended"] + STOECK_POINTS if self.weis_stoeck else 0)

    def _threshold_round(self) -> int | None:
        """The round (1-based) after which a total first reached ``threshold``, or None."""
        if self.threshold is None:
            return None
        for i, tot in enumerate(self.running()):
            if max(tot) >= self.threshold:
                return i + 1
        return None

    def add(
        self, predicted: Sequence[int], actual: Sequence[int], weis: Sequence[int] | None = None,
        stoeck: Sequence[int] | None = None,
    ) -> Sheet:
        """"Add the round": commit it and add the differences to the running totals (``weis`` and
        ``stoeck``, each player's, where the sheet counts them)."""
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
        w, st = _weis_stoeck(weis, stoeck, self.weis_stoeck, ("round",))
        r = Round(_four(predicted, ("round", "predicted"), self.most_prediction), _four(actual, ("round", "actual")), w, st)
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
                    "weis": list(r.weis),
                    "stoeck": list(r.stoeck),
                    "taken": list(r.taken),
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
            "weis_stoeck": self.weis_stoeck,
            "message": msg,
        }


def sheet_from(
    players: Sequence[str] | None,
    rounds: Sequence[dict[str, Any]],
    rounds_planned: int | None = None,
    threshold: int | None = None,
    weis_stoeck: bool = False,
) -> Sheet:
    """Build and check a sheet from plain data (the API's form)."""
    names = tuple(players) if players is not None else Sheet().players
    if len(names) != PLAYERS:
        raise ToolInputError("players", "Differenzler has four players", "four_players")
    clean = tuple((n.strip() or f"Player {i + 1}") for i, n in enumerate(names))
    rs = []
    for i, r in enumerate(rounds):
        w, st = _weis_stoeck(r.get("weis"), r.get("stoeck"), weis_stoeck, ("rounds", i))
        most = MATCH_TOTAL + (MOST_IN_A_HAND["extended"] + STOECK_POINTS if weis_stoeck else 0)
        rs.append(Round(_four(r.get("predicted"), ("rounds", i, "predicted"), most),
                        _four(r.get("actual"), ("rounds", i, "actual")), w, st))
    return Sheet(clean, tuple(rs), rounds_planned, threshold, weis_stoeck)  # type: ignore[arg-type]


def estimate(hand: Sequence[Any], contract: Contract, profile: RuleProfile | None = None) -> int:
    """Prediction rule of thumb (§3.2, W23): the hand's card points plus its trumps' points again."""
    prof = profile or RuleProfile.preset("schieber")
    cards = [parse_card(c, ("hand", i)) for i, c in enumerate(hand)]
    if len(set(cards)) != len(cards):
        raise ToolInputError("hand", "a card appears twice", "hand_card_twice")
    trumps = [c for c in cards if mask_of([c]) & trump_mask(contract)]
    return card_points(cards, contract, prof.undenufe_values) + card_points(trumps, contract, prof.undenufe_values)


__all__ = ["MATCH_TOTAL", "MAX_THRESHOLD", "PLAYERS", "ROUND_TOTAL", "Round", "Sheet", "estimate", "sheet_from"]
