"""A fast, cheap card-play policy over ``RoundState`` for search playouts.

It sees the whole determinized deal (it plays inside one sampled world, never at the real table) and
follows the plainest of the PRODUCT.md §3.3 rules with integer tricks only: win a trick with the weakest
card that wins it (preferring one the next opponent cannot overtake; in Obenabe and Undenufe the second
hand plays low when that fails and the partner, last to play, can still take it), spend a trump only on a
trick worth it, smear points on the partner's trick when it is sure (last player, or the last opponent
cannot beat it) with a card that would not win a trick of its own, secure the partner's trick with a
plain card the last opponent cannot beat when it is not sure, otherwise throw the cheapest card that is
not a master; lead the master trump while the opponents hold trumps, else a master the opponents cannot
ruff, else the suit whose master the partner holds (the card of it worth most; of trumps the lowest,
while the opponents hold trumps), else the cheapest card of its shortest plain suit.

Its measured worth against earlier policies, and the rules tried and left out, are in
docs/experiments/players.md ("Playout policy", ``benchmarks/rollout.py``).

``policy_score`` plays a round out in the compiled playout core (``puur/core/_playout_core.c``:
``policy_choose``, this module's ``choose`` written again, card for card) where the core implements the
profile, some twenty times faster; this module stays the reference, and the two are tested equal on
random positions in every preset and contract (tests/bots/test_rollout_compiled.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import TYPE_CHECKING

from puur.core.cards import BASE_CONTRACTS, SUIT_MASKS, TRUMP_INDEX
from puur.core.playout import VALUE_ROWS, compiled_rules, pure_forced, value_rows
from puur.core.profile import RuleProfile
from puur.core.round import RoundState
from puur.core.rules.beats import BEATS, STRONGER_IN_SUIT
from puur.core.rules.legal import legal_moves
from puur.core.rules.scoring import RoundScore
from puur.core.rules.tables import STRENGTH_TABLES
from puur.core.rules.trick import trick_winner

if TYPE_CHECKING:
    from puur.core._playout_core import Rules

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


def _losers(hands: Sequence[int], seat: int, cards: int, stronger: tuple[int, ...]) -> int:
    """The ``cards`` another hand can beat in their suit: not masters, so they win no trick of their own."""
    others = hands[(seat + 1) & 3] | hands[(seat + 2) & 3] | hands[(seat + 3) & 3]
    out = 0
    m = cards
    while m:
        low = m & -m
        m ^= low
        if others & stronger[low.bit_length() - 1]:
            out |= low
    return out


def _safe_from(hand: int, cards: int, beats: tuple[int, ...]) -> int:
    """The ``cards`` that ``hand`` cannot beat (``beats``: a row of ``puur.core.rules.beats.BEATS``)."""
    out = 0
    m = cards
    while m:
        low = m & -m
        m ^= low
        if not hand & beats[low.bit_length() - 1]:
            out |= low
    return out


def _throw(hands: Sequence[int], seat: int, legal: int, disc: tuple[int, ...], stronger: tuple[int, ...]) -> int:
    """The cheapest card to throw, keeping the masters for tricks of their own."""
    return _lowest(_losers(hands, seat, legal, stronger) or legal, disc)


def choose(r: RoundState) -> int:
    """The policy's card for the seat to act."""
    seat = r.to_act
    assert seat is not None and r.contract is not None
    contract = r.contract.direction(len(r.tricks))  # Slalom, Guschti: the trick's order
    hands = r.hands
    hand = hands[seat]
    trick = r.trick
    legal = legal_moves(hand, trick, contract, r.profile)
    if legal & (legal - 1) == 0:
        return legal.bit_length() - 1
    strength = STRENGTH_TABLES[contract]
    beats = BEATS[contract]
    stronger = STRONGER_IN_SUIT[contract]
    points = r.points
    key = (int(contract), points)
    disc = _KEYS.get(key)
    if disc is None:
        disc = _KEYS[key] = _discard_keys(points, strength)
    trump = TRUMP_INDEX[contract]
    tmask = SUIT_MASKS[trump] if trump >= 0 else 0
    n = len(trick)
    if not n:
        return _lead(r, seat, legal, strength, beats, stronger, points, disc, tmask)
    w = trick_winner(trick, contract)
    partner_winning = w == n - 2
    last = n == 3
    if partner_winning:
        if last or not hands[(seat + 1) & 3] & beats[trick[w]]:
            # the partner's trick is sure: smear points on it (not a trump, not a master)
            pool = legal & ~tmask or legal
            return _highest(_losers(hands, seat, pool, stronger) or pool, points)
        # the last opponent could take the partner's trick: secure it with a plain card it cannot beat
        secure = _safe_from(hands[(seat + 1) & 3], legal & ~tmask & beats[trick[w]], beats)
        if secure:
            return _lowest(secure, strength)
        return _throw(hands, seat, legal, disc, stronger)
    tp = points[trick[0]] + (points[trick[1]] if n > 1 else 0) + (points[trick[2]] if n > 2 else 0)
    best = trick[w]
    led = trick[0] // 9
    beat: int = legal & beats[best]
    if beat and not last:
        # keep only the cards the next opponent cannot overtake
        safe = _safe_from(hands[(seat + 1) & 3], beat, beats)
        if safe:
            beat = safe
        elif n == 1 and not tmask and hands[(seat + 2) & 3] & beats[best]:
            beat = 0  # second hand low: the partner, last to play, can still take it
    if beat:
        plain = beat & ~tmask
        if plain:
            return _lowest(plain, strength)
        if tp >= TRUMP_WORTHY or len(r.tricks) == 8 or led == trump:
            return _lowest(beat, strength)
    return _throw(hands, seat, legal, disc, stronger)


