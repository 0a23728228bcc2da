"""``learned``: the search dealing its worlds by the network of the hidden hands and led by the policy and
value network, selectable by name."""

from __future__ import annotations

import pytest

from puur.bots import make_player, player_names
from puur.bots.learned import LearnedPlayer
from puur.bots.runner import play_turn
from puur.match.game import Game


def test_learned_is_a_player_name_and_deals_by_the_network() -> None:
    assert "learned" in player_names()
    player = make_player("learned:level=easy,iters=8,seed=1")
    assert isinstance(player, LearnedPlayer)
    game = Game("schieber", seed=5)
    while game.round.contract is None or len(game.round.tricks) < 2:
        seat = game.current_seat
        assert seat is not None
        play_turn(game, player if seat == 0 else make_player("heuristic"))
    obs = game.observation(0)
    det = player.determinizer(obs)
    assert det.weights is not None and set(det.weights) == set(det.cards)
    assert all(w[0] == 0 and min(w[1:]) > 0 for w in det.weights.values())


def test_learned_refuses_another_hand_model() -> None:
    with pytest.raises(ValueError, match="hands"):
        make_player("learned:hands=model")
