"""One seat's view of a match: the ``Observation``.

An ``Observation`` is built from the game (``puur.match.observe``) by copying only what the seat may know: its own hand, the
played cards, public declarations (RULES.md §14.1: announced Weis values, shown melds, a declared Stöck),
the scores. It holds no other card by construction, so a player given it cannot peek.

What the seat can infer from the play is ``puur.info.inference``; full deals and rounds consistent with the
view (for search) are ``puur.info.determinize``; both read an observation, and it knows neither.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, NamedTuple, TypeVar

from puur.core.actions import AnyAction, parse_any_action
from puur.core.cards import Card, Contract, mask_of, parse_cards
from puur.core.profile import RuleProfile
from puur.info.form_view import FormView

T = TypeVar("T")


@dataclass(frozen=True)
class TrickView:
    """A finished trick: who led, the cards in play order, who took it, its card points (RULES.md §8)."""

    leader: int
    cards: tuple[Card, ...]
    winner: int
    points: int

    def to_dict(self) -> dict[str, Any]:
        return {"leader": self.leader, "cards": [str(c) for c in self.cards], "winner": self.winner, "points": self.points}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> TrickView:
        """The trick ``to_dict`` wrote; ``ValueError`` naming the field at fault."""
        return cls(
            _read(data, "leader", _seat),
            _read(data, "cards", lambda v: tuple(parse_cards(v, field="cards"))),
            _read(data, "winner", _seat),
            _read(data, "points", _int),
        )


class ShownMeld(NamedTuple):
    """A meld shown to the table (RULES.md §9.4, §14.1): ``sequence`` or ``four``, its cards, its points."""

    kind: str
    cards: tuple[Card, ...]
    points: int


class ShownWeis(NamedTuple):
    """The melds one seat has shown (RULES.md §14.1 ``weis_declaration`` says when they are public)."""

    seat: int
    melds: tuple[ShownMeld, ...]


class DeclaredStoeck(NamedTuple):
    """A Stöck declared and scored (RULES.md §10): the holder, its team, the trump King and Ober, the points
    before the multiplier."""

    seat: int
    team: int
    cards: tuple[Card, ...]
    points: int

    def to_dict(self) -> dict[str, Any]:
        return {"seat": self.seat, "team": self.team, "cards": [c.name for c in self.cards], "points": self.points}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> DeclaredStoeck:
        """The Stöck ``to_dict`` wrote; ``ValueError`` naming the field at fault."""
        return cls(
            _read(data, "seat", _seat),
            _read(data, "team", lambda v: _int(v, range(2))),
            _read(data, "cards", lambda v: tuple(parse_cards(v, field="cards"))),
            _read(data, "points", _int),
        )


@dataclass(frozen=True)
class Observation:
    """What one seat may know (INTERFACES.md §2). Immutable; ``to_dict`` is the JSON the API returns."""

    seat: int
    hand: tuple[Card, ...]
    phase: str
    dealer: int
    forehand: int
    pushed: bool
    chooser: int | None
    contract: Contract | None
    factor: int
    trick: tuple[tuple[int, Card], ...]
    tricks: tuple[TrickView, ...]
    legal_actions: tuple[AnyAction, ...]
    hand_sizes: tuple[int, int, int, int]
    scores: tuple[int, int]
    round_points: tuple[int, int]
    target: int
    profile: RuleProfile
    to_act: int | None
    round_number: int
    weis_announced: tuple[tuple[int, int], ...] = ()
    weis_shown: tuple[ShownWeis, ...] = ()
    stoeck: DeclaredStoeck | None = None
    winner: int | None = None
    result: dict[str, Any] | None = None
    last_round: dict[str, Any] | None = field(default=None)
    weis_choice: dict[str, Any] | None = None
    """The Weis alternatives this seat may declare with its trick-1 card (RULES.md §9.3), see ``_weis_choice``."""
    form: FormView | None = None
    """Coiffeur or Differenzler (docs/forms.md): the sheet and what this seat may know of the form; None for
    the Schieber (and then absent from ``to_dict``)."""
    forehand_holds: Card | None = None
    """The card the forehand is known to hold: in a match's first round under a ``holder:`` profile the 7 whose
    holder leads (RULES.md §3.2), which every seat knows from who leads. None where the forehand did not come
    by that rule: every later round (the forehand moves one seat on), ``dealer_right``, and a first round
    whose forehand was given by hand (``Game.from_deal`` with ``forehand``, the arena's deals)."""

    @property
    def hand_mask(self) -> int:
        return mask_of(self.hand)

    @property
    def leader(self) -> int:
        """The seat that leads (or led) the current trick."""
        if self.trick:
            return self.trick[0][0]
        return self.tricks[-1].winner if self.tricks else self.forehand

    def to_dict(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "phase": self.phase,
            "hand": [str(c) for c in self.hand],
            "dealer": self.dealer,
            "forehand": self.forehand,
            "pushed": self.pushed,
            "chooser": self.chooser,
            "contract": str(self.contract) if self.contract is not None else None,
            "factor": self.factor,
            "trick": [[s, str(c)] for s, c in self.trick],
            "tricks": [t.to_dict() for t in self.tricks],
            "legal_actions": [str(a) for a in self.legal_actions],
            "to_act": self.to_act,
            "hand_sizes": list(self.hand_sizes),
            "scores": list(self.scores),
            "round_points": list(self.round_points),
            "round_number": self.round_number,
            "target": self.target,
            "profile": self.profile.to_dict(),
            "weis": {
                "announced": [[s, v] for s, v in self.weis_announced],
                "shown": [
                    [s, [{"kind": k, "cards": [str(c) for c in cards], "points": p} for k, cards, p in melds]]
                    for s, melds in self.weis_shown
                ],
            },
            "stoeck": self.stoeck.to_dict() if self.stoeck is not None else None,
            "winner": self.winner,
            "result": self.result,
            "last_round": self.last_round,
            "weis_choice": self.weis_choice,
            "forehand_holds": str(self.forehand_holds) if self.forehand_holds is not None else None,
            **({"form": self.form.to_dict()} if self.form is not None else {}),
            **({"trick_direction": str(d)} if (d := self.trick_direction) is not None else {}),
        }

    @property
    def trick_direction(self) -> Contract | None:
        """Under Slalom and Guschti the order of the current trick, ``O`` or ``U`` (J30: the order assigned
        to the trick); ``None`` under the other contracts, before the contract and after the ninth trick."""
        c = self.contract
        if c is None or not c.changes_direction or len(self.tricks) >= 9:
            return None
        return c.direction(len(self.tricks))

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Observation:
        """The observation ``to_dict`` wrote, JSON-decoded or not: ``Observation.from_dict(o.to_dict()) == o``.

        Raises ``ValueError`` naming the field at fault (``observation field hand: ...``).

        >>> from puur.match.game import Game
        >>> obs = Game("schieber", seed=7).observation(0)
        >>> Observation.from_dict(obs.to_dict()) == obs
        True
        """
        if not isinstance(data, dict):
            raise ValueError("an observation must be an object, as Observation.to_dict writes it")
        weis = _read(data, "weis", _object)
        return cls(
            seat=_read(data, "seat", _seat),
            hand=_read(data, "hand", lambda v: tuple(parse_cards(v, field="hand"))),
            phase=_read(data, "phase", lambda v: str(v) if v in FORM_PHASES else _one_of(v, PHASES)),
            dealer=_read(data, "dealer", _seat),
            forehand=_read(data, "forehand", _seat),
            pushed=_read(data, "pushed", _bool),
            chooser=_read(data, "chooser", _maybe(_seat)),
            contract=_read(data, "contract", _maybe(Contract.parse)),
            factor=_read(data, "factor", _int),
            trick=_read(data, "trick", lambda v: tuple((_seat(s), Card.parse(c)) for s, c in _list(v))),
            tricks=_read(data, "tricks", lambda v: tuple(TrickView.from_dict(t) for t in _list(v))),
            legal_actions=_read(data, "legal_actions", lambda v: tuple(parse_any_action(a) for a in _list(v))),
            hand_sizes=_read(data, "hand_sizes", lambda v: _ints(v, 4)),
            scores=_read(data, "scores", lambda v: _ints(v, 2)),
            round_points=_read(data, "round_points", lambda v: _ints(v, 2)),
            target=_read(data, "target", _int),
            profile=_read(data, "profile", RuleProfile.resolve),
            to_act=_read(data, "to_act", _maybe(_seat)),
            round_number=_read(data, "round_number", _int),
            weis_announced=_read(weis, "announced", lambda v: tuple((_seat(s), _int(p)) for s, p in _list(v))),
            weis_shown=_read(weis, "shown", lambda v: tuple(_shown_weis(s, m) for s, m in _list(v))),
            stoeck=_read(data, "stoeck", _maybe(DeclaredStoeck.from_dict)),
            winner=_read(data, "winner", _maybe(lambda v: _int(v, range(2)))),
            result=_read(data, "result", _maybe(_object)),
            last_round=_read(data, "last_round", _maybe(_object)),
            weis_choice=_read(data, "weis_choice", _maybe(_object)),
            form=FormView.from_dict(data["form"]) if data.get("form") is not None else None,
            forehand_holds=_read(data, "forehand_holds", _maybe(Card.parse)) if "forehand_holds" in data else None,
        )


PHASES = ("contract", "play", "over")
"""``Observation.phase``: choosing the contract (or a Coiffeur column), playing the tricks, the match over;
and ``predict`` (``FORM_PHASES``) while the Differenzler players predict (docs/forms.md)."""
FORM_PHASES = ("predict",)


# ----- reading an observation back (Observation.from_dict) -----


def _read(data: dict[str, Any], key: str, parse: Callable[[Any], T]) -> T:
    """``parse(data[key])``, a fault named by the field: ``observation field hand: ...``."""
    if key not in data:
        raise ValueError(f"observation field {key} is missing")
    try:
        return parse(data[key])
    except (ValueError, TypeError, KeyError, IndexError) as e:
        raise ValueError(f"observation field {key}: {e}") from None


def _maybe(parse: Callable[[Any], T]) -> Callable[[Any], T | None]:
    return lambda v: None if v is None else parse(v)


def _int(v: Any, allowed: range | None = None) -> int:
    if not isinstance(v, int) or isinstance(v, bool):
        raise ValueError(f"{v!r} is not a whole number")
    if allowed is not None and v not in allowed:
        raise ValueError(f"{v} is not one of {', '.join(map(str, allowed))}")
    return v


def _seat(v: Any) -> int:
    return _int(v, range(4))


def _bool(v: Any) -> bool:
    if not isinstance(v, bool):
        raise ValueError(f"{v!r} is not true or false")
    return v


def _one_of(v: Any, allowed: tuple[str, ...]) -> str:
    if v not in allowed:
        raise ValueError(f"{v!r} is not one of {', '.join(allowed)}")
    return str(v)


def _list(v: Any) -> list[Any]:
    if not isinstance(v, list | tuple):
        raise ValueError(f"{v!r} is not a list")
    return list(v)


def _object(v: Any) -> dict[str, Any]:
    if not isinstance(v, dict):
        raise ValueError(f"{v!r} is not an object")
    return v


def _ints(v: Any, n: int) -> Any:
    items = _list(v)
    if len(items) != n:
        raise ValueError(f"{n} numbers are needed, got {len(items)}")
    return tuple(_int(x) for x in items)


def _shown_weis(seat: Any, melds: Any) -> ShownWeis:
    return ShownWeis(
        _seat(seat),
        tuple(
            ShownMeld(_one_of(m["kind"], ("sequence", "four")), tuple(parse_cards(m["cards"])), _int(m["points"]))
            for m in map(_object, _list(melds))
        ),
    )


__all__ = [
    "DeclaredStoeck", "Observation", "ShownMeld", "ShownWeis", "TrickView",
]  # fmt: skip
