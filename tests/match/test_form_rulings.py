"""The game forms as the sources write them (docs/forms.md, "Rulings"): Coiffeur's opponents count (J27),
one meaning for a joker that may not repeat, Differenzler's open predictions, the match's 100, Weis and
Stöck, the threshold that alone ends a game, a contract rule with Obenabe and Undenufe (J28, J23); and the
games and records stored before each setting, which replay as they were played."""

from __future__ import annotations

import random

import pytest

from puur.core.round import IllegalAction
from puur.core.rules.weis import MOST_IN_A_HAND
from puur.match.forms import form_args, form_from_record
from puur.match.forms.coiffeur import CoiffeurForm
from puur.match.forms.differenzler import DifferenzlerForm
from puur.match.game import Game
from puur.tools.coiffeur import sheet_from


def _play(g: Game, seed: int) -> Game:
    rng = random.Random(seed)
    while not g.is_over:
        g.apply(rng.choice(g.legal_actions()))
    return g


# ----- Coiffeur -----


def test_coiffeur_counts_the_opponents_by_default() -> None:
    """J27: "A high factor can increase the successful team's score while also increasing the opposing
    team's score from the same round": by default the team that did not choose writes its round's tens on
    its own line, with the column's factor, into its total; ``opponents_count: false`` writes the boxes only."""
    g = _play(Game("schieber", seed=3, form="coiffeur"), 3)
    assert isinstance(g.form, CoiffeurForm) and g.form.opponents_count
    sheet = g.form.sheet.to_dict()
    assert sheet["opponents_count"] and all(b is not None for row in sheet["opponents"] for b in row)
    for t in (0, 1):
        own = sum(c for c in sheet["contributions"][t])
        opp = sum(c for c in sheet["opponents_contributions"][t])
        assert sheet["totals"][t] == own + opp and opp > 0
    first = g.rounds[0]
    team, factor = first.score["team"], first.score["factor"]
    assert first.written[1 - team] == first.score["raw"][1 - team] // 10 * factor
    boxes_only = _play(Game("schieber", seed=3, form="coiffeur", form_settings={"opponents_count": False}), 3)
    assert isinstance(boxes_only.form, CoiffeurForm)
    assert list(boxes_only.scores) == [sum(row) for row in boxes_only.form.sheet.to_dict()["contributions"]]


def test_the_coiffeur_tool_offers_the_opponents_line() -> None:
    """The scoresheet takes the opponents' line (``opponents``) and counts it by the same factor and method
    unless ``opponents_count`` is false."""
    sheet = sheet_from(None, [[12], []], None, "A", True, [[], [3]])
    assert sheet.totals() == (12, 3)  # Eicheln ×1: 12 for the choosers, 3 for their opponents
    two = sheet_from(None, [[12, None, 5], []], None, "B", True, [[], [3, None, 10]])
    assert two.totals() == (17, 13)
    assert sheet_from(None, [[12], []], None, "A", True, [[], [3]], opponents_count=False).totals() == (12, 0)


def test_api_coiffeur_tool_and_game_take_opponents_count(client: object) -> None:
    from fastapi.testclient import TestClient

    assert isinstance(client, TestClient)
    r = client.post("/api/v1/tools/coiffeur", json={"boxes": [[12], []], "opponents": [[], [3]]})
    assert r.status_code == 200 and r.json()["totals"] == [12, 3] and r.json()["opponents_count"] is True
    r = client.post("/api/v1/tools/coiffeur", json={"boxes": [[12], []], "opponents": [[], [3]], "opponents_count": False})
    assert r.status_code == 200 and r.json()["totals"] == [12, 0]
    r = client.post("/api/v1/games", json={"seats": ["human", "heuristic", "heuristic", "heuristic"], "form": "coiffeur",
                                           "form_settings": {"opponents_count": "yes"}})
    assert r.status_code == 422


def test_one_meaning_for_a_joker_that_may_not_repeat() -> None:
    """``joker_may_repeat: false`` means the same in the form, the tool and the API: a team's two jokers hold
    two different contracts (a joker may name a fixed column's contract). Every sheet the form fills under
    it draws no warning from the tool; two equal jokers do."""
    for seed in range(6):
        g = _play(Game("schieber", seed=seed, form="coiffeur", form_settings={"joker_may_repeat": False}), seed)
        assert isinstance(g.form, CoiffeurForm)
        d = g.form.sheet.to_dict()
        tool = sheet_from(d["columns"], d["boxes"], d["jokers"], "A", False)
        assert not [n for n in tool.notices() if n.code == "joker_repeat"], (seed, d["jokers"])
    same = sheet_from(None, [[1, 1, 1, 1, 1, 1, 1, 1], []], [[None] * 6 + ["H", "H"], []], "A", False)
    assert [n.code for n in same.notices()] == ["joker_repeat"]
    fixed = sheet_from(None, [[1, 1, 1, 1, 1, 1, 1, 1], []], [[None] * 6 + ["H", "O"], []], "A", False)
    assert not fixed.notices()


