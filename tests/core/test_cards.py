"""Cards, notation, contracts and display names (RULES.md §1, INTERFACES.md "Names and notation")."""

from __future__ import annotations

import pytest

from puur.core.cards import (
    PUSH,
    Card,
    Contract,
    Rank,
    Suit,
    card_name,
    cards_of,
    contract_name,
    mask_of,
    parse_action,
    parse_cards,
)

SUITS = "CDHS"
RANKS = ("6", "7", "8", "9", "10", "J", "Q", "K", "A")  # natural order, RULES.md §1.3


# ----- the 36 cards and their encoding -----


def test_deck_has_36_distinct_cards_in_suit_major_natural_order() -> None:
    assert len(Card) == 36
    for s, suit in enumerate(SUITS):
        for r, rank in enumerate(RANKS):
            card = Card.parse(suit + rank)
            assert int(card) == s * 9 + r
            assert card.suit == Suit(s)
            assert card.rank == Rank(r)
            assert str(card) == suit + rank


def test_suit_codes_follow_the_puur_mapping() -> None:
    # RULES.md §1.2: S is always Schilten/spades, D Schellen/diamonds (never Jasvel's letters).
    assert Card.parse("S7").suit == Suit.S
    assert Card.parse("D7").suit == Suit.D
    assert card_name(Card.S7, "swiss", "de").startswith("Schilten")
    assert card_name(Card.D7, "swiss", "de").startswith("Schellen")


@pytest.mark.parametrize(
    "text, expected",
    [
        ("DA", Card.DA),
        ("da", Card.DA),
        ("dA", Card.DA),
        ("h10", Card.H10),
        ("H10", Card.H10),
        ("cj", Card.CJ),
        ("sq", Card.SQ),
        ("s6", Card.S6),
        (" ck ", Card.CK),
    ],
)
def test_parse_is_case_insensitive(text: str, expected: Card) -> None:
    assert Card.parse(text) == expected


def test_output_is_upper_case() -> None:
    for c in Card:
        s = str(c)
        assert s == s.upper()
        assert Card.parse(s.lower()) == c
        assert Card.parse(s) == c


@pytest.mark.parametrize("bad", ["", "X7", "H1", "H11", "HZ", "10H", "C", "A", "CAA", "H 10 x"])
def test_unknown_card_is_a_readable_value_error(bad: str) -> None:
    with pytest.raises(ValueError) as exc:
        Card.parse(bad)
    msg = str(exc.value)
    assert repr(bad) in msg or bad in msg
    assert "card" in msg.lower()
    assert "Traceback" not in msg


@pytest.mark.parametrize("bad", [7, None, 3.5, ["HA"]])
def test_non_string_card_is_a_value_error(bad: object) -> None:
    with pytest.raises(ValueError, match="card"):
        Card.parse(bad)  # type: ignore[arg-type]


def test_parse_cards_list() -> None:
    assert parse_cards(["ha", "H10", "c6"]) == [Card.HA, Card.H10, Card.C6]
    with pytest.raises(ValueError, match="twice"):
        parse_cards(["HA", "ha"])
    with pytest.raises(ValueError, match="unknown card"):
        parse_cards(["HA", "ZZ"])
    with pytest.raises(ValueError, match="hand"):
        parse_cards(["HA", "ZZ"], field="hand")
    with pytest.raises(ValueError):
        parse_cards("HA")  # a string is not a list of cards


def test_card_sets_round_trip() -> None:
    cards = [Card.SA, Card.C6, Card.H10]
    m = mask_of(cards)
    assert m.bit_count() == 3
    assert cards_of(m) == sorted(cards)
    assert cards_of(0) == []
    assert cards_of(mask_of(Card)) == list(Card)


# ----- contracts -----


@pytest.mark.parametrize(
    "text, expected",
    [
        ("C", Contract.C), ("d", Contract.D), ("H", Contract.H), ("s", Contract.S),
        ("O", Contract.O), ("u", Contract.U),
        # Swiss names
        ("eicheln", Contract.C), ("Schellen", Contract.D), ("ROSEN", Contract.H), ("schilten", Contract.S),
        ("obenabe", Contract.O), ("Undenufe", Contract.U),
        # French names
        ("clubs", Contract.C), ("Diamonds", Contract.D), ("HEARTS", Contract.H), ("spades", Contract.S),
    ],
)  # fmt: skip
def test_contract_aliases(text: str, expected: Contract) -> None:
    assert Contract.parse(text) == expected
    assert parse_action(text) == expected


def test_contract_output_codes() -> None:
    assert [str(c) for c in Contract] == ["C", "D", "H", "S", "O", "U", "SLO", "SLU", "GUO", "GUU"]
    assert [c.is_trump for c in Contract] == [True] * 4 + [False] * 6
    assert Contract.H.trump == Suit.H
    assert Contract.O.trump is None and Contract.U.trump is None


