"""One round (a deal) as a state machine over card sets: contract choice, nine tricks, Weis, Stöck, score.

This is the playout path: the match engine (``puur.match.game``), the search player and ``puur bench engine``
all drive this same class, which calls the rules core for every decision — there is no second copy of
the rules. It keeps no records and builds no observations; ``clone()`` is cheap.

Rules followed: deal and forehand RULES.md §3, contracts and schieben §4, legal moves §7 (via
``puur.core.rules.legal``), tricks §8, Weis §9 (declared by the engine for every seat, the declaration that
scores most, resolved after trick 1), Stöck §10 by the profile's ``stoeck`` option, score §11.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from puur.core.cards import (
    BASE_CONTRACTS,
    CHANGES_DIRECTION,
    EMPTY,
    SUIT_MASKS,
    Card,
    CardIndex,
    CardSet,
    Contract,
    Rank,
    mask_of,
)
from puur.core.profile import RuleProfile
from puur.core.rules.legal import legal_moves, refusal
from puur.core.rules.scoring import RoundScore, match_bonus, round_score
from puur.core.rules.stoeck import StoeckStatus, stoeck_cards
from puur.core.rules.tables import LAST_TRICK_BONUS, STOECK_POINTS, trick_points_table
from puur.core.rules.trick import trick_winner
from puur.core.rules.weis import Declaration, WeisResult, alternatives, resolve_declarations, resolve_weis

CONTRACTS = BASE_CONTRACTS
"""The six contracts of the Schieber; a round offers ``profile.contracts`` (with Slalom and Guschti when
the profile's ``extra_contracts`` allows them)."""
_TRICK = ("trick",)
_TRICK_ROUND = ("trick", "round")


class IllegalAction(ValueError):
    """An action the rules do not allow now; the message names the rule. The state is unchanged.

    ``code`` and ``params``: the same refusal for a page in any language (``puur.core.rules.legal.REFUSAL_TEXTS``
    lists the card refusals; ``"illegal"`` where no code is given)."""

    def __init__(self, message: str, code: str = "illegal", params: dict[str, str | list[str]] | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.params = dict(params or {})


def deal(rng: random.Random, dealer: int) -> list[int]:
    """Shuffle and deal in packets of three, counter-clockwise from the dealer's right (RULES.md §3.1).

    Engine order: for each of three passes, three cards each to dealer+1, dealer+2, dealer+3, dealer.
    Returns the four hands as card sets, by seat.
    """
    rnd = rng.random
    return deal_packets(sorted(range(36), key=lambda _: rnd()), dealer)  # a uniform random permutation


def deal_packets(deck: Sequence[int], dealer: int) -> list[int]:
    """The shuffled ``deck`` dealt in packets of three: for each of three passes, three cards each to
    dealer+1, dealer+2, dealer+3, dealer (RULES.md §3.1). The four hands as card sets, by seat."""
    hands = [0, 0, 0, 0]
    pos = 0
    for _ in range(3):
        for j in range(1, 5):
            hands[(dealer + j) & 3] |= (1 << deck[pos]) | (1 << deck[pos + 1]) | (1 << deck[pos + 2])
            pos += 3
    return hands


def holder_of(hands: Sequence[int], card: CardIndex) -> int:
    for seat, h in enumerate(hands):
        if h >> card & 1:
            return seat
    raise ValueError(f"nobody holds {Card(card)}")


class CompletedTrick(NamedTuple):
    """A finished trick: who led, the cards in play order, the winning seat and its points (with +5)."""

    leader: int
    cards: tuple[int, ...]
    winner: int
    points: int

    def to_dict(self) -> dict[str, object]:
        return {
            "leader": self.leader,
            "cards": [str(Card(c)) for c in self.cards],
            "winner": self.winner,
            "points": self.points,
        }


class RoundState:
    """A round from the deal to the last trick. Seats 0..3 in play order; teams {0, 2} and {1, 3}."""

    __slots__ = (
        "profile", "dealer", "forehand", "dealt", "hands", "contract", "pushed", "chooser", "to_act",
        "trick", "leader", "tricks", "card_points", "tricks_won", "weis", "weis_credited",
        "stoeck_holder", "stoeck_pair", "stoeck_status", "stoeck_first_played", "_points",
        "declarations",
    )  # fmt: skip

    def __init__(self, profile: RuleProfile, hands: Sequence[int], dealer: int, forehand: int) -> None:
        self.profile = profile
        self.dealer = dealer
        self.forehand = forehand
        self.dealt: list[CardSet] = [CardSet(h) for h in hands]
        self.hands = list(self.dealt)
        self.contract: Contract | None = None
        self.pushed = False
        self.chooser: int | None = None
        self.to_act: int | None = forehand
        self.trick: list[CardIndex] = []
        self.leader = forehand
        self.tricks: list[CompletedTrick] = []
        self.card_points = [0, 0]
        self.tricks_won = [0, 0]
        self.weis: WeisResult | None = None
        self.weis_credited = False
        self.stoeck_holder: int | None = None
        self.stoeck_pair = EMPTY  # the trump K and Q when one seat holds both, else empty
        self.stoeck_status: StoeckStatus | None = None  # None: no seat holds the pair
        self.stoeck_first_played = False
        self._points: tuple[int, ...] = ()
        self.declarations: list[tuple[int, int, tuple[str, ...]]] = []  # (seat, card, declare) as given

    # ----- copying -----
    def clone(self) -> RoundState:
        """A copy that shares nothing mutable with this one (for search playouts)."""
        r = RoundState.__new__(RoundState)
        r.profile = self.profile
        r.dealer = self.dealer
        r.forehand = self.forehand
        r.dealt = list(self.dealt)
        r.hands = list(self.hands)
        r.contract = self.contract
        r.pushed = self.pushed
        r.chooser = self.chooser
        r.to_act = self.to_act
        r.trick = list(self.trick)
        r.leader = self.leader
        r.tricks = list(self.tricks)
        r.card_points = list(self.card_points)
        r.tricks_won = list(self.tricks_won)
        r.weis = self.weis
        r.weis_credited = self.weis_credited
        r.stoeck_holder = self.stoeck_holder
        r.stoeck_pair = self.stoeck_pair
        r.stoeck_status = self.stoeck_status
        r.stoeck_first_played = self.stoeck_first_played
        r._points = self._points
        r.declarations = list(self.declarations)
        return r

    # ----- phase -----
    @property
    def phase(self) -> str:
        """``contract`` while choosing, ``play`` during the tricks, ``done`` after trick 9."""
        if self.contract is None:
            return "contract"
        return "done" if len(self.tricks) == 9 else "play"

    @property
    def is_done(self) -> bool:
        return len(self.tricks) == 9

    @property
    def cards_played(self) -> list[CardIndex]:
        """The round's cards in the order they were played: the tricks, then the trick in play."""
        return [c for t in self.tricks for c in t.cards] + list(self.trick)

    @property
    def factor(self) -> int:
        return self.profile.factor(self.contract) if self.contract is not None else 0

    @property
    def points(self) -> tuple[int, ...]:
        """The card points of every card (0..35) under the chosen contract and the profile's
        ``undenufe_values`` (RULES.md §6, ``card_points_table``); empty before the contract. Slalom and Guschti
        count at the Obenabe values for the whole round (J30: 152 card points; only the old reading
        ``slalom_guschti_values="by_trick"`` switches the table with the trick's direction)."""
        return self._points

    # ----- contract -----
    def contract_options(self) -> list[Contract | str]:
        """The forehand may choose any contract of the profile or push (``"P"``); the partner after a push
        must choose."""
        if self.pushed:
            return list(self.profile.contracts)
        return [*self.profile.contracts, "P"]

    def push(self) -> None:
        """Schieben (RULES.md §4.2): only the forehand, only once; the partner must then choose."""
        if self.contract is not None:
            raise IllegalAction("the contract is already chosen")
        if self.pushed:
            raise IllegalAction("you cannot push back: after schieben the partner must choose a contract")
        self.pushed = True
        self.to_act = (self.forehand + 2) % 4

    def choose(self, contract: Contract) -> None:
        """Fix the contract. The forehand leads trick 1 whether or not it pushed (§4.2 rule 4)."""
        if self.contract is not None:
            raise IllegalAction("the contract is already chosen")
        assert self.to_act is not None
        if contract not in self.profile.contracts:
            raise IllegalAction(
                f"{Contract(contract).name} is not a contract of this table: its profile offers "
                + " ".join(c.name for c in self.profile.contracts)
                + " (extra_contracts adds Slalom and Guschti)"
            )
        self.chooser = self.to_act
        self.contract = contract
        self._points = trick_points_table(contract, 0, self.profile.undenufe_values, self.profile.slalom_guschti_values)
        self.weis = resolve_weis(self.dealt, self.profile, contract, self.forehand)
        pair = stoeck_cards(contract)
        if pair:
            for seat in range(4):
                if self.dealt[seat] & pair == pair:
                    self.stoeck_holder = seat
                    self.stoeck_pair = pair
                    self.stoeck_status = StoeckStatus.PENDING
        self.to_act = self.forehand
        self.leader = self.forehand

    # ----- Weis choice -----
    def weis_alternatives(self, seat: int) -> tuple[Declaration, ...]:
        """The declarations ``seat`` may choose between with its trick-1 card, most points first (the
        first is the one the engine declares for it), RULES.md §9.3 "Splitting is the player's choice":
        offered until the seat has played to trick 1; empty when it has no meld or the moment is past."""
        if self.contract is None or self.tricks or seat in {s for s, _ in self.trick_seats()}:
            return ()
        return alternatives(self.dealt[seat], self.profile, self.contract)

    def check_weis_choice(self, index: int) -> None:
        """Raise ``IllegalAction`` unless the seat to act may declare alternative ``index`` now."""
        seat = self.to_act
        if seat is None or self.contract is None:
            raise IllegalAction("a Weis is declared with a card of trick 1, once the contract is chosen")
        alts = self.weis_alternatives(seat)
        if not alts:
            raise IllegalAction(
                "no Weis to choose: a Weis is declared with your card of trick 1, from a hand that holds a meld"
            )
        if not 0 <= index < len(alts):
            raise IllegalAction(
                f"Weis alternative {index} is not offered: choose weis:0"
                + (f" to weis:{len(alts) - 1}" if len(alts) > 1 else "")
                + " (weis:0, the most points, is declared when you choose none)"
            )

    def declare_weis(self, index: int) -> None:
        """The seat to act declares its Weis alternative ``index`` (checked by ``check_weis_choice``); Weis
        is compared again with it in place of the engine's choice (§9.5, §9.6)."""
        seat = self.to_act
        assert seat is not None and self.contract is not None and self.weis is not None
        decls = list(self.weis.declarations)
        decls[seat] = self.weis_alternatives(seat)[index]
        self.weis = resolve_declarations(decls, self.profile, self.contract, self.forehand)

    # ----- play -----
    def legal_cards(self) -> CardSet:
        """The card set the seat to act may play."""
        assert self.contract is not None and self.to_act is not None
        return legal_moves(self.hands[self.to_act], self.trick, self.contract, self.profile)

    def check_card(self, card: CardIndex) -> None:
        """Raise ``IllegalAction`` with the rule's reason when the seat to act may not play ``card``."""
        if self.contract is None:
            raise IllegalAction("the contract has not been chosen yet: choose a contract or push", "no_contract")
        if self.to_act is None:
            raise IllegalAction("the round is over", "round_over")
        refused = refusal(card, self.hands[self.to_act], self.trick, self.contract, self.profile)
        if refused:
            raise IllegalAction(refused.text, refused.code, refused.params)

    def stoeck_due(self, card: CardIndex) -> bool:
        """True when ``card`` is the holder's second Stöck card (the moment to declare, §10)."""
        if self.stoeck_status != StoeckStatus.PENDING or self.to_act != self.stoeck_holder or self.contract is None:
            return False
        pair = stoeck_cards(self.contract)
        return bool(pair >> card & 1) and self.stoeck_first_played

    def play(self, card: CardIndex, declare_stoeck: bool | None = None) -> tuple[str, ...]:
        """Play ``card`` for the seat to act (unchecked: call ``check_card`` first for outside input).

        ``declare_stoeck``: True/False is what the player declared with this card; None lets the engine
        declare correctly (computer players, ``automatic``). Returns the events it caused, in order:
        ``"stoeck"`` (Stöck scored), ``"weis"`` (Weis resolved after trick 1), ``"trick"``, ``"round"``.
        """
        seat = self.to_act
        assert seat is not None
        bit = 1 << card
        self.hands[seat] ^= bit
        trick = self.trick
        trick.append(card)
        if declare_stoeck or self.stoeck_pair & bit:
            events = self._stoeck_on_card(seat, card, declare_stoeck)
            return events + self._finish_trick() if len(trick) == 4 else self._next(seat, events)
        if len(trick) < 4:
            self.to_act = (seat + 1) & 3
            return ()
        return self._finish_trick()

    def _next(self, seat: int, events: tuple[str, ...]) -> tuple[str, ...]:
        self.to_act = (seat + 1) & 3
        return events

    def _finish_trick(self) -> tuple[str, ...]:
        """Score the complete trick (§8): winner, points (+5 on trick 9), Weis after trick 1."""
        cards = self.trick
        contract = self.contract
        assert contract is not None
        leader = self.leader
        tricks = self.tricks
        n = len(tricks)
        w = (leader + trick_winner(cards, contract, n)) & 3
        pts = self._points
        c0, c1, c2, c3 = cards
        points = pts[c0] + pts[c1] + pts[c2] + pts[c3]
        if CHANGES_DIRECTION[contract] and n < 8 and self.profile.slalom_guschti_values == "by_trick":
            # Slalom, Guschti under the old reading only: the next trick's direction's values
            self._points = trick_points_table(contract, n + 1, self.profile.undenufe_values, "by_trick")
        team = w & 1
        self.tricks_won[team] += 1
        self.trick = []
        self.leader = w
        if 0 < n < 8:
            self.card_points[team] += points
            tricks.append(CompletedTrick(leader, (c0, c1, c2, c3), w, points))
            self.to_act = w
            return _TRICK
        events: tuple[str, ...] = _TRICK
        if n == 0:
            self.weis_credited = True
            if self.weis is not None and self.weis.team is not None:
                events = ("weis", "trick")
                if self.profile.stoeck == "lenient":
                    events = ("weis", *self._lenient_stoeck_from_weis(), "trick")
            self.to_act = w
        else:
            points += LAST_TRICK_BONUS
            self.to_act = None
            events = _TRICK_ROUND
        self.card_points[team] += points
        tricks.append(CompletedTrick(leader, (c0, c1, c2, c3), w, points))
        return events

    def _stoeck_on_card(self, seat: int, card: CardIndex, declare: bool | None) -> tuple[str, ...]:
        """Stöck by the profile's ``stoeck`` option (§10, §14.1). A declaration without the pair, or from
        another seat, is accepted with the card and scores nothing."""
        if declare:
            self.declarations.append((seat, card, ("stoeck",)))
        if seat != self.stoeck_holder or not self.stoeck_pair >> card & 1:
            return ()
        mode = self.profile.stoeck
        if not self.stoeck_first_played:
            self.stoeck_first_played = True
            if mode == "strict" and declare and self.stoeck_status == StoeckStatus.PENDING:
                self.stoeck_status = StoeckStatus.LOST  # declared with the first card: too early (J14, J02)
            return ()
        if self.stoeck_status != StoeckStatus.PENDING:
            return ()
        if mode == "strict" and declare is False:
            self.stoeck_status = StoeckStatus.LOST  # not declared with the second card (J14)
            return ()
        self.stoeck_status = StoeckStatus.SCORED
        return ("stoeck",)

    def score_stoeck_early(self) -> None:
        """Score a pending Stöck before its second card is played, because it wins the match (S001 "or
        earlier if it wins the match", S000 "early if it wins the game"; RULES.md §10). The match engine
        decides when; here the pair only becomes scored, and so public."""
        if self.stoeck_status != StoeckStatus.PENDING:
            raise IllegalAction("no pending Stöck to score")
        self.stoeck_status = StoeckStatus.SCORED

    def _lenient_stoeck_from_weis(self) -> tuple[str, ...]:
        """S000: Stöck also counts when both cards are shown in a scored Weis (RULES.md §10)."""
        holder = self.stoeck_holder
        if self.stoeck_status != StoeckStatus.PENDING or self.weis is None or holder is None:
            return ()
        if self.weis.team != holder % 2:
            return ()
        pair = self.stoeck_pair
        for meld in self.weis.declarations[holder].melds:
            if mask_of(meld.cards) & pair == pair:
                self.stoeck_status = StoeckStatus.SCORED
                return ("stoeck",)
        return ()

    # ----- score -----
    def weis_points(self) -> tuple[int, int]:
        """Weis points by team once resolved (after trick 1), before the factor."""
        if not self.weis_credited or self.weis is None:
            return (0, 0)
        return self.weis.points

    def stoeck_points(self) -> tuple[int, int]:
        return self._stoeck_of_holder() if self.stoeck_status == StoeckStatus.SCORED else (0, 0)

    def _stoeck_of_holder(self) -> tuple[int, int]:
        """The Stöck points by team when the holder's pair scores (§10); none without a holder."""
        if self.stoeck_holder is None:
            return (0, 0)
        return (STOECK_POINTS, 0) if self.stoeck_holder % 2 == 0 else (0, STOECK_POINTS)

    def score_played_out(self, card_points: Sequence[int], tricks_won: Sequence[int], last_team: int) -> RoundScore:
        """The round's score (§11) once its remaining cards are played, from what those cards bring: each
        team's ``card_points`` (the last trick's bonus not included) and ``tricks_won``, and ``last_team``,
        the team that takes trick 9. The engine declares every Stöck (``play`` with ``declare_stoeck``
        None), so the Weis is credited after trick 1 and a pending Stöck is scored with its second card
        (§9.6, §10). ``puur.bots.rollout.policy_score`` scores the compiled core's playouts with it; tested
        equal to playing the cards (tests/bots/test_rollout_compiled.py)."""
        assert self.contract is not None and not self.is_done
        cp = [self.card_points[0] + card_points[0], self.card_points[1] + card_points[1]]
        won = [self.tricks_won[0] + tricks_won[0], self.tricks_won[1] + tricks_won[1]]
        weis = self.weis.points if self.weis is not None else (0, 0)
        scores = self.stoeck_status in (StoeckStatus.PENDING, StoeckStatus.SCORED)
        stoeck = self._stoeck_of_holder() if scores else (0, 0)
        return round_score(self.profile, self.contract, cp, won, last_team, weis, stoeck)

    def score(self) -> RoundScore:
        """The round's score (RULES.md §11). Before trick 9 it is the score so far (no last-trick or
        match bonus yet)."""
        assert self.contract is not None
        cp = list(self.card_points)
        if self.is_done:
            last_team = self.tricks[-1].winner & 1
            cp[last_team] -= LAST_TRICK_BONUS  # round_score adds it back as its own part
            return round_score(
                self.profile, self.contract, cp, self.tricks_won, last_team, self.weis_points(), self.stoeck_points()
            )
        return RoundScore(self.factor, (cp[0], cp[1]), (0, 0), (0, 0), self.weis_points(), self.stoeck_points())

    def trick_steps(self) -> list[tuple[int, int]]:
        """Written trick points of each trick in order by team (+5, and +100 for a match, with trick 9)."""
        f = self.factor
        steps: list[tuple[int, int]] = []
        for i, t in enumerate(self.tricks):
            p = t.points
            if i == 8:
                p += match_bonus(self.tricks_won)[t.winner & 1]
            steps.append((p * f, 0) if t.winner & 1 == 0 else (0, p * f))
        return steps

    # ----- helpers for display -----
    def trick_seats(self) -> list[tuple[int, int]]:
        """The current trick as (seat, card) pairs."""
        return [((self.leader + i) % 4, c) for i, c in enumerate(self.trick)]


def first_forehand_card(profile: RuleProfile) -> CardIndex | None:
    """The 7 whose holder leads hand 1 (RULES.md §3.2: ``holder:C7`` / ``holder:D7`` / ``holder:H7``); None
    under ``dealer_right``."""
    suit = {"holder:C7": 0, "holder:D7": 1, "holder:H7": 2}.get(profile.first_forehand)
    return None if suit is None else suit * 9 + Rank.SEVEN


def first_forehand(profile: RuleProfile, hands: Sequence[int], dealer: int) -> int:
    """Forehand of hand 1 (RULES.md §3.2): the dealer's right, or the holder of C7 / H7 / D7."""
    card = first_forehand_card(profile)
    return (dealer + 1) % 4 if card is None else holder_of(hands, card)


def random_round(profile: RuleProfile, rng: random.Random) -> RoundState:
    """Play one full round with random legal actions (the ``puur bench engine`` workload), drawn from ``rng``."""
    dealer = rng.randrange(4)
    rnd = rng.random
    return play_random(profile, deal(rng, dealer), dealer, lambda n: int(rnd() * n))


def play_random(profile: RuleProfile, hands: list[int], dealer: int, below: Callable[[int], int]) -> RoundState:
    """Play a dealt round to its end with uniformly random legal actions, ``below(n)`` drawing a whole number
    in 0..n-1 for each choice: the contract (or a push, then the partner's contract) and each card, the
    ``below(k)``-th lowest of the ``k`` legal ones. The one random round: ``random_round`` draws from
    ``random.Random``, ``puur.core.playout.python_round`` from the stream the compiled core draws from, so
    the core can be tested equal to it round for round."""
    r = RoundState(profile, hands, dealer, (dealer + 1) % 4)
    opts = r.contract_options()
    choice = opts[below(len(opts))]
    if choice == "P":
        r.push()
        opts = r.contract_options()
        choice = opts[below(len(opts))]
    assert isinstance(choice, Contract)
    r.choose(choice)
    held, play = r.hands, r.play  # RoundState.legal_cards unrolled: this loop is the engine benchmark's
    for _ in range(36):
        legal = legal_moves(held[r.to_act], r.trick, choice, profile)  # type: ignore[index]
        for _ in range(below(legal.bit_count())):
            legal &= legal - 1
        play((legal & -legal).bit_length() - 1)
    return r


@dataclass(frozen=True)
class RoundResult:
    """A finished (or, when the match ended during it, interrupted) round as written on the sheet."""

    number: int
    dealer: int
    forehand: int
    pushed: bool
    chooser: int
    contract: Contract
    score: dict[str, Any]
    written: tuple[int, int]
    totals: tuple[int, int]
    complete: bool

    def to_dict(self) -> dict[str, Any]:
        """The round as written: who dealt, led and chose, the contract, the score's parts before the
        factor (card points, last trick, match, Weis, Stöck), ``written`` and the running ``totals``."""
        return {
            "number": self.number,
            "dealer": self.dealer,
            "forehand": self.forehand,
            "pushed": self.pushed,
            "chooser": self.chooser,
            "contract": str(self.contract),
            **self.score,
            "written": list(self.written),
            "totals": list(self.totals),
            "complete": self.complete,
        }


__all__ = [
    "CompletedTrick", "IllegalAction", "RoundState", "SUIT_MASKS", "deal", "deal_packets", "first_forehand", "first_forehand_card", "holder_of",
    "RoundResult", "play_random", "random_round",
]  # fmt: skip


def round_from_view(
    profile: RuleProfile,
    hands: Sequence[int],
    dealer: int,
    forehand: int,
    pushed: bool,
    contract: Contract | None,
    played: list[CardIndex],
    stoeck_scored: bool | None = None,
    on_play: Callable[[RoundState, CardIndex], None] | None = None,
) -> RoundState:
    """Rebuild a round from a seat's view and a determinized deal (for search).

    ``hands`` are the current hands; ``played`` is every card played this round, in order. The dealt
    hands are the current ones plus what each seat played, and the play is replayed through the rules.
    ``stoeck_scored`` (what the view shows) corrects a Stöck the replay would otherwise have declared.
    ``on_play(r, card)`` is called before each card is replayed, with the round as it stood then (reading
    the play, ``puur.bots.play_reading``).
    """
    dealt = list(hands)
    if contract is not None:
        # give each played card back to its seat, following the turn order trick by trick
        leader = forehand
        for i in range(0, len(played), 4):
            trick = played[i : i + 4]
            for j, c in enumerate(trick):
                dealt[(leader + j) % 4] |= 1 << c
            if len(trick) == 4:
                leader = (leader + trick_winner(trick, contract, i // 4)) % 4
    r = RoundState(profile, dealt, dealer, forehand)
    if pushed:
        r.push()
    if contract is None:
        return r
    r.choose(contract)
    for c in played:
        if on_play is not None:
            on_play(r, c)
        r.play(c)
    if stoeck_scored is False and r.stoeck_status == StoeckStatus.SCORED:
        r.stoeck_status = StoeckStatus.LOST
    return r
