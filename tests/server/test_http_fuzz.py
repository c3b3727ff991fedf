"""Plain HTTP from anyone on the Wi-Fi: every route the Flask app has, each part of its path
filled with hostile values, odd query strings, odd headers and every method. Each answer is
2xx, 3xx or 4xx and leaves at most one short line in the log, never a traceback."""
import logging
import re

import pytest
from flask import Flask, request

from server.app import create_app
from server.brains import LocalBrains
from tests.server.test_history import played_to_the_end

PLACEHOLDER = re.compile(r"<(?:[^:<>]+:)?[^<>]+>")

HOSTILE_PARTS = [
    "0", "1", "-1", "007", "1e9", "0x10", "+5",
    str(2 ** 31), str(2 ** 63 - 1), str(2 ** 63), str(2 ** 64), str(-2 ** 63 - 1),
    str(10 ** 30), "9" * 5000,
    "é", "ñandú", "😀", "\u202e", "²", "٣", "ABCD", "abcd",
    "%00", "a%00b", "%0A", "%FF", "%C3%28", "%2F", "..", "../../etc/passwd", "a b", "CON",
    "x" * 300, "x" * 5000, "x/" * 200,
]

HOSTILE_QUERIES = [
    "from=-1&count=99999999", "from=0&count=0", "from=0&count=-5", "from=99999999999999",
    "from=²&count=²", "from=٣", "from=" + str(2 ** 63), "from=" + "9" * 5000,
    "from=1&from=2&count=3&count=4", "from=&count=", "from=%00", "from=1%00", "from[]=1",
    "count=1e9", "v=%FF", "v=" + "a" * 5000, "v=1&v=2", "room=%00", "&&&===", "%", "a=%ZZ",
    "q=" + "%E2%80%AE" * 100,
]

HOSTILE_HEADERS = [
    {"Accept-Encoding": "gzip;q=abc"}, {"Accept-Encoding": "*;q=-1, gzip;q=1e400"},
    {"Accept-Encoding": "," * 2000}, {"Accept-Encoding": "gzip;q=0, identity;q=0"},
    {"Accept-Encoding": "ñ"}, {"If-None-Match": '"'}, {"If-None-Match": "W/"},
    {"If-None-Match": "*"}, {"If-None-Match": '"x", ' * 500}, {"If-None-Match": "%00"},
    {"If-Modified-Since": "yesterday"}, {"If-Modified-Since": "Tue, 31 Feb 99999 25:61:61 GMT"},
    {"Range": "bytes=-1"}, {"Range": "bytes=99999999999999999999999-"}, {"Range": "lines=1-2"},
    {"Accept-Language": ";q=x"}, {"Content-Type": "application/json"},
]

METHODS = ["GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS"]


@pytest.fixture(scope="module")
def site():
    """A host with one finished game in the history (so the replay routes reach the store)."""
    h, _ = played_to_the_end("tren")
    [played] = h.lobby.store.played()
    return h, str(played["id"])


def requests(app: Flask, game_id: str):
    """(method, path with query, headers) for every rule of the app."""
    rules = list(app.url_map.iter_rules())
    assert len(rules) > 10, "the app's routes were not found"
    for rule in rules:
        def path(part, rule=rule):
            return PLACEHOLDER.sub(part.replace("\\", "\\\\"), rule.rule)
        plain = path(game_id) if rule.arguments else rule.rule
        if rule.arguments:
            for part in HOSTILE_PARTS:
                yield "GET", path(part), {}
        for query in HOSTILE_QUERIES:
            yield "GET", f"{plain}?{query}", {}
        for headers in HOSTILE_HEADERS:
            yield "GET", plain, headers
        for method in METHODS:
            yield method, plain + "?from=0&count=1", {}


def test_no_path_query_header_or_method_gets_a_server_error_or_a_traceback(site, caplog):
    h, game_id = site
    web = h.app.test_client()
    failures = []
    asked = 0
    with caplog.at_level(logging.INFO):
        for method, path, headers in requests(h.app, game_id):
            before = len(caplog.records)
            answer = web.open(path, method=method, headers=headers)
            answer.close()
            asked += 1
            lines = caplog.records[before:]
            if answer.status_code >= 500 or len(lines) > 1 \
                    or any(r.exc_info or "\n" in r.getMessage() for r in lines):
                failures.append((method, path[:90], headers, answer.status_code,
                                 [r.getMessage()[:200] for r in lines]))
    assert asked > 900
    assert not failures, f"{len(failures)} of {asked} requests failed: {failures[:15]}"
    assert "Traceback" not in caplog.text


@pytest.mark.parametrize("path", ["/api/replays/9223372036854775808",
                                  "/api/replays/9223372036854775808/views",
                                  "/api/replays/100000000000000000000000000000/views"])
def test_a_game_id_beyond_what_the_store_holds_is_unknown(site, path):
    h, _ = site
    answer = h.app.test_client().get(path)
    assert answer.status_code == 404


def app_with_a_bug():
    app, _ = create_app(sweep=False, synchronous_push=True, brains=LocalBrains())

    @app.get("/bug")
    def bug():
        raise RuntimeError("the first line\nand a second one")

    @app.get("/late")
    def late():
        return "fine"

    @app.after_request
    def broken_hook(response):
        if request.path == "/late" and response.status_code == 200:   # not the 500 too
            raise KeyError("late")
        return response
    return app


@pytest.mark.parametrize("path, kind", [("/bug?x=1", "RuntimeError"), ("/late", "KeyError")])
def test_a_bug_in_a_route_is_one_line_in_the_log_and_a_short_500(path, kind, caplog):
    app = app_with_a_bug()
    with caplog.at_level(logging.INFO):
        answer = app.test_client().get(path)
    assert answer.status_code == 500
    assert len(answer.data) < 300 and b"Traceback" not in answer.data
    [record] = caplog.records
    line = record.getMessage()
    assert record.exc_info is None and "\n" not in line and len(line) < 400
    assert line.startswith("GET /") and kind in line
    assert path.split("?")[0] in line
    if kind == "RuntimeError":
        assert "the first line" in line
    assert "Traceback" not in caplog.text
