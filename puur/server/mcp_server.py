"""Puur's MCP server (official SDK v2, ``MCPServer``): the rules oracle as tools, the datasets as resources.

The rules tools are generated from the op registry (``puur.ops.REGISTRY``): each takes the fields of its
op's request model, publishes that model's schema (the typed HTTP endpoint's), calls ``puur.oracle.evaluate``
(one implementation) and returns the oracle's result, which carries ``assumptions``: the profile, the
multiplier table and the rule section. Impossible input is a tool error whose text is the oracle's code and
message. ``solve_open_cards`` takes ``/api/v1/solve``'s request model the same way.

``puur mcp`` runs it on standard input/output; ``create_app`` mounts the same server at ``/mcp``
(streamable HTTP). Game tools are added when the match engine (``puur.match.game``) is importable: they show
only the user's own seat's observation, never another seat's hidden cards.
"""

from __future__ import annotations

import inspect
import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from functools import partial
from typing import Annotated, Any, Literal

from mcp.server.mcpserver import Context, MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.server.mcpserver.resources import FunctionResource
from mcp.server.mcpserver.tools import Tool
from mcp_types import ToolAnnotations
from pydantic import BaseModel, ConfigDict, Field, StrictInt, ValidationError

from puur import __version__
from puur.core.profile import PRESET_SOURCES, PRESETS
from puur.data import DATASET_NAMES, dataset, dumps
from puur.match.fairness import draw_salt
from puur.ops import REGISTRY, Op
from puur.oracle import evaluate
from puur.schema_types import Seed
from puur.server.http.api_solver import SolveRequest, SolveResult
from puur.server.policy import FALLBACK_PLAYER, ServerSettings, settings_of

INSTRUCTIONS = (
    "Puur answers Swiss Jass (Schieber) rules questions by computing them. Cards are suit C D H S + rank "
    "A K Q J 10 9 8 7 6 (H10 = Rosen Banner, CJ = Eicheln Under); contracts C D H S (trump suit), O Obenabe, "
    "U Undenufe, SLO/SLU Slalom and GUO/GUU Guschti (Obenabe/Undenufe first; give trick_index 0..8 for their "
    "tricks). Every tool takes an optional profile: a preset (schieber default, classic, schweizer, online, "
    'jasvel) or {"preset": NAME, ...overrides}, e.g. {"preset": "schieber", "multipliers": "both3"}. Every '
    "result states its assumptions: quote the multiplier table with any written score, since tables differ "
    "between Swiss tables and none is the rule. Datasets are resources puur://data/<name>."
)

READ_ONLY = ToolAnnotations(
    read_only_hint=True, destructive_hint=False, idempotent_hint=True, open_world_hint=False
)

Profile = Annotated[
    str | dict[str, Any] | None,
    Field(description='preset name or {"preset": NAME, ...overrides}; default schieber'),
]


def _read(request: type[BaseModel], arguments: dict[str, Any]) -> dict[str, Any]:
    """A tool's arguments, read through its request model when they satisfy it (as the typed HTTP endpoint
    reads them: 611226.0 is the integer 611226), else as given, so that the rules say what is wrong in their
    own words (``invalid_card: ...``). Arguments left out (None) are dropped."""
    given = {k: v for k, v in arguments.items() if v is not None}
    try:
        return request.model_validate(given).model_dump(exclude_none=True)
    except ValidationError:
        return given


def _ask(op: str, request: dict[str, Any]) -> dict[str, Any]:
    """The oracle's answer; an error is a ``ToolError`` whose text is the oracle's code and message."""
    result = evaluate({"op": op, **request})
    if not result.get("ok"):
        err = result.get("error", {})
        raise ToolError(f"{err.get('code')}: {err.get('message')}")
    return result


def _model_error(e: ValidationError) -> str:
    """The first error of a request model, as the typed HTTP endpoint's 422 says it: where, then why."""
    first = e.errors()[0]
    where = ".".join(str(p) for p in first["loc"]) or "the arguments"
    given = repr(first.get("input"))
    return f"{where}: {first['msg']}, got {given if len(given) <= 40 else given[:39] + '…'}"


