"""Coiffeur scoresheet: one box per team per column, tens only, factors per column (TOOLS.md §2).

* Sheets: the standard 8 columns Eicheln ×1 … Undenufe ×6, Joker 1 ×7, Joker 2 ×8, or 10 columns adding
  Slalom and Guschti, whose factors the table must agree and enter (§2.1 [OPEN]). Factors are editable.
  Columns are identified by name plus factor, never by position.
* A box holds the tens of a round, by truncation: 129 → 12, 257 → 25 (§2.2, W12, W13).
* Method A (default, source 22): the box is the tens of the unmultiplied round and the total is
  Σ box × factor. Method B (source 27): the box is the tens of the multiplied round and the total is
  Σ box (§2.3, C1).
* The opponents count (``opponents_count``, default true): the factor "applies to the complete round
  scores of both teams" and "the opposing team's score from the same round" rises with it (J27). The team
  that did not choose writes the tens of its own round in its opponents' line (``opponents``: row t is
  team t's points from the columns the other team chose), with the same factor and method, added to its
  total. ``opponents_count=false`` keeps the boxes only.
* An empty box (None) is "not yet played" and is not 0 (§2.2). The game ends when every box is filled;
  the higher total wins, equal totals are a tie (§2.6 [OPEN: reported as a tie]).
* Joker columns record the contract chosen. ``joker_may_repeat`` (default true) false means one thing
  here, in the game form and in the API: a team's two joker columns hold two different contracts (J30:
  "The chosen contract should be identified for the relevant joker box", so a joker box is not "an
  unmarked repeat" of the other); a joker may always name a contract of a fixed column, which with six
  contracts for eight columns no whole sheet could avoid. Checked as a warning.

>>> sheet = Sheet.standard().fill(0, "Eicheln", 12).fill(0, "Rosen", 12).fill(0, "Joker 2", 25)
>>> sheet.totals()
(236, 0)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any, TypeVar

from puur.core.cards import Contract
from puur.core.rules.tables import LAST_TRICK_BONUS, MATCH_BONUS, STOECK_POINTS
from puur.core.rules.weis import SEQUENCE_VALUES
from puur.tools import Notice, ToolInputError, check_int, contract_label, parse_contract

TEAMS = ("We", "They")
METHODS = ("A", "B")
HINT = "Write the tens of the round: 129 points is 12, a match of 257 is 25."
EXTRA_CONTRACTS = ("slalom", "guschti")
MAX_BOX = 10_000
MAX_COLUMNS = 20
"""The most columns a custom sheet has (the printed sheets have 8 and 10): what one request may cost."""
MAX_NAME = 40
"""The longest column name a custom sheet takes."""
MAX_ROUND = 152 + LAST_TRICK_BONUS + MATCH_BONUS + 2 * max(SEQUENCE_VALUES["extended"].values()) + STOECK_POINTS
"""877: the most a round can reach before the factor (RULES.md §6, §9.1, §10, §11.1): a match (257), the
Weis of two hands each holding a whole suit (two nine-card runs, 300 each under the extended values; a
hand's quartets reach at most 350 and leave the partner at most 200), and Stöck (20)."""
MAX_ROUND_TENS = MAX_ROUND // 10
"""87: the most tens a box can hold under method A."""


@dataclass(frozen=True)
class Column:
    """One column: its name, factor (None until agreed, Slalom/Guschti only), kind and contract."""

    name: str
    factor: int | None
    kind: str = "contract"  # "contract", "joker", "slalom", "guschti"
    contract: Contract | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "factor": self.factor,
            "kind": self.kind,
            "contract": self.contract.name if self.contract is not None else None,
        }


def standard_columns() -> tuple[Column, ...]:
    """The printed 8-column sheet, ×1 … ×8 (W17)."""
    cols = [Column(contract_label(c), f, "contract", c) for c, f in zip(
        (Contract.C, Contract.H, Contract.D, Contract.S, Contract.O, Contract.U), range(1, 7), strict=True
    )]
    cols += [Column("Joker 1", 7, "joker"), Column("Joker 2", 8, "joker")]
    return tuple(cols)


def ten_columns(slalom_factor: int | None = None, guschti_factor: int | None = None) -> tuple[Column, ...]:
    """The 10-column sheet: the standard 8 plus Slalom and Guschti (Mary) with agreed factors (§2.1)."""
    return (*standard_columns(), Column("Slalom", slalom_factor, "slalom"), Column("Guschti", guschti_factor, "guschti"))


