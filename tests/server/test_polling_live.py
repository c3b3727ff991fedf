"""Long-polling against a real host: python-socketio's client held to polling plays a round
trip (the pages try WebSocket first and fall back to this), and unreadable polling bodies sent
with that client's own session are refused with one line each, never a traceback."""
import threading
import urllib.error
import urllib.request

import pytest
import socketio

from tests.live import Host

pytestmark = pytest.mark.slow      # each test starts a real host

UNREADABLE = [b"\xff\xfe", b"6\x1e" * 1000, b"4\x1e", b"x", b"d=", b"4" + b"a" * 70_000]


@pytest.fixture
def live(tmp_path):
    host = Host(tmp_path, "--bot-delay", "0", "--no-browser")
    yield host
    host.kill()


class PollingClient:
    """A Socket.IO client that may only poll; `states` holds what the host pushed."""

    def __init__(self, url: str):
        self.states: list[dict] = []
        self.pushed = threading.Event()
        self.client = socketio.Client()
        self.client.on("state", self._state)
        self.client.connect(url, transports=["polling"], wait_timeout=5)
        assert self.client.transport() == "polling"

    def _state(self, data):
        self.states.append(data)
        self.pushed.set()

    def call(self, event: str, data: dict) -> dict:
        return self.client.call(event, data, timeout=5)

    def next_state(self) -> dict:
        assert self.pushed.wait(5), "no state pushed"
        self.pushed.clear()
        return self.states[-1]


def test_a_client_on_long_polling_creates_a_room_and_sees_a_phone_join(live):
    tv = PollingClient(live.url)
    created = tv.call("create_room", {"game": "tren"})
    assert created["ok"], created
    assert tv.next_state()["room"]["code"] == created["room"]
    phone = PollingClient(live.url)
    joined = phone.call("join", {"room": created["room"], "name": "Abuela"})
    assert joined["ok"], joined
    assert phone.next_state()["you"]["name"] == "Abuela"
    seats = tv.next_state()["room"]["seats"]
    assert [s["name"] for s in seats] == ["Abuela"]
    tv.client.disconnect()
    phone.client.disconnect()
    assert "Traceback" not in live.log()


def test_unreadable_polling_bodies_are_one_line_each_and_the_session_goes_on(live):
    tv = PollingClient(live.url)
    sid = tv.client.eio.sid
    for body in UNREADABLE:
        request = urllib.request.Request(
            f"{live.url}/socket.io/?EIO=4&transport=polling&sid={sid}", data=body,
            method="POST", headers={"Content-Type": "text/plain;charset=UTF-8"})
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(request, timeout=5)
        assert refused.value.code == 400
    assert tv.call("watch", {"room": "ZZZZ"})["error"]["code"] == "unknown_room"
    tv.client.disconnect()
    log = live.log()
    assert "Traceback" not in log, log
    assert "post request handler error" not in log
    refusals = [line for line in log.splitlines() if "long-polling" in line]
    assert len(refusals) == len(UNREADABLE), log


@pytest.mark.parametrize("method, query", [
    ("POST", "EIO=4&transport=polling&sid=nope"), ("GET", "EIO=4&transport=polling&sid=nope"),
    ("GET", "EIO=3&transport=polling"), ("GET", "EIO=4&transport=carrier"),
    ("POST", "EIO=4&transport=polling&sid=a%0AERROR%20fake%20line" + "x" * 3000)])
def test_what_engineio_refuses_itself_is_one_short_line_not_two(live, method, query):
    data = b"40" if method == "POST" else None
    request = urllib.request.Request(f"{live.url}/socket.io/?{query}", data=data, method=method)
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(request, timeout=5)
    assert refused.value.code == 400
    live.kill()
    lines = [line for line in live.log().splitlines() if "engineio.server" in line
             or "Invalid" in line or "fake line" in line]
    assert len(lines) == 1 and len(lines[0]) < 300, lines
