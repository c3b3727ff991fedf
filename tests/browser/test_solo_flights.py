"""A computer player's move seen flying on /solo at 1366×768, the laptop: the table stays drawn
all through the flight and the flying piece keeps the size of the pieces on the table.

The player's own seat is handed to the computer (the host's «to_bot»), so that the game runs by
itself; the page still plays that seat and flies only the other seats' moves. Every animation
frame while a piece flies is sampled: the flying piece's size, the table's opacity (its own
times its ancestors') and the pieces on the table that show.

Tren Mexicano once flew a played tile against the whole table (its open end was looked up by
the phone lanes' class, missing from the TV-like table /solo draws at this size): the tile grew
to 1240×620 px and the table was hidden till it landed."""
from __future__ import annotations

import time

import pytest
import socketio
from playwright.sync_api import Page, expect

from tests.browser.pages import host_command, page_in
from tests.browser.solo_games import open_solo_game

WAIT_MS = 10000
LAPTOP = {"width": 1366, "height": 768}
MAX_GROWTH = 1.5     # a flying piece at most this many times the pieces on the table

# Per game: the table (whose opacity must stay whole) and the pieces on it, piles included.
TABLES = {
    "tren": (".tr-middle", ".tr-middle svg.domino"),
    "ferrocarril": (".fc-middle", ".fc-header svg.card, .fc-middle svg.card"),
    "manipulacion": (".mn-middle", ".mn-header svg.card, .mn-middle svg.card"),
}

SAMPLE_FLIGHTS = """([table, pieces]) => {
  window.samples = [];
  const opacity = (el) => {
    let o = 1;
    for (let e = el; e; e = e.parentElement) o *= parseFloat(getComputedStyle(e).opacity);
    return o;
  };
  const side = (r) => Math.max(r.width, r.height);
  // One sample of a flying piece, `at` a painted "frame", or as its flight "starts" and as it
  // "ends" (the finished promise resolves before the finish event that takes the piece away),
  // whatever frames a busy browser dropped.
  const sample = (ghost, at) => {
    const box = document.querySelector(table);
    if (ghost && box) {
      const face = ghost.querySelector("svg") || ghost;
      const shown = [...document.querySelectorAll(pieces)].filter((p) => {
        const r = p.getBoundingClientRect();
        return r.width > 0 && opacity(p) > 0.5;
      });
      const r = face.getBoundingClientRect();
      // The same piece on the table, either way round (a tile on the left reads backwards).
      const code = face.dataset.tile || "";
      const twin = code && [...document.querySelectorAll(pieces)].find((p) =>
        [code, code.split("-").reverse().join("-")].includes(p.dataset.tile));
      const lies = twin ? twin.getBoundingClientRect() : null;
      window.samples.push({
        tile: code, flying: [Math.round(r.width), Math.round(r.height)],
        lies: lies && lies.width ? [Math.round(lies.width), Math.round(lies.height)] : null,
        longest: Math.round(side(r)), table: opacity(box), shown: shown.length,
        biggest: Math.round(Math.max(0, ...shown.map((p) => side(p.getBoundingClientRect())))),
        at,
      });
    }
  };
  const frame = () => {
    sample(document.querySelector(".flying-card"), "frame");
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
  const animate = Element.prototype.animate;
  Element.prototype.animate = function (...args) {
    const flight = animate.apply(this, args);
    if (this.classList.contains("flying-card")) {
      sample(this, "starts");
      flight.finished.then(() => sample(this, "ends"), () => {});
    }
    return flight;
  };
}"""


def solo_entry(host, game: str) -> dict:
    """A new solo game against two computer players, as /solo remembers it."""
    client = socketio.Client()
    client.connect(host.url, transports=["websocket"], wait_timeout=5)
    try:
        reply = client.call("create_solo", {"game": game, "name": "Yo", "bots": ["facil"] * 2,
                                            "options": {}, "fast": False}, timeout=5)
    finally:
        client.disconnect()
    assert reply["ok"], reply
    return {"room": reply["room"], "token": reply["token"], "host_token": reply["host_token"],
            "game": game, "seat_id": reply["seat_id"]}


def watch_the_computer_play(page: Page, host, game: str) -> dict:
    entry = solo_entry(host, game)
    open_solo_game(page, host, entry)
    table, pieces = TABLES[game]
    expect(page.locator(table)).to_be_visible()
    page.evaluate(SAMPLE_FLIGHTS, [table, pieces])
    handed = host_command(host.url, entry["room"], entry["host_token"], "to_bot",
                          {"seat": entry["seat_id"]})
    assert handed == {"ok": True}, handed
    return entry


def flights_seen(page: Page, enough, deadline_s: float = 45) -> list[dict]:
    end = time.monotonic() + deadline_s
    while time.monotonic() < end:
        samples = page.evaluate("window.samples")
        if enough(samples):
            return samples
        page.wait_for_timeout(250)
    return page.evaluate("window.samples")


def whole_flights(samples: list[dict]) -> dict[str, dict[str, list[dict]]]:
    """Each tile seen flying from its start to its end, its samples by `at`, those measured
    against the same tile on the table (the sampler can begin with a tile already in the air,
    and a drawn tile flies face down)."""
    flights: dict[str, dict[str, list[dict]]] = {}
    for s in samples:
        if s["tile"] and s["lies"]:
            flight = flights.setdefault(s["tile"], {"starts": [], "frame": [], "ends": []})
            flight[s["at"]].append(s)
    return {code: {**f, "frames": f["starts"] + f["frame"] + f["ends"]}
            for code, f in flights.items() if f["starts"] and f["ends"]}


