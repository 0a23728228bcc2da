"""Puur's MCP server (official SDK v2, ``MCPServer``): the rules oracle as tools, the datasets as resources.

The rules tools are generated from the op registry (``puur.ops.REGISTRY``): each takes the fields of its
op's request model, publishes that model's schema (the typed HTTP endpoint's), calls ``puur.oracle.evaluate``
(one implementation) and returns the oracle's result, which carries ``assumptions``: the profile, the
multiplier table and the rule section. Impossible input is a tool error whose text is the oracle's code and
message. ``solve_open_cards`` takes ``/api/v1/solve``'s request model the same way.

``puur mcp`` runs it on standard input/output; ``create_app`` mounts the same server at ``/mcp``
(streamable HTTP). The game tools play the server's games (``puur.server.live.GameHub``, the games of the HTTP
API, held by seat tokens) and answer with the seat's one view (``puur.table.view.seat_view``): only the
user's own seat's, never another seat's hidden cards.
"""

from __future__ import annotations

import inspect
import threading
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from functools import cache, partial
from typing import Annotated, Any

from mcp.server.mcpserver import Context, MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.server.mcpserver.resources import FunctionResource
from mcp.server.mcpserver.tools import Tool
from mcp_types import ToolAnnotations
from pydantic import BaseModel, ConfigDict, Field, StrictInt, ValidationError

from puur import __version__
from puur.core.profile import PRESET_SOURCES, PRESETS, RuleProfile
from puur.data import DATASET_NAMES, dataset, dumps
from puur.match.forms import FormName
from puur.ops import REGISTRY, Op
from puur.oracle import evaluate
from puur.schema_types import Seed
from puur.server.http.api_solver import SolveRequest, SolveResult
from puur.server.http.game_models import ActionBody
from puur.server.live import HUMAN, Busy, Conflict, GameHub, LiveGame, NotFound
from puur.server.policy import GameShares, PlayerRefused, ServerSettings, ShareFull, settings_of
from puur.server.store import Store

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


def _strict(tool: Tool) -> Tool:
    """``tool`` refusing an argument it does not have (``Extra inputs are not permitted``, naming it), as the
    oracle refuses an unknown field and the typed endpoints an extra one: the SDK's argument model would drop
    it, and a misspelt ``profil`` would answer under the default profile, silently. (``fn_metadata`` is the
    SDK's own: the pinned ``mcp`` version's; tests/api/test_mcp.py holds it.)"""
    base = tool.fn_metadata.arg_model
    if base.model_config.get("extra") != "forbid":
        config = ConfigDict(**{**base.model_config, "extra": "forbid"})
        tool.fn_metadata.arg_model = type(base.__name__, (base,), {"model_config": config})
    return tool


@cache
def _oracle_tools() -> tuple[Tool, ...]:
    """The rules tools (one per oracle op) and ``solve_open_cards``: the same for every server, since they
    answer from their arguments alone. Built once a process: their JSON schemas are most of the cost of
    making a server, and the web app makes one each time it is made."""
    tools = [
        *(_rules_tool(op) for op in REGISTRY.values()),
        _typed_tool("solve_open_cards", SOLVE_DESCRIPTION, SolveRequest, SolveResult, _solve, _read_solve),
    ]
    return tuple(_strict(tool) for tool in tools)