def box_from_points(points: int, factor: int = 1, method: str = "A") -> int:
    """The tens to write for a round's points (card points + Weis + Stöck): truncation, not rounding.

    Method A: ``points // 10`` (the factor is applied when totalling); Method B: ``points × factor // 10``.
    """
    check_int(points, "points", low=0, high=MAX_BOX)
    check_int(factor, "factor", low=1, high=100)
    if method not in METHODS:
        raise ToolInputError("method", f"choose method 'A' or 'B', got {method!r}", "bad_method", {"text": str(method)})
    return (points if method == "A" else points * factor) // 10


@dataclass(frozen=True)
class Sheet:
    """A Coiffeur sheet: columns, the two teams' boxes (None = empty), joker choices and the method."""

    columns: tuple[Column, ...] = field(default_factory=standard_columns)
    boxes: tuple[tuple[int | None, ...], tuple[int | None, ...]] = ((), ())
    jokers: tuple[tuple[str | None, ...], tuple[str | None, ...]] = ((), ())
    method: str = "A"
    joker_may_repeat: bool = True
    opponents: tuple[tuple[int | None, ...], tuple[int | None, ...]] = ((), ())
    """Each team's line as the opponents: ``opponents[t][i]`` the tens team t took in column ``i`` of the
    other team (J27: the factor applies to both teams); None while not played."""
    opponents_count: bool = True
    """Whether the opponents' line adds to the totals (J27, the default); false: the boxes only."""

    def __post_init__(self) -> None:
        n = len(self.columns)
        if n < 1:
            raise ToolInputError("columns", "a sheet needs at least one column", "no_columns")
        names = [c.name.strip().lower() for c in self.columns]
        for i, c in enumerate(self.columns):
            if not c.name.strip():
                raise ToolInputError(("columns", i, "name"), "a column needs a name", "column_no_name", {"col": i})
            if names.index(c.name.strip().lower()) != i:
                raise ToolInputError(
                    ("columns", i, "name"), f"two columns are called {c.name!r}", "column_name_twice", {"text": c.name}
                )
            if c.factor is not None:
                check_int(c.factor, ("columns", i, "factor"), low=1, high=100)
        if self.method not in METHODS:
            raise ToolInputError(
                "method", f"choose method 'A' or 'B', got {self.method!r}", "bad_method", {"text": str(self.method)}
            )
        boxes = tuple(tuple(row) + (None,) * (n - len(row)) for row in self.boxes)
        opponents = tuple(tuple(row) + (None,) * (n - len(row)) for row in self.opponents)
        jokers = tuple(tuple(row) + (None,) * (n - len(row)) for row in self.jokers)
        for t in (0, 1):
            rows = (("boxes", boxes[t]), ("jokers", jokers[t]), ("opponents", opponents[t]))
            for name, row in rows:  # a joker's contract per box too, and the opponents' line
                if len(row) != n:
                    raise ToolInputError(
                        (name, t), f"a team row has {n} boxes, got {len(row)}", "box_count",
                        {"team": t, "count": n, "got": len(row)},
                    )
            written = [("boxes", i, b) for i, b in enumerate(boxes[t])] + [("opponents", i, b) for i, b in enumerate(opponents[t])]
            for name, i, b in written:  # a box of the team's own column or of its line as the opponents
                if b is None:
                    continue
                check_int(b, (name, t, i), low=0, high=MAX_BOX)
                if self.columns[i].factor is None:
                    raise ToolInputError(
                        ("columns", i, "factor"),
                        f"agree a factor for {self.columns[i].name} before writing in its box",
                        "factor_first",
                        {"col": i},
                    )
            for i, j in enumerate(jokers[t]):
                if j is None:
                    continue
                if self.columns[i].kind != "joker":
                    raise ToolInputError(
                        ("jokers", t, i), f"{self.columns[i].name} is not a joker column", "not_joker", {"col": i}
                    )
                if j.strip().lower() not in EXTRA_CONTRACTS:
                    parse_contract(j, ("jokers", t, i))
        object.__setattr__(self, "boxes", boxes)
        object.__setattr__(self, "jokers", jokers)
        object.__setattr__(self, "opponents", opponents)

    @classmethod
    def standard(cls, method: str = "A") -> Sheet:
        return cls(standard_columns(), method=method)

    def index(self, column: str | int) -> int:
        """A column by name (case-insensitive) or index."""
        if isinstance(column, int):
            if not 0 <= column < len(self.columns):
                raise ToolInputError("column", f"no column {column}", "no_column", {"text": str(column)})
            return column
        for i, c in enumerate(self.columns):
            if c.name.lower() == column.strip().lower():
                return i
        raise ToolInputError("column", f"no column named {column!r}", "no_column", {"text": column})

    def fill(self, team: int, column: str | int, box: int | None, joker: str | None = None) -> Sheet:
        """Write (or with None clear) a box; editing is how a wrong column is corrected (§2.2)."""
        check_int(team, "team", low=0, high=1)
        i = self.index(column)
        rows = [list(self.boxes[0]), list(self.boxes[1])]
        rows[team][i] = box
        jk = [list(self.jokers[0]), list(self.jokers[1])]
        if joker is not None or box is None:
            jk[team][i] = joker
        return replace(self, boxes=(tuple(rows[0]), tuple(rows[1])), jokers=(tuple(jk[0]), tuple(jk[1])))

    def fill_opponents(self, team: int, column: str | int, box: int | None) -> Sheet:
        """Write (or clear) ``team``'s tens as the opponents in ``column`` of the other team (J27)."""
        check_int(team, "team", low=0, high=1)
        i = self.index(column)
        rows = [list(self.opponents[0]), list(self.opponents[1])]
        rows[team][i] = box
        return replace(self, opponents=(tuple(rows[0]), tuple(rows[1])))

    def _worth(self, b: int | None, i: int) -> int | None:
        if b is None:
            return None
        f = self.columns[i].factor
        assert f is not None
        return b * f if self.method == "A" else b

    def contribution(self, team: int, i: int) -> int | None:
        """What a box adds to the total: box × factor (A) or the box (B); None while empty."""
        return self._worth(self.boxes[team][i], i)

    def opponents_contribution(self, team: int, i: int) -> int | None:
        """What ``team``'s opponents' line adds in column ``i``, by the same factor and method (J27: "the
        factor applies to the complete round scores of both teams"); None while empty or when the table
        does not count the opponents."""
        return self._worth(self.opponents[team][i], i) if self.opponents_count else None

    def totals(self) -> tuple[int, int]:
        """Each team's total over its filled boxes and, where the opponents count, its opponents' line
        (empty boxes add nothing and are not 0)."""
        out = []
        for t in (0, 1):
            own = sum(v for i in range(len(self.columns)) if (v := self.contribution(t, i)) is not None)
            opp = sum(v for i in range(len(self.columns)) if (v := self.opponents_contribution(t, i)) is not None)
            out.append(own + opp)
        return (out[0], out[1])

    def empty(self, team: int) -> list[str]:
        return [c.name for c, b in zip(self.columns, self.boxes[team], strict=True) if b is None]

    @property
    def complete(self) -> bool:
        return not self.empty(0) and not self.empty(1)

    def winner(self) -> int | None:
        """0 or 1 once every box is filled and one total is higher; None otherwise (or a tie)."""
        if not self.complete:
            return None
        a, b = self.totals()
        return None if a == b else (0 if a > b else 1)

    def warnings(self) -> list[str]:
        return [n.text for n in self.notices()]

    def notices(self) -> list[Notice]:
        """The warnings with a code and parameters a page words (``col`` a column index, ``team`` 0 or 1)."""
        out: list[Notice] = []
        for i, c in enumerate(self.columns):
            if c.factor is None:
                out.append(Notice("factor_missing", f"{c.name}: its factor is not given by the rules; agree it at the table.", {"col": i}))
        for t in (0, 1):
            for i, c in enumerate(self.columns):
                if c.kind == "joker" and self.boxes[t][i] is not None and self.jokers[t][i] is None:
                    out.append(Notice("joker_unnamed", f"{TEAMS[t]}, {c.name}: name the contract chosen for the joker.",
                                      {"team": t, "col": i}))
            if not self.joker_may_repeat:  # the two jokers hold two different contracts (one meaning)
                seen: set[str] = set()
                for i, c in enumerate(self.columns):
                    j = self.jokers[t][i]
                    if c.kind != "joker" or j is None:
                        continue
                    key = self._contract_key(j)
                    if key in seen:
                        out.append(Notice(
                            "joker_repeat",
                            f"{TEAMS[t]}, {c.name}: {j} is already the other joker's contract, and your table "
                            "does not let the two jokers hold the same contract.",
                            {"team": t, "col": i, "contract": key},
                        ))
                    seen.add(key)
        for t in (0, 1):
            for i, c in enumerate(self.columns):
                b = self.boxes[t][i]
                if b is not None and self.method == "A" and b > MAX_ROUND_TENS:
                    out.append(Notice(
                        "box_too_big",
                        f"{TEAMS[t]}, {c.name}: {b} tens is more than a round can hold before the "
                        f"factor ({MAX_ROUND} points, {MAX_ROUND_TENS} tens) — under method A write the "
                        "unmultiplied tens.",
                        {"team": t, "col": i, "tens": b, "max_points": MAX_ROUND, "max_tens": MAX_ROUND_TENS},
                    ))
        return out

    @staticmethod
    def _contract_key(name: str) -> str:
        n = name.strip().lower()
        if n in EXTRA_CONTRACTS:
            return n
        try:
            return Contract.parse(n).name
        except ValueError:
            return n

    def to_dict(self) -> dict[str, Any]:
        w = self.winner()
        tot = self.totals()
        if self.complete:
            msg = f"{TEAMS[w]} win {max(tot)} to {min(tot)}." if w is not None else f"A tie at {tot[0]}."
        else:
            msg = f"{len(self.empty(0)) + len(self.empty(1))} boxes still empty."
        return {
            "columns": [c.to_dict() for c in self.columns],
            "method": self.method,
            "boxes": [list(self.boxes[0]), list(self.boxes[1])],
            "jokers": [list(self.jokers[0]), list(self.jokers[1])],
            "contributions": [[self.contribution(t, i) for i in range(len(self.columns))] for t in (0, 1)],
            "opponents": [list(self.opponents[0]), list(self.opponents[1])],
            "opponents_contributions": [
                [self.opponents_contribution(t, i) for i in range(len(self.columns))] for t in (0, 1)
            ],
            "opponents_count": self.opponents_count,
            "totals": list(tot),
            "empty": [self.empty(0), self.empty(1)],
            "complete": self.complete,
            "winner": w,
            "tie": self.complete and w is None,
            "message": msg,
            "warnings": self.warnings(),
            "notices": [n.to_dict() for n in self.notices()],
            "hint": HINT,
        }


