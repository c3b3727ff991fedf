"""A solo game ("Contra el ordenador") is a room like any other: one person, computer players,
started at once, saved as it goes. It is nobody else's to join, it never appears in the phones'
room list, and it waits for its person: closing the page pauses it, coming back resumes it."""
import pytest

from server import host_commands
from server.app import create_app
from server.brains import LocalBrains
from tests.server.conftest import Harness, ManualScheduler, states


def app(data_dir=None, **options):
    options.setdefault("bot_delay", 30)
    options.setdefault("sweep", False)
    options.setdefault("synchronous_push", True)
    options.setdefault("brains", LocalBrains())
    return create_app(data_dir=data_dir, **options)


def solo(flask_app, socketio, **data):
    client = socketio.test_client(flask_app)
    data = {"game": "ferrocarril", "name": "Abuela", "bots": ["facil", "normal"], **data}
    reply = client.emit("create_solo", data, callback=True)
    return client, reply


def test_a_solo_game_starts_at_once_with_one_person_and_the_computer_players():
    flask_app, socketio = app()
    client, reply = solo(flask_app, socketio)
    assert reply["ok"], reply
    lobby = flask_app.extensions["sobremesa"]
    room = lobby.rooms[reply["room"]]
    assert room.kind == "solo" and room.status == "playing" and room.game.players == 3
    assert [s.bot for s in room.seats] == [None, "facil", "normal"]
    assert room.seats[0].name == "Abuela" and room.seats[0].id == reply["seat_id"]
    state = states(client)[-1]
    assert state["you"]["index"] == 0 and state["game"] == room.game.view(0)
    assert state["room"]["kind"] == "solo"
    assert room.is_host(reply["host_token"])      # the device pauses and sets the pace
    assert room.fast is False
    _, quick = solo(flask_app, socketio, fast=True)
    assert flask_app.extensions["sobremesa"].rooms[quick["room"]].fast is True
    _, wrong = solo(flask_app, socketio, fast="yes")
    assert wrong["error"]["code"] == "malformed"


def test_solo_games_are_not_in_the_phones_room_list_and_nobody_else_joins():
    flask_app, socketio = app()
    _, reply = solo(flask_app, socketio)
    listed = flask_app.test_client().get("/api/rooms").get_json()["rooms"]
    assert reply["room"] not in [r["code"] for r in listed]
    stranger = socketio.test_client(flask_app)
    answer = stranger.emit("join", {"room": reply["room"], "name": "Primo"}, callback=True)
    assert answer["ok"] is False and answer["error"]["code"] == "solo_game"
    answer = stranger.emit("take_seat", {"room": reply["room"], "name": "Primo",
                                         "seat": flask_app.extensions["sobremesa"]
                                         .rooms[reply["room"]].seats[1].id}, callback=True)
    assert answer["ok"] is False and answer["error"]["code"] == "solo_game"


@pytest.mark.parametrize("data,code", [
    ({"bots": []}, "bad_bots"), ({"bots": ["facil"] * 5}, "bad_bots"),
    ({"bots": ["genio"]}, "bad_level"), ({"bots": "facil"}, "malformed"),
    ({"game": "domino"}, "unknown_game"), ({"name": ""}, "bad_name"),
    ({"options": {"buy_seconds": 99}}, "option_range"),
])
def test_a_bad_solo_request_is_refused_and_leaves_no_room(data, code):
    flask_app, socketio = app()
    _, reply = solo(flask_app, socketio, **data)
    assert reply["ok"] is False and reply["error"]["code"] == code, reply
    assert flask_app.extensions["sobremesa"].rooms == {}


def test_two_solo_games_and_a_family_table_run_side_by_side():
    h = Harness(bot_delay=30)
    one, first = solo(h.app, h.socketio)
    two, second = solo(h.app, h.socketio, game="manipulacion", options={"ruleset": "carrusel"},
                       bots=["facil"])
    assert first["ok"] and second["ok"] and first["room"] != second["room"]
    assert h.host("pause")["ok"] is False            # the family table has not started
    rooms = h.lobby.rooms
    assert rooms[first["room"]].game_name == "ferrocarril"
    assert rooms[second["room"]].game.rules.name == "carrusel"
    assert states(one)[-1]["room"]["code"] == first["room"]
    assert states(two)[-1]["room"]["code"] == second["room"]


def test_closing_the_page_pauses_a_solo_game_and_coming_back_resumes_it():
    flask_app, socketio = app()
    client, reply = solo(flask_app, socketio)
    room = flask_app.extensions["sobremesa"].rooms[reply["room"]]
    client.disconnect()
    assert room.paused and room.paused_by == "away"
    assert room.summary()["paused_by"] == "away"         # what every state push says
    assert room.seats[0].autoplay is None              # the computer never takes its person's seat
    back = socketio.test_client(flask_app)
    answer = back.emit("join", {"room": reply["room"], "token": reply["token"]}, callback=True)
    assert answer["ok"] and not room.paused


def test_a_pause_the_player_asked_for_stays_when_they_come_back():
    flask_app, socketio = app()
    client, reply = solo(flask_app, socketio)
    room = flask_app.extensions["sobremesa"].rooms[reply["room"]]
    assert client.emit("host", {"room": reply["room"], "host_token": reply["host_token"],
                                "command": "pause", "args": {}}, callback=True)["ok"]
    client.disconnect()
    back = socketio.test_client(flask_app)
    back.emit("join", {"room": reply["room"], "token": reply["token"]}, callback=True)
    assert room.paused and room.paused_by == "host"
    assert room.summary()["paused_by"] == "host"


