"""An exact perfect-information solver for the card play of one round (for analysis, never a player).

Given a ``RoundState`` whose contract is chosen (all four hands known), ``solve`` finds the card the seat
to act should play and the points each team then makes, everyone playing perfectly with open cards:
card points of the tricks (taken so far and still to come), the 5 for the last trick and the 100 for a
match (``LAST_TRICK_BONUS``, ``MATCH_BONUS``: RULES.md §6, §11.1). Weis and Stöck do not depend on the
card play and are not counted.

Alpha-beta (minimax: team 0 maximizes its points minus team 1's) with a transposition table at trick
boundaries (bounds and the best lead, keyed by the cards left, the leader and who can still make a
match; positions whose cards differ only by equivalent cards share a key: ``set_reference``), a
null-window driver (MTD(f)) started from a rollout's score, bounds from the points still out,
move ordering (the table's best lead, masters first, then the strongest card; cheap winners, smearing to a partner who wins,
cheap discards) and equivalent cards collapsed (cards of one suit in one hand with equal points and no
card still in play between them). The rules stay in the rules core: legal moves come from
``legal_moves`` (memoized on the part of the hand that matters: the led suit and trumps, plus whether
other cards are held; the compiled search computes them with ``puur/core/_legal.h``, the playout core's text of
``legal_moves`` tested equal to it, with the profile's options: ``compiled_legal_rules``; a profile it does
not know is searched in Python),
and who takes a trick from whom from the rules core's table (``puur.core.rules.beats.BEATS``, read off
``trick_winner``).

The search is written twice, function for function: in C (``_solver_core.c``, built by setup.py; some 30
times faster per position), used when it is built, and in Python below (``Core`` and the module-level
``lead``, ``follow``, ``last_trick``, ``move_keys``, ``tt_store``, ``check_deadline``: each the C
function of the same name), used without a C compiler or with ``solve(r, compiled=False)``. Where the C
search computes legal moves (``legal`` of ``puur/core/_legal.h``), the Python search asks ``legal_moves`` and
memoizes the answers (``legal_miss``; the same cards). The Python search keeps the small steps the C
compiler would inline (the legal-move memo's lookup, the minimax step) written out in ``lead`` and
``follow``, as the C code does, for speed. Both visit the same
positions in the same order and give the same values. ``Solver`` keeps one table for the positions of one
deal (analysis of a round card by card, ``puur.bots.analysis``).

>>> import random
>>> from puur.core.profile import RuleProfile
>>> from puur.core.round import RoundState, deal
>>> from puur.core.cards import Contract
>>> r = RoundState(RuleProfile.preset("schieber"), deal(random.Random(1), 0), 0, 1)
>>> r.choose(Contract.H)
>>> from puur.bots.rollout import choose
>>> for _ in range(24): _ = r.play(choose(r))
>>> res = solve(r); sum(res.points) in (157, 257)
True
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache, partial
from typing import TYPE_CHECKING, TypeAlias

from puur.core.cards import SUIT_MASKS, CardSet, Contract, iter_cards
from puur.core.playout import compiled_legal_rules
from puur.core.round import RoundState
from puur.core.rules.beats import BEATS, STRONGER_IN_SUIT
from puur.core.rules.legal import legal_moves
from puur.core.rules.scoring import match_bonus
from puur.core.rules.tables import (
    LAST_TRICK_BONUS,
    MATCH_BONUS,
    PUUR_BITS,
    STRENGTH_TABLES,
    trick_points_table,
    trump_mask,
)
from puur.core.rules.trick import trick_winner

if TYPE_CHECKING:
    from puur.bots._solver_core import Core as _CompiledCore

_CORE: type[_CompiledCore] | None
try:  # the compiled search core, built with the package (setup.py); the Python search is the fallback
    from puur.bots._solver_core import Core as _CORE
except ImportError:  # pragma: no cover - a build without a C compiler
    _CORE = None

COMPILED = _CORE is not None
"""Whether the compiled search core is available (``solve`` then uses it unless told otherwise)."""
CLOCK_EVERY = 1023
"""With a deadline the clock is read once in 1024 positions (``check_deadline``)."""
_TT_BITS = 20  # the compiled core's table for a whole round: 2**20 buckets of 8 entries (64 MiB, touched as used)
MEMO_KEEP = 1 << 20
"""A core's legal-move memo that has grown past this many entries starts again at ``reset``."""
NO_MATCH = 2  # some trick went to each team
FRESH = 3  # no trick played yet
FULL = (1 << 36) - 1
OTHER_BIT = 1 << 36  # in a legal-move memo key/value: the hand holds (may play) cards outside the relevant suits
MOST_POINTS = 500  # the compiled table keeps values in 10 bits: a round's cards, last trick and match stay under it
INF = 30000  # beyond any value (the compiled table keeps it apart from the values, in 10 bits)


@dataclass(frozen=True)
class SolveResult:
    """The best card for the seat to act, and the round's points by team (incl. last trick and match)."""

    card: int
    points: tuple[int, int]
    nodes: int


def _flag_after(flag: int, team: int) -> int:
    """Who can still make a match once ``team`` has taken a trick: ``team``, or ``NO_MATCH``."""
    if flag == FRESH:
        return team
    return flag if flag == team else NO_MATCH


@cache
def contract_tables(contract: Contract) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """Per contract: ``beats[b]`` the cards that take a trick from its current winner ``b`` (the rules
    core's ``BEATS``), ``up[c]`` the next stronger card of ``c``'s suit (the weakest of
    ``STRONGER_IN_SUIT[c]``, -1 for the strongest) and ``rank[c]`` a strength rank 0..17 (trumps above the
    rest)."""
    strength = STRENGTH_TABLES[contract]
    stronger = STRONGER_IN_SUIT[contract]
    up = tuple(
        min((d for d in range(36) if stronger[c] >> d & 1), key=strength.__getitem__) if stronger[c] else -1
        for c in range(36)
    )
    rank = tuple(strength[c] - 91 if strength[c] >= 100 else strength[c] for c in range(36))
    return BEATS[contract], up, rank


@cache
def _trump_tables(contract: Contract, pts: tuple[int, ...]) -> tuple[int, tuple[int, ...], tuple[int, ...]]:
    """The trump suit for the search's bounds: its shift (``9 * suit``, -1 without trumps) and, for each
    set of trumps as a 9-bit mask, ``top_above`` the trumps above its strongest (all for none) and
    ``trump_points`` its points."""
    beats = contract_tables(contract)[0]
    tsh = 9 * int(contract) if contract.is_trump else -1
    top_above = [511] * 512
    tpts = [0] * 512
    if tsh >= 0:
        for m9 in range(1, 512):
            cs = [tsh + i for i in range(9) if m9 >> i & 1]
            top = next(c for c in cs if not beats[c] & (m9 << tsh))
            top_above[m9] = beats[top] >> tsh & 511
            tpts[m9] = sum(pts[c] for c in cs)
    return tsh, tuple(top_above), tuple(tpts)


