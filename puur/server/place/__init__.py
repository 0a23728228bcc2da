"""The place to play: players who are remembered, the public lobby, ratings, statistics, spectators and
duplicate tournaments — decided here, over the live tables (``puur.server.live``) and the place's database
(``puur.server.store.place``), without HTTP (the routes in ``puur.server.http`` translate)."""
