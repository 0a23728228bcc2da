"""Type stub for the compiled search core of ``puur.bots.solver`` (``_solver_core.c``)."""

from collections.abc import Sequence

class Core:
    nodes: int
    deadline: float
    def __init__(
        self,
        beats: Sequence[int],
        up: Sequence[int],
        points: Sequence[int],
        rank: Sequence[int],
        trump_shift: int,
        top_above: Sequence[int],
        trump_points: Sequence[int],
        last_bonus: int,
        match_bonus: int,
        rules: tuple[int, Sequence[int], Sequence[int], Sequence[int], Sequence[int]],
        tt_bits: int = ...,
    ) -> None: ...
    def reset(self, tt_bits: int) -> None: ...
    def lead(
        self, hands: Sequence[int], leader: int, flag: int, left: int, gone: int, alpha: int, beta: int
    ) -> int: ...
    def follow(
        self,
        hands: Sequence[int],
        trick: Sequence[int],
        seat: int,
        wcard: int,
        wseat: int,
        tp: int,
        leader: int,
        flag: int,
        left: int,
        gone: int,
        alpha: int,
        beta: int,
    ) -> int: ...
