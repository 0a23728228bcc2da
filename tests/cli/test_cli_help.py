"""`puur --help` and every subcommand's `--help` print their usage (argparse formats each help text, so a
stray `%` in one breaks them all)."""

from __future__ import annotations

import argparse

import pytest

from puur.cli import build_parser, main


def _commands(parser: argparse.ArgumentParser, prefix: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    out = [prefix]
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                out += _commands(sub, (*prefix, name))
    return out


COMMANDS = _commands(build_parser())


def test_every_command_is_listed() -> None:
    names = {c[0] for c in COMMANDS if c}
    assert {"rules", "serve", "mcp", "data", "play", "bench", "arena", "bots", "jasskit"} <= names


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: " ".join(c) or "puur")
def test_help(command: tuple[str, ...], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main([*command, "--help"])
    assert exit_.value.code == 0
    assert capsys.readouterr().out.startswith("usage: puur")
