"""An exact perfect-information solver for the card play of one round (for analysis, never a player).

Given a ``RoundState`` whose contract is chosen (all four hands known), ``solve`` finds the card the seat
to act should play and the points each team then makes, everyone playing perfectly with open cards:
card points of the tricks (taken so far and still to come), the 5 for the last trick and the 100 for a
match. Weis and Stöck do not depend on the card play and are not counted.

Alpha-beta (minimax: team 0 maximizes its points minus team 1's) with a transposition table at trick
boundaries (bounds and the best lead, keyed by the cards left, the leader and who can still make a
match), a null-window driver (MTD(f)) started from a rollout's score, bounds from the points still out,
move ordering (the table's best lead, masters first, cheap winners, smearing to a partner who wins,
cheap discards) and equivalent cards collapsed (cards of one suit in one hand with equal points and no
card still in play between them). The rules stay in the rules core: legal moves come from
``legal_moves`` (memoized on the part of the hand that matters: the led suit and trumps, plus whether
other cards are held), and who wins a trick from a per-contract table built with ``trick_winner``.

The search runs in a compiled core (``_solver_core.c``, built by setup.py) when it is built: the same
search over the same tables, node for node, some 30 times faster per position; it calls ``legal_moves``
back for each new case. Without a C compiler the Python search below does the work
(``solve(r, compiled=False)``). ``Solver`` keeps one table for the positions of one deal (analysis of a
round card by card, ``puur.bots.analysis``).

>>> import random
>>> from puur.profile import RuleProfile
>>> from puur.round import RoundState, deal
>>> from puur.cards import Contract
>>> r = RoundState(RuleProfile.preset("schieber"), deal(random.Random(1), 0), 0, 1)
>>> r.choose(Contract.H)
>>> from puur.bots.rollout import choose
>>> for _ in range(24): _ = r.play(choose(r))
>>> res = solve(r); sum(res.points) in (157, 257)
True
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache, partial
from typing import TYPE_CHECKING

from puur.cards import SUIT_MASKS, Contract, iter_cards
from puur.round import RoundState
from puur.rules.legal import legal_moves
from puur.rules.tables import LAST_TRICK_BONUS, MATCH_BONUS, STRENGTH_TABLES
from puur.rules.trick import trick_winner

if TYPE_CHECKING:
    from puur.bots._solver_core import Core

_CORE: type[Core] | None
try:  # the compiled search core, built with the package (setup.py); the Python search is the fallback
    from puur.bots._solver_core import Core as _CORE
except ImportError:  # pragma: no cover - a build without a C compiler
    _CORE = None

COMPILED = _CORE is not None
"""Whether the compiled search core is available (``solve`` then uses it unless told otherwise)."""
_CLOCK_EVERY = 1023
"""With a deadline the clock is read once in 1024 positions (the compiled core counts every position, the
Python search its trick starts)."""
_TT_BITS = 20  # the compiled core's table: 2**20 buckets of 4 entries (64 MiB, touched as used)
NO_MATCH = 2  # some trick went to each team
FRESH = 3  # no trick played yet
FULL = (1 << 36) - 1
OTHER_BIT = 1 << 36  # in a legal-move memo key/value: the hand holds (may play) cards outside the relevant suits
# the most team 0 (hi) / team 1 (lo) can still add for a match, by match flag (0, 1, NO_MATCH, FRESH)
HI_BONUS = (MATCH_BONUS, 0, 0, MATCH_BONUS)
LO_BONUS = (0, MATCH_BONUS, 0, MATCH_BONUS)
INF = 100000


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


@cache
def _contract_tables(contract: Contract) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """Per contract: ``beats[b]`` the cards that take a trick from its current winner ``b`` (from
    ``trick_winner``: ``b`` is of the led suit or a trump, so ``[b, c]`` decides it), ``up[c]`` the next
    stronger card of ``c``'s suit (-1 for the strongest) and ``rank[c]`` a strength rank 0..17 (trumps
    above the rest)."""
    strength = STRENGTH_TABLES[contract]
    beats = tuple(
        sum(1 << c for c in range(36) if c != b and trick_winner([b, c], contract) == 1) for b in range(36)
    )
    up: list[int] = []
    for c in range(36):
        s = c // 9
        higher = [d for d in range(9 * s, 9 * s + 9) if strength[d] > strength[c]]
        up.append(min(higher, key=strength.__getitem__) if higher else -1)
    rank = tuple(strength[c] - 91 if strength[c] >= 100 else strength[c] for c in range(36))
    return beats, tuple(up), rank


class _Search:
    """The search over the card play of one deal under one contract and profile; ``at(r)`` roots it at a
    position, whose ``value(alpha, beta)`` is team 0's future points minus team 1's (fail-soft);
    ``node_count`` counts the positions visited."""

    def __init__(self, r: RoundState, compiled: bool, tt_bits: int = _TT_BITS, deadline: float = 0.0) -> None:
        assert r.contract is not None and r.to_act is not None
        core_type = _CORE if compiled else None
        contract = r.contract
        profile = r.profile
        pts = r._points
        beats, up, rank = _contract_tables(contract)
        trump_mask = SUIT_MASKS[int(contract)] if contract < 4 else 0
        rel = tuple(SUIT_MASKS[s] | trump_mask for s in range(4))
        hands = list(r.hands)
        self.hands = hands
        self.nodes = 0
        tt: dict[int, tuple[int, int, int]] = {}
        lmemo: dict[int, int] = {}
        self.tt = tt
        nodes = 0
        # sort keys by card (key << 6 | card): smear points, play low, win cheaply, discard cheaply
        k_smear = [((60 - pts[c]) * 32 + rank[c]) << 6 | c for c in range(36)]
        k_low = [(pts[c] * 32 + rank[c]) << 6 | c for c in range(36)]
        k_win = [rank[c] << 6 | c for c in range(36)]
        k_discard = [(4096 + pts[c] * 32 + rank[c]) << 6 | c for c in range(36)]

        # the trump suit as 9-bit masks: the cards above a set's strongest (all for none), their points
        tsh = 9 * int(contract) if contract < 4 else -1
        top_above = [511] * 512
        tpts = [0] * 512
        if tsh >= 0:
            for m9 in range(1, 512):
                cs = [tsh + i for i in range(9) if m9 >> i & 1]
                top = next(c for c in cs if not beats[c] & (m9 << tsh))
                top_above[m9] = beats[top] >> tsh & 511
                tpts[m9] = sum(pts[c] for c in cs)

        def legal(hand: int, trick: list[int], tk: int) -> int:
            """``legal_moves`` memoized on (led suit and trump cards held, other cards held?, trick)."""
            relm = rel[trick[0] // 9] if trick else 0
            hr = hand & relm
            key = hr | tk | (OTHER_BIT if hand != hr else 0)
            e = lmemo.get(key)
            if e is None:
                lg = legal_moves(hand, trick, contract, profile)
                e = (lg & relm) | (OTHER_BIT if lg & ~relm else 0)
                lmemo[key] = e
            if e & OTHER_BIT:
                return (e & FULL) | (hand & ~relm)
            return e

        def collapse(lg: int, gone: int) -> list[int]:
            """The legal cards, keeping one (the strongest) of each run of equivalent cards."""
            out = []
            m = lg
            while m:
                b = m & -m
                m ^= b
                c = b.bit_length() - 1
                n = up[c]
                while n >= 0 and gone >> n & 1:
                    n = up[n]
                if n >= 0 and lg >> n & 1 and pts[n] == pts[c]:
                    continue
                out.append(c)
            return out

        def last_trick(leader: int, flag: int) -> int:
            """Trick 9 from its lead, one card left in each hand: its value (+5, and the match)."""
            c = hands[leader].bit_length() - 1
            p = pts[c] + LAST_TRICK_BONUS
            w, ws = c, leader
            for i in (1, 2, 3):
                s = (leader + i) & 3
                d = hands[s].bit_length() - 1
                p += pts[d]
                if beats[w] >> d & 1:
                    w, ws = d, s
            team = ws & 1
            if flag == team:
                p += MATCH_BONUS
            return -p if team else p

        def lead(leader: int, flag: int, left: int, gone: int, alpha: int, beta: int) -> int:
            """The value of the rest of the round at a trick boundary (``left``: points still out, +5)."""
            nonlocal nodes
            nodes += 1
            if deadline and not nodes & _CLOCK_EVERY and time.monotonic() > deadline:
                raise TimeoutError("the search passed its deadline")
            rem = FULL ^ gone
            if rem.bit_count() == 4:
                return last_trick(leader, flag)
            if tsh >= 0 and (r9 := rem >> tsh & 511):
                # trumps that beat all of the other team's are in tricks their team wins
                a9 = (hands[0] | hands[2]) >> tsh & 511
                b9 = r9 ^ a9
                m0 = a9 & top_above[b9]
                m1 = b9 & top_above[a9]
                hi = left - 2 * tpts[m1] + (0 if m1 else HI_BONUS[flag])
                lo = 2 * tpts[m0] - left - (0 if m0 else LO_BONUS[flag])
            else:
                hi = left + HI_BONUS[flag]
                lo = -left - LO_BONUS[flag]
            if hi <= alpha:
                return hi
            if lo >= beta:
                return lo
            key = rem << 4 | leader << 2 | flag
            entry = tt.get(key)
            hint = -1
            if entry is not None:
                elo, ehi, hint = entry
                if elo >= beta:
                    return elo
                if ehi <= alpha:
                    return ehi
                if elo == ehi:
                    return elo
                if elo > lo:
                    lo = elo
                if ehi < hi:
                    hi = ehi
                if lo > alpha:
                    alpha = lo
                if hi < beta:
                    beta = hi
            a0 = alpha
            b0 = beta
            hand = hands[leader]
            cards = collapse(hand, gone)
            if len(cards) > 1:
                others = rem ^ hand
                order = []
                for c in cards:
                    if c == hint:
                        order.append(c)
                    elif not beats[c] & others & SUIT_MASKS[c // 9]:  # a master of its suit: richest first
                        order.append((64 - pts[c]) << 6 | c)
                    else:
                        order.append((128 + pts[c] * 32 + rank[c]) << 6 | c)
                order.sort()
                cards = [x & 63 for x in order]
            maximize = not leader & 1
            best_v = -INF if maximize else INF
            best_c = -1
            nxt = (leader + 1) & 3
            trick = [0]
            for c in cards:
                hands[leader] = hand ^ (1 << c)
                trick[0] = c
                v = follow(1, nxt, trick, (c + 1) << 37, c, leader, pts[c], leader, flag, left, gone, alpha, beta)
                if maximize:
                    if v > best_v:
                        best_v = v
                        best_c = c
                        if v > alpha:
                            alpha = v
                            if v >= beta:
                                break
                elif v < best_v:
                    best_v = v
                    best_c = c
                    if v < beta:
                        beta = v
                        if v <= alpha:
                            break
            hands[leader] = hand
            if best_v <= a0:
                elo, ehi = -INF, best_v
            elif best_v >= b0:
                elo, ehi = best_v, INF
            else:
                elo = ehi = best_v
            if entry is not None:
                if entry[0] > elo:
                    elo = entry[0]
                if entry[1] < ehi:
                    ehi = entry[1]
            tt[key] = (elo, ehi, best_c)
            return best_v

        def follow(
            pos: int, seat: int, trick: list[int], tk: int, wcard: int, wseat: int, tp: int,
            leader: int, flag: int, left: int, gone: int, alpha: int, beta: int,
        ) -> int:  # fmt: skip
            """The value of the rest of the round (the current trick included) with ``pos`` cards down."""
            nonlocal nodes
            nodes += 1
            hand = hands[seat]
            # legal_moves, memoized on (led suit and trump cards held, other cards held?, trick)
            relm = rel[trick[0] // 9]
            hr = hand & relm
            e = lmemo.get(hr | tk | (OTHER_BIT if hand != hr else 0))
            if e is None:
                lg = legal_moves(hand, trick, contract, profile)
                e = (lg & relm) | (OTHER_BIT if lg & ~relm else 0)
                lmemo[hr | tk | (OTHER_BIT if hand != hr else 0)] = e
            lg = (e & FULL) | (hand & ~relm) if e & OTHER_BIT else e
            bw = beats[wcard]
            # the search order, as sort keys (order key << 6 | card)
            if not (wseat ^ seat) & 1:  # the partner wins so far
                k1 = k_smear if pos == 3 or not bw & hands[(seat + 1) & 3] else k_low
                k0 = k1
            else:
                k1 = k_smear if pos == 3 else k_win
                k0 = k_discard
            order = []
            m = lg
            while m:
                b = m & -m
                m ^= b
                c = b.bit_length() - 1
                n = up[c]
                while n >= 0 and gone >> n & 1:
                    n = up[n]
                if n >= 0 and lg >> n & 1 and pts[n] == pts[c]:
                    continue  # equivalent to a stronger card kept
                order.append(k1[c] if bw >> c & 1 else k0[c])
            if len(order) > 1:
                order.sort()
            maximize = not seat & 1
            best_v = -INF if maximize else INF
            if pos == 3:
                t0, t1, t2 = trick
                gone2 = gone | (1 << t0) | (1 << t1) | (1 << t2)
                if len(order) > 1:
                    # enhanced transposition cutoff: a child already known to refute this window
                    rem2 = FULL ^ gone2
                    for x in order:
                        c = x & 63
                        w = seat if bw >> c & 1 else wseat
                        team = w & 1
                        nflag = team if flag == FRESH else (flag if flag == team else NO_MATCH)
                        te = tt.get((rem2 ^ (1 << c)) << 4 | w << 2 | nflag)
                        if te is not None:
                            p = tp + pts[c]
                            if maximize:
                                v = te[0] - p if team else te[0] + p
                                if v >= beta:
                                    return v
                            else:
                                v = te[1] - p if team else te[1] + p
                                if v <= alpha:
                                    return v
                if gone2.bit_count() == 35:
                    # trick 9 (from a root inside it): the round ends with this card
                    c = order[0] & 63
                    w = seat if bw >> c & 1 else wseat
                    p = tp + pts[c] + LAST_TRICK_BONUS + (MATCH_BONUS if flag == w & 1 else 0)
                    return -p if w & 1 else p
                if gone2.bit_count() == 31:
                    # trick 8: each card also decides trick 9 (one card left in each hand)
                    for x in order:
                        c = x & 63
                        hands[seat] = hand ^ (1 << c)
                        w = seat if bw >> c & 1 else wseat
                        p = tp + pts[c]
                        team = w & 1
                        nflag = team if flag == FRESH else (flag if flag == team else NO_MATCH)
                        v = (-p if team else p) + last_trick(w, nflag)
                        if maximize:
                            if v > best_v:
                                best_v = v
                                if v >= beta:
                                    break
                        elif v < best_v:
                            best_v = v
                            if v <= alpha:
                                break
                    hands[seat] = hand
                    return best_v
                for x in order:
                    c = x & 63
                    bit = 1 << c
                    hands[seat] = hand ^ bit
                    w = seat if bw >> c & 1 else wseat
                    p = tp + pts[c]
                    team = w & 1
                    nflag = team if flag == FRESH else (flag if flag == team else NO_MATCH)
                    if team:
                        v = lead(w, nflag, left - p, gone2 | bit, alpha + p, beta + p) - p
                    else:
                        v = lead(w, nflag, left - p, gone2 | bit, alpha - p, beta - p) + p
                    if maximize:
                        if v > best_v:
                            best_v = v
                            if v > alpha:
                                alpha = v
                                if v >= beta:
                                    break
                    elif v < best_v:
                        best_v = v
                        if v < beta:
                            beta = v
                            if v <= alpha:
                                break
            else:
                nxt = (seat + 1) & 3
                shift = 37 + 6 * pos
                for x in order:
                    c = x & 63
                    hands[seat] = hand ^ (1 << c)
                    trick.append(c)
                    if bw >> c & 1:
                        v = follow(pos + 1, nxt, trick, tk | (c + 1) << shift, c, seat, tp + pts[c],
                                   leader, flag, left, gone, alpha, beta)  # fmt: skip
                    else:
                        v = follow(pos + 1, nxt, trick, tk | (c + 1) << shift, wcard, wseat, tp + pts[c],
                                   leader, flag, left, gone, alpha, beta)  # fmt: skip
                    trick.pop()
                    if maximize:
                        if v > best_v:
                            best_v = v
                            if v > alpha:
                                alpha = v
                                if v >= beta:
                                    break
                    elif v < best_v:
                        best_v = v
                        if v < beta:
                            beta = v
                            if v <= alpha:
                                break
            hands[seat] = hand
            return best_v

        root_lead: Callable[..., int] = lead
        root_follow: Callable[..., int] = follow
        if core_type is not None:
            # the same search, compiled (``_solver_core.c``); the tables and legal_moves come from here
            core = core_type(
                beats, up, pts, rank, rel, tsh, top_above, tpts, LAST_TRICK_BONUS, MATCH_BONUS,
                lambda hand, cards: legal_moves(hand, cards, contract, profile),
                tt_bits=tt_bits,
            )  # fmt: skip
            core.deadline = deadline

            def c_lead(leader: int, flag: int, left: int, gone: int, alpha: int, beta: int) -> int:
                return int(core.lead(hands, leader, flag, left, gone, alpha, beta))

            def c_follow(
                pos: int, seat: int, trick: list[int], tk: int, wcard: int, wseat: int, tp: int,
                leader: int, flag: int, left: int, gone: int, alpha: int, beta: int,
            ) -> int:  # fmt: skip
                return int(core.follow(hands, trick, seat, wcard, wseat, tp, leader, flag, left, gone, alpha, beta))

            root_lead, root_follow = c_lead, c_follow

        def count() -> int:
            return int(core.nodes) if core_type is not None else nodes

        def at(r: RoundState) -> _Root:
            """The search functions rooted at position ``r`` of this deal and contract."""
            if r.contract != contract or r.profile != profile or r.to_act is None or r.dealt != dealt:
                raise ValueError("the position is not of the deal and contract this search was built for")
            root_hands = list(r.hands)
            trick = list(r.trick)
            played = 0
            for t in r.tricks:
                for c in t.cards:
                    played |= 1 << c
            flag = FRESH
            for t in r.tricks:
                flag = _flag_after(flag, t.winner & 1)
            held = root_hands[0] | root_hands[1] | root_hands[2] | root_hands[3]
            left = LAST_TRICK_BONUS + sum(pts[c] for c in range(36) if held >> c & 1) + sum(pts[c] for c in trick)
            leader = r.leader
            seat = r.to_act
            wi = trick_winner(trick, contract) if trick else 0
            tk = 0
            for i, c in enumerate(trick):
                tk |= (c + 1) << (37 + 6 * i)
            tp = sum(pts[c] for c in trick)
            pos = len(trick)

            def value(alpha: int, beta: int) -> int:
                hands[:] = root_hands
                if pos == 0:
                    return root_lead(leader, flag, left, played, alpha, beta)
                return root_follow(pos, seat, trick, tk, trick[wi], (leader + wi) & 3, tp, leader, flag, left,
                                   played, alpha, beta)  # fmt: skip

            def child(c: int, alpha: int, beta: int) -> int:
                """The value after the seat to act plays ``c``."""
                hands[:] = root_hands
                hands[seat] ^= 1 << c
                if pos == 0:
                    return root_follow(1, (seat + 1) & 3, [c], (c + 1) << 37, c, seat, pts[c], leader, flag, left,
                                       played, alpha, beta)  # fmt: skip
                w_card, w_seat = trick[wi], (leader + wi) & 3
                if beats[w_card] >> c & 1:
                    w_card, w_seat = c, seat
                if pos < 3:
                    return root_follow(pos + 1, (seat + 1) & 3, [*trick, c], tk | (c + 1) << (37 + 6 * pos),
                                       w_card, w_seat, tp + pts[c], leader, flag, left, played, alpha, beta)  # fmt: skip
                p = tp + pts[c]
                team = w_seat & 1
                gone = played | (1 << c)
                for d in trick:
                    gone |= 1 << d
                sign = -1 if team else 1
                if gone == FULL:  # the ninth trick ends the round
                    return sign * (p + LAST_TRICK_BONUS + (MATCH_BONUS if flag == team else 0))
                nflag = _flag_after(flag, team)
                return root_lead(w_seat, nflag, left - p, gone, alpha - sign * p, beta - sign * p) + sign * p

            legal_cards = legal(root_hands[seat], trick, tk) if trick else root_hands[seat]
            return _Root(value, child, left, collapse(legal_cards, played), legal_cards)

        dealt = list(r.dealt)
        self.count = count
        self.at = at

    @property
    def node_count(self) -> int:
        return self.count()

    count: Callable[[], int]
    at: Callable[[RoundState], _Root]


@dataclass(frozen=True)
class _Root:
    """The search at one position: ``value(alpha, beta)``, ``child(card, alpha, beta)`` (after the seat to
    act plays ``card``), the points still out (+5), the legal cards (one of each equivalent run, in search
    order, and all of them as a card set)."""

    value: Callable[[int, int], int]
    child: Callable[[int, int, int], int]
    left: int
    moves: list[int]
    legal: int


def _greedy_guess(r: RoundState) -> int:
    """A first guess for MTD(f): the future points difference when everyone plays the rollout policy."""
    from puur.bots.rollout import playout

    g = r.clone()
    before = g.card_points[0] - g.card_points[1]
    playout(g)
    bonus = (MATCH_BONUS if g.tricks_won[0] == 9 else 0) - (MATCH_BONUS if g.tricks_won[1] == 9 else 0)
    return g.card_points[0] - g.card_points[1] - before + bonus


def _bisect(value: Callable[[int, int], int], guess: int, lo: int, hi: int) -> int:
    """The exact value, known to lie in [lo, hi] with the parity of ``lo`` (team 0's and team 1's points
    sum to the points still out), by null-window searches: the first at ``guess``, then bisecting the
    interval the fail-soft answers leave (MTD(f) with bisection; the table keeps bounds between them)."""
    beta = max(lo + 2, min(hi, guess + (guess - lo) % 2))
    while lo < hi:
        v = value(beta - 1, beta)
        if v < beta:
            hi = v
        else:
            lo = v
        n = (hi - lo) // 2
        beta = lo + 2 * ((n + 1) // 2)
    return lo


def _final_points(value: int, r: RoundState) -> tuple[int, int]:
    """The round's points by team from the future points difference ``value`` at position ``r``."""
    taken = r.card_points
    diff = value + taken[0] - taken[1]
    # the future and past points sum to 157 (+100 for a match); recover each team's total
    total = 157 + (MATCH_BONUS if abs(diff) > 157 else 0)
    p0 = (total + diff) // 2
    return p0, total - p0


