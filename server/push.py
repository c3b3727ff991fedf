"""Who is connected to which room, and delivery of each client's newest state.

"Latest state wins": when a room changes, each of its clients with nothing on the way gets the
new state at once, built under the room's lock (so never half-updated); a client that still
has a state waiting in the transport is only marked, and its own sender thread builds the
newest state once the transport has taken the previous one. However fast a room changes, a
client has at most one state waiting, and it is always the newest version: no queue grows
under load, and no client receives an older version after a newer one.

In `synchronous` mode (Flask-SocketIO's test client) every state is built and sent at once in
the caller's thread, so tests see exactly one state per change.
"""
from __future__ import annotations

import logging
import threading
from dataclasses import dataclass
from typing import Callable

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Client:
    room: str
    kind: str                 # "tv" or "seat"
    seat_id: str | None = None
    host: bool = False        # runs its room's host commands
    house: bool = False       # holds the house key: sees the house's notices
    watcher: str | None = None   # a phone «Solo mirar»: its id in the room's watchers


Build = Callable[[Client], "dict | None"]        # the state for a client, None: it has no seat
Emit = Callable[[str, dict, str], None]          # (event, data, sid)
Drained = Callable[[str], None]                  # blocks until the transport took what was sent
Backlog = Callable[[str], bool]                  # something is still waiting to go to sid


class Outbox:
    """One client's sender. A change is sent at once by the thread that made it when nothing
    is on its way to this client; otherwise it is marked, and the outbox's own thread sends
    the newest state once the transport has taken the previous one."""

    def __init__(self, sid: str, deliver: Callable[[str], None], backlog: Backlog,
                 drained: Drained):
        self.sid = sid
        self._deliver = deliver
        self._backlog = backlog
        self._drained = drained
        self._wake = threading.Condition()
        self._dirty = False
        self._busy = False
        self._closed = False
        threading.Thread(target=self._run, name=f"push-{sid[:8]}", daemon=True).start()

    def send_or_mark(self) -> None:
        with self._wake:
            if self._busy or self._dirty or self._backlog(self.sid):
                self._dirty = True
                self._wake.notify()
                return
            self._busy = True
        try:
            self._deliver(self.sid)
        finally:
            with self._wake:
                self._busy = False
                self._wake.notify()

    def close(self) -> None:
        with self._wake:
            self._closed = True
            self._wake.notify()

    def _run(self) -> None:
        while True:
            with self._wake:
                while not self._closed and (not self._dirty or self._busy):
                    self._wake.wait()
                if self._closed:
                    return
                self._busy = True
            try:
                self._drained(self.sid)          # the previous state has left; changes coalesce
                with self._wake:
                    self._dirty = False
                self._deliver(self.sid)
            except Exception:
                log.exception("sending a state to %s failed", self.sid)
            finally:
                with self._wake:
                    self._busy = False


class Pusher:
    def __init__(self, build: Build, emit: Emit, drained: Drained | None = None,
                 backlog: Backlog | None = None, *, synchronous: bool = False):
        self._build = build
        self._emit = emit
        self._backlog = backlog or (lambda sid: False)
        self._drained = drained or (lambda sid: None)
        self.synchronous = synchronous
        self._lock = threading.Lock()
        self._clients: dict[str, Client] = {}
        self._outboxes: dict[str, Outbox] = {}

    # ----- the clients table --------------------------------------------------------------

    def bind(self, sid: str, client: Client) -> Client | None:
        """`sid` is now `client`; returns what it was before."""
        with self._lock:
            old = self._clients.get(sid)
            self._clients[sid] = client
            if not self.synchronous and sid not in self._outboxes:
                self._outboxes[sid] = Outbox(sid, self._deliver, self._backlog, self._drained)
        return old

    def unbind(self, sid: str) -> Client | None:
        with self._lock:
            outbox = self._outboxes.pop(sid, None)
            client = self._clients.pop(sid, None)
        if outbox:
            outbox.close()
        return client

    def client(self, sid: str) -> Client | None:
        with self._lock:
            return self._clients.get(sid)

    def of_room(self, code: str) -> list[tuple[str, Client]]:
        with self._lock:
            return [(sid, c) for sid, c in self._clients.items() if c.room == code]

    def count(self, code: str) -> int:
        return len(self.of_room(code))

    # ----- sending ------------------------------------------------------------------------

    def room(self, code: str) -> None:
        """The room changed: every client of it gets the newest state."""
        for sid, _ in self.of_room(code):
            if self.synchronous:
                self._deliver(sid)
            else:
                with self._lock:
                    outbox = self._outboxes.get(sid)
                if outbox:
                    outbox.send_or_mark()

    def event(self, sid: str, event: str, data: dict) -> None:
        """A one-off event for one client (not a state)."""
        self._emit(event, data, sid)

    def _deliver(self, sid: str) -> None:
        client = self.client(sid)
        if client is None:
            return
        data = self._build(client)
        if data is None:
            self.unbind(sid)
            self._emit("kicked", {"room": client.room}, sid)
            return
        self._emit("state", data, sid)
