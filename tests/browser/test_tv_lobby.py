"""The TV's lobby: Empezar looks at rest until the table has enough players, and a tap on it
then says why; with enough players it is the bright button that starts the game."""
from __future__ import annotations

from playwright.sync_api import expect

WAIT_MS = 10000


def test_empezar_looks_at_rest_until_there_are_enough_players(tv, host):
    tv.set_default_timeout(WAIT_MS)
    tv.goto(host.url + "/")
    start = tv.locator("#start")
    expect(start).to_have_attribute("aria-disabled", "true")
    resting = start.evaluate("b => getComputedStyle(b).backgroundColor")
    start.click(force=True)                    # (Playwright waits for aria-disabled ones)
    expect(tv.locator(".start-row .error")).to_be_visible()       # the host's own reason
    for _ in range(2):
        tv.locator(".add-bot .add").click()
    expect(tv.locator(".seats-panel .seat")).to_have_count(2)
    expect(start).not_to_have_attribute("aria-disabled", "true")
    assert start.evaluate("b => getComputedStyle(b).backgroundColor") != resting


def test_the_chooser_shows_four_big_tiles_each_with_its_emblem(tv, host):
    tv.set_default_timeout(WAIT_MS)
    tv.goto(host.url + "/")
    tiles = tv.locator(".tiles .tile")
    expect(tiles).to_have_count(4)
    expect(tv.locator(".tiles .tile-emblem")).to_have_count(4)
    sizes = tv.evaluate("""() => [...document.querySelectorAll('.tiles .tile')].map((tile) => ({
        height: tile.getBoundingClientRect().height,
        title: parseFloat(getComputedStyle(tile.querySelector('.tile-title')).fontSize),
        emblem: tile.querySelector('.tile-emblem').naturalWidth,
        cut: tile.querySelector('.tile-title').scrollWidth
             > tile.querySelector('.tile-title').clientWidth}))""")
    for size in sizes:
        assert size["height"] >= 0.15 * 1080, size     # was 0.11 (120 px)
        assert size["title"] >= 34.9, size             # 1.75rem, was 1.4rem: read from the sofa
        assert size["emblem"] > 0, size                # the picture loaded
        assert not size["cut"], size
