"""A live host attacked from the network: malformed frames, wrong types in every field, reserved
event names, oversize frames. Every message gets a clean refusal (when it asked for an answer),
nothing changes, and the host's log holds no traceback."""
import json
import random
import time
from contextlib import contextmanager

import pytest

from tests.live import Host, RawSocket

pytestmark = pytest.mark.slow      # each test starts a real host

NOT_TEXT = [7, 1.5, True, [], ["x"], {}, {"a": 1}]
NOT_OBJECT = [7, "x", True, [], ["draw"], 1.5]
BAD_TOKENS = ["é", "not-a-token", "a" * 65, "", " ", "\x00", "tok en", "ñ" * 20]


def quiet_log(log: str) -> None:
    assert "Traceback" not in log, log
    assert "ERROR" not in log, log


@contextmanager
def hostile_host(data_dir):
    host = Host(data_dir, "--bot-delay", "0", "--no-browser")
    yield host
    host.kill()
    quiet_log(host.log())


@pytest.fixture
def live(tmp_path):
    with hostile_host(tmp_path) as host:
        yield host


@pytest.fixture(scope="module")
def one_host(tmp_path_factory):
    with hostile_host(tmp_path_factory.mktemp("hostile")) as host:
        yield host


@pytest.fixture
def quiet(one_host):
    """The module's one host, for the tests that leave nothing behind (no room, no seat): a
    host started for each of them was most of their time. Each checks its own lines of the log."""
    start = len(one_host.log())
    yield one_host
    quiet_log(one_host.log()[start:])


def table(host):
    """A room with two people playing and nobody to move but the seat in turn."""
    tv = RawSocket(host.url)
    created = tv.call("create_room", {})
    room, host_token = created["room"], created["host_token"]
    phones = []
    for name in ("Abuela", "Tío"):
        phone = RawSocket(host.url)
        reply = phone.call("join", {"room": room, "name": name})
        phone.token, phone.seat_id = reply["token"], reply["seat_id"]
        phones.append(phone)
    assert tv.call("host", {"room": room, "host_token": host_token, "command": "start",
                            "args": {}})["ok"]
    for phone in phones:         # the round's upturned card: both pass, no timer is left
        phone.call("action", {"room": room, "token": phone.token, "action": {"type": "pass"}})
    return tv, room, host_token, phones


def snapshot(tv, room, host_token):
    tv.frames.clear()
    assert tv.call("watch", {"room": room, "host_token": host_token})["ok"]
    tv._next(lambda f: f.startswith('42["state"'), 3)
    state = tv.states()[-1]
    return json.dumps({"game": state["game"], "seats": state["room"]["seats"],
                       "timers": [t["name"] for t in state["room"]["timers"]]}, sort_keys=True)


def test_a_non_ascii_token_is_a_bad_token_not_a_server_error(live):
    tv, room, _, _ = table(live)
    reply = tv.call("action", {"room": room, "token": "é", "action": {"type": "draw"}})
    assert reply["ok"] is False and reply["error"]["code"] == "bad_token"
    reply = tv.call("host", {"room": room, "host_token": "ñandú", "command": "start"})
    assert reply["error"]["code"] == "not_host"


@pytest.mark.parametrize("event,data", [
    ("create_room", {"game": ["ferrocarril"]}), ("create_room", {"game": {"x": 1}}),
    ("host", {"room": "ABCD", "host_token": "x", "command": "set_game",
              "args": {"game": ["ferrocarril"]}}),
])
def test_a_field_of_the_wrong_type_is_malformed(quiet, event, data):
    tv = RawSocket(quiet.url)
    reply = tv.call(event, data)
    assert reply["ok"] is False and reply["error"]["code"] in ("malformed", "unknown_room")


def test_a_non_string_game_in_set_game_is_refused(live):
    tv, room, host_token, _ = table(live)
    assert tv.call("host", {"room": room, "host_token": host_token, "command": "new_game"})["ok"]
    reply = tv.call("host", {"room": room, "host_token": host_token, "command": "set_game",
                             "args": {"game": ["x"]}})
    assert reply["error"]["code"] == "unknown_game"


