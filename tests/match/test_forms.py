"""Coiffeur and Differenzler as game forms (docs/forms.md): properties over many seeded games."""

from __future__ import annotations

import random
from dataclasses import fields

import pytest

from puur.bots import make_player
from puur.bots.runner import play_computers
from puur.core.cards import PUSH, Card, Contract
from puur.info.observation import Observation
from puur.match.forms import FORM_TYPES, FORMS, CoiffeurForm, ColumnChoice, FormView, Prediction, make_form
from puur.match.game import Game, IllegalAction


def random_game(form: str, seed: int, **kw: object) -> Game:
    g = Game("schieber", seed=seed, form=form, **kw)  # type: ignore[arg-type]
    rng = random.Random(seed)
    while not g.is_over:
        g.apply(rng.choice(g.legal_actions()))
    return g


def test_the_form_names_are_the_registrys() -> None:
    """The names schemas and the command line offer (``FormName``, ``FORMS``) are the Schieber and exactly the
    registered forms, and each makes its form."""
    assert ("schieber", *FORM_TYPES) == FORMS
    assert make_form("schieber") is None
    for name, kind in FORM_TYPES.items():
        assert isinstance(make_form(name), kind)


@pytest.mark.parametrize("method", ["A", "B"])
@pytest.mark.parametrize("opponents_count", [True, False])
def test_coiffeur_every_column_once_per_team_and_sheet_sums(method: str, opponents_count: bool) -> None:
    """Each team plays every column once; a team's total is its boxes by the sheet's method and, where the
    opponents count (J27: the factor "applies to the complete round scores of both teams", the default),
    the tens of its own round in every column the other team chose, with that column's factor."""
    for seed in range(6):
        g = random_game("coiffeur", seed, columns=8,
                        form_settings={"method": method, "opponents_count": opponents_count})
        assert isinstance(g.form, CoiffeurForm)
        sheet, keys = g.form.sheet, g.form.keys
        assert len(g.rounds) == 16 and sheet.complete
        chosen: dict[int, list[str]] = {0: [], 1: []}
        for entry in g.record()["rounds"]:
            for item in entry["actions"].split():
                seat, _, act = item.partition(":")
                if act.startswith("column:"):
                    chosen[int(seat) & 1].append(act[len("column:"):].split("=")[0])
        assert sorted(chosen[0]) == sorted(keys) and sorted(chosen[1]) == sorted(keys)
        totals = [0, 0]
        for rr in g.rounds:
            team, factor = rr.score["team"], rr.score["factor"]
            points = rr.score["raw"][team]
            box = points // 10 if method == "A" else points * factor // 10
            assert rr.score["box"] == box and sheet.boxes[team][keys.index(rr.score["column"])] == box
            totals[team] += box * factor if method == "A" else box
            other = rr.score["raw"][1 - team]
            opp = other // 10 if method == "A" else other * factor // 10
            assert sheet.opponents[1 - team][keys.index(rr.score["column"])] == opp
            if opponents_count:
                totals[1 - team] += opp * factor if method == "A" else opp
                assert rr.score["opponents_box"] == opp
        assert list(sheet.totals()) == totals == g.scores == g.result()["scores"]  # type: ignore[index]
        assert g.winner == (None if totals[0] == totals[1] else int(totals[1] > totals[0]))
        assert Game.from_record(g.record()).record() == g.record()


def test_ten_column_sheet_plays_slalom_and_guschti() -> None:
    for seed in range(3):
        g = random_game("coiffeur", seed, columns=10)
        assert isinstance(g.form, CoiffeurForm) and len(g.rounds) == 20 and g.form.sheet.complete
        played = {(rr.score["team"], rr.score["column"]): rr.contract.name for rr in g.rounds}
        for team in (0, 1):
            assert played[team, "slalom"] in ("SLO", "SLU") and played[team, "guschti"] in ("GUO", "GUU")
        assert [c["factor"] for c in g.observation(0).form.sheet["columns"]] == list(range(1, 11))  # type: ignore[union-attr]
        assert Game.from_record(g.record()).record() == g.record()


