"""Differenzler as a game form: four players, each for themselves, predict their points and are scored
on the distance (TOOLS.md §3.1; Jasvel page 28, the Differenzler sheet of page 23).

The round itself is the rules core's (``puur.core.round.RoundState``: legal cards, tricks, card points with the
last trick's 5); this module adds what page 28 asks:

* Before the first card every player predicts the points they will take (``predict:57``), in turn from
  the forehand. A prediction stays with its player until the round ends: another seat's observation
  holds no field for it (``puur.info.form_view.FormView.own_prediction`` is the seat's own only), and the
  sheet it sees holds finished rounds only.
* After trick 9 each player's points are the card points of the tricks they took, with 5 for the last
  trick; the penalty is |points − prediction| (§3.1). The predictions need not add to 157 (W21).
* After the agreed number of rounds (``rounds``, default 4) the lowest penalty total wins; equal lowest
  totals share the win (§3.1 [OPEN], as the Differenzler tool: ``leaders``). With the setting
  ``threshold`` the game ends as well after the round in which a player's total reaches it (§3.1
  [DECISION]: "optionally, end when anyone's total reaches a threshold"; ``rounds`` then bounds it).
* Weis and Stöck do not count (the tool's and page 23's widget default, §3.1 [DECISION]); a match (all
  nine tricks to one player) is 157 unless ``match_bonus`` adds the 100 (page 28's "under the applicable
  scoring convention", off by default as in the tool).

Who fixes the contract is not said by page 28; the table setting ``contract``:

* ``turned_up`` (default): the dealer turns up one of its own nine cards (in the seeded deal, one drawn at
  random, standing for "the last card dealt to the dealer"), whose suit is trump. It is the common way at
  Swiss tables, and the fairer one in a game of individuals: nobody picks a contract to suit their own
  hand, everybody sees the same card before predicting. The card is public (``FormView.turned_up``).
* ``rotate``: the contracts come in turn, round by round: Eicheln, Schellen, Rosen, Schilten, Obenabe,
  Undenufe, and again (so Obenabe and Undenufe, which page 28 also allows, are played).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from puur.core.actions import AnyAction, FormAction, Prediction, parse_any_action
from puur.core.cards import CLAIM, Card, Contract, iter_cards
from puur.core.profile import RuleProfile
from puur.core.round import IllegalAction, RoundResult
from puur.core.rules.tables import MATCH_BONUS
from puur.match.forms.protocol import RoundWritten
from puur.tools.differenzler import ROUND_TOTAL, Sheet

if TYPE_CHECKING:
    from puur.match.game import Game

CONTRACT_RULES = ("turned_up", "rotate")
ROTATION = tuple(Contract(i) for i in range(6))
MAX_ROUNDS = 100


@dataclass
class DifferenzlerForm:
    """The sheet of a running Differenzler game and the predictions of the round in play."""

    rounds: int = 4
    contract_rule: str = "turned_up"
    match_bonus: bool = False
    threshold: int | None = None
    sheet: Sheet = field(init=False)
    predictions: list[int | None] = field(init=False)
    turned_up: Card | None = field(default=None, init=False)

    name = "differenzler"

    def __post_init__(self) -> None:
        if isinstance(self.rounds, bool) or not isinstance(self.rounds, int) or not 1 <= self.rounds <= MAX_ROUNDS:
            raise ValueError(f"rounds: a Differenzler game lasts 1 to {MAX_ROUNDS} rounds (4 or 8 are usual), got {self.rounds!r}")
        if self.contract_rule not in CONTRACT_RULES:
            raise ValueError(f"contract: choose {' or '.join(CONTRACT_RULES)}, got {self.contract_rule!r}")
        if not isinstance(self.match_bonus, bool):
            raise ValueError("match_bonus must be true or false")
        self.sheet = Sheet(rounds_planned=self.rounds, threshold=self.threshold)  # checks the threshold (a ValueError)
        self.predictions = [None] * 4

    @classmethod
    def from_settings(cls, rounds: int | None, settings: Mapping[str, Any]) -> DifferenzlerForm:
        unknown = set(settings) - {"contract", "match_bonus", "threshold"}
        if unknown:
            raise ValueError(
                f"unknown Differenzler setting(s) {sorted(unknown)}: the settings are contract, match_bonus, threshold"
            )
        return cls(
            rounds=4 if rounds is None else rounds,
            contract_rule=settings.get("contract", "turned_up"),
            match_bonus=settings.get("match_bonus", False),
            threshold=settings.get("threshold"),
        )

    def settings(self) -> dict[str, Any]:
        out = {"form": self.name, "rounds": self.rounds, "contract": self.contract_rule, "match_bonus": self.match_bonus}
        if self.threshold is not None:  # games stored before the setting keep their settings as they were
            out["threshold"] = self.threshold
        return out

    def adapt_profile(self, profile: RuleProfile) -> RuleProfile:
        """The profile as given: the round is the Schieber's, only the scoring differs."""
        return profile

    def factor(self, round_factor: int) -> int:
        """1: a Differenzler round has no factor (the points are the points taken)."""
        return 1

    @property
    def most(self) -> int:
        """The highest prediction offered: 157, or 257 where a match counts its 100."""
        return ROUND_TOTAL + MATCH_BONUS if self.match_bonus else ROUND_TOTAL

    # ----- the game's hooks -----
    def start_round(self, game: Game) -> None:
        """Fix the round's contract by the table's rule; the predictions start from the forehand."""
        r = game.round
        self.predictions = [None] * 4
        if self.contract_rule == "turned_up":
            cards = list(iter_cards(r.dealt[r.dealer]))
            self.turned_up = Card(cards[game.draw(len(cards))])
            contract = Contract(int(self.turned_up.suit))
        else:
            self.turned_up = None
            contract = ROTATION[(len(game.deals) - 1) % len(ROTATION)]
        r.choose(contract)

    def waiting_seat(self, game: Game) -> int | None:
        """The seat to predict, from the forehand round; None once all four have."""
        r = game.round
        for i in range(4):
            seat = (r.forehand + i) % 4
            if self.predictions[seat] is None:
                return seat
        return None

    def phase(self, game: Game) -> str | None:
        return "predict" if self.waiting_seat(game) is not None else None

    def legal_actions(self, game: Game) -> list[AnyAction]:
        if self.waiting_seat(game) is not None:
            return [Prediction(n) for n in range(self.most + 1)]
        return [Card(c) for c in iter_cards(game.round.legal_cards())]

    def apply(self, game: Game, action: AnyAction | str, declare: tuple[str, ...]) -> FormAction | None:
        try:
            act = parse_any_action(action)
        except ValueError as e:
            raise IllegalAction(str(e)) from None
        seat = self.waiting_seat(game)
        if seat is not None:
            if not isinstance(act, Prediction):
                raise IllegalAction("first every player predicts the points they will take, as 'predict:57'")
            if declare:
                raise IllegalAction("a declaration goes with the card it belongs to")
            if not 0 <= act.points <= self.most:
                raise IllegalAction(f"a prediction is 0 to {self.most} points, got {act.points}")
            self.predictions[seat] = act.points
            return act
        if isinstance(act, Prediction):
            raise IllegalAction("the predictions are made before the first card: play a card")
        if act is CLAIM:
            raise IllegalAction("claims are not part of Differenzler")
        if not isinstance(act, Card):
            raise IllegalAction("the contract is fixed by the table's rule: play a card")
        return None

    def taken(self, game: Game) -> tuple[int, int, int, int]:
        """Each player's points so far this round: card points of the tricks they took, +5 for the last."""
        pts = [0, 0, 0, 0]
        for t in game.round.tricks:
            pts[t.winner] += t.points
        return (pts[0], pts[1], pts[2], pts[3])

    def finish_round(self, game: Game) -> RoundWritten:
        """Write the round's predictions, points taken and penalties; the match ends after the agreed rounds
        or at the threshold."""
        r = game.round
        assert r.contract is not None and r.chooser is not None
        taken = list(self.taken(game))
        if self.match_bonus:
            for s in range(4):
                if all(t.winner == s for t in r.tricks):
                    taken[s] += MATCH_BONUS
        predicted = [p if p is not None else 0 for p in self.predictions]
        self.sheet = self.sheet.add(predicted, taken)
        last = self.sheet.to_dict()["rounds"][-1]
        row = RoundResult(
            number=len(game.rounds) + 1, dealer=r.dealer, forehand=r.forehand, pushed=False,
            chooser=r.chooser, contract=r.contract,
            score={**{k: v for k, v in r.score().to_dict().items() if k not in ("raw", "written")},
                   "turned_up": str(self.turned_up) if self.turned_up is not None else None,
                   "predicted": predicted, "taken": taken, "penalties": last["differences"],
                   "penalty_totals": last["totals"]},
            written=(0, 0), totals=(0, 0), complete=True,
        )  # fmt: skip
        return RoundWritten(row, None, self.sheet.finished)

    def result(self, game: Game) -> dict[str, Any]:
        return {
            "winner": None,
            "winners": self.sheet.leaders(),
            "penalties": list(self.sheet.totals()),
            "scores": list(game.scores),
            "block": None,
            "reason": "threshold_reached" if self.sheet.ended_by == "threshold" else "rounds_played",
            "schneider": False,
            "games": 0,
        }

    def view(self, game: Game, seat: int) -> dict[str, Any]:
        """What ``seat`` may know: the sheet of the finished rounds, its own prediction only, who has
        predicted, everybody's points so far (the tricks are public) and the turned-up card."""
        return {
            "sheet": self.sheet.to_dict(),
            "current": None,
            "own_prediction": self.predictions[seat],
            "predicted": [p is not None for p in self.predictions],
            "taken": list(self.taken(game)),
            "turned_up": str(self.turned_up) if self.turned_up is not None else None,
        }


__all__ = ["CONTRACT_RULES", "DifferenzlerForm"]
