"""A full disk on the TV, in a real browser: the computer players' moves wait, the TV says why
in words the whole room can read, and once there is room again the notice goes (that play goes
on by itself is tests/server/test_full_disk.py's)."""
import re

from playwright.sync_api import expect

from tests import disks
from tests.browser.pages import add_bots
from tests.live import Host

WAIT_MS = 10000


def test_the_tv_says_the_laptop_is_full_and_play_goes_on_once_there_is_room(browser, tmp_path):
    with disks.small_disk(tmp_path / "disk") as folder:
        host = Host(folder, "--bot-delay", "0.05")
        context = browser.new_context(viewport={"width": 1920, "height": 1080})
        try:
            tv = context.new_page()
            tv.set_default_timeout(WAIT_MS)
            tv.goto(host.url + "/")
            expect(tv.locator(".join-panel .join-url strong")).to_have_text(
                re.compile(r"/j/[A-Z]{4}$"))
            add_bots(tv, 2)
            tv.locator("#start").click()
            expect(tv.locator("body")).to_have_class(re.compile("in-game"))
            filler = disks.fill(folder)
            notice = tv.locator(".storage-notice")
            expect(notice).to_contain_text("No queda espacio en el portátil", timeout=30000)
            # whole on the screen and read from the sofa (measured on the live page: the TV
            # redraws at every state, so one element may be replaced between two reads)
            tv.wait_for_function("""() => {
                const box = document.querySelector('.storage-notice');
                const text = box && box.querySelector('p');
                if (!text) return false;
                const r = box.getBoundingClientRect();
                return r.left >= 0 && r.right <= 1920 && r.top >= 0
                    && parseFloat(getComputedStyle(text).fontSize) >= 20;
            }""")
            filler.unlink()
            expect(notice).to_have_count(0)
        finally:
            context.close()
            host.kill()
        assert "Traceback" not in host.log(), host.log()
