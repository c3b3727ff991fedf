"""The bytes a phone moves from the QR scan to a hand on screen: every HTTP response as it came
over the wire (headers and compressed body, Chrome's own `encodedDataLength`), plus the
Socket.IO frames up to the state that draws the hand, counted apart. Used by test_page_weight.py
and `scripts/bench page` (which runs `main`)."""
from __future__ import annotations

import tempfile
from pathlib import Path

from playwright.sync_api import expect, sync_playwright

from tests.browser.pages import open_table
from tests.live import Host

BUDGET = 100_000          # bytes: HTTP responses and Socket.IO frames together


class Meter:
    """Sums what Chrome's DevTools protocol reports for one page."""

    def __init__(self, page):
        self.responses: dict[str, dict] = {}
        self.http = 0
        self.frames = 0
        self.counting_frames = True
        cdp = page.context.new_cdp_session(page)
        cdp.on("Network.responseReceived", self._response)
        cdp.on("Network.loadingFinished", self._finished)
        cdp.on("Network.webSocketFrameReceived", self._frame)
        cdp.on("Network.webSocketFrameSent", self._frame)
        cdp.send("Network.enable")

    def _response(self, event):
        response = event["response"]
        headers = {k.lower(): v for k, v in response["headers"].items()}
        self.responses[event["requestId"]] = {
            "url": response["url"], "bytes": 0, "status": response["status"],
            "encoding": headers.get("content-encoding", "")}

    def _finished(self, event):
        size = int(event["encodedDataLength"])
        self.http += size
        self.responses.setdefault(event["requestId"], {"url": "?", "status": 0, "encoding": ""})[
            "bytes"] = size

    def _frame(self, event):
        if not self.counting_frames:
            return
        payload = event["response"]["payloadData"]
        self.frames += len(payload.encode())
        # The first state with a game in it is the one that draws the hand: what comes after
        # it (a computer player's move, under load before the hand is seen) is the game going on.
        if payload.startswith('42["state"') and '"game":{' in payload:
            self.counting_frames = False

    def table(self) -> str:
        rows = sorted(self.responses.values(), key=lambda r: -r.get("bytes", 0))
        return "\n".join(f"{r['bytes']:>8}  {r['status']}  {r['encoding'] or '-':5} {r['url']}"
                         for r in rows)

    def summary(self) -> str:
        return (f"{self.http + self.frames:,} bytes ({self.http:,} in {len(self.responses)} "
                f"HTTP responses, {self.frames:,} in Socket.IO frames)")


def phone_to_hand(host, tv, new_phone, timeout_ms: int = 20000) -> Meter:
    """Abuela scans the room's QR code, sits down, the game starts: her hand is on screen."""
    meters: list[Meter] = []
    _, abuela = open_table(host, tv, new_phone, timeout_ms,
                           watch=lambda page: meters.append(Meter(page)))
    expect(abuela.locator(".hand-card").first).to_be_visible()
    meter = meters[0]
    meter.counting_frames = False     # what comes next is the game going on (a bot's move)
    # a phone's browser reads the manifest too (to offer "add to home screen"); headless
    # Chromium does not, so it is fetched here to count it
    abuela.evaluate("""async () => {
        const manifest = document.querySelector("link[rel=manifest]");
        if (manifest) await (await fetch(manifest.href)).text();
    }""")
    abuela.wait_for_load_state("networkidle")   # but every file the page asked for counts
    return meter


def main() -> None:
    from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS
    with tempfile.TemporaryDirectory() as folder, sync_playwright() as playwright:
        host = Host(Path(folder), "--bot-delay", "0.3")
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            tv = browser.new_context(viewport={"width": 1920, "height": 1080}).new_page()
            meter = phone_to_hand(host, tv, lambda: browser.new_context(
                **playwright.devices["Pixel 7"]).new_page())
            print(meter.table())
            print(f"phone page, QR scan to a hand on screen: {meter.summary()}; "
                  f"budget {BUDGET:,}")
        finally:
            browser.close()
            host.kill()


if __name__ == "__main__":
    main()
