"""Weis calculator: melds per seat, the profile's comparison chain step by step, who writes what
(TOOLS.md §4; RULES.md §9).

Each seat is given as a whole hand (its melds are found by the core's ``declaration``) or as a list of
melds (each checked by ``Meld.from_dict``). The seats' best melds are compared with the core's
``meld_key`` (the profile's ``weis_compare`` chain and ``weis_undenufe_reverse``), then by seat: the
seat nearer the forehand wins (§4.2 step 5 [DECISION]). Only the team holding the single best meld
writes Weis, all melds of both partners (§4.3, RULES.md §9.6). Stöck never enters the comparison.

``compare_with_other_team`` is the widget's "Compare with the other team": with only the other team's
points and card count it applies what those numbers decide, and says "undecided at the table" beyond
(§4.5). "Your team" is seats 1 and 3 (``team_best``: the better of the two partners' best melds, §4.2).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from puur.core.cards import Card, Contract, mask_of
from puur.core.profile import RuleProfile
from puur.core.rules.weis import (
    Declaration,
    Meld,
    declaration,
    declaration_of,
    meld_key,
    meld_shapes,
    resolve_weis,
)
from puur.tools import SWISS_RANKS, ToolInputError, card_label, check_int, contract_label

SEATS = 4
HAND_SIZE = 9

STEP_NAMES: dict[str, tuple[str, ...]] = {
    # The named steps of meld_key for each weis_compare (RULES.md §9.5); "seat" follows every chain.
    "points_cards_top": ("points", "cards", "top", "trump"),
    "points_type_length_top": ("points", "type", "cards", "top", "trump"),
    "points_top": ("points", "top", "trump"),
}
STEP_LABELS = {
    "points": "points",
    "cards": "number of cards",
    "type": "kind of meld (sequence above four of a kind)",
    "top": "highest card",
    "trump": "meld in the trump suit",
    "seat": "seat nearer the forehand",
}
NO_MELD_TEXT = "No meld yet — a sequence needs three cards in one suit."


def meld_label(meld: Meld) -> str:
    """E.g. ``"5-card sequence Rosen 10–A"`` or ``"four Under"``."""
    if meld.kind == "four":
        rank = meld.cards[0] % 9
        return f"four {('6s', '7s', '8s', 'Nell (9s)', '10s', 'Under', 'Ober', 'Kings', 'Aces')[rank]}"
    lo, hi = meld.cards[0], meld.cards[-1]
    return f"{len(meld.cards)}-card sequence {card_label(lo).split()[0]} {SWISS_RANKS[lo % 9]}–{SWISS_RANKS[hi % 9]}"


def meld_dict(meld: Meld) -> dict[str, Any]:
    return {
        "kind": meld.kind,
        "label": meld_label(meld),
        "cards": [str(Card(c)) for c in meld.cards],
        "points": meld.points,
        "top": SWISS_RANKS[meld.top],
    }


@dataclass(frozen=True)
class SeatWeis:
    """One seat's melds (its declaration), the best meld and their sum."""

    seat: int
    declaration: Declaration
    source: str  # "hand" or "melds"

    @property
    def best(self) -> Meld | None:
        return self.declaration.best

    def to_dict(self) -> dict[str, Any]:
        d = self.declaration
        return {
            "seat": self.seat,
            "team": self.seat % 2,
            "source": self.source,
            "melds": [meld_dict(m) for m in d.melds],
            "best": meld_dict(d.best) if d.best else None,
            "total": d.points,
            "text": None if d.melds else NO_MELD_TEXT,
        }


@dataclass(frozen=True)
class Step:
    """One step of the chain: the value each remaining seat has, who stays, and why."""

    name: str
    values: dict[int, Any]
    kept: tuple[int, ...]
    reason: str

    def to_dict(self) -> dict[str, Any]:
        return {
            "step": self.name,
            "label": STEP_LABELS[self.name],
            "values": {str(k): v for k, v in self.values.items()},
            "kept": list(self.kept),
            "reason": self.reason,
        }


