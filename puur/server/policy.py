"""What a request may name and what it may cost: the one place the server decides (SECURITY.md).

Players. A request (a seat of ``POST /api/v1/games``, the MCP tool ``new_game``) may name only

* a built-in player (``random``, ``heuristic``, ``mcts``, ``learned``) with its documented options, each bounded
  (``BUILTIN_PLAYERS``): ``mcts:level=easy``, ``mcts:time=0.5,seed=3``; or
* a player the operator added with ``puur serve --allow-player NAME=SPEC``, by its NAME alone.

Everything else (``package.module:Class``, ``remote:url=...``, an unknown option, a value out of its
bounds) is refused before anything is imported, built or called; the refusal names the allowed choices and
nothing else (no installed module). Loading a player from a module and ``remote:`` stay with the person
running Puur: the CLI (``puur arena``, ``puur play``) and the operator's ``--allow-player`` use
``puur.bots.make_player``.

Cost. ``ServerSettings`` holds every bound of a request: the body size (``BodyLimit``, 413), the batch of
``/rules/eval``, the review queue, live connections, live games in memory and the database's retention, and
the rate limits per client address (``RateLimit``, 429 with Retry-After; the ``limits`` library) and per
seat (``SeatRate``), the shares of one client address in the shared tables (MCP games, the review queue) and
the computers' thinking in one request. The defaults of ``ServerSettings()`` bound everything but the rate;
``ServerSettings.for_serve`` (what ``puur serve`` uses) turns the rate limits on.
"""

from __future__ import annotations

import json
import math
import re
import secrets
import threading
import time
from collections.abc import Awaitable, Callable, MutableMapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from puur.bots import REGISTRY, Player, make_player, parse_spec, player_names
from puur.bots.mcts import BIDDINGS, HANDS, LEVELS
from puur.schema_types import decimal_pattern, each_schema, whole_number_pattern

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

MAX_SPEC_LENGTH = 200
"""A seat's player spec longer than this is refused unread."""
MAX_THINK_SECONDS = 2.0
"""The most a request may give ``mcts`` to think per decision (``time``); an ``iters`` budget without a
``time`` gets this as its safety stop, as the levels have theirs (``puur.bots.mcts.LEVELS``)."""
FALLBACK_PLAYER = "heuristic"
"""Who decides a computer seat's move once its request's think budget is spent
(``ServerSettings.think_per_request``): a sound player (not a random card) that decides in well under a
millisecond."""
SEED_BOUND = 10**18
"""A player spec's seed is below this (18 digits at most): the schema states it in a short pattern, and the
server gives each computer of a game its own seed per action anyway (``PlayerPolicy.make``)."""
NAME = re.compile(r"^[a-z][a-z0-9_-]{0,31}$")
"""An operator's player NAME: lower-case letters, digits, ``_`` and ``-``, at most 32 characters."""
RESERVED = frozenset({"human", "auto"})
SEATS = 4
"""A Schieber table's seats (RULES.md §1: four players, two teams)."""
SERVE_RATE_GAMES = "20/minute"
"""``puur serve``'s default rate of games created per client address (``--rate-games``)."""
SERVE_RATE_CALLS = "120/minute"
"""``puur serve``'s default rate of other costly calls per client address (``--rate-calls``)."""
SERVE_RATE_ACTIONS = "40/2seconds"
"""``puur serve``'s default rate of actions per seat of a game (``--rate-actions``): 20 a second on average,
40 at once (a person plays at most a card or two a second; a script that loops is slowed, not the table)."""


class PlayerRefused(ValueError):
    """A player spec that a request may not name; the message says what is allowed."""


