"""Rulings at match level (RULES.md): Stöck first under live recognition (S001), claims and announcements
(S000), melds shown with the first card (S004), the dealer of hand 1, and ``Game.from_deal``."""

from __future__ import annotations

import json

import pytest

import puur.match.game
from puur import CLAIM, Card, Game
from puur.bots.random_player import RandomPlayer
from puur.bots.runner import play_match
from puur.core.cards import iter_cards

# Hearts trump: seat 0 holds the Stöck (HK HQ); seat 1 holds four 10s (100) and wins trick 1 with CA.
STOECK_DEAL = [
    ["HK", "HQ", "C6", "C8", "D6", "D8", "S6", "S8", "H6"],
    ["CA", "C10", "CK", "D10", "DA", "SK", "S10", "H7", "H10"],
    ["CQ", "CJ", "C9", "DK", "DQ", "SJ", "S9", "H8", "C7"],
    ["D9", "DJ", "H9", "D7", "HJ", "HA", "S7", "SQ", "SA"],
]
# Obenabe: seat 0 a four-run (50), seat 1 four Kings (100), seats 2 and 3 a three-run (20) each.
WEIS_DEAL = [
    ["C6", "C7", "C8", "C9", "SJ", "D10", "H10", "H6", "SQ"],
    ["CK", "DK", "HK", "SK", "SA", "H8", "H9", "C10", "HA"],
    ["D6", "D7", "D8", "CJ", "S9", "DJ", "H7", "DQ", "HJ"],
    ["S6", "S7", "S8", "HQ", "CA", "DA", "CQ", "S10", "D9"],
]
# Obenabe, no Weis at all; first legal cards give after three tricks team 0 17 and team 1 21 card points.
CLAIM_DEAL = [
    ["C6", "C8", "C10", "CQ", "D6", "DQ", "HA", "S7", "SQ"],
    ["CJ", "D7", "D10", "DA", "H6", "H10", "S6", "S8", "SK"],
    ["C7", "C9", "CK", "H7", "H8", "HJ", "HQ", "S10", "SJ"],
    ["CA", "D8", "D9", "DJ", "DK", "H9", "HK", "S9", "SA"],
]


def _first_trick_of_stoeck_deal(profile: object, scores: tuple[int, int]) -> Game:
    g = Game.from_deal(profile, STOECK_DEAL, forehand=0, scores=scores, seed=1)
    g.apply("H")
    for card in ("C6", "CA", "C7", "D7"):
        assert not g.is_over
        g.apply(card)
    return g


# ----- Stöck that wins the match counts first (S001) -----


def test_pending_stoeck_that_reaches_the_target_wins_before_weis_and_tricks() -> None:
    """schweizer (S001: Stöck "earlier if it wins the match"; "priority is Stöck, then Weis, then trick
    points"): team 0's Stöck is still pending (neither card played) when team 1's Weis and first trick
    would take it over 3000; the Stöck takes team 0 there first."""
    g = _first_trick_of_stoeck_deal("schweizer", (2990, 2989))
    assert g.is_over and g.winner == 0
    assert (g.end_block, g.end_reason) == ("stoeck", "live")
    assert g.rounds[-1].score["stoeck"] == [20, 0] and g.scores[0] == 3010
    obs = g.observation(1)
    assert obs.stoeck is not None and obs.stoeck.seat == 0  # scored, so public


def test_pending_stoeck_short_of_the_target_does_not_count_early() -> None:
    g = _first_trick_of_stoeck_deal("schweizer", (2900, 2989))
    assert g.is_over and g.winner == 1 and g.end_block == "weis"
    assert g.rounds[-1].score["stoeck"] == [0, 0] and g.scores[0] == 2900


def test_strict_stoeck_never_counts_before_it_is_declared() -> None:
    """Under ``stoeck: strict`` Stöck exists only when declared with the second card (J14)."""
    g = _first_trick_of_stoeck_deal({"preset": "schweizer", "stoeck": "strict"}, (2990, 2989))
    assert g.is_over and g.winner == 1 and g.end_block == "weis"


def test_a_bare_card_does_not_end_the_match_on_a_pending_stoeck() -> None:
    """The check runs when points are counted (a trick, the Weis, a Stöck), not on every card."""
    g = Game.from_deal("schweizer", STOECK_DEAL, forehand=0, scores=(2990, 2989), seed=1)
    g.apply("H")
    g.apply("C6")
    assert not g.is_over and g.round.stoeck_status == "pending"


# ----- claims (S000) -----


