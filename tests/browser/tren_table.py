"""Tren Mexicano tables seen on the TV, set up with an explicit deal (engine/tren/deal.py): a
family round well under way (long trains, markers out, a double to cover) and a round about to
end. Abuela's phone sits in seat 0 and computer players fill the other seats; the host must run
with --allow-test-deals. Used by tests/browser/test_tren_tv.py and the screenshots
(tests/browser/screens.py --only tren)."""
from __future__ import annotations

from playwright.sync_api import Page, expect

from engine import dominoes
from engine.dominoes import ALL_TILES
from tests.browser.pages import seat_at_tv

ROUND = 3                 # the engine in the hub: the double 10


def build_trains(lengths: list[int], mexican: int, double_on: int | None) -> dict:
    """Trains of the given lengths from the round's hub (doubles only where asked: seat
    `double_on`'s train ends in one, to cover), the Mexican train, and what is left of the set."""
    hub = dominoes.double(12 - (ROUND - 1))
    pool = [t for t in ALL_TILES if t != hub and not t.is_double]
    doubles = {t.high: t for t in ALL_TILES if t.is_double and t != hub}
    left = {n: sum(t.has(n) for t in pool) for n in range(13)}

    def chain(length: int) -> list:
        end, laid = hub.high, []
        for _ in range(length):
            # the tile from `end` whose other number still has the most tiles left
            options = [t for t in pool if t.has(end)]
            best = max(options, key=lambda t: (left[t.other(end)], -t))
            pool.remove(best)
            left[best.high] -= 1
            left[best.low] -= 1
            laid.append(best)
            end = best.other(end)
        return laid

    trains = [chain(n) for n in lengths]
    mex = chain(mexican)
    if double_on is not None:
        end = _open_end(trains[double_on])
        trains[double_on].append(doubles.pop(end))
    rest = pool + list(doubles.values())
    return {"trains": trains, "mexican": mex, "rest": sorted(rest)}


def _open_end(train: list) -> int:
    end = 12 - (ROUND - 1)
    for t in train:
        end = t.other(end)
    return end


