"""What a seat can work out from its observation alone: played cards, unseen cards, voids, masters.

Card reading after PRODUCT.md §3.3 ("after every trick, review: which suits appeared, who is void, which
trumps remain") and §3.4 (a discard shows a void; track trumps, especially Puur and Nell). The hard
inferences (voids, trump limits shown by the play, shown Weis) come from ``puur.info.inference.constraints``;
nothing here reads anything but the ``Observation``.
"""

from __future__ import annotations

from dataclasses import dataclass

from puur.core.cards import SUIT_MASKS, Contract
from puur.core.rules.beats import BEATS, STRONGER_IN_SUIT
from puur.core.rules.tables import STRENGTH_TABLES, direction_points_table
from puur.core.rules.trick import trick_winner
from puur.info.inference import constraints
from puur.info.observation import Observation

FULL = (1 << 36) - 1

@dataclass
class Knowledge:
    """One seat's reading of the round so far (built fresh for each decision)."""

    seat: int
    contract: Contract
    hand: int
    played: int
    unseen: int  # cards in the other three hands
    possible: list[int]  # per seat: unseen cards that seat may still hold (voids removed)
    trick: list[int]  # cards of the current trick, in order
    trick_seats: list[int]
    strength: tuple[int, ...]
    points: tuple[int, ...]
    trump: int  # trump suit or -1

    @classmethod
    def of(cls, obs: Observation) -> Knowledge:
        assert obs.contract is not None
        contract = obs.contract.direction(len(obs.tricks))  # Slalom, Guschti: this trick's order
        hand = obs.hand_mask
        played = 0
        for t in obs.tricks:
            for c in t.cards:
                played |= 1 << c
        for _, c in obs.trick:
            played |= 1 << c
        unseen = FULL & ~played & ~hand
        cannot, must = constraints(obs)
        possible = [(unseen & ~cannot[s]) | (must[s] & unseen) for s in range(4)]
        possible[obs.seat] = 0
        return cls(
            seat=obs.seat,
            contract=contract,
            hand=hand,
            played=played,
            unseen=unseen,
            possible=possible,
            trick=[int(c) for _, c in obs.trick],
            trick_seats=[s for s, _ in obs.trick],
            strength=STRENGTH_TABLES[contract],
            points=direction_points_table(obs.contract, contract, obs.profile.undenufe_values,
                                          obs.profile.slalom_guschti_values),
            trump=int(contract) if contract.is_trump else -1,
        )

    # ----- seats -----
    @property
    def partner(self) -> int:
        return (self.seat + 2) & 3

    def opponents_after_me(self) -> list[int]:
        """Opponents still to play to the current trick after this seat."""
        n = len(self.trick)
        return [(self.seat + k) & 3 for k in range(1, 4 - n) if (self.seat + k) & 1 != self.seat & 1]

    # ----- strength -----
    def beats(self, card: int, best: int) -> bool:
        """Whether ``card`` takes the trick from its current best card ``best`` (RULES.md §8;
        ``puur.core.rules.beats.BEATS``)."""
        return BEATS[self.contract][best] >> card & 1 == 1

    def current_best(self) -> tuple[int, int]:
        """(winning card, winning seat) of the current trick."""
        i = trick_winner(self.trick, self.contract)
        return self.trick[i], self.trick_seats[i]

    def trick_points(self) -> int:
        return sum(self.points[c] for c in self.trick)

    def stronger_in_suit(self, card: int, mask: int) -> int:
        """The cards of ``mask`` in ``card``'s suit that beat it."""
        return mask & STRONGER_IN_SUIT[self.contract][card]

    def is_master(self, card: int) -> bool:
        """No unseen card of its suit is stronger: the card is the top of its suit still out (§3.3)."""
        return not self.stronger_in_suit(card, self.unseen)

    def may_ruff(self, seat: int, led: int) -> bool:
        """Whether ``seat`` could trump a trick led in ``led``: it may hold a trump and seems void in the
        led suit (known void, or no card of the suit is left that it may hold)."""
        if self.trump < 0 or led == self.trump:
            return False
        if not self.possible[seat] & SUIT_MASKS[self.trump]:
            return False
        return not self.possible[seat] & SUIT_MASKS[led]

    def safe_against(self, card: int, best: int | None, seats: list[int]) -> bool:
        """Whether ``card`` (winning now, or leading when ``best`` is None) cannot be beaten by ``seats``."""
        led = self.trick[0] // 9 if self.trick else card // 9
        for s in seats:
            poss = self.possible[s]
            if self.stronger_in_suit(card, poss) and (card // 9 == self.trump or card // 9 == led):
                return False
            if card // 9 != self.trump and self.may_ruff(s, led):
                return False
        return True

    def trumps_out(self) -> int:
        """Trumps the opponents may still hold."""
        if self.trump < 0:
            return 0
        opp = self.possible[(self.seat + 1) & 3] | self.possible[(self.seat + 3) & 3]
        return opp & SUIT_MASKS[self.trump]