@dataclass(frozen=True)
class Option:
    """One documented option of a built-in player and the values a request may give it: a number within
    ``low``..``high`` or one of ``choices``."""

    kind: type
    low: float = 0
    high: float = 0
    choices: tuple[str, ...] = ()

    def describe(self) -> str:
        if self.choices:
            return "|".join(self.choices)
        if self.kind is int and self.high >= SEED_BOUND - 1:
            return f"a whole number from {int(self.low)} of at most {len(str(SEED_BOUND - 1))} digits"
        if self.kind is int:
            return f"{int(self.low)}..{int(self.high)}"
        return f"{self.low:g}..{self.high:g}"

    def pattern(self) -> str:
        """The values as a spec writes them (``puur.schema_types``): a whole number plainly, a decimal
        with at most two places, or one of the choices."""
        if self.choices:
            return "(?:" + "|".join(re.escape(c) for c in self.choices) + ")"
        if self.kind is int:
            return whole_number_pattern(int(self.low), int(self.high))
        return decimal_pattern(self.low, self.high)

    def check(self, value: Any) -> bool:
        if self.choices:
            return isinstance(value, str) and value in self.choices
        if isinstance(value, bool) or not isinstance(value, int | float):
            return False
        if self.kind is int and not isinstance(value, int):
            return False
        return math.isfinite(value) and self.low <= value <= self.high


SEED = Option(int, 0, SEED_BOUND - 1)
SEARCH_OPTIONS: dict[str, Option] = {
    "level": Option(str, choices=tuple(LEVELS)),
    "iters": Option(int, 1, max(b for b, _, _ in LEVELS.values())),
    "citers": Option(int, 1, max(c for _, c, _ in LEVELS.values())),
    "time": Option(float, 0.01, MAX_THINK_SECONDS),
    "seed": SEED,
    "contract": Option(str, choices=("search", "model")),
    "pushed": Option(int, 1, 16),
    "endgame": Option(int, 0, 9),
    "hands": Option(str, choices=HANDS),
    "bidding": Option(str, choices=BIDDINGS),
    "readbid": Option(int, 1, 16),
}
"""The search's options (``puur.bots.mcts``) and their bounds: ``iters`` and ``citers`` within the levels'
range, ``time`` at most ``MAX_THINK_SECONDS``."""
BUILTIN_PLAYERS: dict[str, dict[str, Option]] = {
    "random": {"seed": SEED},
    "heuristic": {"seed": SEED},
    "mcts": SEARCH_OPTIONS,
    "learned": {  # the search's, but the hidden hands: it deals them by its network
        **{k: o for k, o in SEARCH_OPTIONS.items() if k != "hands"},
        "prior": Option(float, 0, 64),
        "prune": Option(float, 0, 0.5),
    },
}
"""The built-in players a request may name, each with its documented options and their bounds (``random_player``,
``heuristic``, ``puur.bots.mcts``, ``puur.bots.learned``)."""


