"""The scoreboards people keep at the table (TOOLS.md §1-§5, §7): pure, typed tool logic.

Each module is a thin layer over the rules core (``puur.core.rules``, ``puur.core.profile``, ``puur.core.cards``):
it never re-implements a rule, it only arranges inputs and explains results. Every error is a
``ToolInputError`` (a ``ValueError``) naming the offending field, so the HTTP layer can answer 422
with the field and the reason.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from puur.core.cards import CONTRACT_NAMES, Card, Contract
from puur.core.profile import RuleProfile


class ToolInputError(ValueError):
    """Bad input to a tool: ``field`` is a path like ``("rounds", 2, "card_points")``.

    ``code`` and ``params`` (optional) say the same as ``reason`` for a page that words it in its own
    language: a stable name (``"card_twice"``) and its values, cards as codes and seats counted from 1."""

    def __init__(
        self,
        field: Sequence[str | int] | str,
        reason: str,
        code: str | None = None,
        params: dict[str, str | int] | None = None,
    ) -> None:
        self.field: tuple[str | int, ...] = (field,) if isinstance(field, str) else tuple(field)
        self.reason = reason
        self.code = code
        self.params: dict[str, str | int] = dict(params or {})
        where = ".".join(str(p) for p in self.field)
        super().__init__(f"{where}: {reason}" if where else reason)


@dataclass(frozen=True)
class Notice:
    """A soft warning or a reason a page words in its own language: a stable ``code``, its ``params``
    (contracts and suits as codes, teams 0 We / 1 They, columns by index) and the English ``text``."""

    code: str
    text: str
    params: dict[str, str | int] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"code": self.code, "params": dict(self.params), "text": self.text}


SWISS_SUITS = ("Eicheln", "Schellen", "Rosen", "Schilten")
"""Swiss suit names indexed by ``Suit`` (C, D, H, S): Swiss terms stay Swiss (TOOLS.md §0.1)."""
SWISS_RANKS = ("6", "7", "8", "9", "10", "U", "O", "K", "A")
"""Ranks as the tools print them (TOOLS.md §0.1): 6 7 8 9 10 U O K A."""


def card_label(card: int) -> str:
    """Short Swiss label of a card, e.g. ``"Rosen U"`` for ``HJ``."""
    suit, rank = divmod(int(card), 9)
    return f"{SWISS_SUITS[suit]} {SWISS_RANKS[rank]}"


def contract_label(contract: Contract) -> str:
    """Eicheln, Schellen, Rosen, Schilten, Obenabe or Undenufe (TOOLS.md §0.2); Slalom and Guschti with
    their starting direction (docs/contracts-slalom-guschti.md)."""
    return SWISS_SUITS[int(contract)] if contract.is_trump else CONTRACT_NAMES["en"][int(contract) - 4]


def parse_contract(value: Any, field: Sequence[str | int] | str = "contract") -> Contract:
    """A contract from its code or Swiss/French name, or ``ToolInputError``."""
    try:
        return Contract.parse(value)
    except ValueError as e:
        raise ToolInputError(field, str(e), "not_a_contract", {"text": str(value)}) from None


def parse_card(value: Any, field: Sequence[str | int] | str) -> Card:
    """A card from its code (``H10``, ``CJ``), or ``ToolInputError``."""
    try:
        return Card.parse(value)
    except ValueError as e:
        raise ToolInputError(field, str(e), "not_a_card", {"text": str(value)}) from None


def resolve_profile(spec: Any) -> RuleProfile:
    """A rule profile (default ``schieber``) from a preset name or ``{"preset": ..., ...}``."""
    try:
        return RuleProfile.resolve(spec)
    except (ValueError, TypeError) as e:
        raise ToolInputError("profile", str(e), "bad_profile") from None


def check_int(value: Any, field: Sequence[str | int] | str, *, low: int | None = None, high: int | None = None) -> int:
    """A whole number within ``low..high`` (inclusive), or ``ToolInputError``."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise ToolInputError(field, f"must be a whole number, got {value!r}", "not_whole")
    if low is not None and value < low:
        raise ToolInputError(field, f"must be at least {low}, got {value}", "too_small", {"low": low, "value": value})
    if high is not None and value > high:
        raise ToolInputError(field, f"must be at most {high}, got {value}", "too_large", {"high": high, "value": value})
    return value


__all__ = [
    "SWISS_RANKS", "SWISS_SUITS", "Notice", "ToolInputError", "card_label", "check_int", "contract_label",
    "parse_card", "parse_contract", "resolve_profile",
]  # fmt: skip
