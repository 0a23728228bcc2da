"""Duplicate deals between tables: every table plays the same cards, the teams turned, so the luck of the
deal cancels out (as in duplicate bridge, and as ``puur.lab.arena`` plays computers against each other).

**The deal plan.** A match may follow a plan instead of its own seed: round ``k`` (from 0) is dealt from
``seeds[k]`` — ``random.Random(seed)`` draws the dealer, then shuffles and deals as any round (RULES.md
§3.1) — and the match ends when the plan's deals are played, whatever the target (every table must play
every deal for the tables to be compared). Hand 1 is led as the profile says (§3.2: the dealer's right, or
the holder of a 7); every later deal by the right of its own dealer.

**The turn.** A table with ``turn`` 1 gets each deal turned by one seat: its seat ``s`` holds the cards that
seat ``s + 1`` holds at a table with ``turn`` 0, and the dealer moves with the cards, so the play is the same
but team 0 (seats 0 and 2) holds what team 1 (seats 1 and 3) holds at the other table. Two tables of turns 0
and 1 are one duplicate pair; the tables of a tournament alternate ``0, 1, 0, 1, ...``.

**The comparison.** A team is compared, deal by deal, with every other team that held the same cards (the
teams of the same *side* of the deal: side ``(team + turn) % 2``): its score on a deal is its written points
less the mean of theirs; its score in the tournament is the sum over the deals both it and at least one such
team have played (``standings``). Ties are broken by the points written in those deals (more first), then
by the deals won against the comparison (more first), then by table and team number (``TIE_RULE``).

Pure: no third-party package (it runs wherever a record is verified: ``puur tournament verify``).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from puur.core.profile import RuleProfile
from puur.core.round import deal, first_forehand
from puur.match.fairness import check_seed

PLAN_KEY = "deal_plan"
"""The key of the plan in a match's record and in a table's stored settings."""
MAX_PLAN_DEALS = 64
"""The most deals a plan may hold (a tournament's bound is lower)."""
TIE_RULE = ("score", "points", "deals_won", "table", "team")
"""The order the standings are sorted by: score, then the points written in the compared deals, then the deals
won against the comparison (each more first), then table and team number (lower first)."""


@dataclass(frozen=True)
class DealPlan:
    """The deals a match follows, one seed per round, turned ``turn`` seats (module docstring)."""

    seeds: tuple[int, ...]
    turn: int = 0

    @classmethod
    def parse(cls, plan: DealPlan | Mapping[str, Any]) -> DealPlan:
        """A plan from a record or settings (``{"seeds": [...], "turn": 0}``); ``ValueError`` saying what is
        wrong."""
        if isinstance(plan, DealPlan):
            return plan
        if not isinstance(plan, Mapping):
            raise ValueError("a deal plan is an object {'seeds': [seed, ...], 'turn': 0..3}")
        seeds, turn = plan.get("seeds"), plan.get("turn", 0)
        if isinstance(seeds, str | bytes) or not isinstance(seeds, Sequence) or not 1 <= len(seeds) <= MAX_PLAN_DEALS:
            raise ValueError(f"a deal plan's seeds are a list of 1 to {MAX_PLAN_DEALS} seeds")
        if isinstance(turn, bool) or not isinstance(turn, int) or turn not in range(4):
            raise ValueError(f"a deal plan's turn is 0, 1, 2 or 3, got {turn!r}")
        return cls(tuple(check_seed(s) for s in seeds), turn)

    def to_dict(self) -> dict[str, Any]:
        return {"seeds": list(self.seeds), "turn": self.turn}

    def __len__(self) -> int:
        return len(self.seeds)

    def deal(self, profile: RuleProfile, index: int) -> tuple[list[int], int, int]:
        """Round ``index`` (from 0): the hands by seat, the dealer and the forehand, turned ``turn`` seats."""
        rng = random.Random(self.seeds[index])
        dealer = rng.randrange(4)
        hands = deal(rng, dealer)
        forehand = first_forehand(profile, hands, dealer) if index == 0 else (dealer + 1) % 4
        t = self.turn
        turned = [hands[(s + t) % 4] for s in range(4)]
        forehand = (forehand - t) % 4
        return turned, (forehand - 1) % 4, forehand


# ----- the standings -----
def side(table: int, team: int) -> int:
    """Which half of each deal's cards ``team`` holds at ``table`` (the tables' turns alternate 0, 1, ...)."""
    return (team + table) % 2


@dataclass
class TeamStanding:
    table: int
    team: int
    score: Fraction = Fraction(0)
    points: int = 0
    deals: int = 0
    deals_won: int = 0

    def sort_key(self) -> tuple[Fraction, int, int, int, int]:
        return (-self.score, -self.points, -self.deals_won, self.table, self.team)

    def to_dict(self, rank: int) -> dict[str, Any]:
        return {"rank": rank, "table": self.table, "team": self.team, "seats": [self.team, self.team + 2],
                "score": round(float(self.score), 2), "points": self.points, "deals": self.deals,
                "deals_won": self.deals_won}


def standings(written: Sequence[Sequence[Sequence[int]]]) -> list[dict[str, Any]]:
    """The duplicate standings of the tables' written points: ``written[t][k]`` is table ``t``'s deal ``k``
    as written (team 0's points, team 1's), one entry per deal played so far. Each team's score is the sum,
    over the deals it played, of its points less the mean of the other teams that held the same cards and
    played that deal (deals nobody else has played yet are not counted); ranked by ``TIE_RULE`` (equal keys,
    equal rank)."""
    teams = {(t, team): TeamStanding(t, team) for t in range(len(written)) for team in (0, 1)}
    deals = max((len(w) for w in written), default=0)
    for k in range(deals):
        for (t, team), st in teams.items():
            if k >= len(written[t]):
                continue
            others = [written[u][k][o] for u in range(len(written)) for o in (0, 1)
                      if (u, o) != (t, team) and k < len(written[u]) and side(u, o) == side(t, team)]
            if not others:
                continue
            own = written[t][k][team]
            diff = own - Fraction(sum(others), len(others))
            st.score += diff
            st.points += own
            st.deals += 1
            st.deals_won += diff > 0
    ranked = sorted(teams.values(), key=TeamStanding.sort_key)
    out: list[dict[str, Any]] = []
    for i, st in enumerate(ranked):
        same = i > 0 and ranked[i - 1].sort_key()[:3] == st.sort_key()[:3]
        out.append(st.to_dict(out[-1]["rank"] if same else i + 1))
    return out


__all__ = ["MAX_PLAN_DEALS", "PLAN_KEY", "TIE_RULE", "DealPlan", "TeamStanding", "side", "standings"]
