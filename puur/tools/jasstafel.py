"""Jasstafel scoreboard: two teams "We" and "They", rounds written as (sum) × factor (TOOLS.md §1).

The board keeps only what the table agrees: per round a contract and, per team, card points (the last
trick's 5 included: 157 a round, 257 a match), Weis and Stöck (§1.4, §1.5). Scoring, the factor, the
chalk marks and the crossing order all come from the rules core:

* ``RoundScore`` (``puur.core.rules.scoring``) sums the parts and multiplies once (§0.5, §1.4);
* ``crossing`` counts the round's blocks in the profile's ``crossing_priority`` (§0.7, §1.6);
* ``to_marks`` gives the canonical chalk marks of a total (§1.3).

When both teams cross in the tricks block the board decides by the profile's ``trick_block_tie`` through
the same core function as the match engine (``puur.core.rules.scoring.tricks_block_tie``, RULES.md §12.3):
``higher_total`` needs only the totals; ``trick_by_trick`` (and equal totals) needs the team that got
there first, which the board cannot see and the table gives as the round's ``first_in_tricks``; without
it the board reports the round undecided. After a win the board accepts no further round until Undo or
Reset (§1.5 [DECISION]).

>>> b = Board().write(Entry.of("D", (100, 57), weis=(50, 0), stoeck=(20, 0)))
>>> b.state().totals
(340, 114)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from puur.core.cards import Contract
from puur.core.profile import MULTIPLIER_TABLES, RuleProfile
from puur.core.rules.chalk import Marks, to_marks
from puur.core.rules.scoring import BLOCK_ORDERS, RoundScore, crossing
from puur.core.rules.tables import LAST_TRICK_BONUS, MATCH_BONUS, STOECK_POINTS
from puur.tools import Notice, ToolInputError, check_int, contract_label, parse_contract

TEAMS = ("We", "They")
"""The two team columns (TOOLS.md §1.5)."""
TARGETS = (1000, 1500, 2500, 3000)
"""Targets offered, smallest first (TOOLS.md §0.7, W8, C13: the four used in practice; the widget of source
24 lists them 1000, 2500, 1500, 3000, which players read as out of order)."""
DEFAULT_TARGET = 1000
"""TOOLS.md §1.5 [DECISION: default 1000]."""
TABLE_LABELS: dict[str, str] = {
    "common": "Common (Undenufe ×4)",
    "both3": "Obenabe and Undenufe ×3",
    "ascending": "Ascending 1–6",
    "classic": "Classic (Rosen and Schellen ×2)",
    "online": "Online (Eicheln and Schilten ×2, ×3 ×3)",
}
"""UI labels of the five named tables (W6 for the first three; RULES.md §14 for the others)."""
STYLES = ("compact", "tally", "cumulative")
"""Chalk styles: the canonical form (§1.3), style A "tally" and style B "cumulative"."""

FULL_ROUND = 152 + LAST_TRICK_BONUS  # 157 (§0.4)
MATCH_ROUND = FULL_ROUND + MATCH_BONUS  # 257 (§0.4)
MAX_ENTRY = 10_000
"""Largest absolute value accepted in one field (a sanity bound, not a rule)."""


@dataclass(frozen=True)
class Entry:
    """One round as the table enters it (TOOLS.md §1.5): contract and per team (We, They) the card
    points with the last trick's 5 included, the Weis and the Stöck, all before the factor."""

    contract: Contract
    card_points: tuple[int, int]
    weis: tuple[int, int] = (0, 0)
    stoeck: tuple[int, int] = (0, 0)
    first_in_tricks: int | None = None
    """The team (0 We, 1 They) that reached the target first with the tricks counted in order, as the
    table saw it; needed only when both teams cross in the tricks block (RULES.md §12.3)."""

    @classmethod
    def of(
        cls,
        contract: Contract | str,
        card_points: Sequence[int],
        weis: Sequence[int] = (0, 0),
        stoeck: Sequence[int] = (0, 0),
        *,
        first_in_tricks: int | None = None,
        field: Sequence[str | int] = (),
    ) -> Entry:
        """Validate and build an entry; errors name the field (``ToolInputError``)."""
        c = parse_contract(contract, (*field, "contract"))
        parts: list[tuple[int, int]] = []
        for name, pair in (("card_points", card_points), ("weis", weis), ("stoeck", stoeck)):
            if isinstance(pair, str) or not isinstance(pair, Sequence) or len(pair) != 2:
                raise ToolInputError((*field, name), "give two numbers: [We, They]", "two_numbers")
            a = check_int(pair[0], (*field, name, 0), low=-MAX_ENTRY, high=MAX_ENTRY)
            b = check_int(pair[1], (*field, name, 1), low=-MAX_ENTRY, high=MAX_ENTRY)
            parts.append((a, b))
        if first_in_tricks is not None and (
            isinstance(first_in_tricks, bool) or first_in_tricks not in (0, 1)
        ):
            raise ToolInputError(
                (*field, "first_in_tricks"), "give the team that got there first: 0 (We) or 1 (They)", "first_team"
            )
        return cls(c, parts[0], parts[1], parts[2], first_in_tricks)

    def warnings(self) -> list[str]:
        """Soft checks shown under the inputs (TOOLS.md §1.5, C14, C15); the round is still written."""
        return [n.text for n in self.notices()]

    def notices(self) -> list[Notice]:
        """The soft checks with a code and parameters a page words in its language (teams 0 We, 1 They)."""
        out: list[Notice] = []
        we, they = self.card_points
        total = we + they
        if total == MATCH_ROUND:
            if we and they:
                out.append(Notice(
                    "match_both_teams",
                    f"Card points add to {MATCH_ROUND} but both teams have points: "
                    f"{MATCH_ROUND} is a match, {MATCH_ROUND} for one team and 0 for the other.",
                    {"total": MATCH_ROUND},
                ))
        elif total not in (FULL_ROUND, 152):  # every contract, Slalom and Guschti too (J30: 152)
            out.append(Notice(
                "card_sum",
                f"Card points add to {total}: a round has 152, or {FULL_ROUND} with the last trick "
                f"({MATCH_ROUND} for a match). Something may be miscounted.",
                {"total": total, "full": FULL_ROUND, "match": MATCH_ROUND},
            ))
        if min(self.card_points) < 0 or min(self.weis) < 0 or min(self.stoeck) < 0:
            out.append(Notice("negative", "A negative entry is written as a correction."))
        if any(self.stoeck) and not self.contract.is_trump:
            out.append(Notice(
                "stoeck_no_trump",
                f"Stöck does not exist in {contract_label(self.contract)}: there is no trump.",
                {"contract": self.contract.name},
            ))
        if self.stoeck[0] and self.stoeck[1]:
            out.append(Notice("stoeck_both", "Stöck for both teams: only one trump King and Ober pair exists."))
        if self.weis[0] and self.weis[1]:
            out.append(Notice("weis_both", "Weis for both teams: only the team with the best meld writes Weis."))
        for i, (team, s) in enumerate(zip(TEAMS, self.stoeck, strict=True)):
            if s not in (0, STOECK_POINTS):
                out.append(Notice(
                    "stoeck_value",
                    f"Stöck for {team} is {s}: Stöck is worth {STOECK_POINTS} or nothing.",
                    {"team": i, "points": s, "stoeck": STOECK_POINTS},
                ))
        return out

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "contract": self.contract.name,
            "card_points": list(self.card_points),
            "weis": list(self.weis),
            "stoeck": list(self.stoeck),
        }
        if self.first_in_tricks is not None:
            out["first_in_tricks"] = self.first_in_tricks
        return out


