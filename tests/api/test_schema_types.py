"""The OpenAPI document says exactly what the server takes (puur/schema_types.py, INTERFACES.md §4).

Card, contract and action patterns agree with the parsers of puur.core.cards on every accepted spelling and on a
set of rejected ones; integers are JSON integers (611226.0 yes, 3.5, true and "3" no); profiles are a preset
name or typed overrides built from puur.core.profile; the document carries no bound pydantic could not translate.
"""

from __future__ import annotations

import dataclasses
import itertools
import json
import re
import string
import tempfile
from typing import Any

import pytest
from fastapi.testclient import TestClient

from puur.core.cards import (
    CARD_SPELLINGS,
    CLAIM_SPELLING,
    CONTRACT_SPELLINGS,
    PUSH_SPELLINGS,
    Card,
    Contract,
    parse_action,
)
from puur.core.profile import CHOICES, MULTIPLIER_TABLES, PRESETS, RuleProfile
from puur.schema_types import ACTION_PATTERN, CARD_PATTERN, CONTRACT_PATTERN, SEED_MAX
from puur.server.app import create_app

CLIENT = TestClient(create_app(db_path=f"{tempfile.mkdtemp(prefix='puur-schema-')}/g.sqlite3"))
DOC: dict[str, Any] = CLIENT.get("/api/v1/openapi.json").json()
SCHEMAS: dict[str, Any] = DOC["components"]["schemas"]


def _case_variants(word: str) -> set[str]:
    """Every upper/lower mix of ``word`` (short words), or a handful (long words)."""
    if len(word) <= 4:
        return {"".join(p) for p in itertools.product(*({c.lower(), c.upper()} for c in word))}
    alternating = "".join(c.upper() if i % 2 else c.lower() for i, c in enumerate(word))
    return {word.lower(), word.upper(), word.title(), alternating, alternating.swapcase()}


def _parses(parser: Any, text: str) -> bool:
    try:
        parser(text)
    except ValueError:
        return False
    return True


PARSERS = {"card": (CARD_PATTERN, Card.parse), "contract": (CONTRACT_PATTERN, Contract.parse),
           "action": (ACTION_PATTERN, parse_action)}  # fmt: skip
ACCEPTED = {
    "card": set(CARD_SPELLINGS),
    "contract": set(CONTRACT_SPELLINGS),
    "action": {*CARD_SPELLINGS, *CONTRACT_SPELLINGS, *PUSH_SPELLINGS, CLAIM_SPELLING},
}
REJECTED = ["", "H", "H1", "H11", "H01", "X6", "HZ", "10H", "H 10", "HH10", "eichel", "obenab", "ob", "PP",
            "claims", "weis", "stoeck", "rose", "Kreuzz", "H10H", "T", "6", "10", "J"]  # fmt: skip


@pytest.mark.parametrize("kind", sorted(PARSERS))
def test_every_accepted_spelling_in_every_case_matches_the_pattern_and_parses(kind: str) -> None:
    pattern, parser = PARSERS[kind]
    for word in ACCEPTED[kind]:
        for variant in _case_variants(word):
            assert re.search(pattern, variant), (kind, variant)
            assert _parses(parser, variant), (kind, variant)


@pytest.mark.parametrize("kind", sorted(PARSERS))
def test_rejected_spellings_fail_the_pattern_and_the_parser(kind: str) -> None:
    pattern, parser = PARSERS[kind]
    for text in REJECTED:
        if text.lower() in {w.lower() for w in ACCEPTED[kind]}:
            continue  # "H" is a contract and an action, not a card
        assert not re.search(pattern, text), (kind, text)
        assert not _parses(parser, text), (kind, text)


@pytest.mark.parametrize("kind", sorted(PARSERS))
def test_pattern_and_parser_agree_on_every_short_ascii_string(kind: str) -> None:
    """Every string of 1 to 3 letters and digits: matched by the pattern exactly when the parser reads it."""
    pattern, parser = PARSERS[kind]
    compiled = re.compile(pattern)
    alphabet = string.ascii_letters + string.digits
    for n in (1, 2, 3):
        for chars in itertools.product(alphabet, repeat=n):
            text = "".join(chars)
            assert bool(compiled.search(text)) == _parses(parser, text), (kind, text)
    for word in ACCEPTED[kind]:  # the long names too, and one letter off each
        assert bool(compiled.search(word)) and _parses(parser, word)
        assert not compiled.search(word + "x") and not _parses(parser, word + "x")


