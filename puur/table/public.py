"""Public tables: a table listed in the lobby, where strangers sit down (docs/lobby.md). Pure: settings in,
data out; ``puur.server.live.lobby`` changes a live game with it under the game's lock.

A public table's settings carry ``public``: its language and speed, whether spectators may watch, and the
seats a computer holds until a person comes (``held``: seat -> the computer). A person who sits down in
such a seat while a round is being played plays it from the next round on (``arriving``: seat -> the round
from which the person plays): the computer finishes the round it began, as at a real table, where nobody
takes over a hand half played. Until then the person watches, as a spectator does (no hand shown).
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

PUBLIC = "public"
"""The key of a public table's settings."""
LANGS = ("de", "fr", "en")
SPEEDS = ("relaxed", "normal", "fast")
"""A table's tempo as the lobby shows it: the pace (ms) at which its screens show a computer's card."""
SPEED_PACE = {"relaxed": 900, "normal": 500, "fast": 200}
HOLDER = "heuristic"
"""The computer that holds a seat of a table opened by "Play now" until a person comes."""


def public_of(settings: dict[str, Any]) -> dict[str, Any] | None:
    """The table's public settings, or None for a private table."""
    pub = settings.get(PUBLIC)
    return pub if isinstance(pub, dict) else None


RATED = "rated"
"""The settings key of a private table whose host chose to have it rated (``POST /api/v1/games`` ``rated``)."""


def is_rated(settings: dict[str, Any]) -> bool:
    """Whether the table's matches count for the ratings: a public table (the lobby's, ``public_of``) always,
    a private one when its host chose it (docs/ratings.md)."""
    return public_of(settings) is not None or settings.get(RATED) is True


def new_public(lang: str, speed: str, spectators: bool = True, held: dict[int, str] | None = None) -> dict[str, Any]:
    return {"lang": lang, "speed": speed, "spectators": spectators,
            "held": {str(s): spec for s, spec in (held or {}).items()}, "arriving": {}}


def held_seats(settings: dict[str, Any]) -> dict[int, str]:
    """Seat -> the computer holding it until a person sits down."""
    pub = public_of(settings)
    return {int(s): spec for s, spec in pub["held"].items()} if pub else {}


def arriving(settings: dict[str, Any]) -> dict[int, dict[str, Any]]:
    """Seat -> ``{"player": the computer finishing the round, "round": the round the person plays from}``."""
    pub = public_of(settings)
    return {int(s): a for s, a in pub.get("arriving", {}).items()} if pub else {}


def computers_until_their_round(settings: dict[str, Any], round_number: int | None) -> dict[int, str]:
    """Seat -> the computer that still plays a seat whose person plays from a later round than
    ``round_number`` (None: the round is not known, every arrival counts as done)."""
    if round_number is None:
        return {}
    return {seat: a["player"] for seat, a in arriving(settings).items() if round_number < a["round"]}


def spectators_open(settings: dict[str, Any]) -> bool:
    """Whether the table may be watched: a public table whose host has not closed it to spectators."""
    pub = public_of(settings)
    return bool(pub and pub.get("spectators", True))


def free_seats(settings: dict[str, Any], open_seats: Collection[int]) -> list[int]:
    """The seats a person from the lobby may take: an invited seat still open, or a seat a computer holds."""
    return sorted({*open_seats, *held_seats(settings)})


def abandoned_seats(settings: dict[str, Any]) -> list[int]:
    """The seats whose person abandoned the match, first to leave first: at its end a computer plays for them
    (handed over after ``away_seconds`` at their turn, or by the host; the plan keeps the hand-overs in their
    order) and they did not come back. The one rule that counts a rated match as lost for a person who walked
    away (docs/lobby.md: "Abandoning"; the ratings: the first to leave loses for their team)."""
    plan = settings.get("online")
    if not isinstance(plan, dict):
        return []
    return [int(s) for s in plan.get("stand_in", {})]


__all__ = [
    "HOLDER", "LANGS", "PUBLIC", "RATED", "SPEEDS", "SPEED_PACE", "abandoned_seats", "arriving",
    "computers_until_their_round", "free_seats", "held_seats", "is_rated", "new_public", "public_of", "spectators_open",
]
