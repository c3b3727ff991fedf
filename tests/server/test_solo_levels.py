"""Each computer player at its own level (/solo's chooser, issue 26): create_solo takes one level
per computer player, in seat order, and each seat is played at its level; a level the game does
not list in `bot_levels` is refused with words a family can read, never a traceback. Games list
difícil once it is measured stronger than normal, so these tests give a game three levels (or
two) themselves."""
import json
import logging

import pytest

from engine.ferrocarril.game import Ferrocarril
from engine.tren.game import Tren
from server.seating import BOT_NAMES
from tests.server.conftest import Harness, ManualScheduler
from tests.server.test_solo_rooms import app, solo

THREE = ("facil", "normal", "dificil")
TWO = ("facil", "normal")


@pytest.fixture
def levels_asked(monkeypatch):
    """Tren with three levels; its bots made as normal ones (the search is not what is tested
    here, and is slow), each made at the level the host asked for, recorded as (seat, level)."""
    monkeypatch.setattr(Tren, "bot_levels", THREE)
    made = Tren.make_bot
    asked = []

    def make_bot(level, seat, seed=0):
        asked.append((seat, level))
        return made("normal", seat, seed)
    monkeypatch.setattr(Tren, "make_bot", staticmethod(make_bot))
    return asked


def test_each_computer_player_plays_at_the_level_chosen_for_it(levels_asked):
    scheduler = ManualScheduler()
    flask_app, socketio = app(scheduler=scheduler, bot_delay=1.0)
    client, reply = solo(flask_app, socketio, game="tren", bots=["dificil", "facil", "normal"])
    assert reply["ok"], reply
    room = flask_app.extensions["sobremesa"].rooms[reply["room"]]
    assert [s.bot for s in room.seats] == [None, "dificil", "facil", "normal"]
    assert [s.name for s in room.seats[1:]] == list(BOT_NAMES[:3])
    scheduler.run_all(limit=400)                 # the computer plays up to the person's turn
    # The person hands their seat to the computer for a while: every seat plays.
    assert client.emit("host", {"room": reply["room"], "host_token": reply["host_token"],
                                "command": "to_bot", "args": {"seat": room.seats[0].id}},
                       callback=True)["ok"]
    scheduler.run_all(limit=400)
    assert {seat for seat, _ in room.game.log} >= {0, 1, 2, 3}
    # Each computer player at its own level; the person's seat at the stand-in's (normal).
    assert set(levels_asked) == {(0, "normal"), (1, "dificil"), (2, "facil"), (3, "normal")}


def test_the_solo_page_offers_the_games_levels_and_names_the_computer_players(monkeypatch):
    monkeypatch.setattr(Tren, "bot_levels", THREE)
    monkeypatch.setattr(Ferrocarril, "bot_levels", TWO)
    flask_app, _ = app()
    page = flask_app.test_client().get("/solo").get_data(as_text=True)
    games = json.loads(page.split('<script id="catalogue" type="application/json">')[1]
                       .split("</script>")[0])
    levels = {g["name"]: g["bot_levels"] for g in games}
    assert levels["tren"] == list(THREE) and levels["ferrocarril"] == list(TWO)
    names = json.loads(page.split('<script id="bot-names" type="application/json">')[1]
                       .split("</script>")[0])
    assert names == list(BOT_NAMES)
    # Enough names for the largest table: every opponent named before the game starts.
    assert len(names) >= max(g["max_players"] for g in games if not g.get("upcoming")) - 1


@pytest.mark.parametrize("bots", [["normal", "dificil"], ["dificil"], ["genio", "normal"],
                                  [None], [3], ["normal", {"level": "facil"}], ["Normal"]])
def test_a_level_the_game_does_not_offer_is_refused_in_plain_words(monkeypatch, caplog, bots):
    monkeypatch.setattr(Ferrocarril, "bot_levels", TWO)
    flask_app, socketio = app()
    with caplog.at_level(logging.WARNING):
        _, reply = solo(flask_app, socketio, bots=bots)
    assert reply["ok"] is False, reply
    error = reply["error"]
    assert error["code"] == "bad_level"
    assert error["es"] == "Este juego no tiene ese nivel del ordenador."
    assert error["en"] == "This game has no such computer level."
    assert error["data"] == {"levels": list(TWO)}
    assert flask_app.extensions["sobremesa"].rooms == {}
    assert "Traceback" not in caplog.text


def test_the_tv_lobby_adds_and_changes_computer_players_at_three_levels(monkeypatch):
    monkeypatch.setattr(Tren, "bot_levels", THREE)
    h = Harness(game="tren")
    for level in THREE:
        assert h.host("add_bot", level=level)["ok"]
    assert [s.bot for s in h.room.seats] == list(THREE)
    first = h.room.seats[0].id
    assert h.host("set_bot", seat=first, level="dificil")["ok"]
    assert h.room.seats[0].bot == "dificil"
    monkeypatch.setattr(Tren, "bot_levels", TWO)        # a game that does not list difícil
    assert h.host("add_bot", level="dificil")["error"]["code"] == "bad_level"
    assert h.host("set_bot", seat=first, level="dificil")["error"]["code"] == "bad_level"