def _read_solve(arguments: dict[str, Any]) -> dict[str, Any]:
    """``solve_open_cards``'s arguments through ``SolveRequest``, as ``POST /api/v1/solve`` reads them: a
    value of the wrong shape is ``bad_request`` naming the argument (not passed on raw: the solver's own
    words for ``hands: 5`` would be Python's), a bad profile ``invalid_profile``."""
    given = {k: v for k, v in arguments.items() if v is not None}
    try:
        return SolveRequest.model_validate(given).model_dump(exclude_none=True)
    except ValidationError as e:
        code = "invalid_profile" if e.errors()[0]["loc"][:1] == ("profile",) else "bad_request"
        raise ToolError(f"{code}: {_model_error(e)}") from None


def _solve(request: dict[str, Any]) -> dict[str, Any]:
    """``solve_open_cards`` on the tool's arguments; a position it refuses is ``impossible_input``."""
    from puur.bots.analysis import solve_open_cards as solve
    from puur.bots.analysis import solve_position
    from puur.info.position import parse_position

    try:
        if "position" in request:
            defaults = {"forehand": 0, "played": []}  # what the request model fills in (``_read``)
            others = sorted(k for k, v in request.items() if k != "position" and defaults.get(k, ...) != v)
            if others:
                raise ValueError(f"a position line carries the whole position: give it alone, without {', '.join(others)}")
            return solve_position(parse_position(request["position"]))
        return solve(request["hands"], request["contract"], request.get("played", []),
                     request.get("forehand", 0), request.get("profile"))  # fmt: skip
    except KeyError as e:
        raise ToolError(
            f"impossible_input: {e.args[0]} is needed: give hands and contract (with forehand, played, profile), "
            "or a position line"
        ) from None
    except (ValueError, TypeError) as e:
        raise ToolError(f"impossible_input: {e}") from None


def _typed_tool(
    name: str,
    description: str,
    request: type[BaseModel],
    result: type[BaseModel],
    answer: Callable[[dict[str, Any]], dict[str, Any]],
    read: Callable[[dict[str, Any]], dict[str, Any]] | None = None,
) -> Tool:
    """A read-only MCP tool whose arguments are the fields of ``request``, with the input schema of that model
    and the output schema of ``result`` (the schemas the typed HTTP endpoint publishes); ``answer`` gets the
    arguments (``_read``) and its dict is the structured result, as it is."""

    read = read or partial(_read, request)

    def call(**arguments: Any) -> dict[str, Any]:
        return answer(read(arguments))

    params = [  # required fields first: a Python signature cannot put them after optional ones
        inspect.Parameter(field_name, inspect.Parameter.KEYWORD_ONLY, annotation=Any,
                          default=inspect.Parameter.empty if field.is_required() else None)
        for field_name, field in sorted(request.model_fields.items(), key=lambda item: not item[1].is_required())
    ]  # fmt: skip
    call.__signature__ = inspect.Signature(params, return_annotation=dict[str, Any])  # type: ignore[attr-defined]
    call.__name__ = call.__qualname__ = name  # the SDK names its argument and output models after it
    tool = Tool.from_function(call, name=name, description=description, annotations=READ_ONLY)
    tool.fn_metadata.output_schema = result.model_json_schema()  # published; the dict is returned unchanged
    return tool.model_copy(update={"parameters": request.model_json_schema()})


def _rules_tool(op: Op) -> Tool:
    """The MCP tool of one oracle op (``puur.ops.REGISTRY``): the op's request and result models, its
    description with its rule section, the oracle's answer."""
    return _typed_tool(op.name, op.tool_description, op.request, op.result, lambda request: _ask(op.name, request))


SOLVE_DESCRIPTION = (
    "Perfect play with open cards (double dummy) from a position: the four hands as dealt (seats 0-3, 9 cards "
    "each), the contract, the cards played since the first lead in order and the seat that led it; or instead "
    "one position line (Puur's notation, 'puur1 ...', docs/position-notation.md). Returns the "
    "seat to act, a best card, the round's final points by team under perfect play (card points, last trick, "
    "match; Weis and Stöck do not depend on the play) and the points after each legal card. For analysis of "
    "known hands only; answered from the fourth trick on (at most 24 cards in the hands)."
)


def _dataset_text(name: str) -> Callable[[], str]:
    def read() -> str:
        return dumps(dataset(name))

    return read


