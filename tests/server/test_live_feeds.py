"""A view read once for all of a worker's live clients (``puur.server.live.feeds``): the tournament standings
live. However many clients follow one feed, the view is read once a poll; each client gets every change in
order (or, behind, the latest), the feed ends with the last view, and it is forgotten with its last client."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from api_client import run_apart

from puur.server.live.feeds import Feeds

POLL = 0.01


class Standings:
    """A view that moves on by one at each read, to ``last``; counts its reads."""

    def __init__(self, last: int) -> None:
        self.reads, self.last = 0, last

    def read(self) -> dict[str, Any]:
        self.reads += 1
        step = min(self.reads, self.last)
        return {"deals_played": step, "over": step == self.last}


def _over(view: dict[str, Any]) -> bool:
    return bool(view["over"])


async def _client(feeds: Feeds, standings: Standings) -> list[int]:
    return [json.loads(text)["deals_played"] async for text in feeds.follow("t1", standings.read, _over)]


def test_three_clients_share_one_read_a_poll_and_each_sees_every_change_to_the_last() -> None:
    async def main() -> tuple[list[list[int]], int, int]:
        feeds, standings = Feeds(POLL), Standings(last=6)
        seen = await asyncio.gather(*(_client(feeds, standings) for _ in range(3)))
        return list(seen), standings.reads, len(feeds)

    seen, reads, left = run_apart(main())
    assert seen == [[1, 2, 3, 4, 5, 6]] * 3  # every change, in order, the last one included
    assert reads == 6  # one read a poll for the three, not three
    assert left == 0  # the feed went with its last client


def test_a_client_behind_skips_to_the_latest_view_and_one_that_leaves_costs_nothing_more() -> None:
    async def main() -> tuple[list[int], list[int], int]:
        feeds, standings = Feeds(POLL), Standings(last=40)
        late: list[int] = []
        leaver: list[int] = []

        async def slow() -> None:
            async for text in feeds.follow("t1", standings.read, _over):
                late.append(json.loads(text)["deals_played"])
                await asyncio.sleep(POLL * 5)  # reads a message in five polls' time

        async def leaves() -> None:
            async for text in feeds.follow("t1", standings.read, _over):
                leaver.append(json.loads(text)["deals_played"])
                if len(leaver) == 2:
                    break

        await asyncio.gather(slow(), leaves())
        return late, leaver, len(feeds)

    late, leaver, left = run_apart(main())
    assert late[-1] == 40 and late == sorted(set(late)) and len(late) < 40  # skipped ahead, never back, got the end
    assert leaver == [1, 2] and left == 0


def test_a_view_that_cannot_be_read_once_keeps_the_last_one_and_the_feed_goes_on() -> None:
    async def main() -> list[int]:
        feeds, standings = Feeds(POLL), Standings(last=3)
        calls = 0

        def flaky() -> dict[str, Any]:
            nonlocal calls
            calls += 1
            if calls == 2:
                raise OSError("the database did not answer")
            return standings.read()

        return [json.loads(text)["deals_played"] async for text in feeds.follow("t1", flaky, _over)]

    assert run_apart(main()) == [1, 2, 3]
