"""What one seat may know of a game form: ``FormView``, part of its ``Observation`` (docs/forms.md).

Built by copying (``puur.match.observe``), as the observation is: the sheet (Coiffeur's boxes, or
Differenzler's finished rounds, their predictions shown once the round has ended), the column in play, and
for Differenzler the seat's OWN prediction of the running round only. There is no field that could hold
another seat's running prediction, so a player given the view cannot learn it.
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
    and the ``turned_up`` trump card."""

    form: str
    settings: dict[str, Any]
    sheet: dict[str, Any]
    current: dict[str, Any] | None = None
    own_prediction: int | None = None
    predicted: tuple[bool, bool, bool, bool] = (False, False, False, False)
    taken: tuple[int, int, int, int] = (0, 0, 0, 0)
    turned_up: Card | None = field(default=None)

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
        return cls(
            form=data["form"],
            settings=dict(data.get("settings") or {}),
            sheet=dict(data.get("sheet") or {}),
            current=data.get("current"),
            own_prediction=own,
            predicted=(bool(pred[0]), bool(pred[1]), bool(pred[2]), bool(pred[3])),
            taken=(int(taken[0]), int(taken[1]), int(taken[2]), int(taken[3])),
            turned_up=Card.parse(turned) if turned is not None else None,
        )


__all__ = ["FormView"]
