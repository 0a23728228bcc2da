"""Self-play data: every decision of a player against itself as a row of Parquet (``puur selfplay``).

A game is one round of Schieber (``--matches``: a whole match) dealt from the run's seed and the game's
index, all four seats played by the same player spec, each seat seeded on its own; a player sees only its
seat's ``Observation``. A ``--player`` with a search (``mcts``) is asked for its evaluation of every
decision (``MCTSPlayer.evaluate``): the samples it spent on each action (successive halving spends more
on the better ones: the visit distribution) and each action's mean value.

The games are cut into shards of ``--shard-size`` games, one file ``shard-NNNNN.parquet`` each, written
whole (a temporary file renamed), so a stopped run is resumed by running the same command again: the
shards already written are skipped. ``run.json`` in the folder holds the run's settings; another command
on the same folder is refused. The shards run here (``--jobs`` processes) or as Ray tasks
(``--backend ray``, ``puur.lab.distributed``), with identical rows.

Columns (``SCHEMA``; the schema's metadata ``puur_selfplay`` repeats the run's settings and the shard):

========== ============================ ==============================================================
column     type                         meaning
========== ============================ ==============================================================
game       int64                        the game's index in the run (0 .. games-1)
round      int16                        the round of the match (1 for single-round games)
decision   int16                        the decision's index within the game (0, 1, ...)
seat       int8                         the seat that decided (0..3; teams 0/2 and 1/3)
phase      string                       ``contract`` (choose or push) or ``play``
obs        fixed_size_list<float32>     ``puur.env.encoding.encode`` of the seat's observation
mask       fixed_size_list<int8>        the legal actions (``action_mask``) over ``ACTIONS``
action     int16                        the action taken, an index of ``ACTIONS`` (``STOECK``: the card
                                        played with a Stöck declaration)
policy     fixed_size_list<float32>     the search's share of samples per action (sums to 1); one-hot
                                        on the action for a player without a search or a forced choice
values     fixed_size_list<float32>     the search's mean value per action: written points of the
                                        round, the seat's team minus the other; NaN where not valued
exact      bool                         the values are exact play on each sampled deal (the endgame)
outcome    float32                      the round's written points, the seat's team minus the other
written    fixed_size_list<int32>[2]    the round's written points by team (0, 1)
hands      fixed_size_list<int64>[4]    a label, not an input: the real deal's four current hands at
                                        the decision (card sets: bit ``c`` is card ``c`` of
                                        ``puur.core.cards``), seats relative to the deciding seat as in
                                        ``obs`` (0 itself, 1 next, 2 partner, 3 previous)
========== ============================ ==============================================================

The fixed-size lists have ``OBS_SIZE`` and ``N_ACTIONS`` entries of ``ENCODING_VERSION`` (in the metadata).

``hands`` is what a model of the hidden hands learns from (where each card the seat cannot see lies,
given what it can: ``obs``), so that a search can draw its worlds from such a model rather than
uniformly: the search that sees the real deal wins 92% of the paired deals against ``heuristic``, the one
that samples 80% (docs/experiments/search.md, session 14). The label costs nothing to make; ``obs`` never
holds it (``puur.env.encoding`` encodes the seat's own view only).
"""

from __future__ import annotations

import json
import math
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq

from puur.bots import make_seat_player
from puur.bots.runner import declarations_for
from puur.core.cards import Action
from puur.core.profile import RuleProfile
from puur.env.encoding import (
    ENCODING_VERSION,
    N_ACTIONS,
    OBS_SIZE,
    STOECK,
    action_index,
    action_mask,
    check_profile,
    encode,
)
from puur.info.observation import Observation
from puur.lab.arena import mix_seed
from puur.match.game import Game

FORMAT = "puur-selfplay"
MANIFEST = "run.json"

SCHEMA = pa.schema(
    [
        ("game", pa.int64()),
        ("round", pa.int16()),
        ("decision", pa.int16()),
        ("seat", pa.int8()),
        ("phase", pa.string()),
        ("obs", pa.list_(pa.float32(), OBS_SIZE)),
        ("mask", pa.list_(pa.int8(), N_ACTIONS)),
        ("action", pa.int16()),
        ("policy", pa.list_(pa.float32(), N_ACTIONS)),
        ("values", pa.list_(pa.float32(), N_ACTIONS)),
        ("exact", pa.bool_()),
        ("outcome", pa.float32()),
        ("written", pa.list_(pa.int32(), 2)),
        ("hands", pa.list_(pa.int64(), 4)),
    ]
)
"""The rows' schema (see the module docstring)."""

ShardTask = tuple[str, str, int, int, int, int, bool]
"""(player spec, profile name, seed, shard, first game, end game, whole matches)."""


