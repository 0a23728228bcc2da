"""A fast, cheap card-play policy over ``RoundState`` for search playouts.

It sees the whole determinized deal (it plays inside one sampled world, never at the real table) and
follows the plainest of the PRODUCT.md §3.3 rules with integer tricks only: win a trick with the weakest
card that wins it, spend a trump only on a trick worth it, smear points on a trick the partner is
winning as the last player, otherwise throw the cheapest card; lead a master when holding one.
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


def choose(r: RoundState) -> int:
    """The policy's card for the seat to act."""
    seat = r.to_act
    assert seat is not None and r.contract is not None
    contract = r.contract
    hand = r.hands[seat]
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
    if not trick:
        # lead a master: the strongest remaining card of a suit (not trump unless it is the top trump)
        others = 0
        for s in range(4):
            if s != seat:
                others |= r.hands[s]
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
            if is_master:
                v = points[c] + 20 + (st % 100)
                if v > best_v:
                    best_c, best_v = c, v
        if best_c >= 0:
            return best_c
        return _lowest(legal, disc)
    w = trick_winner(trick, contract)
    n = len(trick)
    partner_winning = w == n - 2
    last = n == 3
    tp = points[trick[0]] + (points[trick[1]] if n > 1 else 0) + (points[trick[2]] if n > 2 else 0)
    if partner_winning:
        if last:
            return _highest(legal & ~tmask or legal, points)
        return _lowest(legal, disc)
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
        plain = beat & ~tmask
        if plain:
            return _lowest(plain, strength)
        if tp >= TRUMP_WORTHY or len(r.tricks) == 8 or led == trump:
            return _lowest(beat, strength)
    return _lowest(legal, disc)


def playout(r: RoundState) -> None:
    """Play ``r`` to the end of the round with the policy."""
    play = r.play
    while r.to_act is not None:
        play(choose(r))
