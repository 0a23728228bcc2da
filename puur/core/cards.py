"""Cards, suits, ranks, contracts and the 36-bit card set (RULES.md §1, INTERFACES.md "Names and notation").

A card is an int 0..35: ``suit * 9 + rank``, where ``rank`` is the natural index 0..8 of
6 7 8 9 10 Under Ober König Ass (RULES.md §1.3, also the Weis sequence order). A set of cards is a
plain Python int with bit ``card`` set (``CardSet``), in the way python-chess keeps bitboards.

>>> Card.parse("h10")
Card.H10
>>> str(Card.DA)
'DA'
>>> cards_of(mask_of([Card.C6, Card.SA]))
[Card.C6, Card.SA]
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from enum import Enum, IntEnum
from typing import TYPE_CHECKING, NewType, TypeAlias, TypeVar

CardIndex: TypeAlias = int
"""One card as its index 0..35 (``suit * 9 + rank``): a ``Card``, or the plain int the hot paths keep.
Signatures say ``CardIndex`` for one card and ``CardSet`` for a set of cards."""

if TYPE_CHECKING:

    class CardSet(int):
        """A set of cards as a 36-bit int (see below). For the type checker a set combined bit by bit
        with any mask (another set, ``1 << card``, ``~set``, ``-set``) is again a set; shifts, sums and
        counts are plain ints."""

        def __and__(self, other: int, /) -> CardSet: ...
        def __rand__(self, other: int, /) -> CardSet: ...
        def __or__(self, other: int, /) -> CardSet: ...
        def __ror__(self, other: int, /) -> CardSet: ...
        def __xor__(self, other: int, /) -> CardSet: ...
        def __rxor__(self, other: int, /) -> CardSet: ...
        def __neg__(self) -> CardSet: ...
        def __invert__(self) -> CardSet: ...

else:
    CardSet = NewType("CardSet", int)
"""A set of cards as a 36-bit int: bit ``c`` is set when card ``c`` is in the set.

At run time ``CardSet`` is a ``NewType``: a set is the int itself (no wrapper, no cost), so the bit-set
code and the C solver core keep plain ints. For the type checker it is distinct from one card (a
``CardIndex``): ``legal_moves(Card.HJ, ...)``, a card where a set is wanted, is an error. A set is
made once with ``CardSet(...)`` (or ``mask_of``, ``EMPTY``, ``SUIT_MASKS``); ``&``, ``|``, ``^`` with it
stay sets, so the rules' bit arithmetic needs no conversion."""

EMPTY = CardSet(0)
"""The empty card set."""
FULL_DECK = CardSet((1 << 36) - 1)


class Suit(IntEnum):
    """The four suits by their Puur code (RULES.md §1.2): C Eicheln/clubs, D Schellen/diamonds,
    H Rosen/hearts, S Schilten/spades."""

    C = 0
    D = 1
    H = 2
    S = 3

    def __str__(self) -> str:
        return self.name


class Rank(IntEnum):
    """Ranks in natural (Weis) order, RULES.md §1.3."""

    SIX = 0
    SEVEN = 1
    EIGHT = 2
    NINE = 3
    TEN = 4
    JACK = 5  # Under / Bube
    QUEEN = 6  # Ober / Dame
    KING = 7
    ACE = 8

    @property
    def code(self) -> str:
        return RANK_CODES[self]


RANK_CODES = ("6", "7", "8", "9", "10", "J", "Q", "K", "A")
SUIT_CODES = ("C", "D", "H", "S")


_int_eq = int.__eq__
_int_ne = int.__ne__


_Member = TypeVar("_Member", bound="_DistinctIntEnum")


