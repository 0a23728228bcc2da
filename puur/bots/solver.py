"""An exact perfect-information solver for the card play of one round (for analysis, never a player).

Given a ``RoundState`` whose contract is chosen (all four hands known), ``solve`` finds the card the seat
to act should play and the points each team then makes, everyone playing perfectly with open cards:
card points of the tricks (taken so far and still to come), the 5 for the last trick and the 100 for a
match. Weis and Stöck do not depend on the card play and are not counted.

Alpha-beta (minimax: team 0 maximizes its points minus team 1's) with a transposition table at trick
boundaries (bounds keyed by the cards left, the leader and who can still make a match), a null-window
driver (MTD(f)), move ordering (the table's best move, winners first, cheap discards first) and
equivalent cards collapsed (adjacent cards of one suit in one hand with equal points).

>>> import random
>>> from puur.profile import RuleProfile
>>> from puur.round import RoundState, deal
>>> from puur.cards import Contract
>>> r = RoundState(RuleProfile.preset("schieber"), deal(random.Random(1), 0), 0, 1)
>>> r.choose(Contract.H)
>>> for _ in range(24): r.play(solve(r).card)
>>> res = solve(r); sum(res.points) in (157, 257)
True
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from puur.round import RoundState
from puur.rules.legal import legal_moves
from puur.rules.tables import LAST_TRICK_BONUS, MATCH_BONUS, STRENGTH_TABLES
from puur.rules.trick import trick_winner

NO_MATCH = 2  # some trick went to each team
FRESH = 3  # no trick played yet


@dataclass(frozen=True)
class SolveResult:
    """The best card for the seat to act, and the round's points by team (incl. last trick and match)."""

    card: int
    points: tuple[int, int]
    nodes: int


def _flag_after(flag: int, team: int) -> int:
    if flag == FRESH:
        return team
    return flag if flag == team else NO_MATCH


