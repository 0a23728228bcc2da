"""Game: actions, errors, rotation, the end of the match by the profile, records (INTERFACES.md §2)."""

from __future__ import annotations

import json

import pytest

from puur import CLAIM, PUSH, Card, Contract, Game, IllegalAction, RuleProfile
from puur.bots.random_player import RandomPlayer
from puur.bots.runner import play_match
from puur.core.cards import BASE_CONTRACTS, Special


def _finish(game: Game, seed: int = 0) -> Game:
    return play_match(game, {s: RandomPlayer(seed + s) for s in range(4)})


def test_contract_phase_offers_contracts_and_push() -> None:
    g = Game("schieber", seed=7)
    acts = g.legal_actions()
    assert PUSH in acts and set(BASE_CONTRACTS) <= set(acts)
    assert not any(c.changes_direction for c in acts if isinstance(c, Contract))  # Slalom, Guschti: an option
    fh = g.current_seat
    g.apply("P")
    assert g.current_seat == (fh + 2) % 4  # type: ignore[operator]
    assert PUSH not in g.legal_actions()
    with pytest.raises(IllegalAction):
        g.apply("P")
    g.apply("obenabe")
    assert g.current_seat == fh  # the forehand leads trick 1 (§4.2 rule 4)
    assert g.round.chooser == (fh + 2) % 4 and g.round.pushed  # type: ignore[operator]


def test_illegal_action_leaves_the_state_unchanged() -> None:
    g = Game("schieber", seed=11)
    g.apply("H")
    seat = g.current_seat
    assert seat is not None
    # lead, then find a card the next seat may not play
    g.apply(g.legal_actions()[0])
    seat = g.current_seat
    assert seat is not None
    obs = g.observation(seat)
    illegal = [c for c in obs.hand if c not in obs.legal_actions]
    before = json.dumps(g.record()), json.dumps(g.observation(seat).to_dict())
    for bad in [*illegal, Card.parse("HA") if Card.HA not in obs.hand else Card.SA, "XX", "P", "O"]:
        if isinstance(bad, Card) and bad in obs.hand and bad in obs.legal_actions:
            continue
        with pytest.raises(IllegalAction) as e:
            g.apply(bad)
        assert str(e.value)
        assert (json.dumps(g.record()), json.dumps(g.observation(seat).to_dict())) == before
    with pytest.raises(IllegalAction, match="declaration"):
        g.apply(obs.legal_actions[0], declare=("weis",))
    assert (json.dumps(g.record()), json.dumps(g.observation(seat).to_dict())) == before


def test_illegal_card_names_the_rule() -> None:
    # find a position where following suit is compulsory and the seat holds the led suit
    for seed in range(50):
        g = Game("jasvel", seed=seed)
        g.apply("O")
        g.apply(g.legal_actions()[0])
        seat = g.current_seat
        assert seat is not None
        obs = g.observation(seat)
        illegal = [c for c in obs.hand if c not in obs.legal_actions]
        if illegal:
            with pytest.raises(IllegalAction, match="must follow"):
                g.apply(illegal[0])
            return
    pytest.fail("no position with a card that must not be played")


def test_d7_rotation_classic() -> None:
    # D7 (S000): the holder of C7 is forehand of hand 1; then forehand(h+1) = next(forehand(h)).
    for seed in range(40):
        g = Game("classic", seed=seed)
        holder = next(s for s in range(4) if g.deals[0][s] >> Card.C7 & 1)
        assert g.round.forehand == holder and g.round.dealer == (holder - 1) % 4
    g = _finish(Game("classic", seed=3))
    fh = [r.forehand for r in g.rounds]
    assert all(fh[i + 1] == (fh[i] + 1) % 4 for i in range(len(fh) - 1))
    assert all(r.dealer == (r.forehand - 1) % 4 for r in g.rounds)


def test_d7_rotation_jasvel_dealer_right() -> None:
    g = _finish(Game("jasvel", seed=5))
    assert g.rounds[0].forehand == (g.rounds[0].dealer + 1) % 4
    assert [r.dealer for r in g.rounds[:3]] == [(g.rounds[0].dealer + i) % 4 for i in range(3)]


@pytest.mark.parametrize("preset", ["schieber", "online", "jasvel"])
def test_end_of_round_finishes_the_round(preset: str) -> None:
    g = _finish(Game(preset, seed=21))
    assert g.is_over and g.winner in (0, 1) and g.current_seat is None
    assert g.rounds[-1].complete
    assert max(g.scores) >= g.target
    assert g.legal_actions() == []
    with pytest.raises(IllegalAction, match="over"):
        g.apply("H")


def test_live_game_end_stops_mid_round() -> None:
    # schweizer (S001): automatic live recognition; a team close to the target wins on its next points
    base = Game("schweizer", seed=4)
    g = Game.from_deal("schweizer", base.deals[0], forehand=base.round.forehand, scores=(2995, 0), seed=4)
    g.apply(g.legal_actions()[0])
    if g.current_seat is not None and g.round.contract is None:
        g.apply("O")
    _finish(g)
    assert g.is_over and g.end_reason == "live"
    assert not g.rounds[-1].complete or len(g.round.tricks) == 9
    assert g.scores[g.winner] >= 3000  # type: ignore[index]


