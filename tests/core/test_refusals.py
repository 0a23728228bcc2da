"""Refusal codes: why a card may not be played, as a stable code and parameters a page can put
in any language and deck (RULES.md §7.1 following suit, §7.2 trumping and undertrumping, §7.3 overtrump).
The English sentence of ``why_illegal`` is the code's template filled in."""

from __future__ import annotations

import pytest

from puur.core.cards import Card, CardIndex, CardSet, Contract, mask_of
from puur.core.profile import RuleProfile
from puur.core.round import IllegalAction
from puur.core.rules.legal import REFUSAL_TEXTS, Refusal, legal_moves, refusal, why_illegal
from puur.match.game import Game


def _hand(text: str) -> CardSet:
    return mask_of([Card.parse(c) for c in text.split()])


def _trick(text: str) -> list[CardIndex]:
    return [int(Card.parse(c)) for c in text.split()]


CASES = [
    # preset, contract, trick, hand, card, code, params
    ("schieber", "O", "CA", "C8 H6", "H6", "follow_suit", {"card": "H6", "suit": "C", "held": ["C8"]}),
    ("schieber", "H", "C6 C7", "C8 D6", "D6", "follow_suit", {"card": "D6", "suit": "C", "held": ["C8"]}),
    ("schieber", "H", "H9", "HA C8", "C8", "trump_led", {"card": "C8", "suit": "H"}),
    (
        "jasvel",
        "H",
        "CA H9",
        "C8 HJ",
        "HJ",
        "trump_only_when_void",
        {"card": "HJ", "suit": "C", "held": ["C8"]},
    ),
    ("schieber", "H", "CA H9", "C8 HJ H6", "H6", "undertrump", {"card": "H6", "high": "H9"}),
    ("schieber", "H", "CA", "C8 H6", "C9", "not_in_hand", {"card": "C9"}),
]


@pytest.mark.parametrize(("preset", "contract", "trick", "hand", "card", "code", "params"), CASES)
def test_refusal_names_the_rule_by_code(
    preset: str, contract: str, trick: str, hand: str, card: str, code: str, params: dict[str, object]
) -> None:
    args = (
        int(Card.parse(card)),
        _hand(hand),
        _trick(trick),
        Contract.parse(contract),
        RuleProfile.preset(preset),
    )
    got = refusal(*args)
    assert got == Refusal(code, params)
    assert why_illegal(*args) == got.text  # the English sentence is the code's template
    assert got.text == REFUSAL_TEXTS[code].format(
        **{
            k: ", ".join(v) if isinstance(v, list) else v
            for k, v in {**params, "suit": _suit(params)}.items()
        }
    )


def _suit(params: dict[str, object]) -> str:
    names = {"C": "Eicheln/clubs", "D": "Schellen/diamonds", "H": "Rosen/hearts", "S": "Schilten/spades"}
    return names.get(str(params.get("suit", "")), "")


def test_a_legal_card_has_no_refusal() -> None:
    assert (
        refusal(int(Card.C8), _hand("C8 H6"), _trick("CA"), Contract.O, RuleProfile.preset("schieber"))
        is None
    )


def test_every_illegal_card_of_many_positions_has_a_known_code() -> None:
    """Over the first tricks of real deals: each card that is not legal gets a code of REFUSAL_TEXTS whose
    parameters fill its template, and each legal card none."""
    for seed in range(40):
        for preset in ("schieber", "jasvel"):
            game = Game(RuleProfile.preset(preset), seed=seed)
            rnd = game.round
            rnd.choose(Contract(seed % 6))
            for _ in range(3):
                hand = rnd.hands[rnd.to_act]
                legal = legal_moves(hand, rnd.trick, rnd.contract, rnd.profile)
                for c in range(36):
                    if not hand >> c & 1:
                        continue
                    r = refusal(c, hand, rnd.trick, rnd.contract, rnd.profile)
                    assert (r is None) == bool(legal >> c & 1)
                    if r is not None:
                        assert r.code in REFUSAL_TEXTS and r.params["card"] == str(Card(c))
                        assert r.text  # every parameter the template names is given
                rnd.play(next(c for c in range(36) if legal >> c & 1))


def test_the_round_raises_the_code_with_its_reason() -> None:
    profile = RuleProfile.preset("schieber")
    game = Game(profile, seed=3)
    rnd = game.round
    with pytest.raises(IllegalAction) as e:
        rnd.check_card(0)
    assert e.value.code == "no_contract" and "contract" in str(e.value)
