"""The TV's top bar at 1920×1080 with the longest things it says: every piece of the game's line
whole (nothing cut, nothing under the room's code), and still large enough to read from the
sofa. Below it, the feed's fade is the panel's lower quarter: its few first lines stay whole."""
import pytest
from playwright.sync_api import expect

from tests.browser.pages import seat_at_tv

MEASURE = """() => {
  const bar = document.getElementById('topbar-game');
  const room = document.getElementById('topbar-room').getBoundingClientRect();
  const pieces = [...bar.querySelectorAll('*')]
    .filter((el) => el.getBoundingClientRect().width > 0);
  const cut = pieces.filter((el) => el.scrollWidth > el.clientWidth + 1 && el.clientWidth > 0)
    .map((el) => el.className + ': ' + el.textContent);
  const right = Math.max(...pieces.map((el) => el.getBoundingClientRect().right));
  const turn = bar.querySelector('.turn-pill');
  return {cut, right, roomLeft: room.left, text: bar.textContent,
          turnPx: turn ? parseFloat(getComputedStyle(turn).fontSize)
                         * (parseFloat(turn.style.zoom) || 1) : 0};
}"""

FEED = """() => {
  const feed = document.querySelector('.feed');
  const list = feed.querySelector('ol').getBoundingClientRect();
  const items = [...feed.querySelectorAll('.feed-item')].map((el) => el.getBoundingClientRect());
  const inner = feed.getBoundingClientRect().bottom
    - parseFloat(getComputedStyle(feed).paddingBottom);
  return {list: list.height, gapBelow: inner - list.bottom,
          faded: items.filter((box) => box.bottom > list.top + 0.75 * list.height).length,
          items: items.length, itemsHeight: items.reduce((sum, box) => sum + box.height, 0)};
}"""


@pytest.mark.parametrize("game, players", [("ferrocarril", 5), ("tren", 8), ("canasta", 6),
                                           ("manipulacion", 5)])
def test_the_games_line_in_the_top_bar_is_whole_and_clear_of_the_room_code(
        host, tv, new_phone, game, players):
    tv.set_default_timeout(10000)
    phone = new_phone()
    seat_at_tv(host, tv, game, [(phone, "Bombilla Ramírez Gil")], players, {})  # 20: the longest
    # the computer players play up to the longest name's turn, which waits for its phone
    expect(tv.locator("#topbar-game .turn-pill")).to_contain_text("Bombilla", timeout=30000)
    tv.wait_for_timeout(300)
    found = tv.evaluate(MEASURE)
    assert found["cut"] == [], found
    assert found["right"] <= found["roomLeft"], found
    assert found["turnPx"] >= 24, found                    # 2.2% of the height, from the sofa
    feed = tv.evaluate(FEED)
    assert feed["items"] >= 1 and feed["gapBelow"] <= 2, feed    # the list reaches its bottom
    if feed["itemsHeight"] < 0.6 * feed["list"]:
        assert feed["faded"] == 0, feed                     # a short feed is read whole
    if game == "ferrocarril":
        assert "1.ª vuelta: aún no se sale" in found["text"]