class PlayerPolicy:
    """Which players a request may name: the built-in ones (``BUILTIN_PLAYERS``) and the operator's
    ``NAME=SPEC`` entries (``allowed``), which a request names by NAME only."""

    def __init__(self, allowed: dict[str, str] | None = None) -> None:
        self.allowed: dict[str, str] = {}
        for name, spec in (allowed or {}).items():
            if not NAME.match(name) or name in BUILTIN_PLAYERS or name in RESERVED:
                raise ValueError(
                    f"--allow-player {name!r}: a NAME is lower-case letters, digits, '_' or '-' (at most 32) and "
                    f"not one of {', '.join(sorted({*BUILTIN_PLAYERS, *RESERVED}))}"
                )
            self.allowed[name] = spec

    @classmethod
    def from_options(cls, entries: list[str]) -> PlayerPolicy:
        """From ``puur serve --allow-player NAME=SPEC`` entries; each SPEC is built once (with ``seed=0``, as
        the server builds it) so a mistake stops the server at start, not a game later."""
        allowed: dict[str, str] = {}
        for entry in entries:
            name, sep, spec = entry.partition("=")
            if not sep or not spec.strip():
                raise ValueError(f"--allow-player {entry!r}: write NAME=SPEC, e.g. mine=mypackage.players:Mine")
            allowed[name.strip()] = spec.strip()
        policy = cls(allowed)
        for name, spec in policy.allowed.items():
            try:
                make_player(spec, seed=0)
            except ValueError as e:
                raise ValueError(f"--allow-player {name}={spec}: {e}") from None
        return policy

    def names(self) -> list[str]:
        """Every player name a request may use."""
        return sorted(BUILTIN_PLAYERS) + sorted(self.allowed)

    def describe(self) -> str:
        """The allowed choices, as the refusals state them."""
        parts = []
        for name, options in BUILTIN_PLAYERS.items():
            opts = ", ".join(f"{k}={o.describe()}" for k, o in options.items())
            parts.append(f"{name} (options: {opts})")
        parts += [f"{name} (no options)" for name in sorted(self.allowed)]
        return "; ".join(parts)

    @cached_property
    def spec_pattern(self) -> str:
        """The players a request may name, as one unanchored pattern: each built-in player, alone or with
        ``:key=value,...`` options in their bounds (``player_pattern``), and each operator NAME. The schema
        states it, and ``check`` holds a spec to it."""
        return "(?:" + "|".join([*(player_pattern(n, o) for n, o in BUILTIN_PLAYERS.items()),
                                  *(re.escape(name) for name in sorted(self.allowed))]) + ")"

    def _refuse(self, why: str) -> PlayerRefused:
        return PlayerRefused(f"{why}. Allowed players: {self.describe()}")

    def check(self, spec: Any) -> tuple[str, dict[str, Any]]:
        """The player's name and options if a request may name ``spec``; else ``PlayerRefused``. Nothing is
        imported or built."""
        if not isinstance(spec, str) or not spec.strip(" "):
            raise self._refuse("a player is a name with options, as in 'mcts:level=easy'")
        if len(spec) > MAX_SPEC_LENGTH:  # spaces around included, as the schema's maxLength counts them
            raise self._refuse(f"a player spec has at most {MAX_SPEC_LENGTH} characters")
        spec = spec.strip(" ")
        if spec in self.allowed:
            return spec, {}
        name, opts = self._options(spec)
        if not re.fullmatch(self.spec_pattern, spec):  # what a schema can state: one spelling of each value
            raise self._refuse(
                f"write the player as {name} or {name}:key=value,key=value with each value plainly: a whole number "
                "without a sign or a zero in front, a decimal with at most two places (0.25), or one of the words"
            )
        return name, opts

    def _options(self, spec: str) -> tuple[str, dict[str, Any]]:
        """The built-in player's name and options of ``spec``, each option known and in its bounds."""
        try:
            name, opts = parse_spec(spec)
        except ValueError:
            raise self._refuse("a player's options are key=value, separated by commas") from None
        if name in self.allowed:
            raise self._refuse(f"{name!r} is set by the server's operator and takes no options")
        options = BUILTIN_PLAYERS.get(name)
        if options is None:
            raise self._refuse(f"{_shown(name)} is not a player this server offers")
        for key, value in opts.items():
            option = options.get(key)
            if option is None:
                raise self._refuse(f"{name} has no option {_shown(key)}")
            if not option.check(value):
                raise self._refuse(f"{name}: {key} must be {option.describe()}, not {_shown(str(value))}")
        return name, opts

    def make(self, spec: str, seed: int | None = None) -> Player:
        """The player for an allowed ``spec`` (``check`` first): an operator's entry through
        ``make_player``; a built-in one straight from its factory. ``seed`` replaces the spec's seed."""
        name, opts = self.check(spec)
        if name in self.allowed:
            return make_player(self.allowed[name], **({} if seed is None else {"seed": seed}))
        if seed is not None:
            opts["seed"] = seed
        if "iters" in opts and "time" not in opts:  # a search's budget (``SEARCH_OPTIONS``), checked above
            opts["time"] = MAX_THINK_SECONDS  # a safety stop, like the levels'
        player_names()  # loads the built-in players' modules (``puur.bots``' own, nothing else)
        player: Player = REGISTRY[name](**opts)
        return player


def state_players(policy: PlayerPolicy) -> Callable[[Any], None]:
    """A rewrite of the served OpenAPI document: the seats' patterns name this server's players (the request
    models state the built-in ones, ``BUILTIN_SPECS``; an operator's ``--allow-player`` names join them)."""
    mine = policy.spec_pattern

    def name_mine(node: dict[str, Any]) -> None:
        if isinstance(node.get("pattern"), str) and BUILTIN_SPECS in node["pattern"]:
            node["pattern"] = node["pattern"].replace(BUILTIN_SPECS, mine)

    return lambda document: each_schema(document, name_mine)


def player_pattern(name: str, options: dict[str, Option]) -> str:
    """A built-in player alone or with its options, each ``key=value`` in its bounds, in any order, as
    ``Option.pattern`` writes the values."""
    option = "(?:" + "|".join(f"{re.escape(key)}={o.pattern()}" for key, o in options.items()) + ")"
    return f"{re.escape(name)}(?::{option}(?:,{option})*)?"


