"""What an app opens once, on first use, and keeps on ``app.state``: its game hub, its place database."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any, TypeVar

from starlette.datastructures import State

T = TypeVar("T")
_lock = threading.RLock()  # re-entrant: making the hub opens the place database (its ratings)


def opened_once(state: State, name: str, make: Callable[[], T]) -> T:
    """``state.<name>``, made by ``make`` the first time (two requests arriving together make it once)."""
    held: Any = getattr(state, name, None)
    if held is None:
        with _lock:
            held = getattr(state, name, None)
            if held is None:
                held = make()
                setattr(state, name, held)
    return held  # type: ignore[no-any-return]