@dataclass(frozen=True)
class WeisOutcome:
    """The calculator's answer: seats, the comparison chain, the winning seat and what each team writes."""

    contract: Contract
    forehand: int
    seats: tuple[SeatWeis, ...]
    steps: tuple[Step, ...]
    winner_seat: int | None
    written: tuple[int, int]

    @property
    def team(self) -> int | None:
        return None if self.winner_seat is None else self.winner_seat % 2

    @property
    def message(self) -> str:
        if self.winner_seat is None:
            return "No meld: nobody writes Weis."
        t = self.team
        assert t is not None
        return (
            f"Seat {self.winner_seat + 1} holds the best meld: team {t + 1} (seats {t + 1} and {t + 3}) "
            f"writes {self.written[t]}, the other team writes 0."
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "contract": self.contract.name,
            "contract_name": contract_label(self.contract),
            "forehand": self.forehand,
            "seats": [s.to_dict() for s in self.seats],
            "steps": [s.to_dict() for s in self.steps],
            "winner_seat": self.winner_seat,
            "team": self.team,
            "written": list(self.written),
            "message": self.message,
        }


def seat_from_hand(seat: int, cards: Sequence[Any], profile: RuleProfile, contract: Contract) -> SeatWeis:
    """A seat's melds found in a hand by the core (TOOLS.md §4.5; at most 9 cards)."""
    field = ("seats", seat, "hand")
    hand = _parse_card_list(cards, field)
    if len(hand) > HAND_SIZE:
        raise ToolInputError(
            field, f"a hand has at most {HAND_SIZE} cards, got {len(hand)}", "hand_too_long", {"count": len(hand)}
        )
    return SeatWeis(seat, declaration(mask_of(hand), profile, contract), "hand")


def seat_from_melds(
    seat: int, melds: Sequence[Any], profile: RuleProfile, contract: Contract
) -> SeatWeis:
    """A seat's melds as given; each is checked by the core; cards may be shared only between a
    sequence and a four of a kind, and only under ``sequence_and_quartet_may_share`` (§4.1, §4.3), where
    the two are never both written (RULES.md §9.3, J17, J25: the core's ``declaration_of``)."""
    if isinstance(melds, str) or not isinstance(melds, Sequence):
        raise ToolInputError(("seats", seat, "melds"), "give a list of melds, each a list of cards", "meld_list")
    out: list[Meld] = []
    for i, raw in enumerate(melds):
        field = ("seats", seat, "melds", i)
        cards = raw.get("cards") if isinstance(raw, dict) else raw
        parsed_cards = _parse_card_list(cards, field)
        try:
            m = Meld.from_dict({"cards": [str(c) for c in parsed_cards]}, profile)
        except ValueError as e:
            raise ToolInputError(field, str(e), "not_a_meld") from None
        for j, other in enumerate(out):
            shared = set(m.cards) & set(other.cards)
            if not shared:
                continue
            mixed = {m.kind, other.kind} == {"sequence", "four"}
            if not mixed or profile.weis_overlap != "sequence_and_quartet_may_share":
                raise ToolInputError(
                    field,
                    f"shares {', '.join(str(Card(c)) for c in sorted(shared))} with meld {j + 1}: "
                    + (
                        "a card may sit in a sequence and a four of a kind only under "
                        "weis_overlap=sequence_and_quartet_may_share"
                        if mixed
                        else "two melds of the same kind cannot share a card"
                    ),
                    "melds_share_mixed" if mixed else "melds_share",
                    {"cards": " ".join(str(Card(c)) for c in sorted(shared)), "meld": j + 1},
                )
        out.append(m)
    return SeatWeis(seat, declaration_of(out, profile, contract), "melds")


def _parse_card_list(cards: Any, field: tuple[str | int, ...]) -> list[Card]:
    if isinstance(cards, str) or not isinstance(cards, Sequence):
        raise ToolInputError(field, "give a list of cards like ['H10', 'HJ', 'HQ']", "card_list")
    out: list[Card] = []
    for i, c in enumerate(cards):
        try:
            card = Card.parse(c)
        except ValueError as e:
            raise ToolInputError((*field, i), str(e), "not_a_card", {"text": str(c)}) from None
        if card in out:
            raise ToolInputError((*field, i), f"card {card} appears twice", "card_repeated", {"card": str(card)})
        out.append(card)
    return out


def _describe(name: str, key_part: int, meld: Meld, contract: Contract, profile: RuleProfile) -> Any:
    """A readable value of one step for one seat's best meld."""
    if name == "top":
        return SWISS_RANKS[meld.top]
    if name == "trump":
        return bool(key_part)
    if name == "type":
        return meld.kind
    return key_part