def _shown(text: str) -> str:
    """A caller's text as a refusal quotes it: short, repr-quoted."""
    return repr(text if len(text) <= 40 else text[:40] + "...")


BUILTIN_SPECS = PlayerPolicy().spec_pattern
"""The built-in players as the request models' schemas state them (``state_players`` adds the operator's)."""


# ----- what a request may cost -----
@dataclass(frozen=True)
class ServerSettings:
    """Every bound of a request; ``create_app(settings=...)`` and ``puur serve`` options set them."""

    players: PlayerPolicy = field(default_factory=PlayerPolicy)
    body_limit: int = 1_000_000
    """Bytes of a request body on /api/v1 and /mcp (413 past it)."""
    eval_batch: int = 1000
    """Requests in one array to /api/v1/rules/eval (413 past it)."""
    reviews_per_game: int = 4
    """Round reviews waiting or running for one game (429 past it)."""
    reviews_total: int = 32
    """Round reviews waiting or running in all (429 past it)."""
    reviews_per_client: int = 8
    """Round reviews waiting or running asked for by one client address (429 past it): below
    ``reviews_total``, so that one client cannot fill the queue for everyone else."""
    reviews_ahead: int = 0
    """Rounds reviewed while they are played, at once at most (a worker process each; ``puur.server.live.reviews``):
    their review answers as soon as the round is over. 0: reviews start on request only."""
    listeners_per_seat: int = 4
    """Live connections (WebSocket) of one seat (a phone, a laptop, a tab or two): a further one closes the
    seat's oldest (code 4409), so one seat can never fill its game's connections."""
    listeners_per_game: int = 20
    """Live connections to one game: at least every seat's own (``listeners_per_seat``) plus one a seat for a
    seat connected to another worker (a shared store), so the cap never refuses a seat's first connection."""
    listeners_per_client: int = 32
    spectators_per_game: int = 200
    """Spectators watching one public table (each a live connection, counted over every worker)."""
    """Live connections from one client address, all games together."""
    rate_games: str | None = None
    """Games created (``POST /games``, ``/rematch``) per client address, in ``limits`` notation
    (``"20/minute"``); None: no limit. Seats taken by invite (``/join``) and players made, renamed or carried to
    a device (``/players/me``, ``/players/me/carry``, ``/players/carry``) are counted apart, each at this rate."""
    rate_calls: str | None = None
    """Other costly calls per client address (``/mcp``, ``/solve``, ``/rules/eval``, round reviews, a device's
    match sent for a player's statistics)."""
    rate_actions: str | None = None
    """Actions (``POST /games/{id}/actions``) per seat of a game, in ``limits`` notation; None: no limit.
    Counted per seat, not per address: one seat's loop cannot slow another seat's play (``SeatRate``)."""
    max_live_games: int = 1000
    """Games held in memory; past it the least recently used finished or idle ones leave memory (they
    reload from the store on demand)."""
    live_idle_seconds: float = 300.0
    """A game still being played leaves memory only after this long without a request."""
    retention_days: float = 90.0
    """Games whose last action is older than this are deleted from the store."""
    mcp_max_games: int = 500
    """Running games started over MCP, all clients together (``GameShares``; a new one past it: ``busy``)."""
    mcp_idle_seconds: float = 6 * 3600.0
    """An MCP game untouched over MCP this long no longer counts as running (it stays stored, as any game)."""
    mcp_games_per_client: int = 20
    """Running MCP games started from one client address: below ``mcp_max_games``, so that one client cannot
    take every MCP game's place from the others (a finished game makes room; while all of its games run, its
    new one is refused: ``limit``)."""
    think_per_request: float = 10.0
    """Seconds the computer seats of one table may think in one request (after a person's action they move
    until a person is to act). Once spent, that request's remaining computer decisions are the quick
    ``FALLBACK_PLAYER``'s (a fraction of a millisecond each); the seats keep their players. A decision
    started within the budget still ends at its own safety stop (``MAX_THINK_SECONDS``, the levels')."""
    away_seconds: float = 60.0
    """An online table hands the seat of a person absent (no live connection) this long at their turn to a
    computer until they come back (``puur.server.live.tables``)."""
    abandon_seconds: float = 180.0
    """The last person at a rated table (no other person plays there: a lone person with computers, or the
    last one left), absent this long at their turn, has abandoned the match: a computer plays for them and the
    computers finish it, counted as a loss (``LiveGame.patience``). A private table that is not rated waits."""
    reactions_per_seat: int = 5
    """Quick reactions one seat may send in ``REACTION_WINDOW`` seconds (429 past it)."""

    def __post_init__(self) -> None:
        least = SEATS * (self.listeners_per_seat + 1)
        if self.listeners_per_seat < 1 or self.listeners_per_game < least:
            raise ValueError(f"listeners_per_game must be at least {least} (4 seats x (listeners_per_seat + 1)), "
                             f"not {self.listeners_per_game}: a seat's connection must never be refused for another's")

    @classmethod
    def for_serve(cls, **overrides: Any) -> ServerSettings:
        """What ``puur serve`` runs with: the defaults plus rate limits on (per address and per seat) and one
        round at a time reviewed while it is played."""
        values: dict[str, Any] = {"rate_games": SERVE_RATE_GAMES, "rate_calls": SERVE_RATE_CALLS,
                                  "rate_actions": SERVE_RATE_ACTIONS, "reviews_ahead": 1, **overrides}
        return cls(**values)


