"""The HSLU jass-kit player-service protocol: our ``Observation`` <-> jass-kit's observation JSON.

A jass-kit service answers ``POST /<name>/action_trump`` with ``{"trump": n}`` and
``POST /<name>/action_play_card`` with ``{"card": "DA"}``, given ``GameObservation.to_json()``
(``jass/game/game_observation.py``, format ``V0.2``). Seats, cards and trumps map as in
``puur.info.jasskit``: Puur seat ``s`` is jass-kit player ``(-s) % 4`` (jass-kit plays N, W, S, E), cards use
the same strings, trumps D 0, H 1, S 2, C 3, Obe-abe 4, Une-ufe 5, push 10 (6 also read as push).
jass-kit's ``forehand`` is -1 before the choice, 1 when the forehand chose, 0 after a push.
"""

from __future__ import annotations

from typing import Any

from puur.core.cards import BASE_CONTRACTS, PUSH, Action, Card, Contract, mask_of
from puur.core.profile import RuleProfile
from puur.core.rules.legal import legal_moves
from puur.core.rules.trick import trick_points, trick_winner
from puur.info.jasskit import JK_TRUMP, PUUR_CONTRACT, from_jk_player, to_jk_player
from puur.info.observation import Observation, TrickView

JK_VERSION = "V0.2"
JK_PUSH = 10
JK_PUSH_ALT = 6


def observation_to_jasskit(obs: Observation) -> dict[str, Any]:
    """Our observation as jass-kit's ``GameObservation.to_json()`` dict (the request body)."""
    if obs.contract is not None and obs.contract not in JK_TRUMP:
        raise ValueError(f"jass-kit has no code for {obs.contract.name} (Slalom, Guschti): it knows C D H S O U only")
    if obs.contract is None:
        forehand = 0 if obs.pushed else -1
    else:
        forehand = 0 if obs.pushed else 1
    tricks: list[dict[str, Any]] = []
    for t in obs.tricks:
        tricks.append(
            {"cards": [str(c) for c in t.cards], "points": t.points, "win": to_jk_player(t.winner),
             "first": to_jk_player(t.leader)}
        )  # fmt: skip
    if len(obs.tricks) < 9 and obs.contract is not None:
        cur: dict[str, Any] = {"first": to_jk_player(obs.leader)}
        if obs.trick:
            cur["cards"] = [str(c) for _, c in obs.trick]
        tricks.append(cur)
    player: list[dict[str, Any]] = [{"hand": []} for _ in range(4)]
    me = to_jk_player(obs.seat)
    player[me] = {"hand": [str(c) for c in obs.hand]}
    return {
        "version": JK_VERSION,
        "trump": JK_TRUMP[obs.contract] if obs.contract is not None else -1,
        "dealer": to_jk_player(obs.dealer),
        "currentPlayer": me,
        "playerView": me,
        "forehand": forehand,
        "tricks": tricks,
        "player": player,
        "jassTyp": "SCHIEBER",
        "gameId": 0,
    }


def trump_from_jasskit(value: Any) -> Action:
    """A jass-kit trump answer as our action."""
    n = int(value)
    if n in (JK_PUSH, JK_PUSH_ALT):
        return PUSH
    if n not in PUUR_CONTRACT:
        raise ValueError(f"jass-kit trump {value!r} is not 0..5, 6 or 10")
    return PUUR_CONTRACT[n]


def trump_to_jasskit(action: Action) -> int:
    if action is PUSH:
        return JK_PUSH
    if isinstance(action, Contract):
        if action not in JK_TRUMP:
            raise ValueError(f"jass-kit has no code for {action.name}: it knows C D H S O U only")
        return JK_TRUMP[action]
    raise ValueError(f"{action} is not a trump choice")


def observation_from_jasskit(data: dict[str, Any], profile: RuleProfile) -> Observation:
    """jass-kit's observation JSON as our ``Observation`` for the viewing seat (the request a server gets).

    Card points and trick winners are recomputed by our rules; the match context (scores) is unknown to
    jass-kit and left at zero.
    """
    if data.get("version") != JK_VERSION:
        raise ValueError(f"jass-kit observation version must be {JK_VERSION!r}, got {data.get('version')!r}")
    seat = from_jk_player(int(data["playerView"]))
    dealer = from_jk_player(int(data["dealer"]))
    forehand = (dealer + 1) % 4
    jk_fore = int(data.get("forehand", -1))
    trump = int(data.get("trump", -1))
    contract = PUUR_CONTRACT.get(trump)
    pushed = jk_fore == 0
    chooser = None if contract is None else (forehand + 2) % 4 if pushed else forehand
    hand_cards = [Card.parse(s) for s in data["player"][int(data["playerView"])].get("hand", [])]
    hand = tuple(sorted(hand_cards))
    played_by = [0, 0, 0, 0]
    tricks: list[TrickView] = []
    current: list[tuple[int, Card]] = []
    round_points = [0, 0]
    for t in data.get("tricks", []):
        cards = [Card.parse(s) for s in t.get("cards", [])]
        leader = from_jk_player(int(t["first"])) if "first" in t else forehand
        for i in range(len(cards)):
            played_by[(leader + i) % 4] += 1
        if len(cards) == 4 and contract is not None:
            winner = (leader + trick_winner([int(c) for c in cards], contract)) % 4
            pts = trick_points(cards, contract, profile.undenufe_values, last=len(tricks) == 8)
            round_points[winner & 1] += pts
            tricks.append(TrickView(leader, tuple(cards), winner, pts))
        elif cards:
            current = [((leader + i) % 4, c) for i, c in enumerate(cards)]
    n_played = sum(played_by)
    hand_sizes = tuple(9 - played_by[s] for s in range(4))
    legal: tuple[Action, ...]
    if contract is None:
        legal = BASE_CONTRACTS if pushed else (*BASE_CONTRACTS, PUSH)  # jass-kit has no Slalom, Guschti
        phase = "contract"
        to_act = (forehand + 2) % 4 if pushed else forehand
    else:
        lm = legal_moves(mask_of(hand), [int(c) for _, c in current], contract, profile)
        legal = tuple(Card(c) for c in range(36) if lm >> c & 1)
        phase = "play"
        to_act = seat
    return Observation(
        seat=seat,
        hand=hand,
        phase=phase,
        dealer=dealer,
        forehand=forehand,
        pushed=pushed,
        chooser=chooser,
        contract=contract,
        factor=profile.factor(contract) if contract is not None else 0,
        trick=tuple(current),
        tricks=tuple(tricks),
        legal_actions=legal if n_played < 36 else (),
        hand_sizes=(hand_sizes[0], hand_sizes[1], hand_sizes[2], hand_sizes[3]),
        scores=(0, 0),
        round_points=(round_points[0], round_points[1]),
        target=profile.target,
        profile=profile,
        to_act=to_act,
        round_number=1,
    )


__all__ = ["observation_from_jasskit", "observation_to_jasskit", "trump_from_jasskit", "trump_to_jasskit"]
