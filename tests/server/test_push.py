"""Latest state wins: a slow client gets the newest version, never an older one after it, and
never a backlog."""
import threading
import time

from server.push import Client, Pusher


class SlowTransport:
    """Takes `seconds` to carry each message to a client, and records what arrived."""

    def __init__(self, seconds: float):
        self.seconds = seconds
        self.arrived: dict[str, list] = {}
        self.free_at: dict[str, float] = {}
        self.lock = threading.Lock()

    def emit(self, event, data, sid):
        with self.lock:
            self.arrived.setdefault(sid, []).append((event, data))
            self.free_at[sid] = time.monotonic() + self.seconds

    def backlog(self, sid):
        return time.monotonic() < self.free_at.get(sid, 0)

    def drained(self, sid):
        time.sleep(max(0.0, self.free_at.get(sid, 0) - time.monotonic()))


def wait_for(condition, timeout=5.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.01)
    return False


def test_a_slow_client_receives_the_newest_state_and_no_backlog():
    version = {"n": 0}
    transport = SlowTransport(0.05)
    push = Pusher(lambda client: {"version": version["n"]}, transport.emit, transport.drained,
                  transport.backlog)
    push.bind("slow", Client("ROOM", "tv"))
    for n in range(1, 201):
        version["n"] = n
        push.room("ROOM")
    assert wait_for(lambda: transport.arrived.get("slow", [])[-1:] == [("state", {"version": 200})])
    time.sleep(0.2)
    received = [data["version"] for _, data in transport.arrived["slow"]]
    assert received == sorted(received), "never an older version after a newer one"
    assert len(received) < 20, f"{len(received)} states were queued for 200 changes"
    assert received[-1] == 200


def test_a_slow_client_does_not_hold_up_a_fast_one():
    version = {"n": 0}
    arrived = {"fast": [], "slow": []}
    gate = threading.Event()

    def emit(event, data, sid):
        arrived[sid].append(data["version"])

    def backlog(sid):
        return sid == "slow" and not gate.is_set() and bool(arrived["slow"])

    def drained(sid):
        if sid == "slow":
            gate.wait(5)

    push = Pusher(lambda client: {"version": version["n"]}, emit, drained, backlog)
    push.bind("slow", Client("ROOM", "tv"))
    push.bind("fast", Client("ROOM", "tv"))
    for n in range(1, 51):
        version["n"] = n
        push.room("ROOM")
        time.sleep(0.002)
    assert wait_for(lambda: arrived["fast"][-1:] == [50])
    assert arrived["slow"] == [arrived["slow"][0]]        # still stuck on its first state
    gate.set()
    assert wait_for(lambda: arrived["slow"][-1:] == [50])
    assert len(arrived["slow"]) == 2


def test_a_client_of_another_room_gets_nothing_and_an_unbound_one_stops():
    arrived = []
    push = Pusher(lambda client: {"room": client.room}, lambda e, d, sid: arrived.append(sid),
                  synchronous=True)
    push.bind("a", Client("ROOM", "tv"))
    push.bind("b", Client("OTHER", "tv"))
    push.room("ROOM")
    assert arrived == ["a"]
    push.unbind("a")
    push.room("ROOM")
    assert arrived == ["a"]


def test_a_client_whose_seat_is_gone_is_told_it_was_kicked():
    arrived = []
    push = Pusher(lambda client: None, lambda e, d, sid: arrived.append((e, d, sid)),
                  synchronous=True)
    push.bind("phone", Client("ROOM", "seat", "s1"))
    push.room("ROOM")
    assert arrived == [("kicked", {"room": "ROOM"}, "phone")]
    assert push.client("phone") is None
