"""Driving computer seats: ask the player for an action and apply it with the declarations it owes.

Computer players always declare Stöck at the right moment (with the second card) where the profile
makes players declare it (``stoeck: strict``); elsewhere the engine declares for every seat.
"""

from __future__ import annotations

from collections.abc import Mapping

from puur.bots import Player
from puur.cards import Card
from puur.game import Game


def declarations_for(game: Game, action: object) -> tuple[str, ...]:
    """What a correct player declares with ``action``."""
    if isinstance(action, Card) and game.profile.stoeck == "strict" and game.stoeck_due(action):
        return ("stoeck",)
    return ()


def play_turn(game: Game, player: Player) -> None:
    """One action of the seat to act, by ``player``."""
    seat = game.current_seat
    assert seat is not None
    action = player.act(game.observation(seat))
    game.apply(action, declarations_for(game, action))


def play_computers(game: Game, players: Mapping[int, Player]) -> None:
    """Let computer seats act until a seat without a player (a human) is to act, or the match is over."""
    while not game.is_over and game.current_seat in players:
        play_turn(game, players[game.current_seat])  # type: ignore[index]


def play_match(game: Game, players: Mapping[int, Player]) -> Game:
    """Play the whole match with four computer players."""
    if set(players) != {0, 1, 2, 3}:
        raise ValueError("play_match needs a player for each of the seats 0..3")
    play_computers(game, players)
    return game
