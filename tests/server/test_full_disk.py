"""A full disk loses nothing: a move the file does not take is not made (memory and file never
differ), the player is told why in words, the TV shows the problem, the computer players wait
and go on by themselves once there is room, and a restart finds every game whole. On a small
tmpfs (the tests run as root in CI; skipped where mounting is not allowed)."""
import json

import pytest

from server import play
from tests import disks
from tests.server.conftest import Harness, ManualScheduler, states

DB = "sobremesa.sqlite3"


@pytest.fixture
def small_disk(tmp_path):
    with disks.small_disk(tmp_path / "disk") as folder:
        yield folder


def next_move(h, phones):
    """A legal move for one of the people (passing a buy window, drawing, discarding), or
    None when only a timer can go on."""
    game = h.room.game
    for seat in game.actors():
        if seat is None:
            continue
        view = game.view(seat)
        allowed = view["allowed"]
        for kind in ("pass", "draw"):
            if kind in allowed:
                return phones[seat], {"type": kind}
        if "discard" in allowed:
            return phones[seat], {"type": "discard", "card": view["hand"][0]}
    return None


def saved_moves(h, code):
    return h.lobby.store._db.execute("SELECT count(*) FROM actions WHERE room = ?",
                                     (code,)).fetchone()[0]


def play_until_refused(h, phones, scheduler, limit=4000):
    for _ in range(limit):
        move = next_move(h, phones)
        if move is None:
            scheduler.tasks.sort(key=lambda task: task[0])
            scheduler.tasks.pop(0)[1]()
            continue
        phone, action = move
        reply = h.act(phone, action)
        if not reply["ok"]:
            return phone, action, reply
    raise AssertionError("the disk never filled")


def test_a_move_the_full_disk_does_not_take_is_not_made_and_play_resumes_by_itself(small_disk,
                                                                                  caplog):
    scheduler = ManualScheduler()
    h = Harness(data_dir=small_disk, scheduler=scheduler)
    phones = [h.phone("Abuela"), h.phone("Tío")]
    assert h.host("start")["ok"]
    bots = h.socketio.test_client(h.app)                 # a room of computer players beside it
    other = bots.emit("create_room", {"game": "tren"}, callback=True)
    host = {"room": other["room"], "host_token": other["host_token"]}
    for _ in range(2):
        bots.emit("host", {**host, "command": "add_bot", "args": {"level": "facil"}},
                  callback=True)
    assert bots.emit("host", {**host, "command": "start", "args": {}}, callback=True)["ok"]
    filler = disks.fill(small_disk)

    phone, action, refused = play_until_refused(h, phones, scheduler)
    assert refused["error"]["code"] == "not_saved_full"
    assert "No queda espacio en el portátil" in refused["error"]["es"]
    assert refused["error"]["en"].startswith("The laptop has no space left")
    room = h.room
    assert len(room.game.log) == saved_moves(h, h.code)         # memory is the file
    view = room.game.view(phones.index(phone))
    again = h.act(phone, action)
    assert again["error"]["code"] == "not_saved_full"            # the same answer, not
    assert room.game.view(phones.index(phone)) == view           # "already drawn"

    bot_room = h.lobby.rooms[other["room"]]
    for _ in range(400):                                         # the computers wait
        if not scheduler.tasks:
            break
        scheduler.tasks.sort(key=lambda task: task[0])
        scheduler.tasks.pop(0)[1]()
        assert len(bot_room.game.log) == saved_moves(h, bot_room.code)
    assert h.lobby.store.problem == "full"
    assert states(h.tv)[-1]["storage"] == "full"                 # the TVs tell the host
    assert states(bots)[-1]["storage"] == "full"

    filler.unlink()                                              # room again
    h.lobby.sweep()
    assert h.lobby.store.problem is None and "storage" not in states(h.tv)[-1]
    assert h.act(phone, action)["ok"]
    before = len(bot_room.game.log)
    for _ in range(60):
        scheduler.tasks.sort(key=lambda task: task[0])
        scheduler.tasks.pop(0)[1]()
    assert len(bot_room.game.log) > before                       # they went on by themselves
    logs = {code: [list(move) for move in r.game.log] for code, r in h.lobby.rooms.items()
            if r.game is not None}
    h.lobby.store.close()

    restarted = Harness(data_dir=small_disk, scheduler=ManualScheduler())
    assert restarted.lobby.damaged == {}
    assert [r.getMessage() for r in caplog.records if r.exc_info or r.levelname == "ERROR"] == []
    for code, log in logs.items():
        assert json.loads(json.dumps(restarted.lobby.rooms[code].game.log)) == log


def test_the_computer_waits_a_while_before_trying_a_move_again():
    assert play.RETRY_SAVE >= 2