def settings_of(app: Any) -> ServerSettings:
    """The app's settings (``create_app`` stores them on ``app.state.settings``)."""
    settings = getattr(app.state, "settings", None)
    return settings if isinstance(settings, ServerSettings) else ServerSettings()


async def _json_error(send: Send, status: int, detail: Any, headers: tuple[tuple[bytes, bytes], ...] = ()) -> None:
    body = json.dumps({"detail": detail}).encode()
    await send({
        "type": "http.response.start", "status": status,
        "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()), *headers],
    })  # fmt: skip
    await send({"type": "http.response.body", "body": body})


class BodyLimit:
    """ASGI middleware: a request body over ``limit`` bytes on a path under ``prefixes`` is refused with 413,
    declared (``Content-Length``) or streamed, without reading more than the limit."""

    def __init__(self, app: ASGIApp, limit: int, prefixes: tuple[str, ...] = ("/api/v1", "/mcp")) -> None:
        self.app = app
        self.limit = limit
        self.prefixes = prefixes

    def _message(self) -> str:
        return f"the request body is over {self.limit} bytes"

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or not str(scope.get("path", "")).startswith(self.prefixes):
            await self.app(scope, receive, send)
            return
        declared = dict(scope.get("headers") or []).get(b"content-length")
        if declared is not None and (not declared.isdigit() or int(declared) > self.limit):
            await _json_error(send, 413, self._message())
            return
        seen = 0
        refused = started = False

        async def limited() -> Message:
            nonlocal seen, refused
            if refused:
                return {"type": "http.disconnect"}
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.limit:
                    refused = True
                    if not started:
                        await _json_error(send, 413, self._message())
                    return {"type": "http.disconnect"}
            return message

        async def tracked(message: Message) -> None:
            nonlocal started
            if refused:  # the 413 is sent: what the app answers to the cut body is dropped
                return
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        try:
            await self.app(scope, limited, tracked)
        except Exception:
            if not refused:
                raise


@dataclass(frozen=True)
class RateRule:
    """Requests matching ``method`` and ``path`` (a regular expression) count against ``limit`` per client
    address; ``what`` names them in the 429."""

    method: str
    path: str
    what: str
    limit: str