def _refuse_unknown_arguments(server: MCPServer) -> None:
    """Every tool refuses an argument it does not have (``Extra inputs are not permitted``, naming it), as
    the oracle refuses an unknown field and the typed endpoints an extra one: the SDK's argument models
    would drop it, and a misspelt ``profil`` would answer under the default profile, silently. (The tool
    manager is the SDK's own attribute: the pinned ``mcp`` version's; tests/api/test_mcp.py holds it.)"""
    for tool in server._tool_manager.list_tools():
        base = tool.fn_metadata.arg_model
        strict = type(base.__name__, (base,), {"model_config": ConfigDict(**{**base.model_config, "extra": "forbid"})})
        tool.fn_metadata.arg_model = strict


def build_server(*, games: bool = True, settings: ServerSettings | None = None) -> MCPServer:
    """A fresh MCP server with the rules tools, ``list_profiles``, the datasets as resources and, when the
    match engine exists and ``games`` is true, the game tools; ``settings`` say which players ``new_game``
    may name and how many games are kept (``puur.server.policy``)."""
    server: MCPServer = MCPServer(
        name="puur",
        title="Puur — Swiss Jass (Schieber) rules",
        description="Computes Schieber rules (legal moves, tricks, card points, Weis, scores, target crossing, "
        "chalk marks) under named rule profiles, and serves Puur's open datasets.",
        instructions=INSTRUCTIONS,
        version=__version__,
        log_level="WARNING",
        tools=[
            *(_rules_tool(op) for op in REGISTRY.values()),
            _typed_tool("solve_open_cards", SOLVE_DESCRIPTION, SolveRequest, SolveResult, _solve, _read_solve),
        ],
    )

    @server.tool(
        annotations=READ_ONLY, description="Every rule-profile preset with its source and all its options."
    )
    def list_profiles() -> dict[str, Any]:
        return {
            "default": "schieber",
            "presets": [
                {"name": n, "source": PRESET_SOURCES[n], "options": p.to_dict()} for n, p in PRESETS.items()
            ],
            "assumptions": {"rule": "RULES.md §14 (rule profiles)"},
        }

    for name in DATASET_NAMES:
        server.add_resource(
            FunctionResource(
                uri=f"puur://data/{name}",
                name=name,
                title=name,
                description=dataset(name)["description"],
                mime_type="application/json",
                fn=_dataset_text(name),
            )
        )

    if games:
        _add_game_tools(server, settings or ServerSettings())
    _refuse_unknown_arguments(server)
    return server


def _client_of(ctx: Context | None) -> str | None:
    """The client address of a tool call over HTTP (``/mcp``), as the rate limits count it (the proxy's
    ``X-Forwarded-For`` where ``puur serve`` trusts the proxy); None over stdio (one user, no one to share with)."""
    try:
        request = ctx.request_context.request if ctx is not None else None
    except ValueError:  # no request: called outside one
        return None
    client = getattr(request, "client", None)
    host = getattr(client, "host", None)
    return host if isinstance(host, str) else None


