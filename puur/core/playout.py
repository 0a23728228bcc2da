"""Random full rounds in bulk, for reinforcement learning and the engine benchmark.

``random_rounds(profile, n, seed)`` plays ``n`` rounds: the dealer drawn, the deck shuffled and dealt in
packets of three (RULES.md §3.1), the forehand at the dealer's right, a contract drawn among the
forehand's options (push included, §4.2; after a push among the partner's), then every card drawn
uniformly among the legal cards (§7), the engine declaring the best Weis for every seat (§9) and Stöck
(§10); the score as ``RoundState.score`` writes it (§11). Round ``i`` depends only on ``seed`` and ``i``
(its draws come from ``SplitMix(seed, i)``), so a batch can be cut into parts (``start``) and any round
replayed alone (``RandomRounds.state``).

Two paths give the same rounds. The reference is ``python_round``: a ``RoundState`` driven through the
rules core, as every game is. The compiled core (``puur/core/_playout_core.c``, built by setup.py) plays the
same draws through the same rules written again in C, fed with the rules core's own tables and the
profile's options; it is used when it is built and the profile's every option and contract is one it
implements (``compiled_rules``: the six of RULES.md §4.1, and Slalom and Guschti, each trick by
its direction), and never with ``PUUR_PURE=1`` in the environment or ``compiled=False``.
tests/core/test_playout_core.py tests every compiled rule equal to the rules core on random positions
in every preset and contract, and whole batches equal; ``puur.lab.soak.soak_playout`` compares the paths at
length (``make soak``).

>>> from puur.core.profile import RuleProfile
>>> b = random_rounds(RuleProfile.preset("schieber"), 3, seed=7)
>>> [sum(b.card_points[2 * i : 2 * i + 2]) for i in range(3)]
[152, 152, 152]
>>> b.state(1).score().written == b.written_of(1)
True
"""

from __future__ import annotations

import os
from array import array
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from puur.core.cards import BASE_CONTRACTS, Contract
from puur.core.profile import RuleProfile
from puur.core.round import RoundState, deal_packets, play_random
from puur.core.rules.beats import HIGHER_TRUMPS
from puur.core.rules.scoring import RoundScore
from puur.core.rules.stoeck import StoeckStatus, stoeck_cards
from puur.core.rules.tables import (
    LAST_TRICK_BONUS,
    MATCH_BONUS,
    PUUR_BITS,
    STOECK_POINTS,
    STRENGTH_TABLES,
    card_points_table,
    trick_points_table,
)
from puur.core.rules.weis import QUARTET_VALUES, SEQUENCE_VALUES

if TYPE_CHECKING:
    from puur.core._playout_core import Rules as _CompiledRules

_CORE: type[_CompiledRules] | None
try:  # the compiled playout core, built with the package (setup.py); python_round is the fallback
    from puur.core._playout_core import Rules as _CORE
except ImportError:  # pragma: no cover - a build without a C compiler
    _CORE = None

COMPILED = _CORE is not None
"""Whether the compiled playout core is built (``random_rounds`` then uses it where it can)."""

MASK64 = (1 << 64) - 1
GAMMA = 0x9E3779B97F4A7C15