def rate_rules(settings: ServerSettings) -> list[RateRule]:
    """The costly calls and their limits (the ones set in ``settings``)."""
    rules = []
    if settings.rate_games:
        rules += [
            RateRule("POST", r"/api/v1/games", "creating games", settings.rate_games),
            RateRule("POST", r"/api/v1/games/[^/]+/rematch", "creating games", settings.rate_games),
            RateRule("POST", r"/api/v1/games/upload", "creating games", settings.rate_games),  # a device's game kept
            RateRule("POST", r"/api/v1/games/[^/]+/join", "joining tables", settings.rate_games),
            RateRule("POST", r"/api/v1/tournaments", "creating games", settings.rate_games),
            RateRule("POST", r"/api/v1/tournaments/[^/]+/join", "joining tables", settings.rate_games),
            RateRule("POST", r"/api/v1/lobby/play", "joining tables", settings.rate_games),  # may open a table
            RateRule("POST", r"/api/v1/lobby/tables/[^/]+/sit", "joining tables", settings.rate_games),
            # a player made, renamed or carried to a device: a row each, so counted as a game is
            RateRule("POST", r"/api/v1/players/(me|me/carry|carry)", "making players", settings.rate_games),
        ]
    if settings.rate_calls:
        rules += [
            RateRule("POST", r"/mcp/?", "MCP calls", settings.rate_calls),
            RateRule("POST", r"/api/v1/solve", "costly calls", settings.rate_calls),
            RateRule("POST", r"/api/v1/rules/eval", "costly calls", settings.rate_calls),
            RateRule("GET", r"/api/v1/games/[^/]+/rounds/\d+/review", "costly calls", settings.rate_calls),
            RateRule("POST", r"/api/v1/players/me/matches", "costly calls", settings.rate_calls),  # a record replayed
        ]
    return rules


class Limited(Exception):
    """A request over its limit; ``retry_after``: whole seconds until it may be sent again (429 with
    ``Retry-After``)."""

    def __init__(self, message: str, retry_after: int) -> None:
        super().__init__(message)
        self.retry_after = retry_after


def _retry_after(limiter: Any, item: Any, keys: tuple[str, ...], clock: Callable[[], float]) -> int:
    """Whole seconds until ``limiter``'s window for ``item`` and ``keys`` takes one more request."""
    reset = limiter.get_window_stats(item, *keys).reset_time
    return max(1, math.ceil(reset - clock()))