class Solver:
    """Perfect-play analysis of one deal under one contract: ``solve`` any of its positions, ``card_points``
    for every legal card. The transposition table carries over from one position to the next (its entries
    are positions of the same deal), so going through a round card by card costs little more than its first
    position.

    ``compiled``: search with the compiled core (the default when it is built) or in Python (``False``);
    both search the same tree and give the same answer. ``tt_bits``: the compiled core's table has
    ``2**tt_bits`` buckets of four entries (16 bytes each); small endgames need far fewer than the default.
    ``deadline``: a ``time.monotonic()`` time after which a search stops and raises ``TimeoutError`` (the
    clock is read every thousand positions or so; what the table learnt stays valid, the stopped search is
    lost).
    """

    def __init__(
        self, r: RoundState, *, compiled: bool | None = None, tt_bits: int = _TT_BITS, deadline: float | None = None
    ) -> None:
        if r.contract is None or r.to_act is None:
            raise ValueError("the solver needs a position in the card play (contract chosen, round not over)")
        if compiled and _CORE is None:
            raise RuntimeError("the compiled solver core is not built (pip install -e . with a C compiler)")
        self._search = _Search(r, _CORE is not None if compiled is None else compiled, tt_bits, deadline or 0.0)

    @property
    def nodes(self) -> int:
        """Positions searched so far."""
        return self._search.node_count

    def value(self, r: RoundState) -> int:
        """Team 0's points minus team 1's from position ``r`` to the end of the round, under perfect play."""
        root = self._search.at(r)
        return _bisect(root.value, _greedy_guess(r), -root.left - MATCH_BONUS, root.left + MATCH_BONUS)

    def solve(self, r: RoundState) -> SolveResult:
        """The best card for the seat to act and the round's final points by team under perfect play."""
        root = self._search.at(r)
        value = _bisect(root.value, _greedy_guess(r), -root.left - MATCH_BONUS, root.left + MATCH_BONUS)
        # the card: the first (in search order) whose value reaches the round's value
        maximize = r.to_act is not None and r.to_act % 2 == 0
        card = -1
        for c in root.moves:
            if maximize and root.child(c, value - 1, value) >= value:
                card = c
                break
            if not maximize and root.child(c, value, value + 1) <= value:
                card = c
                break
        assert card >= 0
        return SolveResult(card, _final_points(value, r), self.nodes)

    def best_cards(self, r: RoundState) -> tuple[int, int]:
        """The value at ``r`` (as ``value``) and the card set of every legal card that keeps it: each card
        tested with one null-window search against the value (cheap once the value is known)."""
        root = self._search.at(r)
        value = _bisect(root.value, _greedy_guess(r), -root.left - MATCH_BONUS, root.left + MATCH_BONUS)
        maximize = r.to_act is not None and r.to_act % 2 == 0
        best = 0
        for c in iter_cards(root.legal):
            if root.child(c, value - 1, value) >= value if maximize else root.child(c, value, value + 1) <= value:
                best |= 1 << c
        return value, best

    def card_values(self, r: RoundState, cards: int | None = None) -> dict[int, int]:
        """For each legal card of the seat to act (or those of the card set ``cards``): the value (as
        ``value``, from position ``r``) when it plays that card and everyone plays perfectly after it."""
        root = self._search.at(r)
        lo, hi = -root.left - MATCH_BONUS, root.left + MATCH_BONUS
        out: dict[int, int] = {}
        guess = 0
        for c in iter_cards(root.legal if cards is None else cards & root.legal):
            guess = out[c] = _bisect(partial(root.child, c), guess, lo, hi)
        return out

    @staticmethod
    def final_points(value: int, r: RoundState) -> tuple[int, int]:
        """The round's final points by team for the future points difference ``value`` at position ``r``."""
        return _final_points(value, r)


def solve(r: RoundState, *, compiled: bool | None = None) -> SolveResult:
    """The best card for the seat to act and the round's final points by team under perfect play.

    ``compiled``: search with the compiled core (the default when it is built) or in Python (``False``);
    both search the same tree and give the same answer.
    """
    return Solver(r, compiled=compiled).solve(r)


__all__ = ["COMPILED", "SolveResult", "Solver", "solve"]
