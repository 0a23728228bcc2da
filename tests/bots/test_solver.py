"""The perfect-information solver against brute force on small endgames."""

from __future__ import annotations

import dataclasses
import random
import time
from typing import Any

import pytest
from game_checks import rollout_position, solved_as_brute_force

from puur.bots.rollout import choose
from puur.bots.solver import COMPILED, Solver, SolveResult, contract_tables, drop_idle_cores, solve
from puur.core.cards import BASE_CONTRACTS, Contract, iter_cards
from puur.core.playout import compiled_legal_rules
from puur.core.profile import PRESETS, RuleProfile
from puur.core.round import RoundState, deal
from puur.core.rules.legal import legal_moves
from puur.core.rules.tables import PUUR_BITS, STRENGTH_TABLES
from puur.core.rules.trick import trick_winner
from puur.info.position import parse_position


@pytest.mark.parametrize("preset", ["schieber", "jasvel", "classic"])
def test_solver_matches_brute_force(preset: str) -> None:
    profile = RuleProfile.preset(preset)
    rng = random.Random(preset)
    for i in range(12):
        r = RoundState(profile, deal(rng, 0), 0, 1)
        r.choose(Contract(i % 6))
        cut = 24 + rng.randrange(3) if i % 3 else 0  # mid-trick positions too
        if i % 4 == 3:
            cut = 28 + rng.randrange(8)  # inside tricks 8 and 9
        stop = 24 + (i % 4) if cut == 0 else cut
        while len(r.tricks) * 4 + len(r.trick) < stop:
            r.play(choose(r))
        solved_as_brute_force(r)


def test_solver_match_round() -> None:
    """All nine tricks to one team: 257 to 0."""
    # seat 1 holds all the trumps: as forehand it wins every trick (docs/position-notation.md)
    r = parse_position(
        "puur1 schieber d0f1 H C6,C9,CQ,D6,D9,DQ,S6,S9,SQ/H6,H7,H8,H9,H10,HJ,HQ,HK,HA/"
        "C7,C10,CK,D7,D10,DK,S7,S10,SK/C8,CJ,CA,D8,DJ,DA,S8,SJ,SA -"
    )
    for _ in range(24):
        r.play(choose(r))
    assert solve(r).points == (0, 257)


@pytest.mark.parametrize("preset", ["schieber", "jasvel"])
def test_solver_values_consistent(preset: str) -> None:
    """From trick 5 (too big for brute force): the value is the best of the children's values, and the
    card the solver names reaches it."""
    profile = RuleProfile.preset(preset)
    rng = random.Random(f"consistent-{preset}")
    for i in range(6):
        r = rollout_position(profile, rng, Contract(i % 6), 16 + i % 4)
        res = solve(r)
        value = res.points[0] - res.points[1]
        legal = r.legal_cards()
        child_values = {}
        for c in range(36):
            if legal >> c & 1:
                child = r.clone()
                child.play(c)
                got = solve(child).points
                child_values[c] = got[0] - got[1]
        best = max(child_values.values()) if r.to_act % 2 == 0 else min(child_values.values())  # type: ignore[operator]
        assert best == value
        assert child_values[res.card] == value


@pytest.mark.parametrize("contract", BASE_CONTRACTS)  # Slalom, Guschti: tests/core/test_slalom_guschti.py
def test_winner_table_matches_trick_winner(contract: Contract) -> None:
    """The solver's per-contract table decides every trick as the rules core does."""
    beats, _, _ = contract_tables(contract)
    rng = random.Random(int(contract))
    for _ in range(2000):
        cards = rng.sample(range(36), rng.randint(1, 4))
        w = 0
        for i in range(1, len(cards)):
            if beats[cards[w]] >> cards[i] & 1:
                w = i
        assert w == trick_winner(cards, contract)


compiled_only = pytest.mark.skipif(not COMPILED, reason="the compiled solver core is not built (no C compiler)")


def test_compiled_core_is_built() -> None:
    """`make test` builds the compiled core (setup.py); the solver falls back to Python only without a
    compiler, and then this says so."""
    if not COMPILED:
        pytest.skip("built without a C compiler: the solver searches in Python")
    from puur.bots import _solver_core

    assert callable(_solver_core.Core)


