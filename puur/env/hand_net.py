"""A learnt network of the hidden hands: from a seat's encoded observation, how likely each other seat holds
each card the seat cannot see.

The log-linear model (``puur.bots.hand_model``) reads the play through fourteen named features; this
network reads the whole observation as the environments encode it (``puur.env.encoding.encode``): two
hidden layers of rectified units, then for each of the 36 cards a score for each other seat, relative to
the observing seat (1 next, 2 partner, 3 previous). A hidden card ``c`` goes to seat ``s`` with weight
``exp(score[c, s])`` times the room left in ``s``'s hand, among the seats the rules allow: the same form
as the log-linear model's ``card_weights``, so the sampler (``Determinizer``'s ``weights``) takes either.

It is given the ``Observation`` and nothing else (what the seat may know, INTERFACES.md §2), so no hidden
card can reach it. The weights are learnt from self-play labelled with the real deal
(``benchmarks/hand_net.py``) and ship in the package as ``puur/bots/hand_net.npz``. This module is the
learner's side, in numpy (whole batches of encoded observations); the players read the same file in plain
Python (``puur.bots.learned.HandNetwork``).
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from functools import cache
from importlib import resources

import numpy as np

from puur.bots.learned import HAND_NET_FILE
from puur.env.encoding import ENCODING_VERSION, OBS_SIZE

LAYERS = ("w1", "b1", "w2", "b2", "w3", "b3")


@dataclass(frozen=True)
class HandNet:
    """The network's weights (``LAYERS``): ``w1`` is ``OBS_SIZE`` by the hidden width, ``w3`` the hidden
    width by 36 x 3 (card, then relative seat 1..3); and where they came from."""

    w1: np.ndarray
    b1: np.ndarray
    w2: np.ndarray
    b2: np.ndarray
    w3: np.ndarray
    b3: np.ndarray
    source: str = ""

    def __post_init__(self) -> None:
        if self.w1.shape[0] != OBS_SIZE or self.w3.shape[1] != 36 * 3:
            raise ValueError(f"a hand network reads {OBS_SIZE} inputs and scores 36 x 3: encoding version {ENCODING_VERSION}")
        if not (self.w1.shape[1] == self.b1.shape[0] == self.w2.shape[0] and self.w2.shape[1] == self.b2.shape[0] == self.w3.shape[0]):
            raise ValueError("hand network: the layers' shapes do not chain")

    def scores(self, x: np.ndarray) -> np.ndarray:
        """``(n, 36, 3)`` scores for encoded observations ``x`` (``(n, OBS_SIZE)``)."""
        h = np.maximum(x @ self.w1 + self.b1, 0.0)
        h = np.maximum(h @ self.w2 + self.b2, 0.0)
        return (h @ self.w3 + self.b3).reshape(-1, 36, 3)

    def to_bytes(self) -> bytes:
        """The weights as ``load`` reads them (a compressed ``.npz``, the weights kept to half precision:
        the package stays small and the scores move by a thousandth)."""
        buf = io.BytesIO()
        np.savez_compressed(
            buf, **{k: getattr(self, k).astype(np.float16) for k in LAYERS}, source=np.array(self.source),
            encoding_version=np.array(ENCODING_VERSION),
        )  # fmt: skip
        return buf.getvalue()


def load(data: bytes) -> HandNet:
    """The network ``to_bytes`` wrote; ``ValueError`` when it was learnt on another encoding version."""
    with np.load(io.BytesIO(data)) as z:
        if int(z["encoding_version"]) != ENCODING_VERSION:
            raise ValueError(f"hand network: learnt on encoding version {int(z['encoding_version'])}, not {ENCODING_VERSION}")
        w = {k: np.asarray(z[k], dtype=np.float32) for k in LAYERS}
        return HandNet(w["w1"], w["b1"], w["w2"], w["b2"], w["w3"], w["b3"], source=str(z["source"]))


@cache
def default_net() -> HandNet:
    """The network shipped in the package (``puur/bots/hand_net.npz``, which ``puur.bots.learned`` reads)."""
    return load(resources.files("puur.bots").joinpath(HAND_NET_FILE).read_bytes())


__all__ = ["LAYERS", "HandNet", "default_net", "load"]
