"""The last resort for plain HTTP: a bug in a route, or in what runs around it (a URL converter,
an after_request hook), answers a short 500 and leaves one line in the host's log: the method,
the path, the exception's type and message. Never a traceback: the host's window is read by a
family, and one line is what they can copy into a report."""
from __future__ import annotations

import json
import logging

from flask import Flask, Response, request
from werkzeug.exceptions import HTTPException

from server.room import RoomError

log = logging.getLogger(__name__)
LONGEST = 160            # characters of the path, and of the message, kept in the line


def printable(text: str) -> str:
    """`text` cut short, with newlines and other control characters as "?": one line stays one."""
    return "".join(ch if ch.isprintable() else "?" for ch in text[:LONGEST])


def one_line(error: BaseException) -> str:
    path = request.full_path.removesuffix("?")
    return f"{request.method} {printable(path)} failed: {type(error).__name__}: " \
           f"{printable(str(error))}"


def server_error() -> Response:
    body = {"ok": False, "error": RoomError.of("server_error").to_dict()}
    return Response(json.dumps(body), status=500, mimetype="application/json")


class QuietFlask(Flask):
    def log_exception(self, exc_info) -> None:
        """Flask calls this for an error outside a route's own code, before answering 500."""
        log.error(one_line(exc_info[1]))


def install(app: Flask) -> None:
    @app.errorhandler(Exception)
    def last_resort(error: Exception):
        if isinstance(error, HTTPException):
            # 404, 405 and the like as Werkzeug words them; a 500 (after log_exception) ours
            return server_error() if error.code == 500 else error
        log.error(one_line(error))
        return server_error()