# ---------- the search: _solver_core.c in Python, function for function ----------
#
# Each function below is the C function of the same name, line for line where the languages allow
# (_numbers and _hands are read_numbers and read_hands). The C file's helpers for what Python has built in
# are not written again: popc, top_card, low_card (int.bit_count, int.bit_length), hash40 and tt_find (a
# dict and dict.get), sort_keys (list.sort). The legal-move memo (``lmemo``, ``legal_miss``) is the Python
# search's own: the C search computes legal moves (``_legal.h``). Where the C search marks the Core
# failed and unwinds, the Python search raises.


class Core:
    """The search over the card play of one deal under one contract (the C ``Core``): the tables, the
    hands being searched, the transposition table and the legal-move memo. Called and read as the compiled
    ``_solver_core.Core`` is (``lead``, ``follow``, ``nodes``, ``deadline``); built with ``rel`` and
    ``legal`` (``legal_moves``, memoized) where the C core takes ``_legal.h``'s rules."""

    __slots__ = (
        "beats", "up", "pts", "k_smear", "k_low", "k_win", "k_discard", "k_lead", "rel", "tsh", "top_above",
        "tpts", "last_bonus", "match_bonus", "hi_bonus", "lo_bonus", "hands", "tt", "lmemo", "legal_cb",
        "nodes", "deadline", "eq", "dirs", "tabs", "kept", "suits", "ref", "canon",
    )  # fmt: skip

    def __init__(
        self, beats: Sequence[int], up: Sequence[int], points: Sequence[int], rank: Sequence[int],
        rel: Sequence[int], trump_shift: int, top_above: Sequence[int], trump_points: Sequence[int],
        last_bonus: int, match_bonus: int, legal: Callable[[int, tuple[int, ...]], int], tt_bits: int = _TT_BITS,
        kept: int = 0,
    ) -> None:  # fmt: skip
        """``Core_init``: the tables (checked), the search order keys, the bounds' match bonus by flag. The
        Python table is a dict that grows as needed; ``tt_bits`` is checked as the C core checks it.
        ``kept``: the cards a rule names (the Puur; the C core reads it off its rules), never keyed as
        an equivalent card (``set_reference``)."""
        self.beats = _numbers(beats, 36, "beats")
        self.up = _numbers(up, 36, "up")
        self.suits = _check_up(self.up)
        self.kept = kept
        self.pts = pts = _numbers(points, 36, "points")
        if abs(last_bonus) + abs(match_bonus) + sum(abs(p) for p in pts) > MOST_POINTS:
            raise ValueError("points: the cards, the last trick and the match add up to more than 500")
        rk = _numbers(rank, 36, "rank")
        self.rel = _numbers(rel, 4, "rel")
        self.top_above = _numbers(top_above, 512, "top_above")
        self.tpts = _numbers(trump_points, 512, "trump_points")
        if not callable(legal):
            raise TypeError("legal must be callable")
        if not 4 <= tt_bits <= 26:
            raise ValueError("tt_bits must be between 4 and 26")
        # the search order keys (key << 6 | card): smear points, play low, win cheaply, discard cheaply, lead
        self.k_smear = tuple(((60 - pts[c]) * 32 + rk[c]) << 6 | c for c in range(36))
        self.k_low = tuple((pts[c] * 32 + rk[c]) << 6 | c for c in range(36))
        self.k_win = tuple(rk[c] << 6 | c for c in range(36))
        self.k_discard = tuple((4096 + pts[c] * 32 + rk[c]) << 6 | c for c in range(36))
        self.k_lead = tuple((128 + 31 - rk[c]) << 6 | c for c in range(36))  # strongest first
        self.tsh = trump_shift
        self.last_bonus = last_bonus
        self.match_bonus = match_bonus
        # the most team 0 (hi) / team 1 (lo) can still add for a match, by match flag (0, 1, NO_MATCH, FRESH)
        self.hi_bonus = (match_bonus, 0, 0, match_bonus)
        self.lo_bonus = (0, match_bonus, 0, match_bonus)
        self.legal_cb = legal
        self.hands = [0, 0, 0, 0]
        self.tt: dict[int, tuple[int, int, int]] = {}
        self.lmemo: dict[int, int] = {}
        self.nodes = 0
        self.deadline = 0.0
        self.eq = pts  # equivalent cards have equal points (under every direction, see ``set_directions``)
        self.dirs: tuple[int, ...] | None = None
        self.tabs: tuple[tuple[tuple[int, ...], ...], ...] = ()
        self.ref: tuple[int, ...] = (0, 0, 0, 0)
        self.canon: list[list[int]] = [list(range(512)) for _ in range(4)]

    def set_directions(self, dirs: tuple[int, ...], tabs: tuple[tuple[tuple[int, ...], ...], ...]) -> None:
        """Slalom and Guschti (Python only, the compiled core is never asked for them): trick
        ``t`` is searched with the tables ``tabs[dirs[t]]`` (``beats, up, pts, k_smear, k_low, k_win,
        k_discard, k_lead`` of Obenabe or Undenufe), switched by ``at_trick`` at every ``lead`` and
        ``follow``. Cards count as equivalent only with equal points in both directions (``eq``), and so do
        the table's keys (``set_reference``: the two directions' orders of strength are each other's
        reverse, so a map that keeps one keeps the other)."""
        self.dirs = dirs
        self.tabs = tabs
        self.eq = tuple(tabs[0][2][c] * 64 + tabs[1][2][c] for c in range(36))

    def at_trick(self, t: int) -> None:
        """Take the tables of trick ``t``'s direction (``set_directions``)."""
        assert self.dirs is not None
        (self.beats, self.up, self.pts, self.k_smear, self.k_low, self.k_win, self.k_discard,
         self.k_lead) = self.tabs[self.dirs[t]]  # fmt: skip

    def reset(self, tt_bits: int) -> None:
        """``Core_reset``: forget the table (a new deal) and the positions counted; keep the legal-move memo
        (its keys hold no card of the deal beyond the hand's relevant part and the trick)."""
        if not 4 <= tt_bits <= 26:
            raise ValueError("tt_bits must be between 4 and 26")
        self.tt = {}
        if len(self.lmemo) > MEMO_KEEP:
            self.lmemo = {}
        self.nodes = 0
        self.deadline = 0.0
        self.ref = (0, 0, 0, 0)

    def lead(self, hands: Sequence[int], leader: int, flag: int, left: int, gone: int, alpha: int, beta: int) -> int:
        """``Core_lead``: the value at a trick boundary, ``leader`` to lead."""
        self.hands = _hands(hands)
        set_reference(self, self.hands)
        return lead(self, leader & 3, flag & 3, left, gone & FULL, alpha, beta)

    def follow(
        self, hands: Sequence[int], trick: Sequence[int], seat: int, wcard: int, wseat: int, tp: int,
        leader: int, flag: int, left: int, gone: int, alpha: int, beta: int,
    ) -> int:  # fmt: skip
        """``Core_follow``: the value inside a trick, ``trick`` (one to three cards) on the table."""
        h = _hands(hands)
        if not 1 <= len(trick) <= 3:
            raise ValueError("trick: one to three cards")
        tr = [0, 0, 0, 0]
        tr[: len(trick)] = _numbers(trick, len(trick), "trick")
        if not 0 <= wcard <= 35:
            raise ValueError("wcard: a card outside 0..35")
        tk = 0
        for i, c in enumerate(tr[: len(trick)]):
            if not 0 <= c <= 35:
                raise ValueError("trick: a card outside 0..35")
            tk |= (c + 1) << (37 + 6 * i)
        self.hands = h
        set_reference(self, h)
        return follow(self, len(trick), seat & 3, tr, tk, wcard, wseat & 3, tp, leader & 3, flag & 3, left,
                      gone & FULL, alpha, beta)  # fmt: skip


