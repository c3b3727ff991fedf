"""The domino tiles (static/js/pieces/dominoes.js): every tile of the double-12 set drawn with
as many pips on each half as its number, each number in its own colour, or in digits; named in
words as the engine's messages name them."""
from __future__ import annotations

DRAW_ALL = """async (digits) => {
  const { tileEl } = await import("/static/js/pieces/dominoes.js");
  const out = [];
  for (let a = 0; a <= 12; a++) for (let b = 0; b <= a; b++) {
    for (const orientation of ["across", "along"]) {
      const node = tileEl(`${a}-${b}`, { orientation, digits });
      document.body.append(node);
      const box = node.viewBox.baseVal;
      const halves = [0, 0], colours = [new Set(), new Set()], digitsSeen = ["", ""];
      const side = (x, y) => (orientation === "across" ? x >= 100 : y >= 100) ? 1 : 0;
      for (const c of node.querySelectorAll("circle")) {
        const i = side(+c.getAttribute("cx"), +c.getAttribute("cy"));
        halves[i] += 1; colours[i].add(c.getAttribute("fill"));
      }
      for (const t of node.querySelectorAll("text[data-number]")) {
        digitsSeen[side(+t.getAttribute("x"), +t.getAttribute("y"))] = t.textContent;
      }
      out.push({ code: `${a}-${b}`, orientation, wide: box.width > box.height, halves,
                 colours: colours.map((s) => [...s]), digits: digitsSeen,
                 label: node.getAttribute("aria-label"), tile: node.dataset.tile });
      node.remove();
    }
  }
  return out;
}"""


def test_every_tile_has_its_numbers_pips_on_each_half(tv, host):
    tv.goto(host.url + "/")
    drawn = tv.evaluate(DRAW_ALL, False)
    assert len(drawn) == 91 * 2
    colour_of = {}
    for tile in drawn:
        a, b = map(int, tile["code"].split("-"))
        assert tile["halves"] == [a, b], tile
        assert tile["wide"] == (tile["orientation"] == "across")
        assert tile["tile"] == tile["code"]
        for number, colours in zip((a, b), tile["colours"], strict=True):
            if number:
                assert len(colours) == 1
                colour_of.setdefault(number, colours[0])
                assert colour_of[number] == colours[0]
    assert len(set(colour_of.values())) == 12      # a colour of its own for each number


def test_the_digits_option_writes_each_number(tv, host):
    tv.goto(host.url + "/")
    drawn = tv.evaluate(DRAW_ALL, True)
    for tile in drawn:
        a, b = map(int, tile["code"].split("-"))
        assert tile["halves"] == [0, 0]
        assert tile["digits"] == [str(a) if a else "", str(b) if b else ""], tile


NAMES = """async () => {
  const d = await import("/static/js/pieces/dominoes.js");
  return [d.theTile("12-7"), d.theTile("7-12", "en"), d.theTile("9-9"), d.theTile("0-0"),
          d.tileName("9-9"), d.tileName("0-0", "en"), d.theTiles(["5-3", "6-6"]),
          d.numberName(0), d.numberName(8, "en"), d.tileEl("9-4").getAttribute("aria-label"),
          d.parseTile("13-1"), d.parseTile("<b>"),
          d.sortTiles(["3-1", "9-9", "9-4", "12-0", "2-2"]),
          d.sortTiles(["3-1", "9-9", "9-4", "12-0"], "pips")];
}"""


def test_tiles_are_named_in_words(tv, host):
    tv.goto(host.url + "/")
    assert tv.evaluate(NAMES) == [
        "el 12-7", "the 12-7", "el doble 9", "el doble blanco", "doble 9", "double blank",
        "el 5-3 y el doble 6", "un blanco", "an 8", "9-4", None, None,
        ["12-0", "9-9", "9-4", "3-1", "2-2"], ["9-9", "9-4", "12-0", "3-1"]]
