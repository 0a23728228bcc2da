"""A stored game is its record: the store's settings and action rows encode ``Game.record()`` one to one
(``puur.table.play.record_of`` and ``stored_of``; the rows through ``puur.server.store.action_row`` and
``action_entry``), and a database written in today's format still loads and replays."""

from __future__ import annotations

import json
import sqlite3
import time
from pathlib import Path
from typing import Any

import pytest
from api_client import auth
from fastapi.testclient import TestClient

from puur.core.profile import RuleProfile
from puur.match.game import Game, RecordMismatch
from puur.server.app import create_app
from puur.server.store import SCHEMA, action_entry, action_row, token_hash
from puur.table.play import RECORD_START, record_of, replay, stored_of

STRICT = {"preset": "jasvel", "target": 1000}
"""Stöck is declared with its card: the computers' declarations are in the rows."""


def _play_to_the_end(c: TestClient, body: dict[str, Any]) -> tuple[str, str]:
    """A game of one person against three computers, played to its end over HTTP: the person's first legal
    action each time, with the Weis the view offers (so some rows carry a declaration)."""
    r = c.post("/api/v1/games", json=body)
    assert r.status_code == 201, r.text
    gid, token = r.json()["game_id"], r.json()["tokens"]["0"]
    view = c.get(f"/api/v1/games/{gid}", headers=auth(token)).json()
    while view["status"] != "over":
        action = view["legal_actions"][0]
        action = "predict:40" if action.startswith("predict:") else action
        choice = view.get("weis_choice")
        declare = [choice["preselected"]] if choice and action not in ("claim",) and action[0] in "CDHS" and len(action) > 1 else []
        r = c.post(f"/api/v1/games/{gid}/actions", headers=auth(token), json={"action": action, "declare": declare})
        assert r.status_code == 200, r.text
        view = r.json()
    return gid, token


def _stored(db: Path, gid: str) -> tuple[dict[str, Any], list[list[Any]]]:
    """The game's settings and action rows as the SQLite file holds them (read with SQL, not the store)."""
    with sqlite3.connect(db) as con:
        settings = json.loads(con.execute("SELECT settings FROM games WHERE id = ?", (gid,)).fetchone()[0])
        rows = con.execute("SELECT seat, action, declare FROM actions WHERE game_id = ? ORDER BY seq", (gid,)).fetchall()
    return settings, [action_entry(*row) for row in rows]


@pytest.mark.parametrize("body", [
    {"seats": ["human", "random", "random", "random"], "profile": STRICT, "seed": 4},
    {"seats": ["human", "random", "random", "random"], "form": "differenzler", "rounds": 1},
    {"seats": ["human", "random", "random", "random"], "form": "coiffeur", "profile": {"preset": "schieber", "target": 300}},
])  # fmt: skip
def test_the_stored_rows_are_the_record_both_ways(tmp_path: Path, body: dict[str, Any]) -> None:
    """The record the server exports (``GET .../record``) is the replay of its stored settings and rows, and
    the record read back (``stored_of``) gives exactly those rows and a start that replays to it again."""
    db = tmp_path / "g.sqlite3"
    with TestClient(create_app(db_path=str(db))) as c:
        gid, token = _play_to_the_end(c, body)
        exported = c.get(f"/api/v1/games/{gid}/record", headers=auth(token)).json()
    record = {k: v for k, v in exported.items() if k != "assist"}  # the table's help counts, beside the record
    settings, rows = _stored(db, gid)
    assert record_of(settings, rows) == record
    start, log = stored_of(record)
    assert log == [[e[0], e[1], e[2] if len(e) > 2 else []] for e in rows]
    assert [action_row(entry) for entry in log] == [action_row(entry) for entry in rows]  # the same rows
    assert record_of(start, log) == record
    assert set(start) <= set(RECORD_START) and {k: settings[k] for k in ("profile", "seed", "salt")} == {
        k: start[k] for k in ("profile", "seed", "salt")}
    if body.get("profile") == STRICT:
        assert any(len(entry) > 2 for entry in rows), "a row with a declaration"