def score_entry(entry: Entry, factor: int) -> RoundScore:
    """The core's ``RoundScore`` of an entry: card points already hold the last trick and the match."""
    return RoundScore(factor, entry.card_points, (0, 0), (0, 0), entry.weis, entry.stoeck)


@dataclass(frozen=True)
class Outcome:
    """The end of a game: ``winner`` 0 (We) / 1 (They), the deciding block (§1.6). ``tie``: both teams
    crossed in the tricks block and the profile's ``trick_block_tie`` needs the team that got there
    first, which the round did not give (``winner`` is None; ``trick_block_tie`` names the rule)."""

    winner: int | None
    block: str
    round: int
    tie: bool = False
    trick_block_tie: str = "trick_by_trick"
    both_crossed: bool = False
    """Both teams reached the target in the tricks block: the profile's ``trick_block_tie`` decided."""

    @property
    def message(self) -> str:
        if self.winner is None:
            why = (
                "with equal totals, so the team that got there first, trick by trick, wins"
                if self.trick_block_tie == "higher_total"
                else "and under these rules the team that got there first, trick by trick, wins"
            )
            return (
                f"Both teams crossed the target in the tricks block {why}. The board cannot see the order "
                "of the tricks: Undo, then write the round again saying which team got there first."
            )
        block = {"weis": "Weis", "stoeck": "Stöck", "tricks": "tricks"}[self.block]
        how = ""
        if self.both_crossed:
            how = (
                ", both teams did: the higher total wins"
                if self.trick_block_tie == "higher_total"
                else ", both teams did: the first there, trick by trick, wins"
            )
        return f"{TEAMS[self.winner]} win: crossed the target in the {block} block{how} (round {self.round})."


