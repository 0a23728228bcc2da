"""Property tests of the rules core over random deals (RULES.md §5-§9, TOOLS.md §1.2-§1.3).

A deal is a seeded random permutation of the 36 cards: seat s holds ``perm[9*s : 9*s+9]``. Legal
play-outs choose uniformly among the legal moves with the same seeded generator.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from puur.core.cards import BASE_CONTRACTS, Contract, cards_of, mask_of
from puur.core.profile import RuleProfile
from puur.core.rules import (
    card_points,
    declaration,
    legal_moves,
    resolve_weis,
    trick_points,
    trick_winner,
)
from puur.core.rules.chalk import Marks, format_marks, parse_marks, to_marks

PRESETS = [RuleProfile.preset(n) for n in ("schieber", "classic", "schweizer", "online", "jasvel")]
UNDENUFE_TABLES = ("modern", "classic")


def many(n: int) -> settings:
    return settings(max_examples=n, deadline=None, suppress_health_check=[HealthCheck.too_slow])


seeds = st.integers(min_value=0, max_value=2**63 - 1)


def deal(seed: int) -> tuple[random.Random, list[int]]:
    rng = random.Random(seed)
    perm = list(range(36))
    rng.shuffle(perm)
    return rng, [mask_of(perm[9 * s : 9 * s + 9]) for s in range(4)]


# ----- RULES.md §5 strengths, restated here from the spec (not from the code) -----
TRUMP_ORDER = ("J", "9", "A", "K", "Q", "10", "8", "7", "6")  # strongest first
NATURAL = ("6", "7", "8", "9", "10", "J", "Q", "K", "A")


def rank_code(card: int) -> str:
    return NATURAL[card % 9]


def trump_strength(card: int) -> int:
    return 8 - TRUMP_ORDER.index(rank_code(card))


# ----- RULES.md §7.2 / §7.3 pseudo-code, transcribed -----


def legal_classic(hand: set[int], trick: Sequence[int], t: int, follow: set[int]) -> set[int]:
    """§7.2 in a trump contract t, the led suit's cards of the hand being follow."""
    led = trick[0] // 9
    trumps = {c for c in hand if c // 9 == t}
    if led == t:
        if not trumps:
            return set(hand)
        if trumps == {9 * t + 5}:  # lone Puur may be kept
            return set(hand)
        return trumps
    legal = (follow | trumps) if follow else set(hand)
    tt = [c for c in trick if c // 9 == t]
    if tt and set(hand) != trumps:  # ban unless the hand is all trumps
        h = max(tt, key=trump_strength)
        legal -= {x for x in trumps if trump_strength(x) < trump_strength(h)}
    return legal


def legal_jasvel(hand: set[int], trick: Sequence[int], t: int, follow: set[int]) -> set[int]:
    """§7.3 in a trump contract t, the led suit's cards of the hand being follow."""
    led = trick[0] // 9
    puur = 9 * t + 5
    trumps = {c for c in hand if c // 9 == t}

    def must_over() -> set[int] | None:
        tt = [c for c in trick if c // 9 == t]
        if not tt:
            return None
        h = max(tt, key=trump_strength)
        higher = {x for x in trumps if trump_strength(x) > trump_strength(h)}
        return higher if (higher - {puur}) else None

    if led == t:
        if not trumps:
            return set(hand)
        mo = must_over()
        if mo:
            return mo
        return trumps
    if follow:
        return follow
    mo = must_over()
    return mo if mo else set(hand)


def spec_legal(profile: RuleProfile, hand: set[int], trick: Sequence[int], contract: Contract) -> set[int]:
    """The whole hand on the lead; without trumps, the led suit where the hand has it (both families alike);
    in a trump contract, the trump rules of the profile's family."""
    if not trick:
        return set(hand)
    follow = {c for c in hand if c // 9 == trick[0] // 9}
    if not contract.is_trump:
        return follow or set(hand)
    trump_rules = legal_jasvel if profile.name == "jasvel" else legal_classic
    return trump_rules(hand, trick, int(contract), follow)


def spec_winner(trick: Sequence[int], contract: Contract) -> int:
    """RULES.md §8: the highest trump, else the highest led-suit card in the contract's order."""
    if contract.is_trump:
        trumps = [i for i, c in enumerate(trick) if c // 9 == int(contract)]
        if trumps:
            return max(trumps, key=lambda i: trump_strength(trick[i]))
    led = trick[0] // 9
    same = [i for i, c in enumerate(trick) if c // 9 == led]
    if contract == Contract.U:
        return min(same, key=lambda i: trick[i] % 9)
    return max(same, key=lambda i: trick[i] % 9)


def play_out(
    rng: random.Random, hands: list[int], contract: Contract, profile: RuleProfile
) -> list[list[int]]:
    """A random legal round; checks every legal set on the way. Returns the 9 tricks (leader first)."""
    hands = list(hands)
    leader = 0
    tricks: list[list[int]] = []
    for _ in range(9):
        trick: list[int] = []
        for k in range(4):
            seat = (leader + k) % 4
            lm = legal_moves(hands[seat], trick, contract, profile)
            assert lm != 0, "no legal move"
            assert lm & ~hands[seat] == 0, "a legal move outside the hand"
            expected = spec_legal(profile, set(cards_of(hands[seat])), trick, contract)
            assert set(cards_of(lm)) == expected, (profile.name, contract, trick, cards_of(hands[seat]))
            choice = rng.choice(cards_of(lm))
            hands[seat] &= ~(1 << choice)
            trick.append(int(choice))
        w = trick_winner(trick, contract)
        assert 0 <= w < 4
        assert w == spec_winner(trick, contract)
        if contract.is_trump and any(c // 9 == int(contract) for c in trick):
            assert trick[w] // 9 == int(contract)  # a trump in the trick: a trump wins
        else:
            assert trick[w] // 9 == trick[0] // 9  # otherwise a card of the led suit
        tricks.append(trick)
        leader = (leader + w) % 4
    assert all(h == 0 for h in hands)
    return tricks


@many(200)
@given(seeds)
def test_card_points_total_152_and_157(seed: int) -> None:
    rng, hands = deal(seed)
    for contract in BASE_CONTRACTS:  # Slalom, Guschti: tests/core/test_slalom_guschti.py
        for vals in UNDENUFE_TABLES:
            assert card_points(list(range(36)), contract, vals) == 152
            # any partition into nine tricks of four
            perm = list(range(36))
            rng.shuffle(perm)
            tricks = [perm[4 * i : 4 * i + 4] for i in range(9)]
            assert sum(trick_points(t, contract, vals) for t in tricks) == 152
            assert sum(trick_points(t, contract, vals, last=(i == 8)) for i, t in enumerate(tricks)) == 157
            # the four hands of the deal hold 152 between them
            assert sum(card_points(cards_of(h), contract, vals) for h in hands) == 152


@many(200)
@given(seeds)
def test_random_legal_playouts(seed: int) -> None:
    rng, hands = deal(seed)
    for profile in PRESETS:
        for contract in BASE_CONTRACTS:  # Slalom, Guschti: tests/core/test_slalom_guschti.py
            tricks = play_out(rng, hands, contract, profile)
            vals = profile.undenufe_values
            total = sum(trick_points(t, contract, vals, last=(i == 8)) for i, t in enumerate(tricks))
            assert total == 157


@many(1500)
@given(seeds, st.integers(0, 3))
def test_legal_moves_random_positions(seed: int, n_played: int) -> None:
    # Random (not necessarily reachable) positions: a 1..9-card hand and 0..3 cards on the table.
    rng = random.Random(seed)
    perm = list(range(36))
    rng.shuffle(perm)
    trick = perm[:n_played]
    hand_cards = perm[n_played : n_played + rng.randint(1, 9)]
    hand = mask_of(hand_cards)
    for profile in PRESETS:
        for contract in Contract:
            lm = legal_moves(hand, trick, contract, profile)
            assert lm and lm & ~hand == 0
            assert set(cards_of(lm)) == spec_legal(profile, set(hand_cards), trick, contract)


@many(500)
@given(seeds)
def test_declarations(seed: int) -> None:
    _, hands = deal(seed)
    for profile in PRESETS:
        for contract in Contract:
            for hand in hands:
                d = declaration(hand, profile, contract)
                assert d.points == sum(x.points for x in d.melds)
                assert (d.best is None) == (not d.melds)
                if d.best is not None:
                    assert d.best in d.melds
                seqs = [x for x in d.melds if x.kind == "sequence"]
                fours = [x for x in d.melds if x.kind == "four"]
                for x in d.melds:
                    assert x.points > 0
                    assert mask_of(x.cards) & ~hand == 0  # from the player's own hand
                    assert len(set(x.cards)) == len(x.cards)
                for x in seqs:
                    ranks = sorted(c % 9 for c in x.cards)
                    assert len({c // 9 for c in x.cards}) == 1 and len(x.cards) >= 3
                    assert ranks == list(range(ranks[0], ranks[0] + len(ranks)))
                for x in fours:
                    assert len(x.cards) == 4 and len({c % 9 for c in x.cards}) == 1
                if profile.weis_overlap == "disjoint":
                    used = [c for x in d.melds for c in x.cards]
                    assert len(used) == len(set(used))
                else:  # only a sequence and a quartet may share a card; two sequences never do
                    used = [c for x in seqs for c in x.cards]
                    assert len(used) == len(set(used))
                    used = [c for x in fours for c in x.cards]
                    assert len(used) == len(set(used))
            res = resolve_weis(hands, profile, contract, 0)
            if res.team is None:
                assert res.points == (0, 0)
                assert all(d.best is None for d in res.declarations)
            else:
                decl = res.declarations
                assert res.winner_seat is not None and res.winner_seat % 2 == res.team
                team_pts = decl[res.team].points + decl[res.team + 2].points
                assert res.points[res.team] == team_pts
                assert res.points[1 - res.team] == 0


def test_chalk_marks_round_trip() -> None:
    for n in range(-500, 10001):
        marks = to_marks(n)
        assert marks.value == n
        assert parse_marks(format_marks(marks)) == marks
        if n >= 0:
            # the canonical form of TOOLS.md §1.3: one V, up to 4 hundreds, one fifty, 2 twenties, r < 20
            assert marks.v <= 1 and marks.hundreds <= 4 and marks.fifties <= 1 and marks.twenties <= 2
            assert 0 <= marks.remainder < 20
        else:
            assert marks.remainder == n and marks.value == n


def test_chalk_examples() -> None:
    # TOOLS.md §1.3 algorithm: 2735 = XX V, 2 hundreds, 1 twenty, remainder 15
    assert to_marks(2735) == Marks(x=2, v=1, hundreds=2, fifties=0, twenties=1, remainder=15)
    assert to_marks(999) == Marks(x=0, v=1, hundreds=4, fifties=1, twenties=2, remainder=9)
    assert to_marks(1000) == Marks(x=1)
    assert to_marks(-7) == Marks(remainder=-7)


def test_chalk_reading_with_groups() -> None:
    # TOOLS.md §1.2: a crossed group counts five units; on the fifties row the double crossing.
    m = parse_marks("X X V; 100: ||||/ ||; 50: ||||// |; 20: |; r: -5")
    assert (m.x, m.v, m.hundreds, m.fifties, m.twenties, m.remainder) == (2, 1, 7, 6, 1, -5)
    assert m.value == 2000 + 500 + 700 + 300 + 20 - 5
    assert parse_marks(format_marks(m)) == m
    assert m.groups("hundreds") == (1, 2)


@pytest.mark.parametrize("bad", ["100: ||/", "50: ||||/", "20: ||||//", "7: |", "r: x", "Y", "100: |a"])
def test_chalk_malformed(bad: str) -> None:
    with pytest.raises(ValueError):
        parse_marks(bad)
