"""The seats' colours: told apart with any colour vision, never the red of an error, each sent
with the seat's initial and the ink that reads on it; rooms saved with the old palette get the
new one."""
from __future__ import annotations

import itertools
import json
import math

from server.host_commands import MAX_SEATS
from server.palette import COLORS, OLD_COLORS, contrast, initials, ink
from tests.server.conftest import Harness, ManualScheduler, states

DANGER = "#e63946"                 # static/css/base.css --danger: errors and refusals
FELT = "#0f5132"                   # static/css/base.css --felt: the table behind every colour

# Machado, Oliveira & Fernandes (2009), severity 1, on linear RGB.
DICHROMACY = {
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602),
                   (0.004733, 0.691367, 0.303900)),
}


def linear(color: str) -> list[float]:
    def channel(c: float) -> float:
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    return [channel(int(color[i:i + 2], 16) / 255) for i in (1, 3, 5)]


def seen(color: str, vision: str | None) -> list[float]:
    rgb = linear(color)
    if vision is None:
        return rgb
    return [min(1.0, max(0.0, sum(m * c for m, c in zip(row, rgb, strict=True))))
            for row in DICHROMACY[vision]]


def lab(rgb: list[float]) -> tuple[float, float, float]:
    r, g, b = rgb
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116
    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def difference(a: str, b: str, vision: str | None = None) -> float:
    return math.dist(lab(seen(a, vision)), lab(seen(b, vision)))


def hue(color: str) -> float:
    _, a, b = lab(linear(color))
    return math.degrees(math.atan2(b, a)) % 360


def test_every_seat_has_its_own_colour():
    assert len(COLORS) == MAX_SEATS == len(set(COLORS))


def test_any_two_seat_colours_differ_for_every_kind_of_colour_vision():
    for vision in (None, *DICHROMACY):
        closest = min(difference(a, b, vision) for a, b in itertools.combinations(COLORS, 2))
        assert closest >= 20, (vision, closest)
    # the old palette failed this: its red and orange, blue and purple merged
    old = itertools.combinations(OLD_COLORS, 2)
    assert min(difference(a, b, "deuteranopia") for a, b in old) < 20


def test_no_seat_colour_reads_as_the_red_of_an_error():
    for color in COLORS:
        assert difference(color, DANGER) >= 35, color
        for vision in DICHROMACY:
            assert difference(color, DANGER, vision) >= 10, (color, vision)
        chroma = math.hypot(*lab(linear(color))[1:])
        assert chroma < 20 or not (hue(color) < 45 or hue(color) > 345), color


def test_every_colour_stands_out_on_the_felt_or_has_a_light_ring():
    # The chips carry a light ring; only the last (charcoal) relies on it.
    assert sum(contrast(c, FELT) >= 2.4 for c in COLORS) == MAX_SEATS - 1


def test_the_ink_on_each_colour_reads_at_least_4_5_to_1():
    for color in COLORS:
        assert contrast(color, ink(color)) >= 4.4, color


def test_initials_are_one_letter_unless_two_names_share_it():
    assert initials(["Abuela", "Tío", "Nieta"]) == ["A", "T", "N"]
    assert initials(["abuela", "Abuelo", "Tío"]) == ["Ab", "Ab", "T"]
    assert initials(["Álvaro", "Ana"]) == ["Ál", "An"]
    assert initials(["¡Pepe!", "  "]) == ["P", "?"]


def test_the_room_sends_each_seat_its_initial_and_ink():
    h = Harness()
    h.phone("Abuela")
    tio = h.phone("Tío")
    assert h.host("add_bot", level="normal")["ok"]
    seats = states(tio)[-1]["room"]["seats"]
    assert [s["initial"] for s in seats] == ["A", "T", "R"]
    assert [s["color"] for s in seats] == list(COLORS[:3])
    assert all(s["ink"] == ink(s["color"]) for s in seats)


def test_a_room_saved_with_the_old_palette_gets_the_new_colours():
    h = Harness(scheduler=ManualScheduler())
    h.phone("Abuela")
    h.host("add_bot", level="facil")
    record = json.loads(json.dumps(h.room.to_record()))
    for seat, old in zip(record["seats"], OLD_COLORS, strict=False):
        seat["color"] = old
    assert [s.color for s in type(h.room).from_record(record).seats] == list(COLORS[:2])
