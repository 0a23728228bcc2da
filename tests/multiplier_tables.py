"""RULES.md §14 "Multiplier tables by name" (and §11.3), copied by hand (not read from the code), for the
tests of the profiles and of the worked examples (on the path through pytest's ``pythonpath``)."""

from __future__ import annotations

TABLES = {
    "common": {"C": 1, "H": 1, "D": 2, "S": 2, "O": 3, "U": 4},
    "both3": {"C": 1, "H": 1, "D": 2, "S": 2, "O": 3, "U": 3},
    "ascending": {"C": 1, "H": 2, "D": 3, "S": 4, "O": 5, "U": 6},
    "classic": {"C": 1, "H": 2, "D": 2, "S": 1, "O": 3, "U": 4},
    "online": {"C": 2, "H": 1, "D": 1, "S": 2, "O": 3, "U": 3},
}
