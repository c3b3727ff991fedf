"""The host's Socket.IO events, driven with Flask-SocketIO's test client."""
import json

import pytest

from engine.cards import SPANISH
from engine.registry import GAMES
from tests.server.conftest import Harness, ManualScheduler, assert_payload_is_the_view, states


def started(n_phones=3, scheduler=None):
    h = Harness(scheduler=scheduler or ManualScheduler())
    phones = [h.phone(name) for name in ("Abuela", "Tío", "Nieta")[:n_phones]]
    assert h.host("start") == {"ok": True}
    return h, phones


def test_a_phone_receives_only_its_own_view_and_the_tv_the_public_one():
    h, phones = started()
    for client in [h.tv, *phones]:
        client.get_received()
    h.room.game.apply(None, {"type": "close_buy"})  # a state change to trigger fresh payloads
    h.lobby._changed(h.room)
    for index, client in enumerate(phones):
        received = states(client)
        assert received
        for payload in received:
            own = [SPANISH.format(c) for c in h.room.game.hands[index]]
            assert payload["game"]["hand"] == own
            assert_payload_is_the_view(h, payload, index)
    received = states(h.tv)
    assert received
    for payload in received:
        assert_payload_is_the_view(h, payload, None, house=True)


@pytest.mark.slow
@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_payload_of_a_whole_bot_game_is_the_readers_view(game):
    scheduler = ManualScheduler()
    h = Harness(scheduler=scheduler, game=game)
    phone = h.phone("Abuela")
    for level in ("normal", "facil"):
        h.host("add_bot", level=level)
    h.host("to_bot", seat=phone.seat_id)      # the phone watches while a bot plays its seat
    watcher = h.socketio.test_client(h.app)   # and a phone «Solo mirar» (server/watchers.py)
    assert watcher.emit("watch", {"room": h.code, "name": "Abuelo"}, callback=True)["ok"]
    assert h.host("start") == {"ok": True}
    index = h.room.index_of(phone.seat_id)
    states(phone), states(h.tv), states(watcher)
    seen_tv = seen_phone = seen_watcher = 0
    for _ in range(3000):
        if h.room.status != "playing" or not scheduler.tasks:
            break
        scheduler.tasks.sort(key=lambda t: t[0])
        scheduler.tasks.pop(0)[1]()
        # Pushes are synchronous and each task changes the game at most once: every payload
        # received since the task ran shows the game as it is now.
        for payload in states(phone):
            seen_phone += 1
            assert_payload_is_the_view(h, payload, index)
        for payload in states(h.tv):
            seen_tv += 1
            assert_payload_is_the_view(h, payload, None, house=True)
        for payload in states(watcher):
            seen_watcher += 1
            assert_payload_is_the_view(h, payload, None)
    assert seen_tv > 50 and seen_phone > 50 and seen_watcher > 50


def test_an_action_with_a_wrong_token_is_refused_and_changes_nothing(harness):
    phone = harness.phone("Abuela")
    harness.phone("Tío")
    harness.host("start")
    before = json.dumps(harness.room.game.view(None), sort_keys=True)
    reply = phone.emit("action", {"room": harness.code, "token": "not-a-token",
                                  "action": {"type": "pass"}}, callback=True)
    assert reply["ok"] is False and reply["error"]["code"] == "bad_token"
    assert json.dumps(harness.room.game.view(None), sort_keys=True) == before


def test_a_seat_cannot_act_for_another_seat(harness):
    abuela, tio = harness.phone("Abuela"), harness.phone("Tío")
    harness.host("start")
    game = harness.room.game
    for s in list(game.window.priority):
        game.apply(s, {"type": "pass"})
    not_in_turn = abuela if game.turn == 1 else tio
    log_before = len(game.log)
    reply = harness.act(not_in_turn, {"type": "draw"})
    assert reply["ok"] is False and reply["error"]["code"] == "not_your_turn"
    assert len(game.log) == log_before


