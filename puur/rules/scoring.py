"""Round score, target crossing and Schneider (RULES.md §11, §12).

>>> from puur.profile import RuleProfile
>>> s = round_score(RuleProfile.preset("schieber"), Contract.U, (100, 52), (5, 4), 0, (50, 0), (20, 0))
>>> s.raw, s.written
((175, 52), (700, 208))
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from puur.cards import Contract
from puur.profile import RuleProfile
from puur.rules.tables import LAST_TRICK_BONUS, MATCH_BONUS

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
    match = (MATCH_BONUS if tricks[0] == 9 else 0, MATCH_BONUS if tricks[1] == 9 else 0)
    return RoundScore(
        profile.factor(contract),
        (card_points[0], card_points[1]),
        last,
        match,
        (weis[0], weis[1]),
        (stoeck[0], stoeck[1]),
    )


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
) -> Crossing:
    """Count the round's written blocks in the profile's ``crossing_priority`` order (§12.3).

    The first block after which exactly one team is at or above ``target`` decides. Only the tricks
    block can see both teams cross; with ``trick_steps`` (the written trick points of each trick in
    order, per team, +5 and +100 credited with trick 9) the tie is settled trick by trick
    (``trick_block_tie = trick_by_trick``); without them the answer is ``Crossing(None, "tricks")``.
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
            if trick_steps is None or block != "tricks":
                return Crossing(None, block)
            running = [start[0], start[1]]
            for step in trick_steps:
                running[0] += step[0]
                running[1] += step[1]
                hit = [t for t in (0, 1) if running[t] >= target]
                if len(hit) == 1:
                    return Crossing(hit[0], block)
                if len(hit) == 2:  # one trick cannot score for both teams; kept for safety
                    return Crossing(None, block)
            return Crossing(None, block)
    return Crossing(None, None)


def is_schneider(profile: RuleProfile, target: int, loser_total: int) -> bool:
    """S000 §9: losers below half the target when the winners reach it (§12.4); never without the option."""
    if profile.schneider is None:
        return False
    return loser_total < profile.schneider["below_fraction"] * target


def games_won(profile: RuleProfile, target: int, loser_total: int) -> int:
    """How many games a won match counts for: 2 for a Schneider under S000/S001, else 1."""
    return int(profile.schneider["counts_games"]) if is_schneider(profile, target, loser_total) else 1  # type: ignore[index]
