"""The end of the game on a phone (an iPhone 13, the smaller screen), in each of the four games
played to its end (tests/browser/game_ends.py), the table scrolled to its bottom before the last
move: the title («¡Fin de la partida!») shows whole below the bars above it; every row of the
final standings is on the screen at once (Tren Mexicano with eight at the table too); nothing is
wider than the screen nor cut with an ellipsis (Canasta's breakdown, Ferrocarril's header); the
player's record follows the results with no empty band between them. Prints the figures."""
from __future__ import annotations

import os

import pytest

from tests.browser import game_ends
from tests.browser.pages import page_in
from tests.live import ROOT

DEVICES = ["iPhone 13"]      # its 390×664 is smaller either way than a Pixel 7's 412×839
MAX_GAP = 40          # px between the results and the record below them (an empty bar was 62)

# What the end of the game shows, measured: the title's box and whether it shows whole (inside
# the screen and every box that clips it, below the bars above the results, and on top where a
# tap lands); each standings row the same; the widest thing against the screen's width, the
# boxes that scroll sideways, the texts cut with an ellipsis; the band between the results'
# last line (as far as it shows) and the record.
END_SCREEN = """() => {
  const vw = document.documentElement.clientWidth, vh = innerHeight;
  const rect = (el) => el.getBoundingClientRect();
  const clipOf = (el) => {
    let box = {left: 0, top: 0, right: vw, bottom: vh};
    for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
      const s = getComputedStyle(p);
      if (s.overflowX === 'visible' && s.overflowY === 'visible') continue;
      const r = rect(p);
      box = {left: Math.max(box.left, r.left), top: Math.max(box.top, r.top),
             right: Math.min(box.right, r.right), bottom: Math.min(box.bottom, r.bottom)};
    }
    return box;
  };
  const hits = (el, x, y) => { const at = document.elementFromPoint(x, y);
    return !!at && (at === el || el.contains(at)); };
  const whole = (el) => {
    const r = rect(el), c = clipOf(el);
    const inside = r.left >= c.left - 0.5 && r.right <= c.right + 0.5
      && r.top >= c.top - 0.5 && r.bottom <= c.bottom + 0.5;
    const x = r.left + Math.min(12, r.width / 2);
    return inside && hits(el, x, r.top + 2) && hits(el, x, r.bottom - 2);
  };
  const results = document.querySelector('.results');
  const title = results.querySelector('h2');
  const t = rect(title);
  const bars = [...document.querySelectorAll(
      '#topbar, .game-root [class$="-header"], .seat-strip')]
    .filter((el) => el.getClientRects().length && rect(el).bottom <= t.bottom)
    .map((el) => rect(el).bottom);
  const rows = [...results.querySelectorAll('table.standings tbody tr')].map((row) => ({
    name: row.innerText.split('\\n').filter(Boolean).slice(0, 2).join(' '),
    top: Math.round(rect(row).top), bottom: Math.round(rect(row).bottom), whole: whole(row)}));
  const screen = document.querySelector('#screen-game');
  const shown = (el) => el.offsetWidth > 1 && el.getClientRects().length;
  const wider = (el) => el.scrollWidth > el.clientWidth + 1;
  const cuts = (el) => getComputedStyle(el).textOverflow === 'ellipsis';
  const all = [...screen.querySelectorAll('*')].filter(shown);
  const sideways = all.filter((el) => wider(el) && !cuts(el)
    && /(auto|scroll|hidden)/.test(getComputedStyle(el).overflowX))
    .map((el) => `${el.className} ${el.scrollWidth}>${el.clientWidth}`);
  const ellipsed = all.filter((el) => wider(el) && cuts(el)).map((el) => el.textContent.trim());
  const record = rect(document.querySelector('#my-record'));
  const lines = [...results.children].map((el) => Math.min(rect(el).bottom, clipOf(el).bottom));
  return {vw, vh, bars: Math.max(...bars), rows,
          title: {text: title.textContent, top: t.top, bottom: t.bottom, whole: whole(title)},
          widest: document.documentElement.scrollWidth, sideways,
          ellipsed, gap: Math.round(record.top - Math.max(...lines))};
}"""



@pytest.mark.parametrize("device", DEVICES)
@pytest.mark.parametrize("game", list(game_ends.GAMES))
def test_the_end_of_the_game_shows_whole_on_the_phone(game, device, browser, host):
    with page_in(browser, game_ends.WAIT_MS, viewport={"width": 1920, "height": 1080}) as tv, \
            page_in(browser, game_ends.WAIT_MS, **browser.devices[device]) as phone:
        game_ends.play_to_the_end(game, host, tv, phone)
        phone.wait_for_timeout(400)                      # the results' first frame drawn
        found = phone.evaluate(END_SCREEN)
        if os.environ.get("SOBREMESA_SCREENS"):
            phone.screenshot(path=str(ROOT / "docs" / "screens" / f"phone-{game}-game-end.png"))
    rows = found["rows"]
    print(f"\n{game} on {device} ({found['vw']}×{found['vh']}): «{found['title']['text']}» at "
          f"{found['title']['top']:.0f}–{found['title']['bottom']:.0f} px, the bars above end at "
          f"{found['bars']:.0f}; {len(rows)} standings rows from {rows[0]['top']} to "
          f"{rows[-1]['bottom']} px; widest {found['widest']} px; "
          f"gap before the record {found['gap']} px")
    assert found["title"]["top"] >= found["bars"] - 0.5, found["title"]
    assert found["title"]["whole"], found["title"]
    assert len(rows) == {"tren": 8, "ferrocarril": 5, "manipulacion": 5, "canasta": 3}[game]
    assert all(row["whole"] for row in rows), rows
    assert rows[-1]["bottom"] <= found["vh"], rows
    assert found["widest"] <= found["vw"], found["widest"]
    assert not found["sideways"], found["sideways"]
    assert not found["ellipsed"], found["ellipsed"]
    assert 0 <= found["gap"] <= MAX_GAP, found["gap"]