def _numbers(seq: Sequence[int], n: int, what: str) -> tuple[int, ...]:
    """``read_numbers``: ``n`` numbers, or a ``ValueError`` naming the table."""
    if len(seq) != n:
        raise ValueError(f"{what}: expected {n} numbers")
    return tuple(int(x) for x in seq)


def _check_up(up: Sequence[int]) -> tuple[tuple[int, ...], ...]:
    """``Core_init``'s check of ``up``: each card's chain of stronger cards stays in its suit and ends, and
    each suit is one chain from its weakest card (no card's next stronger). Returns each suit's cards,
    the weakest first (the C core keeps the weakest, ``weak``)."""
    for c in range(36):
        n, steps = up[c], 0
        while 0 <= n < 36 and n // 9 == c // 9 and steps < 9:
            n, steps = up[n], steps + 1
        if n != -1:
            raise ValueError("up: each card's next stronger card of its suit, or -1")
    suits = []
    for su in range(4):
        hit = {up[c] for c in range(9 * su, 9 * su + 9)}
        c = next(d for d in range(9 * su, 9 * su + 9) if d not in hit)
        chain = []
        while c >= 0:
            chain.append(c)
            c = up[c]
        if len(chain) != 9:
            raise ValueError("up: each suit's cards one chain from the weakest to the strongest")
        suits.append(tuple(chain))
    return tuple(suits)


def _hands(hands: Sequence[int]) -> list[int]:
    """``read_hands``: the four hands, card sets within the 36 cards."""
    h = list(_numbers(hands, 4, "hands"))
    if any(x & ~FULL or x < 0 for x in h):
        raise ValueError("hands: a card set outside the 36 cards")
    return h


def set_reference(s: Core, h: Sequence[int]) -> None:
    """The reference hands of the table's keys: ``h``, unless each hand is within the reference already
    (the positions of one deal from its first search on); with new hands the table is forgotten. For each
    suit and each set ``m`` of the reference's cards of the suit, ``canon[suit][m]`` is the first set of the
    reference's cards (the earliest, card by card from the weakest up) with the same owners, points (in
    every direction: ``eq``) and kept cards (the Puur) in the same order of strength; other sets stand
    for themselves. Equivalent positions so share a key, and their values are equal: every rule the search
    asks compares cards of one suit by strength, counts points or names the Puur, and a map that keeps all
    three takes one set to the other."""
    ref = s.ref
    if any(ref) and all(not x & ~r for x, r in zip(h, ref, strict=True)):
        return
    if any(ref):
        s.tt = {}
    s.ref = tuple(h)
    cls = [-1] * 36
    for i, hand in enumerate(h):
        for c in iter_cards(hand):
            cls[c] = i | s.eq[c] << 2 | (s.kept >> c & 1) << 20
    for su, order in enumerate(s.suits):
        canon = s.canon[su] = list(range(512))
        held = [c for c in order if cls[c] >= 0]  # the reference's cards of the suit, the weakest first
        for m in _subsets(sum(1 << c % 9 for c in held)):
            out = p = 0
            for c in held:
                if m >> c % 9 & 1:
                    while cls[held[p]] != cls[c]:  # stops at c itself at the latest
                        p += 1
                    out |= 1 << held[p] % 9
                    p += 1
            canon[m] = out


def _subsets(mask: int) -> list[int]:
    """Every subset of ``mask``."""
    out = [0]
    for c in iter_cards(mask):
        out += [x | 1 << c for x in out]
    return out


def check_deadline(s: Core) -> None:
    """Read the clock (once in 1024 positions): past the deadline, stop the search with ``TimeoutError``."""
    if s.deadline > 0 and time.monotonic() > s.deadline:
        raise TimeoutError("the search passed its deadline")


def legal_miss(s: Core, hand: int, trick: list[int], n: int, key: int, relm: int) -> int:
    """A case the legal-move memo does not hold yet: ask ``legal_moves`` about ``hand`` after the ``n``
    cards ``trick`` and remember the answer under ``key`` (the led suit and trump cards held, whether other
    cards are held, the trick: ``relm`` masks the first two)."""
    lg = s.legal_cb(hand, tuple(trick[:n]))
    if not lg or lg & ~hand:
        raise ValueError("legal_moves gave cards outside the hand")
    s.lmemo[key] = (lg & relm) | (OTHER_BIT if lg & ~relm else 0)
    return lg


def tt_store(s: Core, key: int, lo: int, hi: int, best: int) -> None:
    """Keep the bounds ``lo``..``hi`` and the best lead of a trick boundary, tightening those kept (the C
    table also keeps the tricks left, to choose what to forget when a bucket is full)."""
    entry = s.tt.get(key)
    if entry is not None:
        if entry[0] > lo:
            lo = entry[0]
        if entry[1] < hi:
            hi = entry[1]
    s.tt[key] = (lo, hi, best)


CARDS = tuple(range(36))
"""Each card its own sort key (``move_keys`` then gives the cards)."""


