"""Who wins the trick: contract and up to four cards in playing order (TOOLS.md §5; RULES.md §5, §8).

The winner comes from the core's ``trick_winner``: the trump pool is looked at first (any trump beats any
plain card), then the led suit; cards of another plain suit never win (§5.3). "Worth" is the core's
``card_points`` of the cards under the contract; the last trick's 5 is added only when asked (§5.2
[DECISION]). The arbiter itself does not judge legality (§5.3); when the seats' hands before the trick
are given, each play is checked with the core's ``refusal`` under the profile (a code a page words, and its English text).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from puur.core.cards import Card, CardSet, Contract, mask_of
from puur.core.profile import RuleProfile
from puur.core.rules.legal import Refusal, refusal
from puur.core.rules.tables import (
    LAST_TRICK_BONUS,
    card_points_table,
    suit_strength_order,
    trick_points_table,
)
from puur.core.rules.trick import trick_winner
from puur.tools import SWISS_RANKS, SWISS_SUITS, ToolInputError, card_label, contract_label, parse_card

SEATS = 4


def _ladder(contract: Contract, suit: int) -> str:
    """The strength order of a suit under the contract, strongest first, e.g. ``U 9 A K O 10 8 7 6``."""
    return " ".join(SWISS_RANKS[c % 9] for c in suit_strength_order(contract, suit))


@dataclass(frozen=True)
class Play:
    """One seat's card, its points, whether it could win at all, and (with hands) its legality."""

    seat: int
    card: Card
    points: int
    role: str  # "led", "trump", "follows", "off-suit"
    illegal: Refusal | None = None
    checked: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "card": str(self.card),
            "label": card_label(self.card),
            "points": self.points,
            "role": self.role,
            "legal": None if not self.checked else self.illegal is None,
            "illegal_reason": None if self.illegal is None else self.illegal.text,
            "illegal_code": None if self.illegal is None else self.illegal.code,
            "illegal_params": None if self.illegal is None else self.illegal.params,
        }


@dataclass(frozen=True)
class TrickResult:
    """The arbiter's answer (TOOLS.md §5.2)."""

    contract: Contract
    plays: tuple[Play, ...]
    winner: int | None
    complete: bool
    worth: int
    reason: str

    def to_dict(self) -> dict[str, Any]:
        return {
            "contract": self.contract.name,
            "contract_name": contract_label(self.contract),
            "plays": [p.to_dict() for p in self.plays],
            "winner_seat": self.winner,
            "winner_label": "—" if self.winner is None else f"Seat {self.winner + 1}",
            "complete": self.complete,
            "worth": self.worth,
            "reason": self.reason,
            **self._deciding(),
        }

    def _deciding(self) -> dict[str, Any]:
        """The suit that decides (trump when one was played, else the led suit, §5.3) and its strength order
        as card codes, strongest first: a page words the reason from these in its own language."""
        if not self.plays:
            return {"deciding_suit": None, "order": []}
        trump = self.contract.trump
        led = self.plays[0].card.suit
        suit = trump if trump is not None and any(p.card.suit == trump for p in self.plays) else led
        return {
            "deciding_suit": "CDHS"[suit],
            "order": [str(Card(c)) for c in suit_strength_order(self.contract, suit)],
        }