def test_coiffeur_column_refusals_change_nothing() -> None:
    g = Game("schieber", seed=11, form="coiffeur")
    seat = g.current_seat
    legal = g.legal_actions()
    assert PUSH in legal and ColumnChoice("obenabe") in legal and ColumnChoice("joker1", Contract.H) in legal
    assert ColumnChoice("joker1") not in legal and len(legal) == 1 + 6 + 2 * 6
    before = g.record()
    for bad in ("H", "column:nowhere", "column:joker1", "column:rosen=O", "predict:50", "H6"):
        with pytest.raises(IllegalAction):
            g.apply(bad)
        assert g.record() == before and g.current_seat == seat
    g.apply("column:rosen")
    # play the round out; the same team may not play Rosen again when it chooses next
    rng = random.Random(1)
    while len(g.rounds) < 2:
        g.apply(rng.choice(g.legal_actions()))
    team0 = g.rounds[0].score["team"]
    assert g.current_seat is not None and g.current_seat & 1 == team0
    with pytest.raises(IllegalAction, match="already played"):
        g.apply("column:H")


def test_coiffeur_jokers_do_not_repeat_when_the_table_says_so() -> None:
    for seed in range(4):
        g = random_game("coiffeur", seed, form_settings={"joker_may_repeat": False})
        jokers: dict[int, list[Contract]] = {0: [], 1: []}
        for rr in g.rounds:
            if rr.score["column"].startswith("joker"):
                jokers[rr.score["team"]].append(rr.contract)
        assert all(len(j) == 2 and j[0] != j[1] for j in jokers.values())


def test_differenzler_covered_predictions_are_hidden_until_the_round_ends() -> None:
    """``predictions: covered`` (the "verdeckter Differenzler"): another seat's running prediction is in no
    observation; the only other field that could hold one, ``announced``, is null."""
    names = {f.name for f in fields(FormView)} | {f.name for f in fields(Observation)}
    assert {n for n in names if "predict" in n or n == "announced"} == {"own_prediction", "predicted", "announced"}
    for seed in range(6):
        g = Game("schieber", seed=seed, form="differenzler", rounds=2, form_settings={"predictions": "covered"})
        rng = random.Random(seed)
        while not g.is_over:
            seat = g.current_seat
            assert seat is not None
            if g.observation(seat).phase == "predict":
                # two worlds that differ only in this seat's prediction look the same to every other seat
                other = Game.from_record(g.record())
                a, b = rng.randrange(158), rng.randrange(158)
                g.apply(Prediction(a))
                other.apply(f"predict:{b}")
                round_no = len(g.rounds)
                while len(g.rounds) == round_no:
                    for t in range(4):
                        if t != seat:
                            assert g.observation(t) == other.observation(t)
                            assert g.observation(t).form.announced is None  # type: ignore[union-attr]
                    assert g.observation(seat).form.own_prediction == a  # type: ignore[union-attr]
                    act = rng.choice(g.legal_actions())
                    if g.observation(g.current_seat).phase == "predict":  # type: ignore[arg-type]
                        g.apply(act)
                        other.apply(act)
                        continue
                    g.apply(act)
                    other.apply(act)
                assert g.rounds[-1].score["predicted"][seat] == a
                # once the round is over, everybody sees every prediction of it
                assert any(a == r["predicted"][seat] for r in g.observation((seat + 1) % 4).form.sheet["rounds"])  # type: ignore[union-attr]
                break
            g.apply(rng.choice(g.legal_actions()))


def test_differenzler_scores_and_replay() -> None:
    for seed in range(12):
        rounds = 4 if seed % 2 else 8
        contract = "turned_up" if seed % 3 else "rotate"
        g = random_game("differenzler", seed, rounds=rounds, form_settings={"contract": contract})
        assert len(g.rounds) == rounds
        totals = [0, 0, 0, 0]
        for i, rr in enumerate(g.rounds):
            assert sum(rr.score["taken"]) in (157, 257)  # a match adds its 100 (page 28, match_bonus)
            pen = [abs(p - t) for p, t in zip(rr.score["predicted"], rr.score["taken"], strict=True)]
            assert rr.score["penalties"] == pen
            totals = [a + b for a, b in zip(totals, pen, strict=True)]
            if contract == "turned_up":
                turned = Card.parse(rr.score["turned_up"])
                assert int(rr.contract) == int(turned.suit) and g.deals[i][rr.dealer] >> int(turned) & 1
            else:
                assert int(rr.contract) == i % 6
        result = g.result()
        assert result is not None and result["penalties"] == totals
        assert result["winners"] == [s for s in range(4) if totals[s] == min(totals)]
        assert Game.from_record(g.record()).record() == g.record()