def move_keys(
    up: Sequence[int], pts: Sequence[int], lg: int, gone: int, k1: Sequence[int], k0: Sequence[int], split: int
) -> list[int]:
    """The sort keys of the cards of ``lg`` (``k1[c]`` for a card of ``split``, ``k0[c]`` for the others),
    one card (the strongest) of each run of equivalent cards: a card goes when the next stronger card of
    its suit still in play (``gone``: the cards played) is in ``lg`` and has the same points."""
    out = []
    m = lg
    while m:
        b = m & -m
        m ^= b
        c = b.bit_length() - 1
        n = up[c]
        while n >= 0 and gone >> n & 1:
            n = up[n]
        if n < 0 or not lg >> n & 1 or pts[n] != pts[c]:
            out.append(k1[c] if split & b else k0[c])
    return out


def equivalents(up: Sequence[int], pts: Sequence[int], lg: int, gone: int) -> dict[int, int]:
    """Each card of ``lg`` and the card that stands for its run of equivalent cards (``move_keys``' rule:
    the next stronger card of its suit still in play is in ``lg`` and has the same points), the strongest
    of the run: the cards ``move_keys`` keeps stand for themselves. Equivalent cards have the same value."""
    out = {}
    for c in iter_cards(lg):
        top = c
        while True:
            n = up[top]
            while n >= 0 and gone >> n & 1:
                n = up[n]
            if n < 0 or not lg >> n & 1 or pts[n] != pts[top]:
                break
            top = n
        out[c] = top
    return out


def last_trick(s: Core, leader: int, flag: int) -> int:
    """Trick 9 from its lead, one card left in each hand: its value (the last trick's 5, and the match)."""
    if s.dirs is not None:
        s.at_trick(8)
    hands = s.hands
    c = hands[leader].bit_length() - 1
    p = s.pts[c] + s.last_bonus
    w, ws = c, leader
    for i in (1, 2, 3):
        seat = (leader + i) & 3
        d = hands[seat].bit_length() - 1
        p += s.pts[d]
        if s.beats[w] >> d & 1:
            w, ws = d, seat
    team = ws & 1
    if flag == team:
        p += s.match_bonus
    return -p if team else p


