"""`kill -9` of the real host at awkward moments, then a restart: during a ¡Compro! window,
during a working-copy edit, and after the podium. Versions never go back, the window keeps the
time it had left, the edit is still there, and the finished game is still shown."""
import os
import time
from pathlib import Path

import pytest

from engine.ferrocarril.rules import DEAL_SHOW_SECONDS
from tests.live import Host, RawSocket, children_of, room_with

pytestmark = pytest.mark.slow      # each test starts and kills a real host


@pytest.fixture
def host(tmp_path):
    server = Host(tmp_path, "--bot-delay", "0", "--round-end-seconds", "0")   # games of bots only
    yield server
    server.kill()
    assert "Traceback" not in server.log(), server.log()


def newest(client, timeout=3.0):
    """The newest state that arrived within 0.3 s, or else the first one within `timeout` (the
    bots think at SCHED_IDLE: on a busy machine they may not move for a while)."""
    client._next(lambda f: False, 0.3)          # collect what has arrived
    if not client.states():
        client._next(lambda f: f.startswith('42["state"'), timeout)
    states = client.states()
    assert states, "no state arrived"
    return states[-1]


def rejoin(host, code, token):
    phone = RawSocket(host.url)
    reply = phone.call("join", {"room": code, "token": token}, timeout=5)
    assert reply["ok"], reply
    return phone


def test_a_kill_during_the_buy_window_resumes_it_with_the_time_it_had_left(host):
    tv, code, token, phones = room_with(host, "ferrocarril", ["Abuela", "Tío"],
                                        {"buy_seconds": 10})
    before = newest(tv)
    seen = time.monotonic()
    assert before["room"]["timers"][0]["name"] == "buy_window"
    left_then = before["room"]["timers"][0]["remaining"]
    time.sleep(4.0)
    version = newest(phones[0])["room"]["version"]
    gone = time.monotonic() - seen             # at least 4 s; more on a loaded machine
    host.restart()
    watcher = RawSocket(host.url)
    assert watcher.call("watch", {"room": code, "host_token": token})["ok"]
    state = newest(watcher)
    timer = state["room"]["timers"][0]
    # The round's first window: 10 s to answer after the deal's DEAL_SHOW_SECONDS.
    assert timer["name"] == "buy_window" and timer["seconds"] == 10 + DEAL_SHOW_SECONDS
    # What was left at the kill, give or take: the downtime is not counted.
    assert left_then - gone - 1.0 <= timer["remaining"] <= left_then - 4.0 + 0.5, (timer, gone)
    assert state["room"]["version"] > version
    back = rejoin(host, code, phones[0].token)
    assert newest(back)["room"]["version"] > version


def test_a_kill_during_a_working_copy_edit_keeps_the_edit(host):
    tv, code, token, phones = room_with(host, "manipulacion", ["Abuela", "Tío"])
    game = newest(tv)["game"]
    mover = phones[game["turn"]]
    hand = newest(mover)["game"]["hand"]
    reply = mover.call("action", {"room": code, "token": mover.token, "action": {
        "type": "move", "card": hand[0], "from": "hand", "to": "new"}})
    assert reply["ok"], reply
    copy = newest(mover)["game"]["copy"]
    assert copy["steps"] == 1
    host.restart()
    back = rejoin(host, code, mover.token)
    assert newest(back)["game"]["copy"] == copy
    assert newest(back)["game"]["hand"] == newest(mover)["game"]["hand"]


def test_a_finished_game_is_still_there_after_a_kill(host):
    tv, code, token, phones = room_with(host, "ferrocarril", ["Abuela"], bots=["facil"])
    assert tv.call("host", {"room": code, "host_token": token, "command": "to_bot",
                            "args": {"seat": phones[0].seat_id}})["ok"]
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        state = newest(tv)
        if state["room"]["status"] == "finished":
            break
        tv.frames.clear()
    assert state["room"]["status"] == "finished"
    result = state["game"]["result"]
    host.restart()
    back = rejoin(host, code, phones[0].token)
    final = newest(back)
    assert final["room"]["status"] == "finished" and final["game"]["result"] == result


def test_the_bots_process_thinks_apart_and_goes_when_the_host_is_killed(host):
    tv, code, token, phones = room_with(host, "ferrocarril", ["Abuela"], bots=["normal"])
    def niced():
        return [pid for pid in children_of(host.process.pid)
                if os.getpriority(os.PRIO_PROCESS, pid) > os.getpriority(os.PRIO_PROCESS, 0)]
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline and not niced():
        time.sleep(0.2)
    assert niced(), "the bots think in a child process, at a lower priority than the host"
    bots = children_of(host.process.pid)
    host.kill()
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and any(Path(f"/proc/{pid}").exists() for pid in bots):
        time.sleep(0.2)
    assert not any(Path(f"/proc/{pid}").exists() for pid in bots)
    host.start()
