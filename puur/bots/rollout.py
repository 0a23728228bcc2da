"""A fast, cheap card-play policy over ``RoundState`` for search playouts.

It sees the whole determinized deal (it plays inside one sampled world, never at the real table) and
follows the plainest of the PRODUCT.md §3.3 rules with integer tricks only: win a trick with the weakest
card that wins it (preferring one the next opponent cannot overtake), spend a trump only on a trick worth
it, smear points on the partner's trick when it is sure (last player, or the last opponent cannot beat it),
otherwise throw the cheapest card; lead the master trump while the opponents hold trumps, else a master
the opponents cannot ruff.
"""

from __future__ import annotations

from puur.cards import SUIT_MASKS
from puur.round import RoundState
from puur.rules.legal import legal_moves
from puur.rules.tables import STRENGTH_TABLES
from puur.rules.trick import trick_winner

TRUMP_WORTHY = 10
"""§3.3: a trump is spent on a trick worth at least this many points (or on the last trick)."""


def _lowest(mask: int, key: tuple[int, ...]) -> int:
    best, best_v = -1, 1 << 30
    while mask:
        low = mask & -mask
        c = low.bit_length() - 1
        if key[c] < best_v:
            best, best_v = c, key[c]
        mask ^= low
    return best


def _highest(mask: int, key: tuple[int, ...]) -> int:
    best, best_v = -1, -(1 << 30)
    while mask:
        low = mask & -mask
        c = low.bit_length() - 1
        if key[c] > best_v:
            best, best_v = c, key[c]
        mask ^= low
    return best


def _discard_keys(points: tuple[int, ...], strength: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(points[c] * 16 + (strength[c] % 100) + (40 if strength[c] >= 100 else 0) for c in range(36))


_KEYS: dict[tuple[int, tuple[int, ...]], tuple[int, ...]] = {}


def _can_beat(hand: int, c: int, strength: tuple[int, ...], tmask: int) -> bool:
    """Whether ``hand`` holds a card that beats ``c`` (a stronger card of its suit, or a trump over a plain card)."""
    if tmask and not (tmask >> c) & 1 and hand & tmask:
        return True
    m = hand & SUIT_MASKS[c // 9]
    st = strength[c]
    while m:
        low = m & -m
        if strength[low.bit_length() - 1] > st:
            return True
        m ^= low
    return False


def choose(r: RoundState) -> int:
    """The policy's card for the seat to act."""
    seat = r.to_act
    assert seat is not None and r.contract is not None
    contract = r.contract
    hands = r.hands
    hand = hands[seat]
    trick = r.trick
    legal = legal_moves(hand, trick, contract, r.profile)
    if legal & (legal - 1) == 0:
        return legal.bit_length() - 1
    strength = STRENGTH_TABLES[contract]
    points = r._points
    key = (int(contract), points)
    disc = _KEYS.get(key)
    if disc is None:
        disc = _KEYS[key] = _discard_keys(points, strength)
    trump = int(contract) if contract < 4 else -1
    tmask = SUIT_MASKS[trump] if trump >= 0 else 0
    n = len(trick)
    if not n:
        return _lead(r, seat, legal, strength, points, disc, tmask)
    w = trick_winner(trick, contract)
    partner_winning = w == n - 2
    last = n == 3
    if partner_winning:
        if last or not _can_beat(hands[(seat + 1) & 3], trick[w], strength, tmask):
            # the partner's trick is sure: smear points on it (not a trump)
            return _highest(legal & ~tmask or legal, points)
        return _lowest(legal, disc)
    tp = points[trick[0]] + (points[trick[1]] if n > 1 else 0) + (points[trick[2]] if n > 2 else 0)
    best = trick[w]
    led = trick[0] // 9
    bs = strength[best]
    bsuit = best // 9
    beat = 0
    m = legal
    while m:
        low = m & -m
        c = low.bit_length() - 1
        m ^= low
        cs = c // 9
        if (cs == bsuit and strength[c] > bs) or (cs == trump and bsuit != trump):
            beat |= low
    if beat:
        if not last:
            # keep only the cards the next opponent cannot overtake
            nxt = hands[(seat + 1) & 3]
            safe = 0
            m = beat
            while m:
                low = m & -m
                m ^= low
                if not _can_beat(nxt, low.bit_length() - 1, strength, tmask):
                    safe |= low
            if safe:
                beat = safe
        plain = beat & ~tmask
        if plain:
            return _lowest(plain, strength)
        if tp >= TRUMP_WORTHY or len(r.tricks) == 8 or led == trump:
            return _lowest(beat, strength)
    return _lowest(legal, disc)


def _lead(
    r: RoundState,
    seat: int,
    legal: int,
    strength: tuple[int, ...],
    points: tuple[int, ...],
    disc: tuple[int, ...],
    tmask: int,
) -> int:
    """Lead: draw trumps with the master trump, else a master the opponents cannot ruff, else the cheapest."""
    hands = r.hands
    opp = hands[(seat + 1) & 3] | hands[(seat + 3) & 3]
    others = opp | hands[(seat + 2) & 3]
    opp_trumps = opp & tmask
    best_c, best_v = -1, -1
    m = legal
    while m:
        low = m & -m
        c = low.bit_length() - 1
        m ^= low
        suit = SUIT_MASKS[c // 9]
        higher = others & suit
        st = strength[c]
        is_master = True
        while higher:
            lo = higher & -higher
            if strength[lo.bit_length() - 1] > st:
                is_master = False
                break
            higher ^= lo
        if not is_master:
            continue
        if suit == tmask:
            if not opp_trumps:
                continue  # no trump left to draw
            v = 1000  # draw trumps first
        else:
            if opp_trumps:
                # an opponent void in the suit with a trump would ruff it
                a, b = hands[(seat + 1) & 3], hands[(seat + 3) & 3]
                if (not a & suit and a & tmask) or (not b & suit and b & tmask):
                    continue
            v = points[c] + 20 + (st % 100)
        if v > best_v:
            best_c, best_v = c, v
    if best_c >= 0:
        return best_c
    return _lowest(legal, disc)


def playout(r: RoundState) -> None:
    """Play ``r`` to the end of the round with the policy."""
    play = r.play
    while r.to_act is not None:
        play(choose(r))