class _DistinctIntEnum(IntEnum):
    """An ``IntEnum`` whose members never equal a member of another such enum: ``Card.C8`` and
    ``Contract.H`` are both 2, but a card is no contract, so ``Card.C8 != Contract.H``, ``Contract.H not in
    [Card.C8]``, and a dict or set keeps them apart. A mix-up of the two is then a miss (a
    ``KeyError``, a failed membership test), never a silent wrong answer.

    A member still equals its plain int and hashes as it (``Card.C8 == 2``): a ``CardIndex`` is a
    ``Card`` or the plain int the hot paths and the compiled cores keep, and tables, bit masks and dicts
    are indexed by either. Ordering stays the int's, so cards sort by suit then rank. One slot serves all
    six comparisons, so each comparison of a member now runs through Python: the rules' hot paths read a
    contract's facts by indexing (``TRUMP_INDEX``, ``CHANGES_DIRECTION``) rather than by comparing it."""

    def __eq__(self, other: object) -> bool:
        return self is other if isinstance(other, _DistinctIntEnum) else _int_eq(self, other)

    def __ne__(self, other: object) -> bool:
        return self is not other if isinstance(other, _DistinctIntEnum) else _int_ne(self, other)

    __hash__ = int.__hash__  # equal to the plain int, so hashed as it; defining __eq__ would drop it

    def __str__(self) -> str:
        return self.name

    def __repr__(self) -> str:
        return f"{type(self).__name__}.{self.name}"

    @classmethod
    def _named(
        cls, text: object, names: Mapping[str, _Member], fold: Callable[[str], str], like: str, spellings: str
    ) -> _Member:
        """What ``parse`` answers for ``text``: a member as itself, else the member ``names`` gives for its
        spelling in one case (``fold``: input is case-insensitive); ``ValueError`` saying what one looks
        like (``like``) or how it is spelt (``spellings``)."""
        noun = cls.__name__.lower()
        if isinstance(text, cls):
            return text  # type: ignore[return-value]
        if not isinstance(text, str):
            raise ValueError(f"a {noun} is a string like {like}, got {text!r}")
        found = names.get(fold(text.strip()))
        if found is None:
            raise ValueError(f"unknown {noun} {text!r}: {spellings}")
        return found


