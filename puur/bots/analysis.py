"""Round review with the solver: could this round have been won, and which cards gave points away?

Every card of a played round is held against perfect play with open cards (``puur.bots.solver``): the
round's final points before the card (everyone playing perfectly from there), after it, and every card
that would have kept the result. A card's ``cost`` is what its team gave away by it; the other team's
mistakes can hand points back, so a team's costs less what it was handed back add up to the gap between
what it could have made and what it made (with a match in sight a mistake can also lose the 100 of the
match for both). Card points with the last trick and the match only: Weis and Stöck do not depend on the
card play.

This is analysis after the fact: it sees every hand, so no player uses it (PRODUCT.md: computer players
never peek).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from puur.core.cards import Card, Contract, iter_cards
from puur.core.profile import RuleProfile
from puur.core.round import RoundState
from puur.core.rules.scoring import match_bonus


@dataclass(frozen=True)
class PlayReview:
    """One card of the round against perfect play."""

    trick: int  # 1..9
    seat: int
    card: int
    best: tuple[int, ...]  # the legal cards that keep the perfect-play result
    before: tuple[int, int]  # the round's points by team with perfect play from before this card
    after: tuple[int, int]  # ... from after it
    position: str = ""  # the position before this card, as a line (docs/position-notation.md)

    @property
    def cost(self) -> int:
        """The points the seat's team gave away with this card (0 for a best card)."""
        team = self.seat & 1
        return self.before[team] - self.after[team]

    def to_dict(self) -> dict[str, Any]:
        return {
            "trick": self.trick,
            "seat": self.seat,
            "card": Card(self.card).name,
            "best": [Card(c).name for c in self.best],
            "before": list(self.before),
            "after": list(self.after),
            "cost": self.cost,
            "position": self.position,
        }


@dataclass(frozen=True)
class RoundReview:
    """A round's card play against perfect play: ``perfect`` is the result with perfect play from the first
    card, ``played`` what the teams made (card points, last trick, match; ``None`` while the round is not
    over), ``plays`` each card."""

    contract: Contract
    chooser: int | None
    perfect: tuple[int, int]
    played: tuple[int, int] | None
    plays: tuple[PlayReview, ...]
    nodes: int

    def given_away(self, team: int) -> int:
        """The points ``team`` gave away with its cards (the sum of their costs)."""
        return sum(p.cost for p in self.plays if p.seat & 1 == team)

    def to_dict(self) -> dict[str, Any]:
        return {
            "contract": self.contract.name,
            "chooser": self.chooser,
            "perfect": list(self.perfect),
            "played": list(self.played) if self.played is not None else None,
            "given_away": [self.given_away(0), self.given_away(1)],
            "plays": [p.to_dict() for p in self.plays],
            "positions_searched": self.nodes,
        }


class RoundReviewer:
    """The review of one round built card by card as the round is played (``review_round`` in steps): made
    once the contract is chosen, it finds perfect play from the first card (the costly part: a whole
    round); ``add`` then holds each card against perfect play as it is played (a few milliseconds once the
    first position is known), and ``review`` gives the ``RoundReview`` of the cards added. So a server can
    review a round while it is played and answer at once when it is over (``puur.server.live.reviews``)."""

    def __init__(
        self,
        profile: RuleProfile,
        dealt: Sequence[int],
        dealer: int,
        forehand: int,
        contract: Contract,
        *,
        pushed: bool = False,
        compiled: bool | None = None,
    ) -> None:
        from puur.bots.solver import Solver

        r = RoundState(profile, list(dealt), dealer, forehand)
        if pushed:
            r.push()
        r.choose(contract)
        self._round = r
        self._solver = Solver(r, compiled=compiled)
        self._value, self._best = self._solver.best_cards(r)
        self.perfect = self._solver.final_points(self._value, r)
        """The round's final points by team under perfect play from the first card."""
        self.plays: list[PlayReview] = []

    def add(self, card: int) -> PlayReview:
        """Hold the next card of the round against perfect play. Raises ``ValueError`` (and changes nothing)
        for a card that is not legal there or a round already over."""
        from puur.info.position import format_position

        r, solver = self._round, self._solver
        if r.is_done:
            raise ValueError("the round is over: no card follows its last")
        try:
            r.check_card(card)
        except ValueError as e:
            raise ValueError(f"card {len(self.plays) + 1} ({Card(card).name}) is not legal there: {e}") from None
        seat = r.to_act
        assert seat is not None
        kept = self._best
        before, trick, line = solver.final_points(self._value, r), len(r.tricks) + 1, format_position(r)
        taken = tuple(r.card_points)
        r.play(card)
        if r.is_done:
            match = match_bonus(r.tricks_won)
            after = (r.card_points[0] + match[0], r.card_points[1] + match[1])
        else:
            # a card that kept the value leaves it known (no search for it); any other card's is searched
            known = solver.value_after(self._value, taken, r) if kept >> card & 1 else None
            self._value, self._best = solver.best_cards(r, known)
            after = solver.final_points(self._value, r)
        play = PlayReview(trick, seat, card, tuple(iter_cards(kept)), before, after, line)
        self.plays.append(play)
        return play

    def review(self) -> RoundReview:
        """The review of the cards added so far (``played`` once the round is over). Raises
        ``ValueError`` before the first card."""
        if not self.plays:
            raise ValueError("no card played in this round: nothing to review")
        r = self._round
        assert r.contract is not None
        played = self.plays[-1].after if r.is_done else None
        return RoundReview(r.contract, r.chooser, self.perfect, played, tuple(self.plays), self._solver.nodes)


