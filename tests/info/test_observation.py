"""The seat's view: ``Observation.from_dict`` round-trips ``to_dict``, the declared Stöck and shown Weis are
named tuples, and ``resample`` gives a whole round at the observed position (puur.info.determinize)."""

from __future__ import annotations

import json
import random

import pytest

from puur.core.cards import CLAIM, Card, Contract
from puur.core.profile import PRESETS
from puur.info.determinize import Determinizer, InconsistentObservation, resample
from puur.info.observation import DeclaredStoeck, Observation, ShownMeld, ShownWeis
from puur.match.game import Game


def _observations(preset: str, seed: int, actions: int = 400) -> list[Observation]:
    """Every seat's observation at every step of a random match (to its end or ``actions`` actions)."""
    rng = random.Random(seed)
    game = Game(preset, seed=seed)
    out = [game.observation(s) for s in range(4)]
    for _ in range(actions):
        if game.is_over:
            break
        game.apply(rng.choice([a for a in game.legal_actions() if a is not CLAIM]))
        out += [game.observation(s) for s in range(4)]
    return out


@pytest.mark.parametrize("preset", list(PRESETS))
def test_from_dict_round_trips_to_dict(preset: str) -> None:
    seen_shown = False
    for obs in _observations(preset, 20 + len(preset), actions=300):
        d = obs.to_dict()
        assert Observation.from_dict(d) == obs
        again = Observation.from_dict(json.loads(json.dumps(d)))
        assert json.loads(json.dumps(again.to_dict())) == json.loads(json.dumps(d))
        seen_shown |= bool(obs.weis_shown)
    assert seen_shown, "the match shows some Weis"


def test_stoeck_and_shown_weis_are_named_and_write_the_same_json() -> None:
    obs = next(o for o in _observations("schieber", 3, actions=1500) if o.stoeck is not None and o.weis_shown)
    assert isinstance(obs.stoeck, DeclaredStoeck)
    assert obs.stoeck.team == obs.stoeck.seat & 1 and obs.stoeck.points == 20
    assert obs.stoeck.cards == tuple(sorted(obs.stoeck.cards)) and len(obs.stoeck.cards) == 2
    assert obs.to_dict()["stoeck"] == {
        "seat": obs.stoeck.seat, "team": obs.stoeck.team, "cards": [c.name for c in obs.stoeck.cards], "points": 20,
    }  # fmt: skip
    shown = obs.weis_shown[0]
    assert isinstance(shown, ShownWeis) and isinstance(shown.melds[0], ShownMeld)
    seat, melds = shown  # still unpacks as the plain tuples it replaced
    assert obs.to_dict()["weis"]["shown"][0] == [
        seat, [{"kind": m.kind, "cards": [str(c) for c in m.cards], "points": m.points} for m in melds]
    ]  # fmt: skip


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.pop("hand"), "observation field hand is missing"),
        (lambda d: d.update(hand=["H10", "X9"]), "observation field hand: hand: "),
        (lambda d: d.update(seat=4), "observation field seat: 4 is not one of 0, 1, 2, 3"),
        (lambda d: d.update(pushed="no"), "observation field pushed: 'no' is not true or false"),
        (lambda d: d.update(phase="bidding"), "observation field phase: 'bidding' is not one of contract, play, over"),
        (lambda d: d.update(scores=[1, 2, 3]), "observation field scores: 2 numbers are needed, got 3"),
        (lambda d: d.update(contract="X"), "observation field contract: "),
        (lambda d: d["weis"].pop("shown"), "observation field shown is missing"),
    ],
)
def test_from_dict_names_the_field_at_fault(change: object, message: str) -> None:
    d = Game("schieber", seed=5).observation(0).to_dict()
    assert callable(change)
    change(d)
    with pytest.raises(ValueError, match=message.replace("(", r"\(")):
        Observation.from_dict(d)
    with pytest.raises(ValueError, match="must be an object"):
        Observation.from_dict([])  # type: ignore[arg-type]


@pytest.mark.parametrize("preset", list(PRESETS))
def test_resample_is_a_round_at_the_observed_position(preset: str) -> None:
    """The seat's hand, the hand sizes, the contract and push, the tricks, whose turn and (for the seat to
    act) the legal cards agree with the view; the hidden hands differ between samples."""
    rng = random.Random(preset)
    hidden = set()
    for obs in _observations(preset, 7, actions=120):
        if obs.phase == "over" or (obs.contract is None and obs.seat != obs.to_act):
            continue
        world = resample(obs, rng)
        assert world.hands[obs.seat] == obs.hand_mask
        assert tuple(h.bit_count() for h in world.hands) == obs.hand_sizes
        assert (world.contract, world.pushed, world.to_act) == (obs.contract, obs.pushed, obs.to_act)
        assert [tuple(Card(c) for c in t.cards) for t in world.tricks] == [t.cards for t in obs.tricks]
        assert [Card(c) for c in world.trick] == [c for _, c in obs.trick]
        if obs.contract is not None and obs.to_act == obs.seat:
            legal = {a for a in obs.legal_actions if isinstance(a, Card)}
            assert {Card(c) for c in range(36) if world.legal_cards() >> c & 1} == legal
        hidden.add(tuple(world.hands))
    assert len(hidden) > 100


