import random
import zlib

import pytest

from server import host_commands
from server.app import create_app
from server.brains import LocalBrains


class Harness:
    """A host app with a TV client (the laptop's own, with the house key unless `house` is
    False); phones join with `phone(name)`."""

    def __init__(self, data_dir=None, game="ferrocarril", house=True, **options):
        options.setdefault("bot_delay", 0)
        options.setdefault("sweep", False)
        options.setdefault("synchronous_push", True)
        # bots in this process, even with real timers
        options.setdefault("brains", LocalBrains())
        self.app, self.socketio = create_app(data_dir=data_dir, **options)
        self.lobby = self.app.extensions["sobremesa"]
        self.tv = self.socketio.test_client(self.app)
        self.key = self.lobby.house_key
        reply = self.tv.emit("create_room", {"game": game,
                                             "house_key": self.key if house else None},
                             callback=True)
        assert reply["ok"] and reply["house"] is house, reply
        self.code, self.host_token = reply["room"], reply["host_token"]

    @property
    def room(self):
        return self.lobby.rooms[self.code]

    def phone(self, name, token=None):
        client = self.socketio.test_client(self.app)
        reply = client.emit("join", {"room": self.code, "name": name, "token": token},
                            callback=True)
        assert reply["ok"], reply
        client.token = reply["token"]
        client.seat_id = reply["seat_id"]
        return client

    def host(self, command, **args):
        return self.tv.emit("host", {"room": self.code, "host_token": self.host_token,
                                     "command": command, "args": args}, callback=True)

    def house(self, command, client=None, key=None, **args):
        """A house command, with the house key (or `key`), from the TV (or `client`)."""
        return (client or self.tv).emit("house", {"key": self.key if key is None else key,
                                                  "command": command,
                                                  "args": args}, callback=True)

    def act(self, client, action):
        return client.emit("action", {"room": self.code, "token": client.token,
                                      "action": action}, callback=True)


def states(client):
    return [m["args"][0] for m in client.get_received() if m["name"] == "state"]


# What the server adds to a state payload around the game's view; none of it comes from the game.
SERVER_FIELDS = {"room", "links", "you", "game", "host", "server_time", "history"}
HOUSE_FIELDS = SERVER_FIELDS | {"house"}
YOU_FIELDS = {"seat_id", "name", "color", "index"}


def assert_payload_is_the_view(h, payload, index, house=False):
    """A state payload holds exactly the reader's `view()` (seat `index`, None for the TV) plus
    the server's own fields (and the house's notices for a screen with the house key), so the
    engine's secrecy tests (tests/engine/test_contract.py) cover what the server sends too."""
    assert set(payload) == (HOUSE_FIELDS if house else SERVER_FIELDS)
    if index is None:
        assert payload["you"] is None
    else:
        assert set(payload["you"]) == YOU_FIELDS and payload["you"]["index"] == index
    game = h.room.game
    assert payload["game"] == (None if game is None else game.view(index))


@pytest.fixture(autouse=True)
def seeded_games(request, monkeypatch):
    """Every test deals its games from seeds its name fixes: a deal a test does not expect fails
    it on every run, not once in a hundred."""
    rng = random.Random(zlib.crc32(request.node.nodeid.encode()))
    monkeypatch.setattr(host_commands, "new_seed", lambda: rng.getrandbits(32))


@pytest.fixture
def harness():
    return Harness()


class ManualScheduler:
    """Collects the server's delayed tasks (timers, bot moves) so a test runs them when it wants."""

    def __init__(self):
        self.tasks = []

    def __call__(self, fn, delay):
        self.tasks.append((delay, fn))

    def run_all(self, limit=10_000):
        """Run tasks (and the tasks they schedule) until none is left; return how many ran."""
        ran = 0
        while self.tasks and ran < limit:
            self.tasks.sort(key=lambda task: task[0])
            _, fn = self.tasks.pop(0)
            fn()
            ran += 1
        return ran


@pytest.fixture
def manual():
    return ManualScheduler()