def review_round(
    profile: RuleProfile,
    dealt: Sequence[int],
    dealer: int,
    forehand: int,
    contract: Contract,
    cards: Sequence[int],
    *,
    pushed: bool = False,
    compiled: bool | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> RoundReview:
    """Review the cards ``cards`` (in play order, all or the first ones) of the round dealt ``dealt`` under
    ``contract`` (chosen by the forehand's partner when ``pushed``). Raises ``ValueError`` for a card that
    is not legal where it is played. ``progress(done, total)`` is called after each card. Each card's
    review carries the position before it as a line (``puur.info.position``): the card play, without the
    declarations made with the cards (they do not change perfect play)."""
    if not cards:
        raise ValueError("no card played in this round: nothing to review")
    reviewer = RoundReviewer(profile, dealt, dealer, forehand, contract, pushed=pushed, compiled=compiled)
    for i, card in enumerate(cards):
        reviewer.add(card)
        if progress is not None:
            progress(i + 1, len(cards))
    return reviewer.review()


def review_record(record: dict[str, Any], round_number: int, **kwargs: Any) -> RoundReview:
    """Review round ``round_number`` (1-based) of a Puur game record (``Game.record()``)."""
    from puur.match.game import Game

    game = Game.from_record(record)
    if not 1 <= round_number <= len(game.round_states):
        raise ValueError(f"the record has rounds 1 to {len(game.round_states)}, not {round_number}")
    rs = game.round_states[round_number - 1]
    if rs.contract is None:
        raise ValueError(f"round {round_number}: no contract chosen yet")
    review = review_round(
        rs.profile, rs.dealt, rs.dealer, rs.forehand, rs.contract, rs.cards_played, pushed=rs.pushed, **kwargs
    )
    return RoundReview(review.contract, rs.chooser, review.perfect, review.played, review.plays, review.nodes)


def _card(text: object, where: str) -> int:
    try:
        return int(Card.parse(str(text)))
    except ValueError as e:
        raise ValueError(f"{where}: {e}") from None


MAX_OPEN_CARDS = 24
"""``solve_open_cards`` answers positions with at most this many cards still in the hands (from the fourth
trick on: a few hundredths of a second in the compiled search, up to about a second for Slalom and Guschti,
searched in Python); a whole round can take a minute, which ``puur analyse`` does locally."""


def solve_open_cards(
    hands: Sequence[Sequence[str]],
    contract: str,
    played: Sequence[str] = (),
    forehand: int = 0,
    profile: RuleProfile | str | dict[str, Any] | None = None,
) -> dict[str, Any]:
    """Perfect play with open cards from a position: ``hands`` the four hands as dealt (seat 0..3, nine
    cards each), ``contract``, the cards ``played`` since the first lead in order, ``forehand`` the seat
    that led the first trick. Returns the seat to act, the best card, the round's final points by team
    under perfect play and the points after each legal card. Raises ``ValueError`` naming what is wrong.
    """
    prof = RuleProfile.resolve(profile)
    if len(hands) != 4:
        raise ValueError(f"hands: four hands are needed (seats 0 to 3), not {len(hands)}")
    dealt = []
    seen: set[int] = set()
    for seat, hand in enumerate(hands):
        cards = [_card(x, f"hands[{seat}]") for x in hand]
        if len(cards) != 9:
            raise ValueError(f"hands[{seat}]: a hand as dealt has 9 cards, not {len(cards)}")
        for c in cards:
            if c in seen:
                raise ValueError(f"hands[{seat}]: {Card(c).name} is dealt twice")
            seen.add(c)
        dealt.append(sum(1 << c for c in cards))
    try:
        con = Contract.parse(contract)
    except ValueError as e:
        raise ValueError(f"contract: {e}") from None
    if not isinstance(forehand, int) or not 0 <= forehand <= 3:
        raise ValueError(f"forehand: a seat 0 to 3, not {forehand!r}")
    if con not in prof.contracts:  # Slalom, Guschti named outright: the table option is implied
        prof = prof.with_options(extra_contracts="slalom_guschti")
    r = RoundState(prof, dealt, (forehand - 1) % 4, forehand)
    r.choose(con)
    for i, text in enumerate(played):
        card = _card(text, f"played[{i}]")
        try:
            r.check_card(card)
        except ValueError as e:
            raise ValueError(f"played[{i}] ({Card(card).name}): {e}") from None
        r.play(card)
    return solve_position(r)


def solve_position(r: RoundState, max_cards: int | None = MAX_OPEN_CARDS) -> dict[str, Any]:
    """``solve_open_cards`` of a round in play (e.g. ``puur.info.position.parse_position`` of a line): the seat
    to act, a best card, the final points under perfect play and after each legal card. Positions with more
    than ``max_cards`` cards in the hands are refused (None: any, as ``puur analyse --position``)."""
    from puur.bots.solver import Solver

    if r.contract is None:
        raise ValueError("the contract is not chosen yet: perfect play starts with the cards")
    if r.is_done or r.to_act is None:
        raise ValueError("the round is over: there is nothing left to solve")
    left = sum(h.bit_count() for h in r.hands)
    if max_cards is not None and left > max_cards:
        raise ValueError(
            f"{left} cards are still in the hands: this answers from the fourth trick on "
            f"(at most {max_cards} cards); whole rounds: `puur analyse` or puur.bots.solver"
        )
    solver = Solver(r, tt_bits=16)
    best = solver.solve(r)
    values = solver.card_values(r)
    return {
        "to_act": r.to_act,
        "best": Card(best.card).name,
        "points": list(best.points),
        "cards": {Card(c).name: list(solver.final_points(v, r)) for c, v in values.items()},
        "positions_searched": solver.nodes,
    }


__all__ = [
    "MAX_OPEN_CARDS", "PlayReview", "RoundReview", "RoundReviewer", "review_record", "review_round", "solve_open_cards", "solve_position",
]  # fmt: skip
