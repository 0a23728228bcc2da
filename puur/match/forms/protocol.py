"""What a game form is to the ``Game`` that plays it (Coiffeur, Differenzler; the Schieber has none).

The form owns its state and its sheet; ``Game`` asks it what comes next and acts on the answer, and a form
never writes the game: ``apply`` says which action it took (the game records it), ``finish_round`` says
what the round wrote and whether the match is over (the game writes it and deals on or ends). Every round
is still the rules core's ``RoundState``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from puur.core.actions import AnyAction, FormAction
from puur.core.profile import RuleProfile
from puur.core.round import RoundResult

if TYPE_CHECKING:
    from puur.match.game import Game


@dataclass(frozen=True)
class RoundWritten:
    """A round as a form writes it: the sheet's row (``round``), the totals the match shows now (``scores``;
    None leaves them), and whether the match is over with it (``over``; ``winner`` the winning team, None
    for a tie or a game of individuals, whose result names them)."""

    round: RoundResult
    scores: tuple[int, int] | None
    over: bool
    winner: int | None = None


class Form(Protocol):
    """A game form beside the Schieber; ``puur.match.forms.FORM_TYPES`` lists the implementations."""

    name: str

    @property
    def open_predictions(self) -> bool:
        """Whether a seat's prediction is announced to all when made (Differenzler's open predictions)."""

    def settings(self) -> dict[str, Any]:
        """The form's table settings, as the record keeps them."""

    def adapt_profile(self, profile: RuleProfile) -> RuleProfile:
        """The rule profile this form plays (a form may fix options of its own)."""

    def factor(self, round_factor: int) -> int:
        """The factor a round's points are written with."""

    def start_round(self, game: Game) -> None:
        """A round was dealt."""

    def waiting_seat(self, game: Game) -> int | None:
        """A seat the form waits on before the round's own turn (a prediction), or None."""

    def phase(self, game: Game) -> str | None:
        """The observation's phase while the form waits, or None."""

    def legal_actions(self, game: Game) -> list[AnyAction]:
        """What the seat to act may do now."""

    def apply(self, game: Game, action: AnyAction | str, declare: tuple[str, ...]) -> FormAction | None:
        """Take ``action`` when it is the form's own step (a column, a prediction): the action taken, which the
        game records for the seat to act; None for an action of the round itself (a card, a push).
        ``IllegalAction`` with the reason, nothing changed, for one the form refuses."""

    def finish_round(self, game: Game) -> RoundWritten:
        """The round just ended: what the form writes, and whether the match is over."""

    def result(self, game: Game) -> dict[str, Any]:
        """The match's result once it is over."""

    def view(self, game: Game, seat: int) -> dict[str, Any]:
        """What ``seat`` may know of the form now."""


__all__ = ["Form", "RoundWritten"]
