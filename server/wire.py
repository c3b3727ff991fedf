"""What crosses the wire before any handler sees it: frame size caps, strict JSON, Socket.IO
packets that are either well formed or turned into one harmless "rejected" event.

A client can send anything. python-socketio would log a traceback for broken JSON, deep
nesting, huge integers, an event name that is not a string, or an empty event, and would run
the server's own `disconnect` handler for a client event named "disconnect". Here every such
frame becomes the event `REJECTED`, which the app answers with `malformed` (when the client
asked for an answer) and logs as one short line.
"""
from __future__ import annotations

import functools
import json
import logging
import math
import socket
from collections.abc import Iterable

from flask import request
from socketio import packet as sio_packet
from werkzeug.serving import WSGIRequestHandler

from server import polling

log = logging.getLogger(__name__)

MAX_FRAME = 64 * 1024        # bytes in one message; the largest real one is a few KB
MAX_DEPTH = 12               # nesting of lists and objects; real messages use 4
MAX_DIGITS = 18              # digits of an integer; real ones are seats, versions, seconds
REJECTED = "\x00rejected"    # no client can name a real handler this way: see _reject
RESERVED = frozenset({"connect", "disconnect", "connect_error", "message", "json", "*",
                      REJECTED})


def current_sid() -> str:
    """The Socket.IO client whose event is being handled (Flask-SocketIO sets request.sid)."""
    return request.sid  # type: ignore[attr-defined]


class BadJSON(ValueError):
    pass


def _strict_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise BadJSON("integer too long")
    return int(text)


def _strict_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise BadJSON("number out of range")
    return value


def _constant(name: str):
    raise BadJSON(f"{name} is not JSON")


def _check_depth(value) -> None:
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        children: Iterable
        if isinstance(item, dict):
            children = item.values()
        elif isinstance(item, list):
            children = item
        else:
            continue
        if depth > MAX_DEPTH:
            raise BadJSON("nested too deeply")
        stack.extend((child, depth + 1) for child in children)


class StrictJSON:
    """The `json` module python-socketio uses: standard output, strict input."""

    @staticmethod
    def dumps(*args, **kwargs) -> str:
        return json.dumps(*args, **kwargs)

    @staticmethod
    def loads(text, *args, **kwargs):
        if len(text) > MAX_FRAME:
            raise BadJSON("message too long")
        try:
            value = json.loads(text, parse_int=_strict_int, parse_float=_strict_float,
                               parse_constant=_constant)
        except RecursionError:
            raise BadJSON("nested too deeply") from None
        _check_depth(value)
        return value


class StrictPacket(sio_packet.Packet):
    """A Socket.IO packet that never raises on decode: a bad one becomes a REJECTED event."""

    json = StrictJSON
    uses_binary_events = False      # nothing we send holds bytes: skip walking every payload
    namespace: str | None

    def __init__(self, *args, encoded_packet=None, **kwargs):
        super().__init__(*args, encoded_packet=encoded_packet, **kwargs)
        if encoded_packet is not None and not encoded_packet:
            self._reject("empty packet")

    def decode(self, encoded_packet):
        try:
            attachments = super().decode(encoded_packet)
        except Exception as error:         # noqa: BLE001 - anything a client sends lands here
            return self._reject(str(error) or type(error).__name__)
        if attachments or self.packet_type in (sio_packet.BINARY_EVENT,
                                               sio_packet.BINARY_ACK):
            return self._reject("binary packets are not used")
        if self.packet_type == sio_packet.EVENT:
            data = self.data
            if not isinstance(data, list) or not data or not isinstance(data[0], str):
                return self._reject("an event needs a name")
            if data[0] in RESERVED:
                return self._reject(f"reserved event name {data[0]!r}")
        elif self.packet_type not in (sio_packet.CONNECT, sio_packet.DISCONNECT,
                                      sio_packet.ACK):
            return self._reject("unknown packet type")
        return 0

    def _reject(self, reason: str) -> int:
        self.packet_type = sio_packet.EVENT
        self.namespace = self.namespace if isinstance(self.namespace, str) else None
        packet_id = getattr(self, "id", None)
        if not isinstance(packet_id, int) or not 0 <= packet_id < 2 ** 53:
            self.id = None
        self.data = [REJECTED, reason[:120]]
        self.attachment_count = 0
        return 0


