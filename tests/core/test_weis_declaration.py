"""The Weis declaration: the best choice of melds a hand allows (RULES.md §9.3, corrected 2026-12-01;
INTERFACES.md §1 ``melds``), the choices a player is offered (S000 splitting), and the Weis comparison
that uses the declaration's best meld (§9.5, §9.6), in every preset.

A brute force over every set of melds (all quartets, every sub-run of every run) checks the declaration on
thousands of hands; the oracle, the HTTP rules API, the MCP tool and the Weis calculator must agree.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from mcp_helpers import run_mcp

from puur.core.cards import Card, Contract, cards_of, mask_of
from puur.core.profile import PRESETS, RuleProfile
from puur.core.rules.weis import (
    MOST_IN_A_HAND,
    QUARTET_VALUES,
    SEQUENCE_VALUES,
    Meld,
    alternatives,
    choices,
    declaration,
    meld_key,
    meld_shapes,
)
from puur.oracle import evaluate
from puur.tools.weis_calculator import calculate

ALL = tuple(PRESETS)


def P(name: str) -> RuleProfile:
    return RuleProfile.preset(name)


def m(text: str) -> int:
    return mask_of(Card.parse(c) for c in text.split())


def shape(melds: tuple[Meld, ...] | list[Meld]) -> list[tuple[str, str, int]]:
    return sorted((x.kind, " ".join(str(Card(c)) for c in x.cards), x.points) for x in melds)


# ----- the examples of RULES.md §9.3 (corrected 2026-12-01) and more, per preset -----

SIX_RUN_QUEENS = "H9 H10 HJ HQ HK HA CQ DQ SQ"
FIVE_RUN_TENS = "H6 H7 H8 H9 H10 C10 D10 S10"
SIX_RUN_TENS = "H8 H9 H10 HJ HQ HK C10 D10 S10"
EIGHT_RUN = "S6 S7 S8 S9 S10 SJ SQ SK"
NINES_RUN = "C9 D9 H9 S9 C7 C8 C10 CJ"

EXPECTED: dict[tuple[str, str], tuple[int, list[tuple[str, str, int]]]] = {
    # §9.3: the six-run alone (150) beats four Queens + H9-H10-HJ (120) in EXTENDED
    **{
        (SIX_RUN_QUEENS, preset): (150, [("sequence", "H9 H10 HJ HQ HK HA", 150)])
        for preset in ("schieber", "online", "jasvel")
    },
    # SMALL: a six-run is 100, so four Queens + the three-run left (120) is the better choice
    **{
        (SIX_RUN_QUEENS, preset): (120, [("four", "CQ DQ HQ SQ", 100), ("sequence", "H9 H10 HJ", 20)])
        for preset in ("classic", "schweizer")
    },
    # §9.3: under schieber H6-H10 + C10 D10 S10 declares four tens and H6-H9 (150)
    **{
        (FIVE_RUN_TENS, preset): (150, [("four", "C10 D10 H10 S10", 100), ("sequence", "H6 H7 H8 H9", 50)])
        for preset in ("schieber", "classic", "schweizer", "online")
    },
    # Jasvel: the run and the quartet share H10, only one is written: 100 each, the run wins on count
    (FIVE_RUN_TENS, "jasvel"): (100, [("sequence", "H6 H7 H8 H9 H10", 100)]),
    # §9.3: H8-HK + C10 D10 S10 writes 150 under jasvel (not 250)
    **{
        (SIX_RUN_TENS, preset): (150, [("sequence", "H8 H9 H10 HJ HQ HK", 150)])
        for preset in ("jasvel", "schieber", "online")
    },
    **{
        (SIX_RUN_TENS, preset): (120, [("four", "C10 D10 H10 S10", 100), ("sequence", "HJ HQ HK", 20)])
        for preset in ("classic", "schweizer")
    },
    # S000 X5: an 8-run splits into 3 + 5 (the 5 on top: the stronger best meld) only under classic
    (EIGHT_RUN, "classic"): (120, [("sequence", "S6 S7 S8", 20), ("sequence", "S9 S10 SJ SQ SK", 100)]),
    (EIGHT_RUN, "schweizer"): (100, [("sequence", "S6 S7 S8 S9 S10 SJ SQ SK", 100)]),
    **{
        (EIGHT_RUN, preset): (250, [("sequence", "S6 S7 S8 S9 S10 SJ SQ SK", 250)])
        for preset in ("schieber", "jasvel")
    },
    # TOOLS.md §7's four 9s + C7-CJ: four 9s (150) beat the run (100) sharing C9 under jasvel too
    **{
        (NINES_RUN, preset): (150, [("four", "C9 D9 H9 S9", 150)])
        for preset in ("jasvel", "schieber", "online")
    },
    **{
        (NINES_RUN, preset): (100, [("sequence", "C7 C8 C9 C10 CJ", 100)])
        for preset in ("classic", "schweizer")
    },  # no four 9s in SMALL
}


def _expected_cases() -> list[tuple[str, str, int, list[tuple[str, str, int]]]]:
    return [(hand, preset, points, melds) for (hand, preset), (points, melds) in EXPECTED.items()]


@pytest.mark.parametrize(("hand", "preset", "points", "melds"), _expected_cases())
def test_declaration_examples(hand: str, preset: str, points: int, melds: list[tuple[str, str, int]]) -> None:
    for contract in (Contract.C, Contract.O):  # Undenufe: test_alternatives_follow_the_contract
        d = declaration(m(hand), P(preset), contract)
        assert d.points == points
        assert shape(d.melds) == sorted(melds)
        out = evaluate({"op": "melds", "hand": hand.split(), "profile": preset, "contract": contract.name})
        assert out["points"] == points


def test_two_quartets_and_a_run() -> None:
    # CJ DJ HJ SJ (200) and C9 C10 CJ CQ CK: the Unders take CJ and leave C9-C10 and CQ-CK (nothing):
    # 200 against the 5-run (100) under disjoint; under jasvel the same (the run shares CJ).
    hand = m("C9 C10 CJ CQ CK DJ HJ SJ D6")
    for preset in ALL:
        d = declaration(hand, P(preset), Contract.H)
        assert shape(d.melds) == [("four", "CJ DJ HJ SJ", 200)]


def test_quartet_leaves_a_run_on_each_side() -> None:
    # C6-CA with the four Queens: under disjoint the Queens split the run into C6-CJ (6) and CK-CA (2)
    hand = m("C6 C7 C8 C9 C10 CJ CQ CK CA")
    assert declaration(hand, P("schieber"), Contract.H).points == 300  # one 9-run; no quartet held
    hand = m("C6 C7 C8 C9 C10 CJ CQ DQ HQ")  # no four Queens either (SQ missing): the 7-run
    assert declaration(hand, P("schieber"), Contract.H).points == 200
    hand = m("C7 C8 C9 C10 CJ CQ DQ HQ SQ")  # four Queens + C7-CJ (5: 100) = 200 against C7-CQ (6: 150)
    for preset, pts in (("schieber", 200), ("online", 200), ("classic", 200), ("schweizer", 200), ("jasvel", 150)):
        assert declaration(hand, P(preset), Contract.H).points == pts, preset


def test_weis_op_uses_the_corrected_best_meld() -> None:
    # §9.3: seat 0's six-run (150) is its best meld, so team 0 writes; with four Queens + a three-run
    # its best meld would be four Queens (100).
    hands = [SIX_RUN_QUEENS.split(), ["C6", "C7", "C8", "C9", "C10"], [], []]
    for preset in ("schieber", "online", "jasvel"):
        out = evaluate({"op": "weis", "contract": "S", "hands": hands, "profile": preset})
        assert (out["winner_seat"], out["team"], out["points"]) == (0, 0, [150, 0]), preset
        assert out["declarations"][0]["best"]["cards"] == ["H9", "H10", "HJ", "HQ", "HK", "HA"]
    # SMALL: seat 0 declares four Queens + H9-HJ (120, best four Queens 100 with 4 cards); the 5-run
    # (100, 5 cards) wins on count under classic; under schweizer on type (a sequence above a quartet).
    for preset in ("classic", "schweizer"):
        out = evaluate({"op": "weis", "contract": "S", "hands": hands, "profile": preset})
        assert (out["winner_seat"], out["points"]) == (1, [0, 100]), preset


def test_weis_op_jasvel_overlap_is_written_once() -> None:
    hands = [SIX_RUN_TENS.split(), [], ["C6", "C7", "C8"], ["D6", "D7", "D8"]]
    out = evaluate({"op": "weis", "contract": "S", "hands": hands, "profile": "jasvel"})
    assert (out["winner_seat"], out["points"]) == (0, [170, 0])  # 150 + the partner's 20, never 250 + 20


# ----- alternatives: the player's choice (S000) -----


def test_alternatives_eight_run_classic() -> None:
    alts = alternatives(m(EIGHT_RUN), P("classic"), Contract.H)
    assert [(a.points, len(a.best.cards)) for a in alts if a.best] == [(120, 5), (100, 8)]
    assert alts[0] == declaration(m(EIGHT_RUN), P("classic"), Contract.H)
    for preset in ("schieber", "schweizer", "online", "jasvel"):
        assert alternatives(m(EIGHT_RUN), P(preset), Contract.H) == (declaration(m(EIGHT_RUN), P(preset), Contract.H),)


def test_alternatives_nine_run_classic() -> None:
    hand = m("C6 C7 C8 C9 C10 CJ CQ CK CA")
    alts = alternatives(hand, P("classic"), Contract.H)
    # 4 + 5 = 150 (best: the 5-run C10-CA); 3 + 6 = 120 (best: a 6-run, 100 with 6 cards); the 9-run (100,
    # 9 cards). 3 + 3 + 3 = 60 and 5 + 4 = 150 (its 5-run tops at 10) are beaten on both counts: not offered
    assert [(a.points, len(a.best.cards)) for a in alts if a.best] == [(150, 5), (120, 6), (100, 9)]
    assert alts[0].best is not None and str(Card(alts[0].best.cards[-1])) == "CA"


def test_alternatives_quartet_shortens_a_run_classic() -> None:
    alts = alternatives(m(FIVE_RUN_TENS), P("classic"), Contract.H)
    assert [shape(a.melds) for a in alts] == [
        [("four", "C10 D10 H10 S10", 100), ("sequence", "H6 H7 H8 H9", 50)],
        [("sequence", "H6 H7 H8 H9 H10", 100)],  # 100 with 5 cards beats four tens (4 cards)
    ]


def test_alternatives_none_and_one() -> None:
    assert alternatives(m("C6 D7 H8 SA"), P("classic"), Contract.H) == ()
    assert len(alternatives(m("C6 C7 C8"), P("classic"), Contract.H)) == 1


def test_alternatives_follow_the_contract() -> None:
    # Undenufe reverses the top card under classic: of 3 + 5 and 5 + 3 the lower 5-run is the stronger
    alts = alternatives(m(EIGHT_RUN), P("classic"), Contract.U)
    assert alts[0].best is not None and [str(Card(c)) for c in alts[0].best.cards] == ["S6", "S7", "S8", "S9", "S10"]


# ----- brute force -----


def _all_runs(hand: int) -> list[tuple[int, ...]]:
    """Every sub-run of at least 3 cards (one suit, natural order)."""
    out = []
    for suit in range(4):
        for lo in range(9):
            for hi in range(lo + 3, 10):
                cards = tuple(suit * 9 + r for r in range(lo, hi))
                if all(hand >> c & 1 for c in cards):
                    out.append(cards)
    return out


def _maximal_runs(hand: int) -> list[tuple[int, ...]]:
    runs = _all_runs(hand)
    return [r for r in runs if not any(set(r) < set(o) for o in runs)]


def _disjoint_run_sets(runs: list[tuple[int, ...]], used: int = 0, i: int = 0) -> Iterator[list[tuple[int, ...]]]:
    if i == len(runs):
        yield []
        return
    yield from _disjoint_run_sets(runs, used, i + 1)
    r = runs[i]
    rm = mask_of(r)
    if not rm & used:
        for rest in _disjoint_run_sets(runs, used | rm, i + 1):
            yield [r, *rest]


def brute_force(hand: int, p: RuleProfile) -> list[list[Meld]]:
    """Every declaration RULES.md §9.3 allows, by definition (not by the engine's construction)."""
    seq = SEQUENCE_VALUES[p.weis_values]
    quartets = [
        Meld("four", tuple(s * 9 + r for s in range(4)), QUARTET_VALUES[p.weis_values][r])
        for r in range(9)
        if all(hand >> (s * 9 + r) & 1 for s in range(4)) and QUARTET_VALUES[p.weis_values][r]
    ]
    out = []
    for k in range(1 << len(quartets)):
        chosen = [q for i, q in enumerate(quartets) if k >> i & 1]
        taken = mask_of(c for q in chosen for c in q.cards)
        base = hand & ~taken if p.weis_overlap == "disjoint" else hand
        # every run of what is left is written: whole, or (splitting) cut into parts that make it up
        maximal = [r for r in _maximal_runs(base) if not mask_of(r) & taken]
        for runs in _disjoint_run_sets(_all_runs(base)):
            if p.weis_split_long_runs:
                ok = all(mask_of(c for r in runs if set(r) <= set(mr) for c in r) == mask_of(mr) for mr in maximal)
                ok = ok and all(any(set(r) <= set(mr) for mr in maximal) for r in runs)
            else:
                ok = sorted(runs) == sorted(maximal)
            if ok:
                out.append(chosen + [Meld("sequence", r, seq[len(r)]) for r in runs])
    return out


def _rank(melds: list[Meld], p: RuleProfile, contract: Contract) -> tuple[int, tuple[int, ...]]:
    best = max((meld_key(x, p, contract) for x in melds), default=())
    return sum(x.points for x in melds), best


def _random_hands(n: int, seed: int) -> list[int]:
    """Random hands, half of them rich in melds: a quartet and a run of the same rank, then fill up."""
    rng = random.Random(seed)
    out = []
    for i in range(n):
        cards: set[int] = set()
        if i % 2:
            rank = rng.randrange(3, 9)
            cards |= {s * 9 + rank for s in range(4)}
            suit = rng.randrange(4)
            lo = rng.randrange(max(0, rank - 5), rank + 1)
            hi = min(9, lo + rng.randrange(3, 7))
            cards |= {suit * 9 + r for r in range(lo, hi)}
            if rng.random() < 0.3:
                r2 = rng.randrange(9)
                cards |= {s * 9 + r2 for s in range(4)}
        cards = set(list(cards)[:9])
        while len(cards) < 9:
            cards.add(rng.randrange(36))
        out.append(mask_of(cards))
    return out


@pytest.mark.parametrize("preset", ALL)
def test_declaration_is_the_best_choice_against_brute_force(preset: str) -> None:
    p = P(preset)
    for hand in _random_hands(1200, seed=ALL.index(preset)):
        options = brute_force(hand, p)
        for contract in (Contract.H, Contract.U):
            d = declaration(hand, p, contract)
            best = max(_rank(o, p, contract) for o in options)
            assert (d.points, meld_key(d.best, p, contract) if d.best else ()) == best, cards_of(hand)
            used = [c for x in d.melds for c in x.cards]
            if p.weis_overlap == "disjoint":
                assert len(used) == len(set(used))  # disjoint
            else:  # never both of a run and a quartet that share a card; runs stay maximal
                for x in d.melds:
                    for y in d.melds:
                        if x is not y:
                            assert not set(x.cards) & set(y.cards)
                maximal = _maximal_runs(hand)
                assert all(x.cards in maximal for x in d.melds if x.kind == "sequence")
        # the engine's own list of choices holds exactly the brute force's declarations
        engine = {tuple(shape(c)) for c in choices(hand, p)}
        assert engine == {tuple(shape(o)) for o in options}


@pytest.mark.parametrize("preset", ALL)
def test_alternatives_are_the_undominated_choices(preset: str) -> None:
    p = P(preset)
    for hand in _random_hands(400, seed=10 + ALL.index(preset)):
        alts = alternatives(hand, p, Contract.D)
        d = declaration(hand, p, Contract.D)
        assert (alts == ()) == (not d.melds)
        assert not alts or alts[0] == d
        if not p.weis_split_long_runs:
            assert len(alts) <= 1
            continue
        ranks = [_rank(list(o), p, Contract.D) for o in choices(hand, p) if o]
        frontier = {r for r in ranks if not any(o[0] >= r[0] and o[1] >= r[1] and o != r for o in ranks)}
        assert {(a.points, meld_key(a.best, p, Contract.D)) for a in alts if a.best} == frontier
        assert [a.points for a in alts] == sorted((a.points for a in alts), reverse=True)


# ----- every face gives the same answer -----


def _hand_cases(n: int) -> list[tuple[str, list[str]]]:
    hands = _random_hands(n, seed=99)
    return [(ALL[i % len(ALL)], [str(c) for c in cards_of(h)]) for i, h in enumerate(hands)]


def test_oracle_http_and_calculator_agree() -> None:
    from puur.server.app import create_app

    cases = _hand_cases(300)
    requests = [{"op": "melds", "hand": h, "contract": "S", "profile": p} for p, h in cases]
    want = [evaluate(r) for r in requests]
    with TestClient(create_app(db_path=":memory:")) as client:
        got = client.post("/api/v1/rules/eval", json=requests).json()
        assert got == want
        for (preset, hand), w in zip(cases[:60], want, strict=False):
            typed = client.post("/api/v1/rules/melds", json={"hand": hand, "contract": "S", "profile": preset}).json()
            assert (typed["points"], typed["best"]) == (w["points"], w["best"])
    for (preset, hand), w in zip(cases, want, strict=True):
        d = declaration(mask_of(Card.parse(c) for c in hand), P(preset), Contract.S)
        assert w["points"] == d.points and shape(d.melds) == shape(
            [Meld(x["kind"], tuple(int(Card.parse(c)) for c in x["cards"]), x["points"]) for x in w["melds"]]
        )
        calc = calculate([{"hand": hand}], Contract.S, P(preset)).to_dict()["seats"][0]
        assert calc["total"] == w["points"]
        assert (calc["best"] or {}).get("cards") == (w["best"] or {}).get("cards")


def test_mcp_melds_tool_agrees() -> None:
    cases = _hand_cases(60)

    async def main(c: Any) -> None:
        for preset, hand in cases:
            args: dict[str, Any] = {"hand": hand, "contract": "H", "profile": preset}
            r = await c.call_tool("melds", args)
            assert r.structured_content == evaluate({"op": "melds", **args})

    run_mcp(main)


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_meld_shapes_are_the_melds_a_hand_declares(name: str) -> None:
    """``meld_shapes`` (the calculator's check of the other team's meld) is exactly the (points, cards) of
    the melds a hand may declare (``choices``): each run of 3 to 9 cards in each suit, whole or split where
    the profile splits, and each four of a kind that scores."""
    profile = PRESETS[name]
    hands = [mask_of(range(9 * suit + start, 9 * suit + start + n)) for suit in range(4) for start in range(7)
             for n in range(3, 10 - start)]  # fmt: skip
    hands += [mask_of(9 * suit + rank for suit in range(4)) for rank in range(9)]
    found = {(m.points, len(m.cards)) for hand in hands for choice in choices(hand, profile) for m in choice}
    assert found == meld_shapes(profile)



@pytest.mark.parametrize("values", ["small", "extended"])
@pytest.mark.parametrize("overlap", ["disjoint", "sequence_and_quartet_may_share"])
@pytest.mark.parametrize("split", [False, True])
def test_most_in_a_hand_is_the_best_hand_made_of_melds(values: str, overlap: str, split: bool) -> None:
    """``MOST_IN_A_HAND`` (the oracle's bound on a team's Weis) is the most a hand declares: a hand's
    declaration is reached by the union of the melds it declares, so every union of melds of at most 9
    cards is tried (and extra cards add none)."""
    profile = RuleProfile(weis_values=values, weis_overlap=overlap, weis_split_long_runs=split)  # type: ignore[arg-type]
    melds = [mask_of(range(9 * suit + start, 9 * suit + start + n)) for suit in range(4) for start in range(7)
             for n in range(3, 10 - start)]  # fmt: skip
    melds += [mask_of(9 * suit + rank for suit in range(4)) for rank in range(9) if QUARTET_VALUES[values][rank]]
    seen: dict[int, int] = {}

    def grow(first: int, union: int) -> None:
        for i in range(first, len(melds)):
            more = union | melds[i]
            if more != union and more.bit_count() <= 9:
                if more not in seen:
                    seen[more] = declaration(more, profile).points
                grow(i + 1, more)

    grow(0, 0)
    assert max(seen.values()) == MOST_IN_A_HAND[values]
