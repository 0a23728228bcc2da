"""The encoding of ``puur.info.encoding`` as numpy arrays, for the environments: a seat's observation as a
float32 vector of ``OBS_SIZE`` values (``encode``), the legal actions as a mask over ``ACTIONS``
(``action_mask``), and an action index back to the Puur action (``decode``). The layout, its version and
the actions' indices are ``puur.info.encoding``'s (the names the environments' users know are named here
too: ``ACTIONS``, ``N_ACTIONS``, ``OBS_SIZE``, ``ENCODING_VERSION``, ``STOECK``, ``layout``, ...).
"""

from __future__ import annotations

import numpy as np

from puur.core.cards import Card, Contract, Special
from puur.info.encoding import (
    ACTIONS,
    ENCODING_VERSION,
    N_ACTIONS,
    OBS_SIZE,
    STOECK,
    EnvSpecial,
    action_index,
    check_profile,
    features,
    layout,
    stoeck_card,
)
from puur.info.observation import Observation


def encode(obs: Observation) -> np.ndarray:
    """The observation as a float32 vector of ``OBS_SIZE`` values in [0, 1]: ``features`` written out.

    A pure function of ``obs``: two observations that are equal encode equally, whatever the hidden cards
    of the other seats."""
    v = np.zeros(OBS_SIZE, dtype=np.float32)
    f = features(obs)
    v[list(f)] = list(f.values())
    return v


def action_mask(obs: Observation) -> np.ndarray:
    """The legal actions as an int8 vector over ``ACTIONS`` (all zero when the seat is not to act)."""
    m = np.zeros(N_ACTIONS, dtype=np.int8)
    for a in obs.legal_actions:
        m[action_index(a)] = 1
    if stoeck_card(obs) is not None:
        m[action_index(STOECK)] = 1
    return m


def decode(obs: Observation, index: int) -> tuple[Card | Contract | Special, tuple[str, ...]]:
    """The Puur action and declarations for action ``index`` of the seat to act: ``(action, declare)`` for
    ``Game.apply``. ``ValueError`` when the index is out of range or not legal now."""
    if isinstance(index, bool) or not isinstance(index, int | np.integer) or not 0 <= int(index) < N_ACTIONS:
        raise ValueError(f"an action is an index 0..{N_ACTIONS - 1} (puur.env.encoding.ACTIONS), got {index!r}")
    action = ACTIONS[int(index)]
    if action is STOECK:
        card = stoeck_card(obs)
        if card is None:
            raise ValueError("action stoeck is not legal now: no Stöck to declare with a card now")
        return card, ("stoeck",)
    if action not in obs.legal_actions:  # a card never equals a contract of the same int
        legal = ", ".join(f"{action_index(a)}={a}" for a in obs.legal_actions)
        raise ValueError(f"action {int(index)} ({action}) is not legal now; legal: {legal or 'none (not this seat to act)'}")
    assert not isinstance(action, EnvSpecial)
    return action, ()


__all__ = [
    "ACTIONS", "ENCODING_VERSION", "N_ACTIONS", "OBS_SIZE", "STOECK", "action_index", "action_mask", "check_profile",
    "decode", "encode", "layout", "stoeck_card",
]  # fmt: skip