def shard_path(out: Path, shard: int) -> Path:
    return out / f"shard-{shard:05d}.parquet"


def _decide(
    player: Any, game: Game, obs: Observation
) -> tuple[Action, tuple[str, ...], int, np.ndarray, np.ndarray, bool]:
    """The player's action for the seat to act, its declarations, the row's action index, and the search's
    policy and values."""
    policy = np.zeros(N_ACTIONS, dtype=np.float32)
    values = np.full(N_ACTIONS, np.nan, dtype=np.float32)
    exact = False
    evaluate = getattr(player, "evaluate", None)
    if callable(evaluate):
        ev = evaluate(obs)
        action: Action = ev.action
        total = sum(n for _, _, n in ev.values)
        for a, mean, n in ev.values:
            values[action_index(a)] = mean
            if total:
                policy[action_index(a)] = n / total
        exact = bool(ev.exact)
    else:
        action = player.act(obs)
    declare = declarations_for(game, action)
    index = action_index(STOECK) if "stoeck" in declare else action_index(action)
    if not policy.any():
        policy[index] = 1.0
    elif index == action_index(STOECK):  # the search valued the card; the row's action is the declaration
        policy[index], policy[action_index(action)] = policy[action_index(action)], 0.0
        values[index], values[action_index(action)] = values[action_index(action)], np.nan
    return action, declare, index, policy, values, exact


def new_game(profile: RuleProfile | str, seed: int, index: int) -> Game:
    """Game ``index`` of a run of ``seed``, dealt as the run deals it: what a reader replays the run's rows on."""
    return Game(profile, seed=mix_seed(seed, index, 21))


def play_game(spec: str, profile: RuleProfile, seed: int, index: int, matches: bool) -> dict[str, list[Any]]:
    """One game's rows as columns (``SCHEMA``'s names)."""
    cols: dict[str, list[Any]] = {name: [] for name in SCHEMA.names}
    game = new_game(profile, seed, index)
    players = {s: make_seat_player(spec, mix_seed(seed, index, 22 + s)) for s in range(4)}
    pending: list[int] = []  # row numbers of the current round, for their outcome
    decision = 0
    while not game.is_over and (matches or not game.rounds):
        seat = game.current_seat
        assert seat is not None
        rounds_before = len(game.rounds)
        obs = game.observation(seat)
        action, declare, chosen, policy, values, exact = _decide(players[seat], game, obs)
        cols["game"].append(index)
        cols["round"].append(game.round_number)
        cols["decision"].append(decision)
        cols["seat"].append(seat)
        cols["phase"].append(obs.phase)
        cols["obs"].append(encode(obs))
        cols["mask"].append(action_mask(obs))
        cols["action"].append(chosen)
        cols["policy"].append(policy)
        cols["values"].append(values)
        cols["exact"].append(exact)
        cols["outcome"].append(0.0)
        cols["written"].append([0, 0])
        cols["hands"].append([game.round.hands[(seat + k) % 4] for k in range(4)])
        pending.append(len(cols["game"]) - 1)
        decision += 1
        game.apply(action, declare)
        if len(game.rounds) > rounds_before:
            written = game.rounds[-1].written
            for row in pending:
                team = cols["seat"][row] & 1
                cols["outcome"][row] = float(written[team] - written[1 - team])
                cols["written"][row] = [written[0], written[1]]
            pending = []
    return cols


def play_shard(task: ShardTask) -> pa.Table:
    """Games ``first .. end-1`` of the run as one table (a task for ``puur.lab.distributed.map_tasks``)."""
    spec, profile_name, seed, shard, first, end, matches = task
    profile = RuleProfile.resolve(profile_name)
    cols: dict[str, list[Any]] = {name: [] for name in SCHEMA.names}
    for index in range(first, end):
        for name, values in play_game(spec, profile, seed, index, matches).items():
            cols[name].extend(values)
    arrays = []
    for field in SCHEMA:
        values = cols[field.name]
        if pa.types.is_fixed_size_list(field.type):
            size = field.type.list_size
            flat = np.asarray(values, dtype=field.type.value_type.to_pandas_dtype()).reshape(-1)
            arrays.append(pa.FixedSizeListArray.from_arrays(pa.array(flat, type=field.type.value_type), size))
        else:
            arrays.append(pa.array(values, type=field.type))
    table = pa.Table.from_arrays(arrays, schema=SCHEMA)
    meta = {**settings(spec, profile_name, seed, end - first, matches), "shard": shard, "games_range": [first, end]}
    return table.replace_schema_metadata({"puur_selfplay": json.dumps(meta)})