GARBAGE = {
    "broken JSON": '["action", {"room": ',
    "deep nesting": '["action", ' + "[" * 2000 + "]" * 2000 + "]",
    "huge integer": '["action", {"room": ' + "9" * 5000 + "}]",
    "long integer": '["action", {"seat": ' + "9" * 120 + "}]",
    "NaN": '["action", NaN]',
    "non-string event": '[5, {"room": "ABCD"}]',
    "null event": '[null]',
    "empty event": "[]",
    "object instead of list": '{"event": "join"}',
    "string instead of list": '"join"',
    "star event": '["*", {"room": "ABCD"}]',
    "connect event": '["connect", {}]',
    "message event": '["message", "hola"]',
    "rejected event by name": '["\\u0000rejected", "x"]',
}


@pytest.mark.parametrize("name", list(GARBAGE))
def test_garbage_frames_get_a_malformed_answer_and_no_traceback(quiet, name):
    client = RawSocket(quiet.url)
    answer = client.call_raw(GARBAGE[name])
    assert answer == [{"ok": False, "error": {"code": "malformed", "es": "Mensaje no válido.",
                                              "en": "Malformed message."}}]
    assert client.call("watch", {"room": "ZZZZ"})["error"]["code"] == "unknown_room"


@pytest.mark.parametrize("frame", ["9", "4", "4x", "45-1[\"action\",{}]", "451-1[\"a\"]",
                                   "43999[]", "41/nope,", "40/nope,", "42/nope,1[\"join\",{}]",
                                   "\x00\x01", "4" + "9" * 300])
def test_odd_packets_are_ignored_quietly(quiet, frame):
    client = RawSocket(quiet.url)
    client.send(frame)
    time.sleep(0.2)
    assert RawSocket(quiet.url).call("watch", {"room": "ZZZZ"})["error"]["code"] == "unknown_room"


def test_a_client_event_named_disconnect_leaves_the_seat_connected(live):
    tv, room, host_token, phones = table(live)
    abuela = phones[0]
    answer = abuela.call_raw('["disconnect", "io client disconnect"]')
    assert answer[0]["error"]["code"] == "malformed"
    before = len(abuela.states())
    tv.call("host", {"room": room, "host_token": host_token, "command": "to_bot",
                     "args": {"seat": phones[1].seat_id}})
    assert abuela._next(lambda f: f.startswith('42["state"'), 3), "the seat still gets states"
    assert len(abuela.states()) > before
    assert abuela.states()[-1]["room"]["seats"][0]["connected"] is True


def test_an_oversize_frame_closes_that_connection_only(live):
    client = RawSocket(live.url)
    client.send('42["action",{"x":"' + "a" * 200_000 + '"}]')
    other = RawSocket(live.url)
    assert other.call("watch", {"room": "ZZZZ"})["error"]["code"] == "unknown_room"


def test_closing_websockets_leaves_no_bad_request_lines(live):
    for _ in range(5):
        client = RawSocket(live.url)
        client.call("watch", {"room": "ZZZZ"})
        client.close()
    client = RawSocket(live.url)
    client.call("watch", {"room": "ZZZZ"})
    assert "Bad request" not in live.log()