def _claim_position(team_scores: list[int]) -> Game:
    base = Game("classic", seed=8)
    g = Game.from_deal("classic", base.deals[0], forehand=base.round.forehand, scores=team_scores, seed=8)
    g.apply("O")
    while len(g.round.tricks) < 3:
        acts = [a for a in g.legal_actions() if a is not CLAIM]
        g.apply(acts[0])
    return g


def test_true_claim_wins_at_once() -> None:
    seat = _claim_position([0, 0]).current_seat
    assert seat is not None
    team = seat % 2
    g = _claim_position([2999, 0] if team == 0 else [0, 2999])
    assert g.current_seat == seat and CLAIM in g.legal_actions()
    if g.round.card_points[team] == 0:
        pytest.skip("the claiming team has no trick points in this deal")
    g.apply("claim")
    assert g.is_over and g.winner == team and g.end_reason == "claim"


def test_false_claim_loses() -> None:
    g = _claim_position([0, 0])
    seat = g.current_seat
    assert seat is not None
    g.apply(CLAIM)
    assert g.is_over and g.winner == 1 - seat % 2 and g.end_reason == "false_claim"


def test_claims_only_in_the_claim_profile() -> None:
    g = Game("schieber", seed=1)
    g.apply("H")
    assert CLAIM not in g.legal_actions()
    with pytest.raises(IllegalAction, match="claims"):
        g.apply("claim")


def test_schneider_counts_two_games() -> None:
    # X6: target 3000, losers below 1500 -> Schneider, 2 games; at exactly 1500 not.
    for seed in range(200):
        g = _finish(Game("classic", seed=seed), seed)
        loser = g.scores[1 - g.winner]  # type: ignore[operator]
        assert g.schneider == (loser < 1500)
        assert g.games == (2 if loser < 1500 else 1)
        if g.schneider:
            return
    pytest.fail("no Schneider in 200 random matches")


def test_no_schneider_in_schieber() -> None:
    g = _finish(Game("schieber", seed=2))
    assert not g.schneider and g.games == 1


def test_record_replays_and_refuses_other_versions() -> None:
    g = _finish(Game("jasvel", seed=9))
    rec = json.loads(json.dumps(g.record()))
    again = Game.from_record(rec)
    assert again.record() == g.record() and again.winner == g.winner
    bad = json.loads(json.dumps(rec))
    bad["profile"]["version"] = 99
    with pytest.raises(ValueError, match="profile version"):
        Game.from_record(bad)
    bad = json.loads(json.dumps(rec))
    bad["version"] = 2
    with pytest.raises(ValueError, match="record version"):
        Game.from_record(bad)
    bad = json.loads(json.dumps(rec))
    bad["seed"] = rec["seed"] + 1
    with pytest.raises(ValueError):
        Game.from_record(bad)


def test_unfinished_record_replays_to_the_same_position() -> None:
    g = Game("schieber", seed=13)
    p = {s: RandomPlayer(s) for s in range(4)}
    for _ in range(50):
        seat = g.current_seat
        assert seat is not None
        g.apply(p[seat].act(g.observation(seat)))
    again = Game.from_record(g.record())
    assert again.current_seat == g.current_seat
    assert again.observation(0).to_dict() == g.observation(0).to_dict()


def test_actions_accept_strings_and_objects() -> None:
    g = Game("schieber", seed=3)
    g.apply(Contract.S)
    card = g.legal_actions()[0]
    assert isinstance(card, Card)
    g.apply(str(card).lower())
    assert g.round.trick == [int(card)]
    assert isinstance(PUSH, Special)


def test_profile_overrides_reach_the_game() -> None:
    g = Game({"preset": "jasvel", "multipliers": "ascending", "target": 2500}, seed=1)
    assert g.target == 2500 and g.profile.factor(Contract.U) == 6
    assert RuleProfile.resolve(g.profile.to_dict()) == g.profile


def test_a_claimed_match_replays_from_its_record() -> None:
    g = _claim_position([0, 0])
    g.apply(CLAIM)
    rec = json.loads(json.dumps(g.record()))
    assert "claim" in rec["rounds"][-1]["actions"]
    again = Game.from_record(rec)
    assert again.is_over and again.winner == g.winner and again.end_reason == "false_claim"
    assert again.record() == g.record()


@pytest.mark.parametrize(
    ("declare", "words"),
    [(None, "not NoneType"), (5, "not int"), ("stoeck", "not one string"), ([5], "not int 5"),
     (["stoeck", None], "not NoneType"), (["stoeck", "stoeck"], "given twice"), (["weis:1", "weis:1"], "given twice"),
     (["stöck"], "unknown declaration")],
)  # fmt: skip
def test_malformed_declarations_are_illegal_actions_that_change_nothing(declare: object, words: str) -> None:
    """``Game.apply`` raises ``IllegalAction`` with the reason for any ``declare`` that is not a list of
    different declarations (INTERFACES.md §2), and the game is as before."""
    g = Game("schieber", seed=11)
    g.apply("H")
    before = json.dumps(g.record(), sort_keys=True)
    card = g.legal_actions()[0]
    with pytest.raises(IllegalAction, match=words):
        g.apply(card, declare=declare)  # type: ignore[arg-type]
    assert json.dumps(g.record(), sort_keys=True) == before
    g.apply(card)  # the same card without them is taken