class OneShortLine(logging.Filter):
    """A library's line that quotes what a client sent (engineio's "Invalid session <sid>"):
    printable and cut short, so a client cannot write lines of its own into the host's log."""

    LONGEST = 200

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        if len(message) > self.LONGEST or not message.isprintable():
            short = message if len(message) <= self.LONGEST else message[:self.LONGEST] + "…"
            record.msg, record.args = "".join(ch if ch.isprintable() else "?" for ch in short), ()
        return True


def library_logger(name: str) -> logging.Logger:
    """python-socketio and engineio, given no logger, add a console handler of their own to
    theirs, so each of their lines showed twice (theirs, then the host's). Given their logger,
    they add nothing; errors only, as they would have set it."""
    logger = logging.getLogger(name)
    if logger.level == logging.NOTSET:
        logger.setLevel(logging.ERROR)
    if not any(isinstance(f, OneShortLine) for f in logger.filters):
        logger.addFilter(OneShortLine())
    return logger


def socketio_options() -> dict:
    """Options for Flask-SocketIO's `SocketIO(...)` that make the transport strict."""
    return {"serializer": StrictPacket, "json": StrictJSON,
            "max_http_buffer_size": MAX_FRAME,
            "logger": library_logger("socketio.server"),
            "engineio_logger": library_logger("engineio.server")}


def cap_websocket_frames(socketio) -> None:
    """simple-websocket would read a frame of any size into memory before engineio checks it:
    give it the same cap, so an oversize frame closes the connection at once."""
    eio = socketio.server.eio
    websocket = eio._async.get("websocket")
    if websocket is not None and not isinstance(websocket, functools.partial):
        eio._async["websocket"] = functools.partial(websocket, max_message_size=MAX_FRAME)


def transport_middleware(wsgi_app):
    """Small frames leave at once (no Nagle); a WebSocket whose frames are not Engine.IO at all
    is closed with one log line (engineio decodes its own frame header outside any guard); a
    long-polling body engineio could not read is refused before it gets there (polling.py)."""
    def middleware(environ, start_response):
        if polling.is_polling_post(environ):
            refusal = polling.check_body(environ, MAX_FRAME)
            if refusal is not None:
                log.warning("refused a long-polling message from %s: %s",
                            environ.get("REMOTE_ADDR", "?"), refusal)
                return polling.bad_request(start_response)
        sock = environ.get("werkzeug.socket")
        if sock is not None:
            try:
                sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            except OSError:
                pass
        try:
            return wsgi_app(environ, start_response)
        except ConnectionError:
            raise
        except Exception as error:
            if environ.get("HTTP_UPGRADE", "").lower() != "websocket":
                raise
            log.warning("closed a connection that sent an unreadable frame (%s: %s)",
                        type(error).__name__, str(error)[:80])
            raise ConnectionError() from None
    return middleware


class OneRequestPerWebSocket(WSGIRequestHandler):
    """A finished WebSocket ends its connection: otherwise Werkzeug reads the client's last
    frames as a new HTTP request and logs a 'Bad request' full of binary bytes. Every answer
    names the server in one word, not the versions of Werkzeug and Python (a phone fetches
    some 30 files on its way to a hand: their headers count)."""

    def version_string(self) -> str:
        return "Sobremesa"

    def run_wsgi(self):
        try:
            super().run_wsgi()
        finally:
            if self.headers.get("Upgrade", "").lower() == "websocket":
                self.close_connection = True


class QuietWerkzeug(logging.Filter):
    """Werkzeug's own lines about garbage requests: one short line, printable only."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.levelno >= logging.ERROR and record.exc_info is None:
            message = record.getMessage()
            if "Bad request" in message or "Bad HTTP" in message:
                printable = "".join(ch if ch.isprintable() else "?" for ch in message)
                record.msg, record.args = printable[:160], ()
                record.levelno, record.levelname = logging.WARNING, "WARNING"
        return True