def sheet_from(
    columns: Sequence[dict[str, Any]] | None,
    boxes: Sequence[Sequence[int | None]],
    jokers: Sequence[Sequence[str | None]] | None = None,
    method: str = "A",
    joker_may_repeat: bool = True,
    opponents: Sequence[Sequence[int | None]] | None = None,
    opponents_count: bool = True,
) -> Sheet:
    """Build a sheet from plain data (the API's form); ``columns`` None means the standard sheet."""
    cols: tuple[Column, ...]
    if columns is None:
        cols = standard_columns()
    else:
        parsed = []
        for i, c in enumerate(columns):
            kind = c.get("kind", "contract")
            if kind not in ("contract", "joker", "slalom", "guschti"):
                raise ToolInputError(
                    ("columns", i, "kind"), "kind is contract, joker, slalom or guschti", "bad_column_kind", {"col": i}
                )
            contract = None
            if kind == "contract":
                contract = parse_contract(c.get("contract") or c.get("name"), ("columns", i, "contract"))
            name = str(c.get("name") or (contract_label(contract) if contract is not None else kind.title()))
            parsed.append(Column(name, c.get("factor"), kind, contract))
        cols = tuple(parsed)
    team_boxes = _team_rows("boxes", boxes, len(cols))
    team_jokers = _team_rows("jokers", jokers if jokers is not None else ((), ()), None)
    team_opponents = _team_rows("opponents", opponents if opponents is not None else ((), ()), len(cols))
    return Sheet(cols, team_boxes, team_jokers, method, joker_may_repeat, team_opponents, opponents_count)


_Box = TypeVar("_Box")


def _team_rows(name: str, rows: Sequence[Sequence[_Box]], columns: int | None) -> tuple[tuple[_Box, ...], tuple[_Box, ...]]:
    """A row a team, each with no more boxes than the sheet has ``columns`` (where they are counted)."""
    if len(rows) != 2:
        raise ToolInputError(name, "give two team rows", "two_team_rows")
    for t in (0, 1):
        if columns is not None and len(rows[t]) > columns:
            raise ToolInputError(
                (name, t), f"the sheet has {columns} columns, got {len(rows[t])} boxes", "box_count",
                {"team": t, "count": columns, "got": len(rows[t])},
            )
    return tuple(rows[0]), tuple(rows[1])


__all__ = [
    "HINT", "METHODS", "TEAMS", "Column", "Sheet", "box_from_points", "sheet_from", "standard_columns",
    "ten_columns",
]  # fmt: skip
