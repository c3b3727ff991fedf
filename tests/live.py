"""The real host in a subprocess on a free loopback port, for browser and live tests."""
import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class ForkedProcess:
    """A host forked by the zygote (tests/host_zygote.py): not this process's child, so it is
    watched by its pid, which is gone once the system has reaped it."""

    def __init__(self, pid: int):
        self.pid = pid

    def poll(self):
        try:
            os.kill(self.pid, 0)
        except ProcessLookupError:
            return -signal.SIGKILL
        return None

    def send_signal(self, number: int) -> None:
        try:
            os.kill(self.pid, number)
        except ProcessLookupError:
            pass

    def wait(self, timeout: float):
        deadline = time.monotonic() + timeout
        while self.poll() is None:
            if time.monotonic() > deadline:
                raise subprocess.TimeoutExpired(str(self.pid), timeout)
            time.sleep(0.01)
        return -signal.SIGKILL


class Zygote:
    """One per test process, started at the first host: forks hosts with their imports made."""
    _lock = threading.Lock()
    _process: subprocess.Popen | None = None

    @classmethod
    def fork(cls, module: str, argv: list[str], log: Path) -> ForkedProcess:
        with cls._lock:
            if cls._process is None or cls._process.poll() is not None:
                cls._process = subprocess.Popen(
                    [sys.executable, "-m", "tests.host_zygote"], cwd=ROOT,
                    stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
            request = {"module": module, "argv": argv, "log": str(log)}
            cls._process.stdin.write(json.dumps(request) + "\n")
            cls._process.stdin.flush()
            answer = cls._process.stdout.readline()
        if not answer.strip():
            raise RuntimeError("the tests' host zygote stopped")
        return ForkedProcess(int(answer))


class Host:
    """`python -m server` on a free loopback port; `restart()` kills it hard and starts again.
    `module`: another entry point that runs the server (a test's variant of a game).
    The host is forked from a process that has made its imports already (tests/host_zygote.py),
    unless `own_process`: a test of the command's own process start."""

    def __init__(self, data_dir: Path, *extra: str, module: str = "server",
                 own_process: bool = False):
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.data_dir = data_dir
        self.extra = extra
        self.module = module
        self.own_process = own_process
        self.process = None
        self.start()

    def start(self):
        log = self.data_dir / "host.log"
        argv = ["--port", str(self.port), "--host", "127.0.0.1", "--address", "127.0.0.1",
                "--no-browser", "--no-discovery", "--data-dir", str(self.data_dir), *self.extra]
        if self.own_process:
            with open(log, "ab") as out:
                self.process = subprocess.Popen([sys.executable, "-m", self.module, *argv],
                                                cwd=ROOT, stdout=out, stderr=out)
        else:
            self.process = Zygote.fork(self.module, argv, log)
        deadline = time.time() + 30
        while time.time() < deadline:
            try:
                urllib.request.urlopen(self.url + "/health", timeout=1)
                return
            except OSError:
                time.sleep(0.1)
        raise RuntimeError("the host did not start: " + self.log())

    @property
    def house_key(self) -> str:
        return (self.data_dir / "house.key").read_text().strip()

    @property
    def tv_url(self) -> str:
        """The TV page as the laptop opens it: with the house key."""
        return f"{self.url}/#house={self.house_key}"

    def kill(self):
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=10)

    def restart(self):
        self.kill()
        self.start()

    def log(self) -> str:
        return (self.data_dir / "host.log").read_text(errors="replace")


