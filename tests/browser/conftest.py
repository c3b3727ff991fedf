"""Browser tests: the real host in a subprocess and Debian's Chromium driven by Playwright."""
import os
import shutil
from pathlib import Path

import pytest

from tests.live import Host

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                 "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]

HERE = Path(__file__).resolve().parent


def pytest_collection_modifyitems(items):
    """Every browser test is slow (a host and Chromium): `-m "not slow"` leaves them out."""
    for item in items:
        if HERE in item.path.parents:
            item.add_marker(pytest.mark.slow)


# How long an expect() waits by default (Playwright's own is 5 s): the tests run two at a time
# on two cores, and a page under that load can take longer to show a state than 5 s.
EXPECT_MS = 10000


@pytest.fixture(autouse=True)
def patient_expectations():
    from playwright.sync_api import expect
    expect.set_options(timeout=EXPECT_MS)
    yield


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
