"""The Jass glossary as data: every word used at a Schieber table, in English, German and French.

Written from PRODUCT.md §4 and the Jasvel glossary page (J04, ``shared/seeds/jasvel/04-jass-glossary.txt``),
cross-checked against the seed guides (S000, S001, S004). Definitions are paraphrased, never copied.
Where a number belongs to the rules core (card points, Weis values, totals), the definition names it and
``tests/data`` checks it against the core, so the glossary cannot drift from the engine.

French: Swiss-German terms stay Swiss-German at a Romandie table (J02, J04), so most ``fr`` names are the
Swiss word itself. Every name (or part of a name) that no source gives is listed under ``unattested`` by
language: the ordinary French card words (atout, pli, valet, ...), the French suit names, and *chibre*,
*chibrer* and *annonces*, which J02 mentions as words a Romandie player says without saying what they
mean (that chibrer is schieben and the annonces the Weis is Puur's reading); in German, *Karo* and *Pik*
are not used where S004 says Ecken and Schaufel.
"""

from __future__ import annotations

import json
from importlib.resources import files
from typing import TypedDict


class Term(TypedDict, total=False):
    term: str
    names: dict[str, str]
    definition: dict[str, str]
    sources: list[str]
    unattested: dict[str, list[str]]
    """By language, the names (or parts of a name) that no source gives."""
    notes: str
    code: str


# Source keys: see checked_against in every envelope (S000, S001, S004, J = jasvel.org pages, J04 = glossary).
# The entries are data, one object a term, in glossary_terms.json beside this module.
GLOSSARY: list[Term] = json.loads(files("puur.data").joinpath("glossary_terms.json").read_text(encoding="utf-8"))