class Card(_DistinctIntEnum):
    """One of the 36 cards; its value is ``suit * 9 + rank``. ``str(card)`` is the notation (``H10``)."""

    C6 = 0
    C7 = 1
    C8 = 2
    C9 = 3
    C10 = 4
    CJ = 5
    CQ = 6
    CK = 7
    CA = 8
    D6 = 9
    D7 = 10
    D8 = 11
    D9 = 12
    D10 = 13
    DJ = 14
    DQ = 15
    DK = 16
    DA = 17
    H6 = 18
    H7 = 19
    H8 = 20
    H9 = 21
    H10 = 22
    HJ = 23
    HQ = 24
    HK = 25
    HA = 26
    S6 = 27
    S7 = 28
    S8 = 29
    S9 = 30
    S10 = 31
    SJ = 32
    SQ = 33
    SK = 34
    SA = 35

    @property
    def suit(self) -> Suit:
        return Suit(self // 9)

    @property
    def rank(self) -> Rank:
        return Rank(self % 9)

    @property
    def bit(self) -> CardSet:
        return CardSet(1 << self)

    @classmethod
    def of(cls, suit: Suit | int, rank: Rank | int) -> Card:
        return cls(int(suit) * 9 + int(rank))

    @classmethod
    def parse(cls, text: str | Card) -> Card:
        """Parse ``DA``, ``h10``, ``CJ`` (case-insensitive). Raises ``ValueError`` with the reason."""
        return cls._named(
            text, _PARSE, str.upper, "'H10'",
            "a card is a suit letter C, D, H or S followed by a rank A K Q J 10 9 8 7 6, e.g. 'DA', 'H10', 'CJ'",
        )


_PARSE: dict[str, Card] = {c.name: c for c in Card}
_PARSE.update({c.name.replace("10", "T"): c for c in Card if c.name.endswith("10")})

CARD_SPELLINGS: frozenset[str] = frozenset(_PARSE)
"""Every card code ``Card.parse`` reads, in upper case: ``H10`` and ``HT`` for the Banner (INTERFACES.md
"Names and notation"; input is case-insensitive). The HTTP schema's card pattern is built from it."""

SUIT_MASKS: tuple[CardSet, ...] = tuple(CardSet(0x1FF << (9 * s)) for s in range(4))
"""All nine cards of each suit, indexed by ``Suit``."""


def bit(card: CardIndex) -> CardSet:
    """The set of the one card ``card``."""
    return CardSet(1 << card)


def mask_of(cards: Iterable[CardIndex]) -> CardSet:
    """The card set of ``cards``."""
    m = EMPTY
    for c in cards:
        m |= 1 << c
    return m


def iter_cards(mask: int) -> Iterator[CardIndex]:
    """The cards of ``mask`` (a ``CardSet``, or any bit mask the hot paths keep as an int) as plain ints,
    lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def cards_of(mask: int) -> list[Card]:
    """The cards of ``mask`` as ``Card`` values, in index order (suit C D H S, then 6 to A)."""
    return [Card(c) for c in iter_cards(mask)]


def count(mask: int) -> int:
    return mask.bit_count()


def parse_cards(items: Iterable[str | Card], *, field: str = "cards", unique: bool = True) -> list[Card]:
    """Parse a list of card strings; a duplicate is an error when ``unique``."""
    if isinstance(items, str) or not isinstance(items, Iterable):
        raise ValueError(f"{field} must be a list of cards like ['H10', 'DA']")
    out: list[Card] = []
    for item in items:
        try:
            card = Card.parse(item)
        except ValueError as e:
            raise ValueError(f"{field}: {e}") from None
        if unique and card in out:
            raise ValueError(f"{field}: card {card} appears twice")
        out.append(card)
    return out


class Contract(_DistinctIntEnum):
    """The contracts (RULES.md §4.1): a trump suit ``C D H S``, ``O`` Obenabe, ``U`` Undenufe, and the
    four direction-changing contracts of the ten-column Coiffeur sheet (source J30
    shared/seeds/jasvel/30-variants-slalom-guschti-molotow.txt; docs/contracts-slalom-guschti.md):
    ``SLO``/``SLU`` Slalom starting with Obenabe/Undenufe and ``GUO``/``GUU`` Guschti (Mary) starting
    with Obenabe/Undenufe. None of the four has a trump; each trick is played as Obenabe or Undenufe,
    ``direction(trick_index)`` says which. The six of the Schieber are ``BASE_CONTRACTS``."""

    C = 0
    D = 1
    H = 2
    S = 3
    O = 4  # noqa: E741 - the contract's own letter
    U = 5
    SLO = 6
    SLU = 7
    GUO = 8
    GUU = 9

    @property
    def trump(self) -> Suit | None:
        """The trump suit, or None for Obenabe, Undenufe, Slalom and Guschti."""
        t = TRUMP_INDEX[self]
        return Suit(t) if t >= 0 else None

    @property
    def is_trump(self) -> bool:
        return TRUMP_INDEX[self] >= 0

    @property
    def changes_direction(self) -> bool:
        """Whether the trick order depends on the trick (Slalom, Guschti): then the trick's winner reads
        ``direction(trick_index)``; the card points are one table for the round (the Obenabe values, J30)."""
        return CHANGES_DIRECTION[self]

    def direction(self, trick_index: int) -> Contract:
        """The contract that governs trick ``trick_index`` (0..8): ``self`` for the six contracts of the
        Schieber; ``O`` or ``U`` for Slalom and Guschti (J30). Slalom alternates trick by trick, starting
        with the direction in its code (SLO: O U O U O U O U O). Guschti plays five tricks in the
        starting direction and four in the other, the change after the fifth trick (GUO: O O O O O U U U U).

        >>> [Contract.SLU.direction(t).name for t in range(4)]
        ['U', 'O', 'U', 'O']
        >>> [Contract.GUO.direction(t).name for t in (4, 5)]
        ['O', 'U']
        """
        return _DIRECTIONS[self][trick_index] if CHANGES_DIRECTION[self] else self

    @classmethod
    def parse(cls, text: str | Contract) -> Contract:
        """Parse a contract code or its Swiss or French name (case-insensitive)."""
        return cls._named(
            text, _CONTRACT_NAMES, str.lower, "'H' or 'obenabe'",
            "use C, D, H, S (trump suit), O (Obenabe), U (Undenufe), SLO/SLU (Slalom starting Obenabe/Undenufe), "
            "GUO/GUU (Guschti starting Obenabe/Undenufe), or a Swiss or French name such as 'rosen', 'hearts', "
            "'obenabe', 'slalom-obenabe'",
        )


TRUMP_INDEX: tuple[int, ...] = (0, 1, 2, 3, -1, -1, -1, -1, -1, -1)
"""``TRUMP_INDEX[contract]``: the trump suit of each contract as a plain int 0..3, -1 for Obenabe,
Undenufe, Slalom and Guschti. Indexing runs at the int's speed, where comparing a ``Contract`` runs through
Python (``_DistinctIntEnum``): the rules' hot paths read it so."""
CHANGES_DIRECTION: tuple[bool, ...] = (False,) * 6 + (True,) * 4
"""``CHANGES_DIRECTION[contract]``: whether the contract plays each trick as Obenabe or Undenufe by the
trick (Slalom, Guschti; ``Contract.direction``)."""

_O, _U = Contract.O, Contract.U
_DIRECTIONS: dict[Contract, tuple[Contract, ...]] = {
    Contract.SLO: (_O, _U, _O, _U, _O, _U, _O, _U, _O),
    Contract.SLU: (_U, _O, _U, _O, _U, _O, _U, _O, _U),
    Contract.GUO: (_O, _O, _O, _O, _O, _U, _U, _U, _U),
    Contract.GUU: (_U, _U, _U, _U, _U, _O, _O, _O, _O),
}
"""The direction of each trick 0..8 under Slalom and Guschti (J30; ``Contract.direction``)."""

BASE_CONTRACTS: tuple[Contract, ...] = (Contract.C, Contract.D, Contract.H, Contract.S, Contract.O, Contract.U)
"""The six contracts of the Schieber (RULES.md §4.1), one order for the whole round."""
SLALOM_CONTRACTS: tuple[Contract, ...] = (Contract.SLO, Contract.SLU)
GUSCHTI_CONTRACTS: tuple[Contract, ...] = (Contract.GUO, Contract.GUU)

_CONTRACT_NAMES: dict[str, Contract] = {
    "c": Contract.C, "eicheln": Contract.C, "clubs": Contract.C, "kreuz": Contract.C,
    "d": Contract.D, "schellen": Contract.D, "diamonds": Contract.D, "ecken": Contract.D,
    "h": Contract.H, "rosen": Contract.H, "hearts": Contract.H, "herz": Contract.H,
    "s": Contract.S, "schilten": Contract.S, "spades": Contract.S, "schaufel": Contract.S,
    "o": Contract.O, "obenabe": Contract.O, "u": Contract.U, "undenufe": Contract.U,
    "slo": Contract.SLO, "slalom-obenabe": Contract.SLO, "slalom-obe": Contract.SLO,
    "slu": Contract.SLU, "slalom-undenufe": Contract.SLU, "slalom-une": Contract.SLU,
    "guo": Contract.GUO, "guschti-obenabe": Contract.GUO, "guschti-obe": Contract.GUO,
    "mary-obenabe": Contract.GUO, "gusti-obenabe": Contract.GUO,
    "guu": Contract.GUU, "guschti-undenufe": Contract.GUU, "guschti-une": Contract.GUU,
    "mary-undenufe": Contract.GUU, "gusti-undenufe": Contract.GUU,
}  # fmt: skip
CONTRACT_SPELLINGS: frozenset[str] = frozenset(_CONTRACT_NAMES)
"""Every contract code and name ``Contract.parse`` reads, in lower case (input is case-insensitive)."""
PUSH_SPELLINGS: tuple[str, ...] = ("p", "schieben", "push")
"""What ``parse_action`` reads as pushing (schieben), in lower case."""
CLAIM_SPELLING = "claim"


class Special(Enum):
    """Actions that are neither a contract nor a card: pushing (schieben) and the `classic` claim."""

    PUSH = "P"
    CLAIM = "claim"

    def __str__(self) -> str:
        return self.value


PUSH = Special.PUSH
CLAIM = Special.CLAIM

Action = Contract | Card | Special
"""Anything a seat can do: choose a contract, push, play a card or claim."""


def parse_action(text: str | Action) -> Action:
    """Parse an action string: a contract (``H``, ``obenabe``), ``P``/``schieben``, ``claim``, or a card."""
    if isinstance(text, Contract | Card | Special):
        return text
    if not isinstance(text, str):
        raise ValueError(f"an action is a string like 'H10', 'H' or 'P', got {text!r}")
    t = text.strip().lower()
    if t in PUSH_SPELLINGS:
        return PUSH
    if t == CLAIM_SPELLING:
        return CLAIM
    if t in _CONTRACT_NAMES:
        return _CONTRACT_NAMES[t]
    try:
        return Card.parse(text)
    except ValueError:
        raise ValueError(
            f"unknown action {text!r}: a card ('H10'), a contract (C D H S O U, or SLO SLU GUO GUU), "
            "'P' to push or 'claim'"
        ) from None


# ----- display names (deck × language) -----

SUIT_NAMES: dict[str, dict[str, tuple[str, str, str, str]]] = {
    # deck -> language -> names indexed by Suit (C, D, H, S)
    "swiss": {
        "de": ("Eicheln", "Schellen", "Rosen", "Schilten"),
        "en": ("Acorns", "Bells", "Roses", "Shields"),
        "fr": ("Glands", "Grelots", "Roses", "Écus"),
    },
    "french": {
        "de": ("Kreuz", "Ecken", "Herz", "Schaufel"),
        "en": ("Clubs", "Diamonds", "Hearts", "Spades"),
        "fr": ("Trèfle", "Carreau", "Cœur", "Pique"),
    },
}

RANK_NAMES: dict[str, dict[str, tuple[str, ...]]] = {
    # deck -> language -> names indexed by Rank (6 .. A)
    "swiss": {
        "de": ("6", "7", "8", "9", "Banner", "Under", "Ober", "König", "Ass"),
        "en": ("6", "7", "8", "9", "Banner", "Under", "Ober", "King", "Ace"),
        "fr": ("6", "7", "8", "9", "Banner", "Under", "Ober", "Roi", "As"),
    },
    "french": {
        "de": ("6", "7", "8", "9", "10", "Bube", "Dame", "König", "Ass"),
        "en": ("6", "7", "8", "9", "10", "Jack", "Queen", "King", "Ace"),
        "fr": ("6", "7", "8", "9", "10", "Valet", "Dame", "Roi", "As"),
    },
}

SUIT_SYMBOLS = ("♣", "♦", "♥", "♠")
"""French suit symbols by ``Suit``."""

CONTRACT_NAMES: dict[str, tuple[str, ...]] = {
    # Swiss terms stay Swiss in every language; the suit contract uses the deck's suit name.
    # Indexed by int(contract) - 4: O, U, SLO, SLU, GUO, GUU.
    "de": ("Obenabe", "Undenufe", "Slalom (Obenabe zuerst)", "Slalom (Undenufe zuerst)",
           "Guschti (Obenabe zuerst)", "Guschti (Undenufe zuerst)"),
    "en": ("Obenabe", "Undenufe", "Slalom (Obenabe first)", "Slalom (Undenufe first)",
           "Guschti (Obenabe first)", "Guschti (Undenufe first)"),
    "fr": ("Obenabe", "Undenufe", "Slalom (Obenabe d'abord)", "Slalom (Undenufe d'abord)",
           "Guschti (Obenabe d'abord)", "Guschti (Undenufe d'abord)"),
}  # fmt: skip


def card_name(card: CardIndex, deck: str = "swiss", lang: str = "de") -> str:
    """A card's display name, e.g. ``card_name(Card.HJ, "swiss", "de") == "Rosen Under"``."""
    _check_deck_lang(deck, lang)
    suit, rank = divmod(int(card), 9)
    s = SUIT_NAMES[deck][lang][suit]
    r = RANK_NAMES[deck][lang][rank]
    if lang == "fr":
        return f"{r} de {s}" if deck == "french" else f"{r} {s}"
    if lang == "en" and deck == "french":
        return f"{r} of {s}"
    return f"{s} {r}"


def contract_name(contract: Contract, deck: str = "swiss", lang: str = "de") -> str:
    """The contract's display name: the trump suit's name, Obenabe / Undenufe, or Slalom / Guschti with
    the starting direction."""
    _check_deck_lang(deck, lang)
    if contract.is_trump:
        return SUIT_NAMES[deck][lang][int(contract)]
    return CONTRACT_NAMES[lang][int(contract) - 4]


def _check_deck_lang(deck: str, lang: str) -> None:
    if deck not in SUIT_NAMES:
        raise ValueError(f"unknown deck {deck!r}: use 'swiss' or 'french'")
    if lang not in SUIT_NAMES[deck]:
        raise ValueError(f"unknown language {lang!r}: use 'de', 'en' or 'fr'")