def _lead(
    r: RoundState,
    seat: int,
    legal: int,
    strength: tuple[int, ...],
    beats: tuple[int, ...],
    stronger: tuple[int, ...],
    points: tuple[int, ...],
    disc: tuple[int, ...],
    tmask: int,
) -> int:
    """Lead: draw trumps with the master trump, else a master the opponents cannot ruff, else into the
    partner's master (a low trump to the partner's master trump), else the cheapest card of the shortest
    plain suit (soon void, to throw or ruff)."""
    hands = r.hands
    a, b = hands[(seat + 1) & 3], hands[(seat + 3) & 3]
    opp = a | b
    opp_trumps = opp & tmask
    best_c, best_v = -1, -1
    m = legal & ~_losers(hands, seat, legal, stronger)  # our masters
    while m:
        low = m & -m
        c = low.bit_length() - 1
        m ^= low
        suit = SUIT_MASKS[c // 9]
        if suit == tmask:
            if not opp_trumps:
                continue  # no trump left to draw
            v = 1000  # draw trumps first
        else:
            # an opponent void in the suit with a trump would ruff it
            if opp_trumps and ((not a & suit and a & tmask) or (not b & suit and b & tmask)):
                continue
            v = points[c] + 20 + (strength[c] % 100)
        if v > best_v:
            best_c, best_v = c, v
    if best_c >= 0:
        return best_c
    # no master of our own: lead into a suit whose master the partner holds and no opponent can beat or
    # ruff (``beats`` counts every trump above a plain card: while the opponents hold trumps only the trump
    # lead passes)
    partner = hands[(seat + 2) & 3]
    for suit in SUIT_MASKS:
        mine = legal & suit
        pm = partner & suit
        if not mine or not pm or opp & beats[_highest(pm, strength)]:
            continue
        if suit == tmask:  # a low trump to the partner's master trump draws the opponents' trumps
            if opp_trumps:
                best_c, best_v = _lowest(mine, strength), 0
            continue
        c = _highest(mine, points)
        if points[c] + 1 > best_v:
            best_c, best_v = c, points[c] + 1
    if best_c >= 0:
        return best_c
    return _lowest(_shortest_suit(legal, tmask), disc)


def _shortest_suit(hand: int, tmask: int) -> int:
    """The cards of the plain suit ``hand`` holds fewest of (the first such suit on a tie; the whole hand
    when it holds no plain suit)."""
    best, fewest = hand, 10
    for suit in SUIT_MASKS:
        n = (hand & suit).bit_count()
        if suit != tmask and 0 < n < fewest:
            best, fewest = hand & suit, n
    return best


def playout(r: RoundState) -> None:
    """Play ``r`` to the end of the round with the policy."""
    play = r.play
    while r.to_act is not None:
        play(choose(r))


@lru_cache(maxsize=64)
def compiled_policy(profile: RuleProfile) -> Rules | None:
    """The compiled core's rules for ``profile`` with the policy's tables set (``Rules.policy`` and
    ``Rules.rollout``), or None where the core is not built, does not implement the profile, or
    ``PUUR_PURE`` asks for Python: a core of its own, built as ``puur.core.playout.compiled_rules`` builds its
    one, with the policy's tables from the rules core (``BEATS``, ``STRONGER_IN_SUIT``) and the policy's
    own keys for a card to throw."""
    rules = None if pure_forced() else compiled_rules.__wrapped__(profile)
    if rules is None:
        return None
    rows, _ = value_rows(profile)  # each value row's keys: the trick's order with the points it counts
    discard = [k for d, values in rows for k in _discard_keys(values, STRENGTH_TABLES[d])]
    discard += [0] * (36 * VALUE_ROWS - len(discard))
    rules.set_policy(
        [m for c in BASE_CONTRACTS for m in BEATS[c]],
        [m for c in BASE_CONTRACTS for m in STRONGER_IN_SUIT[c]],
        discard,
        TRUMP_WORTHY,
    )
    return rules


def policy_score(r: RoundState, first: int | None = None) -> RoundScore:
    """The round's score (§11) once ``r`` is played to its end by the policy, after ``first`` (a legal
    card of the seat to act) when given; ``r`` itself is left as it is. Compiled where
    ``compiled_policy`` has the profile, else ``playout`` on a copy: the same cards and score."""
    assert r.contract is not None
    if r.is_done:
        return r.score()
    core = compiled_policy(r.profile)
    if core is None:
        s = r.clone()
        if first is not None:
            s.play(first)
        playout(s)
        return s.score()
    cp, won, last = core.rollout(r.hands, r.trick, r.leader, len(r.tricks), int(r.contract), -1 if first is None else first)
    return r.score_played_out(cp, won, last & 1)