def compare_seats(
    seats: Sequence[SeatWeis], profile: RuleProfile, contract: Contract, forehand: int
) -> tuple[tuple[Step, ...], int | None]:
    """Run the chain over the seats that have a meld: keep the best at each step until one remains."""
    names = (*STEP_NAMES[profile.weis_compare], "seat")
    best = {s.seat: s.best for s in seats if s.best is not None}
    if not best:
        return (), None
    keys = {
        seat: (*meld_key(m, profile, contract), -((seat - forehand) % SEATS)) for seat, m in best.items()
    }
    alive = sorted(best)
    steps: list[Step] = []
    if len(alive) == 1:
        only = alive[0]
        return (Step("points", {only: keys[only][0]}, (only,), f"only seat {only + 1} has a meld"),), only
    for i, name in enumerate(names):
        vals = {s: keys[s][i] for s in alive}
        top = max(vals.values())
        kept = tuple(s for s in alive if vals[s] == top)
        shown: dict[int, Any] = {}
        for s in alive:
            if name == "seat":
                shown[s] = f"{-vals[s]} after the forehand"
            else:
                shown[s] = _describe(name, vals[s], best[s], contract, profile)
        reason = _step_reason(name, kept, alive, shown, contract, profile)
        steps.append(Step(name, shown, kept, reason))
        alive = list(kept)
        if len(alive) == 1:
            break
    return tuple(steps), alive[0]


def _step_reason(
    name: str,
    kept: tuple[int, ...],
    alive: list[int],
    shown: dict[int, Any],
    contract: Contract,
    profile: RuleProfile,
) -> str:
    seats = " and ".join(f"seat {s + 1}" for s in kept) + (" win" if len(kept) > 1 else " wins")
    if len(kept) == len(alive):
        extra = ""
        if name == "trump" and not contract.is_trump:
            extra = f" ({contract_label(contract)} has no trump)"
        elif name == "trump":
            extra = " (a four of a kind is never in trump)" if all(v is False for v in shown.values()) else ""
        return f"equal on {STEP_LABELS[name]}{extra}: go on"
    if name == "top":
        rev = contract == Contract.U and profile.weis_undenufe_reverse
        how = " (reversed in Undenufe: lower wins)" if rev else " (natural order 6 … A)"
        return f"{seats} on the highest card{how}"
    if name == "trump":
        return f"{seats}: a meld in trump beats an equal meld outside trump"
    if name == "seat":
        return f"{seats}: nearer the forehand"
    if name == "type":
        return f"{seats}: a sequence ranks above a four of a kind"
    return f"{seats} on {STEP_LABELS[name]}"


def calculate(
    seats: Sequence[dict[str, Any] | None],
    contract: Contract,
    profile: RuleProfile,
    forehand: int = 0,
) -> WeisOutcome:
    """Weis for up to four seats (seat 0 and 2 are team 1, seats 1 and 3 team 2).

    Each seat is ``None``, ``{"hand": [cards]}`` or ``{"melds": [[cards], ...]}``. A card may not be
    held by two seats. With every seat given as a hand the result is checked against the core's
    ``resolve_weis``.
    """
    check_int(forehand, "forehand", low=0, high=SEATS - 1)
    if isinstance(seats, str) or not isinstance(seats, Sequence) or len(seats) > SEATS:
        raise ToolInputError("seats", "give up to four seats", "four_seats")
    padded = list(seats) + [None] * (SEATS - len(seats))
    parsed: list[SeatWeis] = []
    owner: dict[int, int] = {}
    for i, spec in enumerate(padded):
        if spec is None:
            sw = SeatWeis(i, Declaration((), 0, None), "none")
        elif not isinstance(spec, dict) or ("hand" in spec) == ("melds" in spec):
            raise ToolInputError(("seats", i), "give either 'hand' (a list of cards) or 'melds'", "hand_or_melds")
        elif "hand" in spec:
            sw = seat_from_hand(i, spec["hand"], profile, contract)
            for hc in _parse_card_list(spec["hand"], ("seats", i, "hand")):
                _claim(owner, int(hc), i)
        else:
            sw = seat_from_melds(i, spec["melds"], profile, contract)
            for mc in sorted({c for m in sw.declaration.melds for c in m.cards}):
                _claim(owner, mc, i)
        parsed.append(sw)
    steps, winner = compare_seats(parsed, profile, contract, forehand)
    written = (0, 0)
    if winner is not None:
        t = winner % 2
        pts = parsed[t].declaration.points + parsed[t + 2].declaration.points
        written = (pts, 0) if t == 0 else (0, pts)
    if all(s.source == "hand" for s in parsed):
        hands = [mask_of(_parse_card_list(padded[i]["hand"], ("seats", i, "hand"))) for i in range(SEATS)]  # type: ignore[index]
        check = resolve_weis(hands, profile, contract, forehand)
        assert check.winner_seat == winner and check.points == written, "calculator disagrees with the core"
    return WeisOutcome(contract, forehand, tuple(parsed), steps, winner, written)