def lead(s: Core, leader: int, flag: int, left: int, gone: int, alpha: int, beta: int) -> int:
    """The value of the rest of the round at a trick boundary, ``leader`` to lead (``left``: the points
    still out, +5; ``gone``: the cards played): fail-soft in the window ``alpha``..``beta``."""
    s.nodes = nodes = s.nodes + 1
    if not nodes & CLOCK_EVERY:
        check_deadline(s)
    if s.dirs is not None:
        s.at_trick(gone.bit_count() >> 2)
    rem = FULL ^ gone
    if rem.bit_count() == 4:
        return last_trick(s, leader, flag)
    hands = s.hands
    tsh = s.tsh
    if tsh >= 0 and (r9 := rem >> tsh & 511):
        # trumps that beat all of the other team's are in tricks their team wins
        a9 = (hands[0] | hands[2]) >> tsh & 511
        b9 = r9 ^ a9
        m0 = a9 & s.top_above[b9]
        m1 = b9 & s.top_above[a9]
        hi = left - 2 * s.tpts[m1] + (0 if m1 else s.hi_bonus[flag])
        lo = 2 * s.tpts[m0] - left - (0 if m0 else s.lo_bonus[flag])
    else:
        hi = left + s.hi_bonus[flag]
        lo = -left - s.lo_bonus[flag]
    if hi <= alpha:
        return hi
    if lo >= beta:
        return lo
    cn = s.canon
    key = (cn[0][rem & 511] | cn[1][rem >> 9 & 511] << 9 | cn[2][rem >> 18 & 511] << 18
           | cn[3][rem >> 27 & 511] << 27) << 4 | leader << 2 | flag  # fmt: skip
    entry = s.tt.get(key)
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
    beats = s.beats
    pts = s.pts
    others = rem ^ hand
    order = move_keys(s.up, s.eq, hand, gone, CARDS, CARDS, 0)
    if len(order) > 1:
        k_lead = s.k_lead
        for i, c in enumerate(order):
            if c == hint:
                continue  # the table's best lead first
            if not beats[c] & others & SUIT_MASKS[c // 9]:  # a master of its suit: richest first
                order[i] = (64 - pts[c]) << 6 | c
            else:
                order[i] = k_lead[c]
        order.sort()
    maximize = not leader & 1
    best_v = -INF if maximize else INF
    best_c = -1
    nxt = (leader + 1) & 3
    trick = [0, 0, 0, 0]
    for x in order:
        c = x & 63
        hands[leader] = hand ^ (1 << c)
        trick[0] = c
        v = follow(s, 1, nxt, trick, (c + 1) << 37, c, leader, pts[c], leader, flag, left, gone, alpha, beta)
        if maximize:
            if v > best_v:
                best_v, best_c = v, c
                if v > alpha:
                    alpha = v
                    if v >= beta:
                        break
        elif v < best_v:
            best_v, best_c = v, c
            if v < beta:
                beta = v
                if v <= alpha:
                    break
    hands[leader] = hand
    if best_v <= a0:
        tt_store(s, key, -INF, best_v, best_c)
    elif best_v >= b0:
        tt_store(s, key, best_v, INF, best_c)
    else:
        tt_store(s, key, best_v, best_v, best_c)
    return best_v


def follow(
    s: Core, pos: int, seat: int, trick: list[int], tk: int, wcard: int, wseat: int, tp: int, leader: int,
    flag: int, left: int, gone: int, alpha: int, beta: int,
) -> int:  # fmt: skip
    """The value of the rest of the round (this trick included) with the ``pos`` cards ``trick`` down
    (``tk`` encodes them) and ``seat`` to play: ``wcard`` of ``wseat`` wins the trick so far, ``tp`` its
    points. Fail-soft in the window ``alpha``..``beta``."""
    s.nodes = nodes = s.nodes + 1
    if not nodes & CLOCK_EVERY:
        check_deadline(s)
    if s.dirs is not None:
        s.at_trick(gone.bit_count() >> 2)
    hands = s.hands
    hand = hands[seat]
    # legal_moves, memoized on the led suit and trump cards held, whether other cards are held, the trick
    relm = s.rel[trick[0] // 9]
    hr = hand & relm
    key = hr | tk | (OTHER_BIT if hand != hr else 0)
    e = s.lmemo.get(key)
    if e is None:
        lg = legal_miss(s, hand, trick, pos, key, relm)
    else:
        lg = (e & FULL) | (hand & ~relm) if e & OTHER_BIT else e
    bw = s.beats[wcard]
    # the search order, as sort keys (order key << 6 | card)
    if not (wseat ^ seat) & 1:  # the partner wins so far
        k1 = s.k_smear if pos == 3 or not bw & hands[(seat + 1) & 3] else s.k_low
        k0 = k1
    else:
        k1 = s.k_win  # the cheapest winner first (the fourth seat too: 2-4% fewer positions than the richest)
        k0 = s.k_discard
    pts = s.pts
    order = move_keys(s.up, s.eq, lg, gone, k1, k0, bw)
    if len(order) > 1:
        order.sort()
    maximize = not seat & 1
    best_v = -INF if maximize else INF
    gone2 = gone
    last8 = False
    if pos == 3:
        gone2 = gone | (1 << trick[0]) | (1 << trick[1]) | (1 << trick[2])
        cnt = gone2.bit_count()
        # (not in trick 8 or 9: the table holds no position of the last trick, nothing to find)
        if len(order) > 1 and cnt < 31:
            # enhanced transposition cutoff: a child already known to refute this window
            rem2 = FULL ^ gone2
            cn = s.canon
            k2 = cn[0][rem2 & 511] | cn[1][rem2 >> 9 & 511] << 9 | cn[2][rem2 >> 18 & 511] << 18
            k2 |= cn[3][rem2 >> 27 & 511] << 27
            for x in order:
                c = x & 63
                w = seat if bw >> c & 1 else wseat
                team = w & 1
                nflag = team if flag == FRESH else (flag if flag == team else NO_MATCH)
                su = c // 9  # the child's key: the played card's suit keyed again
                kc = k2 & ~SUIT_MASKS[su] | cn[su][(rem2 ^ 1 << c) >> 9 * su & 511] << 9 * su
                te = s.tt.get(kc << 4 | w << 2 | nflag)
                if te is not None:
                    p = tp + pts[c]
                    if maximize:
                        v = te[0] - p if team else te[0] + p
                        if te[0] > -INF and v >= beta:
                            return v
                    else:
                        v = te[1] - p if team else te[1] + p
                        if te[1] < INF and v <= alpha:
                            return v
        if cnt == 35:  # trick 9 (from a root inside it): the round ends with this card
            c = order[0] & 63
            w = seat if bw >> c & 1 else wseat
            p = tp + pts[c] + s.last_bonus + (s.match_bonus if flag == w & 1 else 0)
            return -p if w & 1 else p
        last8 = cnt == 31  # trick 8: each card also decides trick 9 (one card left in each hand)
    nxt = (seat + 1) & 3
    shift = 37 + 6 * pos
    for x in order:
        c = x & 63
        bit = 1 << c
        hands[seat] = hand ^ bit
        if pos < 3:
            trick[pos] = c
            if bw & bit:
                v = follow(s, pos + 1, nxt, trick, tk | (c + 1) << shift, c, seat, tp + pts[c], leader, flag, left,
                           gone, alpha, beta)  # fmt: skip
            else:
                v = follow(s, pos + 1, nxt, trick, tk | (c + 1) << shift, wcard, wseat, tp + pts[c], leader, flag,
                           left, gone, alpha, beta)  # fmt: skip
        else:
            w = seat if bw & bit else wseat
            p = tp + pts[c]
            team = w & 1
            nflag = team if flag == FRESH else (flag if flag == team else NO_MATCH)
            if last8:
                v = (-p if team else p) + last_trick(s, w, nflag)
            elif team:
                v = lead(s, w, nflag, left - p, gone2 | bit, alpha + p, beta + p) - p
            else:
                v = lead(s, w, nflag, left - p, gone2 | bit, alpha - p, beta - p) + p
        # the minimax step (fail-soft): the best value so far, the window, a cutoff
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

SearchCore: TypeAlias = "Core | _CompiledCore"
"""The search of one deal: the compiled core, or the same search in Python."""


def tt_bits_for(cards_left: int) -> int:
    """The compiled table's size (``2**bits`` buckets of eight) for a search with ``cards_left`` cards in
    the hands: about four entries per trick boundary the largest searches store (a whole round stores some
    millions, from the fourth trick thousands); a table larger than that costs its memory's first touch."""
    return _TT_BITS if cards_left > 32 else 18 if cards_left > 28 else 16 if cards_left > 20 else 14


_POOL: dict[tuple[Contract, object, bool], list[SearchCore]] = {}
"""Idle cores by (contract, profile, compiled), their tables forgotten when taken again (``Core.reset``):
a small table's allocation and first touch cost more than the search itself from the fourth trick. A
Python core keeps its legal-move memo: the memo's keys hold no card of the deal beyond the relevant part
of a hand and the trick, so one deal's answers serve the next."""
_POOL_KEEP = 2  # idle cores kept per key
POOL_KEYS = 48
"""At most this many contracts × profiles pooled: profiles come from users, so the pool stays bounded (past
it, the pool starts again rather than grow)."""
_POOL_MAX_BITS = 16  # larger tables (4 MiB and up) are freed, not kept


def idle_cores() -> dict[tuple[Contract, object, bool], int]:
    """The pool as it stands: (contract, profile, compiled) -> the idle cores kept for it. What a search gave
    back, seen without the pool itself."""
    return {key: len(idle) for key, idle in list(_POOL.items())}


def drop_idle_cores() -> None:
    """Empty the pool: the next searches build their cores afresh (``new_core``)."""
    _POOL.clear()


def _take_core(r: RoundState, compiled: bool, tt_bits: int, deadline: float) -> SearchCore:
    """A core for the deal and contract of ``r``: an idle one of the pool, reset, or a new one."""
    idle = _POOL.get((r.contract, r.profile, compiled))  # type: ignore[arg-type]
    try:
        core = idle.pop() if idle else None
    except IndexError:  # another thread took the last one
        core = None
    if core is None:
        return new_core(r, compiled, tt_bits, deadline)
    core.reset(tt_bits)
    core.deadline = deadline
    return core


def _give_back(key: tuple[Contract, object, bool], core: SearchCore, tt_bits: int) -> None:
    """Keep ``core`` for the next search of its contract and profile (a few per key, small tables only)."""
    if tt_bits <= _POOL_MAX_BITS and not key[0].changes_direction:  # Slalom, Guschti: built per trick
        if key not in _POOL and len(_POOL) >= POOL_KEYS:
            _POOL.clear()  # many profiles seen: start again rather than grow
        idle = _POOL.setdefault(key, [])
        if len(idle) < _POOL_KEEP:
            idle.append(core)


def new_core(r: RoundState, compiled: bool, tt_bits: int, deadline: float) -> SearchCore:
    """The search for the deal and contract of ``r``: its tables, and ``legal_moves`` under its profile. A new
    one, never one of the pool (``_take_core`` takes it when the pool has none): a search whose table starts
    empty, to hold a reused core against."""
    assert r.contract is not None
    contract, profile = r.contract, r.profile
    pts = tuple(r.points)
    one = contract.direction(len(r.tricks))  # Slalom, Guschti: replaced trick by trick (``set_directions``)
    beats, up, rank = contract_tables(one)
    tsh, top_above, tpts = _trump_tables(one, pts)
    rel = tuple(SUIT_MASKS[s] | trump_mask(one) for s in range(4))

    def legal_cb(hand: int, cards: tuple[int, ...]) -> int:
        return legal_moves(CardSet(hand), cards, contract, profile)

    if contract.changes_direction:  # Slalom, Guschti: the Python search only (``set_directions``)
        py_core = Core(beats, up, pts, rank, rel, tsh, top_above, tpts, LAST_TRICK_BONUS, MATCH_BONUS, legal_cb,
                       tt_bits=tt_bits)  # fmt: skip
        py_core.set_directions(*_direction_tables(contract, profile.undenufe_values, profile.slalom_guschti_values))
        py_core.deadline = deadline
        return py_core
    rules = compiled_legal_rules(profile, contract) if compiled and _CORE is not None else None
    if rules is not None and _CORE is not None:  # the compiled core: its legal moves from puur/core/_legal.h
        core: SearchCore = _CORE(beats, up, pts, rank, tsh, top_above, tpts, LAST_TRICK_BONUS, MATCH_BONUS, rules,
                                 tt_bits=tt_bits)  # fmt: skip
    else:  # no compiled core, or a profile whose legal-move options _legal.h does not know
        core = Core(beats, up, pts, rank, rel, tsh, top_above, tpts, LAST_TRICK_BONUS, MATCH_BONUS, legal_cb,
                    tt_bits=tt_bits, kept=PUUR_BITS[contract])  # fmt: skip
    core.deadline = deadline
    return core


@cache
def _direction_tables(
    contract: Contract, undenufe_values: str, slalom_guschti_values: str = "obenabe"
) -> tuple[tuple[int, ...], tuple[tuple[tuple[int, ...], ...], ...]]:
    """For ``Core.set_directions``: the direction (0 Obenabe, 1 Undenufe) of each trick of ``contract``
    and each direction's tables (a ``Core`` built with them holds its search-order keys), with the card
    points a trick of that direction counts (``trick_points_table``: the round's Obenabe values)."""
    dirs = tuple(0 if contract.direction(t) == Contract.O else 1 for t in range(9))
    tabs = []
    for i, d in enumerate((Contract.O, Contract.U)):
        beats, up, rank = contract_tables(d)
        pts = trick_points_table(contract, dirs.index(i), undenufe_values, slalom_guschti_values)
        c = Core(beats, up, pts, rank, (0, 0, 0, 0), -1, (511,) * 512, (0,) * 512, 0, 0, lambda h, t: h)
        tabs.append((c.beats, c.up, c.pts, c.k_smear, c.k_low, c.k_win, c.k_discard, c.k_lead))
    return dirs, tuple(tabs)


@dataclass(frozen=True)
class _Root:
    """The search at one position of its deal: ``value(alpha, beta)``, ``child(card, alpha, beta)`` (after
    the seat to act plays ``card``), ``left`` the points still out (+5), ``moves`` the legal cards (one of
    each equivalent run) and ``legal`` all of them as a card set."""

    core: SearchCore
    contract: Contract
    pts: tuple[int, ...]
    hands: tuple[int, ...]
    trick: tuple[int, ...]
    leader: int
    seat: int
    flag: int
    left: int
    played: int
    moves: list[int]
    legal: int
    runs: dict[int, int]
    """each legal card -> the one of ``moves`` it is equivalent to (``equivalents``)"""

    @staticmethod
    def at(core: SearchCore, r: RoundState) -> _Root:
        """The search ``core`` rooted at position ``r`` (of the deal and contract it was built for)."""
        assert r.contract is not None and r.to_act is not None
        up = contract_tables(r.contract.direction(len(r.tricks)))[1]
        pts = tuple(r.points)  # the trick in play's points (its direction under Slalom, Guschti)
        hands = tuple(r.hands)
        played = 0
        flag = FRESH
        for t in r.tricks:
            for c in t.cards:
                played |= 1 << c
            flag = _flag_after(flag, t.winner & 1)
        held = hands[0] | hands[1] | hands[2] | hands[3]
        eq = pts
        if r.contract.changes_direction:
            # a bound on the points still out: each card at the more of its two values (the search subtracts
            # each trick's real points); equivalent cards have equal points in both directions
            top = _max_points(r.contract, r.profile.undenufe_values, r.profile.slalom_guschti_values)
            left = LAST_TRICK_BONUS + sum(top[c] for c in iter_cards(held)) + sum(top[c] for c in r.trick)
            eq = core.eq if isinstance(core, Core) else pts
        else:
            left = LAST_TRICK_BONUS + sum(pts[c] for c in iter_cards(held)) + sum(pts[c] for c in r.trick)
        legal = r.legal_cards()
        moves = move_keys(up, eq, legal, played, CARDS, CARDS, 0)
        trick = tuple(r.trick)
        runs = equivalents(up, eq, legal, played)
        return _Root(core, r.contract, pts, hands, trick, r.leader, r.to_act, flag, left, played, moves, legal, runs)

    def _follow(self, hands: list[int], trick: tuple[int, ...], alpha: int, beta: int) -> int:
        """``core.follow`` with the one to three cards ``trick`` of this trick down."""
        wi = trick_winner(trick, self.contract, self.played.bit_count() >> 2)
        seat = (self.leader + len(trick)) & 3
        tp = sum(self.pts[c] for c in trick)
        return self.core.follow(hands, trick, seat, trick[wi], (self.leader + wi) & 3, tp, self.leader, self.flag,
                                self.left, self.played, alpha, beta)  # fmt: skip

    def value(self, alpha: int, beta: int) -> int:
        """Team 0's future points minus team 1's from this position, searched in the window (fail-soft)."""
        if not self.trick:
            return self.core.lead(self.hands, self.leader, self.flag, self.left, self.played, alpha, beta)
        return self._follow(list(self.hands), self.trick, alpha, beta)

    def keeps(self, c: int, value: int) -> bool:
        """Whether the seat to act keeps the position's value ``value`` by playing ``c`` (one null-window
        search at the value, from the side of the seat's team)."""
        if self.seat % 2 == 0:
            return self.child(c, value - 1, value) >= value
        return self.child(c, value, value + 1) <= value

    def first_keeping(self, value: int) -> int:
        """The first of ``moves`` (the search's order) that keeps the position's value ``value``."""
        for c in self.moves:
            if self.keeps(c, value):
                return c
        raise AssertionError("no legal card keeps the position's value")  # pragma: no cover

    def child(self, c: int, alpha: int, beta: int) -> int:
        """The value after the seat to act plays ``c``."""
        hands = list(self.hands)
        hands[self.seat] ^= 1 << c
        trick = (*self.trick, c)
        if len(trick) < 4:
            return self._follow(hands, trick, alpha, beta)
        wi = trick_winner(trick, self.contract, self.played.bit_count() >> 2)
        team = (self.leader + wi) & 1
        p = sum(self.pts[d] for d in trick)
        gone = self.played | (1 << trick[0]) | (1 << trick[1]) | (1 << trick[2]) | (1 << c)
        sign = -1 if team else 1
        if gone == FULL:  # the ninth trick ends the round
            return sign * (p + LAST_TRICK_BONUS + (MATCH_BONUS if self.flag == team else 0))
        nflag = _flag_after(self.flag, team)
        return self.core.lead(hands, (self.leader + wi) & 3, nflag, self.left - p, gone, alpha - sign * p,
                              beta - sign * p) + sign * p  # fmt: skip


def _greedy_guess(r: RoundState) -> int:
    """A first guess for MTD(f): the future points difference (card points, last trick, match) when
    everyone plays the rollout policy (``policy_score``, compiled where it can be)."""
    from puur.bots.rollout import policy_score

    t = policy_score(r).tricks_raw
    return t[0] - t[1] - (r.card_points[0] - r.card_points[1])


def _bisect(value: Callable[[int, int], int], guess: int, lo: int, hi: int, step: int = 2) -> int:
    """The exact value, known to lie in [lo, hi] with the parity of ``lo`` (team 0's and team 1's points
    sum to the points still out), by null-window searches: the first at ``guess``, then bisecting the
    interval the fail-soft answers leave (MTD(f) with bisection; the table keeps bounds between them).
    ``step`` 1 where the parity is not known (Slalom, Guschti: the points still out vary by 11)."""
    beta = max(lo + step, min(hi, guess + (guess - lo) % step))
    while lo < hi:
        v = value(beta - 1, beta)
        if v < beta:
            hi = v
        else:
            lo = v
        n = (hi - lo) // step
        beta = lo + step * ((n + 1) // 2)
    return lo


def _step(r: RoundState) -> int:
    """``_bisect``'s step: 2 where the points still out are fixed, 1 under Slalom and Guschti."""
    return 1 if r.contract is not None and r.contract.changes_direction else 2


@cache
def _max_points(contract: Contract, undenufe_values: str, slalom_guschti_values: str) -> tuple[int, ...]:
    """Each card's larger value in the two directions of ``contract`` (Slalom and Guschti bounds; one
    value set for the round, its Obenabe values, unless the old reading ``by_trick``)."""
    dirs = [contract.direction(t) for t in range(9)]
    o, u = (trick_points_table(contract, dirs.index(d), undenufe_values, slalom_guschti_values)
            for d in (Contract.O, Contract.U))  # fmt: skip
    return tuple(max(a, b) for a, b in zip(o, u, strict=True))


def _final_points(value: int, r: RoundState) -> tuple[int, int]:
    """The round's points by team from the future points difference ``value`` at position ``r`` (not under
    Slalom and Guschti, whose total varies: ``Solver.solve`` plays their principal line out)."""
    taken = r.card_points
    diff = value + taken[0] - taken[1]
    # the future and past points sum to the round's 157 (152 in the cards, 5 for the last trick; +100 for a
    # match): recover each team's total
    round_points = sum(r.points) + LAST_TRICK_BONUS
    total = round_points + (MATCH_BONUS if abs(diff) > round_points else 0)
    p0 = (total + diff) // 2
    return p0, total - p0


class Solver:
    """Perfect-play analysis of one deal under one contract: ``solve`` any of its positions, ``card_points``
    for every legal card. The transposition table carries over from one position to the next (its entries
    are positions of the same deal), so going through a round card by card costs little more than its first
    position.

    ``compiled``: search with the compiled core (the default when it is built) or in Python (``False``);
    both search the same tree and give the same answer. ``tt_bits``: the compiled core's table has
    ``2**tt_bits`` buckets (at least 2**14) of eight entries (8 bytes each); by default sized by the cards
    still in the hands (``tt_bits_for``: from 2**14 buckets in an endgame to 2**20 for a whole round). Small cores go
    back to a pool when the solver is dropped, and the next solver of the contract and profile takes one
    (its table forgotten).
    ``deadline``: a ``time.monotonic()`` time after which a search stops and raises ``TimeoutError`` (the
    clock is read every thousand positions or so; what the table learnt stays valid, the stopped search is
    lost).
    """

    def __init__(
        self, r: RoundState, *, compiled: bool | None = None, tt_bits: int | None = None,
        deadline: float | None = None,
    ) -> None:  # fmt: skip
        if r.contract is None or r.to_act is None:
            raise ValueError("the solver needs a position in the card play (contract chosen, round not over)")
        if compiled and _CORE is None:
            raise RuntimeError("the compiled solver core is not built (pip install -e . with a C compiler)")
        use_c = _CORE is not None if compiled is None else compiled
        if r.contract.changes_direction:
            use_c = False  # Slalom, Guschti: the Python search (the compiled core knows one order per deal)
        if tt_bits is None:
            tt_bits = tt_bits_for(sum(h.bit_count() for h in r.hands))
        self._core = _take_core(r, use_c, tt_bits, deadline or 0.0)
        self._pool_key = (r.contract, r.profile, use_c)
        self._tt_bits = tt_bits
        self._deal = (list(r.dealt), r.contract, r.profile)

    def __del__(self) -> None:
        """Back to the pool with the core (``_give_back``)."""
        core = getattr(self, "_core", None)
        if core is not None:
            self._core = None  # type: ignore[assignment]
            _give_back(self._pool_key, core, self._tt_bits)

    @property
    def nodes(self) -> int:
        """Positions searched so far."""
        return int(self._core.nodes)

    def _root(self, r: RoundState) -> _Root:
        """The search rooted at position ``r``, which must be of this solver's deal and contract."""
        if (list(r.dealt), r.contract, r.profile) != self._deal or r.to_act is None:
            raise ValueError("the position is not of the deal and contract this search was built for")
        return _Root.at(self._core, r)

    def equivalent_runs(self, r: RoundState) -> dict[int, int]:
        """Each legal card at position ``r`` -> the card of its run of equivalent cards that the search tests
        in its stead (``best_cards`` searches one card per run): how much the runs save, seen from outside."""
        return dict(self._root(r).runs)

    def value(self, r: RoundState) -> int:
        """Team 0's points minus team 1's from position ``r`` to the end of the round, under perfect play."""
        root = self._root(r)
        return _bisect(root.value, _greedy_guess(r), -root.left - MATCH_BONUS, root.left + MATCH_BONUS, _step(r))

    def solve(self, r: RoundState) -> SolveResult:
        """The best card for the seat to act and the round's final points by team under perfect play."""
        root = self._root(r)
        value = _bisect(root.value, _greedy_guess(r), -root.left - MATCH_BONUS, root.left + MATCH_BONUS, _step(r))
        card = root.first_keeping(value)  # the first (in search order) whose value reaches the round's value
        if r.contract is not None and r.contract.changes_direction:
            return SolveResult(card, self._line_points(r, card), self.nodes)
        return SolveResult(card, _final_points(value, r), self.nodes)

    def _line_points(self, r: RoundState, card: int | None = None) -> tuple[int, int]:
        """Slalom, Guschti: the round's points by team along a perfect line from ``r`` (``card`` first when
        given, then at each position a card that keeps the value): their total varies with the tricks'
        directions, so the value (a difference) alone does not give them. Among the perfect lines the
        first in search order is taken (equal in value; the split may differ by the aces and sixes)."""
        g = r.clone()
        if card is not None:
            g.play(card)
        value = 0
        while not g.is_done:
            root = self._root(g)
            value = _bisect(root.value, value, -root.left - MATCH_BONUS, root.left + MATCH_BONUS, 1)
            g.play(root.first_keeping(value))
        bonus = match_bonus(g.tricks_won)
        return g.card_points[0] + bonus[0], g.card_points[1] + bonus[1]

    def best_cards(self, r: RoundState, value: int | None = None) -> tuple[int, int]:
        """The value at ``r`` (as ``value``) and the card set of every legal card that keeps it: one card
        of each run of equivalent cards tested with one null-window search against the value (cheap once
        the value is known), the others of its run sharing its answer. ``value``: the position's value when
        the caller knows it (``value_after``), which saves finding it."""
        root = self._root(r)
        if value is None:
            value = _bisect(root.value, _greedy_guess(r), -root.left - MATCH_BONUS, root.left + MATCH_BONUS, _step(r))
        kept = {c for c in root.moves if root.keeps(c, value)}
        best = 0
        for c, top in root.runs.items():
            if top in kept:
                best |= 1 << c
        return value, best

    def best_card(self, r: RoundState, value: int | None = None) -> int:
        """The card ``solve`` names at ``r``: the first legal card in the search's order that keeps the
        position's value. ``value``: that value when the caller knows it (``value_after``), which saves
        finding it."""
        root = self._root(r)
        if value is None:
            value = _bisect(root.value, _greedy_guess(r), -root.left - MATCH_BONUS, root.left + MATCH_BONUS, _step(r))
        return root.first_keeping(value)

    @staticmethod
    def value_after(value: int, taken: Sequence[int], after: RoundState) -> int | None:
        """The value at ``after`` when the card just played there kept the value ``value`` of the position
        before it, where the teams had taken the card points ``taken``: the round's final points stay, so
        the future difference loses what the card's trick brought in. None under Slalom and Guschti, whose
        totals vary with the line."""
        if after.contract is None or after.contract.changes_direction:
            return None
        now = after.card_points
        return value + (taken[0] - taken[1]) - (now[0] - now[1])

    def card_bounds(self, r: RoundState, cards: int | None = None) -> dict[int, int]:
        """For each legal card of the seat to act (or those of the card set ``cards``): the value (as
        ``value``) when it plays that card, exact for the cards that keep the position's value and a bound
        for the others, from one null-window search at the value: for the side to act never better than
        the value less one point, never worse than the card's true value. Cheaper than ``card_values``
        (one bisection for the position, then one null window per card: about a third of its time with
        eight tricks left); ``mcts`` values its deep worlds so (perfect-information Monte Carlo)."""
        root = self._root(r)
        value = _bisect(root.value, _greedy_guess(r), -root.left - MATCH_BONUS, root.left + MATCH_BONUS, _step(r))
        maximize = r.to_act is not None and r.to_act % 2 == 0
        out: dict[int, int] = {}
        for c in iter_cards(root.legal if cards is None else cards & root.legal):
            v = root.child(c, value - 1, value) if maximize else root.child(c, value, value + 1)
            out[c] = min(v, value) if maximize else max(v, value)
        return out

    def card_values(self, r: RoundState, cards: int | None = None) -> dict[int, int]:
        """For each legal card of the seat to act (or those of the card set ``cards``): the value (as
        ``value``, from position ``r``) when it plays that card and everyone plays perfectly after it."""
        root = self._root(r)
        lo, hi = -root.left - MATCH_BONUS, root.left + MATCH_BONUS
        out: dict[int, int] = {}
        guess = 0
        for c in iter_cards(root.legal if cards is None else cards & root.legal):
            guess = out[c] = _bisect(partial(root.child, c), guess, lo, hi, _step(r))
        return out

    def final_points(self, value: int, r: RoundState) -> tuple[int, int]:
        """The round's final points by team for the future points difference ``value`` at position ``r``
        (the value of ``r`` or of one of its cards; Slalom, Guschti: along a perfect line, ``_line_points``)."""
        if r.contract is not None and r.contract.changes_direction and not r.is_done:
            return self._line_points(r) if self.value(r) == value else self._card_line(r, value)
        return _final_points(value, r)

    def _card_line(self, r: RoundState, value: int) -> tuple[int, int]:
        """Slalom, Guschti: the points along a perfect line after the legal card of ``r`` whose value is
        ``value`` (``card_values``)."""
        for c, v in self.card_values(r).items():
            if v == value:
                return self._line_points(r, c)
        raise ValueError(f"no legal card at this position has the value {value}")


def solve(r: RoundState, *, compiled: bool | None = None) -> SolveResult:
    """The best card for the seat to act and the round's final points by team under perfect play.

    ``compiled``: search with the compiled core (the default when it is built) or in Python (``False``);
    both search the same tree and give the same answer.
    """
    return Solver(r, compiled=compiled).solve(r)


__all__ = ["COMPILED", "POOL_KEYS", "SolveResult", "Solver", "contract_tables", "drop_idle_cores", "idle_cores", "new_core",
           "solve"]
