"""Watchers (issue 27, point 5): a phone «Solo mirar» gets the TV's public table and nothing a
seat's hidden view holds, is listed by name apart from the seats while connected, may react,
never acts or holds a seat; its phone gone, it is off the list until it watches again."""
import pytest

from server.reactions import REACTIONS
from tests.server.conftest import Harness, assert_payload_is_the_view, states


def watch(h, client, name, token=None):
    return client.emit("watch", {"room": h.code, "name": name, "token": token}, callback=True)


@pytest.fixture
def table():
    h = Harness(game="canasta")
    abuela = h.phone("Abuela")
    assert h.host("add_bot", level="normal")["ok"]
    return h, abuela


def test_a_watcher_sees_the_public_table_only_and_is_listed_apart(table):
    h, abuela = table
    abuelo = h.socketio.test_client(h.app)
    reply = watch(h, abuelo, "  Abuelo ")
    assert reply["ok"] and reply["host"] is False and reply["watcher_token"]
    room = states(h.tv)[-1]["room"]
    assert room["watchers"] == [{"id": reply["watcher_id"], "name": "Abuelo"}]
    assert [s["name"] for s in room["seats"]] == ["Abuela", "Robotina"]    # not a seat
    assert h.host("start")["ok"]
    payload = states(abuelo)[-1]
    assert payload["you"] is None and payload["game"]["seat"] is None
    assert_payload_is_the_view(h, payload, None)            # the TV's view, nothing more
    assert "hand" not in payload["game"]


def test_a_watcher_reacts_but_never_acts(table):
    h, abuela = table
    abuelo = h.socketio.test_client(h.app)
    token = watch(h, abuelo, "Abuelo")["watcher_token"]
    assert h.host("start")["ok"]
    h.tv.get_received()
    reply = abuelo.emit("react", {"room": h.code, "token": token, "reaction": REACTIONS[4]},
                        callback=True)
    assert reply == {"ok": True}
    shown = [m["args"][0] for m in h.tv.get_received() if m["name"] == "reaction"]
    assert shown == [{"room": h.code, "seat": None, "name": "Abuelo", "color": "#9aa7a0",
                      "watcher": True, "reaction": REACTIONS[4]}]
    moves = list(h.room.game.log)
    refused = abuelo.emit("action", {"room": h.code, "token": token, "action": {"type": "draw"}},
                          callback=True)
    assert refused["ok"] is False and refused["error"]["code"] == "bad_token"
    assert h.room.game.log == moves


def test_a_watcher_leaves_the_list_with_its_phone_and_is_back_on_it_by_watching_again(table):
    h, _ = table
    abuelo = h.socketio.test_client(h.app)
    first = watch(h, abuelo, "Abuelo")
    abuelo.disconnect()
    assert h.room.watchers == {}
    assert states(h.tv)[-1]["room"]["watchers"] == []
    again = h.socketio.test_client(h.app)
    assert watch(h, again, "Abuelo", token=first["watcher_token"])["ok"]
    assert [w["name"] for w in states(h.tv)[-1]["room"]["watchers"]] == ["Abuelo"]


def test_a_watcher_who_sits_down_is_a_seat_and_no_longer_a_watcher(table):
    h, _ = table
    tio = h.socketio.test_client(h.app)
    watch(h, tio, "Tío")
    joined = tio.emit("join", {"room": h.code, "name": "Tío"}, callback=True)
    assert joined["ok"]
    room = states(h.tv)[-1]["room"]
    assert room["watchers"] == [] and [s["name"] for s in room["seats"]][-1] == "Tío"


@pytest.mark.parametrize("name", ["", "   ", 5, ["x"]])
def test_a_watcher_needs_a_name(table, name):
    h, _ = table
    phone = h.socketio.test_client(h.app)
    reply = phone.emit("watch", {"room": h.code, "name": name}, callback=True)
    assert reply["ok"] is False and reply["error"]["code"] in ("bad_name", "malformed")
    assert h.room.watchers == {}
