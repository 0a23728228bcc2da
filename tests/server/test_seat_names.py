"""A seat's name: one rule at creation (``POST /games`` ``names``) and at join (``POST /games/{id}/join``
``name``), SECURITY.md "Names". No control, zero-width, direction or invisible character; something besides
spaces, which are folded; not what the table calls a seat ("You", "Player 2", "Computer 3", in the page's
languages, any case); not another seat's name at the table, case aside. The schema's pattern and the check
are one rule (``puur.schema_types``)."""

from __future__ import annotations

import re
import sys
import unicodedata
from pathlib import Path
from typing import Any

import jsonschema_rs
import pytest
from api_client import BOT, auth
from fastapi.testclient import TestClient
from pydantic_core import PydanticCustomError

from puur.schema_types import (
    NAME_PATTERN,
    REFUSED_IN_NAMES,
    SEAT_NAME_SCHEMA,
    TABLE_NUMBERED,
    TABLE_WORDS,
    check_name,
    name_taken,
)

TABLE_WORDS_JS = Path(__file__).parents[2] / "puur" / "server" / "static" / "table" / "i18n.js"

GOOD = {"Zoë": "Zoë", "Müller": "Müller", "Françoise": "Françoise", "Hans Peter": "Hans Peter",
        "  Hans   Peter ": "Hans Peter", "Hans\u00a0Peter": "Hans Peter", "Jörg-Ueli": "Jörg-Ueli",
        "Player": "Player", "Youri": "Youri", "Computer Vreni": "Computer Vreni", "مريم": "مريم", "李雷": "李雷",
        "Anna 🂡": "Anna 🂡"}  # fmt: skip
BAD = {
    # control characters: NUL, newlines, tab, escape, DEL, C1
    "A\x00na": "name_characters", "Ana\n": "name_characters", "A\r\nB": "name_characters", "A\tB": "name_characters",
    "\x1b[31mAna": "name_characters", "Ana\x7f": "name_characters", "Ana\x85": "name_characters",
    # zero-width and bidi controls, the BOM, line separators, letters that draw nothing
    "Ana\u200b": "name_characters", "A\u200cna": "name_characters", "A\u200dna": "name_characters",
    "\u200eAna": "name_characters", "\u200fAna": "name_characters", "\u202aAna": "name_characters",
    "Ana\u202e": "name_characters", "\u2066Ana\u2069": "name_characters", "\ufeffAna": "name_characters",
    "Ana\u2028": "name_characters", "\u3164": "name_characters", "Ana\u00ad": "name_characters",
    "Ana\U000e0041": "name_characters",
    # blank
    "": "name_blank", "   ": "name_blank", "\u00a0\u3000": "name_blank",
    # what the table calls a seat, any case and spacing, in the page's languages
    "You": "name_reserved", "you": "name_reserved", " YOU ": "name_reserved", "Player 2": "name_reserved",
    "player  12": "name_reserved", "PLAYER3": "name_reserved", "Computer 1": "name_reserved",
    "computer 4": "name_reserved", "Du": "name_reserved", "Vous": "name_reserved", "Spieler 1": "name_reserved",
    "Joueur 2": "name_reserved", "Ordinateur 3": "name_reserved",
}  # fmt: skip


def _kind(name: str) -> str | None:
    try:
        check_name(name)
    except PydanticCustomError as e:
        return e.type
    return None


# ----- the rule -----
@pytest.mark.parametrize(("name", "shown"), GOOD.items())
def test_names_in_any_language_pass_and_their_spaces_fold(name: str, shown: str) -> None:
    assert check_name(name) == shown


@pytest.mark.parametrize(("name", "kind"), BAD.items())
def test_each_kind_of_bad_name_is_refused_with_its_reason(name: str, kind: str) -> None:
    assert _kind(name) == kind


def test_the_schema_pattern_is_the_check() -> None:
    """The document's pattern, read by Python's re and by the Rust engine of the schema checkers, accepts
    exactly the names ``check_name`` accepts."""
    validator = jsonschema_rs.validator_for(SEAT_NAME_SCHEMA)
    for name in [*GOOD, *BAD, "a" * 24, "Ana\u2060", "\u2800", "Du Pont", "Youp", "Vous2"]:
        accepted = _kind(name) is None
        assert (re.fullmatch(NAME_PATTERN, name) is not None) == accepted, name
        assert validator.is_valid(name) == (accepted and len(name) >= 1), name


def test_every_control_format_and_separator_character_is_refused() -> None:
    """REFUSED_IN_NAMES lists every Cc, Cf, Zl and Zp character of the running Python's Unicode tables."""
    listed = {cp for a, b in REFUSED_IN_NAMES for cp in range(a, b + 1)}
    for cp in range(sys.maxunicode + 1):
        if unicodedata.category(chr(cp)) in ("Cc", "Cf", "Zl", "Zp"):
            assert cp in listed, f"U+{cp:04X} ({unicodedata.category(chr(cp))}) is missing from REFUSED_IN_NAMES"