def test_host_commands_from_a_player_are_refused(harness):
    phone = harness.phone("Abuela")
    reply = phone.emit("host", {"room": harness.code, "host_token": phone.token,
                                "command": "start", "args": {}}, callback=True)
    assert reply["ok"] is False and reply["error"]["code"] == "not_host"
    assert harness.room.status == "lobby"


@pytest.mark.parametrize("event,data", [
    ("action", None), ("action", 7), ("action", "draw"), ("action", [1, 2]),
    ("action", {}), ("action", {"room": 5, "token": [], "action": {}}),
    ("join", {"room": "ZZZZ", "name": "x"}), ("join", {"name": {"a": 1}}),
    ("join", {"room": None}), ("host", {"command": "start"}),
    ("host", {"room": "ZZZZ", "host_token": "x", "command": "start"}),
    ("take_seat", {"room": "ZZZZ"}), ("watch", {"room": 12}),
    ("no_such_event", {"x": 1}), ("create_room", {"game": "parchis"}),
])
def test_garbage_payloads_get_an_error_reply_and_change_nothing(harness, event, data):
    phone = harness.phone("Abuela")
    harness.phone("Tío")
    harness.host("start")
    before = json.dumps(harness.room.game.view(None), sort_keys=True)
    reply = phone.emit(event, data, callback=True)
    assert reply["ok"] is False and reply["error"]["code"]
    assert json.dumps(harness.room.game.view(None), sort_keys=True) == before
    assert harness.tv.emit("watch", {"room": harness.code}, callback=True)["ok"]


def test_illegal_moves_come_back_with_the_engines_reason_in_spanish(harness):
    abuela = harness.phone("Abuela")
    harness.phone("Tío")
    harness.host("start")
    reply = harness.act(abuela, {"type": "discard", "card": "7o"})
    assert reply["ok"] is False
    assert reply["error"]["code"] in ("buy_window_open", "not_your_turn")
    assert reply["error"]["es"] and reply["error"]["en"]
    reply = harness.act(abuela, {"type": "levitate"})
    assert reply["error"]["code"] == "malformed"


def test_a_reloaded_phone_gets_the_same_seat_and_hand(harness):
    abuela = harness.phone("Abuela")
    harness.phone("Tío")
    harness.host("start")
    hand = harness.room.game.view(0)["hand"]
    abuela.disconnect()
    again = harness.phone("Abuela", token=abuela.token)
    assert again.seat_id == abuela.seat_id
    assert states(again)[-1]["game"]["hand"] == hand
    assert len(harness.room.seats) == 2


def test_names_are_kept_as_plain_text_and_trimmed(harness):
    phone = harness.phone("  <b>Tía</b>\x00 ")
    assert harness.room.seat(phone.seat_id).name == "<b>Tía</b>"
    long = harness.phone("x" * 200)
    assert len(harness.room.seat(long.seat_id).name) == 20


def test_host_seating_bots_and_start_rules(harness):
    a, b = harness.phone("Abuela"), harness.phone("Abuelo")
    assert harness.host("add_bot", level="normal")["ok"]
    bot_id = harness.room.seats[2].id
    order = [b.seat_id, bot_id, a.seat_id]
    assert harness.host("reorder", order=order)["ok"]
    assert [s.id for s in harness.room.seats] == order
    assert harness.host("reorder", order=order[:2])["error"]["code"] == "bad_order"
    assert harness.host("add_bot", level="genius")["error"]["code"] == "bad_level"
    assert harness.host("remove", seat=bot_id)["ok"]
    assert len(harness.room.seats) == 2
    assert harness.host("set_options", options={"buy_seconds": 11})["ok"] is False
    assert harness.host("set_options", options={"buy_seconds": 3})["ok"]
    assert harness.host("start")["ok"]
    assert harness.room.game.view(None)["buy_window"]["seconds"] == 3