def test_differenzler_threshold_ends_the_game_early() -> None:
    """The setting ``threshold``: the game ends after the round in which a penalty total reaches it (TOOLS.md
    §3.1 [DECISION]); recorded, and replayed from the record."""
    for seed in range(4):
        g = random_game("differenzler", seed, rounds=20, form_settings={"threshold": 60})
        totals = g.result()["penalties"]  # type: ignore[index]
        assert max(totals) >= 60 and len(g.rounds) < 20
        assert max(g.rounds[-2].score["penalty_totals"]) < 60 if len(g.rounds) > 1 else True
        assert g.result()["reason"] == "threshold_reached"  # type: ignore[index]
        assert g.record()["form"]["threshold"] == 60
        assert Game.from_record(g.record()).record() == g.record()
    g = random_game("differenzler", 1, rounds=2)
    assert g.result()["reason"] == "rounds_played" and "threshold" not in g.record()["form"]  # type: ignore[index]
    for bad in (0, -5, 10**6, True, "60"):
        with pytest.raises(ValueError, match="threshold"):
            Game("schieber", seed=1, form="differenzler", form_settings={"threshold": bad})


def test_form_observations_round_trip_and_bad_settings() -> None:
    for form in ("coiffeur", "differenzler"):
        g = Game("schieber", seed=2, form=form)
        for _ in range(20):
            for s in range(4):
                obs = g.observation(s)
                assert Observation.from_dict(obs.to_dict()) == obs
            g.apply(g.legal_actions()[-1])
    for kw in ({"form": "jass"}, {"form": "coiffeur", "columns": 9}, {"form": "differenzler", "rounds": 0},
               {"form": "coiffeur", "rounds": 4}, {"form": "differenzler", "form_settings": {"contract": "x"}},
               {"form": "coiffeur", "form_settings": {"factors": [1, 2]}}):
        with pytest.raises(ValueError):
            Game("schieber", seed=1, **kw)  # type: ignore[arg-type]
    assert "form" not in Game("schieber", seed=1).observation(0).to_dict()


def test_computers_play_both_forms() -> None:
    for form in ("coiffeur", "differenzler"):
        g = Game("schieber", seed=4, form=form, rounds=1 if form == "differenzler" else None)
        players = {s: make_player("heuristic") for s in (1, 3)} | {
            s: make_player("mcts:iters=4,citers=16,endgame=0", seed=s) for s in (0, 2)
        }
        play_computers(g, players, max_moves=80 if form == "coiffeur" else None)
        assert g.is_over or form == "coiffeur"
        assert Game.from_record(g.record()).record() == g.record()


def test_arena_and_play_take_the_form(capsys: pytest.CaptureFixture[str]) -> None:
    import json

    from puur.cli import main

    assert main(["arena", "--form", "differenzler", "--a", "random", "--b", "heuristic", "--deals", "2", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["rounds"] == 2 and out["a_penalty"]["mean"] >= 0
    assert main(["arena", "--form", "coiffeur", "--a", "nobody", "--b", "heuristic", "--deals", "1"]) == 2


def test_terminal_plays_a_differenzler_round() -> None:
    from io import StringIO

    from rich.console import Console

    from puur.cli.terminal import TerminalGame

    out = StringIO()
    answers = iter(["x", "999", "57"] + ["1"] * 20)
    game = Game("schieber", seed=5, form="differenzler", rounds=1)
    players = {s: make_player("heuristic") for s in (1, 2, 3)}
    assert TerminalGame(game, players, Console(file=out, width=120), lambda _: next(answers)).run() == 0
    text = out.getvalue()
    assert "type a number from 0 to 257" in text and "with the lowest total" in text  # a match counts (page 28)
    assert game.rounds[0].score["predicted"][0] == 57


def test_terminal_takes_the_form_settings_and_announces_predictions() -> None:
    """``puur play --setting KEY=VALUE``: the form's settings; under open predictions (the default) the
    computers' predictions are printed as made, under covered ones only that they were made."""
    from io import StringIO

    from rich.console import Console

    from puur.cli.terminal import TerminalGame, form_settings

    assert form_settings(["predictions=covered", "threshold=400", "factors=[1,2]", "match_bonus=false"]) == {
        "predictions": "covered", "threshold": 400, "factors": [1, 2], "match_bonus": False}
    with pytest.raises(ValueError, match="KEY=VALUE"):
        form_settings(["covered"])
    for rule, shown in (("open", True), ("covered", False)):
        out = StringIO()
        answers = iter(["57"] + ["1"] * 20)
        game = Game("schieber", seed=5, form="differenzler", rounds=1, form_settings={"predictions": rule})
        players = {s: make_player("heuristic") for s in (1, 2, 3)}
        read = answers.__next__
        assert TerminalGame(game, players, Console(file=out, width=120), lambda _, read=read: read()).run() == 0
        lines = [ln for ln in out.getvalue().splitlines() if ": predicted" in ln]
        assert len(lines) == 4 and all(ln.strip()[-1].isdigit() == shown for ln in lines if "You" not in ln)
