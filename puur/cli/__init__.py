"""The ``puur`` command (INTERFACES.md §3)."""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable, Sequence
from typing import Any, Protocol, TypeVar

Handler = Callable[[argparse.Namespace], int]

def _rules_eval(args: argparse.Namespace) -> int:
    from puur.oracle import evaluate_many

    try:
        if args.file and args.file != "-":
            with open(args.file, "rb") as f:
                raw = f.read()
        else:
            raw = sys.stdin.buffer.read()
    except OSError as e:
        print(f"puur rules eval: cannot read {args.file}: {e.strerror}", file=sys.stderr)
        return 2
    try:
        payload = json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError as e:
        print(f"puur rules eval: the input is not JSON: not UTF-8 text ({e.reason} at byte {e.start})", file=sys.stderr)
        return 2
    except RecursionError:
        print("puur rules eval: the input is not JSON this reader takes: nested too deeply", file=sys.stderr)
        return 2
    except json.JSONDecodeError as e:
        print(f"puur rules eval: the input is not JSON: {e}", file=sys.stderr)
        return 2
    except ValueError:  # a whole number longer than Python converts (sys.get_int_max_str_digits)
        print("puur rules eval: the input is not JSON this reader takes: a number of more than "
              f"{sys.get_int_max_str_digits():,} digits", file=sys.stderr)  # fmt: skip
        return 2
    print(json.dumps(evaluate_many(payload), ensure_ascii=False))
    return 0


def _ops_epilog() -> str:
    """``puur rules eval --help``'s list of ops, from the oracle's one list of them (``puur.oracle.OPS``)."""
    from puur.oracle import OPS

    lines = [f"  {name:<12} {op.summary}" for name, op in OPS.items()]
    return (
        'A request is {"op": OP, ...fields, "profile": optional}; an array gives an array of results.\n'
        "ops:\n" + "\n".join(lines) + "\n"
        "Each op's fields: the typed endpoints' schemas (/api/v1/openapi.json) or the MCP tools of the same names."
    )


def _rules_profiles(args: argparse.Namespace) -> int:
    from puur.core.profile import PRESETS

    print(json.dumps({name: p.to_dict() for name, p in PRESETS.items()}, indent=2, ensure_ascii=False))
    return 0


WS_MAX_MESSAGE = 64 * 1024
"""The largest WebSocket message ``puur serve`` reads (SECURITY.md): the live connection's client sends one
token message and nothing else that is read, so 64 KiB bounds it well above need (uvicorn's default: 16 MiB)."""


def _port(text: str) -> int:
    """``--port``: a TCP port, 1 to 65535 (the operating system would take 99999 as 34463)."""
    try:
        port = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a port number: {text!r}") from None
    if not 1 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"a port is 1 to 65535, not {port}")
    return port


def _serve(args: argparse.Namespace) -> int:
    import os

    import uvicorn

    from puur.server.app import create_app
    from puur.server.serving import settings_from_options
    from puur.server.store import is_postgres

    try:
        settings = settings_from_options(args)
    except ValueError as e:
        print(f"puur serve: {e}", file=sys.stderr)
        return 2
    if args.workers < 1:
        print("puur serve: --workers must be at least 1", file=sys.stderr)
        return 2
    if args.max_connections < 1:
        print("puur serve: --max-connections must be at least 1", file=sys.stderr)
        return 2
    if args.forwarded_allow_ips.strip() == "*":
        print("puur serve: --forwarded-allow-ips (or FORWARDED_ALLOW_IPS) '*' would let any client choose the "
              "address its limits count: name the proxy's address or network", file=sys.stderr)  # fmt: skip
        return 2
    shared = is_postgres(args.db)
    if args.workers > 1 and not shared:
        print("puur serve: --workers N needs a database the workers share: --db postgresql://USER@HOST/DB "
              "(or PUUR_DB); a SQLite file serves one process", file=sys.stderr)
        return 2
    if shared and _db_upgrade(args) != 0:  # the schema once, before any worker opens it
        return 2
    print(f"Puur: the table is on http://{args.host}:{args.port}/ (Ctrl-C to stop)")
    common: dict[str, Any] = {"host": args.host, "port": args.port, "log_level": "info",
                              "access_log": args.access_log, "ws_max_size": WS_MAX_MESSAGE, **connection_bounds(args)}
    if args.workers == 1:
        uvicorn.run(create_app(db_path=args.db, settings=settings), **common)
        return 0
    from puur.server.workers import DB_ENV, OPTIONS_ENV, options_json

    # each worker process builds the same app from these (puur.server.workers.app_from_env)
    os.environ[DB_ENV] = args.db
    os.environ[OPTIONS_ENV] = options_json(args)
    uvicorn.run("puur.server.workers:app_from_env", factory=True, workers=args.workers, **common)
    return 0