def test_a_record_the_server_cannot_hold_is_refused() -> None:
    """``stored_of`` reads only a record that replays, and one dealt from its seed."""
    game = Game("schieber", seed=4)
    game.apply(game.legal_actions()[0])
    record = game.record()
    broken = {**record, "rounds": [{**record["rounds"][0], "actions": "3:HA"}]}
    with pytest.raises(RecordMismatch, match="round 1: action '3:HA'"):
        stored_of(broken)
    dealt = Game.from_deal("schieber", [[str(c) for c in h] for h in _hands(game)], forehand=1).record()
    with pytest.raises(ValueError, match="dealt by hand"):
        stored_of(dealt)


def _hands(game: Game) -> list[list[Any]]:
    from puur.core.cards import cards_of

    return [cards_of(h) for h in game.deals[0]]


def _old_database(db: Path, gid: str, token: str, settings: dict[str, Any], rows: list[tuple[int, str, str]]) -> None:
    """A game file as today's Puur writes it (schema version 1), written with SQL alone."""
    with sqlite3.connect(db) as con:
        con.executescript(SCHEMA)
        con.execute("INSERT INTO schema_version (version) VALUES (1)")
        now = time.time()
        con.execute("INSERT INTO games (id, settings, status, created, updated) VALUES (?, ?, 'playing', ?, ?)",
                    (gid, json.dumps(settings), now, now))
        con.execute("INSERT INTO tokens (token_hash, game_id, seat) VALUES (?, ?, 0)", (token_hash(token), gid))
        con.executemany("INSERT INTO actions (game_id, seq, seat, action, declare, at) VALUES (?, ?, ?, ?, ?, ?)",
                        [(gid, i, seat, action, declare, now) for i, (seat, action, declare) in enumerate(rows)])


def test_a_database_written_in_todays_format_loads_and_replays(tmp_path: Path) -> None:
    """Settings as a Puur before the commitments wrote them (no salt nor seed source, no form keys) and rows as they were taken (a card in lower case, a Stöck declared twice, as stored before
    ``Game.apply`` refused that): the server loads the game, replays it, serves its view and plays on."""
    seed, profile = 10, "jasvel"  # strict Stöck: a row's declaration is what scores it
    game = Game(profile, seed=seed)
    rows: list[tuple[int, str, str]] = []
    while len(rows) < 20 and not game.is_over:
        seat, action = game.current_seat, game.legal_actions()[0]
        assert seat is not None
        declare = "stoeck,stoeck" if game.round.contract is not None and game.stoeck_due(action) else ""  # type: ignore[arg-type]
        game.apply(action, ("stoeck",) if declare else ())
        rows.append((seat, str(action).lower() if len(rows) == 5 else str(action), declare))
    assert any(declare == "stoeck,stoeck" for _, _, declare in rows) and rows[5][1] != rows[5][1].upper()
    db, gid, token = tmp_path / "old.sqlite3", "0123456789abcdef", "t" * 43
    seats = ["human", "random", "random", "random"]
    stored = {"profile": RuleProfile.preset(profile).to_dict(), "seed": seed, "seats": seats}
    _old_database(db, gid, token, stored, rows)
    with TestClient(create_app(db_path=str(db))) as c:
        view = c.get(f"/api/v1/games/{gid}", headers=auth(token)).json()
        assert view["seq"] >= len(rows) and view["fair_deal"]["commitment"] is None
        held = c.app.state.game_hub.get(gid).game  # type: ignore[attr-defined]
        replayed = replay(stored, [[s, a, d.split(",")] if d else [s, a] for s, a, d in rows])
        assert [a for r in held.actions for a in r][: len(rows)] == [a for r in replayed.actions for a in r]
        assert replayed.scores == game.scores and replayed.round.points == game.round.points
        r = c.post(f"/api/v1/games/{gid}/actions", headers=auth(token), json={"action": view["legal_actions"][0]})
        assert r.status_code == 200, r.text
