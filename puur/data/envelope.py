"""The envelope every Puur dataset carries (PRODUCT.md §2.2, INTERFACES.md §4).

Who published it, under what licence, which sources it was checked against, what it will not answer
and what is deliberately absent, so that a consumer that has read one payload can read them all.
"""

from __future__ import annotations

from typing import Any

from puur import __version__

PUBLISHER = {
    "name": "Puur",
    "description": "Puur, a Python Swiss Jass (Schieber) platform: rules engine, computer players, web table, "
    "scoreboards and open data",
    "version": __version__,
}

LICENCE = {
    "id": "CC-BY-4.0",
    "name": "Creative Commons Attribution 4.0 International",
    "url": "https://creativecommons.org/licenses/by/4.0/",
    "attribution": "Puur, with a link to the dataset",
    "note": "The rules of the game belong to nobody; the compilation is CC BY 4.0. No third-party prose is "
    "reproduced: every source is cited so that a disputed number can be checked at its own source.",
}

CHECKED_AGAINST: list[dict[str, str]] = [
    {
        "key": "S000",
        "name": "Jass: Schieber — an English 10-section guide (classic small-Weis profile)",
        "file": "shared/seeds/000_5e2358cbdfc02480.txt",
        "preset": "classic",
    },
    {
        "key": "S001",
        "name": "Schweizer Jass — the rules page of a 'Schweizer Jass' app (you and an AI partner)",
        "file": "shared/seeds/001_d11edac1fba19d55.txt",
        "preset": "schweizer",
    },
    {
        "key": "S004",
        "name": "Schieber-Regeln: Jass einfach erklärt — Jassen Online (German)",
        "file": "shared/seeds/004_b612091c3567488e.txt",
        "preset": "online",
    },
    {
        "key": "J",
        "name": "Jasvel reference: the rules, tools and open-data pages of jasvel.org (J00-J30)",
        "url": "https://jasvel.org/",
        "file": "shared/seeds/jasvel/",
        "preset": "jasvel",
    },
    {
        "key": "pinned",
        "name": "The pinned test cases: the worked examples of RULES.md §15, run against every preset",
        "file": "tests/golden/",
    },
]

DOES_NOT_ANSWER: list[str] = [
    "which multiplier table your table uses: every published table is listed and none is marked correct",
    "which rule profile is 'the' rule: disputed points are named options, and every answer states the "
    "profile it assumed",
    "a Weis tie past the top card without the contract and the seating (the trump and forehand-distance "
    "steps need both; the rules API takes them, a static dataset cannot)",
    "whether a Stöck was declared in time at your table: timing is a profile option (stoeck), not a value",
    "regional house contracts (Molotow, joker columns) beyond their names: they need local agreement",
]

DELIBERATELY_ABSENT: list[str] = [
    "the computer players' card-play logic: it is the program (puur.bots), not the rules",
    "anything played on a Puur server: games stay in the server's own database and are never published",
    "personal data of any kind: no accounts, no telemetry, nothing about who asked",
    "Jasvel's pages.json and jasvel.json: Puur has no page corpus of its own and is not the Jasvel app; "
    "puur.json describes Puur instead",
    "Jasvel's suit keys e r s i top bottom: Puur uses C D H S O U everywhere",
]


def envelope(name: str, description: str, data: Any, *, generated_from: list[str]) -> dict[str, Any]:
    """Wrap ``data`` in the common envelope."""
    return {
        "dataset": name,
        "description": description,
        "url": f"/api/v1/{name}",
        "publisher": PUBLISHER,
        "licence": LICENCE,
        "checked_against": CHECKED_AGAINST,
        "does_not_answer": DOES_NOT_ANSWER,
        "deliberately_absent": DELIBERATELY_ABSENT,
        "generated_from": generated_from,
        "codes": {
            "suits": {
                "C": "Eicheln / clubs",
                "D": "Schellen / diamonds",
                "H": "Rosen / hearts",
                "S": "Schilten / spades",
            },
            "contracts": {
                "C": "Eicheln trump",
                "D": "Schellen trump",
                "H": "Rosen trump",
                "S": "Schilten trump",
                "O": "Obenabe",
                "U": "Undenufe",
                "SLO": "Slalom, Obenabe first (Obenabe and Undenufe alternate trick by trick)",
                "SLU": "Slalom, Undenufe first",
                "GUO": "Guschti (Mary), five tricks Obenabe then four Undenufe",
                "GUU": "Guschti (Mary), five tricks Undenufe then four Obenabe",
                "P": "schieben (push)",
            },
            "ranks": "A K Q J 10 9 8 7 6 (Q = Ober, J = Under, 10 = Banner); a card is suit + rank, e.g. H10",
        },
        "data": data,
    }


ENVELOPE_KEYS = (
    "dataset", "description", "url", "publisher", "licence", "checked_against", "does_not_answer",
    "deliberately_absent", "generated_from", "codes", "data",
)  # fmt: skip
