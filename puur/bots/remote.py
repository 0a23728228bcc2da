"""``remote``: a player reached over HTTP in the HSLU jass-kit player-service protocol.

``remote:url=http://127.0.0.1:9000/myplayer`` posts our observation, converted to jass-kit's JSON
(``puur.bots.jasskit_protocol``), to ``<url>/action_trump`` or ``<url>/action_play_card`` and maps the
answer back. A bot written for the jass-kit course can so sit at our table and in ``puur arena``. jass-kit
knows no Weis, Stöck or claims, and its rules differ in places (undertrumping): an answer that is not
legal here, or no answer within ``timeout`` seconds, is replaced by a seeded random legal action (a
stand-in, as jass-kit's own ``AgentByNetwork`` does) and counted in ``fallbacks``.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from puur.bots import register
from puur.bots.jasskit_protocol import observation_to_jasskit, trump_from_jasskit
from puur.core.cards import CLAIM, Action, Card
from puur.info.observation import Observation

if TYPE_CHECKING:
    import httpx


class RemotePlayer:
    """A jass-kit player service as a Puur player."""

    name = "remote"

    def __init__(self, url: str, timeout: float = 10.0, seed: int | None = None) -> None:
        if not url.startswith(("http://", "https://")):
            raise ValueError(f"remote player url must start with http:// or https://, got {url!r}")
        self.url = url.rstrip("/")
        self.timeout = timeout
        self.rng = random.Random(seed)
        self.fallbacks = 0
        import httpx  # here, not at the top: the players' loader imports this module, and a table without a
        # network (the engine in the page: docs/offline-table.md) has no httpx and never builds this player

        self.client: httpx.Client = httpx.Client(timeout=timeout)
        self.errors: tuple[type[Exception], ...] = (httpx.HTTPError, ValueError, KeyError, TypeError)

    def act(self, observation: Observation) -> Action:
        legal = [a for a in observation.legal_actions if a is not CLAIM]
        if not legal:
            raise ValueError("no legal action: it is not this seat's turn")
        body = observation_to_jasskit(observation)
        try:
            if observation.contract is None:
                r = self.client.post(f"{self.url}/action_trump", json=body)
                r.raise_for_status()
                action: Action = trump_from_jasskit(r.json()["trump"])
            else:
                r = self.client.post(f"{self.url}/action_play_card", json=body)
                r.raise_for_status()
                action = Card.parse(r.json()["card"])
        except self.errors:
            action = None  # type: ignore[assignment]
        if action not in legal:
            self.fallbacks += 1
            action = self.rng.choice(legal)  # type: ignore[assignment]  # a form action too (puur.core.actions)
        return action


@register("remote")
def _make(url: str = "", timeout: float = 10.0, seed: int | None = None) -> RemotePlayer:
    if not url:
        raise ValueError("remote needs url=..., e.g. remote:url=http://127.0.0.1:9000/myplayer")
    return RemotePlayer(url, timeout, seed)