def test_the_table_s_words_are_the_page_s() -> None:
    """What the table calls a seat in each language (i18n.js ``you``, ``player``, ``computer_n``) is refused as a
    name: the page shows such a name in its own language (localName), so "Spieler 2" would read "Player 2"."""
    js = TABLE_WORDS_JS.read_text(encoding="utf-8")

    def texts(key: str) -> list[str]:  # the word's entry, one text a language: key: { en: "...", de: "...", fr: "..." }
        entry = re.search(rf"^  {key}: \{{ (.*) \}},$", js, re.MULTILINE)
        return re.findall(r'\b(?:en|de|fr): "([^"]+)"', entry.group(1)) if entry else []

    you = texts("you")
    numbered = [re.fullmatch(r"([^{]+) \{0\}", t) for t in texts("player") + texts("computer_n")]
    assert len(you) == 3 and len(numbered) == 6 and all(numbered), (you, numbered)
    assert {w.lower() for w in you} == set(TABLE_WORDS)
    assert {m.group(1).lower() for m in numbered if m} == set(TABLE_NUMBERED)


def test_a_name_is_taken_by_another_seat_case_aside() -> None:
    names = ["Host", "Vreni", None, "Player 4"]
    assert name_taken(names, 2, "vreni") and name_taken(names, 2, "HOST")
    assert not name_taken(names, 1, "Vreni")  # a seat's own name
    assert not name_taken(names, 2, "Ueli")


# ----- creation and join: the same verdicts -----
def _create(c: TestClient, names: list[Any], seats: list[str] | None = None) -> Any:
    return c.post("/api/v1/games", json={"seats": seats or ["human", BOT, BOT, BOT], "names": names})


def _table(c: TestClient, host: str = "Host") -> dict[str, Any]:
    r = _create(c, [host, None, None, None], ["human", "invite", "invite", BOT])
    assert r.status_code == 201, r.text
    return dict(r.json())


def _join(c: TestClient, table: dict[str, Any], seat: int, name: str) -> Any:
    return c.post(f"/api/v1/games/{table['game_id']}/join", json={"code": table["invites"][str(seat)]["code"],
                                                                    "name": name})


def _names(c: TestClient, table: dict[str, Any]) -> list[str]:
    view = c.get(f"/api/v1/games/{table['game_id']}", headers=auth(table["tokens"]["0"])).json()
    return list(view["names"])


@pytest.mark.parametrize(("name", "kind"), BAD.items())
def test_a_bad_name_is_refused_at_creation_and_at_join_alike(client: TestClient, name: str, kind: str) -> None:
    if kind != "name_blank":  # a blank name at creation leaves the seat its table name (below)
        r = _create(client, [name, None, None, None])
        assert r.status_code == 422, r.text
        (err,) = r.json()["detail"]
        assert err["type"] == kind and "names" in err["loc"], err
    table = _table(client)
    before = _names(client, table)
    r = _join(client, table, 1, name)
    assert r.status_code == 422, r.text
    (err,) = r.json()["detail"]
    assert err["type"] == kind and err["loc"] == ["body", "name"], err
    assert _names(client, table) == before  # nothing changed: the seat is still open
    assert _join(client, table, 1, "Vreni").status_code == 201


@pytest.mark.parametrize(("name", "shown"), GOOD.items())
def test_good_names_are_taken_at_creation_and_at_join_as_shown(client: TestClient, name: str, shown: str) -> None:
    r = _create(client, [name, None, None, None])
    assert r.status_code == 201, r.text
    view = client.get(f"/api/v1/games/{r.json()['game_id']}", headers=auth(r.json()["tokens"]["0"])).json()
    assert view["names"][0] == shown
    table = _table(client)
    assert _join(client, table, 2, name).status_code == 201
    assert _names(client, table)[2] == shown


def test_two_seats_are_not_named_alike_at_creation(client: TestClient) -> None:
    for names in (["Vreni", "vreni", None, None], ["Zoë", None, "ZOË", None], ["Ana", "Ana ", "B", "C"]):
        r = _create(client, names)
        assert r.status_code == 422, (names, r.text)
        assert r.json()["detail"][0]["type"] == "name_taken"


def test_a_joining_friend_does_not_take_another_seat_s_name(client: TestClient) -> None:
    table = _table(client, host="Hana")
    for taken in ("Hana", "HANA", " hana "):
        r = _join(client, table, 1, taken)
        assert r.status_code == 422 and r.json()["detail"][0]["type"] == "name_taken", r.text
    assert _join(client, table, 1, "Vreni").status_code == 201
    r = _join(client, table, 2, "VRENI")
    assert r.status_code == 422 and r.json()["detail"][0]["type"] == "name_taken", r.text
    assert _join(client, table, 2, "Ueli").status_code == 201
    assert _names(client, table)[:3] == ["Hana", "Vreni", "Ueli"]


def test_a_seat_not_named_gets_the_table_s_name(client: TestClient) -> None:
    """null or a blank name: the table's own name for the seat, as the page shows it in its language."""
    r = _create(client, ["", "Ueli", None, "   "], ["human", BOT, "human", BOT])
    assert r.status_code == 201, r.text
    view = client.get(f"/api/v1/games/{r.json()['game_id']}", headers=auth(r.json()["tokens"]["0"])).json()
    assert view["names"] == ["Player 1", "Ueli", "Player 2", "Computer 4"]
    r = _create(client, [None, None, None, None])
    view = client.get(f"/api/v1/games/{r.json()['game_id']}", headers=auth(r.json()["tokens"]["0"])).json()
    assert view["names"] == ["You", "Computer 2", "Computer 3", "Computer 4"]
    r = _create(client, [" " * 25, None, None, None])  # blank, yet longer than a name: refused as the schema says
    assert r.status_code == 422 and r.json()["detail"][0]["type"] == "string_too_long", r.text
