"""Game forms beside the Schieber (docs/forms.md): Coiffeur and Differenzler, played by the one ``Game``.

``Game(profile, seed=..., form="coiffeur", columns=8)`` or ``form="differenzler", rounds=4`` delegates to a
form object here for what the form adds (the choice of a column, the predictions, the sheet, the end of
the match); every round is still the rules core's ``RoundState``. ``form="schieber"`` (the default) has no
form object and is the Schieber match exactly as before.

A form object is a ``Form`` (``puur.match.forms.protocol``): the game asks it what comes next and acts on the
answer; a form never writes the game. ``FORM_TYPES`` is the registry of implementations.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, get_args

from puur.core.actions import AnyAction, ColumnChoice, FormAction, Prediction, parse_any_action
from puur.info.form_view import FormView
from puur.match.forms.coiffeur import CoiffeurForm
from puur.match.forms.differenzler import DifferenzlerForm
from puur.match.forms.protocol import Form, RoundWritten

FORM_TYPES: dict[str, type[CoiffeurForm] | type[DifferenzlerForm]] = {"coiffeur": CoiffeurForm,
                                                                     "differenzler": DifferenzlerForm}
"""The forms beside the Schieber, by name: the registry of ``Form`` implementations."""
FormName = Literal["schieber", "coiffeur", "differenzler"]
"""A game form's name, as a type: what schemas offer (the MCP tools'); the Schieber and the registry's forms
(``tests/match/test_forms.py`` holds the two equal)."""
FORMS: tuple[str, ...] = get_args(FormName)
"""The game forms a ``Game`` plays (the Schieber has no form object)."""


def make_form(
    form: str = "schieber", *, columns: int | None = None, rounds: int | None = None,
    settings: Mapping[str, Any] | None = None,
) -> Form | None:
    """The form object of ``form`` with its table settings (None for the Schieber); ``ValueError``
    saying what is wrong for an unknown form or a bad setting."""
    if not isinstance(form, str) or form.strip().lower() not in FORMS:
        raise ValueError(f"unknown game form {form!r}: choose {', '.join(FORMS)}")
    name = form.strip().lower()
    extra = dict(settings or {})
    if name == "schieber":
        if columns is not None or rounds is not None or extra:
            raise ValueError("the Schieber takes no form settings (columns and rounds belong to Coiffeur and Differenzler)")
        return None
    extra.pop("form", None)
    if name == "coiffeur":
        if rounds is not None:
            raise ValueError("rounds belongs to Differenzler; a Coiffeur match ends when the sheet is full")
        return CoiffeurForm.from_settings(columns, extra)
    if columns is not None:
        raise ValueError("columns belongs to Coiffeur")
    return DifferenzlerForm.from_settings(rounds, extra)


FORM_KEYS = ("form", "columns", "rounds", "form_settings")
"""The keys of a stored game's settings (the server's) that name its form."""


def table_settings(form: Form) -> dict[str, Any]:
    """A form's own settings, every one written out (its ``settings()`` less ``form``, ``columns`` and
    ``rounds``): what the server stores, so that a setting added later reads as it was played."""
    return {k: v for k, v in form.settings().items() if k not in ("form", "columns", "rounds")}


def stored_settings(form: str, rounds: int | None, settings: Mapping[str, Any] | None) -> tuple[int | None, dict[str, Any]]:
    """The rounds and form settings of a game or record stored by an older Puur, read as they were played:
    a setting it does not write did not exist then, so it takes the form's ``STORED_BEFORE`` value (the
    reading of that time) rather than today's default. New games store every setting (``table_settings``)."""
    kind = FORM_TYPES.get(form)
    given = dict(settings or {})
    if kind is None:
        return rounds, given
    old = {k: v for k, v in kind.STORED_BEFORE.items() if k not in given}
    if old and form == "differenzler" and rounds is None:
        rounds = 4  # before a threshold could end the game alone, 4 rounds bounded it
    return rounds, {**given, **old}


def form_args(settings: Mapping[str, Any], *, stored: bool = True) -> dict[str, Any]:
    """``Game`` keyword arguments from a game's settings (``form``, ``columns``, ``rounds``,
    ``form_settings``); none for a Schieber or settings from before the forms. ``stored``: settings read
    back from the store, where one written before a form setting existed keeps the reading it was played
    under (``stored_settings``); a new game's (``stored=False``) take today's defaults."""
    if settings.get("form") in (None, "schieber"):
        return {}
    rounds, rest = settings.get("rounds"), dict(settings.get("form_settings") or {})
    if stored:
        rounds, rest = stored_settings(settings["form"], rounds, rest)
    return {"form": settings["form"], "columns": settings.get("columns"), "rounds": rounds, "form_settings": rest}


def form_from_record(data: Mapping[str, Any]) -> dict[str, Any]:
    """``Game`` keyword arguments from a record's ``form`` entry (``settings()`` of the form; one written
    before a setting existed keeps the reading it was played under, ``stored_settings``)."""
    if not isinstance(data, Mapping) or data.get("form") not in FORMS:
        raise ValueError(f"the record's form must name one of {', '.join(FORMS)}")
    rest = {k: v for k, v in data.items() if k not in ("form", "columns", "rounds")}
    rounds, rest = stored_settings(data["form"], data.get("rounds"), rest)
    return {"form": data["form"], "columns": data.get("columns"), "rounds": rounds, "form_settings": rest}


__all__ = [
    "FORMS", "FORM_KEYS", "FormName", "AnyAction", "CoiffeurForm", "ColumnChoice", "DifferenzlerForm", "Form", "FormAction", "FormView",
    "Prediction", "RoundWritten", "FORM_TYPES", "form_args", "form_from_record", "make_form", "parse_any_action",
    "stored_settings", "table_settings",
]  # fmt: skip
