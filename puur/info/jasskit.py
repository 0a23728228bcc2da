"""Import and export of the HSLU jass-kit JSON game-log format (trump choice and card play).

jass-kit numbers its players clockwise (North 0, East 1, South 2, West 3) and plays counter-clockwise
(``next_player = [3, 0, 1, 2]``), so Puur's seat ``s`` is jass-kit's player ``(-s) % 4``: both put
seats 0 and 2 in team 0. Cards use the same notation (``DA``, ``H10``); trumps are D 0, H 1, S 2, C 3,
Obe-abe 4, Une-ufe 5 and push 10. jass-kit has no Weis, no Stöck and no multipliers, so a log carries
only the tricks: an imported round is replayed through Puur's rules (legal play checked under the
chosen profile) and scored by them.

A log file holds one JSON object per line: ``{"game": <GameState json>, "date": ..., "player_ids": [...]}``.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from puur.core.cards import Card, Contract, mask_of
from puur.core.profile import RuleProfile
from puur.core.round import IllegalAction, RoundState

JK_TRUMP = {Contract.D: 0, Contract.H: 1, Contract.S: 2, Contract.C: 3, Contract.O: 4, Contract.U: 5}
PUUR_CONTRACT = {v: k for k, v in JK_TRUMP.items()}
JK_DATE_FORMAT = "%d.%m.%y %H:%M:%S"  # jass.game.const.DATE_FORMAT
JK_STATE_VERSION = "V0.2"  # jass.game.game_state.GameState.FORMAT_VERSION


def to_jk_player(seat: int) -> int:
    """Puur seat -> jass-kit player (N 0, E 1, S 2, W 3)."""
    return (-seat) % 4


def from_jk_player(player: int) -> int:
    """jass-kit player -> Puur seat."""
    return (-player) % 4


def round_to_jasskit(r: RoundState) -> dict[str, Any]:
    """A finished (or partly played) round as jass-kit's ``GameState.to_json()`` dict."""
    if r.contract is None:
        raise ValueError("the round has no contract yet: nothing to export")
    if r.contract not in JK_TRUMP:
        raise ValueError(f"jass-kit has no code for {r.contract.name} (Slalom, Guschti): it knows C D H S O U only")
    tricks: list[dict[str, Any]] = []
    for t in r.tricks:
        tricks.append(
            {
                "cards": [str(Card(c)) for c in t.cards],
                "points": t.points,
                "win": to_jk_player(t.winner),
                "first": to_jk_player(t.leader),
            }
        )
    if len(r.tricks) < 9:
        current: dict[str, Any] = {"first": to_jk_player(r.leader)}
        if r.trick:
            current["cards"] = [str(Card(c)) for c in r.trick]
        tricks.append(current)
    players: list[dict[str, list[str]]] = [{"hand": []} for _ in range(4)]
    for seat in range(4):
        players[to_jk_player(seat)] = {"hand": [str(Card(c)) for c in range(36) if r.hands[seat] >> c & 1]}
    return {
        "version": JK_STATE_VERSION,
        "trump": JK_TRUMP[r.contract],
        "dealer": to_jk_player(r.dealer),
        "currentPlayer": to_jk_player(r.to_act) if r.to_act is not None else -1,
        "forehand": 0 if r.pushed else 1,
        "tricks": tricks,
        "player": players,
        "jassTyp": "SCHIEBER",
    }


def log_entry(r: RoundState, date: datetime | None = None, player_ids: list[int] | None = None) -> dict[str, Any]:
    """One line of a jass-kit log file (``GameLogEntry.to_json()``)."""
    when = date or datetime.now(UTC)
    return {
        "game": round_to_jasskit(r),
        "date": when.strftime(JK_DATE_FORMAT),
        "player_ids": player_ids if player_ids is not None else [0, 0, 0, 0],
    }


def round_from_jasskit(data: dict[str, Any], profile: RuleProfile | str | None = None) -> RoundState:
    """Replay a jass-kit ``GameState`` dict (or a log entry holding one under ``"game"``) through Puur's
    rules. The dealt hands are rebuilt from the tricks and the hands left; every card is checked as
    legal under ``profile`` (default ``schieber``), and ``IllegalAction`` names the first that is not.
    Points are Puur's, computed from the profile (Weis and Stöck included), never copied from the log."""
    p = RuleProfile.resolve(profile)
    game = data.get("game", data) if isinstance(data, dict) else None
    if not isinstance(game, dict) or "tricks" not in game or "dealer" not in game:
        raise ValueError("not a jass-kit game state: it needs 'dealer', 'trump' and 'tricks'")
    trump = game.get("trump", -1)
    if trump not in PUUR_CONTRACT:
        raise ValueError(f"jass-kit trump {trump!r} is not a contract (D 0, H 1, S 2, C 3, O 4, U 5)")
    contract = PUUR_CONTRACT[trump]
    dealer = from_jk_player(int(game["dealer"]))
    forehand = (dealer + 1) % 4
    pushed = game.get("forehand", 1) == 0
    hands = [0, 0, 0, 0]
    for jk, pdata in enumerate(game.get("player", [])):
        hands[from_jk_player(jk)] |= mask_of(Card.parse(c) for c in pdata.get("hand", []))
    plays: list[tuple[int, int]] = []
    for i, t in enumerate(game["tricks"]):
        if "first" not in t:
            raise ValueError(f"trick {i + 1} has no 'first' player")
        leader = from_jk_player(int(t["first"]))
        for j, c in enumerate(t.get("cards", [])):
            card = int(Card.parse(c))
            seat = (leader + j) % 4
            hands[seat] |= 1 << card
            plays.append((seat, card))
    if sum(h.bit_count() for h in hands) != 36 or any(h.bit_count() != 9 for h in hands):
        raise ValueError("the log's tricks and hands do not add up to four hands of nine cards")
    r = RoundState(p, hands, dealer, forehand)
    if pushed:
        r.push()
    r.choose(contract)
    for n, (seat, card) in enumerate(plays):
        if r.to_act != seat:
            raise IllegalAction(f"card {n + 1} ({Card(card)}) is played by seat {seat}, but seat {r.to_act} is to act")
        r.check_card(card)
        r.play(card)
    return r


def read_log_lines(text: str, profile: RuleProfile | str | None = None) -> list[RoundState]:
    """Every round of a jass-kit log file (one JSON object per line)."""
    import json

    rounds = []
    for n, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            rounds.append(round_from_jasskit(json.loads(line), profile))
        except (ValueError, KeyError) as e:
            raise ValueError(f"line {n}: {e}") from None
    return rounds


__all__ = [
    "from_jk_player", "log_entry", "read_log_lines", "round_from_jasskit", "round_to_jasskit", "to_jk_player",
]  # fmt: skip
