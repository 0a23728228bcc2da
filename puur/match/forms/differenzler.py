"""Differenzler as a game form: four players, each for themselves, predict their points and are scored
on the distance (Jasvel page 28, the Differenzler page; the sheet of page 23; TOOLS.md §3.1).

The round itself is the rules core's (``puur.core.round.RoundState``: legal cards, tricks, card points with the
last trick's 5); this module adds what page 28 asks:

* Before the first card every player predicts the points they will take (``predict:57``), in turn from
  the forehand. ``predictions`` (a table setting): ``open`` (default) announces each prediction to all as
  it is made (page 28: "Each player announces an individual prediction before the first card is played",
  "Compare the announced prediction with the final result"); ``covered`` keeps it with its player until
  the round ends (the "verdeckter Differenzler": another seat's observation holds no value for it).
* After trick 9 each player's points are the card points of the tricks they took, with 5 for the last
  trick; the penalty is |points − prediction|. The predictions need not add to 157 (page 28).
* A match (all nine tricks to one player) adds 100, 257 for the round (page 28: "A match adds 100 points,
  giving 257 for the round"; setting ``match_bonus``, default true).
* Weis and Stöck (setting ``weis_stoeck``, default false): true adds them to a player's points. Page 23
  says Weis are "declared combinations that are compared for scoring" and Stöck is credited "regardless
  of the Weis comparison": so only the player with the best Weis (the Schieber's comparison, RULES.md §9.5,
  between players here) adds their own melds, and Stöck adds 20 to its holder whoever has the best Weis.
* The highest prediction follows the settings: 157, +100 with the match, + the most Weis one hand can
  declare and Stöck's 20 with ``weis_stoeck`` (``most``; the legal actions, the API and the table's input).
* The game ends after the agreed number of rounds (``rounds``, default 4), or after the round in which a
  player's penalty total reaches the ``threshold`` (page 28: "The selected target is the finishing
  threshold for the accumulated score"). With a threshold and no ``rounds`` only the threshold ends it;
  with both, the first to come. The lowest total wins; equal lowest totals share the win.

Who fixes the contract page 28 leaves open ("The contract may be a trump suit, Obenabe ... or Undenufe");
the table setting ``contract``:

* ``turned_up`` (default): the dealer turns up one of its own nine cards (in the seeded deal, one drawn at
  random, standing for "the last card dealt to the dealer"), whose suit is trump. It is the common way at
  Swiss tables, and the fairer one in a game of individuals: nobody picks a contract to suit their own
  hand, everybody sees the same card before predicting. The card is public (``FormView.turned_up``).
  Under it no round is Obenabe or Undenufe.
* ``rotate``: the contracts come in turn, round by round: Eicheln, Schellen, Rosen, Schilten, Obenabe,
  Undenufe, and again, so the Obenabe and Undenufe rounds page 28 explains how to predict are played.
* ``forehand``: the forehand names the contract, any of the six (page 28's three kinds: a trump suit,
  Obenabe, Undenufe), before the predictions, which are then made knowing it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from puur.core.actions import AnyAction, FormAction, Prediction, parse_any_action
from puur.core.cards import CLAIM, Card, Contract, iter_cards
from puur.core.profile import RuleProfile
from puur.core.round import IllegalAction, RoundResult
from puur.core.rules.tables import MATCH_BONUS, STOECK_POINTS
from puur.core.rules.weis import MOST_IN_A_HAND
from puur.match.forms.protocol import RoundWritten
from puur.tools.differenzler import ROUND_TOTAL, Sheet

if TYPE_CHECKING:
    from puur.match.game import Game

CONTRACT_RULES = ("turned_up", "rotate", "forehand")
PREDICTIONS = ("open", "covered")
ROTATION = tuple(Contract(i) for i in range(6))
MAX_ROUNDS = 100
"""The most rounds a game may be agreed at (``rounds``); a game ended by its threshold alone has no bound."""


@dataclass
class DifferenzlerForm:
    """The sheet of a running Differenzler game and the predictions of the round in play."""

    rounds: int | None = 4
    contract_rule: str = "turned_up"
    match_bonus: bool = True
    threshold: int | None = None
    predictions_rule: str = "open"
    weis_stoeck: bool = False
    weis_most: int = field(default=MOST_IN_A_HAND["extended"], init=False)
    """The most Weis one hand declares under the game's profile (``adapt_profile`` sets it)."""
    sheet: Sheet = field(init=False)
    predictions: list[int | None] = field(init=False)
    turned_up: Card | None = field(default=None, init=False)

    name = "differenzler"

    def __post_init__(self) -> None:
        if self.rounds is None and self.threshold is None:
            self.rounds = 4
        if self.rounds is not None and (
            isinstance(self.rounds, bool) or not isinstance(self.rounds, int) or not 1 <= self.rounds <= MAX_ROUNDS
        ):
            raise ValueError(f"rounds: a Differenzler game lasts 1 to {MAX_ROUNDS} rounds (4 or 8 are usual), got {self.rounds!r}")
        if self.contract_rule not in CONTRACT_RULES:
            raise ValueError(f"contract: choose {', '.join(CONTRACT_RULES)}, got {self.contract_rule!r}")
        if self.predictions_rule not in PREDICTIONS:
            raise ValueError(f"predictions: choose {' or '.join(PREDICTIONS)}, got {self.predictions_rule!r}")
        for name in ("match_bonus", "weis_stoeck"):
            if not isinstance(getattr(self, name), bool):
                raise ValueError(f"{name} must be true or false")
        # checks the threshold (a ValueError)
        self.sheet = Sheet(rounds_planned=self.rounds, threshold=self.threshold, weis_stoeck=self.weis_stoeck)
        self.predictions = [None] * 4

    SETTINGS: ClassVar[tuple[str, ...]] = ("contract", "match_bonus", "threshold", "predictions", "weis_stoeck")
    STORED_BEFORE: ClassVar[Mapping[str, Any]] = {"match_bonus": False, "predictions": "covered", "weis_stoeck": False}
    """The reading of a game or record stored before a setting existed (``puur.match.forms.stored_settings``)."""

    @classmethod
    def from_settings(cls, rounds: int | None, settings: Mapping[str, Any]) -> DifferenzlerForm:
        unknown = set(settings) - set(cls.SETTINGS)
        if unknown:
            raise ValueError(
                f"unknown Differenzler setting(s) {sorted(unknown)}: the settings are {', '.join(cls.SETTINGS)}"
            )
        return cls(
            rounds=rounds,
            contract_rule=settings.get("contract", "turned_up"),
            match_bonus=settings.get("match_bonus", True),
            threshold=settings.get("threshold"),
            predictions_rule=settings.get("predictions", "open"),
            weis_stoeck=settings.get("weis_stoeck", False),
        )

    def settings(self) -> dict[str, Any]:
        out = {"form": self.name, "rounds": self.rounds, "contract": self.contract_rule, "match_bonus": self.match_bonus,
               "predictions": self.predictions_rule, "weis_stoeck": self.weis_stoeck}  # fmt: skip
        if self.threshold is not None:  # games stored before the setting keep their settings as they were
            out["threshold"] = self.threshold
        return out

    def adapt_profile(self, profile: RuleProfile) -> RuleProfile:
        """The profile as given: the round is the Schieber's, only the scoring differs. Its Weis values bound
        the highest prediction under ``weis_stoeck``."""
        self.weis_most = MOST_IN_A_HAND[profile.weis_values]
        return profile

    @property
    def open_predictions(self) -> bool:
        """Whether each prediction is announced to all when made (``predictions: open``, page 28)."""
        return self.predictions_rule == "open"

    def factor(self, round_factor: int) -> int:
        """1: a Differenzler round has no factor (the points are the points taken)."""
        return 1

    @property
    def most(self) -> int:
        """The highest prediction offered, the most a player can take under the settings: 157; 257 where a
        match counts its 100; with ``weis_stoeck`` also the most Weis one hand declares and Stöck's 20."""
        most = ROUND_TOTAL + (MATCH_BONUS if self.match_bonus else 0)
        return most + (self.weis_most + STOECK_POINTS if self.weis_stoeck else 0)

    # ----- the game's hooks -----
    def start_round(self, game: Game) -> None:
        """Fix the round's contract by the table's rule; the predictions start from the forehand."""
        r = game.round
        self.predictions = [None] * 4
        self.turned_up = None
        if self.contract_rule == "turned_up":
            cards = list(iter_cards(r.dealt[r.dealer]))
            self.turned_up = Card(cards[game.draw(len(cards))])
            r.choose(Contract(int(self.turned_up.suit)))
        elif self.contract_rule == "rotate":
            r.choose(ROTATION[(len(game.deals) - 1) % len(ROTATION)])
        # forehand: the forehand names it first (``apply``)

    def waiting_seat(self, game: Game) -> int | None:
        """The seat to predict, from the forehand round; None once all four have. Under the ``forehand``
        rule the forehand names the contract first."""
        r = game.round
        if r.contract is None:
            return r.forehand
        for i in range(4):
            seat = (r.forehand + i) % 4
            if self.predictions[seat] is None:
                return seat
        return None

    def phase(self, game: Game) -> str | None:
        if game.round.contract is None:
            return "contract"
        return "predict" if self.waiting_seat(game) is not None else None

    def legal_actions(self, game: Game) -> list[AnyAction]:
        if game.round.contract is None:
            return list(ROTATION)
        if self.waiting_seat(game) is not None:
            return [Prediction(n) for n in range(self.most + 1)]
        return [Card(c) for c in iter_cards(game.round.legal_cards())]

    def apply(self, game: Game, action: AnyAction | str, declare: tuple[str, ...]) -> FormAction | None:
        try:
            act = parse_any_action(action)
        except ValueError as e:
            raise IllegalAction(str(e)) from None
        seat = self.waiting_seat(game)
        r = game.round
        if r.contract is None:
            if not isinstance(act, Contract) or act not in ROTATION:
                raise IllegalAction("the forehand names the round's contract first: C, D, H, S, O or U")
            return None  # the game chooses it, as a Schieber contract
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

    def weis_and_stoeck(self, game: Game) -> tuple[list[int], list[int]]:
        """Each player's Weis and Stöck for the round under ``weis_stoeck`` (page 23): the Weis of the player
        whose best meld wins the comparison, their own melds only; Stöck 20 to its holder, whoever has the
        best Weis. Nothing where the table does not count them."""
        r = game.round
        weis, stoeck = [0, 0, 0, 0], [0, 0, 0, 0]
        if not self.weis_stoeck:
            return weis, stoeck
        if r.weis_credited and r.weis is not None and r.weis.winner_seat is not None:
            seat = r.weis.winner_seat
            weis[seat] = r.weis.declarations[seat].points
        if r.stoeck_holder is not None and any(r.stoeck_points()):
            stoeck[r.stoeck_holder] = STOECK_POINTS
        return weis, stoeck

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
        weis, stoeck = self.weis_and_stoeck(game)
        self.sheet = self.sheet.add(predicted, taken, weis if self.weis_stoeck else None,
                                    stoeck if self.weis_stoeck else None)
        last = self.sheet.to_dict()["rounds"][-1]
        row = RoundResult(
            number=len(game.rounds) + 1, dealer=r.dealer, forehand=r.forehand, pushed=False,
            chooser=r.chooser, contract=r.contract,
            score={**{k: v for k, v in r.score().to_dict().items() if k not in ("raw", "written")},
                   "turned_up": str(self.turned_up) if self.turned_up is not None else None,
                   "predicted": predicted, "taken": taken, "penalties": last["differences"],
                   **({"weis_by_player": weis, "stoeck_by_player": stoeck} if self.weis_stoeck else {}),
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
        """What ``seat`` may know: the sheet of the finished rounds, its own prediction, under open
        predictions everybody's as announced (under covered none but its own), who has predicted,
        everybody's points so far (the tricks are public), the turned-up card and the highest prediction."""
        return {
            "sheet": self.sheet.to_dict(),
            "current": None,
            "own_prediction": self.predictions[seat],
            "announced": list(self.predictions) if self.open_predictions else None,
            "most": self.most,
            "predicted": [p is not None for p in self.predictions],
            "taken": list(self.taken(game)),
            "turned_up": str(self.turned_up) if self.turned_up is not None else None,
        }


__all__ = ["CONTRACT_RULES", "PREDICTIONS", "DifferenzlerForm"]
