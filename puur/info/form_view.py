"""What one seat may know of a game form: ``FormView``, part of its ``Observation`` (docs/forms.md).

Built by copying (``puur.match.observe``), as the observation is: the sheet (Coiffeur's boxes, or
Differenzler's finished rounds), the column in play, and for Differenzler the seat's own prediction of the
running round, and the others' as they are announced where the table plays open predictions (page 28, the
default). Under covered predictions (``predictions: covered``) ``announced`` is null: the view holds no
value of another seat's running prediction, so a player given it cannot learn one.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from puur.core.cards import Card


@dataclass(frozen=True)
class FormView:
    """The form part of an observation: ``form`` (``coiffeur`` or ``differenzler``), its table
    ``settings``, the ``sheet`` as the form's sheet tool draws it, ``current`` (Coiffeur: the team, column
    and contract of the round in play), and for Differenzler ``own_prediction`` (this seat's, None until
    made), ``predicted`` (who has predicted), ``taken`` (everybody's points so far: the tricks are public)
    the ``turned_up`` trump card, ``announced`` (open predictions: every seat's prediction once made; None
    under covered ones) and ``most`` (the highest prediction the settings allow)."""

    form: str
    settings: dict[str, Any]
    sheet: dict[str, Any]
    current: dict[str, Any] | None = None
    own_prediction: int | None = None
    predicted: tuple[bool, bool, bool, bool] = (False, False, False, False)
    taken: tuple[int, int, int, int] = (0, 0, 0, 0)
    turned_up: Card | None = field(default=None)
    announced: tuple[int | None, int | None, int | None, int | None] | None = None
    most: int | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "form": self.form,
            "settings": dict(self.settings),
            "sheet": self.sheet,
            "current": self.current,
            "own_prediction": self.own_prediction,
            "predicted": list(self.predicted),
            "taken": list(self.taken),
            "turned_up": str(self.turned_up) if self.turned_up is not None else None,
            "announced": list(self.announced) if self.announced is not None else None,
            "most": self.most,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> FormView:
        """The view ``to_dict`` wrote; ``ValueError`` for a malformed one."""
        if not isinstance(data, dict) or data.get("form") not in ("coiffeur", "differenzler"):
            raise ValueError("a form view names its form, coiffeur or differenzler")
        pred, taken = data.get("predicted", [False] * 4), data.get("taken", [0] * 4)
        if len(pred) != 4 or len(taken) != 4:
            raise ValueError("predicted and taken have one entry per seat")
        own = data.get("own_prediction")
        if own is not None and (isinstance(own, bool) or not isinstance(own, int)):
            raise ValueError("own_prediction is a whole number or null")
        turned = data.get("turned_up")
        announced = data.get("announced")
        if announced is not None and (len(announced) != 4 or not all(
                a is None or (isinstance(a, int) and not isinstance(a, bool)) for a in announced)):
            raise ValueError("announced has one whole number or null per seat")
        most = data.get("most")
        if most is not None and (isinstance(most, bool) or not isinstance(most, int)):
            raise ValueError("most is a whole number or null")
        return cls(
            form=data["form"],
            settings=dict(data.get("settings") or {}),
            sheet=dict(data.get("sheet") or {}),
            current=data.get("current"),
            own_prediction=own,
            predicted=(bool(pred[0]), bool(pred[1]), bool(pred[2]), bool(pred[3])),
            taken=(int(taken[0]), int(taken[1]), int(taken[2]), int(taken[3])),
            turned_up=Card.parse(turned) if turned is not None else None,
            announced=(announced[0], announced[1], announced[2], announced[3]) if announced is not None else None,
            most=most,
        )


__all__ = ["FormView"]
