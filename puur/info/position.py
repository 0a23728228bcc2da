"""A position notation for a Jass round, as FEN is for chess: one printable line that parses back exactly.

The spec, with examples, is docs/position-notation.md. Two forms share one grammar of space-separated
fields; the hands field says which form a line is:

* the **deal form** (four hands, ``format_position`` / ``parse_position``) is a ``RoundState``: what the
  solver API, ``puur analyse`` and bug reports about the engine need;
* the **seat form** (one seat's hand, ``format_view`` / ``parse_view``) is what one seat may know
  (``SeatView``, from an ``Observation``): what a bug report about a player needs.

>>> r = parse_position(EXAMPLE)  # four tricks in: seat 3 chose hearts and has won three tricks
>>> r.contract, r.to_act, [t.winner for t in r.tricks]
(Contract.H, 0, [3, 3, 3])
>>> format_position(r) == EXAMPLE
True

Cards are written as INTERFACES.md "Names and notation" (``H10``, ``SA``), contracts ``C D H S O U``, a push
``P``; the declarations that go with a card as in a game record (``+stoeck``, ``+weis:N``, ``Game.record``).
Every line starts with the version tag ``puur1``: a change of meaning (of the notation, or of the profile
options, ``PROFILE_VERSION``) gets a new tag.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from puur.core.cards import Card, CardSet, Contract, iter_cards, mask_of
from puur.core.profile import (
    BOOL_OPTIONS,
    CHOICES,
    EXTRA_FACTOR_KEYS,
    NULLABLE_BOOL_OPTIONS,
    PROFILE_VERSION,
    RuleProfile,
)
from puur.core.round import IllegalAction, RoundState
from puur.core.rules.legal import why_illegal
from puur.core.rules.stoeck import StoeckStatus, stoeck_cards
from puur.core.rules.trick import trick_winner
from puur.core.rules.weis import Meld, alternatives

if TYPE_CHECKING:
    from puur.info.observation import Observation

VERSION_TAG = "puur1"
"""The first field of every line. ``puur1`` reads rule profiles of ``PROFILE_VERSION`` 1."""
assert PROFILE_VERSION == 1, "a new profile version needs a new position tag (docs/position-notation.md)"

EXAMPLE = (
    "puur1 schieber d2f3 H C6,C9,D8,D9,D10,SQ/C8,S6,S7,S8,S9,SJ/C7,CJ,CQ,CK,D7,DQ/C10,DJ,DA,HK,SK "
    "3:H9,H7,SA,H6/3:HJ,H8,S10,HA/3:HQ,H10,DK,D6/3:CA"
)
"""The solver API's example (``puur.server.http.api_solver``) as a line: hearts chosen by seat 3, trick 4 led."""

MAX_LENGTH = 2000
"""The longest line the HTTP API takes (a preset with every option overridden fits well within it)."""

PATTERN = r"^puur1 [a-z]+(?:\([!-~]*\))? d[0-3]f[0-3] (?:-|P|P?(?:SLO|SLU|GUO|GUU|[CDHSOU])) [!-~]+ [!-~]+(?: [!-~]+)*$"
"""The shape of a canonical line (fields, not their consistency): the HTTP schema's pattern."""

STOECK_STATUSES = tuple(StoeckStatus)
_SEATS = re.compile(r"d([0-3])f([0-3])")
_BIDDING = re.compile(r"(P?)(SLO|SLU|GUO|GUU|[CDHSOU]?)")  # P: pushed; Slalom, Guschti too
_PROFILE = re.compile(r"([a-z]+)(?:\((.*)\))?")
_MULTIPLIERS = re.compile(
    r"C(\d{1,3})\.D(\d{1,3})\.H(\d{1,3})\.S(\d{1,3})\.O(\d{1,3})\.U(\d{1,3})"
    r"(?:\.SLO(\d{1,3}))?(?:\.SLU(\d{1,3}))?(?:\.GUO(\d{1,3}))?(?:\.GUU(\d{1,3}))?"
)
_SCHNEIDER = re.compile(r"(0\.\d{1,17}|\d(?:\.\d{1,17})?e-\d{1,3})x(\d{1,3})")
_INT = re.compile(r"0|[1-9]\d{0,6}")
_VIEW_KEYS = ("announced", "shown", "stoeck", "scores", "round")


