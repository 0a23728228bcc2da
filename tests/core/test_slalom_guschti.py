"""Slalom and Guschti (J30 shared/seeds/jasvel/30-variants-slalom-guschti-molotow.txt,
docs/contracts-slalom-guschti.md): the trick-dependent order in the rules core, the oracle and HTTP, the
solver's Python path against brute force, and a Schieber match with the table option on."""

from __future__ import annotations

import random
import re

import pytest
from fastapi.testclient import TestClient
from game_checks import solved_as_brute_force
from mcp import Client
from mcp_helpers import run_mcp

from puur.bots import make_player
from puur.bots.analysis import solve_open_cards
from puur.bots.contract_eval import (
    best_contract,
    contract_scores,
    direction_mix_score,
    obenabe_score,
    undenufe_score,
)
from puur.bots.rollout import choose
from puur.bots.runner import play_match
from puur.bots.solver import COMPILED, Solver
from puur.bots.solver import Core as PythonCore
from puur.core.cards import BASE_CONTRACTS, Card, Contract
from puur.core.profile import PRESETS, RuleProfile
from puur.core.round import IllegalAction, RoundState, deal, random_round
from puur.core.rules.trick import card_points, trick_winner
from puur.core.rules.weis import resolve_weis
from puur.data import dataset
from puur.info.position import PATTERN as POSITION_PATTERN
from puur.info.position import format_position, parse_position
from puur.match.game import Game
from puur.oracle import evaluate
from puur.tools import ToolInputError, contract_label
from puur.tools.trick_arbiter import judge

SLO, SLU, GUO, GUU = Contract.SLO, Contract.SLU, Contract.GUO, Contract.GUU
EXTRA = RuleProfile.resolve({"preset": "schieber", "extra_contracts": "slalom_guschti"})


def test_directions_follow_the_page() -> None:
    """J30: Slalom alternates trick by trick from the chosen direction; Guschti keeps the chosen direction
    for five tricks, then the other for four ("The direction changes after the fifth trick")."""
    d = {c: "".join(c.direction(t).name for t in range(9)) for c in (SLO, SLU, GUO, GUU)}
    assert d == {SLO: "OUOUOUOUO", SLU: "UOUOUOUOU", GUO: "OOOOOUUUU", GUU: "UUUUUOOOO"}
    for spelled, c in [("slalom-obenabe", SLO), ("SLU", SLU), ("mary-obenabe", GUO), ("guschti-une", GUU)]:
        assert Contract.parse(spelled) is c
    assert not any(c.is_trump for c in (SLO, SLU, GUO, GUU))


def test_worked_tricks() -> None:
    """J30: "A card that is strong during an Obenabe trick may be weak during the following Undenufe
    trick": the same four hearts, led by the ace, in trick 1 and trick 2 of Slalom (Obenabe first)."""
    trick = [Card.HA, Card.H6, Card.HK, Card.S6]  # the S6 does not follow suit: it never wins
    assert trick_winner(trick, SLO, 0) == 0  # Obenabe: A, K, O, U, 10, 9, 8, 7, 6
    assert trick_winner(trick, SLO, 1) == 1  # Undenufe: 6, 7, 8, ... A
    # card values: the Obenabe values in every trick (J30: 152 card points a round), A 11, 6 0
    assert card_points(trick, SLO, "modern", 0) == 11 + 0 + 4 + 0
    assert card_points(trick, SLO, "modern", 1) == 11 + 0 + 4 + 0
    assert card_points(trick, SLO, "classic", 1) == 11 + 0 + 4 + 0
    # the reading of records stored before it: each trick at its direction's values (modern A 0, 6 11)
    assert card_points(trick, SLO, "modern", 1, "by_trick") == 0 + 11 + 4 + 11
    # Guschti, Undenufe first: trick 5 (index 4) is still Undenufe, trick 6 (index 5) Obenabe
    assert trick_winner(trick, GUU, 4) == 1 and trick_winner(trick, GUU, 5) == 0
    with pytest.raises(ValueError, match="trick's index"):
        trick_winner(trick, SLO)