def malformed_messages(rng: random.Random, room: str, phone_token: str, seat_id: str):
    """(event, data) pairs that must all be refused: each breaks at least one field."""
    def text_field():
        return rng.choice(NOT_TEXT + ["x" * rng.choice([300, 5000])])

    def token():
        return rng.choice(BAD_TOKENS + NOT_TEXT)

    def action():
        return rng.choice(NOT_OBJECT + [{"type": rng.choice(["draw", "discard", "salir",
                                                               "buy", "meld", "zzz", 7])},
                                        {"type": "discard", "card": rng.choice(["7o", 7, []])},
                                        {}])

    templates = [
        ("create_room", lambda: {"game": rng.choice(NOT_TEXT + ["parchis", "x" * 40])}),
        ("watch", lambda: {"room": text_field(), "host_token": token()}),
        ("watch", lambda: {"room": room, "host_token": rng.choice(NOT_TEXT)}),
        ("join", lambda: {"room": text_field(), "name": "Primo"}),
        ("join", lambda: {"room": room, "name": rng.choice(NOT_TEXT), "token": token()}),
        ("join", lambda: {"room": room, "name": "Primo", "token": token()}),
        ("take_seat", lambda: {"room": room, "seat": rng.choice(NOT_TEXT + [seat_id, "nope"]),
                               "name": rng.choice(NOT_TEXT + ["Primo"]), "claim": token()}),
        ("reclaim", lambda: {"room": room, "token": token()}),
        ("action", lambda: {"room": room, "token": token(), "action": {"type": "draw"}}),
        ("action", lambda: {"room": rng.choice(NOT_TEXT), "token": phone_token,
                            "action": {"type": "pass"}}),
        ("action", lambda: {"room": room, "token": phone_token, "action": action()}),
        ("host", lambda: {"room": room, "host_token": token(),
                          "command": rng.choice(["start", "new_game", "remove", "to_bot"]),
                          "args": {"seat": seat_id}}),
        ("host", lambda: {"room": room, "host_token": token(), "command": text_field()}),
        ("no_such_event", lambda: {"room": room}),
    ]
    while True:
        event, make = rng.choice(templates)
        data = make() if rng.random() > 0.05 else rng.choice(NOT_OBJECT + [None])
        yield event, data


def test_a_seeded_fuzz_of_every_event_is_refused_cleanly_and_changes_nothing(live):
    tv, room, host_token, phones = table(live)
    before = snapshot(tv, room, host_token)
    game = json.loads(before)["game"]
    off_turn = next(p for p in phones if p.seat_id != tv.states()[-1]["room"]["seats"][
        game["turn"]]["id"])
    fuzzer = RawSocket(live.url)
    rng = random.Random(20261201)
    codes: dict[str, int] = {}
    messages = malformed_messages(rng, room, off_turn.token, phones[0].seat_id)
    for _ in range(3000):
        event, data = next(messages)
        reply = fuzzer.call(event, data)
        assert reply is not None, (event, data)
        assert reply["ok"] is False, (event, data, reply)
        codes[reply["error"]["code"]] = codes.get(reply["error"]["code"], 0) + 1
        fuzzer.frames.clear()
    assert "server_error" not in codes
    assert {"malformed", "bad_token", "not_host", "not_your_turn"} <= set(codes), codes
    assert snapshot(tv, room, host_token) == before


def test_clients_watching_in_a_loop_beside_bot_rooms_never_see_a_version_go_back(live):
    """The reported repro: 3 bot rooms playing at full speed, 2 clients sending `watch` in a
    loop; every state a client receives has a version no lower than the one before."""
    rooms = []
    for game in ("ferrocarril", "manipulacion", "ferrocarril"):
        tv = RawSocket(live.url)
        created = tv.call("create_room", {"game": game})
        command = {"room": created["room"], "host_token": created["host_token"]}
        for level in ("normal", "facil", "facil"):
            tv.call("host", {**command, "command": "add_bot", "args": {"level": level}})
        assert tv.call("host", {**command, "command": "start", "args": {}})["ok"]
        rooms.append(created["room"])
    watchers = [RawSocket(live.url) for _ in range(2)]
    deadline = time.monotonic() + 8
    n = 0
    while time.monotonic() < deadline:
        for watcher in watchers:
            watcher.call("watch", {"room": rooms[n % len(rooms)]})
            n += 1
    for watcher in watchers:
        watcher._next(lambda f: False, 0.5)
        last: dict[str, int] = {}
        states = watcher.states()
        assert len(states) > 20
        for state in states:
            code, version = state["room"]["code"], state["room"]["version"]
            assert version >= last.get(code, 0), (code, version, last[code])
            last[code] = version