def test_the_server_refuses_what_only_the_lenient_parser_reads() -> None:
    """Card.parse strips spaces and upper-cases Unicode (``ſa`` is SA); the HTTP API takes only the pattern's
    spellings, so the schema and the server agree (422 naming the field)."""
    assert _parses(Card.parse, " H10 ") and _parses(Card.parse, "ſa")
    for card in (" H10", "H10 ", "ſa"):
        r = CLIENT.post("/api/v1/rules/card-points", json={"contract": "H", "cards": [card]})
        assert r.status_code == 422, r.text
        assert r.json()["detail"][0]["loc"] == ["body", "cards", 0]
        assert r.json()["detail"][0]["type"] == "string_pattern_mismatch"
    r = CLIENT.post("/api/v1/rules/card-points", json={"contract": "rOsEn", "cards": ["ht", "hA", "D10"]})
    assert r.status_code == 200 and r.json()["points"] == 10 + 11 + 10


def test_the_document_carries_the_generated_patterns() -> None:
    legal = SCHEMAS["RulesLegalMovesRequest"]["properties"]
    assert legal["contract"]["pattern"] == CONTRACT_PATTERN
    assert legal["hand"]["items"]["pattern"] == CARD_PATTERN
    assert SCHEMAS["ActionBody"]["properties"]["action"]["pattern"] == ACTION_PATTERN
    why = DOC["paths"]["/api/v1/games/{game_id}/why"]["get"]["parameters"]
    assert next(p for p in why if p["name"] == "card")["schema"]["pattern"] == CARD_PATTERN


# ----- integers -----


@pytest.mark.parametrize(
    ("path", "body", "field"),
    [
        ("/api/v1/rules/chalk", {"value": "V"}, "value"),
        ("/api/v1/tools/chalk", {"values": ["V"]}, "values"),
        ("/api/v1/rules/crossing", {"before": ["V", 0], "blocks": {}}, "before"),
        ("/api/v1/tools/differenzler", {"add": {"predicted": ["V", 0, 0, 0], "actual": [0, 0, 0, 0]}}, "add"),
    ],
)
def test_an_integral_float_is_the_integer_and_nothing_else_is(path: str, body: dict[str, Any], field: str) -> None:
    """JSON Schema counts 611226.0 as an integer: so does the server; 3.5, true and "3" stay 422."""

    def with_value(v: Any) -> dict[str, Any]:
        return json.loads(json.dumps(body).replace('"V"', json.dumps(v)))

    whole = CLIENT.post(path, json=with_value(57.0))
    assert whole.status_code == 200, whole.text
    assert whole.json() == CLIENT.post(path, json=with_value(57)).json()
    for bad in (57.5, True, "57"):
        r = CLIENT.post(path, json=with_value(bad))
        assert r.status_code == 422, (bad, r.text)
        assert r.json()["detail"][0]["loc"][:2] == ["body", field]


def test_no_bound_is_left_untranslated_and_no_bound_is_a_float() -> None:
    """``ge``/``le`` in the document would be a bound pydantic could not turn into minimum/maximum (a bound
    placed after a validator): the checkers would ignore it. Integer bounds are exact integers."""

    def walk(node: Any, where: str) -> None:
        if isinstance(node, dict):
            assert not {"ge", "le", "gt", "lt"} & set(node), where
            if node.get("type") == "integer":
                for key in ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"):
                    assert not isinstance(node.get(key), float), (where, key)
            for k, v in node.items():
                walk(v, f"{where}/{k}")
        elif isinstance(node, list):
            for i, v in enumerate(node):
                walk(v, f"{where}/{i}")

    walk(DOC, "")
    seed = SCHEMAS["SchieberGame"]["properties"]["seed"]["anyOf"][0]
    assert seed["maximum"] == SEED_MAX == 2**63 - 1
    assert '"maximum": 9223372036854775807' in json.dumps(DOC)


# ----- profiles -----


def test_profile_names_and_options_come_from_puur_profile() -> None:
    spec = SCHEMAS["RulesBody"]["properties"]["profile"]["anyOf"]
    assert spec[0]["enum"] == list(PRESETS)
    options = SCHEMAS["ProfileOverrides"]["properties"]
    fields = {f.name for f in dataclasses.fields(RuleProfile)} - {"name"}
    assert set(options) == fields | {"preset"}
    for name, allowed in CHOICES.items():
        assert options[name]["enum"] == list(allowed), name
    assert options["multipliers"]["anyOf"][0]["enum"] == list(MULTIPLIER_TABLES)
    assert SCHEMAS["ProfileOverrides"]["additionalProperties"] is False


