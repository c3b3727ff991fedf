"""The size search behind Canasta's TV-like table (static/js/core/fit.js): it finds the size a
step-down from the largest finds, whatever size it starts from, and in two layouts (each call
of `fits` is one) when the size found last time is still right, as between two moves."""
from __future__ import annotations

SEARCH = """async () => {
  const { firstThatFits, steps } = await import("/static/js/core/fit.js");
  const sizes = steps(150, 40, 0.94);
  const out = [];
  for (const bound of [10, 40, 41, 77, 120, 149, 150, 200]) {
    const fits = (n) => n <= bound;
    const stepped = sizes.find(fits) ?? sizes[sizes.length - 1];
    for (const guess of [undefined, ...sizes, 999]) {
      let calls = 0;
      const size = firstThatFits(sizes, (n) => { calls += 1; return fits(n); }, guess);
      out.push({ bound, guess: guess ?? null, size, stepped, calls });
    }
  }
  return { sizes, out };
}"""


def test_the_size_a_step_down_finds_from_any_start(tv, host):
    tv.goto(host.url + "/")
    found = tv.evaluate(SEARCH)
    sizes = found["sizes"]
    assert sizes[0] == 150 and sizes[-1] < 40 <= sizes[-2]
    assert all(b == int(a * 0.94) for a, b in zip(sizes, sizes[1:], strict=False))
    for case in found["out"]:
        assert case["size"] == case["stepped"], case
        if case["guess"] == case["stepped"]:
            assert case["calls"] <= 2, case
