"""A Sobremesa host started the way a family starts it (the installed `sobremesa` command, the
bundle), checked from outside as a browser and phones would: every page and everything it
links, a room created and joined, computer players that move."""
from __future__ import annotations

import json
import re
import signal
import subprocess
import time
import urllib.error
import urllib.request
from pathlib import Path

import socketio

from server.static_files import as_served

ROOT = Path(__file__).resolve().parents[2]
PAGES = ("/", "/solo", "/j", "/replay")
LINKED = re.compile(r'(?:href|src)="(/static/[^"?]+)(?:\?[^"]*)?"')
IMPORTED = re.compile(r'(?:\bfrom|\bimport)\s*\(?\s*(["`])([^"`]+)\1')
CSS_URL = re.compile(r'url\(\s*["\']?([^"\')]+)["\']?\s*\)')


def get(url: str, timeout: float = 5) -> tuple[int, bytes]:
    try:
        with urllib.request.urlopen(url, timeout=timeout) as answer:
            return answer.status, answer.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()


def start(command: list[str], *, cwd: Path, env: dict, log: Path, url: str,
          seconds: float = 120) -> tuple[subprocess.Popen, float]:
    """The host's process, once its /health answers, and how long that took."""
    began = time.monotonic()
    with open(log, "ab") as out:
        process = subprocess.Popen(command, cwd=cwd, env=env, stdout=out, stderr=out)
    deadline = began + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"the host stopped ({process.returncode}):\n"
                               + log.read_text(errors="replace"))
        try:
            if get(url + "/health", 1)[0] == 200:
                return process, time.monotonic() - began
        except OSError:
            pass
        time.sleep(0.05)
    process.kill()
    raise RuntimeError("the host did not answer:\n" + log.read_text(errors="replace"))


def stop(process: subprocess.Popen) -> None:
    """As Ctrl+C in its terminal stops it (then harder, if it must)."""
    process.send_signal(signal.SIGINT)
    try:
        process.wait(timeout=10)
        return
    except subprocess.TimeoutExpired:
        process.terminate()
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(timeout=10)


def crawl(url: str) -> dict[str, int]:
    """Every page and every file they lead to (stylesheets, scripts and the modules they import,
    each game's screens, manifests and their icons, images in styles): path -> HTTP status."""
    seen: dict[str, int] = {}
    waiting = list(PAGES)
    games: list[str] = []
    while waiting:
        path = waiting.pop()
        if path in seen:
            continue
        status, body = get(url + path)
        seen[path] = status
        if status != 200:
            continue
        text = body.decode("utf-8", errors="replace")
        if path in PAGES:
            waiting += LINKED.findall(text)
            catalogue = re.search(r'<script id="catalogue" type="application/json">(.*?)</script>',
                                  text, re.S)
            if catalogue:
                games = [g["name"] for g in json.loads(catalogue.group(1))]
        elif path.endswith(".js"):
            for _, target in IMPORTED.findall(text):
                for name in games if "${name}" in target else [None]:
                    target_path = target.replace("${name}", name) if name else target
                    if target_path.startswith("."):
                        waiting.append(resolve(path, target_path))
        elif path.endswith(".css"):
            waiting += [resolve(path, t) for t in CSS_URL.findall(text)
                        if not t.startswith(("data:", "#", "http"))]
        elif path.endswith(".webmanifest"):
            waiting += [resolve(path, icon["src"]) for icon in json.loads(text).get("icons", [])]
    return seen


def resolve(base: str, relative: str) -> str:
    parts = base.split("/")[:-1]
    for piece in relative.split("/"):
        if piece == "..":
            parts.pop()
        elif piece not in (".", ""):
            parts.append(piece)
    return "/".join(parts)


def differing_static_files(url: str) -> list[str]:
    """The checkout's static files that the host does not serve byte for byte (as it sends
    them: our scripts without their comment lines)."""
    differ = []
    for path in sorted((ROOT / "static").rglob("*")):
        if path.is_file():
            name = path.relative_to(ROOT / "static").as_posix()
            status, body = get(f"{url}/static/{name}")
            if status != 200 or body != as_served(path, ROOT / "static"):
                differ.append(f"{name} ({status})")
    return differ


def play_a_little(url: str, moves: int = 3, seconds: float = 60) -> dict:
    """The TV opens a room with a computer player; a phone sits down as Abuela; the game starts
    and Abuela's seat is handed to the computer, so that the bots' own process plays on.
    Returns the last state Abuela's phone was sent."""
    tv, phone = socketio.Client(), socketio.Client()
    states: list[dict] = []
    phone.on("state", states.append)
    try:
        tv.connect(url, transports=["websocket"], wait_timeout=10)
        phone.connect(url, transports=["websocket"], wait_timeout=10)
        room = tv.call("create_room", {"game": "tren"}, timeout=10)
        assert room["ok"], room
        code, host_token = room["room"], room["host_token"]
        host = lambda command, **args: tv.call(          # noqa: E731
            "host", {"room": code, "host_token": host_token, "command": command, "args": args},
            timeout=10)
        assert host("add_bot", level="normal")["ok"]
        seat = phone.call("join", {"room": code, "name": "Abuela"}, timeout=10)
        assert seat["ok"], seat
        assert host("start")["ok"]
        assert host("to_bot", seat=seat["seat_id"])["ok"]
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if states and (states[-1].get("room") or {}).get("version", 0) >= moves:
                break
            time.sleep(0.1)
        assert states and states[-1]["room"]["version"] >= moves, states[-1:] or "no state"
        assert states[-1]["you"]["name"] == "Abuela" and states[-1]["game"] is not None
        return states[-1]
    finally:
        tv.disconnect()
        phone.disconnect()
