"""Coiffeur (Coiffeur-Schieber) as a game form: Schieber rounds, each written in one column of the
choosing team's row of the Coiffeur sheet (TOOLS.md §2; Jasvel pages 22, 27, 30).

The rules of each round are the Schieber's, from the rules core (``puur.core.round.RoundState``): dealing,
schieben, play, Weis, Stöck and the round's points. This module only adds what the sheet asks:

* The chooser (the forehand, or its partner after a push, RULES.md §4.2) names a still-open column of its
  own team (``column:rosen``); a joker column names the contract it is played as (``column:joker1=H``),
  Slalom and Guschti their starting direction (``column:slalom=SLO``). Each team plays every column once
  (§2.1). The forehand rotates as in the Schieber, so the teams choose in turn and both rows fill after
  2 × columns rounds.
* The box holds the tens of the choosing team's complete round: card points with the last trick's 5
  (257 for a match) + Weis + Stöck, truncated: 257 → 25 (§2.2). The factor enters by the sheet's method:
  A (default, source 22) box × factor in the total, B box of the multiplied round (§2.3);
  ``puur.tools.coiffeur`` computes both.
* The other team's round counts too (``opponents_count``, default true): J27 says the factor "applies to
  the complete round scores of both teams" and "also" increases "the opposing team's score from the same
  round". Its tens, by the same factor and method, go on its own opponents' line of the sheet and into its
  total. ``opponents_count=false`` writes the boxes only (the reading of games stored before the setting).
* When every box is filled the higher total wins; equal totals are a tie (§2.6, the tool's decision).

Table settings (each written into the record): ``columns`` 8 (the standard sheet) or 10 (with Slalom and
Guschti); ``factors`` one per column, default the Jasvel sheet ×1 … ×8 and, for the ten-column sheet, ×9
Slalom and ×10 Guschti (the pages leave those two open, "agreed as part of the ten-column layout"; this
default continues the printed sequence and is Puur's choice, which the table may change); ``method`` A
or B; ``opponents_count``; ``joker_may_repeat`` (default true: a joker may name any contract). Where the
table says false, a team's two jokers name two different contracts, the one meaning the form, the
Coiffeur tool and the API share (``puur.tools.coiffeur``): a joker may always name a fixed column's
contract, since with six contracts for eight columns no whole sheet could avoid them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from puur.core.actions import CONTRACT_COLUMN_KEYS, AnyAction, ColumnChoice, FormAction, parse_any_action
from puur.core.cards import CLAIM, PUSH, Card, Contract, iter_cards
from puur.core.profile import RuleProfile
from puur.core.round import IllegalAction, RoundResult
from puur.match.forms.protocol import RoundWritten
from puur.tools.coiffeur import Column, Sheet, box_from_points, standard_columns, ten_columns

if TYPE_CHECKING:
    from puur.match.game import Game

COLUMN_COUNTS = (8, 10)
JASVEL_FACTORS = (1, 2, 3, 4, 5, 6, 7, 8)
"""The printed sheet (TOOLS.md §2.1, W17): Eicheln ×1, Rosen ×2, Schellen ×3, Schilten ×4, Obenabe ×5,
Undenufe ×6, Joker 1 ×7, Joker 2 ×8."""
EXTRA_FACTORS = (9, 10)
"""Slalom ×9 and Guschti ×10 on the ten-column sheet: Puur's choice, which the table may change (J30: "Any multiplier
assigned to an added column must be agreed as part of the ten-column layout"; the New-game dialog says so)."""
BASE = tuple(Contract(i) for i in range(6))
"""The six contracts of the Schieber, which a joker may name."""


def _extra(prefix: str) -> tuple[Contract, ...]:
    """Slalom (``SL``) or Guschti (``GU``) contracts of the rules core, starting Obenabe then Undenufe."""
    return tuple(c for c in Contract if c.name.startswith(prefix))


def column_key(column: Column) -> str:
    """The key of a sheet column in actions: ``rosen``, ``joker1``, ``slalom``."""
    if column.kind == "contract" and column.contract is not None:
        return CONTRACT_COLUMN_KEYS[int(column.contract)]
    return column.name.lower().replace(" ", "")


