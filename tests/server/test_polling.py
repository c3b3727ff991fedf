"""Long-polling from anyone on the Wi-Fi: a POST to /socket.io/ whose body engineio cannot read
(not UTF-8, too many packets, too long, broken packets) is answered 400 with one short line in
the log, never a traceback, and the session it named goes on working. Through the real app's
WSGI stack (Flask's test client calls app.wsgi_app, so wire.transport_middleware sees it all)."""
import json
import logging
import threading

import pytest
from werkzeug.test import EnvironBuilder, run_wsgi_app

from server import wire
from server.app import create_app
from server.brains import LocalBrains

POLL = "/socket.io/?EIO=4&transport=polling"


@pytest.fixture
def app():
    app, _ = create_app(sweep=False, brains=LocalBrains(), bot_delay=0)
    return app


def within(seconds: float, work):
    """work()'s result; fails, rather than hanging the run, when it does not return in time
    (engineio, refusing an oversized body, waited for good for a poll nobody sends)."""
    done = []
    thread = threading.Thread(target=lambda: done.append(work()), daemon=True)
    thread.start()
    thread.join(seconds)
    assert done, f"no answer in {seconds} s"
    return done[0]


def handshake(web) -> str:
    """An Engine.IO session over long-polling, connected to the default namespace."""
    opened = web.get(POLL).get_data(as_text=True)
    assert opened.startswith("0"), opened
    sid = json.loads(opened[1:])["sid"]
    assert web.post(f"{POLL}&sid={sid}", data=b"40").status_code == 200
    assert web.get(f"{POLL}&sid={sid}").get_data(as_text=True).startswith("40")
    return sid


def asks_and_is_answered(web, sid: str) -> None:
    """The session still works: an event sent by polling gets its answer by polling."""
    event = '421["watch",{"room":"ZZZZ"}]'
    assert web.post(f"{POLL}&sid={sid}", data=event.encode()).status_code == 200
    answer = web.get(f"{POLL}&sid={sid}").get_data(as_text=True)
    assert answer.startswith("431[") and "unknown_room" in answer, answer


UNREADABLE = {
    "not UTF-8": b"\xff\xfe",
    "UTF-8 cut in the middle": "42[\"watch\",{\"room\":\"ñ".encode()[:-1],
    "2,000 packets": b"6\x1e" * 1000,
    "17 packets": b"\x1e".join([b"3"] * 17),
    "an empty packet": b"4\x1e",
    "only separators": b"\x1e\x1e",
    "a packet type that is no number": b"x",
    "a JSONP body without data": b"d=",
    "over 64 KB": b"4" + b"a" * wire.MAX_FRAME,
}


@pytest.mark.parametrize("name", list(UNREADABLE))
def test_an_unreadable_polling_body_is_a_400_and_one_line(app, caplog, name):
    web = app.test_client()
    sid = handshake(web)
    with caplog.at_level(logging.INFO):
        answer = within(10, lambda: web.post(f"{POLL}&sid={sid}", data=UNREADABLE[name]))
    assert answer.status_code == 400
    assert not [r for r in caplog.records if r.exc_info]
    assert "Traceback" not in caplog.text
    assert len(caplog.records) == 1, caplog.text
    [line] = caplog.text.splitlines()
    assert "polling" in line and len(line) < 200
    asks_and_is_answered(web, sid)


@pytest.mark.parametrize("length", ["", "abc", "-1", "99999999999999999999", " 2"])
def test_a_polling_post_without_a_plain_length_is_a_400(app, caplog, length):
    web = app.test_client()
    sid = handshake(web)
    environ = EnvironBuilder(f"{POLL}&sid={sid}", method="POST", data=b"40").get_environ()
    environ["CONTENT_LENGTH"] = length
    with caplog.at_level(logging.INFO):
        _, status, _ = within(10, lambda: run_wsgi_app(app.wsgi_app, environ, buffered=True))
    assert status.startswith("400")
    assert len(caplog.records) == 1 and not caplog.records[0].exc_info
    asks_and_is_answered(web, sid)


def test_a_batch_a_real_client_sends_is_read(app, caplog):
    web = app.test_client()
    sid = handshake(web)
    batch = "\x1e".join(['3'] + [f'42{n}["watch",{{"room":"ZZZZ"}}]' for n in range(15)])
    with caplog.at_level(logging.WARNING):
        assert web.post(f"{POLL}&sid={sid}", data=batch.encode()).status_code == 200
    answers = ""
    while answers.count("unknown_room") < 15:
        answers += web.get(f"{POLL}&sid={sid}").get_data(as_text=True)
    assert not caplog.records
