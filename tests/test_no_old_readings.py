"""After the rulings on the game forms (docs/forms.md, "Rulings"), no sentence in the repository states an old
reading: the words that marked each one are found nowhere in the code, the docs, the pages or the tests
(this file names them, and is left out)."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SEARCHED = ("puur", "docs", "tests", "README.md", "BENCHMARKS.md", "SECURITY.md")
SUFFIXES = {".py", ".md", ".js", ".html", ".c", ".h", ".pyi", ".json", ".txt"}

OLD_READINGS = {
    # 1: Slalom and Guschti hold 152 card points (J30)
    "152 holds for one direction only": "Slalom's card points",
    "108 to 196": "Slalom's card points",
    "(108..196)": "Slalom's card points",
    "a consequence of per-trick values": "Slalom's card points",
    "each trick counts in its own direction": "Slalom's card points",
    "not the 152 of the six contracts": "Slalom's card points",
    # 2: Coiffeur's opponents count (J27)
    "The opponents' points are not written": "Coiffeur's opponents",
    # 3: Differenzler predictions are announced (J28)
    "A prediction stays hidden until the round ends": "covered predictions as the only reading",
    # 4: Differenzler Weis and Stöck
    "the game form does not offer it yet": "Weis and Stöck in Differenzler",
    "Weis and Stöck do not count (the Differenzler tool's and page 23's default)": "what page 23 says",
    # 5: a threshold alone ends the game
    "still bounds it, up to 100": "the threshold's silent cap",
    # 6: one meaning for a joker that may not repeat
    "was already played, and your table does not let a joker repeat": "the tool's old joker meaning",
    "A joker may repeat a contract": "the tool's old joker meaning",
    # 7: Slalom and Guschti factors are Puur's choice
    "×10 continue the printed sequence and are a decision": "the extra factors",
    "a [DECISION] (the sources leave them to the table)": "the extra factors",
    # 8: the match counts 100 in Differenzler
    "unless `match_bonus: true` adds the 100": "Differenzler's match",
    "off by default as in the tool": "Differenzler's match",
    "the points (0 to 157) the player predicts": "the prediction range",
}


def _files() -> list[Path]:
    out: list[Path] = []
    for name in SEARCHED:
        path = ROOT / name
        if path.is_file():
            out.append(path)
        elif path.is_dir():
            out.extend(p for p in path.rglob("*") if p.is_file() and p.suffix in SUFFIXES)
    return [p for p in out if p.resolve() != Path(__file__).resolve()]


def test_no_sentence_states_an_old_reading() -> None:
    found = []
    for path in _files():
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue
        for words, ruling in OLD_READINGS.items():
            if words in text:
                found.append(f"{path.relative_to(ROOT)}: {words!r} ({ruling})")
    assert not found, "\n".join(found)