class GameTables:
    """The MCP games (in memory only): at most ``max_games``, at most ``per_client`` of them for one client
    address, and none kept after ``idle_seconds`` untouched. Reading a game touches it. When the tables are
    full a new game takes the place of the least recently used finished one; while every game held is still
    running a new one is refused (``busy``): a running game never loses its actions to somebody else's new
    game. A client at its own share makes room the same way from its own games only (``limit`` while all of
    them run), so one client cannot fill the tables for the others."""

    def __init__(self, max_games: int, idle_seconds: float, clock: Callable[[], float] = time.monotonic,
                 per_client: int | None = None) -> None:  # fmt: skip
        self.max_games = max_games
        self.idle_seconds = idle_seconds
        self.clock = clock
        self.per_client = per_client
        self._tables: OrderedDict[str, tuple[float, dict[str, Any]]] = OrderedDict()
        self._clients: dict[str, str] = {}
        """The client address each game was started from (games started over stdio have none)."""

    def _forget_idle(self) -> None:
        cutoff = self.clock() - self.idle_seconds
        while self._tables and next(iter(self._tables.values()))[0] < cutoff:
            self._forget(next(iter(self._tables)))

    def _forget(self, game_id: str) -> None:
        del self._tables[game_id]
        self._clients.pop(game_id, None)

    def _make_room_for(self, client: str) -> None:
        """Room for one more game of ``client``: its least recently used finished game leaves when it holds its
        share; ``limit`` when all of them run."""
        mine = [k for k, c in self._clients.items() if c == client]
        if self.per_client is None or len(mine) < self.per_client:
            return
        over = next((k for k in self._tables if k in mine and self._tables[k][1]["game"].is_over), None)
        if over is None:
            raise ToolError(
                f"limit: this client address holds its most MCP games ({self.per_client}), all of them running; "
                f"finish one, or one untouched for {self.idle_seconds / 3600:g} hours leaves: try again then"
            )
        self._forget(over)

    def __contains__(self, game_id: object) -> bool:
        self._forget_idle()
        return game_id in self._tables

    def __getitem__(self, game_id: str) -> dict[str, Any]:
        self._forget_idle()
        table = self._tables.pop(game_id)[1]
        self._tables[game_id] = (self.clock(), table)
        return table

    def __setitem__(self, game_id: str, table: dict[str, Any]) -> None:
        self.add(game_id, table)

    def add(self, game_id: str, table: dict[str, Any], client: str | None = None) -> None:
        """Hold a new game started from ``client`` (an address; None: no share is counted, as over stdio)."""
        self._forget_idle()
        if game_id in self._tables:
            self._forget(game_id)
        if client is not None:
            self._make_room_for(client)
        if len(self._tables) >= self.max_games:
            over = next((k for k, (_, t) in self._tables.items() if t["game"].is_over), None)
            if over is None:
                raise ToolError(
                    f"busy: this server holds its most MCP games ({self.max_games}), all of them running; a game "
                    f"untouched for {self.idle_seconds / 3600:g} hours leaves: try again later"
                )
            self._forget(over)
        self._tables[game_id] = (self.clock(), table)
        if client is not None:
            self._clients[game_id] = client

    def __len__(self) -> int:
        self._forget_idle()
        return len(self._tables)