def connection_bounds(args: argparse.Namespace) -> dict[str, Any]:
    """uvicorn's settings for ``puur serve``'s connections (SECURITY.md): whose ``X-Forwarded-For`` is
    trusted, the deadline and size of a request's head (``puur.server.serving``), the kept-alive idle time
    and the connections served at once."""
    from puur.server.serving import HTTP_PROTOCOL, KEEP_ALIVE

    return {"forwarded_allow_ips": args.forwarded_allow_ips, "http": HTTP_PROTOCOL,
            "timeout_keep_alive": KEEP_ALIVE, "limit_concurrency": args.max_connections}  # fmt: skip


def _db_upgrade(args: argparse.Namespace) -> int:
    """Apply the PostgreSQL store's migrations (Alembic) to ``--db``/``PUUR_DB``."""
    from puur.server.store import is_postgres

    if not is_postgres(args.db):
        print("puur db: give a PostgreSQL database: --db postgresql://USER@HOST/DB or PUUR_DB "
              "(a SQLite file needs no migration)", file=sys.stderr)
        return 2
    from puur.server.store.postgres import safe_url, upgrade

    try:
        revision = upgrade(args.db)
    except Exception as e:  # the driver's words, without the URL's password
        print(f"puur db: {safe_url(args.db)}: {type(e).__name__}: {str(e).splitlines()[0] if str(e) else ''}",
              file=sys.stderr)
        return 2
    if args.command == "db":
        print(f"{safe_url(args.db)}: at revision {revision}")
    return 0


def _mcp(args: argparse.Namespace) -> int:
    from puur.server.mcp_server import main as mcp_main

    mcp_main()
    return 0


def _data_export(args: argparse.Namespace) -> int:
    import tempfile

    from puur.data import export

    openapi = None
    if not args.no_openapi:
        from puur.server.app import create_app

        with tempfile.TemporaryDirectory() as tmp:
            openapi = create_app(db_path=f"{tmp}/export.sqlite3").openapi()
    for path in export(args.dir, openapi=openapi):
        print(path)
    return 0


def _read_json(path: str, command: str) -> Any:
    """The JSON in ``path``, or None after saying on standard error why it cannot be read."""
    try:
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
    except (OSError, ValueError) as e:
        print(f"{command}: cannot read {path}: {e}", file=sys.stderr)
        return None
    if data is None:
        print(f"{command}: {path} holds null, not a record", file=sys.stderr)
    return data


