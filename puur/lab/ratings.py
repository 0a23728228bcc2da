"""The rating model of the place (OpenSkill's Plackett-Luce, its defaults) and the calibration of the computers'
fixed ratings from the arena.

A person at a rated table plays with or against computer seats; so that such a match moves a person's rating
by what it tells (a win against the random player tells little, one against ``mcts:level=strong`` a lot), each
computer strength has a fixed rating, measured here: whole matches between the strengths of ``LADDER`` (the
arena's duplicate matches: the same seed twice, the teams swapped), then one pass of OpenSkill over them, in
an order that interleaves the pairings. The numbers are written, with the command and its date, to
``puur/server/place/computer_ratings.py`` (docs/ratings.md)::

    python -m puur.lab.ratings --pairs 40 --slow-pairs 12 --jobs 8 --out puur/server/place/computer_ratings.py

(``--levels 4`` leaves ``mcts:level=strong`` out: a strength missing there is not rated; ``BESIDE``'s strengths
play the ladder's strength they are built on, where it is calibrated.)

The same model rates the place's matches (``puur.server.place.rating``): one definition, here, below both.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import random
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce, PlackettLuceRating

from puur.lab.arena import Arena, play_game_pair
from puur.lab.distributed import map_tasks

LADDER = ("random", "heuristic", "mcts:level=easy", "mcts:level=medium", "mcts:level=strong")
"""The computers' strengths, weakest first: the players the tables offer (``puur.table.options``)."""
BESIDE = {"learned:level=medium": "mcts:level=medium"}
"""Strengths the tables offer off the ladder, each rated by matches against the ladder's strength it is built
on: ``learned`` is ``mcts`` led by its networks, not known to be stronger or weaker than a level of it."""


def rating_model() -> PlackettLuce:
    """The model every rating of the place is computed with: OpenSkill's Plackett-Luce with its defaults
    (a newcomer at mu 25, sigma 25/3; the conservative ordinal mu - 3 sigma)."""
    return PlackettLuce()


@dataclass(frozen=True)
class Outcome:
    """One whole match between two strengths: ``a``'s team (two seats of ``a``) against ``b``'s."""

    a: str
    b: str
    a_won: bool


def play_outcomes(pairs: Sequence[tuple[str, str]], matches: int, seed: int, jobs: int) -> list[Outcome]:
    """``matches`` duplicate matches (each twice, the teams swapped) of every pairing, interleaved: the
    first match of every pairing, then the second, ..."""
    tasks = [(Arena(a, b, deals=0, games=matches, seed=seed), i) for i in range(matches) for a, b in pairs]
    out = []
    for (arena, _), (first, second) in zip(tasks, map_tasks(play_game_pair, tasks, jobs=jobs), strict=True):
        out += [Outcome(arena.a, arena.b, bool(first)), Outcome(arena.a, arena.b, bool(second))]
    return out


def _match(model: PlackettLuce, a: PlackettLuceRating, b: PlackettLuceRating, a_won: bool) -> tuple[PlackettLuceRating, PlackettLuceRating]:
    """Two strengths' ratings after one match between them: a team is two seats of one strength, both seats
    updated alike, the strength taking their mean."""
    teams = [[model.rating(mu=a.mu, sigma=a.sigma)] * 2, [model.rating(mu=b.mu, sigma=b.sigma)] * 2]
    ta, tb = model.rate(teams, ranks=[0.0, 1.0] if a_won else [1.0, 0.0])
    return (model.rating(mu=(ta[0].mu + ta[1].mu) / 2, sigma=(ta[0].sigma + ta[1].sigma) / 2),
            model.rating(mu=(tb[0].mu + tb[1].mu) / 2, sigma=(tb[0].sigma + tb[1].sigma) / 2))  # fmt: skip


def fit(outcomes: Iterable[Outcome], seed: int = 0) -> dict[str, tuple[float, float]]:
    """Each strength's (mu, sigma) after one pass of the model over ``outcomes`` (shuffled with ``seed`` so that
    no pairing comes last): both strengths of a match updated (``_match``)."""
    model = rating_model()
    ratings: dict[str, PlackettLuceRating] = {}
    order = list(outcomes)
    random.Random(seed).shuffle(order)
    for o in order:
        ra = ratings.setdefault(o.a, model.rating(name=o.a))
        rb = ratings.setdefault(o.b, model.rating(name=o.b))
        ratings[o.a], ratings[o.b] = _match(model, ra, rb, o.a_won)
    ranked = sorted(ratings, key=lambda name: LADDER.index(name) if name in LADDER else len(LADDER))
    return {name: (round(ratings[name].mu, 3), round(ratings[name].sigma, 3)) for name in ranked}