# ----- Differenzler -----


def test_predictions_are_announced_by_default() -> None:
    """Page 28 compares "the announced prediction" with the result: by default (``predictions: open``)
    every seat sees each prediction as it is made; under ``covered`` none but its own."""
    g = Game("schieber", seed=5, form="differenzler", rounds=1)
    assert isinstance(g.form, DifferenzlerForm) and g.form.settings()["predictions"] == "open"
    first = g.current_seat
    assert first is not None
    g.apply("predict:61")
    for seat in range(4):
        view = g.observation(seat).form
        assert view is not None and view.announced is not None and view.announced[first] == 61
    covered = Game("schieber", seed=5, form="differenzler", rounds=1, form_settings={"predictions": "covered"})
    covered.apply("predict:61")
    other = (first + 1) % 4
    assert covered.observation(other).form.announced is None  # type: ignore[union-attr]
    with pytest.raises(ValueError, match="predictions"):
        Game("schieber", seed=5, form="differenzler", form_settings={"predictions": "hidden"})


def test_a_match_counts_its_100_and_the_range_follows_the_settings() -> None:
    """Page 28: "A match adds 100 points, giving 257 for the round" (``match_bonus``, default true); the
    highest prediction is what a player can take: 257, 157 without the match, and with ``weis_stoeck`` the
    most Weis one hand declares and Stöck's 20 on top."""
    g = Game("schieber", seed=1, form="differenzler")
    assert isinstance(g.form, DifferenzlerForm)
    assert g.form.match_bonus and g.form.most == 257 and str(g.legal_actions()[-1]) == "predict:257"
    assert g.observation(0).form.most == 257  # type: ignore[union-attr]
    g.apply("predict:257")
    with pytest.raises(IllegalAction, match="0 to 257"):
        g.apply("predict:258")
    plain = Game("schieber", seed=1, form="differenzler", form_settings={"match_bonus": False})
    assert str(plain.legal_actions()[-1]) == "predict:157"
    ws = Game("schieber", seed=1, form="differenzler", form_settings={"weis_stoeck": True})
    assert str(ws.legal_actions()[-1]) == f"predict:{257 + MOST_IN_A_HAND['extended'] + 20}"
    small = Game("classic", seed=1, form="differenzler", form_settings={"weis_stoeck": True, "match_bonus": False})
    assert str(small.legal_actions()[-1]) == f"predict:{157 + MOST_IN_A_HAND['small'] + 20}"


def test_a_match_is_written_257() -> None:
    """A player who takes all nine tricks writes 257 under the default (page 28), 157 without the match."""
    from puur.core.cards import mask_of, parse_cards
    from puur.core.round import RoundState

    top = [f"{s}{r}" for s in "CDHS" for r in "AK"] + ["HQ"]  # the nine best cards in Obenabe
    rest = [f"{s}{r}" for s in "CDHS" for r in ("Q", "J", "10", "9", "8", "7", "6") if f"{s}{r}" != "HQ"]
    for bonus, written in ((True, 257), (False, 157)):
        g = Game("schieber", seed=1, form="differenzler", rounds=1,
                 form_settings={"contract": "forehand", "match_bonus": bonus})  # fmt: skip
        hands = [mask_of(parse_cards(top)), *(mask_of(parse_cards(rest[9 * i : 9 * i + 9])) for i in range(3))]
        g.round = RoundState(g.profile, hands, 3, 0)  # seat 0 leads and holds the top
        g.apply("O")
        for _ in range(4):
            g.apply("predict:0")
        while not g.is_over:
            legal = g.legal_actions()
            g.apply(max(legal, key=lambda c: int(c) % 9) if g.current_seat == 0 else legal[0])  # type: ignore[call-overload]
        assert g.rounds[0].score["taken"] == [written, 0, 0, 0]


def test_weis_and_stoeck_count_for_their_players_when_the_table_says_so() -> None:
    """``weis_stoeck: true``: the player whose best meld wins the comparison adds their own Weis (page 23:
    Weis are "declared combinations that are compared for scoring"), Stöck's holder 20 "regardless of the
    Weis comparison" (pages 23, 28); the points taken and the penalties include them."""
    seen_weis = seen_stoeck = 0
    for seed in range(40):
        g = _play(Game("schieber", seed=seed, form="differenzler", rounds=2, form_settings={"weis_stoeck": True}), seed)
        for rr in g.rounds:
            weis, stoeck = rr.score["weis_by_player"], rr.score["stoeck_by_player"]
            assert sum(1 for w in weis if w) <= 1
            for s, w in enumerate(weis):
                if w:
                    seen_weis += 1
                    assert 0 < w <= rr.score["weis"][s % 2]
            assert sum(stoeck) == sum(rr.score["stoeck"])
            seen_stoeck += sum(1 for x in stoeck if x)
            sheet_round = g.form.sheet.to_dict()["rounds"][rr.number - 1]  # type: ignore[union-attr]
            assert sheet_round["taken"] == [a + w + st for a, w, st in zip(rr.score["taken"], weis, stoeck, strict=True)]
        assert Game.from_record(g.record()).record() == g.record()
    assert seen_weis and seen_stoeck
    off = _play(Game("schieber", seed=3, form="differenzler", rounds=1), 3)
    assert "weis_by_player" not in off.rounds[0].score