class _Search:
    def __init__(self, r: RoundState) -> None:
        assert r.contract is not None and r.to_act is not None
        self.contract = r.contract
        self.profile = r.profile
        self.points = r._points
        self.strength = STRENGTH_TABLES[r.contract]
        self.hands = list(r.hands)
        self.trick = list(r.trick)
        self.leader = r.leader
        self.to_act = r.to_act
        self.tricks_done = len(r.tricks)
        flag = FRESH
        for t in r.tricks:
            flag = _flag_after(flag, t.winner & 1)
        self.flag = flag
        self.tt: dict[int, tuple[int, int, int]] = {}
        self.nodes = 0
        self.trump = int(r.contract) if r.contract < 4 else -1
        st = self.strength
        held = self.hands[0] | self.hands[1] | self.hands[2] | self.hands[3]
        self.left = LAST_TRICK_BONUS + sum(self.points[c] for c in range(36) if held >> c & 1)
        self.left += sum(self.points[c] for c in self.trick)
        self.orders = [sorted(range(9 * s, 9 * s + 9), key=lambda c: st[c]) for s in range(4)]

    # ----- move generation -----
    def moves(self, seat: int, best_hint: int) -> list[int]:
        """Legal cards, equivalent ones collapsed, in search order."""
        hand = self.hands[seat]
        trick = self.trick
        legal = legal_moves(hand, trick, self.contract, self.profile)
        points = self.points
        others = (self.hands[0] | self.hands[1] | self.hands[2] | self.hands[3]) & ~hand
        for c in trick:
            others |= 1 << c
        cards: list[int] = []
        for order in self.orders:
            prev = -1
            for c in order:  # weakest first
                if legal >> c & 1:
                    if prev < 0 or points[c] != points[prev]:
                        cards.append(c)
                    prev = c  # a kept card, or one equivalent to the weaker card kept
                elif others >> c & 1:
                    prev = -1  # an outside card between them: no longer equivalent
        if len(cards) <= 1:
            return cards
        key = self._order_key(seat)
        cards.sort(key=key)
        if best_hint in cards:
            cards.remove(best_hint)
            cards.insert(0, best_hint)
        return cards

    def _order_key(self, seat: int) -> Callable[[int], tuple[int, int]]:
        trick = self.trick
        strength = self.strength
        points = self.points
        if not trick:
            return lambda c: (0, -strength[c])
        w = trick_winner(trick, self.contract)
        best = trick[w]
        best_seat = (self.leader + w) & 3
        partner_wins = best_seat & 1 == seat & 1
        bsuit = best // 9
        trump = self.trump

        def key(c: int) -> tuple[int, int]:
            cs = c // 9
            wins = (cs == bsuit and strength[c] > strength[best]) or (cs == trump and bsuit != trump)
            if partner_wins:
                return (0 if not wins else 1, -points[c])
            if wins:
                return (0, strength[c])
            return (1, points[c] * 20 + strength[c] % 100)

        return key

    # ----- search -----
    def search(self, alpha: int, beta: int, root: bool = False) -> tuple[int, int]:
        """(value, best card) of the position: team 0's future points minus team 1's."""
        self.nodes += 1
        trick = self.trick
        seat = self.to_act
        hands = self.hands
        key = -1
        hint = -1
        if not trick:
            remaining = hands[0] | hands[1] | hands[2] | hands[3]
            if remaining.bit_count() == 4:
                return self._last_trick()
            key = (remaining << 4) | (self.leader << 2) | self.flag
            entry = None if root else self.tt.get(key)
            if entry is not None:
                lo, hi, hint = entry
                if lo >= beta:
                    return lo, hint
                if hi <= alpha:
                    return hi, hint
                if lo == hi:
                    return lo, hint
                alpha = max(alpha, lo)
                beta = min(beta, hi)
        # the rest of the round can bring no more than the points still out (+5, +100 for a match)
        rem = self.left + (MATCH_BONUS if self.flag != NO_MATCH else 0)
        if rem <= alpha:
            return rem, hint
        if -rem >= beta:
            return -rem, hint
        a0, b0 = alpha, beta
        maximize = seat & 1 == 0
        best_v = -100000 if maximize else 100000
        best_c = -1
        for c in self.moves(seat, hint):
            hands[seat] ^= 1 << c
            trick.append(c)
            if len(trick) == 4:
                v = self._after_trick(alpha, beta)
            else:
                self.to_act = (seat + 1) & 3
                v = self.search(alpha, beta)[0]
                self.to_act = seat
            trick.pop()
            hands[seat] ^= 1 << c
            if maximize:
                if v > best_v:
                    best_v, best_c = v, c
                    if v > alpha:
                        alpha = v
            elif v < best_v:
                best_v, best_c = v, c
                if v < beta:
                    beta = v
            if alpha >= beta:
                break
        if key >= 0:
            lo, hi = -100000, 100000
            if best_v <= a0:
                hi = best_v
            elif best_v >= b0:
                lo = best_v
            else:
                lo = hi = best_v
            old = self.tt.get(key)
            if old is not None:
                lo, hi = max(lo, old[0]), min(hi, old[1])
            self.tt[key] = (lo, hi, best_c)
        return best_v, best_c

    def _after_trick(self, alpha: int, beta: int) -> int:
        trick = self.trick
        leader = self.leader
        w = (leader + trick_winner(trick, self.contract)) & 3
        pts = self.points
        p = pts[trick[0]] + pts[trick[1]] + pts[trick[2]] + pts[trick[3]]
        team = w & 1
        flag = self.flag
        new_flag = _flag_after(flag, team)
        v = p if team == 0 else -p
        saved = trick[:]
        trick.clear()
        self.leader = w
        self.to_act = w
        self.flag = new_flag
        self.tricks_done += 1
        self.left -= p
        # the value of the rest is shifted by this trick's points
        rest = self.search(alpha - v, beta - v)[0]
        self.tricks_done -= 1
        self.left += p
        self.flag = flag
        self.leader = leader
        self.to_act = (leader + 3) & 3
        trick.extend(saved)
        return v + rest

    def _last_trick(self) -> tuple[int, int]:
        """Trick 9: one card each, no choice."""
        hands = self.hands
        leader = self.leader
        cards = [hands[(leader + i) & 3].bit_length() - 1 for i in range(4)]
        w = (leader + trick_winner(cards, self.contract)) & 3
        pts = self.points
        p = pts[cards[0]] + pts[cards[1]] + pts[cards[2]] + pts[cards[3]] + LAST_TRICK_BONUS
        team = w & 1
        v = p if team == 0 else -p
        if _flag_after(self.flag, team) == team:
            v += MATCH_BONUS if team == 0 else -MATCH_BONUS
        return v, cards[0]


def _greedy_guess(r: RoundState) -> int:
    """A first guess for MTD(f): the future points difference when everyone plays the rollout policy."""
    from puur.bots.rollout import playout

    g = r.clone()
    before = g.card_points[0] - g.card_points[1]
    playout(g)
    bonus = (MATCH_BONUS if g.tricks_won[0] == 9 else 0) - (MATCH_BONUS if g.tricks_won[1] == 9 else 0)
    return g.card_points[0] - g.card_points[1] - before + bonus


def solve(r: RoundState) -> SolveResult:
    """The best card for the seat to act and the round's final points by team under perfect play."""
    s = _Search(r)
    # MTD(f): null-window searches converge on the exact value; the table keeps the bounds between them
    guess = _greedy_guess(r)
    lo, hi = -400, 400
    while lo < hi:
        beta = guess + 1 if guess == lo else guess
        v, _ = s.search(beta - 1, beta)
        if v < beta:
            hi = v
        else:
            lo = v
        guess = v
    value = lo
    _, card = s.search(value - 1, value + 1, root=True)
    taken = r.card_points
    diff = value + taken[0] - taken[1]
    # the future and past points sum to 157 (+100 for a match); recover each team's total
    total = 157 + (MATCH_BONUS if abs(diff) > 157 else 0)
    p0 = (total + diff) // 2
    return SolveResult(card, (p0, total - p0), s.nodes)


__all__ = ["SolveResult", "solve"]
