"""The policy and value network, the learner's side: its weights in numpy, the forward pass over whole
batches of encoded observations, and the file the players read (``puur.bots.learned.PolicyNetwork``, in
plain Python).

From a seat's encoded observation (``puur.env.encoding.encode``) the network gives, for every action of
``ACTIONS``, how likely the search is to choose it (the policy) and what it is worth (its value, in the
round's written points, the seat's team minus the other, divided by ``VALUE_SCALE``): two hidden layers
of rectified units, then the two heads. It is learnt by expert iteration (``puur.lab.expert``) and ships
as ``puur/bots/policy_net.npz``, the weights kept to half precision, with the encoding version, the rule
profiles it was learnt in and the command that made it.
"""

from __future__ import annotations

import io
import json
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources

import numpy as np

from puur.bots.learned import POLICY_NET_FILE, VALUE_SCALE
from puur.env.encoding import ENCODING_VERSION, N_ACTIONS, OBS_SIZE

LAYERS = ("w1", "b1", "w2", "b2", "wp", "bp", "wv", "bv")
"""The weights: two hidden layers (``w1``, ``w2``), the policy head (``wp``) and the value head (``wv``)."""


@dataclass(frozen=True)
class PolicyNet:
    """The network's weights (``LAYERS``; ``w1`` is ``OBS_SIZE`` by the hidden width, both heads the
    hidden width by ``N_ACTIONS``), the rule profiles it was learnt in, and where it came from."""

    w1: np.ndarray
    b1: np.ndarray
    w2: np.ndarray
    b2: np.ndarray
    wp: np.ndarray
    bp: np.ndarray
    wv: np.ndarray
    bv: np.ndarray
    profiles: tuple[str, ...] = ("schieber",)
    source: str = ""

    def __post_init__(self) -> None:
        if self.w1.shape[0] != OBS_SIZE or self.wp.shape[1] != N_ACTIONS or self.wv.shape[1] != N_ACTIONS:
            raise ValueError(f"a policy network reads {OBS_SIZE} inputs and has {N_ACTIONS} actions: encoding version {ENCODING_VERSION}")
        if not (self.w1.shape[1] == self.b1.shape[0] == self.w2.shape[0]
                and self.w2.shape[1] == self.b2.shape[0] == self.wp.shape[0] == self.wv.shape[0]):  # fmt: skip
            raise ValueError("policy network: the layers' shapes do not chain")

    @classmethod
    def from_layers(cls, w: Mapping[str, np.ndarray], profiles: tuple[str, ...] = ("schieber",), source: str = "") -> PolicyNet:
        """The network of the named weights (``LAYERS``), in float32."""
        f = {k: np.asarray(w[k], dtype=np.float32) for k in LAYERS}
        return cls(f["w1"], f["b1"], f["w2"], f["b2"], f["wp"], f["bp"], f["wv"], f["bv"], profiles=profiles, source=source)

    def forward(self, x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """``(logits, values)``, each ``(n, N_ACTIONS)``, for encoded observations ``x`` (``(n, OBS_SIZE)``);
        the values in ``VALUE_SCALE`` units."""
        h = np.maximum(x @ self.w1 + self.b1, 0.0)
        h = np.maximum(h @ self.w2 + self.b2, 0.0)
        return h @ self.wp + self.bp, h @ self.wv + self.bv

    def to_bytes(self) -> bytes:
        """The weights as ``load`` and the players read them (a compressed ``.npz``, half precision)."""
        buf = io.BytesIO()
        meta = {"encoding_version": ENCODING_VERSION, "profiles": list(self.profiles), "source": self.source}
        np.savez_compressed(buf, **{k: getattr(self, k).astype(np.float16) for k in LAYERS}, meta=np.array(json.dumps(meta)))
        return buf.getvalue()


def load(data: bytes) -> PolicyNet:
    """The network ``to_bytes`` wrote; ``ValueError`` when it was learnt on another encoding version."""
    with np.load(io.BytesIO(data)) as z:
        meta = json.loads(str(z["meta"]))
        if meta["encoding_version"] != ENCODING_VERSION:
            raise ValueError(f"policy network: learnt on encoding version {meta['encoding_version']}, not {ENCODING_VERSION}")
        return PolicyNet.from_layers({k: z[k] for k in LAYERS}, tuple(meta["profiles"]), meta["source"])


@cache
def default_net() -> PolicyNet:
    """The network shipped in the package (``puur/bots/policy_net.npz``)."""
    return load(resources.files("puur.bots").joinpath(POLICY_NET_FILE).read_bytes())


__all__ = ["LAYERS", "VALUE_SCALE", "PolicyNet", "default_net", "load"]