def _analyse(args: argparse.Namespace) -> int:
    from rich.console import Console
    from rich.table import Table

    from puur.bots.analysis import review_record
    from puur.core.cards import Card

    if (args.record is None) == (args.position is None):
        print("puur analyse: give a game record (FILE) or --position LINE, one of the two", file=sys.stderr)
        return 2
    if args.position is not None:
        return _analyse_position(args.position, args.json)
    record = _read_json(args.record, "puur analyse")
    if record is None:
        return 2
    err = Console(stderr=True)
    try:
        with err.status("solving with open cards...") as status:

            def progress(done: int, total: int) -> None:
                status.update(f"solving with open cards: card {done} of {total}")

            review = review_record(record, args.round, progress=None if args.json else progress)
    except (ValueError, KeyError, TypeError) as e:
        print(f"puur analyse: {e}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(review.to_dict()))
        return 0
    out = Console()
    table = Table(title=f"Round {args.round}: {review.contract.name}, against perfect play with open cards")
    for col in ("trick", "seat", "card", "perfect play before", "after", "gave away", "best cards"):
        table.add_column(col, justify="right" if col in ("trick", "seat", "gave away") else "left")
    for p in review.plays:
        table.add_row(
            str(p.trick), str(p.seat), Card(p.card).name, f"{p.before[0]}–{p.before[1]}", f"{p.after[0]}–{p.after[1]}",
            f"[bold red]{p.cost}[/]" if p.cost else "", " ".join(Card(c).name for c in p.best),
        )  # fmt: skip
    out.print(table)
    out.print(f"Perfect play from the first card: {review.perfect[0]}–{review.perfect[1]} (teams 0+2 – 1+3).")
    if review.played is not None:
        out.print(f"Played: {review.played[0]}–{review.played[1]}.")
    out.print(f"Given away: team 0+2 {review.given_away(0)}, team 1+3 {review.given_away(1)} points.")
    print("\nThe position before each card (analyse one with: puur analyse --position LINE):")
    for p in review.plays:  # plain print: a line must not be wrapped, so that it copies whole
        print(f"{p.trick}.{p.seat} {Card(p.card).name:>3}  {p.position}")
    return 0


def _analyse_position(line: str, as_json: bool) -> int:
    """``puur analyse --position LINE``: perfect play with open cards from one position (any trick)."""
    from rich.console import Console
    from rich.table import Table

    from puur.bots.analysis import solve_position
    from puur.info.position import parse_position

    try:
        r = parse_position(line)
        with Console(stderr=True).status("solving with open cards..."):
            answer = solve_position(r, max_cards=None)
    except ValueError as e:
        print(f"puur analyse: {e}", file=sys.stderr)
        return 2
    if as_json:
        print(json.dumps({"position": line.strip(), **answer}))
        return 0
    print(line.strip())
    out = Console()
    table = Table(title=f"Seat {answer['to_act']} to act: each card against perfect play with open cards")
    for col in ("card", "final points (teams 0+2 – 1+3)", "best"):
        table.add_column(col)
    team = answer["to_act"] & 1
    for card, points in answer["cards"].items():
        table.add_row(card, f"{points[0]}–{points[1]}", "best" if points[team] == answer["points"][team] else "")
    out.print(table)
    out.print(f"Perfect play from here: {answer['points'][0]}–{answer['points'][1]}; a best card: {answer['best']}.")
    return 0


def _jasskit_export(args: argparse.Namespace) -> int:
    from puur.info.jasskit import log_entry
    from puur.match.game import Game

    try:
        with open(args.record, encoding="utf-8") as f:
            game = Game.from_record(json.load(f))
    except (OSError, ValueError) as e:
        print(f"puur jasskit export: {e}", file=sys.stderr)
        return 2
    for r in game.round_states:
        if r.is_done:
            print(json.dumps(log_entry(r)))
    return 0


def _jasskit_import(args: argparse.Namespace) -> int:
    from puur.core.cards import Card
    from puur.info.jasskit import read_log_lines

    try:
        with open(args.log, encoding="utf-8") as f:
            rounds = read_log_lines(f.read(), args.profile)
    except (OSError, ValueError) as e:
        print(f"puur jasskit import: {e}", file=sys.stderr)
        return 2
    for r in rounds:
        print(json.dumps({
            "dealer": r.dealer, "forehand": r.forehand, "pushed": r.pushed, "chooser": r.chooser,
            "contract": str(r.contract), "deal": [[str(Card(c)) for c in range(36) if h >> c & 1] for h in r.dealt],
            "score": r.score().to_dict(),
        }))  # fmt: skip
    return 0


def _verify(args: argparse.Namespace) -> int:
    """``puur verify RECORD.json``: 0 when the record holds (puur.match.verify), 1 when not, 2 when unreadable."""
    from puur.match.verify import Verdict, verify_record

    return _verdict(args, "puur verify", verify_record, Verdict.lines)


def _tournament_verify(args: argparse.Namespace) -> int:
    """``puur tournament verify RECORD.json``: 0 when the tournament's record holds (puur.match.tournament), 1
    when not, 2 when unreadable."""
    from puur.match.tournament import TournamentVerdict, verify_tournament

    def lines(verdict: TournamentVerdict) -> list[str]:
        if verdict.ok:
            return [f"holds — {verdict.message}"]
        return [f"does not hold — {verdict.reason}: {verdict.message}"]

    return _verdict(args, "puur tournament verify", verify_tournament, lines)


class _Verdict(Protocol):
    @property
    def ok(self) -> bool: ...

    def to_dict(self) -> dict[str, Any]: ...


V = TypeVar("V", bound=_Verdict)


def _verdict(args: argparse.Namespace, command: str, verify: Callable[[Any], V], lines: Callable[[V], list[str]]) -> int:
    """What a ``verify`` command answers of ``args.record``: the verdict as JSON (``--json``) or its ``lines``
    (standard error when it does not hold); 0 when the record holds, 1 when not, 2 when unreadable."""
    record = _read_json(args.record, command)
    if record is None:
        return 2
    verdict = verify(record)
    if args.json:
        print(json.dumps(verdict.to_dict(), ensure_ascii=False))
    else:
        first, *rest = lines(verdict)
        print(f"{args.record}: {first}", *rest, sep="\n", file=sys.stdout if verdict.ok else sys.stderr)
    return 0 if verdict.ok else 1


def _arena(args: argparse.Namespace) -> int:
    if args.form != "schieber":  # Coiffeur, Differenzler: paired matches or rounds (docs/forms.md)
        from puur.lab.form_arena import cli as form_cli

        return form_cli(args)
    from puur.lab.arena import cli

    return cli(args)


def _selfplay(args: argparse.Namespace) -> int:
    try:
        from puur.lab.selfplay import cli
    except ImportError as e:
        print(f"puur selfplay needs the rl extra ({e.name} is missing): pip install 'puur[rl]'", file=sys.stderr)
        return 2
    return cli(args)


def _bots_serve(args: argparse.Namespace) -> int:
    from puur.bots.service import serve

    return serve(args.host, args.port, [p for p in args.players.split(",") if p], args.profile)


def build_parser() -> argparse.ArgumentParser:
    from puur.match.forms import FORMS
    from puur.server.serving import HEAD_TIMEOUT, KEEP_ALIVE, MAX_CONNECTIONS, MAX_HEAD

    parser = argparse.ArgumentParser(prog="puur", description="Puur: Swiss Jass (Schieber)")
    sub = parser.add_subparsers(dest="command", required=True)

    rules = sub.add_parser("rules", help="the rules oracle").add_subparsers(dest="rules_command", required=True)
    ev = rules.add_parser(
        "eval", help="answer JSON rules requests (INTERFACES.md §1)", epilog=_ops_epilog(),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )  # fmt: skip
    ev.add_argument("file", nargs="?", help="a JSON file (default: standard input)")
    ev.set_defaults(handler=_rules_eval)
    rules.add_parser("profiles", help="print every preset with all its options").set_defaults(
        handler=_rules_profiles
    )

    serve = sub.add_parser("serve", help="the web table, tools, HTTP API and MCP endpoint")
    serve.add_argument("--host", default="127.0.0.1")
    serve.add_argument("--port", type=_port, default=8000, help="TCP port, 1 to 65535 (default 8000)")
    serve.add_argument("--db", default=os.environ.get("PUUR_DB") or None,
                       help="SQLite file for games (default: under the user's data directory), or a PostgreSQL URL "
                       "postgresql://USER@HOST/DB that several workers share (default: env PUUR_DB)")
    serve.add_argument("--workers", type=int, default=1,
                       help="worker processes (default 1); more than 1 needs --db postgresql://...")
    serve.add_argument("--access-log", action="store_true", help="log every HTTP request")
    serve.add_argument(
        "--allow-player", action="append", default=[], metavar="NAME=SPEC",
        help="offer one more player to the table and MCP by NAME, e.g. mine=mypackage.players:Mine or "
        "jk=remote:url=http://127.0.0.1:9000/bot (repeatable; requests name it by NAME only)",
    )  # fmt: skip
    serve.add_argument("--rate-games", default="20/minute",
                       help="games created per client address (default 20/minute; 'off' for none)")
    serve.add_argument("--rate-calls", default="120/minute",
                       help="MCP, solver, rules-eval and review calls per client address (default 120/minute; 'off')")
    serve.add_argument("--rate-actions", default="40/2seconds",
                       help="actions per seat of a game (default 40/2seconds: 20 a second, 40 at once; 'off')")
    serve.add_argument(
        "--forwarded-allow-ips", default=os.environ.get("FORWARDED_ALLOW_IPS") or "127.0.0.1", metavar="ADDRESSES",
        help="the proxy addresses or networks (comma-separated, e.g. 10.0.0.5 or 172.28.0.0/24) whose "
        "X-Forwarded-For names the client; the limits per client address count that address (default: env "
        "FORWARDED_ALLOW_IPS, else 127.0.0.1; '*' is refused: any client could choose its address)",
    )  # fmt: skip
    serve.add_argument("--max-connections", type=int, default=MAX_CONNECTIONS,
                       help=f"connections and requests served at once; past it 503 (default {MAX_CONNECTIONS}). "
                       f"A request's line and headers must arrive within {HEAD_TIMEOUT:g} s and {MAX_HEAD // 1024} "
                       f"KiB (else 408/431, closed); an idle kept-alive connection closes after {KEEP_ALIVE} s")
    serve.add_argument("--max-body", type=int, default=1_000_000, help="bytes of a request body (default 1000000)")
    serve.add_argument("--max-live-games", type=int, default=1000,
                       help="games held in memory; finished and idle ones leave first (default 1000)")
    serve.add_argument("--retention-days", type=float, default=90.0,
                       help="delete games whose last action is older than this (default 90)")
    serve.set_defaults(handler=_serve)

    db = sub.add_parser("db", help="the PostgreSQL game store").add_subparsers(dest="db_command", required=True)
    up = db.add_parser("upgrade", help="apply the store's migrations (puur serve does it at start-up too)")
    up.add_argument("--db", default=os.environ.get("PUUR_DB") or None,
                    help="postgresql://USER@HOST/DB (default: env PUUR_DB)")
    up.set_defaults(handler=_db_upgrade)

    sub.add_parser("mcp", help="the MCP server on standard input/output").set_defaults(handler=_mcp)

    data = sub.add_parser("data", help="the open datasets").add_subparsers(dest="data_command", required=True)
    exp = data.add_parser("export", help="write every dataset, index.json, status.json and openapi.json to DIR")
    exp.add_argument("dir", help="the folder to write (created if needed), e.g. site/api/v1")
    exp.add_argument("--no-openapi", action="store_true", help="do not write openapi.json")
    exp.set_defaults(handler=_data_export)

    from puur.cli import terminal
    from puur.lab import bench

    terminal.add_parser(sub)
    bench.add_parser(sub)
    jk = sub.add_parser("jasskit", help="HSLU jass-kit game logs").add_subparsers(dest="jk_command", required=True)
    jk_exp = jk.add_parser("export", help="a Puur game record as jass-kit log lines (one round per line)")
    jk_exp.add_argument("record", help="a Puur game record (JSON file)")
    jk_exp.set_defaults(handler=_jasskit_export)
    jk_imp = jk.add_parser("import", help="replay a jass-kit log file through Puur's rules and score it")
    jk_imp.add_argument("log", help="a jass-kit log file (one JSON object per line)")
    jk_imp.add_argument("--profile", default="schieber")
    jk_imp.set_defaults(handler=_jasskit_import)

    arena = sub.add_parser("arena", help="bot against bot on duplicate deals, with 95%% intervals")
    arena.add_argument("--a", required=True, help="player A, e.g. mcts, heuristic, random or package.module:Class")
    arena.add_argument("--b", required=True, help="player B")
    arena.add_argument("--deals", type=int, required=True, help="duplicate deals (each played twice); with --form: "
                       "seeds, each a pair of Coiffeur matches or a Differenzler round played by A and by B")
    arena.add_argument("--form", choices=FORMS, default="schieber",
                       help="the game form (default schieber); coiffeur and differenzler as in puur.lab.form_arena")
    arena.add_argument("--columns", type=int, choices=(8, 10), default=None, help="with --form coiffeur: 8 or 10 columns")
    arena.add_argument("--games", type=int, default=0, help="also play this many duplicate matches to the target")
    arena.add_argument("--profile", default="schieber", help="rule profile preset (default: schieber)")
    arena.add_argument("--seed", type=int, default=0)
    arena.add_argument("--jobs", type=int, default=1, help="worker processes (with --backend ray: a local Ray's CPUs)")
    arena.add_argument("--json", action="store_true", help="print one JSON object (INTERFACES.md §3)")
    arena.add_argument("--backend", choices=("local", "ray"), default="local",
                       help="run the deals here (default) or as Ray tasks (pip install 'puur[ray]')")
    arena.add_argument("--address", default=None,
                       help="with --backend ray: a Ray cluster's address (default: start a local Ray)")
    arena.set_defaults(handler=_arena)

    sp = sub.add_parser("selfplay", help="every decision of a player against itself as Parquet rows (research data)")
    sp.add_argument("--player", required=True, help="the player of all four seats, e.g. mcts, mcts:iters=200, heuristic")
    sp.add_argument("--games", type=int, required=True, help="games (rounds; --matches: whole matches) in the run")
    sp.add_argument("--out", required=True, help="the run's folder: shard-NNNNN.parquet and run.json (resumable)")
    sp.add_argument("--shard-size", type=int, default=100, help="games per shard file (default 100)")
    sp.add_argument("--profile", default="schieber", help="rule profile preset (default: schieber)")
    sp.add_argument("--seed", type=int, default=0)
    sp.add_argument("--matches", action="store_true", help="play whole matches to the target instead of single rounds")
    sp.add_argument("--jobs", type=int, default=1, help="worker processes (with --backend ray: a local Ray's CPUs)")
    sp.add_argument("--backend", choices=("local", "ray"), default="local",
                    help="play the shards here (default) or as Ray tasks (pip install 'puur[ray]')")
    sp.add_argument("--address", default=None, help="with --backend ray: a Ray cluster's address (default: a local Ray)")
    sp.add_argument("--json", action="store_true", help="print the summary as one JSON object")
    sp.set_defaults(handler=_selfplay)

    an = sub.add_parser(
        "analyse", aliases=["analyze"],
        help="hold each card of a played round against perfect play with open cards (the solver)",
    )  # fmt: skip
    an.add_argument("record", nargs="?", help="a Puur game record (JSON file)")
    an.add_argument(
        "--position", metavar="LINE",
        help="analyse one position instead: a line of docs/position-notation.md ('puur1 schieber d2f3 H ...')",
    )  # fmt: skip
    an.add_argument("--round", type=int, default=1, help="the round to review (1-based, default 1)")
    an.add_argument("--json", action="store_true", help="print the review as one JSON object")
    an.set_defaults(handler=_analyse)

    ver = sub.add_parser(
        "verify", help="check a game record: the seed matches its commitment, the deals, the play and the scores"
    )
    ver.add_argument("record", help="a Puur game record (JSON file, e.g. the table's 'Download the record')")
    ver.add_argument("--json", action="store_true", help="print one JSON object (ok, reason, message, ...)")
    ver.set_defaults(handler=_verify)

    tour = sub.add_parser("tournament", help="duplicate tournaments (docs/tournaments.md)").add_subparsers(
        dest="tournament_command", required=True)
    tver = tour.add_parser("verify", help="check a tournament's record: the committed seeds, every table's play, "
                           "the standings")
    tver.add_argument("record", help="a tournament record (JSON: GET /api/v1/tournaments/{id}/record)")
    tver.add_argument("--json", action="store_true", help="print one JSON object (ok, reason, message, ...)")
    tver.set_defaults(handler=_tournament_verify)

    bots = sub.add_parser("bots", help="computer players").add_subparsers(dest="bots_command", required=True)
    bserve = bots.add_parser("serve", help="offer our players as a jass-kit player service (/<name>/action_...)")
    bserve.add_argument("--host", default="127.0.0.1")
    bserve.add_argument("--port", type=_port, default=9000, help="TCP port, 1 to 65535 (default 9000)")
    bserve.add_argument("--players", default="heuristic,mcts", help="comma-separated player names")
    bserve.add_argument("--profile", default="schieber")
    bserve.set_defaults(handler=_bots_serve)

    # Each further subcommand: one add_parser block here, its handler importing its module lazily.
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    handler: Handler = args.handler
    return handler(args)

