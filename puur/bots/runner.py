"""Driving computer seats: ask the player for an action and apply it with the declarations it owes.

Computer players always declare Stöck at the right moment (with the second card) where the profile
makes players declare it (``stoeck: strict``); elsewhere the engine declares for every seat.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from time import perf_counter

from puur.bots import Player
from puur.core.cards import Action, Card
from puur.info.observation import Observation
from puur.match.game import Game


def declarations_for(game: Game, action: object) -> tuple[str, ...]:
    """What a correct player declares with ``action``: Stöck with its second card under ``stoeck: strict``,
    and, with its trick-1 card, its Weis alternative where it has a choice (``weis_choice_for``)."""
    if not isinstance(action, Card):
        return ()
    out: tuple[str, ...] = ()
    if game.profile.stoeck == "strict" and game.stoeck_due(action):
        out = ("stoeck",)
    seat = game.current_seat
    if seat is not None:
        index = weis_choice_for(game.observation(seat)) if len(game.round.weis_alternatives(seat)) > 1 else 0
        if index:
            out = (*out, f"weis:{index}")
    return out


def weis_choice_for(obs: Observation) -> int:
    """A computer seat's Weis choice (RULES.md §9.3: "A computer seat chooses by its own judgement"), from
    what its observation shows: the alternative with the most points (``weis:0``, the preselected one),
    unless an opponent has already announced a Weis worth at least the best meld of that alternative
    while the alternative with the strongest best meld (the last) is worth as much: then the comparison is
    at stake, only the team with the single best meld writes anything (§9.6), and the seat declares its
    strongest best meld (an unsplit 8-run, 100 with 8 cards, against an announced 100).
    """
    choice = obs.weis_choice
    if not choice:
        return 0
    alts = choice["alternatives"]
    announced = [v for s, v in obs.weis_announced if (s - obs.seat) % 2]
    if not announced:
        return 0
    against = max(announced)
    first, last = alts[0]["best"]["points"], alts[-1]["best"]["points"]
    if first <= against <= last:
        return len(alts) - 1
    return 0


Move = Callable[[int, Action, tuple[str, ...]], None]
"""Told of each computer action once applied: the seat, the action and the declarations made with it."""


def computer_move(game: Game, player: Player) -> tuple[Action, tuple[str, ...]]:
    """What ``player`` does as the seat to act: its action, from that seat's observation only, and the
    declarations a correct player makes with it (``declarations_for``). Nothing is applied."""
    seat = game.current_seat
    if seat is None:
        raise ValueError("the match is over: no seat is to act")
    action = player.act(game.observation(seat))
    return action, declarations_for(game, action)


def play_turn(game: Game, player: Player) -> tuple[Action, tuple[str, ...]]:
    """One action of the seat to act, by ``player``, applied with its declarations (``computer_move``);
    returns what was applied."""
    action, declare = computer_move(game, player)
    game.apply(action, declare)
    return action, declare


def play_computers(
    game: Game,
    players: Mapping[int, Player] | Callable[[int], Player | None],
    *,
    until: Callable[[Game], bool] | None = None,
    on_move: Move | None = None,
    max_moves: int | None = None,
    think: float | None = None,
    quick: Callable[[int], Player] | None = None,
) -> int:
    """Let computer seats act until the match is over, a seat without a player (a human) is to act,
    ``until(game)`` is true, or ``max_moves`` actions were made; returns how many were made.

    ``think`` bounds the seconds this call may spend (a server's request: ``ServerSettings.think_per_request``):
    once they are spent, each remaining decision is ``quick(seat)``'s instead of the seat's player's (that
    move only; the seat keeps its player). A decision started within the budget ends at its own stop.

    The one path by which computer seats move (the runner, ``puur play``, live games, the soak, MCP
    games): each action goes through ``play_turn``, so a computer seat always makes the declarations it
    owes (Stöck with the second card under ``stoeck: strict``, RULES.md §10). ``players`` maps seats to
    players, or is a function giving a seat's player (None for a human seat; built anew per action if it
    likes). ``on_move`` is told of every applied action, to log, commit or announce it.
    """
    player_of = players.get if isinstance(players, Mapping) else players
    moves = 0
    started = perf_counter()
    while not game.is_over and (max_moves is None or moves < max_moves):
        if until is not None and until(game):
            break
        seat = game.current_seat
        assert seat is not None
        player = player_of(seat)
        if player is None:
            break
        if think is not None and quick is not None and perf_counter() - started >= think:
            player = quick(seat)
        action, declare = play_turn(game, player)
        moves += 1
        if on_move is not None:
            on_move(seat, action, declare)
    return moves


def play_match(game: Game, players: Mapping[int, Player]) -> Game:
    """Play the whole match with four computer players."""
    if set(players) != {0, 1, 2, 3}:
        raise ValueError("play_match needs a player for each of the seats 0..3")
    play_computers(game, players)
    return game