def check_crossing(
    profile: RuleProfile,
    target: int,
    before: Sequence[int],
    score: RoundScore,
    round_no: int = 0,
    first_in_tricks: int | None = None,
) -> Outcome | None:
    """Count the round's blocks in the profile's order (TOOLS.md §1.6, RULES.md §12.3).

    A double crossing can only happen in the tricks block; it is settled by the core's ``crossing``
    with the profile's ``trick_block_tie``, exactly as the match engine settles it. Where that needs
    the order of the tricks, ``first_in_tricks`` (the table's word) gives it; without it the outcome
    is a ``tie`` with no winner.
    """
    c = crossing(profile, target, before, score.blocks(), first_in_tricks=first_in_tricks)
    if c.block is None:
        return None
    after = (before[0] + score.written[0], before[1] + score.written[1])
    both = c.block == "tricks" and min(after) >= target
    rule = profile.trick_block_tie
    if c.winner is not None:
        return Outcome(c.winner, c.block, round_no, trick_block_tie=rule, both_crossed=both)
    return Outcome(None, c.block, round_no, tie=True, trick_block_tie=rule, both_crossed=both)


@dataclass(frozen=True)
class WrittenRound:
    """A round on the board: the entry, its factor, the sums before and after the factor and the totals."""

    number: int
    entry: Entry
    factor: int
    raw: tuple[int, int]
    written: tuple[int, int]
    totals: tuple[int, int]
    warnings: tuple[str, ...]

    def to_dict(self) -> dict[str, Any]:
        return {
            "number": self.number,
            **self.entry.to_dict(),
            "contract_name": contract_label(self.entry.contract),
            "factor": self.factor,
            "raw": list(self.raw),
            "written": list(self.written),
            "totals": list(self.totals),
            "warnings": list(self.warnings),
            "notices": [n.to_dict() for n in self.entry.notices()],
        }


@dataclass(frozen=True)
class State:
    """Everything the board shows: rounds, totals, marks per team and style, the outcome (if any)."""

    rounds: tuple[WrittenRound, ...]
    totals: tuple[int, int]
    outcome: Outcome | None

    @property
    def finished(self) -> bool:
        return self.outcome is not None

    def marks(self, style: str = "compact") -> tuple[Marks, Marks]:
        """Each team's chalk marks in ``style`` (see ``marks_for``)."""
        return (
            marks_for(self.totals[0], style, [r.written[0] for r in self.rounds]),
            marks_for(self.totals[1], style, [r.written[1] for r in self.rounds]),
        )


