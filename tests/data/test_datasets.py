"""The open datasets: one envelope each, values that agree with the rules core, and the export."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from typing import Any

import pytest

from puur.core.cards import BASE_CONTRACTS, Card, Contract
from puur.core.profile import MULTIPLIER_TABLES, PRESETS
from puur.core.rules.tables import card_points_table
from puur.core.rules.weis import QUARTET_VALUES, SEQUENCE_VALUES
from puur.data import DATASET_NAMES, dataset, export, index, status
from puur.data.envelope import ENVELOPE_KEYS
from puur.data.glossary import GLOSSARY
from puur.oracle import evaluate

JASVEL_KEYS = {"e", "r", "s", "i", "top", "bottom"}


def _all_keys(obj: Any) -> set[str]:
    keys: set[str] = set()
    if isinstance(obj, dict):
        for k, v in obj.items():
            keys.add(k)
            keys |= _all_keys(v)
    elif isinstance(obj, list):
        for v in obj:
            keys |= _all_keys(v)
    return keys


def test_the_seven_datasets() -> None:
    assert DATASET_NAMES == (
        "card-values.json", "weis.json", "contracts.json", "scoring.json", "glossary.json", "profiles.json",
        "puur.json",
    )  # fmt: skip


@pytest.mark.parametrize("name", DATASET_NAMES)
def test_envelope(name: str) -> None:
    d = dataset(name)
    assert tuple(d) == ENVELOPE_KEYS
    assert d["dataset"] == name and d["url"] == f"/api/v1/{name}"
    assert d["publisher"]["name"] == "Puur"
    assert d["licence"]["id"] == "CC-BY-4.0" and "creativecommons.org/licenses/by/4.0" in d["licence"]["url"]
    keys = {c["key"] for c in d["checked_against"]}
    assert {"S000", "S001", "S004", "J", "pinned"} <= keys
    assert d["does_not_answer"] and all(isinstance(x, str) for x in d["does_not_answer"])
    assert d["deliberately_absent"] and all(isinstance(x, str) for x in d["deliberately_absent"])
    assert d["description"] and d["generated_from"]
    json.dumps(d)  # JSON-able


@pytest.mark.parametrize("name", DATASET_NAMES)
def test_codes_are_puur_codes_never_jasvel_keys(name: str) -> None:
    assert not (_all_keys(dataset(name)) & JASVEL_KEYS)


def test_card_values_agree_with_the_core() -> None:
    data = dataset("card-values.json")["data"]
    by_rank = {row["rank"]: row for row in data["points"]}
    assert by_rank["J"]["trump"] == 20 and by_rank["J"]["plain"] == 2
    assert by_rank["9"]["trump"] == 14 and by_rank["9"]["plain"] == 0
    assert by_rank["8"]["obenabe"] == 8 and by_rank["6"]["undenufe"] == 11 and by_rank["A"]["undenufe"] == 0
    assert by_rank["A"]["undenufe_classic"] == 11
    for contract in BASE_CONTRACTS:  # Slalom, Guschti count as each trick's direction (contracts.json)
        table = card_points_table(contract)
        for card in Card:
            col = (
                ("trump" if card.suit == int(contract) else "plain")
                if contract.is_trump
                else ("obenabe" if contract == Contract.O else "undenufe")
            )
            assert by_rank[str(card)[1:]][col] == table[card]
    t = data["totals"]
    assert t["trump_column"] == 62 and t["plain_column"] == 30 and t["obenabe_column"] == 38
    assert set(t["pack_per_contract"].values()) == {152}
    assert (t["pack"], t["round"], t["match"]) == (152, 157, 257)
    s = data["strength_order"]
    assert s["trump"] == ["J", "9", "A", "K", "Q", "10", "8", "7", "6"]
    assert s["ordinary"] == ["A", "K", "Q", "J", "10", "9", "8", "7", "6"]
    assert s["inverted"] == list(reversed(s["ordinary"]))
    assert [sx["code"] for sx in data["suits"]] == ["C", "D", "H", "S"]


def test_weis_values_agree_with_the_core() -> None:
    data = dataset("weis.json")["data"]
    for values in ("small", "extended"):
        assert {int(k): v for k, v in data["values"][values]["sequences"].items()} == SEQUENCE_VALUES[values]
        quartets = data["values"][values]["quartets"]
        assert [quartets[r] or 0 for r in ("6", "7", "8", "9", "10", "J", "Q", "K", "A")] == list(
            QUARTET_VALUES[values]
        )
    ext = data["values"]["extended"]
    assert ext["quartets"]["J"] == 200 and ext["quartets"]["9"] == 150 and ext["quartets"]["6"] is None
    assert data["values"]["small"]["quartets"]["9"] is None
    assert data["stoeck"]["points"] == 20 and data["stoeck"]["is_weis"] is False
    assert len(data["most_often_wrong"]) == 5
    assert all(e["ok"] for e in data["examples"])
    assert data["examples"][0]["points"] == 120  # four aces 100 + D6 D7 D8 20


def test_weis_overlap_and_split_say_what_the_engine_does() -> None:
    # RULES §9.3 (corrected): the best disjoint choice; a shared run and quartet never both written; S000 split
    o = dataset("weis.json")["data"]["overlap"]
    m = o["meaning"]
    assert m["disjoint"]["presets"] == [n for n, p in PRESETS.items() if p.weis_overlap == "disjoint"]
    assert m["sequence_and_quartet_may_share"]["presets"] == ["jasvel"]
    assert m["split_long_runs"]["presets"] == ["classic"]
    assert "never both written" in m["sequence_and_quartet_may_share"]["rule"]
    assert "J25" in m["sequence_and_quartet_may_share"]["source"] and "S000" in m["split_long_runs"]["source"]
    assert [e["points"] for e in o["examples"]] == [150, 150, 120]
    assert [len(e["melds"]) for e in o["examples"]] == [1, 1, 2]


def test_contracts_every_table_none_correct() -> None:
    data = dataset("contracts.json")["data"]
    assert [c["code"] for c in data["contracts"]] == ["C", "D", "H", "S", "O", "U"]
    tables = {t["name"]: t for t in data["multiplier_tables"]}
    assert set(tables) == set(MULTIPLIER_TABLES)
    for name, t in tables.items():
        assert t["factors"] == MULTIPLIER_TABLES[name]
        assert t["published_by"]
        assert t["marked_correct"] is False
    assert data["correct_table"] is None
    assert tables["common"]["factors"]["O"] == 3 and tables["common"]["factors"]["U"] == 4
    assert tables["both3"]["factors"]["U"] == 3
    assert tables["ascending"]["factors"] == {"C": 1, "H": 2, "D": 3, "S": 4, "O": 5, "U": 6}
    for c in data["contracts"]:
        assert c["stoeck"] == (c["code"] in "CDHS")


def test_scoring_worked_example_680_and_the_470_error() -> None:
    data = dataset("scoring.json")["data"]
    ex = data["order_of_operations"]["worked_example"]
    assert (ex["tricks"], ex["weis"], ex["stoeck"], ex["factor"]) == (100, 50, 20, 4)
    assert ex["written"] == 680 and ex["common_error"] == 470
    again = evaluate({k: v for k, v in ex["oracle"].items() if k == "op"} | {
        "profile": ex["profile"], "contract": ex["contract"], "card_points": [95, 57], "tricks": [5, 4],
        "last_trick": 0, "weis": [50, 0], "stoeck": [20, 0],
    })  # fmt: skip
    assert again["written"][0] == 680
    for e in data["jasstafel"]["examples"]:
        m = e["marks"]
        value = 1000 * m["x"] + 500 * m["v"] + 100 * m["hundreds"] + 50 * m["fifties"] + 20 * m["twenties"]
        assert value + m["remainder"] == e["value"]
    assert [b["box"] for b in data["coiffeur"]["box_examples"][:1]] == [12]
    assert any(b == {"points": 257, "box": 25} for b in data["coiffeur"]["box_examples"])
    assert [c["factor"] for c in data["coiffeur"]["standard_sheet"]] == list(range(1, 9))
    assert data["coiffeur"]["factor_methods"]["example"] == {"points": 129, "factor": 2, "A": 24, "B": 25}
    winners = [e["winner"] for e in data["crossing"]["examples"]]
    assert winners == [1, 0]  # Stöck first (schieber) vs Weis first (jasvel)
    assert "157" in data["differenzler"]["actual"]


def test_glossary_three_languages_with_sources() -> None:
    data = dataset("glossary.json")["data"]
    terms = data["terms"]
    assert terms == GLOSSARY
    names = {t["term"] for t in terms}
    for needed in (
        "Puur",
        "Nell",
        "Stöck",
        "Weis",
        "Schieben",
        "Obenabe",
        "Undenufe",
        "Jasstafel",
        "Coiffeur",
        "Differenzler",
        "Farbzwang",
        "Untertrumpfen",
        "Banner",
        "Bock",
        "Jassgrenze",
        "Match",
    ):
        assert needed in names
    for t in terms:
        assert set(t["names"]) == {"de", "en", "fr"} and all(t["names"].values())
        assert set(t["definition"]) == {"de", "en", "fr"} and all(t["definition"].values())
        assert t["sources"]
    by = {t["term"]: t for t in terms}
    assert by["Schieben"]["names"]["fr"] == "chibrer" and by["Weis"]["names"]["fr"] == "annonces"
    # numbers the glossary states agree with the core
    assert "20" in by["Puur"]["definition"]["en"] and card_points_table(Contract.H)[Card.HJ] == 20
    assert "14" in by["Nell"]["definition"]["en"] and card_points_table(Contract.H)[Card.H9] == 14
    assert "62" in by["Trumpf"]["definition"]["en"] and "152" in by["Trumpf"]["definition"]["en"]
    assert "257" in by["Match"]["definition"]["en"]


UNATTESTED = {  # names no source gives (French card words and suits; chibre, chibrer, annonces)
    "Schieber": ("fr", "chibre"), "Schieben": ("fr", "chibrer"), "Weis": ("fr", "annonces"),
    "Eicheln": ("fr", "glands"), "Schellen": ("fr", "grelots"), "Schilten": ("fr", "écus"),
    "Trumpf": ("fr", "atout"), "Stich": ("fr", "pli"), "Vorhand": ("de", "Vorhand"),
}  # fmt: skip


def test_glossary_marks_what_no_source_gives() -> None:
    by = {t["term"]: t for t in GLOSSARY}
    for term, (lang, word) in UNATTESTED.items():
        assert word in by[term]["unattested"][lang], term
    for t in GLOSSARY:
        for lang, words in t.get("unattested", {}).items():
            assert lang in ("de", "en", "fr") and words
            assert all(w.lower() in t["names"][lang].lower() for w in words), t["term"]
    # S004 says Ecken and Schaufel: the German text never says Karo or Pik
    text = json.dumps(GLOSSARY, ensure_ascii=False)
    assert "Karo" not in text and "Pik" not in text


def _seed_words() -> set[str] | None:
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    for seeds in (root / "shared" / "seeds", root.parent / "shared" / "seeds"):
        if seeds.is_dir():
            text = " ".join(p.read_text() for p in seeds.rglob("*.txt")).lower()
            return set(re.findall(r"[a-zà-ÿœ]+", text))
    return None


def test_every_unmarked_name_is_in_the_sources() -> None:
    words = _seed_words()
    if words is None:
        pytest.skip("the source documents (shared/seeds) are not in this checkout")
    for t in GLOSSARY:
        for lang, name in t["names"].items():
            rest = name
            for marked in t.get("unattested", {}).get(lang, []):
                rest = re.sub(re.escape(marked), " ", rest, flags=re.IGNORECASE)
            missing = [
                w for w in re.findall(r"[a-zà-ÿœ]+", rest.lower())
                if w not in words and not (len(w) > 6 and any(x.startswith(w) for x in words))  # Multiplikatoren
            ]  # fmt: skip
            assert not missing, (t["term"], lang, name, missing)


def test_glossary_definitions_say_what_their_sources_say() -> None:
    by = {t["term"]: t["definition"] for t in GLOSSARY}
    # Schneider: S000 two games, S001 named without a value (one game); half the target is Puur's
    assert "two games" in by["Schneider"]["en"] and "no value" in by["Schneider"]["en"]
    assert "1500" in by["Schneider"]["de"] and "1500" in by["Schneider"]["fr"]
    # Slalom: the opening direction is agreed (J30)
    assert all("J30" in by["Slalom"][lang] for lang in ("en", "de", "fr"))
    assert "agrees" in by["Slalom"]["en"] and "vereinbart" in by["Slalom"]["de"]
    # Puur: J04 (never forced) against J08 (must be played on a trump lead when it is the last trump)
    for lang in ("en", "de", "fr"):
        assert "J04" in by["Puur"][lang] and "J08" in by["Puur"][lang], lang
        assert "J08" in by["Untertrumpfen"][lang], lang
    assert "cannot overtrump" in by["Untertrumpfen"]["en"]
    assert "sept" in by["Vorhand"]["fr"] and "Jasvel" in by["Vorhand"]["fr"]
    assert "ihre Neun" in by["Trumpf"]["de"]


def test_profiles_equal_puur_rules_profiles() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "puur.cli", "rules", "profiles"], capture_output=True, text=True, check=True
    ).stdout
    data = dataset("profiles.json")["data"]
    assert data["presets"] == json.loads(out)
    opts = {o["name"]: o for o in data["options"]}
    assert set(opts) == set(PRESETS["schieber"].to_dict())
    for name, o in opts.items():
        if name not in ("targets_offered", "version"):
            assert o["doc"], name
        assert set(o["by_preset"]) == set(PRESETS)
    assert "S000" in opts["undenufe_values"]["doc"] and "modern" in opts["undenufe_values"]["values"]
    assert opts["crossing_priority"]["by_preset"]["jasvel"] == "weis_stoeck_tricks"
    assert opts["crossing_priority"]["disputed"] is True and opts["trick_block_tie"]["disputed"] is True
    assert opts["trick_block_tie"]["values"] == ["trick_by_trick", "higher_total"]
    assert opts["trick_block_tie"]["by_preset"]["jasvel"] == "higher_total"
    assert "disputed" in opts["trick_block_tie"]["doc"] and "J11" in opts["trick_block_tie"]["doc"]
    assert opts["schneider"]["by_preset"]["schweizer"] == {"below_fraction": 0.5, "counts_games": 1}
    assert opts["schneider"]["by_preset"]["classic"] == {"below_fraction": 0.5, "counts_games": 2}


def _examples(obj: Any) -> list[dict[str, Any]]:
    """Every oracle answer published anywhere in a dataset (an object with "ok" and "op")."""
    found: list[dict[str, Any]] = []
    if isinstance(obj, dict):
        if "ok" in obj and "op" in obj:
            found.append(obj)
        for v in obj.values():
            found += _examples(v)
    elif isinstance(obj, list):
        for v in obj:
            found += _examples(v)
    return found


@pytest.mark.parametrize("name", DATASET_NAMES)
def test_every_example_carries_its_request(name: str) -> None:
    for e in _examples(dataset(name)["data"]):
        req = e["request"]
        assert req["op"] == e["op"]
        again = evaluate(req)
        assert again == {k: v for k, v in e.items() if k != "request"}, req


def test_card_points_example_names_its_cards() -> None:
    ex = dataset("card-values.json")["data"]["examples"][0]
    assert ex["request"]["cards"] == ["HJ", "H9", "DJ", "D9"] and ex["points"] == 36


def test_scoring_crossing_per_game_end_and_the_disputed_tie() -> None:
    c = dataset("scoring.json")["data"]["crossing"]
    ends = c["by_game_end"]
    assert set(ends) == {"end_of_round", "live", "claim"}
    for end, part in ends.items():
        assert part["presets"] == [n for n, p in PRESETS.items() if p.game_end == end]
    assert "S001" in ends["live"]["source"] and "during the deal" in ends["live"]["rule"]
    assert "S000" in ends["claim"]["source"] and "during the deal" in ends["claim"]["rule"]
    assert "J11" in ends["end_of_round"]["source"] and "completed" in ends["end_of_round"]["rule"]
    tie = c["trick_block_tie"]
    assert tie["disputed"] is True
    assert tie["readings"]["higher_total"]["presets"] == ["jasvel"]
    assert "J11" in tie["readings"]["higher_total"]["source"]
    assert [e["winner"] for e in tie["examples"]] == [None, 1, 0]


def test_match_means_all_nine_tricks() -> None:
    # J11: "The word match describes the result of one round, not the end of the target game."
    text = "".join(json.dumps(dataset(name)["data"]) for name in DATASET_NAMES)
    for hit in re.finditer(r"\bmatch\b", text, re.IGNORECASE):
        around = text[max(0, hit.start() - 80): hit.end() + 80]
        assert "nine" in around or "257" in around or "all 9" in around or '"Match"' in around, around


def test_680_credits_j02_only_for_what_it_says() -> None:
    ex = dataset("scoring.json")["data"]["order_of_operations"]["worked_example"]
    assert ex["source"] == "J02 (Jasvel API page)"
    assert "680" in ex["source_says"] and "470" in ex["source_says"]
    assert {"contract", "profile"} <= set(ex["puur_choices"]["fields"])
    assert not set(ex["from_source"]) & set(ex["puur_choices"]["fields"])
    assert "Puur" in ex["puur_choices"]["note"]


def test_puur_json_says_what_it_does_not_do() -> None:
    data = dataset("puur.json")["data"]
    assert data["does"] and data["does_not"]
    assert any("multiplier" in x for x in data["does_not"])


def test_index_and_status() -> None:
    idx = index()
    assert [d["name"] for d in idx["datasets"]] == list(DATASET_NAMES)
    assert idx["openapi"] == "/api/v1/openapi.json"
    st = status()
    assert st["built_at"] and set(st["datasets"]) == set(DATASET_NAMES)


def test_export_writes_a_static_folder(tmp_path: Any) -> None:
    paths = export(tmp_path / "v1")
    names = sorted(p.name for p in paths)
    assert names == sorted([*DATASET_NAMES, "index.json", "status.json"])
    assert json.loads((tmp_path / "v1" / "weis.json").read_text()) == dataset("weis.json")


def test_cli_data_export(tmp_path: Any) -> None:
    from puur.cli import main

    assert main(["data", "export", str(tmp_path)]) == 0
    assert json.loads((tmp_path / "openapi.json").read_text())["openapi"].startswith("3.1")
    assert json.loads((tmp_path / "card-values.json").read_text())["publisher"]["name"] == "Puur"