def team_best(outcome: WeisOutcome, team: int, profile: RuleProfile) -> Meld | None:
    """The best meld of ``team`` (0: seats 1 and 3, 1: seats 2 and 4), by the profile's chain, then the seat
    nearer the forehand (TOOLS.md §4.2): the team's meld the other team's is compared with."""
    _, seat = compare_seats([s for s in outcome.seats if s.seat % 2 == team], profile, outcome.contract, outcome.forehand)
    return None if seat is None else outcome.seats[seat].best


def _claim(owner: dict[int, int], card: int, seat: int) -> None:
    if owner.get(card, seat) != seat:
        raise ToolInputError(
            ("seats", seat), f"{Card(card)} is already held by seat {owner[card] + 1}", "card_held",
            {"card": str(Card(card)), "seat": owner[card] + 1},
        )
    owner[card] = seat


@dataclass(frozen=True)
class PartialCompare:
    """The widget comparison with only the other team's points and card count (TOOLS.md §4.5)."""

    result: str  # "yours", "theirs", "undecided"
    step: str | None
    reason: str
    code: str = "equal"
    """The reason for a page to word: ``points``/``cards`` (``mine``, ``theirs``), ``type``, ``no_meld``, ``equal``."""
    params: dict[str, int] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"result": self.result, "step": self.step, "reason": self.reason, "code": self.code,
                "params": dict(self.params)}


def compare_with_other_team(
    mine: Meld | None, their_points: int, their_cards: int, profile: RuleProfile
) -> PartialCompare:
    """Compare my best meld with the other team's best given only its points and card count.

    Runs the profile's chain as far as these numbers reach: points, then (for ``points_cards_top`` and
    ``points_type_length_top``) the kind and number of cards. Beyond that the table decides: highest
    card, then trump suit, then seat.
    """
    check_int(their_points, "their_points", low=0, high=300)
    check_int(their_cards, "their_cards", low=0, high=HAND_SIZE)
    shapes = meld_shapes(profile)
    if (their_points, their_cards) != (0, 0) and (their_points, their_cards) not in shapes:
        known = ", ".join(f"{p} with {n} cards" for p, n in sorted(shapes))
        raise ToolInputError(
            "their_points",
            f"no meld of {their_cards} cards is worth {their_points} points under this profile (a meld is {known}; "
            "0 points and 0 cards for none)",
            "no_such_meld", {"points": their_points, "cards": their_cards},
        )
    my_pts = mine.points if mine else 0
    my_n = len(mine.cards) if mine else 0
    if my_pts != their_points:
        win = my_pts > their_points
        return PartialCompare(
            "yours" if win else "theirs", "points", f"{my_pts} against {their_points} points",
            "points", {"mine": my_pts, "theirs": their_points},
        )
    if my_pts == 0:
        return PartialCompare("undecided", None, "neither team has a meld worth points", "no_meld")
    if profile.weis_compare == "points_type_length_top":
        their_four = their_cards == 4 and their_points != 50
        my_four = mine is not None and mine.kind == "four"
        if their_four != my_four:
            return PartialCompare(
                "theirs" if my_four else "yours", "type", "a sequence ranks above a four of a kind", "type"
            )
    if profile.weis_compare != "points_top" and my_n != their_cards:
        return PartialCompare(
            "yours" if my_n > their_cards else "theirs", "cards", f"{my_n} cards against {their_cards}",
            "cards", {"mine": my_n, "theirs": their_cards},
        )
    return PartialCompare(
        "undecided",
        None,
        "undecided at the table: equal so far; the highest card, then the trump suit, then the seat decide",
    )


__all__ = [
    "NO_MELD_TEXT", "STEP_LABELS", "STEP_NAMES", "PartialCompare", "SeatWeis", "Step", "WeisOutcome",
    "calculate", "compare_seats", "compare_with_other_team", "meld_dict", "meld_label", "seat_from_hand",
    "seat_from_melds", "team_best",
]  # fmt: skip
