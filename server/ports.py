"""Which port the host listens on. A family does not know what a port is: when the default one
is taken (another program, or a printer's tool), the host quietly takes one of the next few;
only a port asked for explicitly and taken is an error, said in one line."""
from __future__ import annotations

import contextlib
import socket

DEFAULT_PORT = 8000
NEXT_TRIES = 10           # after the default: 8001 … 8010


class PortBusy(Exception):
    def __init__(self, first: int, last: int):
        self.first, self.last = first, last
        super().__init__(self.sentence())

    def sentence(self) -> str:
        if self.first == self.last:
            return (f"El puerto {self.first} está ocupado por otro programa: ciérralo o elige otro "
                    f"con --port. / Port {self.first} is in use by another program: close it "
                    "or choose another with --port.")
        return (f"Los puertos {self.first} a {self.last} están ocupados: elige otro con --port. "
                f"/ Ports {self.first} to {self.last} are all in use: choose another with --port.")


def answers(port: int) -> bool:
    """Whether something already listens on this laptop's `port` (a browser opening
    localhost:`port` would reach it)."""
    with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 0.3):
        return True
    return False


def bindable(host: str, port: int) -> bool:
    """Whether a server could listen on (`host`, `port`) now. On Windows the trial is exclusive:
    there SO_REUSEADDR would let a second program share a port someone listens on."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as trial:
        if hasattr(socket, "SO_EXCLUSIVEADDRUSE"):
            trial.setsockopt(socket.SOL_SOCKET, socket.SO_EXCLUSIVEADDRUSE, 1)
        else:       # as the server will: a port in TIME_WAIT after a restart is free
            trial.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            trial.bind((host, port))
        except OSError:
            return False
    return True


def choose(host: str, port: int | None, first: int = DEFAULT_PORT) -> int:
    """The port to listen on: `port` itself when given (PortBusy when taken), else `first`
    or one of the next NEXT_TRIES."""
    tries = [port] if port is not None else list(range(first, first + NEXT_TRIES + 1))
    for candidate in tries:
        if not answers(candidate) and bindable(host, candidate):
            return candidate
    raise PortBusy(tries[0], tries[-1])
