"""The compiled playout core (puur/core/_playout_core.c) against the rules core, its reference.

Every compiled rule is tested equal to the Python function it rewrites, on random positions, in every
preset and contract (Slalom and Guschti too, trick by trick), and under profiles that set the
options no preset sets: legal moves
(``legal_moves``), the trick winner (``trick_winner``), Weis (``declaration``'s points and best meld,
``resolve_weis`` with its ties), and whole random batches (dealer, contract, push, hands, every card,
trick winners, card points, last trick, match, Weis, Stöck, the written score) against ``python_round``,
which plays the same draws through ``RoundState``. Then the fallback: what the core does not implement
is played in Python.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import TYPE_CHECKING

import pytest

from puur.core import playout
from puur.core.playout import SplitMix, compiled_rules, python_round, random_rounds
from puur.core.profile import PRESETS, RuleProfile
from puur.core.rules.legal import legal_moves
from puur.core.rules.trick import trick_winner
from puur.core.rules.weis import declaration, meld_key, resolve_weis

if TYPE_CHECKING:
    from puur.core._playout_core import Rules

pytestmark = pytest.mark.skipif(not playout.COMPILED, reason="the compiled playout core is not built")

EXTRA = {
    # the option values no preset has
    "partner_ban_off": {"preset": "schieber", "undertrump_ban_when_partner_leads": False},
    "overtrump_not_on_lead": {"preset": "jasvel", "overtrump_on_trump_lead": False, "lone_puur_may_be_kept": True},
    "classic_must_overtrump": {"preset": "schieber", "must_overtrump": True, "overtrump_on_trump_lead": True},
    "share_split": {
        "preset": "classic", "weis_overlap": "sequence_and_quartet_may_share",
        "weis_compare": "points_type_length_top", "weis_undenufe_reverse": False, "multipliers": "ascending",
    },
    # Slalom and Guschti (J30): every trick by its direction, the cards at the Obenabe values (152)
    "slalom_guschti": {"preset": "jasvel", "extra_contracts": "slalom_guschti"},
    "slalom_classic_values": {"preset": "classic", "extra_contracts": "slalom"},
    # the reading of records stored before the 152 of J30: each trick at its direction's values
    "slalom_by_trick": {"preset": "schieber", "extra_contracts": "slalom_guschti", "slalom_guschti_values": "by_trick"},
}  # fmt: skip
PROFILES = {**{name: p for name, p in PRESETS.items()}, **{k: RuleProfile.resolve(v) for k, v in EXTRA.items()}}


def _core(profile: RuleProfile) -> Rules:
    core = compiled_rules(profile)
    assert core is not None, "the compiled core should implement every preset"
    return core


def _meldy_hand(rng: random.Random) -> int:
    """A 9-card hand, often with runs, quartets or both (uniform hands rarely hold a quartet)."""
    hand = 0
    kind = rng.randrange(4)
    if kind >= 1:  # a run of 3..9 in one suit
        length = rng.randint(3, 9)
        start = rng.randint(0, 9 - length)
        suit = rng.randrange(4)
        hand |= sum(1 << (9 * suit + r) for r in range(start, start + length))
    if kind >= 2:  # a quartet (may cut the run)
        rank = rng.randrange(9)
        hand |= sum(1 << (9 * s + rank) for s in range(4))
    while hand.bit_count() > 9:
        hand &= ~(1 << rng.choice([c for c in range(36) if hand >> c & 1]))
    while hand.bit_count() < 9:
        hand |= 1 << rng.randrange(36)
    return hand


def _positions(rng: random.Random, count: int) -> Iterator[tuple[int, list[int]]]:
    """A hand and a trick of 0..3 cards from the other hands of a random deal, the hand at any size."""
    for _ in range(count):
        deck = list(range(36))
        rng.shuffle(deck)
        size = rng.randint(1, 9)
        hand = sum(1 << c for c in deck[:size])
        yield hand, deck[9 : 9 + rng.randrange(4)]


@pytest.mark.parametrize("name", list(PROFILES))
def test_legal_moves_and_trick_winner_equal_the_rules_core(name: str) -> None:
    profile = PROFILES[name]
    core = _core(profile)
    rng = random.Random(name)
    for contract in profile.contracts:
        for hand, trick in _positions(rng, 1500 if contract < 4 else 300):
            assert core.legal(hand, trick, contract) == legal_moves(hand, trick, contract, profile), (
                name, contract, hand, trick
            )  # fmt: skip
        for _ in range(300):
            trick = rng.sample(range(36), rng.randint(1, 4))
            index = rng.randrange(9)
            assert core.winner(trick, contract, index) == trick_winner(trick, contract, index)


@pytest.mark.parametrize("name", list(PROFILES))
def test_weis_declaration_and_resolution_equal_the_rules_core(name: str) -> None:
    """Points and the best meld of each hand's declaration; the winning seat and team points, ties to the
    seat nearer the forehand. The core's meld key is a number: it must order hands as ``meld_key`` does."""
    profile = PROFILES[name]
    core = _core(profile)
    rng = random.Random(name)
    for contract in profile.contracts:
        pairs = set()
        for _ in range(200 if contract < 6 else 80):
            hand = _meldy_hand(rng)
            points, key = core.declaration(hand, contract)
            d = declaration(hand, profile, contract)
            assert points == d.points, (name, contract, hand)
            assert (key < 0) == (d.best is None)
            if d.best is not None:
                pairs.add((meld_key(d.best, profile, contract), key))
        ranked = sorted(pairs)
        assert [k for _, k in ranked] == sorted(k for _, k in ranked)  # same order
        assert len({t for t, _ in ranked}) == len({k for _, k in ranked}) == len(ranked)  # same ties
        ties = 0
        for _ in range(100 if contract < 6 else 40):
            hands = [_meldy_hand(rng) for _ in range(4)]
            forehand = rng.randrange(4)
            seat, pts = core.resolve(hands, contract, forehand)
            w = resolve_weis(hands, profile, contract, forehand)
            assert (seat, pts) == (-1 if w.winner_seat is None else w.winner_seat, w.points), (name, contract)
            best = [d.best and meld_key(d.best, profile, contract) for d in w.declarations]
            ties += sum(1 for s in range(4) if best[s] and best.count(best[s]) > 1)
        assert ties > 0, "no tie between seats was tried"


