"""The inference from play (``puur.info.inference``) is sound and complete, checked against ``legal_moves`` itself.

Ground truth, from the rules alone: a card ``c`` not yet played is *impossible* for a seat when, had the
seat held ``c`` as well, some card it has played this round would have been illegal (RULES.md §7, the
profile's options of §7.4 and §14.1): ``legal_moves(hand_then | c, trick_then)`` no longer holds the card it
played. Whether a card is impossible in that sense is decided by the actual hidden hands, which the
inference never sees; the inference reads only the played cards.

* sound: every unplayed card ``constraints`` rules out for a seat is impossible (so never in its hand);
* complete: every impossible card is ruled out.

Random rounds of every preset, random legal play (random contracts, pushes), the reading checked at a
fifth of the positions of the card play (mid-trick included), from a random seat's observation.
"""

from __future__ import annotations

import itertools
import random

import pytest

from puur.core.cards import CLAIM, Card
from puur.core.profile import PRESETS, RuleProfile
from puur.core.round import RoundState
from puur.core.rules.legal import legal_moves
from puur.info.inference import constraints
from puur.match.game import Game

ROUNDS = 300
"""Random rounds per preset (1,500 in all)."""
SWEEP_ROUNDS = 6
"""Random rounds per combination of the legal-move options (864 in all)."""


def _shown_impossible(r: RoundState, played: int) -> tuple[int, int, int, int]:
    """Per seat, the cards that would have made one of its plays so far illegal (ground truth, before
    ``played`` is played by the seat to act): the rules asked once per card and play."""
    assert r.contract is not None
    seat = r.to_act
    assert seat is not None
    hand = r.hands[seat]
    trick = list(r.trick)
    others = (r.hands[0] | r.hands[1] | r.hands[2] | r.hands[3]) & ~hand  # a played card is never asked about
    bad = 0
    for c in range(36):
        if others >> c & 1 and not legal_moves(hand | 1 << c, trick, r.contract, r.profile) >> played & 1:
            bad |= 1 << c
    out = [0, 0, 0, 0]
    out[seat] = bad
    return (out[0], out[1], out[2], out[3])


def _check(game: Game, viewer: int, impossible: list[int], where0: str, step: int, complete: bool = True) -> None:
    """``viewer``'s reading of every seat against the ground truth (what the play shows is the same from
    every seat; only the shown Weis it must hold depend on the viewer's observation)."""
    r = game.round
    unplayed = r.hands[0] | r.hands[1] | r.hands[2] | r.hands[3]
    cannot, must = constraints(game.observation(viewer))
    for s in range(4):
        ruled_out = cannot[s] & unplayed
        truth = impossible[s] & unplayed
        where = f"{where0}, seed {game.seed}, card {step} of the round, seat {s} as seen by seat {viewer}"
        unsound = ruled_out & ~truth
        assert not unsound, f"{where}: rules out {_names(unsound)}, which the play allows"
        missed = truth & ~ruled_out
        assert not missed or not complete, f"{where}: misses {_names(missed)}, which a card it played forbids"
        assert not must[s] & ~r.hands[s], f"{where}: says it must hold {_names(must[s] & ~r.hands[s])}"


def _names(cards: int) -> str:
    return ", ".join(str(Card(c)) for c in range(36) if cards >> c & 1)


def _play(profile: RuleProfile, rounds: int, rng: random.Random, where: str, complete: bool = True) -> int:
    """Play ``rounds`` random rounds, the reading checked at random positions; the positions checked."""
    positions = 0
    for _ in range(rounds):
        game = Game(profile, seed=rng.randrange(1 << 30))
        impossible = [0, 0, 0, 0]
        while game.round.contract is None:
            game.apply(rng.choice(game.legal_actions()))
        for step in range(1, 36):  # the last card ends the round: the game deals the next
            action = rng.choice([a for a in game.legal_actions() if a is not CLAIM])
            assert isinstance(action, Card)
            shown = _shown_impossible(game.round, int(action))
            impossible = [impossible[s] | shown[s] for s in range(4)]
            game.apply(action)
            if game.is_over:  # won by a live count before the round's end
                break
            if rng.random() < 0.2:
                _check(game, rng.randrange(4), impossible, where, step, complete)
                positions += 1
    return positions


@pytest.mark.parametrize("preset", list(PRESETS))
def test_inference_is_sound_and_complete(preset: str) -> None:
    positions = _play(PRESETS[preset], ROUNDS, random.Random(f"inference-{preset}"), preset)
    assert positions > 5 * ROUNDS  # about seven positions a round


LEGAL_MOVE_OPTIONS = {
    "undertrump": ("banned_unless_only_trumps", "allowed_unless_can_overtrump"),
    "undertrump_ban_when_partner_leads": (None, True, False),
    "must_overtrump": (False, True),
    "overtrump_on_trump_lead": (None, True, False),
    "lone_puur_may_be_kept": (False, True),
    "trump_allowed_when_able_to_follow": (False, True),
}
"""The profile options ``legal_moves`` reads (RULES.md §7.4, §14.1), every value each may take."""


@pytest.mark.parametrize("part", range(4))
def test_inference_over_every_combination_of_the_legal_move_options(part: int) -> None:
    """Sound for all 144 combinations; complete except where the play alone cannot tell (the case named
    in ``puur.info.inference``'s docstring: an undertrump under a winning partner, the ban lifted, with a
    compulsory overtrump and trumping allowed while able to follow)."""
    combos = list(itertools.product(*LEGAL_MOVE_OPTIONS.values()))
    rng = random.Random(f"inference-options-{part}")
    for values in combos[part::4]:
        options = dict(zip(LEGAL_MOVE_OPTIONS, values, strict=True))
        profile = RuleProfile.resolve({"preset": "schieber", **options})
        complete = not (
            options["undertrump"] == "banned_unless_only_trumps"
            and options["undertrump_ban_when_partner_leads"] is False
            and options["must_overtrump"]
            and options["trump_allowed_when_able_to_follow"]
        )
        _play(profile, SWEEP_ROUNDS, rng, f"options {options}", complete)
