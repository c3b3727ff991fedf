"""Browser tests: the real host in a subprocess and Debian's Chromium driven by Playwright."""
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                 "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]
ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Host:
    """`python -m server` on a free loopback port; `restart()` kills it hard and starts again."""

    def __init__(self, data_dir: Path, *extra: str):
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.data_dir = data_dir
        self.extra = extra
        self.process = None
        self.start()

    def start(self):
        log = open(self.data_dir / "host.log", "ab")
        self.process = subprocess.Popen(
            [sys.executable, "-m", "server", "--port", str(self.port), "--host", "127.0.0.1",
             "--address", "127.0.0.1", "--no-browser", "--no-discovery",
             "--data-dir", str(self.data_dir), *self.extra],
            cwd=ROOT, stdout=log, stderr=log)
        deadline = time.time() + 30
        while time.time() < deadline:
            try:
                urllib.request.urlopen(self.url + "/health", timeout=1)
                return
            except OSError:
                time.sleep(0.1)
        raise RuntimeError("the host did not start: " + self.log())

    def kill(self):
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=10)

    def restart(self):
        self.kill()
        self.start()

    def log(self) -> str:
        return (self.data_dir / "host.log").read_text(errors="replace")


@pytest.fixture
def host(tmp_path):
    server = Host(tmp_path, "--bot-delay", "0.3", "--allow-test-deals")
    yield server
    server.kill()
    assert "Traceback" not in server.log(), server.log()


@pytest.fixture(scope="session")
def browser():
    if not os.path.exists(CHROMIUM):
        pytest.fail("Debian's chromium is needed for the browser tests: apt-get install chromium")
    from playwright.sync_api import sync_playwright
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        browser.devices = playwright.devices
        yield browser
        browser.close()


@pytest.fixture
def tv(browser, host):
    context = browser.new_context(viewport={"width": 1920, "height": 1080})
    page = context.new_page()
    yield page
    context.close()


@pytest.fixture
def new_phone(browser):
    contexts = []

    def make():
        context = browser.new_context(**browser.devices["Pixel 7"])
        contexts.append(context)
        return context.new_page()
    yield make
    for context in contexts:
        context.close()
