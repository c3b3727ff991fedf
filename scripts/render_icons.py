"""Renders static/icons/*.svg to the PNG sizes browsers ask for, with the Chromium the browser
tests already use (no image library needed). Run once after changing a drawing: scripts/icons.
"""
from __future__ import annotations

import shutil
from pathlib import Path

from playwright.sync_api import sync_playwright

ICONS = Path(__file__).resolve().parents[1] / "static" / "icons"
# (drawing, size, file): the manifest's icons, the one iOS uses for the home screen
RENDERS = [("icon.svg", 192, "icon-192.png"), ("icon.svg", 512, "icon-512.png"),
           ("icon-maskable.svg", 512, "icon-maskable-512.png"),
           ("icon-maskable.svg", 180, "apple-touch-icon.png")]


def main() -> None:
    chromium = shutil.which("chromium") or "/usr/bin/chromium"
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium,
                                             args=["--headless", "--no-sandbox"])
        for drawing, size, name in RENDERS:
            page = browser.new_page(viewport={"width": size, "height": size})
            svg = (ICONS / drawing).read_text()
            page.set_content("<style>html,body{margin:0;background:transparent}"
                             "svg{display:block;width:100vw;height:100vh}</style>" + svg)
            page.screenshot(path=str(ICONS / name), omit_background=True)
            page.close()
            print(name, (ICONS / name).stat().st_size, "bytes")
        browser.close()


if __name__ == "__main__":
    main()