def _claim_game(scores: tuple[int, int]) -> Game:
    g = Game.from_deal("classic", CLAIM_DEAL, forehand=0, scores=scores, seed=1)
    g.apply("O")
    for card in ["C6", "CJ", "C7", "CA", "D8", "D6", "D7", "C9", "D9", "DQ", "D10", "CK"]:
        g.apply(card)
    assert g.round.card_points == [17, 21] and g.current_seat == 0
    return g


def test_claim_adds_the_unwritten_trick_points_to_the_claiming_team_only() -> None:
    """Team 0 claims at 2950 with 17 card points × 3 = 51: it wins; team 1 keeps its 1450 written, so it
    is below 1500 and Schneider (two games). Before the fix it was also given its 21 × 3 = 63."""
    g = _claim_game((2950, 1450))
    g.apply(CLAIM)
    assert g.is_over and g.winner == 0 and g.end_reason == "claim"
    assert g.scores == [3001, 1450]
    assert g.rounds[-1].written == (51, 0) and g.rounds[-1].score["card_points"] == [17, 0]
    assert g.schneider and g.games == 2


def test_false_claim_loses_and_writes_only_the_claimants_points() -> None:
    g = _claim_game((2900, 1450))
    g.apply(CLAIM)
    assert g.is_over and g.winner == 1 and g.end_reason == "false_claim"
    assert g.scores == [2951, 1450] and g.games == 1


def test_claim_replays_from_the_record() -> None:
    g = _claim_game((2950, 1450))
    g.apply(CLAIM)
    rec = json.loads(json.dumps(g.record()))
    again = Game.from_record(rec)
    assert again.record() == rec and again.scores == [3001, 1450]


# ----- what each declaration mode makes public -----


def _after_cards(profile: str, n: int) -> Game:
    g = Game.from_deal(profile, WEIS_DEAL, forehand=0, seed=1)
    g.apply("O")
    for _ in range(n):
        g.apply(g.legal_actions()[0])
    return g


@pytest.mark.parametrize(
    ("n", "announced"),
    [(0, ()), (1, ((0, 50),)), (2, ((0, 50), (1, 100))), (3, ((0, 50), (1, 100))), (4, ((0, 50), (1, 100)))],
)
def test_classic_announces_a_weis_only_if_at_least_as_good(
    n: int, announced: tuple[tuple[int, int], ...]
) -> None:
    """S000 "Announce a Weis only if at least as good as one already announced": seats 2 and 3 (20 each,
    after the 100) never announce, so their values are never public."""
    g = _after_cards("classic", n)
    for seat in range(4):
        assert g.observation(seat).weis_announced == announced


def test_classic_equal_weis_is_announced() -> None:
    """An announcement as good as the best one so far is made (the seat step is not part of it)."""
    deal = [list(h) for h in WEIS_DEAL]
    g = Game.from_deal("classic", deal, forehand=2, seed=1)  # seat 2 (20) leads, seat 3 (20) next
    g.apply("O")
    g.apply(g.legal_actions()[0])
    g.apply(g.legal_actions()[0])
    assert g.observation(0).weis_announced == ((2, 20), (3, 20))


def test_value_announcements_still_name_every_weis_under_jasvel_mode() -> None:
    g = _after_cards("jasvel", 4)
    assert g.observation(0).weis_announced == ((0, 50), (1, 100), (2, 20), (3, 20))


def test_online_shows_each_seats_melds_from_its_first_card() -> None:
    """S004 "Weis werden mit der ersten Karte gezeigt": a seat's declared melds are public once it has
    played its first card; only the best team's melds count."""
    assert _after_cards("online", 0).observation(2).weis_shown == ()
    g = _after_cards("online", 1)
    shown = g.observation(2).weis_shown
    assert [s for s, _ in shown] == [0]
    assert {str(c) for _, cards, _ in shown[0][1] for c in cards} == {"C6", "C7", "C8", "C9"}
    assert [s for s, _ in _after_cards("online", 3).observation(3).weis_shown] == [0, 1, 2]
    g = _after_cards("online", 4)
    assert [s for s, _ in g.observation(0).weis_shown] == [0, 1, 2, 3]
    assert g.round.weis_points() == (0, 120)  # four Kings (seat 1) beat the four-run: team 1 writes 100 + 20
    assert [s for s, _ in _after_cards("online", 20).observation(0).weis_shown] == [0, 1, 2, 3]


def test_automatic_shows_only_the_scoring_melds_after_trick_1() -> None:
    assert _after_cards("schieber", 3).observation(0).weis_shown == ()
    assert [s for s, _ in _after_cards("schieber", 4).observation(0).weis_shown] == [1, 3]


# ----- the dealer of hand 1 -----


