"""Type stub for the compiled playout core of ``puur.core.playout`` (``_playout_core.c``)."""

from collections.abc import Sequence
from typing import Any

class Rules:
    def __init__(
        self,
        strength: Sequence[int],
        higher: Sequence[int],
        puur: Sequence[int],
        stoeck_pair: Sequence[int],
        points: Sequence[int],
        factor: Sequence[int],
        seq_values: Sequence[int],
        quartet_values: Sequence[int],
        options: Sequence[int],
        bonuses: Sequence[int],
        direction: Sequence[int],
        offered: Sequence[int],
        value_row: Sequence[int],
    ) -> None: ...
    def legal(self, hand: int, trick: Sequence[int], contract: int) -> int: ...
    def winner(self, trick: Sequence[int], contract: int, trick_index: int = ...) -> int: ...
    def declaration(self, hand: int, contract: int) -> tuple[int, int]: ...
    def resolve(self, hands: Sequence[int], contract: int, forehand: int) -> tuple[int, tuple[int, int]]: ...
    def play(self, n: int, seed: int, start: int, *columns: Any) -> None: ...
    def set_policy(
        self, beats: Sequence[int], stronger: Sequence[int], discard: Sequence[int], trump_worthy: int
    ) -> None: ...
    def policy(
        self, hands: Sequence[int], trick: Sequence[int], leader: int, trick_index: int, contract: int
    ) -> int: ...
    def rollout(
        self,
        hands: Sequence[int],
        trick: Sequence[int],
        leader: int,
        trick_index: int,
        contract: int,
        first: int = ...,
    ) -> tuple[tuple[int, int], tuple[int, int], int]: ...

def draws(seed: int, index: int, count: int, bound: int) -> list[int]: ...
