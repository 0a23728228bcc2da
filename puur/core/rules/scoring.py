"""Round score, target crossing and Schneider (RULES.md §11, §12).

>>> from puur.core.profile import RuleProfile
>>> s = round_score(RuleProfile.preset("schieber"), Contract.U, (100, 52), (5, 4), 0, (50, 0), (20, 0))
>>> s.raw, s.written
((175, 52), (700, 208))
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache

from puur.core.cards import Contract
from puur.core.profile import RuleProfile
from puur.core.rules.tables import LAST_TRICK_BONUS, MATCH_BONUS, card_points_table

BLOCK_ORDERS = {
    "stoeck_weis_tricks": ("stoeck", "weis", "tricks"),  # S000, S001, S004
    "weis_stoeck_tricks": ("weis", "stoeck", "tricks"),  # J06, J07, J09, J11, J13, J14, J17
}


@dataclass(frozen=True)
class RoundScore:
    """One round's score by team: its parts before the factor, ``raw`` and ``written`` (raw × factor)."""

    factor: int
    card_points: tuple[int, int]
    last_trick: tuple[int, int]
    match: tuple[int, int]
    weis: tuple[int, int]
    stoeck: tuple[int, int]

    @property
    def tricks_raw(self) -> tuple[int, int]:
        """Card points + last trick + match bonus, per team (the "tricks" block before the factor)."""
        return (
            self.card_points[0] + self.last_trick[0] + self.match[0],
            self.card_points[1] + self.last_trick[1] + self.match[1],
        )

    @property
    def raw(self) -> tuple[int, int]:
        t = self.tricks_raw
        return (t[0] + self.weis[0] + self.stoeck[0], t[1] + self.weis[1] + self.stoeck[1])

    @property
    def written(self) -> tuple[int, int]:
        """Sum first, then the factor once (J00, J13, J02's 680 example; S000 gives the same number)."""
        r = self.raw
        return (r[0] * self.factor, r[1] * self.factor)

    def blocks(self) -> dict[str, tuple[int, int]]:
        """Written values per block, for the crossing check (§12.3)."""
        f = self.factor
        t = self.tricks_raw
        return {
            "weis": (self.weis[0] * f, self.weis[1] * f),
            "stoeck": (self.stoeck[0] * f, self.stoeck[1] * f),
            "tricks": (t[0] * f, t[1] * f),
        }

    def to_dict(self) -> dict[str, object]:
        return {
            "factor": self.factor,
            "card_points": list(self.card_points),
            "last_trick": list(self.last_trick),
            "match": list(self.match),
            "weis": list(self.weis),
            "stoeck": list(self.stoeck),
            "raw": list(self.raw),
            "written": list(self.written),
        }


def match_bonus(tricks: Sequence[int]) -> tuple[int, int]:
    """Per team, ``MATCH_BONUS`` (100) for the team that took all nine tricks, else 0 (RULES.md §11.1);
    ``tricks`` is the tricks each team has won so far."""
    return (MATCH_BONUS if tricks[0] == 9 else 0, MATCH_BONUS if tricks[1] == 9 else 0)


def round_score(
    profile: RuleProfile,
    contract: Contract,
    card_points: Sequence[int],
    tricks: Sequence[int],
    last_trick_team: int,
    weis: Sequence[int] = (0, 0),
    stoeck: Sequence[int] = (0, 0),
) -> RoundScore:
    """Score one round (RULES.md §11.1): 5 for the last trick, 100 for all nine tricks, then × factor."""
    last = (LAST_TRICK_BONUS, 0) if last_trick_team == 0 else (0, LAST_TRICK_BONUS)
    return RoundScore(
        profile.factor(contract),
        (card_points[0], card_points[1]),
        last,
        match_bonus(tricks),
        (weis[0], weis[1]),
        (stoeck[0], stoeck[1]),
    )


@cache
def possible_card_points(
    contract: Contract, undenufe_values: str = "modern", slalom_guschti_values: str = "obenabe"
) -> tuple[frozenset[int], ...]:
    """For k = 0..9 tricks, every card-point total the 4k cards of k tricks can hold (RULES.md §6, §11.1).

    Derived from the core's card-points table (``undenufe_values`` matters in Undenufe): the sums of
    exactly 4k of the 36 cards. The deal is free, so any such set of cards can be the tricks of one team;
    what no set of 4k cards adds up to cannot be written. In a trump contract 15 cards are worth nothing
    (the plain 6, 7, 8, 9 and the trump 6, 7, 8), so four tricks (16 cards) hold at least 2 points.
    """
    if Contract(contract).changes_direction and slalom_guschti_values == "by_trick":
        # Slalom, Guschti as records before the 152 of J30 count them: a card counts as the direction of the
        # trick it falls in, so each card may count its Obenabe or its Undenufe value.
        values: list[tuple[int, ...]] = list(
            zip(card_points_table(Contract.O), card_points_table(Contract.U, undenufe_values), strict=True)
        )
    else:
        values = [(v,) for v in card_points_table(contract, undenufe_values)]
    reach = [0] * 37  # reach[n]: bit s set when some n cards add up to s points
    reach[0] = 1
    for options in values:
        for n in range(35, -1, -1):
            for value in set(options):
                reach[n + 1] |= reach[n] << value
    total = sum(max(v) for v in values)
    return tuple(frozenset(p for p in range(total + 1) if reach[4 * k] >> p & 1) for k in range(10))