def fit_beside(outcomes: Iterable[Outcome], fixed: dict[str, tuple[float, float]], seed: int = 0) -> dict[str, tuple[float, float]]:
    """The (mu, sigma) of strengths off the ladder (each ``Outcome``'s ``a``) from their matches against
    strengths of ``fixed`` ratings (``b``), which do not move: as the place rates a person against computers,
    so the ladder's numbers stay what the ladder's matches made them. A strength starts at the mu of the one
    it is built on, with a newcomer's sigma: one pass from a newcomer's mu would still be climbing."""
    model = rating_model()
    ratings: dict[str, PlackettLuceRating] = {}
    order = list(outcomes)
    random.Random(seed).shuffle(order)
    for o in order:
        ra = ratings.setdefault(o.a, model.rating(mu=fixed[o.b][0], name=o.a))
        ratings[o.a], _ = _match(model, ra, model.rating(mu=fixed[o.b][0], sigma=fixed[o.b][1]), o.a_won)
    return {name: (round(r.mu, 3), round(r.sigma, 3)) for name, r in ratings.items()}


def module_text(ratings: dict[str, tuple[float, float]], command: str, date: str, counts: dict[str, int]) -> str:
    """The module ``puur.server.place.computer_ratings`` holding ``ratings``, the command and its date."""
    lines = [
        '"""The computers\' fixed ratings (mu, sigma) by strength, calibrated from the arena by ``puur.lab.ratings``.',
        "",
        "Written by a command, not by hand; run it again after a computer player changes:",
        "",
        f"    {command}",
        "",
        f"on {date}; matches played by each strength: {', '.join(f'{k} {v}' for k, v in counts.items())}.",
        '"""',
        "",
        "from __future__ import annotations",
        "",
        "CALIBRATED: dict[str, tuple[float, float]] = {",
        *(f'    "{name}": ({mu}, {sigma}),' for name, (mu, sigma) in ratings.items()),
        "}",
        '"""Strength (the seat\'s player spec, as the tables name it) -> (mu, sigma): never updated by a match."""',
        "",
        f'CALIBRATION_COMMAND = "{command}"',
        f'CALIBRATION_DATE = "{date}"',
        "",
        '__all__ = ["CALIBRATED", "CALIBRATION_COMMAND", "CALIBRATION_DATE"]',
        "",
    ]
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    """Play the ladder's neighbouring strengths against each other (``--pairs`` duplicate matches each, fewer for
    the slow searches: ``--slow-pairs``), fit, and write the module."""
    p = argparse.ArgumentParser(prog="python -m puur.lab.ratings", description=__doc__)
    p.add_argument("--pairs", type=int, default=40, help="duplicate matches per neighbouring pairing")
    p.add_argument("--slow-pairs", type=int, default=None, help="the same for pairings with a medium or strong mcts")
    p.add_argument("--levels", type=int, default=len(LADDER), help="how many strengths of the ladder, weakest first")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--out", default="-", help="the module to write (- prints it)")
    p.add_argument("--played", default=None, help="a JSON file keeping each pairing's matches: a pairing found "
                   "there is not played again (a long calibration stopped half-way goes on)")
    args = p.parse_args(argv)
    ladder = LADDER[: args.levels]
    played: dict[str, list[bool]] = {}
    if args.played and os.path.exists(args.played):
        with open(args.played, encoding="utf-8") as f:
            played = json.load(f)
    outcomes: list[Outcome] = []
    beside = [(a, b) for a, b in BESIDE.items() if b in ladder]
    for a, b in [*zip(ladder[1:], ladder, strict=False), *beside]:
        slow = "medium" in a or "strong" in a
        n = args.slow_pairs if slow and args.slow_pairs is not None else args.pairs
        key = f"{a} vs {b} x{n} seed {args.seed}"
        if key not in played:
            played[key] = [o.a_won for o in play_outcomes([(a, b)], n, args.seed, args.jobs)]
            if args.played:
                with open(args.played, "w", encoding="utf-8") as f:
                    json.dump(played, f)
        outcomes += [Outcome(a, b, won) for won in played[key]]
        print(f"{key}: {sum(played[key])}/{2 * n} won", file=sys.stderr, flush=True)
    counts = {s: sum(o.a == s or o.b == s for o in outcomes) for s in [*ladder, *(a for a, _ in beside)]}
    given = list(argv if argv is not None else sys.argv[1:])
    if "--played" in given:  # where matches already played are kept changes no number: not part of the command
        del given[given.index("--played"): given.index("--played") + 2]
    command = "python -m puur.lab.ratings " + " ".join(given)
    date = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d")
    ladder_fit = fit([o for o in outcomes if o.a in ladder], args.seed)
    text = module_text({**ladder_fit, **fit_beside([o for o in outcomes if o.a not in ladder], ladder_fit, args.seed)},
                       command, date, counts)  # fmt: skip
    if args.out == "-":
        print(text)
    else:
        with open(args.out, "w", encoding="utf-8") as f:
            f.write(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())


__all__ = ["BESIDE", "LADDER", "Outcome", "fit", "fit_beside", "main", "module_text", "play_outcomes", "rating_model"]