def build_server(*, games: bool = True, settings: ServerSettings | None = None,
                 hub: Callable[[], GameHub] | None = None) -> MCPServer:
    """A fresh MCP server with the rules tools, ``list_profiles``, the datasets as resources and, when
    ``games`` is true, the game tools over ``hub`` (the app's ``GameHub``; None: one of its own over an
    in-memory store, as ``puur mcp`` runs); ``settings`` say which players ``new_game`` may name and what one
    client's games may cost (``puur.server.policy``)."""
    server: MCPServer = MCPServer(
        name="puur",
        title="Puur — Swiss Jass (Schieber) rules",
        description="Computes Schieber rules (legal moves, tricks, card points, Weis, scores, target crossing, "
        "chalk marks) under named rule profiles, and serves Puur's open datasets.",
        instructions=INSTRUCTIONS,
        version=__version__,
        log_level="WARNING",
        tools=list(_oracle_tools()),
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
        settings = settings or ServerSettings()
        _add_game_tools(server, settings, hub or _own_hub(settings))
    for tool in server._tool_manager.list_tools():  # the tool manager: the SDK's own (see ``_strict``)
        _strict(tool)
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


def _add_game_tools(server: MCPServer, settings: ServerSettings, hub_of: Callable[[], GameHub]) -> None:
    """The game tools (INTERFACES.md §2) over the server's ``GameHub`` (``hub_of``: the app's, the one the HTTP
    API serves): a game started here is stored as every game is, its seat held by a token, and every answer
    is the seat's one view (``puur.table.view.seat_view``, the HTTP API's ``GameView``). What one MCP client
    may cost is bounded per client address (``GameShares``)."""
    shares = GameShares.of(settings)

    def _is_over(game_id: str) -> bool:
        """Whether a counted game is over (the store's status once it has left the hub's memory)."""
        hub = hub_of()
        live = hub.held_game(game_id)
        if live is not None:
            return bool(live.game.is_over)
        meta = hub.store.games_meta([game_id])
        return game_id not in meta or meta[game_id][0] == "over"

    def _seat(game_id: str, token: str) -> tuple[LiveGame, int]:
        """The game and the seat ``token`` holds in it (as the HTTP API's 404 and 403, in a tool error's words)."""
        try:
            live = hub_of().get(game_id)
        except NotFound:
            raise ToolError(f"unknown game {game_id!r}: start one with new_game") from None
        seat = live.seat_of(token)
        if seat is None:
            raise ToolError("not_your_seat: this token is not a seat of this game")
        shares.touch(game_id)
        return live, seat

    @server.tool(
        description="Start a Schieber match: you hold `seat` (0..3; seats 0 and 2 are partners), the other "
        "seats are computer players (`bot`: 'auto' = heuristic; or e.g. 'random', 'mcts:level=easy'). Returns "
        "`game_id`, your `seat`, your seat's `token` (pass it to game_view and game_play; the HTTP API takes it "
        "as `Authorization: Bearer TOKEN` for the same game) and `view`: your seat's view (the HTTP API's "
        "GameView): your hand and what the rules have made public, and `fair_deal.commitment`, the SHA-256 the "
        "deals are fixed by (the seed is revealed when the match is over). "
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
        form: FormName = "schieber",
        columns: Annotated[int | None, Field(description="Coiffeur: 8 (default) or 10 columns")] = None,
        rounds: Annotated[int | None, Field(ge=1, le=100, description="Differenzler: rounds (default 4)")] = None,
        form_settings: Annotated[dict[str, Any] | None, Field(
            description="the form's table settings (see the description); left out, the defaults")] = None,
        ctx: Context | None = None,
    ) -> dict[str, Any]:
        try:
            RuleProfile.resolve(profile)
        except (TypeError, ValueError) as e:
            raise ToolError(f"invalid_profile: {e}") from None
        spec = "heuristic" if bot == "auto" else bot
        table = {"profile": profile if profile is not None else "schieber", "seed": seed, "form": form,
                 "columns": columns, "rounds": rounds, "form_settings": form_settings,
                 "seats": [HUMAN if s == seat else spec for s in range(4)]}
        try:
            place = shares.start(_client_of(ctx), _is_over)
        except ShareFull as e:
            raise ToolError(f"{e.code}: {e}") from None
        try:
            live, tokens = _create(table)
        except BaseException:
            shares.release(place)
            raise
        shares.bind(place, live.id)
        return {"game_id": live.id, "seat": seat, "token": tokens[seat], "view": live.view(seat)}

    def _create(table: dict[str, Any]) -> tuple[LiveGame, dict[int, str]]:
        """``GameHub.create``, its refusals in a tool error's words (nothing is built for a refused player)."""
        try:
            return hub_of().create(table)
        except PlayerRefused as e:
            raise ToolError(f"invalid_bot: {e}") from None
        except Busy as e:
            raise ToolError(f"busy: {e}") from None
        except ValueError as e:
            raise ToolError(f"invalid_form: {e}") from None

    @server.tool(
        annotations=READ_ONLY,
        description="Your seat's view of a game (the HTTP API's GameView): your hand and what is public, nothing more.",
    )
    def game_view(game_id: str, token: str) -> dict[str, Any]:
        live, seat = _seat(game_id, token)
        hub_of().resume_computers(live)
        return live.view(seat)

    @server.tool(
        annotations=READ_ONLY, description="The actions you may take now (contracts, P to push, or cards)."
    )
    def game_legal_actions(game_id: str, token: str) -> dict[str, Any]:
        view = game_view(game_id, token)
        mine = view["to_act"] == view["seat"]
        return {"game_id": game_id, "your_turn": mine, "legal_actions": view["legal_actions"] if mine else []}

    @server.tool(
        description="Play an action for your seat (the `token` new_game gave): a contract (C D H S O U), P to "
        "push, or a card (H10); in Coiffeur a column ('column:rosen', 'column:joker1=H'), in Differenzler a "
        "prediction ('predict:57'). Optional declare: ['stoeck']; with your first card ['weis:N'], the Weis "
        "alternative N your view's weis_choice offers (weis:0, the most points, when none is named). Under a "
        "profile with claims ('game_end': 'claim', as classic), 'claim' says your team has reached the target: "
        "a false claim loses the match. Optional `seq`, the view's: refused (stale) if the game has moved on. "
        "The computer seats then play until it is your turn again; returns your seat's view."
    )
    def game_play(game_id: str, token: str, action: str, declare: list[str] | None = None,
                  seq: int | None = None) -> dict[str, Any]:
        try:  # the HTTP API's action body: one text form of an action
            body = ActionBody.model_validate({"action": action, "declare": declare or [], "seq": seq})
        except ValidationError as e:
            raise ToolError(f"illegal: {_model_error(e)}") from None
        live, seat = _seat(game_id, token)
        try:
            hub_of().act(live, seat, body.action, tuple(body.declare), body.seq)
        except Conflict as e:
            raise ToolError(f"illegal: {e}") from None
        return live.view(seat)


def _own_hub(settings: ServerSettings) -> Callable[[], GameHub]:
    """A hub of the MCP server's own (``puur mcp`` on stdio: one user, nobody else's games), over an
    in-memory store, opened at its first game."""
    held: list[GameHub] = []
    lock = threading.Lock()

    def hub() -> GameHub:
        with lock:
            if not held:
                held.append(GameHub(Store(":memory:"), settings))
            return held[0]

    return hub


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

    from puur.server.http.games import hub_of  # the app's hub: the games the HTTP API serves

    server = build_server(settings=settings_of(app), hub=partial(hub_of, app))
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
