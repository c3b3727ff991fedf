"""Long-polling POST bodies, checked before engineio reads them.

engineio decodes a polling POST (`Socket.handle_post_request`) outside any guard of its own: a
body that is not UTF-8, holds more than 16 packets, an empty packet or a packet type that is no
digit makes it log "post request handler error" with a traceback (and answer 200). A
Content-Length that is no number is a traceback too, and "-1" reads until the client hangs up.
Here each of those is a 400 and one line, and the session goes on.
"""
from __future__ import annotations

import io
import re

from engineio import payload

ENGINEIO_PATH = "/socket.io/"        # Flask-SocketIO's default, which the app keeps
SEPARATOR = "\x1e"                   # between the packets of one polling body (Engine.IO v4)
# A browser's engine.io-client sends, in one POST, the packets queued while its previous POST
# was on its way: our pages ask one thing per tap and wait for the answer, so a real batch is a
# pong and a few events. 16 is also engineio's own limit, past which it raises.
MAX_PACKETS = 16
LENGTH = re.compile(r"[0-9]{1,9}")


def is_polling_post(environ: dict) -> bool:
    """A long-polling client's message (engineio takes every transport but WebSocket by POST)."""
    return environ.get("REQUEST_METHOD") == "POST" \
        and environ.get("PATH_INFO", "").startswith(ENGINEIO_PATH)


def check_body(environ: dict, max_bytes: int) -> str | None:
    """None when engineio can read the body (put back for it to read again), else why not."""
    length = environ.get("CONTENT_LENGTH") or ""
    if not LENGTH.fullmatch(length):
        return "no plain Content-Length"
    if int(length) > max_bytes:
        return f"{length} bytes, over {max_bytes}"
    body = environ["wsgi.input"].read(int(length))
    environ["wsgi.input"], environ["CONTENT_LENGTH"] = io.BytesIO(body), str(len(body))
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError:
        return "not UTF-8"
    packets = text.count(SEPARATOR) + 1
    if packets > MAX_PACKETS:
        return f"{packets} packets, over {MAX_PACKETS}"
    try:
        payload.Payload(encoded_payload=text)      # engineio's own reading, as it will do it
    except Exception as error:          # noqa: BLE001 - whatever engineio would have raised
        return f"unreadable ({type(error).__name__})"
    return None


def bad_request(start_response) -> list[bytes]:
    # Werkzeug closes every connection after its answer, reading away a body left unread.
    start_response("400 BAD REQUEST", [("Content-Type", "text/plain")])
    return [b"Bad request"]