@pytest.mark.parametrize("text", ["P", "p", "schieben", "Schieben", "SCHIEBEN"])
def test_schieben_is_the_push_action(text: str) -> None:
    assert parse_action(text) is PUSH
    assert str(PUSH) == "P"


def test_schieben_is_not_a_contract() -> None:
    # RULES.md §4.2: schieben is not a contract and has no multiplier.
    with pytest.raises(ValueError):
        Contract.parse("schieben")


@pytest.mark.parametrize("bad", ["X", "trumpf", "", "hearts!", "7"])
def test_unknown_contract_is_a_readable_value_error(bad: str) -> None:
    with pytest.raises(ValueError, match="contract"):
        Contract.parse(bad)


def test_actions_parse_cards_too() -> None:
    assert parse_action("h10") == Card.H10
    with pytest.raises(ValueError, match="action"):
        parse_action("nonsense")


# ----- display names: RULES.md §1.2, §1.3 -----

SUIT_DISPLAY = {
    # (deck, lang) -> names of C, D, H, S
    ("swiss", "de"): ("eicheln", "schellen", "rosen", "schilten"),
    ("swiss", "en"): ("acorns", "bells", "roses", "shields"),
    ("french", "de"): ("kreuz", "ecken", "herz", "schaufel"),
    ("french", "en"): ("clubs", "diamonds", "hearts", "spades"),
}


@pytest.mark.parametrize("deck_lang", sorted(SUIT_DISPLAY))
def test_suit_display_names(deck_lang: tuple[str, str]) -> None:
    deck, lang = deck_lang
    for contract, expected in zip(
        (Contract.C, Contract.D, Contract.H, Contract.S), SUIT_DISPLAY[deck_lang], strict=True
    ):
        assert contract_name(contract, deck, lang).lower() == expected
        # every card's name mentions its suit
        for rank in Rank:
            assert expected in card_name(Card.of(int(contract), rank), deck, lang).lower()


@pytest.mark.parametrize("deck", ["swiss", "french"])
@pytest.mark.parametrize("lang", ["de", "en", "fr"])
def test_every_deck_and_language_names_every_card_distinctly(deck: str, lang: str) -> None:
    names = [card_name(c, deck, lang) for c in Card]
    assert all(n.strip() for n in names)
    assert len(set(names)) == 36
    assert contract_name(Contract.O, deck, lang) == "Obenabe"
    assert contract_name(Contract.U, deck, lang) == "Undenufe"
    # four distinct suit names in each deck and language
    assert len({contract_name(Contract(s), deck, lang) for s in range(4)}) == 4


def test_french_suit_names_in_french() -> None:
    names = [contract_name(Contract(s), "french", "fr").lower() for s in range(4)]
    assert names[0].startswith("tr")  # trèfle = clubs
    assert names[1] == "carreau"  # diamonds
    assert names[2].startswith("c")  # cœur = hearts
    assert names[3] == "pique"  # spades


def test_rank_names_swiss_and_french() -> None:
    # RULES.md §1.3: Banner = 10, Under = J (Bube), Ober = Q (Dame), König, Ass.
    assert "Banner" in card_name(Card.H10, "swiss", "de")
    assert "Under" in card_name(Card.HJ, "swiss", "de")
    assert "Ober" in card_name(Card.HQ, "swiss", "de")
    assert "König" in card_name(Card.HK, "swiss", "de")
    assert "Ass" in card_name(Card.HA, "swiss", "de")
    assert "10" in card_name(Card.H10, "french", "en")
    assert "Jack" in card_name(Card.HJ, "french", "en")
    assert "Queen" in card_name(Card.HQ, "french", "en")
    assert "King" in card_name(Card.HK, "french", "en")
    assert "Ace" in card_name(Card.HA, "french", "en")
    assert "Bube" in card_name(Card.HJ, "french", "de")
    assert "Dame" in card_name(Card.HQ, "french", "de")
    assert "10" in card_name(Card.H10, "french", "de")
    assert "Valet" in card_name(Card.HJ, "french", "fr")
    # the Swiss deck keeps Under and Ober in English
    assert "Under" in card_name(Card.SJ, "swiss", "en")
    assert "Banner" in card_name(Card.S10, "swiss", "en")


def test_card_name_examples() -> None:
    assert card_name(Card.HJ, "swiss", "de") == "Rosen Under"
    assert card_name(Card.C10, "swiss", "de") == "Eicheln Banner"
    assert card_name(Card.SA, "french", "en").lower() == "ace of spades"


def test_unknown_deck_or_language() -> None:
    with pytest.raises(ValueError, match="deck"):
        card_name(Card.HA, "tarot", "de")
    with pytest.raises(ValueError, match="language"):
        card_name(Card.HA, "swiss", "it")
    with pytest.raises(ValueError, match="deck"):
        contract_name(Contract.H, "tarot", "de")
