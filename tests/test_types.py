"""Types that say what they are (issue 20 item 3): CardSet, the profile's Literal options, Stöck's status."""

from __future__ import annotations

import json
import typing

from puur.cards import EMPTY, FULL_DECK, SUIT_MASKS, Card, CardSet, Contract, mask_of
from puur.game import Game
from puur.profile import CHOICES, RuleProfile
from puur.rules.stoeck import StoeckStatus


def test_a_card_set_is_the_int_itself_at_run_time() -> None:
    # zero cost: no wrapper object on the hot paths, and the C core takes it as an int
    s = CardSet(0b101)
    assert type(s) is int and s == 5
    assert type(EMPTY) is int and EMPTY == 0
    assert FULL_DECK == (1 << 36) - 1 and sum(SUIT_MASKS) == FULL_DECK
    assert mask_of([Card.C6, Card.SA]) == 1 | 1 << 35
    assert Card.HJ.bit == 1 << 23


def test_choices_are_read_off_the_fields_literal_types() -> None:
    hints = typing.get_type_hints(RuleProfile)
    for option, allowed in CHOICES.items():
        assert typing.get_origin(hints[option]) is typing.Literal
        assert typing.get_args(hints[option]) == allowed
    assert CHOICES["stoeck"] == ("automatic", "lenient", "strict")


def test_a_value_outside_the_literal_is_refused_by_name() -> None:
    try:
        RuleProfile.resolve({"preset": "schieber", "stoeck": "loud"})
    except ValueError as e:
        assert "stoeck='loud'" in str(e) and "automatic, lenient, strict" in str(e)
    else:
        raise AssertionError("an unknown stoeck mode was accepted")


def test_stoeck_status_reads_and_writes_as_before() -> None:
    assert [str(s) for s in StoeckStatus] == ["pending", "scored", "lost"]
    assert StoeckStatus.SCORED == "scored" and json.dumps(StoeckStatus.LOST) == '"lost"'
    assert f"{StoeckStatus.PENDING}" == "pending"


def test_a_round_keeps_stoeck_status_as_the_enum() -> None:
    for seed in range(40):
        game = Game(RuleProfile.preset("schieber"), seed=seed)
        r = game.round
        r.choose(Contract.C)
        if r.stoeck_holder is not None:
            assert r.stoeck_status is StoeckStatus.PENDING
            return
        assert r.stoeck_status is None
    raise AssertionError("no seed of 40 dealt Stöck in the first contract")
