"""The actions of the game forms beside the Schieber's (docs/forms.md): a Coiffeur column and a Differenzler
prediction, with their string forms in the notation of INTERFACES.md §1 (lower-case words, ``:`` before
the value, as ``weis:N``):

* ``column:rosen``, ``column:obenabe``: the column a team plays this round (Coiffeur, TOOLS.md §2.1); a
  contract column may also be named by any spelling of its contract (``column:H``, ``column:hearts``);
* ``column:joker1=H``, ``column:joker2=obenabe``: a free-choice column and the contract it is played as;
  ``column:slalom=SLO``, ``column:guschti=GUU``: the ten-column sheet's Slalom and Guschti with their
  starting direction (TOOLS.md §6.2, §6.3);
* ``predict:57``: the points a Differenzler player predicts for the round (TOOLS.md §3.1).

Output is as shown (the column's key in lower case, the contract's code); input is case-insensitive.

>>> parse_any_action("Column:Joker1=rosen")
ColumnChoice(column='joker1', contract=Contract.H)
>>> str(parse_any_action("predict:57"))
'predict:57'
"""

from __future__ import annotations

from typing import NamedTuple

from puur.core.cards import Action, Contract, parse_action

COLUMN_PREFIX = "column:"
PREDICT_PREFIX = "predict:"
CONTRACT_COLUMN_KEYS: dict[int, str] = {0: "eicheln", 1: "schellen", 2: "rosen", 3: "schilten", 4: "obenabe", 5: "undenufe"}
"""The key of each Schieber contract's own column, by ``int(contract)`` (Swiss names, as on the sheet)."""


class ColumnChoice(NamedTuple):
    """Coiffeur: play ``column`` this round; ``contract`` names the contract where the column leaves a
    choice (a joker, Slalom or Guschti), else None (the column's own contract)."""

    column: str
    contract: Contract | None = None

    def __str__(self) -> str:
        return COLUMN_PREFIX + self.column + ("" if self.contract is None else f"={self.contract.name}")


class Prediction(NamedTuple):
    """Differenzler: the points this player predicts to take in the round (before the first card)."""

    points: int

    def __str__(self) -> str:
        return f"{PREDICT_PREFIX}{self.points}"


FormAction = ColumnChoice | Prediction
AnyAction = Action | ColumnChoice | Prediction
"""Anything a seat can do in any game form."""


def column_key(text: str) -> str:
    """A column's key from what a user typed: ``rosen``, ``H`` and ``hearts`` are all ``rosen``;
    ``joker1``, ``Joker 1`` are ``joker1``; anything else is returned in lower case without spaces."""
    t = text.strip().lower().replace(" ", "")
    try:
        c = Contract.parse(t)
    except ValueError:
        return t
    return CONTRACT_COLUMN_KEYS.get(int(c), t)


def parse_form_action(text: str) -> FormAction | None:
    """A ``column:...`` or ``predict:...`` action, or None when ``text`` is neither; ``ValueError`` saying
    what is wrong for a malformed one."""
    t = text.strip()
    low = t.lower()
    if low.startswith(COLUMN_PREFIX):
        body = t[len(COLUMN_PREFIX) :]
        key, sep, contract = body.partition("=")
        if not key.strip():
            raise ValueError(f"{text!r}: name the column, as in 'column:rosen' or 'column:joker1=H'")
        if sep and not contract.strip():
            raise ValueError(f"{text!r}: name the contract after '=', as in 'column:joker1=H'")
        return ColumnChoice(column_key(key), Contract.parse(contract) if sep else None)
    if low.startswith(PREDICT_PREFIX):
        n = t[len(PREDICT_PREFIX) :].strip()
        if not n.isdigit() or len(n) > 3:
            raise ValueError(f"{text!r}: a prediction is a whole number of points, as in 'predict:57'")
        return Prediction(int(n))
    return None


def parse_any_action(text: str | AnyAction) -> AnyAction:
    """``parse_action`` (a card, a contract, ``P``, ``claim``) or a form action (``column:...``,
    ``predict:N``); ``ValueError`` saying what is wrong."""
    if isinstance(text, ColumnChoice | Prediction):
        return text
    if isinstance(text, str):
        form = parse_form_action(text)
        if form is not None:
            return form
    return parse_action(text)


def public_action(action: str, seat: int, viewer: int | None, covered: bool = True) -> str:
    """``action`` by ``seat`` as ``viewer`` may see it announced: under covered Differenzler predictions a
    prediction is its player's until the round ends, so another seat sees only ``predict`` (that it was
    made); open predictions (``covered=False``, page 28's "announced prediction") are seen as made."""
    if covered and viewer != seat and action.lower().startswith(PREDICT_PREFIX):
        return PREDICT_PREFIX[:-1]
    return action


__all__ = [
    "AnyAction", "public_action", "ColumnChoice", "FormAction", "Prediction", "column_key", "parse_any_action",
    "parse_form_action",
]  # fmt: skip
