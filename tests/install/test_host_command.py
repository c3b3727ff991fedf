"""The host's command as a family meets it: `--version`, the data folder it says it uses, a busy
port taken in its stride (or refused in one line when asked for), and a second start that
opens the running host instead of a second one on the same games."""
import os
import re
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from server import places, ports
from server.version import VERSION
from tests.install.hosts import ROOT, get, start, stop
from tests.live import free_port

HOST = [sys.executable, "-m", "server", "--host", "127.0.0.1", "--address", "127.0.0.1",
        "--no-browser", "--no-discovery"]


def family_env(home: Path) -> dict:
    env = {k: v for k, v in os.environ.items() if not k.startswith("XDG_")}
    return {**env, "HOME": str(home), "PYTHONPATH": str(ROOT)}


def listening(port: int, host: str = "0.0.0.0") -> socket.socket | None:
    """A socket that holds `port` as another program would, or None when it is taken."""
    holder = socket.socket()
    try:
        holder.bind((host, port))
    except OSError:
        holder.close()
        return None
    holder.listen()
    return holder


def printed_url(log: Path, seconds: float = 30) -> int:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        found = re.search(r"http://localhost:(\d+)/", log.read_text(errors="replace"))
        if found:
            return int(found.group(1))
        time.sleep(0.05)
    raise AssertionError(log.read_text(errors="replace"))


def test_the_version_is_printed_and_matches_the_package():
    shown = subprocess.run([*HOST, "--version"], capture_output=True, text=True, cwd=ROOT)
    assert shown.returncode == 0 and shown.stdout.strip() == f"sobremesa {VERSION}"
    assert re.fullmatch(r"\d+\.\d+\.\d+", VERSION)


@pytest.mark.parametrize("platform, expected", [("linux", "sobremesa"), ("darwin", "Sobremesa"),
                                                ("win32", "Sobremesa")])
def test_the_data_folder_is_named_as_each_system_names_its_apps(platform, expected):
    assert places.app_name(platform) == expected


def test_by_default_games_go_to_the_users_data_folder_not_the_current_one(tmp_path, monkeypatch):
    for key in [k for k in os.environ if k.startswith("XDG_")]:
        monkeypatch.delenv(key)
    monkeypatch.setenv("HOME", str(tmp_path))
    assert places.default_data_dir() == tmp_path / ".local" / "share" / "sobremesa"


def test_a_port_asked_for_and_taken_is_one_line_in_spanish_and_english(tmp_path):
    port = free_port()
    holder = listening(port, "127.0.0.1")
    assert holder is not None
    try:
        refused = subprocess.run([*HOST, "--port", str(port), "--data-dir", str(tmp_path)],
                                 capture_output=True, text=True, cwd=tmp_path, timeout=60,
                                 env=family_env(tmp_path))
    finally:
        holder.close()
    assert refused.returncode == 1
    lines = refused.stderr.strip().split("\n")
    assert len(lines) == 1 and "Traceback" not in refused.stderr
    assert f"El puerto {port} está ocupado" in lines[0] and f"Port {port} is in use" in lines[0]
    assert not (tmp_path / "sobremesa.sqlite3").exists()


def hold_two_in_a_row() -> tuple[int, list[socket.socket]]:
    """Two ports next to each other held as another program would, with a free one after."""
    for _ in range(50):
        first = free_port()
        holders = [listening(first + n, "127.0.0.1") for n in range(2)]
        if None not in holders and ports.bindable("127.0.0.1", first + 2):
            return first, holders
        for holder in holders:
            if holder:
                holder.close()
    raise AssertionError("no three free ports in a row on this machine")


def test_choosing_a_port_skips_the_taken_ones_and_gives_up_after_ten():
    first, holders = hold_two_in_a_row()
    try:
        assert ports.choose("127.0.0.1", None, first=first) == first + 2
        with pytest.raises(ports.PortBusy) as busy:
            ports.choose("127.0.0.1", first)
        assert "\n" not in busy.value.sentence()
    finally:
        for holder in holders:
            holder.close()
    many = ports.PortBusy(8000, 8010).sentence()
    assert "8000" in many and "8010" in many and "\n" not in many


@pytest.mark.slow
def test_with_the_usual_port_taken_the_host_takes_the_next_and_says_so(tmp_path):
    holder = listening(ports.DEFAULT_PORT)       # None: something here has it already
    log = tmp_path / "host.log"
    try:
        with open(log, "ab") as out:
            process = subprocess.Popen([*HOST, "--data-dir", str(tmp_path / "data")],
                                       cwd=tmp_path, env=family_env(tmp_path), stdout=out,
                                       stderr=out)
        try:
            port = printed_url(log)
            assert ports.DEFAULT_PORT < port <= ports.DEFAULT_PORT + ports.NEXT_TRIES
            deadline = time.monotonic() + 30
            while time.monotonic() < deadline and process.poll() is None:
                try:
                    if get(f"http://127.0.0.1:{port}/health", 1)[0] == 200:
                        break
                except OSError:
                    time.sleep(0.05)
            status, body = get(f"http://127.0.0.1:{port}/health")
            assert status == 200 and b'"ok":true' in body.replace(b" ", b"")
            printed = log.read_text()
            assert f"http://127.0.0.1:{port}/j" in printed       # the phones' address and QR
            assert "Traceback" not in printed
        finally:
            stop(process)
    finally:
        if holder:
            holder.close()


@pytest.mark.slow
def test_a_second_start_on_the_same_games_opens_the_running_host(tmp_path):
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    data = tmp_path / "data"
    first, _ = start([*HOST, "--port", str(port), "--data-dir", str(data)], cwd=tmp_path,
                     env=family_env(tmp_path), log=tmp_path / "first.log", url=url)
    try:
        second = subprocess.run([*HOST, "--data-dir", str(data)], cwd=tmp_path, timeout=60,
                                env=family_env(tmp_path), capture_output=True, text=True)
        assert second.returncode == 0, second.stderr
        assert f"ya está en marcha / is already running: http://localhost:{port}/" in second.stdout
        assert first.poll() is None and get(url + "/health")[0] == 200
        assert "Partidas guardadas en / games saved in:  " + str(data.resolve()) in \
            (tmp_path / "first.log").read_text()
    finally:
        stop(first)
    assert not (data / "host.json").exists()        # a host that stops takes its mark away


def children(pid: int) -> list[int]:
    found = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        try:
            found += [int(child) for child in (task / "children").read_text().split()]
        except FileNotFoundError:                 # a thread that ended meanwhile
            pass
    return found


@pytest.mark.slow
def test_warnings_are_kept_in_a_log_file_in_the_data_folder_as_well(tmp_path):
    port = free_port()
    data = tmp_path / "data"
    host, _ = start([*HOST, "--port", str(port), "--data-dir", str(data)], cwd=tmp_path,
                    env=family_env(tmp_path), log=tmp_path / "host.log",
                    url=f"http://127.0.0.1:{port}")
    try:
        bots = [child for child in children(host.pid)
                if b"spawn_main" in Path(f"/proc/{child}/cmdline").read_bytes()]
        assert len(bots) == 1
        os.kill(bots[0], 9)                       # the bots' process dies: the host says so
        deadline = time.monotonic() + 20
        kept = ""
        while time.monotonic() < deadline and "bots' process stopped" not in kept:
            time.sleep(0.1)
            kept = (data / "sobremesa.log").read_text(encoding="utf-8")
        assert re.search(r"^\d{4}-\d\d-\d\d .* WARNING server.brains: the bots' process stopped",
                         kept, re.M), kept
    finally:
        stop(host)