def test_weis_never_inverted() -> None:
    """J30: "Weis is never inverted": under Slalom and Guschti a 6-7-8 loses to a Q-K-A even where the
    profile reverses Weis in Undenufe (``weis_undenufe_reverse``, schieber), and Undenufe first."""
    hands = [0, 0, 0, 0]
    for c in (Card.C6, Card.C7, Card.C8):
        hands[0] |= 1 << c
    for c in (Card.HQ, Card.HK, Card.HA):
        hands[1] |= 1 << c
    profile = RuleProfile.preset("schieber")
    assert profile.weis_undenufe_reverse
    assert resolve_weis(hands, profile, Contract.U).winner_seat == 0  # reversed in Undenufe
    for c in (SLO, SLU, GUO, GUU):
        assert resolve_weis(hands, profile, c).winner_seat == 1


def test_round_points_invariant_over_random_rounds() -> None:
    """Under the old reading (``slalom_guschti_values="by_trick"``, kept for records stored before the 152
    of J30) each card counts as its trick's direction, so a round's card points are 108 plus 11 for each
    ace taken in an Obenabe trick and each six in an Undenufe trick (modern values), +5 for the last trick;
    with classic Undenufe values (A 11, 6 0 in both directions) always 152 + 5. The round's trick record
    agrees with the rules core's ``card_points`` for every trick."""
    rng = random.Random(17)
    for preset in ("schieber", "classic"):
        profile = RuleProfile.resolve(
            {"preset": preset, "extra_contracts": "slalom_guschti", "slalom_guschti_values": "by_trick"}
        )
        seen = set()
        for _ in range(400):
            r = random_round(profile, rng)
            c = r.contract
            assert c is not None
            total = sum(t.points for t in r.tricks)
            if not c.changes_direction:
                assert total == 157
                continue
            seen.add(c)
            k = 0
            for i, t in enumerate(r.tricks):
                d = c.direction(i)
                assert t.points == card_points(t.cards, c, profile.undenufe_values, i, "by_trick") + (5 if i == 8 else 0)
                assert (t.leader + trick_winner(t.cards, d)) & 3 == t.winner
                k += sum(1 for x in t.cards if x % 9 == (8 if d == Contract.O else 0))
            expected = 108 + 11 * k + 5 if profile.undenufe_values == "modern" else 157
            assert total == expected
        assert seen == {SLO, SLU, GUO, GUU}


def test_profile_option_offers_the_contracts() -> None:
    for name, p in PRESETS.items():
        assert p.extra_contracts == "none", name
        assert len(p.contracts) == 6
    assert EXTRA.contracts[6:] == (SLO, SLU, GUO, GUU)
    assert RuleProfile.resolve({"preset": "jasvel", "extra_contracts": "guschti"}).contracts[6:] == (GUO, GUU)
    # the factor of the starting direction (five of the nine tricks), unless the table names them
    assert [EXTRA.factor(c) for c in (SLO, SLU, GUO, GUU)] == [3, 4, 3, 4]
    named = RuleProfile.resolve(
        {"preset": "schieber", "multipliers": {"C": 1, "D": 2, "H": 3, "S": 4, "O": 5, "U": 6, "SLO": 9, "GUU": 10}}
    )
    assert [named.factor(c) for c in (SLO, SLU, GUO, GUU)] == [9, 6, 5, 10]
    with pytest.raises(ValueError, match="extra_contracts"):
        RuleProfile.resolve({"preset": "schieber", "extra_contracts": "molotow"})
    r = RoundState(RuleProfile.preset("schieber"), deal(random.Random(1), 0), 0, 1)
    with pytest.raises(IllegalAction, match="not a contract of this table"):
        r.choose(SLO)
    assert r.contract is None


