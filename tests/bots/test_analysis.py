"""Round review against perfect play (`puur.bots.analysis`, `puur analyse`)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from puur import Game, RuleProfile
from puur.bots import make_player
from puur.bots.analysis import review_record, review_round, solve_position
from puur.bots.runner import play_turn
from puur.bots.solver import solve
from puur.cli import main
from puur.core.round import RoundState
from puur.core.rules.tables import MATCH_BONUS
from puur.info.position import EXAMPLE as POSITION_EXAMPLE
from puur.info.position import parse_position


def heuristic_record(seed: int, rounds: int = 1) -> dict[str, Any]:
    """A match of four heuristic players, stopped after ``rounds`` rounds."""
    g = Game(RuleProfile.preset("schieber"), seed=seed)
    players = {s: make_player("heuristic") for s in range(4)}
    while len(g.round_states) <= rounds and not g.is_over:
        play_turn(g, players[g.current_seat])  # type: ignore[index]
    return g.record()


@pytest.mark.parametrize("seed", [2, 3])
def test_review_adds_up(seed: int) -> None:
    record = heuristic_record(seed)
    game = Game.from_record(record)
    rs = game.round_states[0]
    review = review_record(record, 1)
    assert len(review.plays) == 36
    # what was played: the round's card points with the last trick, and the match
    made = [rs.card_points[t] + (MATCH_BONUS if rs.tricks_won[t] == 9 else 0) for t in (0, 1)]
    assert review.played == tuple(made)
    # perfect play from the first card, as the solver says
    start = RoundState(rs.profile, rs.dealt, rs.dealer, rs.forehand)
    start.choose(rs.contract)  # type: ignore[arg-type]
    assert review.perfect == solve(start).points
    # each card starts where the one before ended; a best card costs nothing, any other costs points
    before = review.perfect
    for p in review.plays:
        assert p.before == before
        assert (p.cost == 0) == (p.card in p.best)
        assert p.cost >= 0
        assert sum(p.after) in (157, 257)
        assert p.after[1 - p.seat % 2] >= p.before[1 - p.seat % 2]  # a card never costs the other team
        before = p.after
    assert review.played == before
    if all(sum(p.before) == 157 for p in review.plays):  # no match in sight: what one loses the other wins
        assert review.played[0] == review.perfect[0] - review.given_away(0) + review.given_away(1)  # type: ignore[index]
    assert review.chooser == rs.chooser


def test_review_of_an_unfinished_round() -> None:
    record = heuristic_record(3)
    game = Game.from_record(record)
    rs = game.round_states[0]
    cards = rs.cards_played[:10]
    review = review_round(rs.profile, rs.dealt, rs.dealer, rs.forehand, rs.contract, cards)  # type: ignore[arg-type]
    assert len(review.plays) == 10 and review.played is None
    with pytest.raises(ValueError, match="not legal"):
        review_round(rs.profile, rs.dealt, rs.dealer, rs.forehand, rs.contract, [cards[0], cards[0]])  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="rounds 1 to"):
        review_record(record, 7)


def test_cli_analyse(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(heuristic_record(3)))
    assert main(["analyse", str(path), "--round", "1", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["contract"] == "D" and len(out["plays"]) == 36
    assert {"trick", "seat", "card", "best", "before", "after", "cost"} <= set(out["plays"][0])
    assert main(["analyse", str(path), "--round", "1"]) == 0
    text = capsys.readouterr().out
    assert "Perfect play from the first card" in text and "Given away" in text
    assert main(["analyse", str(path), "--round", "9"]) == 2
    assert "rounds 1 to" in capsys.readouterr().err
    (tmp_path / "bad.json").write_text("{")
    assert main(["analyse", str(tmp_path / "bad.json")]) == 2


def test_review_carries_each_position_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Each reviewed card comes with the position before it (docs/position-notation.md), which parses back
    to that moment of the round; the CLI prints them, whole, one a line."""
    record = heuristic_record(2)
    rs = Game.from_record(record).round_states[0]
    review = review_record(record, 1)
    for i, p in enumerate(review.plays):
        r = parse_position(p.position)
        assert (r.contract, r.pushed, r.chooser, r.to_act) == (rs.contract, rs.pushed, rs.chooser, p.seat)
        assert len(r.tricks) * 4 + len(r.trick) == i and r.dealt == rs.dealt
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    assert main(["analyse", str(path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line[line.index("puur1 ") :] for line in lines if "puur1 " in line] == [p.position for p in review.plays]


def test_cli_analyse_one_position(capsys: pytest.CaptureFixture[str]) -> None:
    """``puur analyse --position LINE``: the solver from that position, any trick; bad lines name the field."""
    assert main(["analyse", "--position", POSITION_EXAMPLE, "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out == {"position": POSITION_EXAMPLE, **solve_position(parse_position(POSITION_EXAMPLE))}
    assert main(["analyse", "--position", POSITION_EXAMPLE]) == 0
    text = capsys.readouterr().out
    assert text.splitlines()[0] == POSITION_EXAMPLE and "Perfect play from here: 29–128" in text
    assert main(["analyse", "--position", POSITION_EXAMPLE.replace("d2f3", "d2f9")]) == 2
    assert "position field seats" in capsys.readouterr().err
    assert main(["analyse"]) == 2 and "one of the two" in capsys.readouterr().err