@pytest.mark.parametrize("game", ["tren", "ferrocarril", "manipulacion"])
def test_the_table_stays_drawn_and_the_piece_keeps_its_size_while_it_flies(browser, host, game):
    with page_in(browser, WAIT_MS, viewport=LAPTOP) as page:
        watch_the_computer_play(page, host, game)
        samples = flights_seen(page, lambda s: len(s) >= 40)
        assert len(samples) >= 40, f"{len(samples)} frames sampled during the computer's moves"
        hidden = [s for s in samples if s["table"] < 0.99]
        assert not hidden, f"the table faded to {min(s['table'] for s in hidden):.2f} in " \
                           f"{len(hidden)} of {len(samples)} frames: {hidden[:3]}"
        empty = [s for s in samples if s["shown"] == 0]
        assert not empty, f"no piece on the table showed in {len(empty)} frames: {empty[:3]}"
        growth = max(s["longest"] / s["biggest"] for s in samples)
        worst = max(samples, key=lambda s: s["longest"] / s["biggest"])
        assert growth <= MAX_GROWTH, (
            f"a flying piece {worst['flying'][0]}×{worst['flying'][1]} px against "
            f"{worst['biggest']} px for the biggest piece on the table: {growth:.2f}×")


def test_a_computer_players_tile_flies_as_it_then_lies_on_its_train(browser, host):
    """Tren: the played tile lands the size and the way round of the same tile on the table as
    it lay when the flight began, and never flies much bigger than it."""
    with page_in(browser, WAIT_MS, viewport=LAPTOP) as page:
        entry = watch_the_computer_play(page, host, "tren")
        flights_seen(page, lambda s: len(whole_flights(s)) >= 3)
        # Paused (the computer players stop), the last flight lands.
        paused = host_command(host.url, entry["room"], entry["host_token"], "pause", {})
        assert paused == {"ok": True}, paused
        page.wait_for_function("() => !document.querySelector('.flying-card')")
        samples = page.evaluate("window.samples")
        played = whole_flights(samples)
        assert len(played) >= 3, f"tiles seen flying onto the table: {played}"
        for code, flight in played.items():
            # As it lands (sampled as its flight ends: on a busy machine the browser drops
            # frames, and the last one painted can come before the landing, the tile still
            # shrinking), the size and shape of the tile it lands on as it lay when the flight
            # began: a table busy with quick moves can fit itself smaller while a tile is in
            # the air (a 138×69 px landing on a tile then lying 112×56 px).
            (w, h), (lw, lh) = flight["ends"][-1]["flying"], flight["starts"][-1]["lies"]
            assert abs(w - lw) <= 0.15 * lw and abs(h - lh) <= 0.15 * lh, \
                f"{code} landed {w}×{h} px on the same tile lying {lw}×{lh} px"
            longest = max(max(s["flying"]) / max(s["lies"]) for s in flight["frames"])
            assert longest <= MAX_GROWTH, f"{code} flew {longest:.2f}× the tile it lands on"


def test_nothing_flies_in_tren_for_someone_who_asked_for_reduced_motion(browser, host):
    with page_in(browser, WAIT_MS, viewport=LAPTOP, reduced_motion="reduce") as page:
        watch_the_computer_play(page, host, "tren")
        start = page.locator(".tr-middle svg.domino").count()
        page.wait_for_function(    # three tiles played by the computer, none seen flying
            "n => document.querySelectorAll('.tr-middle svg.domino').length >= n + 3",
            arg=start, timeout=30000)
        assert page.evaluate("window.samples.length") == 0


LAID_PIECE = """async () => {
  const { laidPiece } = await import("/static/js/games/tren/table.js");
  const { tileEl } = await import("/static/js/pieces/dominoes.js");
  const train = (key, codes, { folded = 0, endClass = "open-end" } = {}) => {
    const tiles = codes.map((code, i) => tileEl(code, {
      extraClass: [i === codes.length - 1 ? endClass : null, i < folded ? "folded" : null]
        .filter(Boolean).join(" ") || undefined }));
    const area = document.createElement("div");
    area.className = "arm-tiles";
    area.append(...tiles);
    const section = document.createElement("section");
    section.dataset.train = String(key);
    section.append(area);
    return section;
  };
  const root = document.createElement("div");
  root.append(train(1, ["10-4", "4-4", "4-9"]), train("mexican", ["10-6", "6-2"], { folded: 1 }),
              train(2, ["8-3"], { endClass: "tr-end" }));
  document.body.append(root);
  const style = document.createElement("style");
  style.textContent = ".folded { display: none }";
  document.head.append(style);
  const found = (key, code) => laidPiece(root, key, code)?.dataset.tile ?? null;
  return {
    played_then_covered: found(1, "4-4"),
    either_way_round: found(1, "9-4"),
    first: found(1, "10-4"),
    on_another_train: found(2, "4-4"),
    folded_away: found("mexican", "10-6"),
    a_phone_lane_end: found(2, "3-8"),
    no_such_train: found(3, "4-4"),
  };
}"""


def test_a_tile_flies_to_where_it_lies_not_to_a_later_open_end(tv, host):
    """Tren: a push can bring several moves (a double, then the tile covering it): each tile
    flies onto itself on its train, either way round; where it is out of sight (a folded train,
    a phone lane's older tiles) or not found, onto the train's open end."""
    tv.goto(host.url + "/")
    found = tv.evaluate(LAID_PIECE)
    assert found == {
        "played_then_covered": "4-4", "either_way_round": "4-9", "first": "10-4",
        "on_another_train": "8-3", "folded_away": "6-2", "a_phone_lane_end": "8-3",
        "no_such_train": None,
    }