class RawSocket:
    """A Socket.IO client at the frame level (over a plain WebSocket, one thread, wsproto), to
    send what no well-behaved client library would: broken JSON, odd packet types, reserved
    event names."""

    def __init__(self, url: str):
        from wsproto import ConnectionType, WSConnection
        from wsproto.events import Request
        host, port = url.replace("http://", "").split(":")
        self.sock = socket.create_connection((host, int(port)), timeout=5)
        self.conn = WSConnection(ConnectionType.CLIENT)
        self.sock.sendall(self.conn.send(Request(
            host=host, target="/socket.io/?EIO=4&transport=websocket")))
        self.frames: list[str] = []
        self._pending: list[str] = []
        self._ids = iter(range(100, 10**9))
        self.closed = False
        opened = self._receive(5)
        assert opened and opened.startswith("0"), opened
        self.send("40")
        assert self._next(lambda f: f.startswith("40"), 5), "no Socket.IO connect answer"

    def _receive(self, timeout: float):
        """The next text message, or None on time-out or close."""
        from wsproto.events import CloseConnection, Ping, TextMessage
        deadline = time.monotonic() + timeout
        text = ""
        while not self._pending:
            left = deadline - time.monotonic()
            if left <= 0 or self.closed:
                return None
            self.sock.settimeout(left)
            try:
                data = self.sock.recv(65536)
            except (socket.timeout, OSError):
                return None
            if not data:
                self.closed = True
                return None
            self.conn.receive_data(data)
            for event in self.conn.events():
                if isinstance(event, TextMessage):
                    text += event.data
                    if event.message_finished:
                        self._pending.append(text)
                        text = ""
                elif isinstance(event, Ping):
                    self.sock.sendall(self.conn.send(event.response()))
                elif isinstance(event, CloseConnection):
                    self.closed = True
        return self._pending.pop(0)

    def _next(self, wanted, timeout: float):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            frame = self._receive(max(0.01, deadline - time.monotonic()))
            if frame is None:
                if self.closed:
                    return None
                continue
            if frame == "2":                   # Engine.IO ping
                self.send("3")
                continue
            self.frames.append(frame)
            if wanted(frame):
                return frame
        return None

    def send(self, frame: str) -> None:
        from wsproto.events import TextMessage
        self.sock.sendall(self.conn.send(TextMessage(data=frame)))

    def call_raw(self, body: str, timeout: float = 3.0):
        """Send `42<id><body>`; the decoded answer (a list) or None when none came."""
        import json
        n = next(self._ids)
        self.send(f"42{n}{body}")
        answer = self._next(lambda f: f.startswith(f"43{n}["), timeout)
        return json.loads(answer[len(f"43{n}"):]) if answer else None

    def call(self, event: str, data, timeout: float = 3.0):
        import json
        answer = self.call_raw(json.dumps([event, data]), timeout)
        return answer[0] if answer else None

    def states(self) -> list[dict]:
        import json
        found = []
        for frame in self.frames:
            if frame.startswith("42["):
                event, *args = json.loads(frame[2:])
                if event == "state":
                    found.append(args[0])
        return found

    def close(self) -> None:
        from wsproto.events import CloseConnection
        try:
            self.sock.sendall(self.conn.send(CloseConnection(code=1000)))
        except Exception:
            pass
        self.sock.close()


def room_with(host, game, names, options=None, bots=()):
    """A started room of `game` on a live host: a TV (RawSocket), phones seated by `names`,
    computer players at `bots` levels. Returns (tv, code, host token, phones)."""
    tv = RawSocket(host.url)
    created = tv.call("create_room", {"game": game})
    code, token = created["room"], created["host_token"]
    phones = []
    for name in names:
        phone = RawSocket(host.url)
        reply = phone.call("join", {"room": code, "name": name})
        phone.token, phone.seat_id = reply["token"], reply["seat_id"]
        phones.append(phone)
    command = {"room": code, "host_token": token}
    for level in bots:
        assert tv.call("host", {**command, "command": "add_bot", "args": {"level": level}})["ok"]
    if options:
        assert tv.call("host", {**command, "command": "set_options",
                                "args": {"options": options}})["ok"]
    assert tv.call("host", {**command, "command": "start", "args": {}})["ok"]
    return tv, code, token, phones


def children_of(pid: int) -> list[int]:
    """The processes a live host started (Linux)."""
    found = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        try:
            found += [int(c) for c in (task / "children").read_text().split()]
        except FileNotFoundError:       # a thread that ended meanwhile
            continue
    return found