def _mix64(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return z ^ (z >> 31)


class SplitMix:
    """The random numbers of round ``index`` of a batch with ``seed`` (splitmix64, Steele, Lea and Flood
    2014), the same in the compiled core: the state starts at ``mix(seed ^ mix(index * GAMMA))``."""

    __slots__ = ("state",)

    def __init__(self, seed: int, index: int) -> None:
        self.state = _mix64((seed & MASK64) ^ _mix64((index * GAMMA) & MASK64))

    def next64(self) -> int:
        self.state = (self.state + GAMMA) & MASK64
        return _mix64(self.state)

    def below(self, n: int) -> int:
        """A whole number in 0..n-1: the top 32 bits scaled to ``n`` (bias below n / 2**32)."""
        return ((self.next64() >> 32) * n) >> 32


def shuffled_deal(rng: SplitMix, dealer: int) -> list[int]:
    """The deck shuffled (Fisher-Yates from the top) and dealt as ``puur.core.round.deal`` deals: three passes
    of three cards each to dealer+1, dealer+2, dealer+3, dealer (RULES.md §3.1)."""
    deck = list(range(36))
    for i in range(35, 0, -1):
        j = rng.below(i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return deal_packets(deck, dealer)


def python_round(profile: RuleProfile, seed: int, index: int) -> RoundState:
    """Round ``index`` of the batch with ``seed``, played through ``RoundState`` and the rules core
    (``puur.core.round.play_random``, the one random round) on the compiled core's random stream: the
    reference the compiled core is tested against. Returns the finished round."""
    rng = SplitMix(seed, index)
    dealer = rng.below(4)
    return play_random(profile, shuffled_deal(rng, dealer), dealer, rng.below)


@dataclass(frozen=True)
class RandomRounds:
    """``n`` finished random rounds as flat columns (``array.array``: ``numpy.frombuffer`` reads them
    without a copy). Per round: ``dealer``, ``contract`` (``int(Contract)``), ``pushed`` (0/1),
    ``weis_seat`` (the seat whose Weis won, -1 for none); ``hands``: 4 dealt hands by seat (card sets);
    ``cards``: the 36 cards in play order; ``winners``: the seat that took each of the 9 tricks; per team
    (2 numbers a round, team 0 first) the parts of the score before the factor, ``card_points`` (152 in
    all), ``last_trick``, ``match``, ``weis``, ``stoeck``, and ``written`` (their sum × the factor)."""

    profile: RuleProfile
    seed: int
    start: int
    n: int
    compiled: bool
    dealer: array[int]
    contract: array[int]
    pushed: array[int]
    weis_seat: array[int]
    hands: array[int]
    cards: array[int]
    winners: array[int]
    card_points: array[int]
    last_trick: array[int]
    match: array[int]
    weis: array[int]
    stoeck: array[int]
    written: array[int]

    def __len__(self) -> int:
        return self.n

    def written_of(self, i: int) -> tuple[int, int]:
        """Round ``i``'s written points by team."""
        return (self.written[2 * i], self.written[2 * i + 1])

    def score(self, i: int) -> RoundScore:
        """Round ``i``'s score as ``RoundState.score`` gives it."""
        f = self.profile.factor(self.contract[i])

        def pair(col: array[int]) -> tuple[int, int]:
            return (col[2 * i], col[2 * i + 1])

        return RoundScore(
            f, pair(self.card_points), pair(self.last_trick), pair(self.match), pair(self.weis), pair(self.stoeck)
        )

    def state(self, i: int) -> RoundState:
        """Round ``i`` (0-based in this batch) replayed through the rules core from its dealt hands,
        contract and cards, every card checked as legal (``IllegalAction`` if one is not)."""
        hands = list(self.hands[4 * i : 4 * i + 4])
        dealer = self.dealer[i]
        r = RoundState(self.profile, hands, dealer, (dealer + 1) % 4)
        if self.pushed[i]:
            r.push()
        r.choose(Contract(self.contract[i]))
        for c in self.cards[36 * i : 36 * i + 36]:
            r.check_card(c)
            r.play(c)
        return r

    def row(self, i: int) -> tuple[object, ...]:
        """Everything about round ``i`` as one tuple of plain values, in the column order."""
        return (
            self.dealer[i], self.contract[i], self.pushed[i], self.weis_seat[i], tuple(self.hands[4 * i : 4 * i + 4]),
            tuple(self.cards[36 * i : 36 * i + 36]), tuple(self.winners[9 * i : 9 * i + 9]),
            *(tuple(c[2 * i : 2 * i + 2]) for c in
              (self.card_points, self.last_trick, self.match, self.weis, self.stoeck, self.written)),
        )  # fmt: skip


COMPILED_OPTIONS: dict[str, tuple[object, ...]] = {
    # Every option of RuleProfile that a round can read, with the values the compiled core implements. An
    # option not named here (one added later) or a value not listed sends the profile to the Python path.
    "undenufe_values": ("modern", "classic"),
    "trump_allowed_when_able_to_follow": (True, False),
    "undertrump": ("banned_unless_only_trumps", "allowed_unless_can_overtrump"),
    "undertrump_ban_when_partner_leads": (True, False, None),
    "must_overtrump": (True, False),
    "overtrump_on_trump_lead": (True, False, None),
    "lone_puur_may_be_kept": (True, False),
    "weis_values": ("small", "extended"),
    "weis_overlap": ("disjoint", "sequence_and_quartet_may_share"),
    "weis_split_long_runs": (True, False),
    "weis_compare": ("points_cards_top", "points_type_length_top", "points_top"),
    "weis_undenufe_reverse": (True, False),
    # Options with no effect on a random round: the forehand is the dealer's right (hand 1's rule is not
    # drawn), the engine declares every seat's best Weis whatever is announced, and a Stöck whose second
    # card is played scores in every mode when the engine declares it (RULES.md §10).
    "first_forehand": ("holder:C7", "holder:H7", "holder:D7", "dealer_right"),
    "weis_declaration": (
        "automatic", "announce_then_resolve", "show_with_first_card", "announce_value_show_on_trick_2",
    ),
    "stoeck": ("automatic", "lenient", "strict"),
    "crossing_priority": ("stoeck_weis_tricks", "weis_stoeck_tricks"),
    "trick_block_tie": ("trick_by_trick", "higher_total"),
    "game_end": ("end_of_round", "live", "claim"),
    # Slalom and Guschti (J30): each trick by its direction (``Contract.direction``)
    "extra_contracts": ("none", "slalom", "guschti", "slalom_guschti"),
    "slalom_guschti_values": ("obenabe", "by_trick"),
}  # fmt: skip
"""The options, and their values, that the compiled core implements: ``compiled_rules`` sends any other profile
to the Python path (the tests take one out to see that it does)."""
_ANY_VALUE = ("preset", "version", "multipliers", "target", "targets_offered", "schneider")
"""Options read as numbers (the multipliers, through ``RuleProfile.factor``) or not in a round at all (the
match's target, Schneider)."""


_LEGAL_OPTIONS = (
    "trump_allowed_when_able_to_follow", "undertrump", "undertrump_ban_when_partner_leads", "must_overtrump",
    "overtrump_on_trump_lead", "lone_puur_may_be_kept",
)  # fmt: skip
"""The options of ``legal_moves`` (RULES.md §7) that ``puur/core/_legal.h`` reads, in its order."""


def legal_options(profile: RuleProfile) -> list[int] | None:
    """The legal-move options of ``profile`` as ``puur/core/_legal.h`` reads them (``legal_options_set``), or
    None when one of them has a value it does not implement."""
    if any(getattr(profile, name) not in COMPILED_OPTIONS[name] for name in _LEGAL_OPTIONS):
        return None
    return [
        int(profile.trump_allowed_when_able_to_follow),
        int(profile.undertrump == "allowed_unless_can_overtrump"),
        int(profile.undertrump_ban_when_partner_leads is not False),
        int(profile.must_overtrump),
        int(bool(profile.must_overtrump and profile.overtrump_on_trump_lead)),
        int(profile.lone_puur_may_be_kept),
    ]


def _legal_tables() -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """The card strengths, overtrumps and Puur bits of the six contracts, as ``LegalRules`` holds them."""
    contracts = [Contract(c) for c in range(6)]  # C D H S O U, the six of RULES.md §4.1: the tables' rows
    return (
        tuple(s for c in contracts for s in STRENGTH_TABLES[c]), tuple(HIGHER_TRUMPS),
        tuple(PUUR_BITS[c] for c in contracts),
    )  # fmt: skip


LegalRulesArgs = tuple[int, tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...]]
"""``compiled_legal_rules``: the contract, the strengths, the overtrumps, the Puur bits, the options."""


@lru_cache(maxsize=64)
def compiled_legal_rules(profile: RuleProfile, contract: Contract) -> LegalRulesArgs | None:
    """The ``rules`` argument of the solver's compiled core (``puur/bots/_solver_core.c``): its legal moves
    under ``contract`` (one of the six) computed by ``puur/core/_legal.h`` rather than asked of ``legal_moves``;
    None where ``_legal.h`` does not implement the profile's legal-move options or the contract changes
    direction (Slalom, Guschti)."""
    options = legal_options(profile)
    if options is None or not 0 <= int(contract) < 6:
        return None
    return (int(contract), *_legal_tables(), tuple(options))


VALUE_ROWS = 12
"""The compiled core's room for value rows (``NVAL`` in puur/core/_playout_core.c)."""


@lru_cache(maxsize=64)
def value_rows(profile: RuleProfile) -> tuple[list[tuple[int, tuple[int, ...]]], list[list[int]]]:
    """The compiled core's value rows: each distinct pair of a trick's order (``int(Contract)`` of one
    order) and the card points that trick counts (``trick_points_table`` with the profile's options), and
    for every contract code (0..9) and trick (0..8) the row it counts by. The six contracts are rows 0..5;
    Slalom and Guschti add an Undenufe trick at the Obenabe values (J30: one value set, 152 for the round)."""
    rows: list[tuple[int, tuple[int, ...]]] = [
        (int(c), card_points_table(c, profile.undenufe_values)) for c in BASE_CONTRACTS
    ]
    row_of: list[list[int]] = []
    for code in Contract:
        per_trick = []
        for t in range(9):
            key = (int(code.direction(t)), trick_points_table(
                code, t, profile.undenufe_values, profile.slalom_guschti_values))
            if key not in rows:
                rows.append(key)
            per_trick.append(rows.index(key))
        row_of.append(per_trick)
    assert len(rows) <= VALUE_ROWS
    return rows, row_of


@lru_cache(maxsize=64)
def compiled_rules(profile: RuleProfile) -> _CompiledRules | None:
    """The compiled core's rules for ``profile``, or None when it is not built or does not implement
    every option and contract of the profile (the round is then played by ``python_round``)."""
    if _CORE is None:
        return None
    for name, value in profile.to_dict().items():
        if name in _ANY_VALUE:
            continue
        allowed = COMPILED_OPTIONS.get(name)
        if allowed is None or value not in allowed:
            return None
    codes = list(Contract)  # and Slalom, Guschti: the codes the core knows are 0..9
    offered = list(profile.contracts)
    if len(codes) > 10 or RoundState(profile, [0, 0, 0, 0], 0, 1).contract_options() != [*offered, "P"]:
        return None
    direction = [[int(c.direction(t)) for t in range(9)] for c in codes]
    if any(not 0 <= d < 6 for row in direction for d in row):
        return None
    rows, row_of = value_rows(profile)
    pad = 10 - len(codes)
    weis_compare = COMPILED_OPTIONS["weis_compare"].index(profile.weis_compare)
    seq = SEQUENCE_VALUES[profile.weis_values]
    legal = legal_options(profile)
    assert legal is not None  # every option was checked above
    strength, higher, puur = _legal_tables()
    return _CORE(
        strength=strength,
        higher=higher,
        puur=puur,
        stoeck_pair=[stoeck_cards(c) for c in codes] + [0] * pad,
        points=[p for _, values in rows for p in values] + [0] * (36 * (VALUE_ROWS - len(rows))),
        factor=[profile.factor(c) for c in codes] + [1] * pad,
        seq_values=[seq.get(k, 0) for k in range(10)],
        quartet_values=list(QUARTET_VALUES[profile.weis_values]),
        options=[
            *legal,
            int(profile.weis_overlap == "sequence_and_quartet_may_share"),
            int(profile.weis_split_long_runs),
            weis_compare,
            int(profile.weis_undenufe_reverse),
        ],
        bonuses=[LAST_TRICK_BONUS, MATCH_BONUS, STOECK_POINTS],
        direction=[d for row in direction for d in row] + [0] * (9 * pad),
        value_row=[v for per_code in row_of for v in per_code] + [0] * (9 * pad),
        offered=[int(c) for c in offered],
    )


def pure_forced() -> bool:
    """True when ``PUUR_PURE=1`` (or any value but empty and 0) asks for the Python path everywhere."""
    return os.environ.get("PUUR_PURE", "") not in ("", "0")


def _columns(n: int) -> dict[str, array[int]]:
    def col(code: str, per: int) -> array[int]:
        return array(code, bytes(n * per * array(code).itemsize))

    return {
        "dealer": col("b", 1), "contract": col("b", 1), "pushed": col("b", 1), "weis_seat": col("b", 1),
        "hands": col("Q", 4), "cards": col("b", 36), "winners": col("b", 9),
        "card_points": col("i", 2), "last_trick": col("i", 2), "match": col("i", 2), "weis": col("i", 2),
        "stoeck": col("i", 2), "written": col("i", 2),
    }  # fmt: skip


def _fill_python(profile: RuleProfile, seed: int, start: int, n: int, cols: dict[str, array[int]]) -> None:
    for i in range(n):
        r = python_round(profile, seed, start + i)
        assert r.contract is not None and r.weis is not None
        cols["dealer"][i] = r.dealer
        cols["contract"][i] = int(r.contract)
        cols["pushed"][i] = int(r.pushed)
        cols["weis_seat"][i] = -1 if r.weis.winner_seat is None else r.weis.winner_seat
        cols["hands"][4 * i : 4 * i + 4] = array("Q", r.dealt)
        cols["cards"][36 * i : 36 * i + 36] = array("b", r.cards_played)
        cols["winners"][9 * i : 9 * i + 9] = array("b", [t.winner for t in r.tricks])
        assert r.stoeck_status in (None, StoeckStatus.SCORED)  # the engine declares it: always scored
        s = r.score()
        for name, value in (
            ("card_points", s.card_points), ("last_trick", s.last_trick), ("match", s.match), ("weis", s.weis),
            ("stoeck", s.stoeck), ("written", s.written),
        ):  # fmt: skip
            cols[name][2 * i] = value[0]
            cols[name][2 * i + 1] = value[1]


def random_rounds(
    profile: RuleProfile | str | None, n: int, seed: int = 0, *, start: int = 0, compiled: bool | None = None
) -> RandomRounds:
    """Play rounds ``start`` .. ``start + n - 1`` of the random batch ``seed`` (see the module docstring).

    ``compiled``: None uses the compiled core where it implements the profile (and not under
    ``PUUR_PURE=1``); False plays every round through ``python_round``; True insists on the compiled
    core (``ValueError`` when it is not built or does not implement the profile)."""
    p = RuleProfile.resolve(profile)
    if not isinstance(n, int) or isinstance(n, bool) or n < 0:
        raise ValueError(f"n must be a whole number of rounds, 0 or more, got {n!r}")
    if not isinstance(seed, int) or isinstance(seed, bool) or not isinstance(start, int) or start < 0:
        raise ValueError("seed must be a whole number and start a whole number, 0 or more")
    core = None if compiled is False or (compiled is None and pure_forced()) else compiled_rules(p)
    if compiled and core is None:
        raise ValueError(
            "the compiled playout core is not built" if _CORE is None
            else "the compiled playout core does not implement this profile (an option or contract it lacks)"
        )  # fmt: skip
    cols = _columns(n)
    if core is not None:
        core.play(n, seed & MASK64, start & MASK64, *cols.values())
    else:
        _fill_python(p, seed & MASK64, start, n, cols)
    return RandomRounds(p, seed, start, n, core is not None, **cols)


__all__ = ["COMPILED", "COMPILED_OPTIONS", "RandomRounds", "SplitMix", "compiled_rules", "pure_forced", "python_round", "random_rounds"]