def test_a_threshold_alone_ends_the_game_when_a_total_reaches_it() -> None:
    """With a threshold and no rounds the game goes on until a penalty total reaches the threshold (page
    28: "The selected target is the finishing threshold"), past 4 rounds, with no silent cap."""
    played = []
    for seed in range(3):
        g = _play(Game("schieber", seed=seed, form="differenzler", form_settings={"threshold": 400}), seed)
        totals = g.result()["penalties"]  # type: ignore[index]
        assert max(totals) >= 400 and g.result()["reason"] == "threshold_reached"  # type: ignore[index]
        assert all(max(r.score["penalty_totals"]) < 400 for r in g.rounds[:-1])
        assert g.record()["form"]["rounds"] is None
        assert Game.from_record(g.record()).record() == g.record()
        played.append(len(g.rounds))
    assert max(played) > 4


def test_the_forehand_contract_rule_plays_obenabe_and_undenufe() -> None:
    """Page 28 explains predicting in Obenabe and Undenufe rounds; under ``turned_up`` none occurs. The
    ``forehand`` rule lets the forehand name any of the six before the predictions; ``rotate`` plays them in
    turn."""
    g = Game("schieber", seed=2, form="differenzler", rounds=2, form_settings={"contract": "forehand"})
    assert g.observation(g.current_seat).phase == "contract"  # type: ignore[arg-type]
    assert [str(a) for a in g.legal_actions()] == ["C", "D", "H", "S", "O", "U"]
    with pytest.raises(IllegalAction, match="forehand names"):
        g.apply("P")
    with pytest.raises(IllegalAction, match="forehand names"):
        g.apply("predict:40")
    forehand = g.round.forehand
    assert g.current_seat == forehand
    g.apply("U")
    assert g.round.contract is not None and g.round.contract.name == "U"
    assert g.observation(0).phase == "predict"
    _play(g, 2)
    assert g.rounds[0].contract.name == "U" and Game.from_record(g.record()).record() == g.record()
    rotate = _play(Game("schieber", seed=2, form="differenzler", rounds=6, form_settings={"contract": "rotate"}), 2)
    assert {r.contract.name for r in rotate.rounds} >= {"O", "U"}


# ----- games and records stored before the settings -----


def test_games_and_records_stored_before_the_settings_keep_their_reading() -> None:
    """A record or a stored game without a setting was played before it existed: it keeps that reading
    (covered predictions, no match bonus, no Weis; Coiffeur's boxes only; 4 rounds where only a threshold
    was given), so it replays exactly; a new game takes today's defaults."""
    old = form_from_record({"form": "differenzler", "rounds": 2, "contract": "turned_up", "match_bonus": False})
    assert old["form_settings"] == {"contract": "turned_up", "match_bonus": False, "predictions": "covered",
                                    "weis_stoeck": False}  # fmt: skip
    stored = form_args({"form": "differenzler", "rounds": None, "form_settings": {"threshold": 50}})
    assert stored["rounds"] == 4 and stored["form_settings"]["predictions"] == "covered"
    new = form_args({"form": "differenzler", "rounds": None, "form_settings": {"threshold": 50}}, stored=False)
    assert new["rounds"] is None and "predictions" not in new["form_settings"]
    assert form_args({"form": "coiffeur", "columns": 8, "form_settings": None})["form_settings"] == {
        "opponents_count": False}
    g = _play(Game("schieber", seed=4, form="coiffeur", form_settings={"opponents_count": False}), 4)
    record = g.record()
    del record["form"]["opponents_count"]
    assert Game.from_record(record).scores == g.scores
    d = _play(Game("schieber", seed=4, form="differenzler", rounds=2,
                   form_settings={"predictions": "covered", "match_bonus": False}), 4)  # fmt: skip
    record = d.record()
    for key in ("predictions", "weis_stoeck"):
        del record["form"][key]
    assert Game.from_record(record).result() == d.result()


def test_computers_name_the_contract_under_the_forehand_rule() -> None:
    """The heuristic and the search player name the forehand's contract and play the game through."""
    from puur.bots import make_player
    from puur.bots.runner import play_computers

    g = Game("schieber", seed=6, form="differenzler", rounds=2, form_settings={"contract": "forehand"})
    players = {s: make_player("heuristic") for s in (1, 3)} | {
        s: make_player("mcts:iters=4,citers=16,endgame=0", seed=s) for s in (0, 2)
    }
    play_computers(g, players)
    assert g.is_over and all(r.contract is not None for r in g.rounds)
    assert Game.from_record(g.record()).record() == g.record()