@pytest.mark.parametrize("name", list(PROFILES))
def test_random_batches_equal_python_rounds(name: str) -> None:
    """Whole rounds: every column of a compiled batch equals the Python path's, and each round replays
    through ``RoundState`` (every card checked legal) to the same score."""
    profile = PROFILES[name]
    n = 120
    fast = random_rounds(profile, n, seed=2026, compiled=True)
    slow = random_rounds(profile, n, seed=2026, compiled=False)
    assert fast.compiled and not slow.compiled
    for i in range(n):
        assert fast.row(i) == slow.row(i), (name, i)
    assert {fast.contract[i] for i in range(n)} == set(profile.contracts) and any(fast.pushed)
    assert any(fast.stoeck) and any(fast.weis)
    assert all(sum(fast.card_points[2 * i : 2 * i + 2]) == 152 for i in range(n) if fast.contract[i] < 6)
    for i in range(0, n, 20):
        assert fast.state(i).score() == fast.score(i)


def test_rounds_stand_alone_and_a_match_scores_alike() -> None:
    """Round ``i`` depends only on the seed and ``i``; a match (all nine tricks, +100) found by the core
    is the same round, with the same score, in Python."""
    profile = PRESETS["schieber"]
    batch = random_rounds(profile, 20_000, seed=9, compiled=True)
    part = random_rounds(profile, 5, seed=9, start=1234, compiled=True)
    assert [part.row(i) for i in range(5)] == [batch.row(1234 + i) for i in range(5)]
    matches = [i for i in range(batch.n) if any(batch.match[2 * i : 2 * i + 2])][:3]
    assert matches, "no match in 20,000 random rounds"
    for i in matches:
        r = python_round(profile, 9, i)
        assert r.score() == batch.score(i) and max(r.tricks_won) == 9


def test_the_random_numbers_are_the_same_in_both() -> None:
    from puur.core._playout_core import draws

    for seed, index, bound in ((0, 0, 36), (2**64 - 1, 7, 7), (12345, 2**40, 1000)):
        rng = SplitMix(seed, index)
        assert draws(seed, index, 50, bound) == [rng.below(bound) for _ in range(50)]


def test_what_the_core_does_not_implement_is_played_in_python(monkeypatch: pytest.MonkeyPatch) -> None:
    profile = PRESETS["online"]
    assert random_rounds(profile, 2, seed=1).compiled
    monkeypatch.setenv("PUUR_PURE", "1")
    assert not random_rounds(profile, 2, seed=1).compiled
    monkeypatch.delenv("PUUR_PURE")
    # an option the core does not know (as a new one would be) sends the profile to Python
    monkeypatch.delitem(playout.COMPILED_OPTIONS, "stoeck")
    playout.compiled_rules.cache_clear()
    try:
        batch = random_rounds(profile, 3, seed=1)
        assert not batch.compiled and batch.row(2) == random_rounds(profile, 3, seed=1, compiled=False).row(2)
        with pytest.raises(ValueError, match="does not implement"):
            random_rounds(profile, 1, compiled=True)
    finally:
        monkeypatch.undo()
        playout.compiled_rules.cache_clear()
    with pytest.raises(ValueError, match="whole number of rounds"):
        random_rounds(profile, -1)
        for i in range(0, 40, 8):
            assert batch.state(i).score() == batch.score(i)


def test_the_soak_and_the_bench_run_the_batch_api() -> None:
    from puur.lab.bench import bench_batch
    from puur.lab.soak import soak_playout

    stats = soak_playout("classic", 80, seed=11, chunk=30)
    assert stats.rounds == 80 and stats.compiled
    result = bench_batch(0.2, "jasvel")
    assert result["rounds"] >= 1000 and result["rounds_per_s"] > 0
