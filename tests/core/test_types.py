"""Types that say what they are: CardSet, the profile's Literal options, Stöck's status;
a card and a contract never equal each other, though both are the int of their value."""

from __future__ import annotations

import json
import pickle
import typing
from pathlib import Path

from api_client import auth, new_game
from fastapi.testclient import TestClient

from puur.core.cards import EMPTY, FULL_DECK, SUIT_MASKS, Card, CardSet, Contract, mask_of, parse_action
from puur.core.profile import CHOICES, RuleProfile
from puur.core.rules.stoeck import StoeckStatus
from puur.match.game import Game
from puur.server.app import create_app


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


# ----- a card is no contract -----

SAME_INT = [(card, contract) for contract in Contract for card in Card if int(card) == int(contract)]
"""Every card and contract that share an int: Card.C6 and Contract.C (0) up to Card.CJ and Contract.GUU (9)."""


def test_a_card_never_equals_the_contract_of_its_int() -> None:
    assert len(SAME_INT) == len(Contract)
    for card, contract in SAME_INT:
        assert card != contract and contract != card
        assert not card == contract and not contract == card  # noqa: SIM201 - __eq__ itself, not __ne__
        assert parse_action(card.name) != parse_action(contract.name)


def test_membership_tells_a_card_from_a_contract() -> None:
    for card, contract in SAME_INT:
        assert contract not in [card] and card not in [contract] and contract not in (card,)
        assert [card, contract].index(contract) == 1 and [card, contract].count(card) == 1


def test_dicts_and_sets_keep_a_card_and_a_contract_apart() -> None:
    for card, contract in SAME_INT:
        assert {card: 1}.get(contract) is None and {contract: 1}.get(card) is None
        both = {card: "card", contract: "contract"}
        assert len(both) == 2 and both[card] == "card" and both[contract] == "contract"
        assert len({card, contract}) == 2 and len({contract, card}) == 2
        assert contract not in {card} and card not in frozenset([contract])


def test_a_contract_is_not_a_legal_card() -> None:
    game = Game("schieber", seed=7)
    game.apply(game.legal_actions()[0])  # a contract, so the play begins
    legal = game.legal_actions()
    low = [a for a in legal if isinstance(a, Card) and int(a) < len(Contract)]
    assert low, "the seed deals the forehand a card that shares its int with a contract"
    for card in low:
        assert card in legal and Contract(int(card)) not in legal


def test_a_card_and_a_contract_still_are_their_ints() -> None:
    # the hot paths and the compiled cores keep plain ints: a table, a dict or a list of either finds both
    for card, contract in SAME_INT:
        n = int(card)
        assert card == n and n == card and contract == n and hash(card) == hash(contract) == hash(n)
        assert {n: 1}[card] == 1 and {n: 1}[contract] == 1 and {card: 1}[n] == 1 and {contract: 1}[n] == 1
        assert n in [card] and card in [n] and contract in {n}
    assert Card.C8 != 3 and Contract.H != 3 and Card.H10 >= 22 and Contract.O > Contract.S
    assert json.dumps([Card.H10, Contract.GUU]) == "[22, 9]" and (1 << Card.C8) == Card.C8.bit == 4


def test_cards_sort_by_suit_then_rank() -> None:
    assert sorted(reversed(Card)) == list(Card) == sorted(Card, key=lambda c: (c.suit, c.rank))
    assert [c.name for c in sorted([Card.SA, Card.C6, Card.H10, Card.HJ, Card.D9])] == ["C6", "D9", "H10", "HJ", "SA"]
    assert sorted(reversed(Contract)) == list(Contract)


def test_cards_and_contracts_read_and_write_as_before() -> None:
    for member in (*Card, *Contract):
        kind = type(member).__name__
        assert (str(member), f"{member}", repr(member)) == (member.name, member.name, f"{kind}.{member.name}")
        assert (int(member), json.dumps(member), f"{member:d}") == (member.value, str(member.value), str(member.value))
        assert pickle.loads(pickle.dumps(member)) is member
    assert json.dumps({Card.C8: 1, Contract.U: 2}) == '{"2": 1, "5": 2}'


RECORD_ACTIONS = "3:P 1:U 3:S8 0:SA 1:SJ 2:SQ 3:H7"
VIEW = (
    '{"hand": ["C10", "CA", "DQ", "DA", "H6", "HJ", "HQ", "SK"], "contract": "U", "trick": [[3, "H7"]], '
    '"tricks": [{"leader": 3, "cards": ["S8", "SA", "SJ", "SQ"], "winner": 3, "points": 13}], '
    '"legal_actions": ["H6", "HJ", "HQ"]}'
)
"""A seeded round's record and its view, as the engine wrote them before a card and a contract stopped
being equal."""


def test_the_record_and_the_observation_write_as_before() -> None:
    game = Game("schieber", seed=7)
    for _ in range(7):
        game.apply(game.legal_actions()[-1])
    assert game.record()["rounds"][0]["actions"] == RECORD_ACTIONS
    seat = game.current_seat
    assert seat is not None
    view = game.observation(seat).to_dict()
    assert json.dumps({k: view[k] for k in ("hand", "contract", "trick", "tricks", "legal_actions")}) == VIEW
    assert Game.from_record(game.record()).record() == game.record()


API_VIEW = (
    '{"hand": ["C9", "D7", "H6", "H7", "H10", "HJ", "SJ"], "contract": "S", "trick": [], '
    '"tricks": [{"leader": 0, "cards": ["SA", "SQ", "S9", "S6"], "winner": 2, "points": 28}, '
    '{"leader": 2, "cards": ["HK", "HQ", "SK", "HA"], "winner": 0, "points": 22}], '
    '"legal_actions": ["C9", "D7", "H6", "H7", "H10", "HJ", "SJ"]}'
)
"""Seat 0's view through the API of a seeded game against three random players, after it chose a contract
and played two cards (its last legal action each time), as the API wrote it before."""


def test_the_api_writes_cards_and_contracts_as_before(tmp_path: Path) -> None:
    with TestClient(create_app(db_path=str(tmp_path / "g.sqlite3"))) as c:
        game_id, tokens = new_game(c, ["human", "random", "random", "random"])
        url, header = f"/api/v1/games/{game_id}", auth(tokens["0"])
        for _ in range(3):
            v = c.get(url, headers=header).json()
            if v["to_act"] == 0:
                r = c.post(f"{url}/actions", headers=header, json={"action": v["legal_actions"][-1]})
                assert r.status_code == 200, r.text
        v = c.get(url, headers=header).json()
    assert json.dumps({k: v[k] for k in ("hand", "contract", "trick", "tricks", "legal_actions")}) == API_VIEW
