"""The tool pages' translation tables (static/tools/i18n.js, issue 16): the same keys in en, de and fr, no
empty word, the same {placeholders} in each language, and every key the pages ask for is in the tables."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

TOOLS = Path(__file__).resolve().parents[2] / "puur" / "server" / "static" / "tools"
MARK = "\nconst TOOLS_TEXT = "


def tables() -> dict[str, dict[str, str]]:
    src = (TOOLS / "i18n.js").read_text(encoding="utf-8")
    start = src.index(MARK) + len(MARK)
    data: dict[str, dict[str, str]] = json.loads(src[start : src.rindex("}") + 1])
    return data


def test_three_languages_with_the_same_keys() -> None:
    t = tables()
    assert sorted(t) == ["de", "en", "fr"]
    assert set(t["de"]) == set(t["en"]) == set(t["fr"])


@pytest.mark.parametrize("lang", ["de", "fr"])
def test_same_placeholders_and_no_empty_word(lang: str) -> None:
    t = tables()
    for key, en in t["en"].items():
        word = t[lang][key]
        assert word.strip(), f"{lang}.{key} is empty"
        assert sorted(re.findall(r"\{(\w+)\}", word)) == sorted(re.findall(r"\{(\w+)\}", en)), f"{lang}.{key}"


def test_every_key_the_pages_use_is_in_the_tables() -> None:
    """Keys in data-i18n* attributes and in t("...")/tr("...") calls; dynamic keys (t("table_" + name)) are
    checked through their known suffixes."""
    keys = set(tables()["en"])
    used: set[str] = set()
    for f in TOOLS.glob("*.html"):
        used |= set(re.findall(r'data-i18n(?:-aria|-placeholder)?="(\w+)"', f.read_text(encoding="utf-8")))
    for f in TOOLS.glob("*.js"):
        if f.name == "i18n.js":
            continue
        used |= set(re.findall(r'\btr?\("(\w+)"', f.read_text(encoding="utf-8")))
    used |= {f"table_{k}" for k in ("common", "both3", "ascending", "classic", "online")}
    used |= {f"tool_{k}" for k in ("jasstafel", "weis", "trick", "coiffeur", "differenzler")}
    used |= {f"refusal_{k}" for k in ("not_in_hand", "follow_suit", "trump_led", "overtrump", "trump_only_when_void", "undertrump")}
    missing = sorted(k for k in used if k not in keys and not k.endswith("_"))
    assert not missing, missing


def test_refusal_words_cover_every_code_of_the_rules_core() -> None:
    from puur.rules.legal import REFUSAL_TEXTS

    keys = set(tables()["en"])
    assert {f"refusal_{c}" for c in REFUSAL_TEXTS} <= keys
