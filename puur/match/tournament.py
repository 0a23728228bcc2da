"""``puur tournament verify RECORD.json``: does a duplicate tournament's record prove fair deals and honest
standings? (docs/tournaments.md)

A tournament record holds when:

1. every deal's commitment is the SHA-256 of ``puur-seed-v1:SALT:SEED`` from the deal's own seed and salt
   (``puur.match.fairness``): the seeds were fixed when the tournament was created, before any card;
2. every table's game record follows the deal plan of exactly those seeds, in that order, turned as its table
   number says (``puur.match.duplicate``: 0 at tables 0, 2, ..., 1 at tables 1, 3, ...), with the
   tournament's profile;
3. every table's record replays (``Game.from_record``: each deal is what its seed deals, each action was legal,
   each written round and the totals are what the rules give) and every deal was played;
4. the standings are what ``puur.match.duplicate.standings`` computes from the replayed tables.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from puur.match.duplicate import PLAN_KEY, standings
from puur.match.fairness import check_salt, seed_commitment
from puur.match.game import Game, RecordMismatch

RECORD_FORMAT = "puur-tournament"
RECORD_VERSION = 1
STANDING_FIELDS = ("rank", "table", "team", "seats", "score", "points", "deals", "deals_won")
"""What the check compares of each standing (the names are the tables' own, not computed)."""


@dataclass(frozen=True)
class TournamentVerdict:
    ok: bool
    reason: str | None
    """``format``, ``commitment``, ``plan``, ``table`` (a table's record does not replay), ``unfinished`` or
    ``standings``; None when the record holds."""
    message: str
    tables: int = 0
    deals: int = 0

    def to_dict(self) -> dict[str, Any]:
        return {"ok": self.ok, "reason": self.reason, "message": self.message, "tables": self.tables,
                "deals": self.deals}


class _Refused(Exception):
    def __init__(self, reason: str, message: str) -> None:
        super().__init__(message)
        self.reason = reason


def verify_tournament(record: Any) -> TournamentVerdict:
    """Check a parsed tournament record as the module says; never raises for a bad record."""
    try:
        seeds = _committed_seeds(record)
        games = [_table_game(record, t, entry, seeds) for t, entry in enumerate(_tables(record))]
        computed = standings([[list(r.written) for r in g.rounds] for g in games])
        _check_standings(record.get("standings"), computed)
    except _Refused as e:
        return TournamentVerdict(False, e.reason, str(e))
    except (ValueError, TypeError, KeyError, AttributeError) as e:
        return TournamentVerdict(False, "format", f"not a tournament record as Puur writes it: {e!r}")
    return TournamentVerdict(True, None, f"the record holds: {len(games)} tables played the same {len(seeds)} "
                             "committed deals, and the standings are what they played", len(games), len(seeds))


def _committed_seeds(record: Any) -> list[int]:
    if not isinstance(record, dict) or record.get("format") != RECORD_FORMAT:
        raise _Refused("format", f"not a Puur tournament record (format must be {RECORD_FORMAT!r})")
    if record.get("version") != RECORD_VERSION:
        raise _Refused("format", f"tournament record version {record.get('version')!r} is not supported")
    deals = record.get("deals")
    if not isinstance(deals, list) or not deals or len(deals) != record["settings"]["deals"]:
        raise _Refused("format", "the record's deals must be one entry per deal of its settings")
    seeds = []
    for k, d in enumerate(deals, start=1):
        seed = int(str(d["seed"]))
        if seed < 0 or seed_commitment(seed, check_salt(d["salt"])) != d["commitment"]:
            raise _Refused("commitment", f"deal {k}: the commitment is not the SHA-256 of its seed and salt")
        seeds.append(seed)
    return seeds


def _tables(record: dict[str, Any]) -> list[dict[str, Any]]:
    tables = record.get("tables")
    if not isinstance(tables, list) or len(tables) != record["settings"]["tables"] or len(tables) < 2:
        raise _Refused("format", "the record's tables must be one entry per table of its settings (two or more)")
    return tables


def _table_game(record: dict[str, Any], t: int, entry: dict[str, Any], seeds: list[int]) -> Game:
    """Table ``t``'s game, replayed, after checking that it followed the tournament's deals."""
    game_record = entry["record"]
    plan = game_record.get(PLAN_KEY)
    if entry.get("table") != t or plan != {"seeds": seeds, "turn": t % 2}:
        raise _Refused("plan", f"table {t}: its game did not follow the committed deals turned {t % 2}")
    if game_record.get("profile") != record["settings"]["profile"]:
        raise _Refused("plan", f"table {t}: its game was not played with the tournament's profile")
    try:
        game = Game.from_record(game_record)
    except RecordMismatch as e:
        raise _Refused("table", f"table {t}: {e}") from None
    if not game.is_over or len(game.rounds) != len(seeds):
        raise _Refused("unfinished", f"table {t}: played {len(game.rounds)} of {len(seeds)} deals")
    return game


def _check_standings(given: Any, computed: list[dict[str, Any]]) -> None:
    if not isinstance(given, list) or len(given) != len(computed):
        raise _Refused("standings", "the record's standings are not one entry per team")
    for i, (g, c) in enumerate(zip(given, computed, strict=True), start=1):
        if not isinstance(g, dict) or any(g.get(k) != c[k] for k in STANDING_FIELDS):
            raise _Refused("standings", f"standing {i}: the record says {g!r}, the tables' play gives "
                           f"{ {k: c[k] for k in STANDING_FIELDS} }")


__all__ = ["RECORD_FORMAT", "RECORD_VERSION", "TournamentVerdict", "verify_tournament"]
