"""Jasstafel chalk marks (TOOLS.md §1): the canonical form of a total and its reading.

Rows of strokes worth 100, 50 and 20, X = 1000 and V = 500 at the upper right, and one remainder at the
lower right that may be negative. A complete group (four strokes and the crossing) counts five units.

>>> to_marks(2735)
Marks(x=2, v=1, hundreds=2, fifties=0, twenties=1, remainder=15)
>>> to_marks(2735).value
2735
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any


@dataclass(frozen=True)
class Marks:
    """The marks of one team column. ``value`` reads them back (TOOLS.md §1.2)."""

    x: int = 0
    v: int = 0
    hundreds: int = 0
    fifties: int = 0
    twenties: int = 0
    remainder: int = 0

    @property
    def value(self) -> int:
        return (
            1000 * self.x + 500 * self.v + 100 * self.hundreds + 50 * self.fifties + 20 * self.twenties
            + self.remainder
        )  # fmt: skip

    def to_dict(self) -> dict[str, int]:
        """Every count under its field's name, in the order of the board (the JSON form)."""
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Marks:
        """Marks from their JSON form; counts must be whole numbers ≥ 0 (the remainder may be negative)."""
        if not isinstance(data, dict):
            raise ValueError("marks must be an object with x, v, hundreds, fifties, twenties, remainder")
        unknown = set(data) - {"x", "v", "hundreds", "fifties", "twenties", "remainder"}
        if unknown:
            raise ValueError(f"unknown mark {sorted(unknown)[0]!r}")
        vals: dict[str, int] = {}
        for k in ("x", "v", "hundreds", "fifties", "twenties", "remainder"):
            v = data.get(k, 0)
            if not isinstance(v, int) or isinstance(v, bool) or (k != "remainder" and v < 0):
                raise ValueError(f"{k} must be a whole number" + ("" if k == "remainder" else " ≥ 0"))
            vals[k] = v
        return cls(**vals)

    def groups(self, row: str) -> tuple[int, int]:
        """(complete crossed groups, loose strokes) of a row: ``hundreds``, ``fifties`` or ``twenties``."""
        strokes: int = getattr(self, row)
        return divmod(strokes, 5)


def to_marks(n: int) -> Marks:
    """The canonical marks of a written total (TOOLS.md §1.3): X, one V, up to 4 hundreds, one fifty,
    up to 2 twenties and a remainder 0..19; a negative total is all remainder."""
    if not isinstance(n, int) or isinstance(n, bool):
        raise ValueError(f"a chalk value must be a whole number, got {n!r}")
    if n < 0:
        return Marks(remainder=n)
    x, m = divmod(n, 1000)
    v, m = divmod(m, 500)
    h, m = divmod(m, 100)
    f, m = divmod(m, 50)
    t, r = divmod(m, 20)
    return Marks(x, v, h, f, t, r)


def parse_marks(text: str) -> Marks:
    """Read a board written as text: ``X`` and ``V`` symbols, rows ``100:``, ``50:``, ``20:`` of strokes
    (``|`` an upright, ``/`` a crossing that completes a group of five; ``//`` on the fifties row) and
    ``r:`` the remainder. Example: ``"XX V | 100: ||/ || | 50: | 20: | r: 15"`` is not required; the
    accepted form is one item per line or separated by ``;``, e.g. ``"X X V; 100: ||||/ ||; 20: |; r: -5"``.
    """
    x = v = h = f = t = r = 0
    for part in text.replace("\n", ";").split(";"):
        part = part.strip()
        if not part:
            continue
        if ":" not in part:
            for ch in part.replace(" ", ""):
                if ch.upper() == "X":
                    x += 1
                elif ch.upper() == "V":
                    v += 1
                else:
                    raise ValueError(f"unexpected {ch!r}: upper-right symbols are X (1000) and V (500)")
            continue
        label, _, strokes = part.partition(":")
        label = label.strip().lower()
        if label in ("r", "remainder"):
            try:
                r = int(strokes.strip() or 0)
            except ValueError:
                raise ValueError(f"the remainder must be a whole number, got {strokes.strip()!r}") from None
            continue
        units = _count_strokes(strokes, double=label == "50")
        if label == "100":
            h += units
        elif label == "50":
            f += units
        elif label == "20":
            t += units
        else:
            raise ValueError(f"unknown row {label!r}: rows are 100, 50 and 20, and r for the remainder")
    return Marks(x, v, h, f, t, r)


def _count_strokes(strokes: str, *, double: bool) -> int:
    """Units in a row: groups ``||||/`` (``||||//`` on the fifties row) count 5, loose ``|`` count 1."""
    units = 0
    for group in strokes.split():
        uprights = group.count("|")
        crosses = group.count("/")
        if set(group) - {"|", "/"}:
            raise ValueError(f"a row holds only strokes '|' and crossings '/', got {group!r}")
        if crosses:
            need = 2 if double else 1
            if uprights != 4 or crosses != need:
                raise ValueError(
                    f"a crossed group is four strokes and {'two crossings' if double else 'one crossing'}, got {group!r}"
                )
            units += 5
        else:
            units += uprights
    return units


def format_marks(m: Marks) -> str:
    """The text form read by ``parse_marks``."""

    def row(k: int, double: bool) -> str:
        g, loose = divmod(k, 5)
        cross = "//" if double else "/"
        return " ".join([f"||||{cross}"] * g + (["|" * loose] if loose else []))

    items = []
    if m.x or m.v:
        items.append(" ".join(["X"] * m.x + ["V"] * m.v))
    items.append(f"100: {row(m.hundreds, False)}".rstrip())
    items.append(f"50: {row(m.fifties, True)}".rstrip())
    items.append(f"20: {row(m.twenties, False)}".rstrip())
    items.append(f"r: {m.remainder}")
    return "; ".join(items)