@pytest.mark.parametrize("preset", ["schieber", "classic", "schweizer", "online", "jasvel"])
def test_hand_1_is_dealt_by_the_dealer_it_records(preset: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """RULES.md §14: in a holder: preset the dealer of hand 1 is the seat before the first forehand and
    the cards are dealt from that seat; under dealer_right the forehand is the dealer's right."""
    dealers: list[int] = []
    real = puur.match.game.deal

    def spy(rng: object, dealer: int) -> list[int]:
        dealers.append(dealer)
        return real(rng, dealer)  # type: ignore[arg-type]

    monkeypatch.setattr(puur.match.game, "deal", spy)
    seven = {"holder:C7": Card.C7, "holder:H7": Card.H7, "holder:D7": Card.D7}
    for seed in range(60):
        dealers.clear()
        g = Game(preset, seed=seed)
        r = g.round
        assert r.dealer == (r.forehand - 1) % 4
        assert set(dealers) == {r.dealer}
        rule = g.profile.first_forehand
        if rule in seven:
            assert r.dealt[r.forehand] >> seven[rule] & 1


def test_first_forehand_is_spread_over_the_seats() -> None:
    counts = [0, 0, 0, 0]
    for seed in range(400):
        counts[Game("classic", seed=seed).round.forehand] += 1
    assert min(counts) > 60


# ----- Game.from_deal -----


def test_from_deal_starts_from_the_given_hands_forehand_and_scores() -> None:
    g = Game.from_deal("jasvel", STOECK_DEAL, forehand=2, scores=(400, 350), seed=3)
    assert g.current_seat == 2 and g.round.forehand == 2 and g.round.dealer == 1
    assert g.scores == [400, 350]
    assert [sorted(str(Card(c)) for c in iter_cards(h)) for h in g.deals[0]] == [
        sorted(h) for h in STOECK_DEAL
    ]
    assert [str(c) for c in g.observation(2).hand] == [str(Card(c)) for c in iter_cards(g.round.hands[2])]


def test_from_deal_forehand_defaults_to_the_holder_of_the_profiles_seven() -> None:
    assert Game.from_deal("schweizer", STOECK_DEAL).round.forehand == 1  # H7
    assert Game.from_deal("classic", STOECK_DEAL).round.forehand == 2  # C7
    assert Game.from_deal("online", STOECK_DEAL).round.forehand == 3  # D7
    with pytest.raises(ValueError, match="forehand"):
        Game.from_deal("jasvel", STOECK_DEAL)


@pytest.mark.parametrize("preset", ["schieber", "classic", "schweizer", "online", "jasvel"])
def test_a_from_deal_match_replays_from_its_record(preset: str) -> None:
    g = Game.from_deal(preset, STOECK_DEAL, forehand=1, scores=(500, 200), seed=9)
    play_match(g, {s: RandomPlayer(s) for s in range(4)})
    rec = json.loads(json.dumps(g.record()))
    assert rec["start"] == {"forehand": 1, "scores": [500, 200]}
    again = Game.from_record(rec)
    assert again.record() == rec and again.winner == g.winner
    tampered = json.loads(json.dumps(rec))
    tampered["start"]["scores"] = [0, 0]
    with pytest.raises(ValueError, match="differ"):
        Game.from_record(tampered)


def test_records_without_a_start_still_load() -> None:
    g = play_match(Game("schieber", seed=4), {s: RandomPlayer(s) for s in range(4)})
    rec = json.loads(json.dumps(g.record()))
    assert "start" not in rec
    assert Game.from_record(rec).record() == rec


@pytest.mark.parametrize(
    ("hands", "kw", "needle"),
    [
        (STOECK_DEAL[:3], {"forehand": 0}, "four hands"),
        ([STOECK_DEAL[0]] * 4, {"forehand": 0}, "in the hands of both"),
        ([h[:8] for h in STOECK_DEAL], {"forehand": 0}, "holds 8 cards"),
        ([["XX", *STOECK_DEAL[0][1:]], *STOECK_DEAL[1:]], {"forehand": 0}, "hand of seat 0"),
        (STOECK_DEAL, {"forehand": 4}, "forehand must be a seat"),
        (STOECK_DEAL, {"forehand": 0, "scores": (1000, 0)}, "already reach the target"),
        (STOECK_DEAL, {"forehand": 0, "scores": (-5, 0)}, "at least 0"),
        (STOECK_DEAL, {"forehand": 0, "scores": (1,)}, "two written totals"),
    ],
)
def test_from_deal_refuses_bad_input(hands: list[list[str]], kw: dict[str, object], needle: str) -> None:
    with pytest.raises(ValueError, match=needle):
        Game.from_deal("jasvel", hands, **kw)  # type: ignore[arg-type]