class PositionError(ValueError):
    """A line that is not a position: ``field`` names the field at fault, the message says what is wrong."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"position field {field}: {message}")
        self.field = field


# ----- the profile field -----


def format_profile(profile: RuleProfile) -> str:
    """``schieber``, or the preset and the options that differ from it: ``jasvel(multipliers=both3,target=2500)``
    (``RuleProfile.overrides``, in the order of RULES.md §14.1)."""
    over = profile.overrides()
    name = over.pop("preset")
    if not over:
        return str(name)
    return f"{name}(" + ",".join(f"{k}={_option_text(k, v)}" for k, v in over.items()) + ")"


def _option_text(name: str, value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if name == "multipliers" and isinstance(value, dict):
        return ".".join(f"{c}{value[c]}" for c in (*"CDHSOU", *EXTRA_FACTOR_KEYS) if c in value)
    if name == "targets_offered":
        return ".".join(str(t) for t in value) or "-"
    if name == "schneider":
        return f"{value['below_fraction']!r}x{value['counts_games']}"
    return str(value)


def parse_profile(text: str) -> RuleProfile:
    """The profile of a ``format_profile`` text; raises ``PositionError`` naming the option at fault."""
    m = _PROFILE.fullmatch(text)
    if m is None:
        raise PositionError(
            "profile", f"{text!r} is not a preset name, or a preset and its options: jasvel(target=2500)"
        )
    spec: dict[str, Any] = {"preset": m.group(1)}
    if m.group(2) is not None:
        for item in m.group(2).split(","):
            name, eq, value = item.partition("=")
            if not eq:
                raise PositionError("profile", f"{item!r} is not option=value")
            if name in spec or name in ("preset", "version"):
                raise PositionError(
                    "profile", f"option {name!r} is given twice" if name in spec else f"{name!r} is no option"
                )
            spec[name] = _option_value(name, value)
    try:
        return RuleProfile.from_dict(spec)
    except ValueError as e:
        raise PositionError("profile", str(e)) from None


def _option_value(name: str, text: str) -> Any:
    """One option's value from its text, by the option's type (RULES.md §14.1, ``puur.core.profile``)."""
    if name in BOOL_OPTIONS or name in NULLABLE_BOOL_OPTIONS:
        values: dict[str, bool | None] = {"true": True, "false": False}
        if name in NULLABLE_BOOL_OPTIONS:
            values["null"] = None
        if text not in values:
            raise PositionError("profile", f"option {name} is {' or '.join(values)}, not {text!r}")
        return values[text]
    if name == "target":
        if not _INT.fullmatch(text):
            raise PositionError("profile", f"option target is a whole number, not {text!r}")
        return int(text)
    if name == "targets_offered":
        parts = [] if text == "-" else text.split(".")
        if not all(_INT.fullmatch(p) for p in parts):
            raise PositionError(
                "profile", f"option targets_offered is whole numbers joined by '.', not {text!r}"
            )
        return tuple(int(p) for p in parts)
    if name == "multipliers" and text[:1] == "C":
        mm = _MULTIPLIERS.fullmatch(text)
        if mm is None:
            raise PositionError("profile", f"an explicit multiplier table is C1.D2.H1.S2.O3.U4, not {text!r}")
        keys = (*"CDHSOU", *EXTRA_FACTOR_KEYS)
        return {c: int(v) for c, v in zip(keys, mm.groups(), strict=True) if v is not None}
    if name == "schneider":
        if text == "null":
            return None
        sm = _SCHNEIDER.fullmatch(text)
        if sm is None:
            raise PositionError(
                "profile", f"option schneider is null or FRACTIONxGAMES (0.5x2), not {text!r}"
            )
        return {"below_fraction": float(sm.group(1)), "counts_games": int(sm.group(2))}
    if name in CHOICES or name == "multipliers":
        return text  # the profile checks the value against its choices
    raise PositionError("profile", f"unknown option {name!r}")


# ----- cards, seats, bidding -----


def _cards_text(cards: Sequence[int]) -> str:
    return ",".join(Card(c).name for c in cards) or "-"


def _hand_text(hand: CardSet) -> str:
    return _cards_text(list(iter_cards(hand)))


def _card(text: str, field: str) -> int:
    try:
        return int(Card.parse(text))
    except ValueError as e:
        raise PositionError(field, str(e)) from None


def _hand(text: str, field: str) -> CardSet:
    hand = CardSet(0)
    if text == "-":
        return hand
    for item in text.split(","):
        c = _card(item, field)
        if hand >> c & 1:
            raise PositionError(field, f"{Card(c).name} is written twice")
        hand |= 1 << c
    return hand


def _bidding_text(pushed: bool, contract: Contract | None) -> str:
    """The contract actions in order: ``-`` none yet, ``P`` pushed, ``H`` chosen by the forehand, ``PH``
    pushed and chosen by the partner (RULES.md §4.2)."""
    text = ("P" if pushed else "") + (contract.name if contract is not None else "")
    return text or "-"


def _bidding(text: str) -> tuple[bool, Contract | None]:
    m = _BIDDING.fullmatch(text)
    if text == "-":
        return False, None
    if m is None or not text:
        raise PositionError(
            "contract",
            f"{text!r} is not - (none yet), P (pushed), C D H S O U (or SLO SLU GUO GUU), or P and a contract (PH)",
        )
    return bool(m.group(1)), Contract[m.group(2)] if m.group(2) else None


# ----- the play field -----


@dataclass(frozen=True)
class _Trick:
    leader: int
    cards: tuple[int, ...]
    marks: tuple[tuple[str, ...], ...]  # the declarations written with each card


def _play_text(tricks: Sequence[_Trick]) -> str:
    return (
        "/".join(
            f"{t.leader}:"
            + ",".join(
                Card(c).name + "".join(f"+{d}" for d in m) for c, m in zip(t.cards, t.marks, strict=True)
            )
            for t in tricks
        )
        or "-"
    )


def _play(text: str, marks_allowed: bool) -> list[_Trick]:
    if text == "-":
        return []
    tricks = []
    groups = text.split("/")
    if len(groups) > 9:
        raise PositionError("play", f"a round has nine tricks, not {len(groups)}")
    for i, group in enumerate(groups, 1):
        lead, colon, rest = group.partition(":")
        if not colon or lead not in ("0", "1", "2", "3"):
            raise PositionError(
                "play", f"trick {i} is written LEADER:CARDS (e.g. 3:H9,H7,SA,H6), not {group!r}"
            )
        items = rest.split(",")
        if not 1 <= len(items) <= 4 or (len(items) < 4 and i < len(groups)):
            raise PositionError(
                "play", f"trick {i} has {len(items)} cards: a trick has four (only the last may have fewer)"
            )
        cards, marks = [], []
        for item in items:
            name, *decl = item.split("+")
            for d in decl:
                if not marks_allowed:
                    raise PositionError("play", f"trick {i}: a seat's view carries no declarations (+{d})")
                if d != "stoeck" and not re.fullmatch(r"weis:\d{1,3}", d):
                    raise PositionError("play", f"trick {i}: +{d} is no declaration (+stoeck, +weis:N)")
            if len(set(decl)) < len(decl) or sum(d.startswith("weis:") for d in decl) > 1:
                raise PositionError("play", f"trick {i}: {item}: one Weis alternative and one Stöck at most")
            cards.append(_card(name, "play"))
            marks.append(tuple(decl))
        tricks.append(_Trick(int(lead), tuple(cards), tuple(marks)))
    return tricks


def _played_by(tricks: Sequence[_Trick]) -> list[CardSet]:
    by = [CardSet(0), CardSet(0), CardSet(0), CardSet(0)]
    for t in tricks:
        for j, c in enumerate(t.cards):
            by[(t.leader + j) & 3] |= 1 << c
    return by


def _check_leaders(tricks: Sequence[_Trick], forehand: int, contract: Contract | None) -> None:
    """Trick 1 is led by the forehand, every later one by the winner of the one before (RULES.md §8)."""
    if tricks and contract is None:
        raise PositionError("play", "no card is played before the contract is chosen")
    leader = forehand
    for i, t in enumerate(tricks, 1):
        if t.leader != leader:
            who = "the forehand" if i == 1 else f"the winner of trick {i - 1}"
            raise PositionError("play", f"trick {i} is led by seat {leader} ({who}), not seat {t.leader}")
        if len(t.cards) == 4:
            assert contract is not None
            leader = (leader + trick_winner(t.cards, contract, i - 1)) & 3


def _fields(text: str) -> list[str]:
    if not isinstance(text, str):
        raise PositionError("version", f"a position is a line of text, not {type(text).__name__}")
    fields = text.split()
    if not fields or fields[0] != VERSION_TAG:
        raise PositionError("version", f"a position starts with {VERSION_TAG!r} (the notation's version)")
    if len(fields) < 6:
        names = "version profile seats contract hands play"
        raise PositionError(names.split()[len(fields)], f"missing: a position has the fields {names}")
    return fields


def _extras(fields: Sequence[str], allowed: Sequence[str]) -> dict[str, str]:
    out: dict[str, str] = {}
    for item in fields:
        key, eq, value = item.partition("=")
        if not eq or key not in allowed:
            raise PositionError(
                key if eq else "extra", f"{item!r} is not one of {', '.join(k + '=...' for k in allowed)}"
            )
        if key in out:
            raise PositionError(key, "given twice")
        out[key] = value
    return out


# ----- the deal form: RoundState -----


def format_position(state: RoundState) -> str:
    """The line of a round: its profile, dealer and forehand, the contract actions, the four hands as they
    are now (seats 0 to 3), the tricks so far with their declarations, and what the play alone does not give:
    a Stöck scored early to win the match (``stoeck=scored``, RULES.md §10), play stopped because the match
    ended within the round (``to_act=none``: a claim or a live end, §12.2). Raises ``ValueError`` for a state
    no play reaches."""
    head = [VERSION_TAG, format_profile(state.profile), f"d{state.dealer}f{state.forehand}"]
    head.append(_bidding_text(state.pushed, state.contract))
    head.append("/".join(_hand_text(h) for h in state.hands))
    head.append(_play_text(_tricks_of(state)))
    try:
        replayed = _replay(head[1:])
    except PositionError as e:
        raise ValueError(f"this round state has no position line: {e}") from None
    if replayed.stoeck_status != state.stoeck_status:
        head.append(f"stoeck={state.stoeck_status}")
        replayed.stoeck_status = state.stoeck_status
    if state.to_act is None and replayed.to_act is not None:
        head.append("to_act=none")  # play stopped: the match ended within the round (RULES.md §12.2)
        replayed.to_act = None
    if _slots(replayed) != _slots(state):
        raise ValueError("this round state is not reached by playing its cards: it has no position line")
    return " ".join(head)


def parse_position(text: str) -> RoundState:
    """The round of a deal-form line, replayed through the rules (every card checked as ``Game.apply``
    checks it). Raises ``PositionError`` naming the field at fault."""
    fields = _fields(text)
    if ":" in fields[4]:
        raise PositionError(
            "hands",
            "this line is a seat's view (one hand): read it with parse_view; a round needs the four hands",
        )
    extras = _extras(fields[6:], ("stoeck", "to_act"))
    r = _replay(fields[1:6])
    if "stoeck" in extras:
        status = extras["stoeck"]
        if status not in STOECK_STATUSES:
            raise PositionError("stoeck", f"{status!r} is not one of {', '.join(STOECK_STATUSES)}")
        if r.stoeck_holder is None:
            raise PositionError("stoeck", "no seat was dealt the trump King and Ober (Stöck) in this round")
        r.stoeck_status = StoeckStatus(status)
    if "to_act" in extras:
        if extras["to_act"] != "none":
            raise PositionError(
                "to_act",
                f"only to_act=none is written (play stopped: the match ended), not {extras['to_act']!r}",
            )
        r.to_act = None
    return r


def _slots(r: RoundState) -> tuple[Any, ...]:
    return tuple(getattr(r, name) for name in RoundState.__slots__)


def _tricks_of(r: RoundState) -> list[_Trick]:
    """The tricks so far with the declarations made with each card: Stöck declared (``+stoeck``), and the
    Weis alternative a seat chose with its trick-1 card where it is not the first (``+weis:N``, §9.3)."""
    said = {card for _, card, decl in r.declarations if "stoeck" in decl}
    chosen = _weis_choices(r)
    groups = [(t.leader, t.cards) for t in r.tricks]
    if r.trick:
        groups.append((r.leader, tuple(r.trick)))
    out = []
    for i, (leader, cards) in enumerate(groups):
        marks = []
        for j, c in enumerate(cards):
            m = (f"weis:{chosen[(leader + j) & 3]}",) if i == 0 and chosen.get((leader + j) & 3) else ()
            marks.append(m + (("stoeck",) if c in said else ()))
        out.append(_Trick(leader, tuple(cards), tuple(marks)))
    return out


def _weis_choices(r: RoundState) -> dict[int, int]:
    """Per seat, the index of the Weis alternative it declared (0, the engine's choice, is not written)."""
    if r.weis is None or r.contract is None:
        return {}
    out = {}
    for seat, decl in enumerate(r.weis.declarations):
        alts = alternatives(r.dealt[seat], r.profile, r.contract)
        if decl in alts:
            out[seat] = alts.index(decl)
        elif alts:
            raise ValueError(f"seat {seat} declared a Weis that is none of its alternatives")
    return out


def _replay(fields: Sequence[str]) -> RoundState:
    """Profile, seats, contract, hands and play fields to the round they describe."""
    profile = parse_profile(fields[0])
    seats = _SEATS.fullmatch(fields[1])
    if seats is None:
        raise PositionError(
            "seats", f"{fields[1]!r} is not dDfF: the dealer D and the forehand F, seats 0 to 3 (d3f0)"
        )
    dealer, forehand = int(seats.group(1)), int(seats.group(2))
    pushed, contract = _bidding(fields[2])
    parts = fields[3].split("/")
    if len(parts) != 4:
        raise PositionError("hands", f"four hands (seats 0 to 3) joined by '/', not {len(parts)}")
    hands = [_hand(p, "hands") for p in parts]
    tricks = _play(fields[4], marks_allowed=True)
    _check_leaders(tricks, forehand, contract)
    dealt = _dealt(hands, _played_by(tricks))
    r = RoundState(profile, dealt, dealer, forehand)
    if pushed:
        r.push()
    if contract is not None:
        r.choose(contract)
    for i, t in enumerate(tricks, 1):
        for c, marks in zip(t.cards, t.marks, strict=True):
            _play_card(r, c, marks, i)
    return r


def _dealt(hands: list[CardSet], played: list[CardSet]) -> list[CardSet]:
    """The hands as dealt: each hand now and what its seat played; 36 different cards, nine a seat (§3)."""
    seen: dict[int, int] = {}
    for seat in range(4):
        for c in iter_cards(hands[seat] | played[seat]):
            if c in seen:
                raise PositionError("hands", f"{Card(c).name} is in two places (seats {seen[c]} and {seat})")
            seen[c] = seat
        if played[seat] & hands[seat]:
            c = next(iter_cards(played[seat] & hands[seat]))
            raise PositionError("hands", f"seat {seat} holds {Card(c).name} and has played it")
    dealt = [hands[s] | played[s] for s in range(4)]
    for seat in range(4):
        n, k = hands[seat].bit_count(), played[seat].bit_count()
        if n + k != 9:
            raise PositionError(
                "hands", f"seat {seat} holds {n} cards and has played {k}: a hand is dealt nine"
            )
    return dealt


def _play_card(r: RoundState, card: int, marks: tuple[str, ...], trick: int) -> None:
    """Play one card as ``Game.apply`` does: checked, with its Weis choice and Stöck declaration."""
    name = Card(card).name
    try:
        r.check_card(card)
        for d in marks:
            if d.startswith("weis:"):
                r.check_weis_choice(int(d[5:]))
                r.declare_weis(int(d[5:]))
    except IllegalAction as e:
        raise PositionError("play", f"trick {trick}, {name} of seat {r.to_act}: {e}") from None
    if "stoeck" in marks:
        declare: bool | None = True
    else:
        declare = False if r.profile.stoeck == "strict" else None
    r.play(card, declare)


# ----- the seat form: SeatView -----


@dataclass(frozen=True)
class SeatView:
    """What one seat may know of a round (the round part of an ``Observation``, INTERFACES.md §2): its hand,
    the contract actions, the tricks so far, the public Weis (announced values, shown melds) and a scored
    Stöck, and the match's written scores before the round."""

    profile: RuleProfile
    seat: int
    dealer: int
    forehand: int
    pushed: bool
    contract: Contract | None
    hand: CardSet
    tricks: tuple[tuple[int, tuple[int, ...]], ...]
    """Every trick so far as (leader, cards in play order); the last may be unfinished."""
    weis_announced: tuple[tuple[int, int], ...] = ()
    weis_shown: tuple[tuple[int, tuple[tuple[str, tuple[Card, ...], int], ...]], ...] = ()
    stoeck: int | None = None
    """The seat whose Stöck is scored (public from then on, RULES.md §10), or None."""
    scores: tuple[int, int] = (0, 0)
    round_number: int = 1

    @classmethod
    def from_observation(cls, obs: Observation) -> SeatView:
        tricks = [(t.leader, tuple(int(c) for c in t.cards)) for t in obs.tricks]
        if obs.trick:
            tricks.append((obs.trick[0][0], tuple(int(c) for _, c in obs.trick)))
        return cls(
            obs.profile, obs.seat, obs.dealer, obs.forehand, obs.pushed, obs.contract, CardSet(obs.hand_mask), tuple(tricks),
            tuple(obs.weis_announced), tuple(obs.weis_shown), obs.stoeck.seat if obs.stoeck else None,
            (obs.scores[0], obs.scores[1]), obs.round_number,
        )  # fmt: skip

    @property
    def chooser(self) -> int | None:
        """The seat that chose the contract: the forehand, or its partner after a push (§4.2)."""
        if self.contract is None:
            return None
        return (self.forehand + 2) & 3 if self.pushed else self.forehand

    @property
    def played_by(self) -> tuple[CardSet, CardSet, CardSet, CardSet]:
        by = _played_by([_Trick(lead, cards, ((),) * len(cards)) for lead, cards in self.tricks])
        return (by[0], by[1], by[2], by[3])

    @property
    def hand_sizes(self) -> tuple[int, int, int, int]:
        by = self.played_by
        return (9 - by[0].bit_count(), 9 - by[1].bit_count(), 9 - by[2].bit_count(), 9 - by[3].bit_count())

    @property
    def to_act(self) -> int | None:
        """The seat to act in the round: chooses, or plays; None after trick 9."""
        if self.contract is None:
            return self.forehand if not self.pushed else (self.forehand + 2) & 3
        if not self.tricks:
            return self.forehand
        leader, cards = self.tricks[-1]
        if len(cards) < 4:
            return (leader + len(cards)) & 3
        if len(self.tricks) == 9:
            return None
        return (leader + trick_winner(cards, self.contract, len(self.tricks) - 1)) & 3


def format_view(view: SeatView | Observation) -> str:
    """The line of a seat's view (an ``Observation`` is read as ``SeatView.from_observation``)."""
    v = view if isinstance(view, SeatView) else SeatView.from_observation(view)
    tricks = [_Trick(lead, cards, ((),) * len(cards)) for lead, cards in v.tricks]
    fields = [
        VERSION_TAG, format_profile(v.profile), f"d{v.dealer}f{v.forehand}", _bidding_text(v.pushed, v.contract),
        f"{v.seat}:{_hand_text(v.hand)}", _play_text(tricks),
    ]  # fmt: skip
    if v.weis_announced:
        fields.append("announced=" + ",".join(f"{s}:{p}" for s, p in v.weis_announced))
    if v.weis_shown:
        fields.append(
            "shown="
            + "/".join(
                f"{s}:" + ";".join(_cards_text(cards) for _, cards, _ in melds) for s, melds in v.weis_shown
            )
        )
    if v.stoeck is not None:
        fields.append(f"stoeck={v.stoeck}")
    if v.scores != (0, 0):
        fields.append(f"scores={v.scores[0]},{v.scores[1]}")
    if v.round_number != 1:
        fields.append(f"round={v.round_number}")
    return " ".join(fields)


def parse_view(text: str) -> SeatView:
    """The ``SeatView`` of a seat-form line. Its own cards are checked against the rules (each was legal
    from its hand); what the seat cannot see is checked for consistency only. Raises ``PositionError``."""
    fields = _fields(text)
    profile = parse_profile(fields[1])
    seats = _SEATS.fullmatch(fields[2])
    if seats is None:
        raise PositionError(
            "seats", f"{fields[2]!r} is not dDfF: the dealer D and the forehand F, seats 0 to 3 (d3f0)"
        )
    forehand = int(seats.group(2))
    pushed, contract = _bidding(fields[3])
    seat_text, colon, hand_text = fields[4].partition(":")
    if not colon:
        raise PositionError(
            "hands", "this line has the four hands: read it with parse_position; a view is SEAT:CARDS"
        )
    if seat_text not in ("0", "1", "2", "3"):
        raise PositionError("hands", f"a view is SEAT:CARDS with a seat 0 to 3, not {seat_text!r}")
    seat, hand = int(seat_text), _hand(hand_text, "hands")
    tricks = _play(fields[5], marks_allowed=False)
    _check_leaders(tricks, forehand, contract)
    by = _played_by(tricks)
    played = 0
    for t in tricks:
        for c in t.cards:
            if played >> c & 1:
                raise PositionError("play", f"{Card(c).name} is played twice")
            played |= 1 << c
    if hand & played:
        raise PositionError(
            "hands", f"seat {seat} holds {Card(next(iter_cards(hand & played))).name}, which is played"
        )
    if hand.bit_count() + by[seat].bit_count() != 9:
        raise PositionError(
            "hands",
            f"seat {seat} holds {hand.bit_count()} cards and has played {by[seat].bit_count()}: a hand is dealt nine",
        )
    _check_own_play(profile, contract, seat, hand | by[seat], tricks)
    extras = _extras(fields[6:], _VIEW_KEYS)
    return SeatView(
        profile, seat, int(seats.group(1)), forehand, pushed, contract, hand,
        tuple((t.leader, t.cards) for t in tricks),
        _announced(extras.get("announced")), _shown(extras.get("shown"), profile, seat, hand, by),
        _stoeck_seat(extras.get("stoeck"), contract, seat, hand, by), _scores(extras.get("scores")),
        _round_number(extras.get("round")),
    )  # fmt: skip


def _check_own_play(
    profile: RuleProfile, contract: Contract | None, seat: int, dealt: CardSet, tricks: Sequence[_Trick]
) -> None:
    """Each card the seat played was legal from its hand at that moment (RULES.md §7)."""
    hand = dealt
    for i, t in enumerate(tricks, 1):
        for j, c in enumerate(t.cards):
            if (t.leader + j) & 3 != seat:
                continue
            assert contract is not None
            reason = why_illegal(c, hand, t.cards[:j], contract, profile)
            if reason:
                raise PositionError("play", f"trick {i}, {Card(c).name} of seat {seat}: {reason}")
            hand ^= 1 << c


def _announced(text: str | None) -> tuple[tuple[int, int], ...]:
    if text is None:
        return ()
    out = []
    for item in text.split(","):
        m = re.fullmatch(r"([0-3]):([1-9]\d{1,2})", item)
        if m is None:
            raise PositionError("announced", f"{item!r} is not SEAT:POINTS (e.g. 3:50)")
        out.append((int(m.group(1)), int(m.group(2))))
    return tuple(out)


def _shown(
    text: str | None, profile: RuleProfile, seat: int, hand: CardSet, by: Sequence[CardSet]
) -> tuple[tuple[int, tuple[tuple[str, tuple[Card, ...], int], ...]], ...]:
    """Shown melds, ``SEAT:MELD;MELD/SEAT:...``, each checked as a meld of the profile (§9.1)."""
    if text is None:
        return ()
    out = []
    for group in text.split("/"):
        s_text, colon, melds_text = group.partition(":")
        if not colon or s_text not in ("0", "1", "2", "3"):
            raise PositionError("shown", f"{group!r} is not SEAT:MELD;MELD (e.g. 0:H6,H7,H8)")
        s, melds = int(s_text), []
        for meld_text in melds_text.split(";"):
            cards = [Card(c).name for c in iter_cards(_hand(meld_text, "shown"))]
            try:
                meld = Meld.from_dict({"cards": cards}, profile)
            except ValueError as e:
                raise PositionError("shown", f"seat {s}, {meld_text}: {e}") from None
            mask = mask_of(meld.cards)
            if s == seat and mask & ~(hand | by[seat]):
                raise PositionError("shown", f"seat {s} shows {meld_text}, which is not all from its hand")
            elsewhere = (hand if s != seat else 0) | (by[0] | by[1] | by[2] | by[3]) & ~by[s]
            if mask & elsewhere:
                raise PositionError(
                    "shown",
                    f"seat {s} shows {meld_text}, but {Card(next(iter_cards(mask & elsewhere))).name} is elsewhere",
                )
            melds.append((meld.kind, tuple(Card(c) for c in meld.cards), meld.points))
        out.append((s, tuple(melds)))
    return tuple(out)


def _stoeck_seat(
    text: str | None, contract: Contract | None, seat: int, hand: CardSet, by: Sequence[CardSet]
) -> int | None:
    """The seat of a scored Stöck: it was dealt the trump King and Ober (RULES.md §10), so nobody else
    holds or played either of them."""
    if text is None:
        return None
    if text not in ("0", "1", "2", "3"):
        raise PositionError("stoeck", f"the seat whose Stöck is scored, 0 to 3, not {text!r}")
    pair = stoeck_cards(contract) if contract is not None else 0
    if not pair:
        raise PositionError("stoeck", "Stöck exists only in a trump contract (RULES.md §10)")
    holder = int(text)
    elsewhere = (by[0] | by[1] | by[2] | by[3]) & ~by[holder] | (hand if holder != seat else 0)
    mine = hand | by[seat] if holder == seat else pair
    if pair & elsewhere or mine & pair != pair:
        raise PositionError(
            "stoeck", f"seat {holder} cannot have held the trump King and Ober: the play says otherwise"
        )
    return holder


def _scores(text: str | None) -> tuple[int, int]:
    if text is None:
        return (0, 0)
    m = re.fullmatch(r"(0|[1-9]\d{0,5}),(0|[1-9]\d{0,5})", text)
    if m is None:
        raise PositionError(
            "scores", f"the written totals before the round, T0,T1 (e.g. 1250,830), not {text!r}"
        )
    return (int(m.group(1)), int(m.group(2)))


def _round_number(text: str | None) -> int:
    if text is None:
        return 1
    if not re.fullmatch(r"[1-9]\d{0,4}", text):
        raise PositionError("round", f"the round's number, 1 or more, not {text!r}")
    return int(text)


__all__ = [
    "EXAMPLE", "MAX_LENGTH", "PATTERN", "PositionError", "SeatView", "VERSION_TAG", "format_position", "format_profile",
    "format_view", "parse_position", "parse_profile", "parse_view",
]  # fmt: skip
