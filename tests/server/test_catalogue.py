"""The chooser's list of games comes from the server (server/catalogue.py): every registered
game, then the upcoming ones, each declared once in engine/registry.py; a registered game whose
screens are not written yet is listed as coming soon. The pages name no game."""
import json
import re

import pytest

from engine.registry import GAMES, UPCOMING
from server.catalogue import catalogue, playable


def test_create_room_lists_the_registered_games_then_the_upcoming_ones(harness):
    reply = harness.tv.emit("create_room", {}, callback=True)
    games = reply["games"]
    assert [g["name"] for g in games] == [*GAMES, *(u["name"] for u in UPCOMING)]
    for entry in games[:len(GAMES)]:
        assert entry.get("upcoming", False) is (entry["name"] not in playable())
        assert entry["min_players"] == GAMES[entry["name"]].min_players
    for entry in games[len(GAMES):]:
        assert entry["upcoming"] is True
        assert entry["name"] not in GAMES
    for entry in games:
        if entry.get("upcoming"):
            assert entry["title"]["es"] and entry["title"]["en"] and entry["summary"]["es"]
            assert 2 <= entry["min_players"] <= entry["max_players"]
            assert not entry.get("lessons")


def test_a_registered_game_without_screens_is_listed_as_coming_soon(harness, monkeypatch):
    import server.catalogue as chooser
    monkeypatch.setattr(chooser, "has_screens", lambda name: name != "manipulacion")
    games = {g["name"]: g for g in harness.tv.emit("create_room", {}, callback=True)["games"]}
    assert games["manipulacion"]["upcoming"] is True and games["manipulacion"]["lessons"] == []
    assert "upcoming" not in games["ferrocarril"] and games["ferrocarril"]["lessons"]


@pytest.mark.parametrize("path, shell", [("/", "js/shell/tv.js"), ("/solo", "js/shell/solo.js")])
def test_the_tv_and_the_solo_pages_carry_the_same_catalogue(harness, path, shell):
    response = harness.app.test_client().get(path)
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert shell in html
    found = re.search(r'<script id="catalogue" type="application/json">(.*?)</script>', html, re.S)
    names = [g["name"] for g in json.loads(found.group(1))]
    assert names == [*GAMES, *(u["name"] for u in UPCOMING)]


def test_an_upcoming_game_cannot_be_chosen(harness, monkeypatch):
    # A game shown as coming soon: one still to be written, or registered without screens
    # (once every registered game has its screens, the last one is taken as not written yet).
    import server.catalogue as chooser
    last = list(GAMES)[-1]
    written = chooser.has_screens
    monkeypatch.setattr(chooser, "has_screens", lambda name: name != last and written(name))
    coming = [g["name"] for g in catalogue() if g.get("upcoming")]
    assert last in coming
    for name in coming:
        reply = harness.host("set_game", game=name)
        assert not reply["ok"]
        assert harness.room.game_name == "ferrocarril"


def test_the_room_list_gives_each_room_its_games_title(harness):
    rooms = harness.app.test_client().get("/api/rooms").get_json()["rooms"]
    assert rooms[0]["title"] == GAMES["ferrocarril"].info["title"]
    harness.host("set_game", game="manipulacion")
    rooms = harness.app.test_client().get("/api/rooms").get_json()["rooms"]
    assert rooms[0]["title"] == {"es": "Rummy Manipulación", "en": "Rummy Manipulation"}


def test_a_registered_game_without_screens_cannot_be_chosen(harness, monkeypatch):
    import server.catalogue as chooser
    monkeypatch.setattr(chooser, "has_screens", lambda name: name != "manipulacion")
    reply = harness.host("set_game", game="manipulacion")
    assert not reply["ok"] and reply["error"]["code"] == "unknown_game"
    assert harness.room.game_name == "ferrocarril"
    monkeypatch.undo()
    assert harness.host("set_game", game="manipulacion")["ok"]