@compiled_only
@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_compiled_core_searches_the_same_tree(preset: str) -> None:
    """The compiled core and the Python search give the same card, points and positions searched, from
    tricks 4 to 9, at trick boundaries and inside tricks, in every contract of every preset; and so does
    a `Solver` taken on from there (its table carried over: every card's value, the best cards, the
    positions searched in all, as `puur analyse` reports them)."""
    profile = RuleProfile.preset(preset)
    rng = random.Random(f"compiled-{preset}")
    for i in range(24):
        r = RoundState(profile, deal(rng, rng.randrange(4)), 0, 1)
        r.choose(Contract(i % 6))
        stop = 16 + rng.randrange(20)
        while len(r.tricks) * 4 + len(r.trick) < stop:
            r.play(choose(r))
        assert solve(r, compiled=True) == solve(r, compiled=False)
        if i % 4 == 0 and stop >= 20:
            c_solver, py_solver = Solver(r, compiled=True), Solver(r, compiled=False)
            assert c_solver.card_values(r) == py_solver.card_values(r)
            assert c_solver.best_cards(r) == py_solver.best_cards(r)
            assert c_solver.nodes == py_solver.nodes > 0


@compiled_only
@pytest.mark.parametrize("preset", ["schieber", "jasvel"])
def test_compiled_legal_moves_and_the_memo_search_alike(preset: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The compiled core's legal moves from `puur/core/_legal.h` (`compiled_legal_rules`) and the Python search,
    which asks `legal_moves` and memoizes it (where a profile's options are ones `_legal.h` would not know,
    `solve(compiled=True)` searches so), give the same values and positions, in every contract (jasvel: must
    overtrump, undertrump allowed, lone Puur not kept)."""
    profile = RuleProfile.preset(preset)
    rng = random.Random(f"legal-h-{preset}")
    results = []
    calls = []
    try:
        for rules in (True, False):
            drop_idle_cores()  # no core of the other pass
            if not rules:
                monkeypatch.setattr("puur.bots.solver.compiled_legal_rules", lambda profile, contract: None)
                monkeypatch.setattr("puur.bots.solver.legal_moves", lambda *a: calls.append(1) or legal_moves(*a))
            rng.seed(f"legal-h-{preset}")
            found = []
            for i in range(12):
                r = rollout_position(profile, rng, Contract(i % 6), 14 + i)
                res = solve(r, compiled=True)
                found.append((res.points, res.nodes))
            results.append(found)
    finally:  # no core of the second pass (Python ones, pooled under the compiled key) outlives the test
        drop_idle_cores()
    assert results[0] == results[1]
    assert calls  # the second pass asked legal_moves


@compiled_only
def test_full_round_from_the_first_card() -> None:
    """A whole round from its first card: the value is the value after the card the solver names, and the
    points add up to the 157 of a round (a match would be 257)."""
    profile = RuleProfile.preset("schieber")
    r = RoundState(profile, deal(random.Random(4), 0), 0, 1)
    r.choose(Contract.O)
    res = solve(r)
    assert sum(res.points) == 157
    assert res.points == (69, 88)  # pinned: deal 4 of benchmarks/solver.py
    child = r.clone()
    child.play(res.card)
    assert solve(child).points == res.points


@pytest.mark.parametrize("compiled", [False, True] if COMPILED else [False])
def test_core_reports_errors(compiled: bool) -> None:
    """A failing legal-move source and bad arguments come back as Python exceptions (not a crash), the
    same from the compiled core and from its Python twin."""
    from puur.bots._solver_core import Core as CCore
    from puur.bots.solver import Core as PyCore

    beats, up, rank = contract_tables(Contract.H)
    pts = [0] * 36  # the points do not matter here
    good = compiled_legal_rules(RuleProfile.preset("schieber"), Contract.H)
    assert good is not None
    assert compiled_legal_rules(RuleProfile.preset("schieber"), Contract.SLO) is None  # Python only

    def broken(hand: int, trick: tuple[int, ...]) -> int:
        raise RuntimeError("no rules here")

    def make(beats: Any, up: Any, rules: Any = good, pts: Any = pts) -> Any:
        """The C core takes _legal.h's rules, its Python twin the suits' masks and legal_moves."""
        if compiled:
            return CCore(beats, up, pts, rank, -1, [511] * 512, [0] * 512, 5, 100, rules)
        return PyCore(beats, up, pts, rank, [0x1FF << 9 * s for s in range(4)], -1, [511] * 512, [0] * 512, 5, 100, broken)

    core = make(beats, up)
    hands = [0b111 << 9 * s for s in range(4)]
    if not compiled:  # the Python search's legal-move source fails: the C core computes its own
        with pytest.raises(RuntimeError, match="no rules here"):
            core.follow(hands, [0], 1, 0, 0, 0, 0, 3, 5, 0, -1000, 1000)
    with pytest.raises(ValueError, match="card set outside"):
        core.lead([1 << 40, 0, 0, 0], 0, 3, 5, 0, -1000, 1000)
    with pytest.raises(ValueError, match="wcard"):
        core.follow(hands, [0], 1, 99, 0, 0, 0, 3, 5, 0, -1000, 1000)
    with pytest.raises(ValueError, match="36"):
        make(beats[:3], up)
    with pytest.raises(ValueError, match="more than 500"):  # the table's values have 10 bits
        make(beats, up, pts=[11] * 36)
    make(beats, up, pts=[11] * 35 + [0])  # 385 + 105: still within
    for bad_up in ([*up[:8], 8, *up[9:]], [*up[:8], 9, *up[9:]]):  # a card above itself; another suit
        with pytest.raises(ValueError, match="up: each card"):
            make(beats, bad_up)
    with pytest.raises(ValueError, match="one chain"):  # two strongest cards in a suit: 6 and 7 apart
        make(beats, [-1, *up[1:]])
    if compiled:  # the rules of puur/core/_legal.h (compiled_legal_rules), checked
        for bad, message in (((9, *good[1:]), "contract"), (good[:4], "rules"), ((2, good[1][:5], *good[2:]), "216")):
            with pytest.raises(ValueError, match=message):
                make(beats, up, bad)


@pytest.mark.parametrize("compiled", [False, True] if COMPILED else [False])
def test_solver_reused_along_a_round(compiled: bool) -> None:
    """One `Solver` taken card by card through a round (its table carried over) answers as a fresh solve
    of each position does; a position of another deal is refused."""
    profile = RuleProfile.preset("schieber")
    r = RoundState(profile, deal(random.Random(21), 0), 0, 1)
    r.choose(Contract.S)
    for _ in range(12):
        r.play(choose(r))
    solver = Solver(r, compiled=compiled)
    while not r.is_done:
        got, fresh = solver.solve(r), solve(r, compiled=compiled)
        assert (got.card, got.points) == (fresh.card, fresh.points)
        value, best = solver.best_cards(r)
        assert solver.final_points(value, r) == fresh.points
        assert best >> fresh.card & 1 and best & ~r.legal_cards() == 0
        r.play(choose(r))
    other = RoundState(profile, deal(random.Random(22), 0), 0, 1)
    other.choose(Contract.S)
    with pytest.raises(ValueError, match="not of the deal"):
        solver.solve(other)


@pytest.mark.parametrize("compiled", [False, True] if COMPILED else [False])
def test_search_stops_at_its_deadline(compiled: bool) -> None:
    """A deadline already past stops a long search with ``TimeoutError`` at the first reading of the clock
    (at the 1024th position, in the compiled core and the Python search alike); a deadline not reached
    changes nothing."""
    r = RoundState(RuleProfile.preset("schieber"), deal(random.Random(5), 0), 0, 1)
    r.choose(Contract.H)
    stopped = Solver(r, compiled=compiled, deadline=time.monotonic() - 1)
    with pytest.raises(TimeoutError, match="deadline"):
        stopped.value(r)
    assert stopped.nodes == 1024
    for _ in range(16):
        r.play(choose(r))
    assert Solver(r, compiled=compiled, deadline=time.monotonic() + 3600).solve(r) == solve(r, compiled=compiled)


@compiled_only
def test_compiled_searches_run_side_by_side_in_threads() -> None:
    """The compiled search lets go of the GIL (it takes it back only to ask `legal_moves`): solvers in
    several threads at once answer as they do one after the other."""
    import threading

    profile = RuleProfile.preset("classic")
    positions = []
    for i in range(6):
        r = RoundState(profile, deal(random.Random(100 + i), 0), 0, 1)
        r.choose(Contract(i % 6))
        while len(r.tricks) < 3:
            r.play(choose(r))
        positions.append(r)
    alone = [solve(r) for r in positions]
    together: list[object] = [None] * len(positions)

    def work(i: int) -> None:
        together[i] = solve(positions[i])

    threads = [threading.Thread(target=work, args=(i,)) for i in range(len(positions))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert together == alone


@pytest.mark.parametrize("compiled", [False, True] if COMPILED else [False])
def test_pooled_cores_forget_the_last_deal(compiled: bool) -> None:
    """Solvers take their cores from a pool (the table forgotten, the legal-move memo kept): a position
    solved after hundreds of other deals of its contract (the compiled table's generation number wraps
    past 255) gets the same card, points and positions searched as on a fresh core."""
    from puur.bots import solver as solver_mod

    profile = RuleProfile.preset("schieber")
    positions = []
    for i in range(6):
        r = RoundState(profile, deal(random.Random(300 + i), 0), 0, 1)
        r.choose(Contract.S)
        while len(r.tricks) < 6:
            r.play(choose(r))
        positions.append(r)
    fresh = []
    for r in positions:
        solver_mod.drop_idle_cores()
        fresh.append(solve(r, compiled=compiled))
    rounds = 300 if compiled else 20
    for k in range(rounds):
        got = solve(positions[k % len(positions)], compiled=compiled)
        assert got == fresh[k % len(positions)]
    assert solver_mod.idle_cores()[(Contract.S, profile, compiled)]  # the cores went back to the pool


@pytest.mark.parametrize("compiled", [False, True] if COMPILED else [False])
def test_card_bounds_against_card_values(compiled: bool) -> None:
    """`card_bounds` gives the cards that keep the value exactly and bounds the others on the right side:
    for the side to act, never better than the value less one point and never worse than the card's true
    value (`card_values`); the best card it shows is a best card."""
    rng = random.Random(f"bounds-{compiled}")
    for i in range(8 if compiled else 4):
        profile = RuleProfile.preset(["schieber", "jasvel", "classic"][i % 3])
        r = rollout_position(profile, rng, Contract(i % 6), 14 + i % 5)
        exact = Solver(r, compiled=compiled).card_values(r)
        bounds = Solver(r, compiled=compiled).card_bounds(r)
        assert bounds.keys() == exact.keys()
        sign = 1 if r.to_act == 0 or r.to_act == 2 else -1
        value = max(sign * v for v in exact.values())
        for c, v in exact.items():
            if sign * v == value:
                assert bounds[c] == v
            else:
                assert sign * v <= sign * bounds[c] < value


def test_pool_stays_bounded_over_many_profiles(monkeypatch: pytest.MonkeyPatch) -> None:
    """Profiles come from users: the pool keeps cores for at most ``POOL_KEYS`` contracts × profiles and
    starts again rather than grow (here 3 keys, against the five presets)."""
    from puur.bots import solver as solver_mod

    monkeypatch.setattr(solver_mod, "POOL_KEYS", 3)
    solver_mod.drop_idle_cores()
    for k, name in enumerate(sorted(PRESETS)):
        r = RoundState(RuleProfile.preset(name), deal(random.Random(k), 0), 0, 1)
        r.choose(Contract.O)
        while len(r.tricks) < 7:
            r.play(choose(r))
        solve(r)
        assert (Contract.O, r.profile, COMPILED) in solver_mod.idle_cores()
        assert len(solver_mod.idle_cores()) == [1, 2, 3, 1, 2][k]


@pytest.mark.parametrize("seed", [1, 2, 6, 7, 8, 9])
def test_best_cards_are_the_cards_that_keep_the_value(seed: int) -> None:
    """``best_cards`` (one null-window test per run of equivalent cards, the run sharing its answer) gives
    exactly the legal cards whose own value (``card_values``: a bisection for each card) is the position's;
    after a card that keeps the value, ``value_after`` gives the next position's value without a search,
    and ``best_cards`` told it answers as when it searches (the round review goes card by card so)."""
    r = RoundState(RuleProfile.preset("schieber"), deal(random.Random(seed), 0), 0, 1)
    r.choose(Contract(seed % 6))
    while len(r.tricks) < 4:
        r.play(choose(r))
    solver = Solver(r)
    runs = 0
    while not r.is_done:
        value, best = solver.best_cards(r)
        values = solver.card_values(r)
        assert best == sum(1 << c for c, v in values.items() if v == value)
        runs += len(values) - len(set(solver.equivalent_runs(r).values()))
        card = (best & -best).bit_length() - 1
        taken = tuple(r.card_points)
        r.play(card)
        if not r.is_done:
            known = solver.value_after(value, taken, r)
            assert known == solver.value(r)
            assert solver.best_cards(r, known) == solver.best_cards(r)
    assert runs > 0  # some cards were equivalent and answered by their run's card


@compiled_only
def test_a_full_table_forgets_but_never_misleads() -> None:
    """The compiled table (8-byte entries, eight to a bucket, the key mixed one to one and kept whole) at
    its smallest (2**14 buckets, asked for 2**4) against one that holds everything: the same values and
    cards from the second and third tricks, where the small one fills up and replaces entries (it searches
    more)."""
    profile = RuleProfile.preset("schieber")
    more = 0
    for i, tricks in ((0, 2), (1, 1), (2, 2), (4, 1), (6, 1)):  # a second of search in all
        r = RoundState(profile, deal(random.Random(100 + i), 0), 0, 1)
        r.choose(Contract(i % 6))
        while len(r.tricks) < tricks:
            r.play(choose(r))
        small, large = Solver(r, tt_bits=4), Solver(r, tt_bits=20)
        a, b = small.solve(r), large.solve(r)
        assert (a.card, a.points) == (b.card, b.points)
        assert small.card_bounds(r) == large.card_bounds(r)
        more += a.nodes > b.nodes
    assert more  # the small table did forget


# Hearts trump (suit 2); spades (suit 3): 6 27, 7 28, 8 29, 9 30, 10 31, Under 32, Ober 33, King 34, Ace 35.
_REFERENCE = (1 << 27 | 1 << 29 | 1 << 9 | 1 << 18, 1 << 28 | 1 << 35 | 1 << 10 | 1 << 19,
              1 << 30 | 1 << 11 | 1 << 20 | 1 << 0, 1 << 31 | 1 << 12 | 1 << 21 | 1 << 1)  # fmt: skip


def _after(*played: int) -> list[int]:
    """The reference hands less one card each (``played``, seat by seat)."""
    return [h & ~(1 << c) for h, c in zip(_REFERENCE, played, strict=True)]


@pytest.mark.parametrize("compiled", [False, True] if COMPILED else [False])
def test_equivalent_positions_share_a_table_entry(compiled: bool) -> None:
    """The table keys a position up to equivalent cards (``set_reference``): after one trick of the reference
    hands, West keeping the 8 of spades or the 6 (the 7 between them gone) is one position, found in the
    table in one step, with the same value as a fresh search; a position where the 7 is still in play is not
    the same one. Hands outside the reference start the table again, and are still searched right."""
    from puur.bots.solver import FULL, NO_MATCH, new_core

    r = RoundState(RuleProfile.preset("schieber"), deal(random.Random(5), 0), 0, 1)
    r.choose(Contract.H)
    pts = r.points

    def value(core: Any, hands: list[int], alpha: int = -999, beta: int = 999) -> tuple[int, int]:
        """The value with West to lead, and the positions it took."""
        rem = hands[0] | hands[1] | hands[2] | hands[3]
        before = core.nodes
        v = core.lead(hands, 0, NO_MATCH, sum(pts[c] for c in range(36) if rem >> c & 1) + 5, FULL ^ rem, alpha, beta)
        return v, core.nodes - before

    keeps_8, keeps_6, seven_out = _after(27, 28, 11, 12), _after(29, 28, 11, 12), _after(27, 10, 11, 12)
    core = new_core(r, compiled, 14, 0.0)
    assert value(core, list(_REFERENCE), 900, 901)[1] == 1  # the reference hands: out of the window at once
    v8, n8 = value(core, keeps_8)
    v6, n6 = value(core, keeps_6)
    assert n8 > 1 and n6 == 1
    fresh = new_core(r, compiled, 14, 0.0)
    assert value(fresh, keeps_6) == (v6, n8) == (v8, n8)  # a fresh core searches as much as the first did
    v7, n7 = value(core, seven_out)
    assert n7 > 1 and v7 == value(new_core(r, compiled, 14, 0.0), seven_out)[0]
    other = [_REFERENCE[1], _REFERENCE[0], _REFERENCE[3], _REFERENCE[2]]  # not within the reference
    assert value(core, other) == value(new_core(r, compiled, 14, 0.0), other)


@pytest.mark.parametrize("preset", ["schieber", "jasvel"])
def test_keys_up_to_equivalence_keep_every_value(preset: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The Python search with the table keyed by the cards themselves (``set_reference`` a no-op) and keyed up
    to equivalent cards: the same card and points from the fifth and sixth tricks in every contract, and
    fewer positions in all (equivalent positions found in the table)."""
    from puur.bots import solver as solver_mod

    profile = RuleProfile.preset(preset)
    rng = random.Random(f"canon-{preset}")
    positions = [rollout_position(profile, rng, Contract(i % 6), 14 + i % 5) for i in range(12)]
    results = []
    for canon in (True, False):
        if not canon:
            monkeypatch.setattr(solver_mod, "set_reference", lambda s, h: None)
        solver_mod.drop_idle_cores()
        results.append([solve(r, compiled=False) for r in positions])
    by_cards, by_keys = results[1], results[0]
    assert [(a.card, a.points) for a in by_keys] == [(b.card, b.points) for b in by_cards]
    assert sum(a.nodes for a in by_keys) < sum(b.nodes for b in by_cards)


def _classes(core: Any, hands: list[int], suit: int, m: int) -> tuple[tuple[int, int, int], ...]:
    """The owners, points and kept bits of the cards of ``m`` (a set of the suit's cards, 9 bits) in
    ``hands``, the weakest first: what makes two sets of a suit equivalent."""
    cards = [c for c in core.suits[suit] if m >> c % 9 & 1]
    return tuple((next(i for i in range(4) if hands[i] >> c & 1), core.pts[c], core.kept >> c & 1) for c in cards)


def test_the_key_tables_follow_their_definition() -> None:
    """``set_reference``'s tables, for random hands in every contract: two sets of a suit's cards in play
    share a key exactly when their owners, points and kept cards (the Puur) read the same from the weakest
    card up; each key is a set of the same size within the hands; sets with a card outside the hands stand
    for themselves."""
    from puur.bots.solver import new_core, set_reference

    rng = random.Random("key-tables")
    for i in range(12):
        r = RoundState(RuleProfile.preset("schieber"), deal(rng, 0), 0, 1)
        r.choose(Contract(i % 6))
        core = new_core(r, False, 14, 0.0)
        hands = [h & ~(1 << c) for h in r.hands for c in [rng.choice(list(iter_cards(h)))]]
        set_reference(core, hands)
        held = hands[0] | hands[1] | hands[2] | hands[3]
        for suit in range(4):
            inside = held >> 9 * suit & 511
            keys: dict[tuple[tuple[int, int, int], ...], int] = {}
            for m in range(512):
                key = core.canon[suit][m]
                if m & ~inside:
                    assert key == m
                    continue
                assert key & ~inside == 0 and key.bit_count() == m.bit_count()
                assert keys.setdefault(_classes(core, hands, suit, m), key) == key
            assert len(set(keys.values())) == len(keys)


def test_equivalent_cards_leave_the_value_unchanged(monkeypatch: pytest.MonkeyPatch) -> None:
    """Why the table may key positions up to equivalent cards: a card in play replaced by one out of play
    of its suit with the same points (both the Puur or neither) and no card in play between them (so the
    same order against the rest of the suit) leaves the value of the position unchanged, in the search with
    the table keyed by the cards themselves (``set_reference`` a no-op), four tricks before the end, in every
    contract of two presets; the compiled search (keys up to equivalence) agrees."""
    from puur.bots import solver as solver_mod
    from puur.bots.solver import FULL, NO_MATCH, new_core

    swaps = 0
    rng = random.Random("equivalent-cards")
    for i in range(48):
        profile = RuleProfile.preset(("schieber", "jasvel")[i % 2])
        r = RoundState(profile, deal(rng, 0), 0, 1)
        r.choose(Contract(i % 6))
        while len(r.tricks) < 5:
            r.play(choose(r))
        hands, pts, strength = list(r.hands), r.points, STRENGTH_TABLES[r.contract]
        puur = PUUR_BITS[r.contract]
        held = hands[0] | hands[1] | hands[2] | hands[3]
        pairs = [
            (c, d) for c in iter_cards(held) for d in range(c // 9 * 9, c // 9 * 9 + 9)
            if not held >> d & 1 and pts[d] == pts[c] and (puur >> d & 1) == (puur >> c & 1)
            and not any(min(strength[c], strength[d]) < strength[e] < max(strength[c], strength[d])
                        for e in iter_cards(held & 0x1FF << c // 9 * 9))
        ]  # fmt: skip
        if not pairs:
            continue
        c, d = rng.choice(pairs)
        other = [h ^ (1 << c | 1 << d) if h >> c & 1 else h for h in hands]
        values = []
        for h in (hands, other):
            with monkeypatch.context() as m:
                m.setattr(solver_mod, "set_reference", lambda s, h: None)
                plain = new_core(r, False, 14, 0.0)
                rem = h[0] | h[1] | h[2] | h[3]
                args = (r.to_act, NO_MATCH, sum(pts[x] for x in iter_cards(rem)) + 5, FULL ^ rem, -999, 999)
                values.append(plain.lead(h, *args))
            if COMPILED and compiled_legal_rules(profile, r.contract) is not None:
                values.append(new_core(r, True, 14, 0.0).lead(h, *args))
        assert len(set(values)) == 1, (i, c, d, values)
        swaps += 1
    assert swaps >= 30


@compiled_only
def test_the_soak_solves_with_both_searches(monkeypatch: pytest.MonkeyPatch) -> None:
    """``make soak``'s solver part (``puur.lab.soak.soak_solver``): both searches agree from random positions in
    every preset (here 12 each); a compiled answer that differs, or a best card whose value is not the
    position's, fails it."""
    from puur.bots import solver as solver_module
    from puur.lab.soak import SoakFailure, soak_solver

    for preset in sorted(PRESETS):
        stats = soak_solver(preset, 12, seed=3)
        assert stats.compiled and stats.positions == 12 and stats.nodes > 12
    real = solver_module.solve

    def off_by_one(r: RoundState, *, compiled: bool | None = None) -> SolveResult:
        res = real(r, compiled=compiled)
        return dataclasses.replace(res, nodes=res.nodes + 1) if compiled else res

    monkeypatch.setattr(solver_module, "solve", off_by_one)
    with pytest.raises(SoakFailure, match="the compiled core gives"):
        soak_solver("schieber", 3, seed=3)
    monkeypatch.undo()
    real_values = solver_module.Solver.card_values
    monkeypatch.setattr(solver_module.Solver, "card_values", lambda s, r, cards=None: {
        c: v + 2 for c, v in real_values(s, r, cards).items()
    })  # fmt: skip
    with pytest.raises(SoakFailure, match="the best card's value"):
        soak_solver("schieber", 3, seed=3)
