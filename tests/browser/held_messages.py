"""One phone's WebSocket routed through the test (Playwright): the host's messages to it wait
while `holding`, then go in order on `release()`, as a slow network or the few milliseconds of
a race would hold them."""
from __future__ import annotations

from typing import Callable

ACK = "43"          # Socket.IO over Engine.IO: a message (4) that answers a call (3)


def answers(message) -> bool:
    """Only the host's answers to the phone's calls (not its pushed states)."""
    return isinstance(message, str) and message.startswith(ACK)


class HeldMessages:
    def __init__(self, page, which: Callable[[object], bool] = lambda message: True):
        self.holding = False
        self.which = which
        self.held: list = []
        page.route_web_socket("**/socket.io/**", self.route)

    def route(self, ws) -> None:
        server = ws.connect_to_server()
        ws.on_message(server.send)

        def from_host(message) -> None:
            if self.holding and self.which(message):
                self.held.append((ws, message))
            else:
                ws.send(message)
        server.on_message(from_host)

    def release(self) -> None:
        self.holding = False
        for ws, message in self.held:
            ws.send(message)
        self.held.clear()