class ShareFull(Exception):
    """A new game refused by ``GameShares``: ``code`` is ``busy`` (the server's bound) or ``limit`` (the
    client's own share); the message says which and when a place frees."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


@dataclass
class _Share:
    """One counted game: the address that started it (None over stdio) and when MCP last used it."""

    client: str | None
    touched: float


class GameShares:
    """The running games started over MCP, counted per client address and in all: what one MCP client may
    cost is bounded per client, not only in total (SECURITY.md). A game counts while it runs and is touched
    (``touch``) within ``idle_seconds``; a finished one (``is_over``, asked of the hub at each count) and an
    idle one stop counting, and stay stored as every game does. A game started over stdio has no address:
    it counts in the total only. Thread-safe: ``start`` holds a place (under the lock) before the game is
    built, so two calls at once cannot both take the last one."""

    def __init__(self, max_games: int, per_client: int, idle_seconds: float,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.max_games = max_games
        self.per_client = per_client
        self.idle_seconds = idle_seconds
        self.clock = clock
        self._games: dict[str, _Share] = {}
        """The running games by id."""
        self._starting: dict[str, _Share] = {}
        """The places held by games being built, by a key of their own."""
        self._lock = threading.Lock()

    @classmethod
    def of(cls, settings: ServerSettings) -> GameShares:
        return cls(settings.mcp_max_games, settings.mcp_games_per_client, settings.mcp_idle_seconds)

    def _held(self) -> list[_Share]:
        return [*self._games.values(), *self._starting.values()]

    def start(self, client: str | None, is_over: Callable[[str], bool]) -> str:
        """Hold a place for a new game of ``client`` (None: over stdio) and return its key for ``bind`` or
        ``release``; ``ShareFull`` when the client's share or the server's bound is taken by running games."""
        hours = f"{self.idle_seconds / 3600:g} hours"
        with self._lock:
            cutoff = self.clock() - self.idle_seconds
            for game_id, share in list(self._games.items()):
                if share.touched < cutoff or is_over(game_id):
                    del self._games[game_id]
            if client is not None and sum(s.client == client for s in self._held()) >= self.per_client:
                raise ShareFull("limit", f"this client address holds its most MCP games ({self.per_client}), all "
                                f"of them running; finish one, or one untouched for {hours} stops counting: try again then")
            if len(self._held()) >= self.max_games:
                raise ShareFull("busy", f"this server holds its most MCP games ({self.max_games}), all of them "
                                f"running; a game untouched for {hours} stops counting: try again later")
            key = secrets.token_hex(8)
            self._starting[key] = _Share(client, self.clock())
            return key

    def bind(self, key: str, game_id: str) -> None:
        """The place ``key`` holds is the game ``game_id`` now."""
        with self._lock:
            share = self._starting.pop(key, None)
            if share is not None:
                self._games[game_id] = share

    def release(self, key: str) -> None:
        """Give back a place whose game was not started (its settings were refused)."""
        with self._lock:
            self._starting.pop(key, None)

    def touch(self, game_id: str) -> None:
        """The game was used over MCP now: it counts as running for ``idle_seconds`` more."""
        with self._lock:
            share = self._games.get(game_id)
            if share is not None:
                share.touched = self.clock()

    def running(self, client: str | None = None) -> int:
        """How many places are held (``client``'s only, when given)."""
        with self._lock:
            return sum(client is None or s.client == client for s in self._held())


class SeatRate:
    """At most ``limit`` (``limits`` notation, a moving window in memory, as ``RateLimit``) actions per seat of
    a game. Keyed by game and seat, not by address: the seats of a pass-and-play table share one address,
    and a seat's token is what acts."""

    def __init__(self, limit: str, clock: Callable[[], float] = time.time) -> None:
        from limits import parse
        from limits.storage import MemoryStorage
        from limits.strategies import MovingWindowRateLimiter

        self.item = parse(limit)
        self.limiter = MovingWindowRateLimiter(MemoryStorage())
        self.clock = clock

    def hit(self, game_id: str, seat: int) -> None:
        """Count one action of ``seat`` in ``game_id``; ``Limited`` (nothing counted) when it is over the rate."""
        keys = ("actions", game_id, str(seat))
        if not self.limiter.hit(self.item, *keys):
            wait = _retry_after(self.limiter, self.item, keys, self.clock)
            raise Limited(f"too many actions: at most {self.item} for one seat; retry in {wait} s", wait)


def seat_rate_of(app: Any) -> SeatRate | None:
    """The app's rate of actions per seat (``create_app`` makes it from ``ServerSettings.rate_actions``);
    None when off."""
    rate = getattr(app.state, "seat_rate", None)
    return rate if isinstance(rate, SeatRate) else None


class RateLimit:
    """ASGI middleware: per client address, at most each rule's number of matching requests in its moving
    window (the ``limits`` library, in memory); past it 429 with ``Retry-After`` in seconds. Rules with the
    same ``what`` share one count. Behind a proxy, ``puur serve --forwarded-allow-ips`` names the proxy's
    address (and only it), so uvicorn takes the client's address from that proxy's ``X-Forwarded-For``
    and from no one else's (SECURITY.md)."""

    def __init__(self, app: ASGIApp, rules: list[RateRule], clock: Callable[[], float] = time.time) -> None:
        from limits import parse
        from limits.storage import MemoryStorage
        from limits.strategies import MovingWindowRateLimiter

        self.app = app
        self.rules = [(r, re.compile(r.path), parse(r.limit)) for r in rules]
        self.limiter = MovingWindowRateLimiter(MemoryStorage())
        self.clock = clock

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            client = (scope.get("client") or ("unknown", 0))[0]
            for rule, pattern, item in self.rules:
                if scope.get("method") == rule.method and pattern.fullmatch(str(scope.get("path", ""))):
                    if not self.limiter.hit(item, rule.what, client):
                        wait = _retry_after(self.limiter, item, (rule.what, client), self.clock)
                        detail = f"too many requests: at most {item} for {rule.what} from one address; retry in {wait} s"
                        await _json_error(send, 429, detail, ((b"retry-after", str(wait).encode()),))
                        return
                    break
        await self.app(scope, receive, send)


__all__ = [
    "BUILTIN_PLAYERS",
    "FALLBACK_PLAYER",
    "MAX_THINK_SECONDS",
    "BodyLimit",
    "GameShares",
    "Limited",
    "Option",
    "PlayerPolicy",
    "PlayerRefused",
    "RateLimit",
    "RateRule",
    "SeatRate",
    "ServerSettings",
    "ShareFull",
    "rate_rules",
    "seat_rate_of",
    "settings_of",
]