def _add_game_tools(server: MCPServer, settings: ServerSettings) -> bool:
    """Game tools over ``puur.match.game`` (INTERFACES.md §2) if it is importable; False when it is not."""
    try:
        from puur.match.game import Game  # type: ignore[import-not-found, unused-ignore]
    except ImportError:
        return False
    from puur.bots.runner import play_computers  # the server's players come with it (puur.server.policy)

    tables = GameTables(settings.mcp_max_games, settings.mcp_idle_seconds, per_client=settings.mcp_games_per_client)

    def _player(spec: str) -> Any:
        """Only a player the server offers (``PlayerPolicy``: built-ins with bounded options, the operator's
        names); anything else is refused before it is imported or built. 'auto' is the heuristic."""
        return settings.players.make("heuristic" if spec == "auto" else spec)

    tables_lock = threading.Lock()  # the tables themselves; each game has its own lock, held while it moves

    def _table(game_id: str) -> dict[str, Any]:
        with tables_lock:
            if game_id not in tables:
                raise ToolError(f"unknown game {game_id!r}: start one with new_game")
            return tables[game_id]

    def _advance(t: dict[str, Any]) -> None:
        """Let the computer seats act until the user's seat is to act or the match is over."""
        game = t["game"]
        # the runner's one path for computer seats: each action with the declarations it owes (Stöck); past
        # the request's think budget the remaining decisions are the quick player's (ServerSettings)
        play_computers(game, lambda s: None if s == t["seat"] else t["players"][s], max_moves=10_000,
                       think=settings.think_per_request, quick=lambda s: settings.players.make(FALLBACK_PLAYER))
        if not game.is_over and game.current_seat != t["seat"]:
            raise ToolError("the computer players did not finish their turns")

    def _view(game_id: str, t: dict[str, Any]) -> dict[str, Any]:
        game = t["game"]
        return {
            "game_id": game_id,
            "seat": t["seat"],
            "your_turn": game.current_seat == t["seat"],
            "is_over": bool(game.is_over),
            "scores": list(game.scores),
            "winner": game.winner,
            "result": game.result() if game.is_over else None,  # Coiffeur, Differenzler: winners, penalties
            "observation": game.observation(t["seat"]).to_dict(),
            "fair_deal": game.fair_deal(),  # the commitment; the seed and salt only once the match is over
            "assumptions": {"profile": t["profile"], "rule": "RULES.md §14.1 (what a seat may see)"},
        }

    @server.tool(
        description="Start a Schieber match: you hold `seat` (0..3; seats 0 and 2 are partners), the other "
        "seats are computer players (`bot`: 'auto' = heuristic if installed, else random; or e.g. 'random', "
        "'mcts:time=0.5'). Returns your view only: your hand and what the rules have made public, and "
        "`fair_deal.commitment`, the SHA-256 the deals are fixed by (the seed is revealed when the match is over). "
        "Without `seed` the server draws a secret one; a chosen seed is marked `seed_source: chosen`. "
        "`form`: 'schieber' (default), 'coiffeur' (a sheet of 8 or 10 `columns`; you choose a column as "
        "'column:rosen' or 'column:joker1=H') or 'differenzler' (each for themselves, `rounds` rounds; you "
        "predict your points as 'predict:57' before the first card, from 0 to the view's `form.most`: 257 with "
        "the match's 100, more with Weis and Stöck). `form_settings` (docs/forms.md): Coiffeur `factors`, "
        "`method` (A/B), `joker_may_repeat` (false: the two jokers differ), `opponents_count` (default true: the "
        "other team's round counts with the factor); Differenzler `contract` (turned_up, rotate, forehand), "
        "`predictions` (open: announced as made, the default; covered), `match_bonus` (default true), "
        "`weis_stoeck` (default false), `threshold` (a penalty total that ends the game; alone without `rounds`)."
    )
    def new_game(
        profile: Profile = None,
        seat: Annotated[StrictInt, Field(ge=0, le=3, description="your seat, 0..3 (0 and 2 are partners)")] = 0,
        bot: str = "auto",
        seed: Annotated[Seed | None, Field(description="deal from this seed (marked as chosen)")] = None,
        form: Literal["schieber", "coiffeur", "differenzler"] = "schieber",
        columns: Annotated[int | None, Field(description="Coiffeur: 8 (default) or 10 columns")] = None,
        rounds: Annotated[int | None, Field(ge=1, le=100, description="Differenzler: rounds (default 4)")] = None,
        form_settings: Annotated[dict[str, Any] | None, Field(
            description="the form's table settings (see the description); left out, the defaults")] = None,
        ctx: Context | None = None,
    ) -> dict[str, Any]:
        from puur.core.profile import RuleProfile

        try:
            p = RuleProfile.resolve(profile)
        except (TypeError, ValueError) as e:
            raise ToolError(f"invalid_profile: {e}") from None
        try:
            players = [None if s == seat else _player(bot) for s in range(4)]
        except (TypeError, ValueError) as e:
            raise ToolError(f"invalid_bot: {e}") from None
        try:
            game = Game(p, seed=seed, salt=draw_salt(), form=form, columns=columns, rounds=rounds,
                        form_settings=form_settings)  # seed None: a secret one
        except ValueError as e:
            raise ToolError(f"invalid_form: {e}") from None
        game_id = secrets.token_urlsafe(12)  # unguessable: the id is the only key
        lock = threading.Lock()
        t: dict[str, Any] = {"game": game, "seat": seat, "players": players, "profile": p.to_dict(), "lock": lock}
        with lock:
            with tables_lock:  # refused (busy) while every game held is running, (limit) the client's own
                tables.add(game_id, t, _client_of(ctx))
            _advance(t)
            return _view(game_id, t)

    @server.tool(
        annotations=READ_ONLY, description="Your view of a game: your hand and what is public, nothing more."
    )
    def game_view(game_id: str) -> dict[str, Any]:
        t = _table(game_id)
        with t["lock"]:
            return _view(game_id, t)

    @server.tool(
        annotations=READ_ONLY, description="The actions you may take now (contracts, P to push, or cards)."
    )
    def game_legal_actions(game_id: str) -> dict[str, Any]:
        t = _table(game_id)
        with t["lock"]:
            game = t["game"]
            mine = game.current_seat == t["seat"]
            return {
                "game_id": game_id,
                "your_turn": mine,
                "legal_actions": [str(a) for a in game.legal_actions()] if mine else [],
            }

    @server.tool(
        description="Play an action for your seat: a contract (C D H S O U), P to push, or a card (H10); "
        "in Coiffeur a column ('column:rosen', 'column:joker1=H'), in Differenzler a prediction ('predict:57'). "
        "Optional declare: ['stoeck']; with your first card ['weis:N'], the Weis alternative N your view's "
        "observation.weis_choice offers (weis:0, the most points, when none is named). Under a profile with "
        "claims ('game_end': 'claim', as classic), 'claim' says your team has reached the target: a false claim "
        "loses the match. The computer seats then play until it is your turn again."
    )
    def game_play(game_id: str, action: str, declare: list[str] | None = None) -> dict[str, Any]:
        t = _table(game_id)
        with t["lock"]:
            game = t["game"]
            if game.current_seat != t["seat"]:
                raise ToolError("not your turn")
            try:
                game.apply(action, declare=tuple(declare or ()))
            except Exception as e:  # IllegalAction or a parse error: state unchanged
                raise ToolError(f"illegal: {e}") from None
            _advance(t)
            return _view(game_id, t)

    return True


