"""``puur play --form coiffeur|differenzler``: what the terminal shows and asks for the game forms
(docs/forms.md): the sheet after each round, the column choice, the prediction. ``puur.cli.terminal`` calls these
where the form changes the Schieber's loop."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

from rich.table import Table

from puur.core.actions import AnyAction, ColumnChoice, Prediction
from puur.core.cards import PUSH, Action, Contract

if TYPE_CHECKING:
    from rich.console import Console

    from puur.bots import Player
    from puur.match.game import Game


class Terminal(Protocol):
    """What the form's turns use of the terminal's game (``puur.cli.terminal.TerminalGame``): the game and its
    computers, the console and what reads a line, the texts and seat names of its language, and how it names
    and shows cards."""

    game: Game
    players: dict[int, Player]
    console: Console
    read: Callable[[str], str]
    t: dict[str, str]
    names: tuple[str, str, str, str]

    def card(self, c: int) -> str: ...

    def contract(self, c: Contract) -> str: ...

    def show_hand(self, legal: list[Action]) -> list[Action]: ...

    def ask(self, prompt: str, n: int) -> int: ...


def column_label(tg: Terminal, a: AnyAction) -> str:
    """``Rosen ×2`` or ``Joker 1 ×7 as Obenabe`` for a column choice; Schieben for the push."""
    if a is PUSH:
        return tg.t["push"]
    assert isinstance(a, ColumnChoice) and tg.game.form is not None
    sheet = tg.game.form.view(tg.game, 0)["sheet"]
    i = sheet["keys"].index(a.column)
    col = sheet["columns"][i]
    extra = f" — {tg.contract(a.contract)}" if a.contract is not None else ""
    return f"{col['name']} ×{col['factor']}{extra}"


def say_form_action(tg: Terminal, seat: int, action: AnyAction) -> bool:
    """Say a column or a prediction: announced under open predictions (page 28, the default); under
    covered ones another seat's is not shown, only that it was made."""
    if isinstance(action, ColumnChoice):
        tg.console.print(f"  {tg.names[seat]}: [bold]{column_label(tg, action)}[/]")
        return True
    if isinstance(action, Prediction):
        announced = tg.game.form is not None and tg.game.form.open_predictions
        shown = f" {action.points}" if seat not in tg.players or announced else ""
        tg.console.print(f"  {tg.names[seat]}: predicted{shown}")
        return True
    return False


def human_form_turn(tg: Terminal, seat: int) -> bool:
    """The human's column or prediction; False when the turn is a card (the Schieber's loop asks)."""
    g = tg.game
    obs = g.observation(seat)
    if g.form is None or obs.phase not in ("contract", "predict"):
        return False
    tg.show_hand([])
    action: AnyAction
    if obs.phase == "contract" and g.form.name == "differenzler":  # the forehand names the contract
        options = list(obs.legal_actions)
        for i, a in enumerate(options, 1):
            tg.console.print(f"  [bold]{i}[/]: {tg.contract(a)}")  # type: ignore[arg-type]
        action = options[tg.ask(tg.t["choose"], len(options)) - 1]
    elif obs.phase == "predict":
        assert obs.contract is not None and obs.form is not None
        turned = f" (turned up: {tg.card(int(obs.form.turned_up))})" if obs.form.turned_up is not None else ""
        tg.console.print(f"  {tg.t['contract']}: [bold]{tg.contract(obs.contract)}[/]{turned}")
        most = max(a.points for a in obs.legal_actions if isinstance(a, Prediction))
        while True:
            text = tg.read(f"Your prediction (0-{most} points): ").strip()
            if text.isdigit() and 0 <= int(text) <= most:
                action = Prediction(int(text))
                break
            tg.console.print(f"[red]type a number from 0 to {most}[/]")
    else:
        show_sheet(tg)
        options = [a for a in obs.legal_actions if a is not PUSH] + ([PUSH] if PUSH in obs.legal_actions else [])
        for i, a in enumerate(options, 1):
            tg.console.print(f"  [bold]{i}[/]: {column_label(tg, a)}")
        action = options[tg.ask(tg.t["choose"], len(options)) - 1]
    g.apply(action)
    say_form_action(tg, seat, action)
    return True


def show_sheet(tg: Terminal) -> None:
    """The form's sheet as it stands: Coiffeur's boxes and totals, Differenzler's rounds and penalties."""
    g = tg.game
    if g.form is None:
        return
    sheet = g.form.view(g, 0)["sheet"]
    if g.form.name == "coiffeur":
        table = Table(title="Coiffeur")
        table.add_column("")
        for col in sheet["columns"]:
            table.add_column(f"{col['name']} ×{col['factor']}", justify="right")
        table.add_column(tg.t["total"], justify="right")
        for team, label in ((0, tg.t["we"]), (1, tg.t["they"])):
            boxes = ["" if b is None else str(b) for b in sheet["boxes"][team]]
            table.add_row(label, *boxes, str(sheet["totals"][team]))
    else:
        table = Table(title="Differenzler")
        table.add_column(tg.t["round"])
        for s in range(4):
            table.add_column(tg.names[s], justify="right")
        for r in sheet["rounds"]:
            table.add_row(str(r["number"]), *(f"{p}/{a} +{d}" for p, a, d in zip(r["predicted"], r["actual"], r["differences"], strict=True)))
        table.add_row(tg.t["total"], *(str(t) for t in sheet["totals"]), style="bold")
    tg.console.print(table)


def verdict(tg: Terminal) -> str:
    """The end of a form's match in words."""
    res = tg.game.result()
    assert res is not None
    if "penalties" in res:
        names = " and ".join(tg.names[s] for s in res["winners"])
        return f"[bold]{names} won[/] with the lowest total: " + ", ".join(
            f"{tg.names[s]} {p}" for s, p in enumerate(res["penalties"])
        )
    if res["winner"] is None:
        return f"[bold]A tie[/] {res['scores'][0]} : {res['scores'][1]}"
    return f"[bold]{tg.t['we']} {tg.t['won'] if res['winner'] == 0 else tg.t['lost']}[/] {res['scores'][0]} : {res['scores'][1]}"


__all__ = ["human_form_turn", "say_form_action", "show_sheet", "verdict"]