def settings(spec: str, profile: str, seed: int, shard_size: int, matches: bool, games: int | None = None) -> dict[str, Any]:
    """What makes a run: its rows depend on these only."""
    out: dict[str, Any] = {
        "format": FORMAT,
        "encoding_version": ENCODING_VERSION,
        "columns": SCHEMA.names,
        "player": spec,
        "profile": profile,
        "seed": seed,
        "shard_size": shard_size,
        "matches": matches,
    }
    if games is not None:
        out["games"] = games
    return out


def _check_manifest(out: Path, wanted: dict[str, Any]) -> None:
    """Write ``run.json``, or check that the folder's run is this one (its games may grow)."""
    path = out / MANIFEST
    if path.exists():
        try:
            have = json.loads(path.read_text())
        except (OSError, ValueError) as e:
            raise ValueError(f"{path} is not a self-play manifest: {e}") from None
        diff = sorted(k for k in wanted if k != "games" and have.get(k) != wanted[k])
        if diff:
            raise ValueError(
                f"{out} holds a self-play run with other settings ({', '.join(f'{k}={have.get(k)!r}' for k in diff)}):"
                " use another --out, or the same settings to resume it"
            )
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(wanted, indent=1) + "\n")
    os.replace(tmp, path)


def run_selfplay(
    spec: str,
    games: int,
    out: str | Path,
    *,
    profile: str = "schieber",
    seed: int = 0,
    shard_size: int = 100,
    matches: bool = False,
    jobs: int = 1,
    backend: str = "local",
    address: str | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> dict[str, Any]:
    """Play the missing shards of the run into ``out``; a summary (shards written and skipped, rows)."""
    from puur.lab.distributed import check_backend, map_tasks

    if games < 1 or shard_size < 1 or jobs < 1:
        raise ValueError("--games, --shard-size and --jobs must be at least 1")
    check_profile(RuleProfile.resolve(profile))
    make_seat_player(spec, 0)  # a bad spec fails before anything is written
    check_backend(backend, address)
    folder = Path(out)
    folder.mkdir(parents=True, exist_ok=True)
    _check_manifest(folder, settings(spec, profile, seed, shard_size, matches, games))
    shards = math.ceil(games / shard_size)
    todo: list[ShardTask] = []
    done_games = 0
    for k in range(shards):
        first, end = k * shard_size, min(games, (k + 1) * shard_size)
        if _complete(shard_path(folder, k), end - first):
            done_games += end - first
        else:
            todo.append((spec, profile, seed, k, first, end, matches))
    if progress:
        progress(done_games, games)
    rows = 0
    for task, table in zip(todo, map_tasks(play_shard, todo, backend=backend, jobs=jobs, address=address), strict=True):
        path = shard_path(folder, task[3])
        tmp = path.with_suffix(".parquet.tmp")
        pq.write_table(table, tmp)
        os.replace(tmp, path)
        rows += table.num_rows
        done_games += task[5] - task[4]
        if progress:
            progress(done_games, games)
    return {"out": str(folder), "games": games, "shards": shards, "written": len(todo), "skipped": shards - len(todo), "rows": rows}


def _complete(path: Path, games: int) -> bool:
    """A shard file that holds its games (one renamed into place; a stray partial file is played again)."""
    if not path.exists():
        return False
    try:
        meta = json.loads(pq.read_schema(path).metadata[b"puur_selfplay"])
    except (OSError, KeyError, ValueError, TypeError, pa.ArrowException):
        return False
    first, end = meta.get("games_range", [0, 0])
    return bool(end - first == games)


def read_rows(out: str | Path) -> pa.Table:
    """All shards of a run folder as one table, in game order."""
    files = sorted(Path(out).glob("shard-*.parquet"))
    if not files:
        raise ValueError(f"no self-play shards (shard-*.parquet) in {out}")
    return pa.concat_tables([pq.read_table(f) for f in files])


def cli(args: Any) -> int:
    """``puur selfplay``."""
    import sys

    def run(progress: Callable[[int, int], None] | None) -> dict[str, Any]:
        return run_selfplay(
            args.player, args.games, args.out, profile=args.profile, seed=args.seed, shard_size=args.shard_size,
            matches=args.matches, jobs=args.jobs, backend=args.backend, address=args.address, progress=progress,
        )  # fmt: skip

    try:
        if args.json:
            result = run(None)
        else:
            from rich.progress import Progress

            with Progress(transient=True) as bar:
                task = bar.add_task(f"selfplay {args.player}", total=args.games)
                result = run(lambda done, total: bar.update(task, completed=done))
    except ValueError as e:
        print(f"puur selfplay: {e}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(result))
    else:
        print(
            f"{result['out']}: {result['shards']} shards of {args.shard_size} games ({result['written']} written now,"
            f" {result['skipped']} already there), {result['rows']} new rows"
        )
    return 0


__all__ = ["SCHEMA", "new_game", "play_game", "play_shard", "read_rows", "run_selfplay"]
