"""A table of four seats around a ``Game``, with no server and no HTTP: who sits where (``seats``: the seat
plan, pure functions of a game's settings) and what each seat is shown (``view``). The server's live games
(``puur.server.live``) and the table on one device (``puur.local``, the engine in the page) both build on
it, so a seat's view is the same JSON from either."""
