"""The seat plan of an online table (puur.table.seats): pure functions of a game's settings."""

from __future__ import annotations

from puur.table.seats import (
    code_hash,
    connected,
    effective_seats,
    invite_code,
    new_plan,
    open_seats,
    rematch_settings,
    reserved_seats,
    seating,
    waiting,
)


def test_invite_codes_are_the_hosts_own_and_unguessable() -> None:
    seats, plan, codes = new_plan(["invite", "human", "invite", "heuristic"], "g1", {1: "host-token"})
    assert seats == ["human", "human", "human", "heuristic"] and plan["host"] == 1 and plan["local"] == [1]
    assert sorted(codes) == [0, 2] and codes[0] != codes[2]
    assert all(len(c) == 24 for c in codes.values())  # 144 bits in base64url
    # the host can compute them again; another token, game or seat gives another code
    assert invite_code("host-token", "g1", 0) == codes[0]
    assert len({codes[0], invite_code("other", "g1", 0), invite_code("host-token", "g2", 0)}) == 3
    assert plan["open"] == {"0": code_hash(codes[0]), "2": code_hash(codes[2])}
    assert codes[0] not in str(plan)  # only hashes are kept


def test_waiting_stand_ins_presence_and_rematch() -> None:
    seats, plan, _ = new_plan(["human", "invite", "human", "invite"], "g", {0: "a", 2: "b"})
    settings = {"seats": seats, "online": plan, "names": ["A", "", "B", ""], "assist": {"hints": [1, 0, 0, 0]}}
    assert waiting(settings) and open_seats(settings) == [1, 3]
    plan["open"].clear()
    plan["joined"] = [1, 3]
    plan["stand_in"] = {"3": "heuristic"}
    assert not waiting(settings)
    assert effective_seats(settings) == ["human", "human", "human", "heuristic"]
    # the host's device listens with one of its two seats: both are there; seat 1 is away
    assert connected(settings, {2, 3}) == {0, 2, 3}
    rows = seating(settings, settings["names"], {2})
    assert [r["connected"] for r in rows] == [True, False, True, False]
    assert rows[3]["player"] == "heuristic" and rows[0]["host"] and rows[1]["kind"] == "person"
    fresh = rematch_settings(settings)
    assert fresh["online"]["stand_in"] == {} and fresh["seed"] is None and "assist" not in fresh
    assert effective_seats(fresh) == ["human"] * 4 and settings["online"]["stand_in"]  # the old game unchanged
    # a table on one device: every person seat counts as there, whatever listens
    assert connected({"seats": ["human", "random", "human", "random"]}, set()) == {0, 2}


def test_a_rematch_keeps_each_persons_seat_until_they_hold_it() -> None:
    """Every person seat of the last match is reserved in the rematch; the rematch waits while a reserved seat
    that is still a person's has no token (``held``); a seat the host removed is a computer's, not awaited."""
    seats, plan, _ = new_plan(["human", "invite", "heuristic", "invite"], "g", {0: "a"})
    plan["open"].clear()
    settings = {"seats": seats, "online": plan, "names": ["A", "B", "C", "D"]}
    assert not waiting(settings)
    fresh = rematch_settings(settings)
    assert fresh["online"]["reserved"] == [0, 1, 3]
    assert reserved_seats(fresh) == [0, 1, 3] and waiting(fresh)
    assert reserved_seats(fresh, {0, 3}) == [1] and waiting(fresh, {0, 3})
    rows = seating(fresh, fresh["names"], {0, 1}, held={0, 3})
    assert [r["kind"] for r in rows] == ["person", "reserved", "computer", "person"]
    assert not rows[1]["connected"]  # nobody holds the seat yet: nobody is connected on it
    fresh["seats"][1] = "heuristic"  # the host removed the person of seat 1
    assert reserved_seats(fresh, {0, 3}) == [] and not waiting(fresh, {0, 3})
    assert waiting(fresh)  # without the held seats every reserved seat is awaited


def test_a_seat_is_held_by_one_remembered_player_and_the_rematch_keeps_them() -> None:
    from puur.table.seats import rematch_settings, seat_players, with_seat_player

    settings = {"seats": ["human", "heuristic", "human", "heuristic"], "seed": 7}
    assert seat_players(settings) == {}
    settings = with_seat_player(with_seat_player(settings, 0, "p-ueli"), 2, "p-vreni")
    settings = with_seat_player(settings, 0, "p-hans")  # the seat changed hands: one player per seat
    assert seat_players(settings) == {0: "p-hans", 2: "p-vreni"}
    assert seat_players(with_seat_player(settings, 2, None)) == {0: "p-hans"}
    assert seat_players(rematch_settings(settings)) == {0: "p-hans", 2: "p-vreni"}