def test_resample_before_the_contract_keeps_the_push() -> None:
    game = Game("schieber", seed=11)
    game.apply("P")
    partner = game.current_seat
    assert partner is not None
    world = resample(game.observation(partner), random.Random(1))
    assert world.pushed and world.to_act == partner and world.contract is None
    world.choose(Contract.H)
    assert world.chooser == partner


def test_sample_fixing_places_the_fixed_cards_and_deals_the_rest_within_what_the_seat_knows() -> None:
    """``Determinizer.sample_fixing``: each fixed card at its seat, the others dealt as ``sample`` deals them
    (the seat's hand, the hand sizes and the voids the play showed kept); a card fixed where the seat knows
    it cannot be, a hand over its size and a card the sampler does not place are refused."""
    rng = random.Random(5)
    checked = varied = refused_void = 0
    for obs in _observations("schieber", 3, actions=60):
        if obs.contract is None or obs.phase == "over":
            continue
        det = Determinizer(obs)
        if len(det.cards) < 4:
            continue
        truth = det.sample(rng)
        fixed = [0, 0, 0, 0]
        for c in det.cards[::2]:
            seat = next(s for s in det.others if truth[s] >> c & 1)
            fixed[seat] |= 1 << c
        seen = set()
        for _ in range(20):
            world = det.sample_fixing(fixed, rng)
            assert all(world[s] & fixed[s] == fixed[s] for s in range(4))
            assert world[obs.seat] == obs.hand_mask
            assert tuple(h.bit_count() for h in world) == obs.hand_sizes
            assert all(world[s] & det.cannot[s] == 0 for s in det.others)
            seen.add(tuple(world))
        varied += len(seen) > 1  # the unfixed cards still vary (unless the play forces them)
        voids = [(s, c) for s in det.others for c in det.cards if det.cannot[s] >> c & 1]
        if voids:
            s, c = voids[0]
            with pytest.raises(InconsistentObservation, match="cannot be fixed"):
                det.sample_fixing([1 << c if k == s else 0 for k in range(4)], rng)
            refused_void += 1
        s = det.others[0]
        with pytest.raises(InconsistentObservation):
            det.sample_fixing([sum(1 << c for c in det.cards) if k == s else 0 for k in range(4)], rng)
        with pytest.raises(InconsistentObservation, match="not one the sampler places"):
            det.sample_fixing([obs.hand_mask if k == s else 0 for k in range(4)], rng)
        checked += 1
    assert checked > 20 and varied > checked * 3 // 4 and refused_void > 5


@pytest.mark.parametrize("preset", list(PRESETS))
def test_the_public_weis_bounds_every_hand_that_showed_none(preset: str) -> None:
    """``weis_bounds`` (RULES.md §9.4, §9.6, §14.1): once the Weis is public, a seat that showed no meld
    where its team's would have been shown holds none, and one of the losing team none that would have
    won. The real deal always agrees, from every seat's view at every step of random matches (each preset
    has its own ``weis_declaration``); deals drawn without the check often do not, and the sampler's deals
    do."""
    rng = random.Random(2)
    bounded = unchecked_wrong = drawn = 0
    for seed in range(4):
        game = Game(preset, seed=100 + seed)
        for _ in range(140):
            if game.is_over:
                break
            if game.round.contract is not None:
                hands = list(game.round.hands)
                for seat in range(4):
                    obs = game.observation(seat)
                    det = Determinizer(obs)
                    assert det.weis_holds(hands), (preset, seed, seat, det.weis_bounds)
                    if det.weis_bounds and det.cards:
                        bounded += 1
                        unchecked = Determinizer(obs, max_tries=1)  # one draw: kept whether it holds or not
                        unchecked_wrong += not unchecked.weis_holds(unchecked.sample(rng))
                        drawn += det.weis_holds(det.sample(rng))
            game.apply(rng.choice([a for a in game.legal_actions() if a is not CLAIM]))
    assert bounded > 100
    assert unchecked_wrong > bounded // 20  # the bound says something the plain deal does not keep
    assert drawn >= bounded * 0.98


def test_weis_bounds_read_the_shown_melds() -> None:
    """Trump hearts, Weis automatic and resolved: seat 1 showed a 20 (♥6 ♥7 ♥8), so its partner, seat 3,
    showed none and holds none; seats 0 and 2 hold no meld that beats the 20; nothing is said before
    trick 1 is over, nor of seat 1 itself."""
    from dataclasses import replace

    from puur.info.determinize import weis_bounds
    from puur.info.observation import TrickView

    obs = Game("schieber", seed=7).observation(0)
    meld = ShownMeld("sequence", (Card.H6, Card.H7, Card.H8), 20)
    trick = TrickView(1, (Card.H6, Card.C7, Card.S9, Card.D6), 1, 0)
    resolved = replace(obs, contract=Contract.H, chooser=1, forehand=1, tricks=(trick,), weis_shown=(ShownWeis(1, (meld,)),))
    bounds = weis_bounds(resolved)
    assert set(bounds) == {2, 3} and bounds[3] is None and bounds[2] is not None
    assert bounds[2][0] == 20  # points first (weis_compare: points, cards, top, trump)
    assert weis_bounds(replace(resolved, tricks=())) == {}
    assert weis_bounds(replace(resolved, weis_shown=())) == {1: None, 2: None, 3: None}