@dataclass
class CoiffeurForm:
    """The sheet of a running Coiffeur match and the column of the round in play."""

    columns: int = 8
    factors: tuple[int, ...] = JASVEL_FACTORS
    method: str = "A"
    joker_may_repeat: bool = True
    opponents_count: bool = True
    sheet: Sheet = field(init=False)
    keys: tuple[str, ...] = field(init=False)
    played: list[list[Contract | None]] = field(init=False)
    current: tuple[int, int, Contract] | None = field(default=None, init=False)
    """(team, column index, contract) of the round in play, once its column is named."""

    name = "coiffeur"

    def __post_init__(self) -> None:
        if self.columns not in COLUMN_COUNTS:
            raise ValueError(f"a Coiffeur sheet has 8 or 10 columns, got {self.columns!r}")
        if self.columns == 10 and not (_extra("SL") and _extra("GU")):
            raise ValueError("the ten-column sheet needs the Slalom and Guschti contracts in the rules core")
        cols = standard_columns() if self.columns == 8 else ten_columns(*EXTRA_FACTORS)
        factors = tuple(self.factors)
        if len(factors) == 8 and self.columns == 10:
            factors = (*factors, *EXTRA_FACTORS)
        if len(factors) != len(cols) or not all(isinstance(f, int) and not isinstance(f, bool) and 1 <= f <= 100 for f in factors):
            raise ValueError(f"factors: give {len(cols)} whole numbers from 1 to 100, one per column, got {list(factors)!r}")
        if self.method not in ("A", "B"):
            raise ValueError(f"method: choose 'A' (box × factor) or 'B' (tens of the multiplied round), got {self.method!r}")
        if not isinstance(self.joker_may_repeat, bool):
            raise ValueError("joker_may_repeat must be true or false")
        if not isinstance(self.opponents_count, bool):
            raise ValueError("opponents_count must be true or false")
        self.factors = factors
        cols = tuple(Column(c.name, f, c.kind, c.contract) for c, f in zip(cols, factors, strict=True))
        self.sheet = Sheet(cols, method=self.method, joker_may_repeat=self.joker_may_repeat,
                           opponents_count=self.opponents_count)
        self.keys = tuple(column_key(c) for c in cols)
        self.played = [[None] * len(cols), [None] * len(cols)]

    SETTINGS: ClassVar[tuple[str, ...]] = ("factors", "method", "joker_may_repeat", "opponents_count")
    STORED_BEFORE: ClassVar[Mapping[str, Any]] = {"opponents_count": False}
    """The reading of a game or record stored before a setting existed (``puur.match.forms.stored_settings``)."""

    @classmethod
    def from_settings(cls, columns: int | None, settings: Mapping[str, Any]) -> CoiffeurForm:
        unknown = set(settings) - set(cls.SETTINGS)
        if unknown:
            raise ValueError(f"unknown Coiffeur setting(s) {sorted(unknown)}: the settings are {', '.join(cls.SETTINGS)}")
        n = 8 if columns is None else columns
        factors = settings.get("factors")
        return cls(
            columns=n,
            factors=JASVEL_FACTORS if factors is None else tuple(factors),
            method=str(settings.get("method", "A")).upper(),
            joker_may_repeat=settings.get("joker_may_repeat", True),
            opponents_count=settings.get("opponents_count", True),
        )

    def settings(self) -> dict[str, Any]:
        """The table settings, as the record and ``Game(form=..., form_settings=...)`` take them."""
        return {"form": self.name, "columns": self.columns, "factors": list(self.factors), "method": self.method,
                "joker_may_repeat": self.joker_may_repeat, "opponents_count": self.opponents_count}  # fmt: skip

    @property
    def open_predictions(self) -> bool:
        """Coiffeur has no predictions."""
        return False

    def adapt_profile(self, profile: RuleProfile) -> RuleProfile:
        """The ten-column sheet plays Slalom and Guschti: the profile's ``extra_contracts`` offers both
        (the rules core's option, off in every preset); the eight-column sheet keeps the profile as given."""
        if self.columns == 10 and profile.extra_contracts != "slalom_guschti":
            return profile.with_options(extra_contracts="slalom_guschti")
        return profile

    def factor(self, round_factor: int) -> int:
        """The factor of the round in play: its column's (the observation's ``factor``), 0 before it is named."""
        if self.current is None:
            return 0
        f = self.sheet.columns[self.current[1]].factor
        return f if f is not None else round_factor

    # ----- columns -----
    def allowed(self, team: int, i: int) -> tuple[Contract, ...]:
        """The contracts column ``i`` may be played as by ``team`` (one for a contract column)."""
        col = self.sheet.columns[i]
        if col.kind == "contract":
            assert col.contract is not None
            return (col.contract,)
        if col.kind == "slalom":
            return _extra("SL")
        if col.kind == "guschti":
            return _extra("GU")
        if self.joker_may_repeat:
            return BASE
        other = {c for j, c in enumerate(self.played[team]) if c is not None and j != i and self.sheet.columns[j].kind == "joker"}
        return tuple(c for c in BASE if c not in other)

    def open_columns(self, team: int) -> list[int]:
        return [i for i, b in enumerate(self.sheet.boxes[team]) if b is None]

    def column_actions(self, team: int) -> list[AnyAction]:
        out: list[AnyAction] = []
        for i in self.open_columns(team):
            allowed = self.allowed(team, i)
            if self.sheet.columns[i].kind == "contract":
                out.append(ColumnChoice(self.keys[i]))
            else:
                out.extend(ColumnChoice(self.keys[i], c) for c in allowed)
        return out

    # ----- the game's hooks -----
    def start_round(self, game: Game) -> None:
        self.current = None

    def waiting_seat(self, game: Game) -> int | None:
        return None

    def phase(self, game: Game) -> str | None:
        return None

    def legal_actions(self, game: Game) -> list[AnyAction]:
        r = game.round
        if r.contract is None:
            assert r.to_act is not None
            return [*([] if r.pushed else [PUSH]), *self.column_actions(r.to_act & 1)]
        return [Card(c) for c in iter_cards(r.legal_cards())]

    def apply(self, game: Game, action: AnyAction | str, declare: tuple[str, ...]) -> FormAction | None:
        """Take ``action`` when it is the form's (a column, or anything while a column is due): the column
        taken; None leaves it to the Schieber's path (a push, a card)."""
        try:
            act = parse_any_action(action)
        except ValueError as e:
            raise IllegalAction(str(e)) from None
        r = game.round
        if r.contract is None:
            if act is PUSH:
                return None
            if not isinstance(act, ColumnChoice):
                raise IllegalAction(
                    "in Coiffeur the chooser names a column of the sheet (as 'column:rosen' or 'column:joker1=H') or pushes (P)"
                )
            if declare:
                raise IllegalAction("a declaration goes with the card it belongs to")
            seat = r.to_act
            assert seat is not None
            contract, i = self._check(seat & 1, act)
            r.choose(contract)
            self.current = (seat & 1, i, contract)
            return act
        if isinstance(act, ColumnChoice):
            raise IllegalAction("the column of this round is already named: play a card")
        if act is CLAIM:
            raise IllegalAction("claims are not part of Coiffeur: the sheet is filled round by round")
        return None

    def _check(self, team: int, act: ColumnChoice) -> tuple[Contract, int]:
        if act.column not in self.keys:
            raise IllegalAction(f"no column {act.column!r} on this sheet: the columns are {', '.join(self.keys)}")
        i = self.keys.index(act.column)
        col = self.sheet.columns[i]
        if self.sheet.boxes[team][i] is not None:
            raise IllegalAction(f"your team has already played {col.name}: each team plays every column once")
        allowed = self.allowed(team, i)
        if col.kind == "contract":
            if act.contract is not None and act.contract not in allowed:
                raise IllegalAction(f"{col.name} is played as {allowed[0].name}, not {act.contract.name}")
            return allowed[0], i
        if act.contract is None:
            raise IllegalAction(
                f"{col.name}: name the contract it is played as, e.g. 'column:{act.column}={allowed[0].name}'"
            )
        if act.contract not in allowed:
            raise IllegalAction(
                f"{col.name} cannot be played as {act.contract.name} here: choose one of {', '.join(c.name for c in allowed)}"
                + ("" if self.joker_may_repeat or col.kind != "joker" else " (at this table a joker does not repeat a contract)")
            )
        return act.contract, i

    def finish_round(self, game: Game) -> RoundWritten:
        """Write the choosing team's tens into its column (TOOLS.md §2.2) and the other team's into its
        opponents' line (J27); the match ends with the sheet."""
        r = game.round
        assert self.current is not None and r.chooser is not None and r.contract is not None
        team, i, contract = self.current
        s = r.score()
        points = s.raw[team]
        col = self.sheet.columns[i]
        assert col.factor is not None
        box = box_from_points(points, col.factor, self.method)
        joker = contract.name if col.kind == "joker" else None
        opponents_box = box_from_points(s.raw[1 - team], col.factor, self.method)
        self.sheet = self.sheet.fill(team, i, box, joker).fill_opponents(1 - team, i, opponents_box)
        self.played[team][i] = contract
        totals = self.sheet.totals()
        contribution = self.sheet.contribution(team, i)
        assert contribution is not None
        opponents = self.sheet.opponents_contribution(1 - team, i) or 0
        written = (contribution, opponents) if team == 0 else (opponents, contribution)
        row = RoundResult(
            number=len(game.rounds) + 1, dealer=r.dealer, forehand=r.forehand, pushed=r.pushed,
            chooser=r.chooser, contract=contract,
            score={**{k: v for k, v in s.to_dict().items() if k not in ("raw", "written", "factor")},
                   "raw": list(s.raw), "team": team, "column": self.keys[i], "column_name": col.name,
                   "factor": col.factor, "box": box,
                   **({"opponents_box": opponents_box} if self.opponents_count else {})},
            written=written, totals=totals, complete=True,
        )  # fmt: skip
        self.current = None
        over = self.sheet.complete
        return RoundWritten(row, (totals[0], totals[1]), over, self.sheet.winner() if over else None)

    def result(self, game: Game) -> dict[str, Any]:
        w = self.sheet.winner()
        return {
            "winner": w,
            "scores": list(self.sheet.totals()),
            "block": None,
            "reason": "sheet_complete",
            "schneider": False,
            "games": 1 if w is not None else 0,
            "tie": w is None,
        }

    def view(self, game: Game, seat: int) -> dict[str, Any]:
        """The sheet (as the Coiffeur tool draws it), each column's key, and the round's column: all
        public (TOOLS.md §2.7: the sheet is on the table)."""
        sheet = self.sheet.to_dict()
        sheet["keys"] = list(self.keys)
        sheet["played"] = [[c.name if c is not None else None for c in row] for row in self.played]
        current = None
        if self.current is not None:
            team, i, contract = self.current
            current = {"team": team, "column": self.keys[i], "contract": contract.name}
        return {"sheet": sheet, "current": current}


__all__ = ["COLUMN_COUNTS", "CoiffeurForm", "EXTRA_FACTORS", "JASVEL_FACTORS", "column_key"]