def main() -> None:
    """Run on standard input/output (``puur mcp``)."""
    build_server().run("stdio")


class _Endpoint:
    """The ASGI endpoint at ``/mcp``: hands each request to the session manager of the running lifespan.

    The SDK's session manager runs once only, while an app's lifespan may run several times (every
    ``TestClient`` context, every schemathesis call): ``mcp_session`` starts a fresh manager each time.
    """

    def __init__(self, server: MCPServer, path: str) -> None:
        self.server = server
        self.path = path
        self.manager: Any = None

    def fresh_manager(self) -> Any:
        from mcp.server.transport_security import TransportSecuritySettings

        # streamable_http_app builds a new StreamableHTTPSessionManager and makes it server.session_manager.
        self.server.streamable_http_app(
            streamable_http_path=self.path,
            stateless_http=True,
            json_response=True,
            transport_security=TransportSecuritySettings(enable_dns_rebinding_protection=False),
        )
        return self.server.session_manager

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope.get("method") != "POST":  # stateless: no stream to GET, no session to DELETE (405 per the spec)
            body = b'{"detail": {"code": "method_not_allowed", "message": "POST a JSON-RPC message to /mcp"}}'
            await send({"type": "http.response.start", "status": 405,
                        "headers": [(b"content-type", b"application/json"), (b"allow", b"POST")]})  # fmt: skip
            await send({"type": "http.response.body", "body": body})
            return
        manager = self.manager
        if manager is None:
            body = b'{"detail": {"code": "mcp_not_running", "message": "the MCP endpoint starts with the app\'s lifespan"}}'
            await send({"type": "http.response.start", "status": 503,
                        "headers": [(b"content-type", b"application/json")]})  # fmt: skip
            await send({"type": "http.response.body", "body": body})
            return
        await manager.asgi_app(scope, receive, send)


def mount_mcp(app: Any, path: str = "/mcp") -> MCPServer:
    """Serve a fresh MCP server at ``path`` of a Starlette/FastAPI ``app`` (streamable HTTP, stateless, JSON
    responses) and return it. The app's lifespan must wrap its life in ``mcp_session(app)``.

    DNS-rebinding protection is off: the endpoint has no credentials and, like the rest of the API, is
    CORS-open (the rules tools only compute; a game is reachable only through its unguessable id).
    """
    from starlette.routing import Route

    server = build_server(settings=settings_of(app))
    endpoint = _Endpoint(server, path)
    app.router.routes.append(Route(path, endpoint=endpoint, include_in_schema=False))
    app.state.mcp = server
    app.state.mcp_endpoint = endpoint
    return server


@asynccontextmanager
async def mcp_session(app: Any) -> AsyncIterator[None]:
    """Run the MCP endpoint's session manager for one lifespan of ``app`` (the SDK requires a running one)."""
    endpoint: _Endpoint = app.state.mcp_endpoint
    manager = endpoint.fresh_manager()
    async with manager.run():
        endpoint.manager = manager
        try:
            yield
        finally:
            endpoint.manager = None