def deck_totals(
    contract: Contract, undenufe_values: str = "modern", slalom_guschti_values: str = "obenabe"
) -> frozenset[int]:
    """Every card-point total the 36 cards of a round can hold (RULES.md §6): 152 in every contract, Slalom
    and Guschti included (J30: "Every round contains exactly 152 card points"). Only the old reading
    ``slalom_guschti_values="by_trick"`` with modern Undenufe values gives 108 + 11·k for k = 0..8 there
    (docs/contracts-slalom-guschti.md)."""
    return possible_card_points(contract, undenufe_values, slalom_guschti_values)[9]


def impossible_split(
    contract: Contract, undenufe_values: str, card_points: Sequence[int], tricks: Sequence[int],
    slalom_guschti_values: str = "obenabe",
) -> str | None:
    """Why a team cannot have taken ``card_points[t]`` in ``tricks[t]`` tricks under ``contract``, or
    None when both teams' splits are possible (``possible_card_points``; card points without the
    last trick's 5, summing to 152; ``deck_totals`` under the old Slalom and Guschti reading). The team with fewer tricks is named first: its cards are the fewer."""
    for t in sorted((0, 1), key=lambda team: tricks[team]):
        k, points = tricks[t], card_points[t]
        possible = possible_card_points(contract, undenufe_values, slalom_guschti_values)[k]
        if points in possible:
            continue
        low, high = min(possible), max(possible)
        trick_word = "trick" if k == 1 else "tricks"
        if not low <= points <= high:
            return (
                f"team {t} cannot have {points} card points from {k} {trick_word}: under this contract "
                f"{k} {trick_word} ({4 * k} cards) hold from {low} to {high} card points"
            )
        return f"team {t} cannot have {points} card points from {k} {trick_word}: no {4 * k} cards add up to {points}"
    return None


@dataclass(frozen=True)
class Crossing:
    """The team that first reaches the target in this round and the block in which it did (or None)."""

    winner: int | None
    block: str | None


def crossing(
    profile: RuleProfile,
    target: int,
    before: Sequence[int],
    blocks: Mapping[str, Sequence[int]],
    trick_steps: Sequence[Sequence[int]] | None = None,
    *,
    first_in_tricks: int | None = None,
) -> Crossing:
    """Count the round's written blocks in the profile's ``crossing_priority`` order (RULES.md §12.3).

    The first block after which exactly one team is at or above ``target`` decides. Only the tricks
    block (always counted last) can see both teams cross; ``tricks_block_tie`` settles that case by the
    profile's ``trick_block_tie``. The order of the tricks comes either as ``trick_steps`` (the written
    trick points of each trick in order, per team, +5 and +100 credited with trick 9: the match engine)
    or as ``first_in_tricks`` (the team the table says got there first: the Jasstafel); without either a
    tie that needs it answers ``Crossing(None, "tricks")``.
    """
    score = [before[0], before[1]]
    for block in BLOCK_ORDERS[profile.crossing_priority]:
        add = blocks.get(block, (0, 0))
        start = (score[0], score[1])
        score[0] += add[0]
        score[1] += add[1]
        crossed = [t for t in (0, 1) if score[t] >= target]
        if len(crossed) == 1:
            return Crossing(crossed[0], block)
        if len(crossed) == 2:
            if block != "tricks":
                return Crossing(None, block)
            if trick_steps is not None:
                first_in_tricks = first_to_reach(target, start, trick_steps)
            return Crossing(tricks_block_tie(profile, (score[0], score[1]), first_in_tricks), block)
    return Crossing(None, None)


def tricks_block_tie(profile: RuleProfile, after: Sequence[int], first_in_tricks: int | None) -> int | None:
    """Who wins when both teams reach the target in the tricks block (RULES.md §12.3, §14; disputed:
    no source settles it), by the profile's ``trick_block_tie``:

    * ``trick_by_trick``: the team that got there first with the tricks credited in order
      (``first_in_tricks``; None when the order is unknown);
    * ``higher_total``: the team with the higher written total after the round (J11: a finish that "can
      then be checked without relying on memory of the deal"); on equal totals the totals cannot decide
      and the first team there, trick by trick, wins (None when that is unknown).

    The match engine and the Jasstafel both decide through this one function.
    """
    if profile.trick_block_tie == "higher_total" and after[0] != after[1]:
        return 0 if after[0] > after[1] else 1
    return first_in_tricks


def first_to_reach(target: int, start: Sequence[int], trick_steps: Sequence[Sequence[int]]) -> int | None:
    """The team that reaches ``target`` first when the tricks are credited one by one from ``start``
    (each step written points per team; a trick scores for one team only), or None if none does."""
    running = [start[0], start[1]]
    for step in trick_steps:
        running[0] += step[0]
        running[1] += step[1]
        hit = [t for t in (0, 1) if running[t] >= target]
        if len(hit) == 1:
            return hit[0]
        if len(hit) == 2:
            raise ValueError("a trick scores for one team only: a step credited both teams")
    return None


def is_schneider(profile: RuleProfile, target: int, loser_total: int) -> bool:
    """S000 §9: losers below half the target when the winners reach it (§12.4); never without the option."""
    if profile.schneider is None:
        return False
    return loser_total < profile.schneider["below_fraction"] * target


def games_won(profile: RuleProfile, target: int, loser_total: int) -> int:
    """How many games a won match counts for (§12.4): a Schneider counts ``counts_games`` (2 under S000;
    1 under S001, which names it but gives it no value), anything else 1."""
    return int(profile.schneider["counts_games"]) if is_schneider(profile, target, loser_total) else 1  # type: ignore[index]