def judge(
    contract: Contract,
    cards: Sequence[Any],
    profile: RuleProfile,
    hands: Sequence[Sequence[Any] | None] | None = None,
    *,
    last_trick: bool = False,
    partial: bool = True,
    trick_index: int | None = None,
) -> TrickResult:
    """Judge a trick. ``cards`` are in playing order, seat 1 leads; an empty list gives "—", Worth 0 (W37).

    A partial trick (fewer than four cards) shows its current winner when ``partial`` is true, else "—".
    ``hands[i]`` (optional) is seat i's hand before this trick; it must hold the card the seat played.
    Slalom and Guschti (J30) need ``trick_index`` (0..8; ``last_trick`` alone means 8): the trick is
    judged as its direction, Obenabe or Undenufe, which the result names as its contract.
    """
    if contract.changes_direction:
        if trick_index is None and last_trick:
            trick_index = 8
        if trick_index is None or not 0 <= trick_index <= 8 or (last_trick and trick_index != 8):
            raise ToolInputError(
                "trick_index",
                f"{contract.name} plays each trick as Obenabe or Undenufe by its place in the round: give "
                "trick_index 0..8 (8 for the last trick)",
                "trick_index_needed",
                {"contract": contract.name},
            )
        values = trick_points_table(contract, trick_index, profile.undenufe_values, profile.slalom_guschti_values)
        contract = contract.direction(trick_index)
    else:
        values = card_points_table(contract, profile.undenufe_values)
    if isinstance(cards, str) or not isinstance(cards, Sequence):
        raise ToolInputError(
            "cards", "give up to four cards in playing order, e.g. ['HA', 'D7', 'HK', 'H10']", "card_list"
        )
    if len(cards) > SEATS:
        raise ToolInputError("cards", f"a trick has four cards, got {len(cards)}", "trick_too_long", {"count": len(cards)})
    played: list[Card] = []
    for i, c in enumerate(cards):
        card = parse_card(c, ("cards", i))
        if card in played:
            seat = played.index(card) + 1
            raise ToolInputError(
                ("cards", i), f"{card} was already played by seat {seat}", "card_twice", {"card": str(card), "seat": seat}
            )
        played.append(card)
    hand_masks = _hands(hands, played)
    table = values  # Slalom, Guschti: the round's one table (J30: 152), the trick's order for the winner
    trump = contract.trump
    plays: list[Play] = []
    for i, card in enumerate(played):
        if i == 0:
            role = "trump" if trump is not None and card.suit == trump else "led"
        elif trump is not None and card.suit == trump:
            role = "trump"
        elif card.suit == played[0].suit:
            role = "follows"
        else:
            role = "off-suit"
        illegal: Refusal | None = None
        checked = hand_masks is not None and hand_masks[i] is not None
        if checked:
            assert hand_masks is not None
            mask = hand_masks[i]
            assert mask is not None
            illegal = refusal(card, mask, played[:i], contract, profile)
        plays.append(Play(i, card, table[card], role, illegal, checked))
    worth = sum(table[c] for c in played) + (LAST_TRICK_BONUS if last_trick and played else 0)
    complete = len(played) == SEATS
    if not played or (not complete and not partial):
        return TrickResult(contract, tuple(plays), None, complete, worth, "Enter the four cards in playing order.")
    w = trick_winner(played, contract)
    return TrickResult(contract, tuple(plays), w, complete, worth, _reason(contract, played, w))


def _reason(contract: Contract, played: Sequence[Card], w: int) -> str:
    trump = contract.trump
    led = played[0].suit
    win = played[w]
    if trump is not None and any(c.suit == trump for c in played):
        n = sum(1 for c in played if c.suit == trump)
        what = "the only trump" if n == 1 else "the highest trump"
        extra = " — any trump beats every plain card, the ace of the led suit included" if led != trump else ""
        return (
            f"Trump is {SWISS_SUITS[trump]}: the trumps are looked at first. {card_label(win)} is {what} "
            f"(trump order {_ladder(contract, trump)}){extra}."
        )
    head = "No trump in the trick" if trump is not None else f"{contract_label(contract)} has no trump"
    others = [c for c in played if c.suit != led]
    tail = (
        f" Cards of another suit ({', '.join(card_label(c) for c in others)}) cannot win, whatever their rank."
        if others
        else ""
    )
    return (
        f"{head}: only the led suit, {SWISS_SUITS[led]}, can win. {card_label(win)} is its strongest card "
        f"(order {_ladder(contract, led)}).{tail}"
    )


def _hands(hands: Sequence[Sequence[Any] | None] | None, played: Sequence[Card]) -> list[CardSet | None] | None:
    if hands is None:
        return None
    if isinstance(hands, str) or not isinstance(hands, Sequence) or len(hands) > SEATS:
        raise ToolInputError(
            "hands", "give up to four hands (lists of cards), seat 1 first; null for unknown", "four_hands"
        )
    out: list[CardSet | None] = []
    owner: dict[Card, int] = {}
    for i in range(SEATS):
        h = hands[i] if i < len(hands) else None
        if h is None:
            out.append(None)
            continue
        if isinstance(h, str) or not isinstance(h, Sequence):
            raise ToolInputError(("hands", i), "a hand is a list of cards", "card_list")
        cards = [parse_card(c, ("hands", i, j)) for j, c in enumerate(h)]
        for j, c in enumerate(cards):
            if c in owner:
                seat = owner[c] + 1
                raise ToolInputError(
                    ("hands", i, j), f"{c} is also in seat {seat}'s hand", "card_in_two_hands", {"card": str(c), "seat": seat}
                )
            owner[c] = i
        if i < len(played) and played[i] not in cards:
            raise ToolInputError(
                ("hands", i),
                f"seat {i + 1} played {played[i]}, which is not in this hand",
                "played_not_in_hand",
                {"seat": i + 1, "card": str(played[i])},
            )
        if len(cards) > 9:
            raise ToolInputError(
                ("hands", i), f"a hand has at most 9 cards, got {len(cards)}", "hand_too_long", {"count": len(cards)}
            )
        out.append(mask_of(cards))
    return out


__all__ = ["Play", "TrickResult", "judge"]
