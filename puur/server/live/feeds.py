"""A view that this worker reads once for all its live clients, and sends to each when it changes.

A tournament's standings live (``puur.server.http.tournaments``) change when any of its tables moves on, on
any worker; each worker learns of it by reading the view from the store. Read per client, a hundred people
following one tournament would cost a hundred reads a second; read per feed, one. A view is whole (each
message replaces the last), so a client that falls behind skips to the latest one instead of queueing:
what one slow client may cost is one event and one string, however long it lags.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import AsyncIterator, Callable
from typing import Any

View = dict[str, Any]
log = logging.getLogger(__name__)


def encoded(message: dict[str, Any]) -> str:
    """A live connection's message as it goes out (``WebSocket.send_json``'s JSON: compact, UTF-8 kept); a
    message for many connections is encoded once and sent as this text."""
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False)


class PolledFeed:
    """One view, read by ``read`` (in a thread: it reads the store) every ``poll`` seconds while a client
    follows it, until ``is_last(view)``; ``follow`` gives each client the current view, then each change."""

    def __init__(self, read: Callable[[], View], poll: float, is_last: Callable[[View], bool]) -> None:
        self._read, self._poll, self._is_last = read, poll, is_last
        self.text: str | None = None
        self.version = 0
        self.ended = False
        self.clients: set[asyncio.Event] = set()
        self._poller: asyncio.Task[None] | None = None
        self._first_read = asyncio.Lock()

    def offer(self, view: View) -> None:
        """Take ``view`` as read now: the clients are woken when it differs from the last one."""
        text = json.dumps(view, sort_keys=True)
        if text != self.text:
            self.text, self.version = text, self.version + 1
        self.ended = self.ended or self._is_last(view)
        for wake in self.clients:
            wake.set()

    async def follow(self) -> AsyncIterator[str]:
        """The view as JSON text, then each change, until the last view is sent or the client stops."""
        wake = asyncio.Event()
        self.clients.add(wake)
        try:
            async with self._first_read:  # clients arriving together wait for one read
                if self.text is None:
                    self.offer(await asyncio.to_thread(self._read))
            seen = 0
            while True:
                if self.version != seen and self.text is not None:
                    seen = self.version
                    yield self.text
                    continue  # the view may have moved on (or ended) while the client read this one
                if self.ended:
                    return
                if self._poller is None or self._poller.done():
                    self._poller = asyncio.create_task(self._poll_while_followed())
                await wake.wait()
                wake.clear()
        finally:
            self.clients.discard(wake)

    async def _poll_while_followed(self) -> None:
        while self.clients and not self.ended:
            await asyncio.sleep(self._poll)
            try:
                view = await asyncio.to_thread(self._read)
            except Exception:  # the store did not answer this time: the clients keep the last view, and wait
                log.exception("a live feed's view could not be read")
                continue
            self.offer(view)


class Feeds:
    """This worker's feeds by key (a tournament's id): made by the first client, gone with the last one."""

    def __init__(self, poll: float) -> None:
        self.poll = poll
        self._feeds: dict[str, PolledFeed] = {}

    async def follow(self, key: str, read: Callable[[], View], is_last: Callable[[View], bool],
                     first: View | None = None) -> AsyncIterator[str]:
        """``PolledFeed.follow`` of the feed of ``key`` (``first``: its view as the caller just read it)."""
        feed = self._feeds.get(key)
        if feed is None or feed.ended:
            feed = self._feeds[key] = PolledFeed(read, self.poll, is_last)
        if first is not None:
            feed.offer(first)
        try:
            async for text in feed.follow():
                yield text
        finally:
            if not feed.clients and self._feeds.get(key) is feed:
                del self._feeds[key]

    def __len__(self) -> int:
        return len(self._feeds)


__all__ = ["Feeds", "PolledFeed"]
