"""Reactions (issue 27, point 3): a seat's tap shows on every screen of the room as a one-off
`reaction` event, at most one per player every two seconds (the rest refused `too_fast`, shown
nowhere); an unknown reaction or a wrong token changes nothing; none is ever in the log, so
never in a replay or a restored game."""
import json

import pytest

from server import reactions
from server.reactions import REACTIONS
from tests.server.conftest import Harness

CLAP, LAUGH = REACTIONS[0], REACTIONS[1]


def reactions_seen(client):
    return [m["args"][0] for m in client.get_received() if m["name"] == "reaction"]


def react(h, client, reaction, token=None):
    return client.emit("react", {"room": h.code, "token": token or client.token,
                                 "reaction": reaction}, callback=True)


@pytest.fixture
def table(tmp_path):
    h = Harness(data_dir=tmp_path)
    abuela, tio = h.phone("Abuela"), h.phone("Tío")
    assert h.host("start")["ok"]
    for client in (h.tv, abuela, tio):
        client.get_received()
    return h, abuela, tio


def test_a_reaction_reaches_every_screen_of_the_room_by_the_players_name(table):
    h, abuela, tio = table
    assert react(h, tio, CLAP) == {"ok": True}
    said = {"room": h.code, "seat": 1, "name": "Tío", "color": h.room.seats[1].color,
            "reaction": CLAP}
    assert reactions_seen(h.tv) == [said]
    assert reactions_seen(abuela) == [said] and reactions_seen(tio) == [said]


def test_one_reaction_per_player_every_two_seconds(table, monkeypatch):
    h, abuela, tio = table
    clock = [100.0]
    monkeypatch.setattr(reactions.time, "monotonic", lambda: clock[0])
    assert react(h, abuela, CLAP)["ok"]
    clock[0] += 1.5
    refused = react(h, abuela, LAUGH)
    assert refused["ok"] is False and refused["error"]["code"] == "too_fast"
    assert refused["error"]["es"] and refused["error"]["en"]
    assert react(h, tio, LAUGH)["ok"]                     # each player has a clock of their own
    clock[0] += 0.6
    assert react(h, abuela, LAUGH)["ok"]
    assert [r["reaction"] for r in reactions_seen(h.tv)] == [CLAP, LAUGH, LAUGH]
    assert set(h.room.reacted) == {h.room.seats[0].id, h.room.seats[1].id}
    clock[0] += 2.0                                    # the clocks run out: none is kept
    assert react(h, tio, CLAP)["ok"] and set(h.room.reacted) == {h.room.seats[1].id}


@pytest.mark.parametrize("reaction", ["🍕", "clap", "", "👏👏", 5, None, ["👏"]])
def test_an_unknown_reaction_is_malformed_and_shows_nothing(table, reaction):
    h, abuela, _ = table
    reply = react(h, abuela, reaction)
    assert reply["ok"] is False and reply["error"]["code"] == "malformed"
    assert reactions_seen(h.tv) == []
    assert react(h, abuela, CLAP)["ok"]                   # a refused one does not start the clock


def test_a_wrong_token_or_room_reacts_for_nobody(table):
    h, abuela, _ = table
    assert react(h, abuela, CLAP, token="nope")["error"]["code"] == "bad_token"
    assert h.tv.emit("react", {"room": "ZZZZ", "token": abuela.token, "reaction": CLAP},
                     callback=True)["error"]["code"] == "unknown_room"
    assert h.tv.emit("react", {"room": h.code, "reaction": CLAP},
                     callback=True)["error"]["code"] == "malformed"
    assert reactions_seen(h.tv) == []


def test_reactions_are_never_in_the_log_nor_in_what_is_saved(table, tmp_path):
    h, abuela, tio = table
    log_before = list(h.room.game.log)
    version = h.room.version
    assert react(h, abuela, CLAP)["ok"] and react(h, tio, LAUGH)["ok"]
    assert h.room.game.log == log_before and h.room.version == version
    saved = json.dumps([p.read_text(errors="replace") for p in tmp_path.rglob("*") if p.is_file()])
    assert CLAP not in saved and json.dumps(CLAP) not in saved and "reaction" not in saved
