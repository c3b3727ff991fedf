"""Plain HTTP to a real host, bytes as a client may send them (test_http_fuzz.py tries every
route through Flask's test client; this goes through Werkzeug's server too): each answer is
below 500 and the host's log holds no traceback, one line at most per request."""
import socket

import pytest

from tests.live import Host

pytestmark = pytest.mark.slow      # starts a real host

RAW = [
    b"GET /api/replays/9223372036854775808 HTTP/1.1\r\nHost: x\r\n\r\n",
    b"GET /api/replays/9223372036854775808/views?from=-1&count=99999999 HTTP/1.1\r\n\r\n",
    b"GET /api/replays/1/views?from=%C2%B2&from=1 HTTP/1.1\r\n\r\n",
    b"GET /%ff HTTP/1.1\r\n\r\n",
    b"GET /j/\xff\xfe%00 HTTP/1.1\r\n\r\n",
    b"GET /static/" + b"a" * 5000 + b" HTTP/1.1\r\n\r\n",
    b"GET /static/js/../../../etc/passwd HTTP/1.1\r\n\r\n",
    b"GET /?a=%ff%00&a=2 HTTP/1.1\r\nAccept-Encoding: \xff;q=x\r\nIf-None-Match: \xff\r\n\r\n",
    b"HEAD /history.csv HTTP/1.1\r\n\r\n",
    b"POST /api/rooms HTTP/1.1\r\nContent-Length: -5\r\n\r\n",
    b"BREW /pot HTTP/1.1\r\n\r\n",
    b"GET /" + b"a" * 70_000 + b" HTTP/1.1\r\n\r\n",
]


def status_of(port: int, raw: bytes) -> int:
    with socket.create_connection(("127.0.0.1", port), timeout=5) as sock:
        sock.sendall(raw)
        head = sock.recv(200)
    assert head.startswith(b"HTTP/1."), head
    return int(head.split()[1])


def test_raw_hostile_requests_get_no_server_error_and_no_traceback(tmp_path):
    host = Host(tmp_path, "--no-browser")
    try:
        statuses = [status_of(host.port, raw) for raw in RAW]
    finally:
        host.kill()
    assert all(status < 500 for status in statuses), statuses
    log = host.log()
    assert "Traceback" not in log, log
    lines = [line for line in log.splitlines() if "ERROR" in line or "WARNING" in line]
    assert len(lines) <= len(RAW), lines