def deal_for(players: int, lengths: list[int], mexican: int, hand: int, *, double_on=None,
             markers=(), turn=0, scores=None, hands_first=None) -> dict:
    """A `_deal` with these trains and `hand` tiles in each hand (`hands_first`: seat -> the
    tiles it must hold, taken first); the rest is the boneyard."""
    built = build_trains(lengths, mexican, double_on)
    rest = built["rest"]
    hands = []
    for seat in range(players):
        wanted = dominoes.parse_all((hands_first or {}).get(seat, ""))
        for t in wanted:
            rest.remove(t)
        hands.append(wanted)
    # deal round the table from the lightest tiles up (the screen's hands stay varied)
    for _ in range(hand):
        for seat in range(players):
            if len(hands[seat]) < hand:
                hands[seat].append(rest.pop(len(rest) // 2 if seat % 2 else 0))
    deal = {"hands": [dominoes.tiles_text(h) for h in hands],
            "trains": [dominoes.tiles_text(t) for t in built["trains"]],
            "mexican": dominoes.tiles_text(built["mexican"]),
            "markers": list(markers), "turn": turn, "dealer": (turn - 1) % players,
            "boneyard": dominoes.tiles_text(rest), "round": ROUND}
    if scores is not None:
        deal["scores"] = scores
    return deal


# Eight at the table: seat 0 (Abuela) must cover the double that ends seat 7's train, seats 2
# and 5 have their markers out, some trains are long, one has not started.
EIGHT = deal_for(8, [9, 4, 12, 2, 7, 0, 5, 3], 8, 4, double_on=7, markers=[2, 5], turn=0,
                 scores=[31, 12, 54, 8, 40, 27, 19, 33])
FOUR = deal_for(4, [10, 6, 13, 3], 7, 9, double_on=3, markers=[1], turn=0,
                scores=[14, 38, 22, 9])

# A round about to end (four or eight at the table): Robotina (seat 1, the first computer)
# holds one tile, which fits her own train, and plays it: the others' hands stay for the
# round's end.
ENDING = deal_for(4, [5, 3, 6, 2], 4, 6, turn=1, scores=[20, 35, 11, 40])


def _ending(deal: dict, seat: int = 1) -> dict:
    """The deal with `seat`'s hand down to one tile that fits its own train."""
    deal = dict(deal)
    hands = [dominoes.parse_all(h) for h in deal["hands"]]
    end = _open_end(dominoes.parse_all(deal["trains"][seat]))
    boneyard = dominoes.parse_all(deal["boneyard"])
    fits = next(t for t in boneyard if t.has(end))
    boneyard.remove(fits)
    boneyard += hands[seat]
    hands[seat] = [fits]
    deal["hands"] = [dominoes.tiles_text(h) for h in hands]
    deal["boneyard"] = dominoes.tiles_text(boneyard)
    return deal


ENDING = _ending(ENDING)
ENDING_8 = _ending(deal_for(8, [6, 3, 8, 2, 5, 1, 4, 3], 5, 5, turn=1,
                            scores=[20, 35, 11, 40, 26, 8, 51, 17]))


def _fuller(deal: dict, seat: int, more: int) -> dict:
    """The deal with `more` tiles of the boneyard in `seat`'s hand (a hand that drew a lot)."""
    boneyard = deal["boneyard"].split()
    hands = [h.split() for h in deal["hands"]]
    hands[seat] += boneyard[:more]
    return {**deal, "hands": [" ".join(h) for h in hands], "boneyard": " ".join(boneyard[more:])}


# Eight at the table with full hands at the round's end: ten tiles each (the deal with eight,
# as the 15-12-10 table has it), Tuerca (seat 3) fourteen; Robotina plays her last tile.
FULL_8 = _fuller(_ending(deal_for(8, [1, 0, 1, 0, 1, 0, 1, 0], 0, 10, turn=1,
                                  scores=[20, 35, 11, 40, 26, 8, 51, 17])), 3, 4)


def open_room(host, tv: Page, abuela: Page, players: int, deal: dict, options=None,
              timeout_ms: int = 10000) -> None:
    """The TV opens a room for Tren Mexicano, Abuela's phone sits down, computer players fill
    the seats, the deal is set and the game starts."""
    tv.set_default_timeout(timeout_ms)
    abuela.set_default_timeout(timeout_ms)
    seat_at_tv(host, tv, "tren", [(abuela, "Abuela")], players, {**(options or {}), "_deal": deal})
    # the table, or already the round's end or the podium (a last tile played before the TV drew)
    expect(tv.locator(".tren-arm, .round-over, .podium")).not_to_have_count(0)
    tv.wait_for_timeout(500)                 # the trains folded (fitTrains after the last view)


# The Mexican train's label against its box: what it needs and what it has, and its words'
# boxes (one per line) against the train's own box.
MEXICAN_LABEL = """() => {
  const arm = document.querySelector('.tren-arm.mexican');
  const label = arm.querySelector('.arm-label');
  const range = document.createRange();
  range.selectNodeContents(label.querySelector('.arm-name'));
  const box = arm.getBoundingClientRect();
  const words = [...range.getClientRects()];
  return {text: label.textContent, need: label.scrollWidth, has: label.clientWidth,
          left: Math.min(...words.map((r) => r.left)) - box.left,
          right: box.right - Math.max(...words.map((r) => r.right))};
}"""


def assert_mexican_label_fits(page: Page) -> dict:
    label = page.evaluate(MEXICAN_LABEL)
    text = label["text"]
    assert label["need"] <= label["has"], f"{text!r} needs {label['need']} px of {label['has']}"
    assert label["left"] >= 0 and label["right"] >= 0, f"{text!r} runs out of its box: {label}"
    return label