@pytest.mark.parametrize(
    "profile",
    ["jasvel", {"preset": "classic", "multipliers": {"C": 1, "D": 2, "H": 1, "S": 2, "O": 3, "U": 4}},
     {"preset": "schieber", "undertrump_ban_when_partner_leads": None, "target": 1000.0},
     {"schneider": {"below_fraction": 0.5, "counts_games": 2}, "targets_offered": [1000, 2500]}],
)  # fmt: skip
def test_a_profile_the_schema_allows_is_taken(profile: Any) -> None:
    r = CLIENT.post("/api/v1/table/rules", json={"profile": profile})
    assert r.status_code == 200, r.text
    if isinstance(profile, dict):
        expected = RuleProfile.resolve(json.loads(json.dumps(profile).replace("1000.0", "1000")))
        assert r.json()["profile"] == expected.to_dict()


@pytest.mark.parametrize(
    ("profile", "error"),
    [("Schieber", "literal_error"), (" schieber", "literal_error"), ({"stoeck": "sometimes"}, "literal_error"),
     ({"preset": "jasvel", "colour": "red"}, "extra_forbidden"), ({"must_overtrump": 1}, "bool_type"),
     ({"multipliers": {"C": 1}}, "missing"), ({"target": 99}, "greater_than_equal"), ({"version": 2}, "literal_error")],
)  # fmt: skip
def test_a_profile_outside_the_schema_is_422(profile: Any, error: str) -> None:
    r = CLIENT.post("/api/v1/table/rules", json={"profile": profile})
    assert r.status_code == 422, r.text
    assert error in {d["type"] for d in r.json()["detail"]}, r.text


# ----- the players a server offers, the cards of a list -----


def _seat_item_schemas(doc: dict[str, Any]) -> list[dict[str, Any]]:
    return [doc["components"]["schemas"][form]["properties"]["seats"]["items"]
            for form in ("SchieberGame", "CoiffeurGame", "DifferenzlerGame")]


def test_the_seats_schema_names_the_players_this_server_offers(tmp_path: Any) -> None:
    """Each server's document states its own players: an operator's ``--allow-player`` name is a seat the
    schema allows and the server takes; a name no server offers fails both (no 422 the document hides)."""
    from jsonschema import Draft202012Validator

    from puur.server.policy import PlayerPolicy, ServerSettings

    settings = ServerSettings(players=PlayerPolicy.from_options(["quick=random:seed=5"]))
    with TestClient(create_app(db_path=str(tmp_path / "g.sqlite3"), settings=settings)) as c:
        doc = c.get("/api/v1/openapi.json").json()
        for spec, offered in (("quick", True), ("mcts:level=easy,seed=3", True), ("mcts:time=0.25", True),
                              ("slow", False), ("quick:seed=1", False), ("mcts:time=0.125", False),
                              ("mcts:seed=007", False), ("os:system", False), ("HUMAN", False), (" random", False)):
            assert all(Draft202012Validator(s).is_valid(spec) == offered for s in _seat_item_schemas(doc)), spec
            r = c.post("/api/v1/games", json={"seats": ["human", spec, "random", "random"]})
            assert (r.status_code == 201) == offered, (spec, r.text)
    plain = CLIENT.get("/api/v1/openapi.json").json()  # a server without operator players does not offer quick
    assert not any(Draft202012Validator(s).is_valid("quick") for s in _seat_item_schemas(plain))


def test_no_card_twice_in_any_spelling_is_in_the_schema() -> None:
    """A list of cards the parsers refuse for a card written twice (``H10`` and ``ht``) is one the document
    refuses too; the same cards once each pass both."""
    from jsonschema import Draft202012Validator

    cards = DOC["paths"]["/api/v1/rules/card-points"]["post"]["requestBody"]["content"]["application/json"]["schema"]
    body = DOC["components"]["schemas"][cards["$ref"].rsplit("/", 1)[1]]
    validator = Draft202012Validator(body["properties"]["cards"])
    for twice in (["H10", "ht"], ["sa", "SA"], ["HT", "hT"], ["c6", "D7", "C6"]):
        assert not validator.is_valid(twice), twice
        r = CLIENT.post("/api/v1/rules/card-points", json={"contract": "H", "cards": twice})
        assert r.status_code == 422 and "twice" in r.text, r.text
    assert validator.is_valid(["H10", "hj", "st", "CA"])
    assert CLIENT.post("/api/v1/rules/card-points", json={"contract": "H", "cards": ["H10", "hj", "st", "CA"]}).json()["ok"]