def test_oracle_http_and_mcp_accept_the_codes(client: TestClient) -> None:
    req = {"op": "trick", "contract": "slalom-obenabe", "trick": ["HA", "H6", "HK", "S6"], "trick_index": 1}
    got = evaluate(req)
    # the trick's order decides the winner; its cards count at the Obenabe values (J30: 152 a round)
    assert got["ok"] and got["winner"] == 1 and got["points"] == 15 and got["direction"] == "U"
    assert evaluate({**req, "trick_index": None})["error"]["code"] == "missing_field"
    assert evaluate({**req, "trick_index": 9})["error"]["code"] == "bad_request"
    last = evaluate({"op": "trick", "contract": "GUU", "trick": ["HA", "H6", "HK", "S6"], "last": True})
    assert last["winner"] == 0 and last["points"] == 15 + 5 and last["direction"] == "O"
    cp = evaluate({"op": "card_points", "contract": "SLU", "cards": ["DA", "D6"], "trick_index": 0})
    assert cp["points"] == 11
    score = {"op": "score", "contract": "GUO", "card_points": [110, 42], "tricks": [6, 3], "last_trick": 0}
    assert evaluate(score)["written"] == [115 * 3, 42 * 3]
    assert evaluate({**score, "card_points": [120, 43]})["error"]["code"] == "impossible_input"  # 163, not 152
    assert evaluate({**score, "card_points": [100, 52]})["ok"]
    assert evaluate({**score, "card_points": [100, 50]})["error"]["code"] == "impossible_input"
    assert evaluate({**score, "stoeck": [20, 0]})["error"]["code"] == "impossible_input"
    r = client.post("/api/v1/rules/trick", json={k: v for k, v in req.items() if k != "op"})
    assert r.status_code == 200 and r.json() == got
    r = client.post("/api/v1/rules/trick", json={"contract": "H", "trick": ["HA", "H6", "HK", "S6"]})
    assert r.status_code == 200 and "direction" not in r.json()
    r = client.post("/api/v1/rules/trick", json={"contract": "SLO", "trick": ["HA", "H6", "HK", "S6"]})
    assert r.status_code == 422 and "trick_index" in r.text
    r = client.post("/api/v1/table/rules", json={"profile": {"preset": "schieber", "extra_contracts": "slalom"}})
    codes = {c["code"]: c for c in r.json()["contracts"]}
    assert set(codes) == {"C", "D", "H", "S", "O", "U", "SLO", "SLU"}
    assert [o["label"] for o in codes["SLU"]["orders"]] == ["obenabe", "undenufe"] and codes["SLU"]["factor"] == 4

    async def check(c: Client) -> None:
        r = await c.call_tool("trick", {k: v for k, v in req.items() if k != "op"})
        assert not r.is_error, r.content
        assert r.structured_content == got

    run_mcp(check)


def test_solver_equals_brute_force_on_small_endgames() -> None:
    """The solver's Python path (the compiled core is never asked for these contracts) against brute-force
    minimax of team 0's points minus team 1's, from trick 7 and from inside tricks 7 and 8."""
    for preset in ("schieber", "classic"):
        profile = RuleProfile.resolve({"preset": preset, "extra_contracts": "slalom_guschti"})
        rng = random.Random(f"slalom-{preset}")
        for i in range(8):
            r = RoundState(profile, deal(rng, 0), 0, 1)
            r.choose((SLO, SLU, GUO, GUU)[i % 4])
            stop = 24 + rng.randrange(6)
            while len(r.tricks) * 4 + len(r.trick) < stop:
                r.play(choose(r))
            res = solved_as_brute_force(r)
            # the final points are those of a perfect line: the round's own total (not 157)
            done_before = sum(r.card_points)
            assert sum(res.points) >= done_before
    # the compiled core is never asked, even when asked for
    assert isinstance(Solver(r, compiled=COMPILED)._core, PythonCore)


def test_schieber_match_with_the_option_plays_through() -> None:
    """A seeded Schieber match with Slalom and Guschti offered: heuristic and search players choose and
    play them to the end of the match."""
    game = Game({"preset": "schieber", "extra_contracts": "slalom_guschti", "target": 1000}, seed=11)
    game.apply(Contract.SLO if Contract.SLO in game.legal_actions() else "P")
    if game.round.contract is None:
        game.apply(Contract.SLO)
    search = make_player("mcts:level=strong", seed=1)
    assert search.endgame_of(game.observation(0)) == 2  # exact endgames kept to the Python search's reach
    players = {s: make_player("heuristic", seed=s) if s % 2 else make_player("mcts:level=easy", seed=s) for s in range(4)}
    play_match(game, players)
    assert game.is_over
    chosen = [r.contract for r in game.round_states if r.contract is not None]
    assert any(c.changes_direction for c in chosen)
    for r in game.round_states:
        if r.contract is not None and r.contract.changes_direction and r.is_done:
            for i, t in enumerate(r.tricks):  # every trick decided by its own direction
                assert (t.leader + trick_winner(t.cards, r.contract.direction(i))) & 3 == t.winner


