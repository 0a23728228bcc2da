"""``puur verify RECORD.json``: does a game record prove a fair deal and an honest sheet?

A record holds when (``puur.match.fairness``, ``Game.from_record``):

1. its ``commitment`` is the SHA-256 of ``puur-seed-v1:SALT:SEED`` from the record's own salt and seed, so
   the seed is the one committed to before the first card;
2. every round's deal is what that seed deals (RULES.md §3);
3. every action was legal when it was played, by the seat to act (§4, §7, §10, §12);
4. every written round, the totals and the result are what the rules give (§11, §12).

A record without a commitment (older records, or a match dealt by hand) can still replay, but nothing in
it shows that its seed was fixed in advance: it does not hold as a fair deal.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from puur.match.fairness import commitment_text
from puur.match.game import Game, RecordMismatch

REASONS = ("format", "commitment", "deal", "action", "written", "scores", "result", "no_commitment")
"""Why a record does not hold: what ``Verdict.reason`` may be."""


@dataclass(frozen=True)
class Verdict:
    """The answer of ``verify_record``: ``ok``, and when not, ``reason`` (one of ``REASONS``) and ``message``."""

    ok: bool
    reason: str | None
    message: str
    round: int | None = None
    rounds: int = 0
    actions: int = 0
    seed: int | None = None
    salt: str | None = None
    commitment: str | None = None
    seed_source: str | None = None
    scores: list[int] | None = None
    over: bool = False
    notes: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        """The machine answer of ``puur verify --json`` (the seed as a string, like the table's)."""
        return {**asdict(self), "seed": None if self.seed is None else str(self.seed)}

    def lines(self) -> list[str]:
        """The short human verdict."""
        if not self.ok:
            where = f" (round {self.round})" if self.round is not None and f"round {self.round}" not in self.message else ""
            return [f"does not hold — {self.reason}{where}: {self.message}"]
        assert self.seed is not None and self.salt is not None and self.scores is not None
        source = "drawn by Puur" if self.seed_source == "drawn" else "chosen by whoever created the match"
        return [
            "holds: the deals were fixed before the first card and the sheet is what the rules give.",
            f"  commitment  {self.commitment} = SHA-256 of \"{commitment_text(self.seed, self.salt)}\"",
            f"  seed        {self.seed} ({source})",
            f"  deals       {self.rounds} round{'s' if self.rounds != 1 else ''}, each what the seed deals",
            f"  play        {self.actions} action{'s' if self.actions != 1 else ''}, each legal when it was played",
            f"  scores      every written round and the totals {self.scores[0]} : {self.scores[1]} as the rules give them",
            *(f"  note        {n}" for n in self.notes),
        ]


def verify_record(record: Any) -> Verdict:
    """Check ``record`` (a parsed game record) as the module says; never raises for a bad record."""
    try:
        game = Game.from_record(record)
    except RecordMismatch as e:
        return Verdict(False, e.part, str(e), round=e.round)
    except (ValueError, TypeError, KeyError, AttributeError) as e:
        return Verdict(False, "format", _format_message(e))
    entries = record.get("rounds", [])
    rounds, actions = len(entries), sum(len(str(entry.get("actions", "")).split()) for entry in entries)
    common: dict[str, Any] = {
        "rounds": rounds, "actions": actions, "seed": game.seed, "scores": list(game.scores), "over": game.is_over,
    }  # fmt: skip
    if record.get("commitment") is None or record.get("start") is not None:
        what = (
            "the record's first round was dealt by hand, not by its seed"
            if record.get("start") is not None
            else "the record carries no seed commitment (it was written without one)"
        )
        return Verdict(
            False, "no_commitment",
            f"{what}: its play replays, but nothing shows that the deals were fixed before the first card", **common,
        )  # fmt: skip
    notes = []
    if game.seed_source == "chosen":
        notes.append("the seed was chosen by whoever created the match (Puur allows that only with one human seat)")
    if not game.is_over:
        notes.append("the match is not over: the record stops in round " + str(rounds))
    if game.plan is not None:
        notes.append("the deals follow the record's deal plan, not its own seed: a duplicate tournament's deals, "
                     "whose commitments its record holds (puur tournament verify)")
    return Verdict(
        True, None, "the record holds", salt=game.salt, commitment=game.commitment, seed_source=game.seed_source,
        notes=notes, **common,
    )  # fmt: skip


def _format_message(e: BaseException) -> str:
    if isinstance(e, KeyError):
        return f"the record lacks the field {e.args[0]!r}"
    return str(e) or type(e).__name__


__all__ = ["REASONS", "Verdict", "verify_record"]