def test_starting_alone_is_refused_with_the_engines_reason(harness):
    harness.phone("Abuela")
    reply = harness.host("start")
    assert reply["error"]["code"] == "bad_player_count"
    assert harness.room.status == "lobby"


def test_a_kicked_phone_is_told(harness):
    phone = harness.phone("Abuela")
    harness.phone("Tío")
    assert harness.host("remove", seat=phone.seat_id)["ok"]
    assert any(m["name"] == "kicked" for m in phone.get_received())


def test_pages_and_qr_codes_are_served(harness):
    http = harness.app.test_client()
    assert http.get("/").status_code == 200
    page = http.get(f"/j/{harness.code}")
    assert page.status_code == 200 and harness.code in page.get_data(as_text=True)
    svg = http.get(f"/qr/{harness.code}.svg")
    assert svg.status_code == 200 and svg.mimetype == "image/svg+xml"
    assert http.get("/qr/NOPE.svg").status_code == 404
    assert http.get("/wifi.svg").status_code == 404
    rooms = http.get("/api/rooms").get_json()["rooms"]
    assert [r["code"] for r in rooms] == [harness.code]


def test_nothing_on_the_pages_is_loaded_from_the_internet(harness):
    http = harness.app.test_client()
    for url in ("/", f"/j/{harness.code}"):
        html = http.get(url).get_data(as_text=True)
        assert "http://" not in html.replace("http://www.w3.org", "") and "https://" not in html


def test_a_dealt_hand_option_is_refused_unless_the_host_allows_test_deals(harness):
    from tests.engine.test_ferrocarril_deal_option import full_deal
    deal = full_deal("7o 7c 7e 8o 8c 8e 9o 9c 9e 10o 10c 10e 2b")
    reply = harness.host("set_options", options={"_deal": deal})
    assert reply["error"]["code"] == "bad_options"

    testing = Harness(allow_test_deals=True)
    for name in ("Abuela", "Tío", "Nieta"):
        testing.phone(name)
    assert testing.host("set_options", options={"buy_seconds": 5, "_deal": deal})["ok"]
    assert testing.host("start")["ok"]
    assert testing.room.game.view(0)["hand"] == deal["hands"][0].split()
    assert "_deal" not in states(testing.tv)[-1]["room"]["options"]


def test_the_room_qr_code_encodes_the_join_url_shown_on_the_tv(harness):
    from server import qr
    links = states(harness.tv)[-1]["links"]
    assert links["join_url"].endswith(f"/j/{harness.code}")
    served = harness.app.test_client().get(links["qr"]).get_data(as_text=True)
    assert served == qr.svg(links["join_url"])


def test_socketio_runs_in_threading_mode_without_eventlet(harness):
    import importlib.util
    assert harness.socketio.async_mode == "threading"
    assert importlib.util.find_spec("eventlet") is None


def test_a_refusal_carries_the_engines_data_to_the_phone():
    """Manipulación's reminder: Robar with a play in hand is refused with the hint attached."""
    from engine.cards import FRENCH, deck
    rest = [FRENCH.format(c) for c in deck(2, 0)]
    first = "5h 6h 7h Ks Kd 2c 9c".split()
    for name in first:
        rest.remove(name)
    deal = {"dealer": 1, "hands": [" ".join(first), " ".join(rest[:7])],
            "stock": " ".join(rest[7:])}
    h = Harness(allow_test_deals=True)
    assert h.host("set_game", game="manipulacion")["ok"]
    abuela = h.phone("Abuela")
    h.phone("Tío")
    assert h.host("set_options", options={"ruleset": "manipulacion", "_deal": deal})["ok"]
    assert h.host("start")["ok"]
    reply = h.act(abuela, {"type": "draw"})
    assert reply["ok"] is False and reply["error"]["code"] == "play_available"
    hint = reply["error"]["data"]["hint"]
    assert hint["card"] in ("5h", "6h", "7h") and hint["needs_rearranging"] is False
    assert len(h.room.game.log) == 0