def test_a_solo_game_survives_a_restart(tmp_path):
    flask_app, socketio = app(tmp_path)
    client, reply = solo(flask_app, socketio)
    room = flask_app.extensions["sobremesa"].rooms[reply["room"]]
    view = room.game.view(0)
    again, socketio_again = app(tmp_path)
    restored = again.extensions["sobremesa"].rooms[reply["room"]]
    assert restored.kind == "solo" and restored.game.view(0) == view
    back = socketio_again.test_client(again)
    answer = back.emit("join", {"room": reply["room"], "token": reply["token"]}, callback=True)
    assert answer["ok"] and answer["seat_id"] == reply["seat_id"]


def test_the_computer_players_play_a_solo_game_on_their_turns():
    scheduler = ManualScheduler()
    flask_app, socketio = app(scheduler=scheduler, bot_delay=1.0)
    client, reply = solo(flask_app, socketio, bots=["facil"])
    room = flask_app.extensions["sobremesa"].rooms[reply["room"]]
    scheduler.run_all(limit=200)
    game = room.game
    assert 0 in game.actors()                  # the computer did all it could: now it waits
    assert all(seat != 0 for seat, _ in game.log)     # and it never plays for its person


def test_the_entry_lists_the_devices_solo_games_to_carry_on_with():
    flask_app, socketio = app()
    device, first = solo(flask_app, socketio)
    _, second = solo(flask_app, socketio, game="manipulacion", bots=["facil"])
    lobby = flask_app.extensions["sobremesa"]
    lobby.rooms[first["room"]].game.scores[0] = 35           # as if a round had been played
    asked = [{"room": first["room"], "token": first["token"]},
             {"room": second["room"], "token": second["token"]},
             {"room": second["room"], "token": first["token"]},   # not this room's token
             {"room": "ZZZZ", "token": "nope"}]
    reply = device.emit("solo_games", {"games": asked}, callback=True)
    assert reply["ok"], reply
    games = {g["room"]: g for g in reply["games"]}
    assert set(games) == {first["room"], second["room"]}
    one = games[first["room"]]
    assert one["game"] == "ferrocarril" and one["title"]["es"] == "Ferrocarril"
    assert one["status"] == "playing" and one["started"] > 0
    assert [p["name"] for p in one["players"]][0] == "Abuela"
    assert one["players"][0]["score"] == 35 and one["players"][0]["you"] is True
    assert [p["you"] for p in one["players"][1:]] == [False, False]
    assert "token" not in str(reply) and first["host_token"] not in str(reply)
    reply = device.emit("solo_games", {"games": "everything"}, callback=True)
    assert reply["ok"] is False and reply["error"]["code"] == "malformed"


@pytest.mark.parametrize("ruleset", ["manipulacion", "maquiavelo", "shanghai", "guadalupe",
                                     "carrusel", "vaticano", "tahiti"])
def test_every_manipulacion_rule_set_plays_alone_against_the_computer(ruleset, monkeypatch):
    # One deal for every run: in about one Tahití deal in 170 (five cards each, one round) a
    # computer goes out before the person's first turn, and the game is rightly over there.
    monkeypatch.setattr(host_commands, "new_seed", lambda: 7)
    scheduler = ManualScheduler()
    flask_app, socketio = app(scheduler=scheduler, bot_delay=1.0)
    client, reply = solo(flask_app, socketio, game="manipulacion", bots=["facil", "normal"],
                         options={"ruleset": ruleset})
    assert reply["ok"], reply
    room = flask_app.extensions["sobremesa"].rooms[reply["room"]]
    assert room.game.options["ruleset"] == ruleset
    scheduler.run_all(limit=400)               # the computer plays up to the person's turn
    assert room.game.actors() == [0] and room.game.audit() == []
    # The person's move is the engine's to judge, as at the table; then, for a while, the
    # computer plays their seat too, and every seat takes turns.
    allowed = room.game.allowed(0)
    kind = "pass" if "pass" in allowed else "draw"
    answer = client.emit("action", {"room": reply["room"], "token": reply["token"],
                                    "action": {"type": kind, "confirm": True}}, callback=True)
    assert answer["ok"], answer
    seat = room.seats[0].id
    assert client.emit("host", {"room": reply["room"], "host_token": reply["host_token"],
                                "command": "to_bot", "args": {"seat": seat}}, callback=True)["ok"]
    scheduler.run_all(limit=300)
    assert {s for s, _ in room.game.log} >= {0, 1, 2} and room.game.audit() == []


def test_tren_mexicano_plays_alone_against_the_computer():
    """Tren Mexicano has its screens: a solo game starts, the computer plays up to the person's
    turn, the person's tile goes where the engine's `fits` says, and the computer plays on."""
    scheduler = ManualScheduler()
    flask_app, socketio = app(scheduler=scheduler, bot_delay=1.0)
    client, reply = solo(flask_app, socketio, game="tren", bots=["facil", "normal", "normal"])
    assert reply["ok"], reply
    room = flask_app.extensions["sobremesa"].rooms[reply["room"]]
    assert room.game_name == "tren" and room.game.players == 4
    scheduler.run_all(limit=400)
    assert room.game.actors() == [0] and room.game.audit() == []
    # The person's moves, as the phone makes them (a double keeps the turn: play on).
    for _ in range(6):
        if {s for s, _ in room.game.log} >= {0, 1, 2, 3} or room.game.actors() != [0]:
            break
        view = room.game.view(0)
        playable = [(tile, trains[0]) for tile, trains in view["fits"].items() if trains]
        action = ({"type": "play", "tile": playable[0][0], "train": playable[0][1]} if playable
                  else {"type": view["allowed"][0]})
        answer = client.emit("action", {"room": reply["room"], "token": reply["token"],
                                        "action": action}, callback=True)
        assert answer["ok"], answer
        scheduler.run_all(limit=400)
    assert {s for s, _ in room.game.log} >= {0, 1, 2, 3} and room.game.audit() == []
