"""``puur play``: a whole match in the terminal, you (seat 0) with a computer partner against two.

Your hand is shown sorted by suit with the legal cards numbered; the trick, the contract and its factor,
Weis and Stöck as they happen, each round's score breakdown and the running total. Type the number of a
card (or of a contract). Where the profile makes you declare Stöck yourself (``stoeck: strict``), add
``s`` after the number of the card you declare it with, e.g. ``3s`` — nobody reminds you (J14). Where your
hand gives a real choice of Weis (profile ``classic``: a long run split or whole, a quartet that shortens
a run; RULES.md §9.3), the alternatives are listed when you play your first card, 1 (the most points) first.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from typing import Any

from rich.console import Console
from rich.table import Table

from puur.bots import Player, make_player
from puur.bots.runner import play_computers
from puur.cli import form_terminal as forms_terminal
from puur.core.cards import CLAIM, PUSH, SUIT_SYMBOLS, Action, Card, Contract, card_name, contract_name
from puur.core.profile import RuleProfile
from puur.core.round import IllegalAction
from puur.core.rules.tables import STOECK_POINTS
from puur.match.forms import FORMS
from puur.match.game import Game

SEAT_NAMES = {
    "en": ("You", "Right", "Partner", "Left"),
    "de": ("Du", "Rechts", "Partner", "Links"),
    "fr": ("Vous", "Droite", "Partenaire", "Gauche"),
}
TEXT = {
    "en": {"contract": "Contract", "push": "Schieben (push)", "choose": "Choose", "play": "Play", "trick": "Trick",
           "hand": "Your hand", "wins": "wins the trick", "round": "Round", "total": "Total", "we": "We",
           "they": "They", "won": "won the match", "lost": "lost the match", "claim": "Claim the match",
           "weis": "Declare your Weis", "best": "best"},
    "de": {"contract": "Trumpf", "push": "Schieben", "choose": "Wähle", "play": "Spiele", "trick": "Stich",
           "hand": "Deine Karten", "wins": "macht den Stich", "round": "Runde", "total": "Total", "we": "Wir",
           "they": "Sie", "won": "hat die Partie gewonnen", "lost": "hat die Partie verloren",
           "claim": "Bedanken (Partie beanspruchen)", "weis": "Weise deinen Weis", "best": "bester"},
    "fr": {"contract": "Atout", "push": "Schieben (passer)", "choose": "Choisissez", "play": "Jouez",
           "trick": "Pli", "hand": "Votre main", "wins": "remporte le pli", "round": "Manche", "total": "Total",
           "we": "Nous", "they": "Eux", "won": "a gagné la partie", "lost": "a perdu la partie",
           "claim": "Réclamer la partie", "weis": "Annoncez votre Weis", "best": "meilleur"},
}  # fmt: skip
SUIT_COLOURS = ("green", "yellow", "red", "blue")


class TerminalGame:
    """The interactive loop; ``read`` returns one line of input (raises EOFError at the end)."""

    def __init__(
        self,
        game: Game,
        players: dict[int, Player],
        console: Console,
        read: Callable[[str], str],
        deck: str = "swiss",
        lang: str = "en",
    ) -> None:
        self.game = game
        self.players = players
        self.console = console
        self.read = read
        self.deck = deck
        self.lang = lang
        self.t = TEXT[lang]
        self.names = SEAT_NAMES[lang]
        self._before: tuple[int, int, bool, str | None, int] = (0, 0, False, None, 0)

    # ----- formatting -----
    def card(self, c: int) -> str:
        suit = c // 9
        label = card_name(c, self.deck, self.lang) if self.deck == "swiss" else f"{SUIT_SYMBOLS[suit]}{Card(c).name[1:]}"
        return f"[{SUIT_COLOURS[suit]}]{label}[/]"

    def contract(self, c: Contract) -> str:
        return contract_name(c, self.deck, self.lang)

    def header(self) -> None:
        r = self.game.round
        bits = [f"{self.t['round']} {self.game.round_number}", f"dealer: {self.names[r.dealer]}",
                f"forehand: {self.names[r.forehand]}"]  # fmt: skip
        if r.contract is not None and r.chooser is not None:
            pushed = " (geschoben)" if r.pushed else ""
            bits.append(f"{self.t['contract']}: [bold]{self.contract(r.contract)}[/] ×{self.game.factor} "
                        f"— {self.names[r.chooser]}{pushed}")  # fmt: skip
        s = self.game.scores
        bits.append(f"{self.t['we']} {s[0]} : {s[1]} {self.t['they']} / {self.game.target}")
        self.console.rule(" · ".join(bits))

    # ----- loop -----
    def run(self) -> int:
        self.header()
        self._mark()
        while not self.game.is_over:
            seat = self.game.current_seat
            assert seat is not None
            if seat in self.players:
                play_computers(self.game, self.players, on_move=self.computer_moved)
                continue
            try:
                if not forms_terminal.human_form_turn(self, seat):
                    self.human_turn(seat)
            except EOFError:
                self.console.print("\nBye — the match is left unfinished.")
                return 1
            self.after_action()
        res = self.game.result()
        assert res is not None
        team = res["winner"]
        self.console.rule()
        if self.game.form is not None:
            self.console.print(forms_terminal.verdict(self))
            return 0
        verdict = self.t["won"] if team == 0 else self.t["lost"]
        how = f" ({res['reason']}, block: {res['block']})"
        extra = " — Schneider!" if res["schneider"] else ""
        self.console.print(f"[bold]{self.t['we']} {verdict}[/] {res['scores'][0]} : {res['scores'][1]}{how}{extra}")
        return 0

    def _mark(self) -> None:
        """Note the state before the next action, for ``report``."""
        r = self.game.round
        self._before = (len(self.game.rounds), len(r.tricks), r.weis_credited, r.stoeck_status, self.game.round_number)

    def computer_moved(self, seat: int, action: Action, declare: tuple[str, ...]) -> None:
        """A computer seat's action, applied by the runner's ``play_computers``: say it and what followed."""
        self.say_action(seat, action)
        self.after_action()

    def after_action(self) -> None:
        rounds_before, tricks_before, weis_before, stoeck_before, round_before = self._before
        self.report(rounds_before, tricks_before, weis_before, stoeck_before)
        if not self.game.is_over and self.game.round_number != round_before:
            self.header()
        self._mark()

    def say_action(self, seat: int, action: Action) -> None:
        if forms_terminal.say_form_action(self, seat, action):
            return
        if isinstance(action, Card):
            self.console.print(f"  {self.names[seat]}: {self.card(int(action))}")
        elif action is PUSH:
            self.console.print(f"  {self.names[seat]}: {self.t['push']}")
        elif isinstance(action, Contract):
            self.console.print(f"  {self.names[seat]}: {self.t['contract']} [bold]{self.contract(action)}[/]")
        elif action is CLAIM:
            self.console.print(f"  {self.names[seat]}: claims the match")

    def report(self, rounds_before: int, tricks_before: int, weis_before: bool, stoeck_before: str | None) -> None:
        """Weis, Stöck, the trick winner and the round's breakdown, as they happen."""
        g = self.game
        r = g.round_states[rounds_before] if rounds_before < len(g.round_states) else g.round
        if not weis_before and r.weis_credited and r.weis is not None and r.weis.team is not None:
            team = r.weis.team
            melds = [m for s in (team, team + 2) for m in r.weis.declarations[s].melds]
            desc = ", ".join(f"{m.kind} {' '.join(self.card(c) for c in m.cards)} = {m.points}" for m in melds)
            self.console.print(f"  Weis: {self.t['we'] if team == 0 else self.t['they']} write {r.weis.points[team]} ({desc})")
        if stoeck_before != "scored" and r.stoeck_status == "scored" and r.stoeck_holder is not None:
            self.console.print(f"  Stöck! {self.names[r.stoeck_holder]} +{STOECK_POINTS}")
        if len(r.tricks) > tricks_before:
            t = r.tricks[-1]
            self.console.print(f"  → {self.t['trick']}: {self.names[t.winner]} ({t.points})")
        if len(g.rounds) > rounds_before:
            self.breakdown(len(g.rounds) - 1)

    def breakdown(self, index: int) -> None:
        if self.game.form is not None:
            forms_terminal.show_sheet(self)
            return
        res = self.game.rounds[index]
        table = Table(title=f"{self.t['round']} {res.number}: {self.contract(res.contract)} ×{res.score['factor']}")
        table.add_column("")
        table.add_column(self.t["we"], justify="right")
        table.add_column(self.t["they"], justify="right")
        for key, label in (("card_points", "card points"), ("last_trick", "last trick"), ("match", "match"),
                           ("weis", "Weis"), ("stoeck", "Stöck")):  # fmt: skip
            v = res.score[key]
            table.add_row(label, str(v[0]), str(v[1]))
        table.add_row(f"× {res.score['factor']} = written", str(res.written[0]), str(res.written[1]), style="bold")
        table.add_row(self.t["total"], str(res.totals[0]), str(res.totals[1]), style="bold")
        self.console.print(table)

    def show_hand(self, legal: list[Action]) -> list[Action]:
        """Print the hand sorted by suit, legal cards numbered; return the numbered actions."""
        obs = self.game.observation(self.game.current_seat or 0)
        numbered: list[Action] = []
        lines = []
        for suit in range(4):
            cards = [c for c in obs.hand if c // 9 == suit]
            if not cards:
                continue
            parts = []
            for c in sorted(cards, key=lambda c: -(c % 9)):
                if c in legal:
                    numbered.append(c)
                    parts.append(f"[bold]{len(numbered)}[/]:{self.card(int(c))}")
                else:
                    parts.append(f"[dim]{self.card(int(c))}[/]")
            lines.append("  " + "  ".join(parts))
        self.console.print(f"{self.t['hand']}:")
        for line in lines:
            self.console.print(line)
        return numbered

    def human_turn(self, seat: int) -> None:
        g = self.game
        legal = g.legal_actions()
        obs = g.observation(seat)
        if obs.phase == "contract":
            self.show_hand([])
            options = [a for a in legal if a is not PUSH] + ([PUSH] if PUSH in legal else [])
            for i, a in enumerate(options, 1):
                if isinstance(a, Contract):
                    self.console.print(f"  [bold]{i}[/]: {self.contract(a)} ×{g.profile.factor(a)}")
                else:
                    self.console.print(f"  [bold]{i}[/]: {self.t['push']}")
            action = options[self.ask(self.t["choose"], len(options)) - 1]
            g.apply(action)
            self.say_action(seat, action)
            return
        if obs.trick:
            self.console.print(f"  {self.t['trick']}: " + "  ".join(f"{self.names[s]} {self.card(int(c))}" for s, c in obs.trick))
        numbered = self.show_hand(legal)
        if CLAIM in legal:
            numbered.append(CLAIM)
            self.console.print(f"  [bold]{len(numbered)}[/]: {self.t['claim']}")
        while True:
            text = self.read(f"{self.t['play']} (1-{len(numbered)}): ").strip().lower()
            declare: tuple[str, ...] = ()
            if text.endswith("s") and g.profile.stoeck == "strict":
                text, declare = text[:-1].strip(), ("stoeck",)
            if text.isdigit() and 1 <= int(text) <= len(numbered):
                action = numbered[int(text) - 1]
                if isinstance(action, Card) and obs.weis_choice:
                    declare = (*declare, *self.weis_choice(obs.weis_choice))
                try:
                    g.apply(action, declare)
                except IllegalAction as e:
                    self.console.print(f"[red]{e}[/]")
                    continue
                self.say_action(seat, action)
                return
            self.console.print(f"[red]type a number from 1 to {len(numbered)}[/]")

    def weis_choice(self, choice: dict[str, Any]) -> tuple[str, ...]:
        """RULES.md §9.3: where the hand gives declarations that differ in the best meld (S000 splitting),
        the player picks one with its trick-1 card; 1, the most points, is the preselected one."""
        alts = choice["alternatives"]
        for i, a in enumerate(alts, 1):
            melds = ", ".join(
                f"{' '.join(self.card(int(Card.parse(c))) for c in m['cards'])} = {m['points']}" for m in a["melds"]
            )
            self.console.print(f"  [bold]{i}[/]: Weis {a['points']} ({melds}; {self.t['best']} {a['best']['points']})")
        n = self.ask(self.t["weis"], len(alts))
        return () if n == 1 else (alts[n - 1]["declare"],)

    def ask(self, prompt: str, n: int) -> int:
        while True:
            text = self.read(f"{prompt} (1-{n}): ").strip()
            if text.isdigit() and 1 <= int(text) <= n:
                return int(text)
            self.console.print(f"[red]type a number from 1 to {n}[/]")


def run_play(args: argparse.Namespace) -> int:
    """Entry point of ``puur play``."""
    spec: dict[str, object] = {"preset": args.profile}
    if args.target:
        spec["target"] = args.target
    if args.multipliers:
        spec["multipliers"] = args.multipliers
    try:
        profile = RuleProfile.resolve(spec)
        players = {
            1: make_player(args.opponents, seed=_seed(args.seed, 1)),
            2: make_player(args.partner, seed=_seed(args.seed, 2)),
            3: make_player(args.opponents, seed=_seed(args.seed, 3)),
        }
    except ValueError as e:
        print(f"puur play: {e}")
        return 2
    console = Console(highlight=False)
    try:
        game = Game(profile, seed=args.seed, form=args.form, columns=args.columns, rounds=args.rounds,
                    form_settings=form_settings(args.setting))
    except ValueError as e:
        print(f"puur play: {e}")
        return 2
    if game.form is not None:
        console.print(f"[bold]Puur[/] — {args.form.title()}, profile {profile.name}, seed {game.seed}")
        return TerminalGame(game, players, console, input, deck=args.deck, lang=args.lang).run()
    console.print(f"[bold]Puur[/] — Schieber, profile {profile.name}, target {profile.target}, seed {game.seed}")
    return TerminalGame(game, players, console, input, deck=args.deck, lang=args.lang).run()


def _seed(seed: int | None, seat: int) -> int | None:
    return None if seed is None else seed * 10 + seat


def form_settings(items: list[str] | None) -> dict[str, object] | None:
    """``--setting KEY=VALUE`` as the form's settings (docs/forms.md): a value is read as JSON where it is
    one (``true``, ``400``, ``[1,2,3]``), else as the word (``covered``); ``ValueError`` without a ``=``."""
    if not items:
        return None
    out: dict[str, object] = {}
    for item in items:
        key, eq, text = item.partition("=")
        if not eq or not key.strip():
            raise ValueError(f"--setting {item!r}: write KEY=VALUE, e.g. predictions=covered")
        try:
            out[key.strip()] = json.loads(text)
        except ValueError:
            out[key.strip()] = text.strip()
    return out


def add_parser(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    play = sub.add_parser("play", help="a match in the terminal against three computer players")
    play.add_argument("--profile", default="schieber", help="rule profile preset (default schieber)")
    play.add_argument("--target", type=int, default=None, help="points to reach (default: the profile's)")
    play.add_argument("--multipliers", default=None, help="multiplier table: common, both3, ascending, classic, online")
    play.add_argument("--deck", choices=("swiss", "french"), default="swiss")
    play.add_argument("--lang", choices=("en", "de", "fr"), default="en")
    play.add_argument("--seed", type=int, default=None)
    play.add_argument("--opponents", default="heuristic", help="player for the opponents (default heuristic)")
    play.add_argument("--partner", default="heuristic", help="player for your partner (default heuristic)")
    play.add_argument("--form", choices=FORMS, default="schieber",
                      help="the game: schieber (default), coiffeur (a sheet of columns) or differenzler (predict your points)")
    play.add_argument("--columns", type=int, choices=(8, 10), default=None, help="Coiffeur: 8 (default) or 10 columns")
    play.add_argument("--rounds", type=int, default=None, help="Differenzler: rounds to play (default 4)")
    play.add_argument("--setting", action="append", metavar="KEY=VALUE",
                      help="a form setting (docs/forms.md), repeatable: Coiffeur opponents_count=false, "
                      "joker_may_repeat=false, method=B, factors=[1,2,3,4,5,6,7,8,9,10]; Differenzler "
                      "predictions=covered, match_bonus=false, weis_stoeck=true, contract=forehand, threshold=400")
    play.set_defaults(handler=run_play)