@dataclass(frozen=True)
class Board:
    """A Jasstafel: settings and the rounds written so far. Immutable: ``write``/``undo``/``reset``
    return a new board (TOOLS.md §1.5)."""

    profile: RuleProfile = field(default_factory=lambda: RuleProfile.preset("schieber"))
    target: int = DEFAULT_TARGET
    multipliers: str | None = None
    """A table name of RULES.md §14; None: the profile's own table."""
    entries: tuple[Entry, ...] = ()

    def __post_init__(self) -> None:
        check_int(self.target, "target", low=1, high=1_000_000)
        if self.multipliers is not None and self.multipliers not in MULTIPLIER_TABLES:
            raise ToolInputError(
                "multipliers",
                f"unknown multiplier table {self.multipliers!r}: choose one of {', '.join(MULTIPLIER_TABLES)}",
                "bad_multipliers",
                {"text": str(self.multipliers)},
            )

    @property
    def table_profile(self) -> RuleProfile:
        """The profile with the selected multiplier table."""
        if self.multipliers is None:
            return self.profile
        return self.profile.with_options(multipliers=self.multipliers)

    @property
    def block_order(self) -> tuple[str, ...]:
        return BLOCK_ORDERS[self.profile.crossing_priority]

    def factor(self, contract: Contract) -> int:
        return self.table_profile.factor(contract)

    def state(self) -> State:
        """Score every round; refuses a round written after the game was decided."""
        prof = self.table_profile
        totals = (0, 0)
        rounds: list[WrittenRound] = []
        outcome: Outcome | None = None
        for i, e in enumerate(self.entries):
            if outcome is not None:
                raise ToolInputError(
                    ("rounds", i),
                    f"the game is over ({outcome.message}) Undo or Reset to write more rounds.",
                    "game_over",
                )
            f = prof.factor(e.contract)
            s = score_entry(e, f)
            outcome = check_crossing(prof, self.target, totals, s, i + 1, e.first_in_tricks)
            totals = (totals[0] + s.written[0], totals[1] + s.written[1])
            rounds.append(WrittenRound(i + 1, e, f, s.raw, s.written, totals, tuple(e.warnings())))
        return State(tuple(rounds), totals, outcome)

    def write(self, entry: Entry) -> Board:
        """Write a round ("Write the round"); refused once a team has won (§1.5 [DECISION])."""
        st = self.state()
        if st.outcome is not None:
            raise ToolInputError(
                "round",
                f"the game is over ({st.outcome.message}) Undo or Reset to write more rounds.",
                "game_over",
            )
        return replace(self, entries=(*self.entries, entry))

    def undo(self) -> Board:
        """Remove the last written round (no-op on an empty board)."""
        return replace(self, entries=self.entries[:-1])

    def reset(self) -> Board:
        """Clear every round, keep the settings."""
        return replace(self, entries=())


def tally_marks(n: int) -> Marks:
    """Style A "tally" (TOOLS.md §1.3): no V; the V of the canonical form becomes five hundred-units."""
    m = to_marks(n)
    return replace(m, v=0, hundreds=m.hundreds + 5 * m.v)


def cumulative_marks(rounds: Sequence[int]) -> Marks:
    """Style B "cumulative chalk board" (TOOLS.md §1.3): each round extends the strokes, only the
    remainder is replaced; strokes are never removed, so a correction lowers the remainder (it may go
    negative). [DECISION] strokes are never turned into X or V."""
    u100 = u50 = u20 = rem = 0
    for p in rounds:
        rem += p
        if rem > 0:
            a, rem = divmod(rem, 100)
            b, rem = divmod(rem, 50)
            c, rem = divmod(rem, 20)
            u100, u50, u20 = u100 + a, u50 + b, u20 + c
    return Marks(0, 0, u100, u50, u20, rem)


def marks_for(total: int, style: str = "compact", rounds: Sequence[int] = ()) -> Marks:
    """Marks of a team column in a style of ``STYLES``; ``value`` always equals the total."""
    if style == "compact":
        return to_marks(total)
    if style == "tally":
        return tally_marks(total)
    if style == "cumulative":
        m = cumulative_marks(rounds)
        if m.value != total:
            raise ToolInputError(
                "style", "the cumulative marks need the rounds that make up the total", "style_needs_rounds"
            )
        return m
    raise ToolInputError(
        "style", f"unknown chalk style {style!r}: choose one of {', '.join(STYLES)}", "bad_style", {"text": str(style)}
    )


__all__ = [
    "DEFAULT_TARGET", "STYLES", "TABLE_LABELS", "TARGETS", "TEAMS", "Board", "Entry", "Outcome", "State",
    "WrittenRound", "check_crossing", "cumulative_marks", "marks_for", "score_entry", "tally_marks",
]  # fmt: skip