def test_position_line_round_trips() -> None:
    """docs/position-notation.md: the contract field takes the new codes (after a push too), the profile
    its option and named factors, and the replay decides each trick by its direction."""
    profile = EXTRA.with_options(multipliers={"C": 1, "D": 2, "H": 1, "S": 2, "O": 3, "U": 4, "GUU": 7})
    r = RoundState(profile, deal(random.Random(2), 0), 0, 1)
    r.push()
    r.choose(GUU)
    for _ in range(22):
        r.play(choose(r))
    line = format_position(r)
    assert " PGUU " in line and "GUU7" in line and "extra_contracts=slalom_guschti" in line
    back = parse_position(line)
    assert format_position(back) == line and back.profile == profile and back.card_points == r.card_points
    assert re.match(POSITION_PATTERN, line)


def test_open_cards_solver_takes_the_codes() -> None:
    """``solve_open_cards`` (HTTP /solve, MCP) accepts a Slalom code outright (the option is implied);
    each card's final points are those of a perfect line after it, the best card's are the answer's."""
    rng = random.Random(5)
    dealt = deal(rng, 0)
    r = RoundState(EXTRA, dealt, 3, 0)
    r.choose(SLU)
    while len(r.tricks) * 4 + len(r.trick) < 14:
        r.play(choose(r))
    hands = [[Card(c).name for c in range(36) if h >> c & 1] for h in dealt]
    played = [Card(c).name for c in r.cards_played]
    out = solve_open_cards(hands, "slalom-undenufe", played, 0, "schieber")
    assert out["cards"][out["best"]] == out["points"]
    diffs = {c: p[0] - p[1] for c, p in out["cards"].items()}
    best = max(diffs.values()) if out["to_act"] % 2 == 0 else min(diffs.values())
    assert diffs[out["best"]] == best


def test_dataset_lists_the_codes_with_assumptions() -> None:
    data = dataset("contracts.json")
    assert {"SLO", "SLU", "GUO", "GUU"} <= set(data["codes"]["contracts"])
    block = data["data"]["direction_contracts"]
    assert [c["code"] for c in block["contracts"]] == ["SLO", "SLU", "GUO", "GUU"]
    assert block["contracts"][3]["directions"] == ["U"] * 5 + ["O"] * 4
    assert {a["point"] for a in block["assumptions"]} >= {"card values", "Weis", "factor", "which direction starts"}
    assert block["card_point_totals"]["modern"] == [152]  # J30: every round holds 152 card points
    assert block["card_point_totals"]["classic"] == [152]


def test_contract_evaluation_considers_them_when_offered() -> None:
    """The heuristic's hand model scores Slalom and Guschti only where the profile offers them, as the
    Obenabe and Undenufe scores weighted 5 : 4 by the tricks each direction governs."""
    hand = 0
    for c in (Card.CA, Card.CK, Card.C6, Card.C7, Card.DA, Card.D6, Card.HA, Card.H6, Card.S6):
        hand |= 1 << c
    assert set(contract_scores(hand, RuleProfile.preset("schieber"))) == set(BASE_CONTRACTS)
    scores = contract_scores(hand, EXTRA)
    assert set(scores) == set(EXTRA.contracts)
    assert scores[SLO] == pytest.approx(scores[GUO]) and scores[SLU] == pytest.approx(scores[GUU])
    o, u = obenabe_score(hand), undenufe_score(hand)
    assert direction_mix_score(hand, SLO) == pytest.approx((5 * o + 4 * u) / 9)
    rich = EXTRA.with_options(multipliers={"C": 1, "D": 1, "H": 1, "S": 1, "O": 1, "U": 1, "SLO": 9})
    assert best_contract(hand, rich)[0] is SLO


def test_trick_tool_judges_by_the_trick_index() -> None:
    """The trick arbiter (TOOLS.md §5) takes Slalom and Guschti with the trick's index and names the
    direction that decided; without the index it says what is missing."""
    profile = RuleProfile.preset("schieber")
    res = judge(SLO, ["HA", "H6", "HK", "S6"], profile, trick_index=1)
    assert res.winner == 1 and res.contract is Contract.U and res.worth == 15  # Obenabe values (J30: 152)
    last = judge(GUO, ["HA", "H6", "HK", "S6"], profile, last_trick=True)  # trick 9 of GUO: Undenufe
    assert last.winner == 1 and last.worth == 15 + 5
    with pytest.raises(ToolInputError, match="trick_index"):
        judge(SLU, ["HA", "H6"], profile)
    assert contract_label(GUU) == "Guschti (Undenufe first)"
