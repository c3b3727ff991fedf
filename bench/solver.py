"""How fast the Manipulación solver answers on full-size tables (figures for people, never
asserted in tests).

    python -m bench.solver [--instances 40] [--seed 1] [--jokers 0,1,2,4]

Each category (jokers 0/1/2/4 x ace mode, then Vaticano and Tahití) times `solve_hint` and
`solve_best` on seeded instances: 60-92 table cards in random valid groups from two packs
(+ the jokers), 10-13 hand cards from the rest. A joker goes to the table (named, inside a
group) or to the hand with even odds. A summary then pools the categories by jokers (none,
1-2, 4) and gives the median, p95, p99 and max of each.
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections import Counter
from dataclasses import replace

from engine.cards import JOKER, card
from engine.manipulacion.melds import EITHER, HIGH, LOW, NAMED, RUN, classify
from engine.manipulacion.rulesets import RULESETS, RuleSet
from engine.manipulacion.solver import solve_best, solve_hint

BASE = {HIGH: "manipulacion", LOW: "shanghai", EITHER: "maquiavelo"}


def categories() -> list[tuple[str, RuleSet, int]]:
    out = []
    for ace in (HIGH, LOW, EITHER):
        for jokers in (0, 1, 2, 4):
            rules = RULESETS[BASE[ace]] if jokers == 0 else replace(
                RULESETS["carrusel"], name=f"carrusel-{ace}", ace=ace)
            out.append((f"{ace:<6} jokers {jokers}", rules, jokers))
    out.append(("vaticano jokers 2", RULESETS["vaticano"], 2))
    out.append(("tahiti   jokers 4", RULESETS["tahiti"], 4))
    return out


def instance(rules: RuleSet, jokers: int, seed: int):
    """(table, hand, loose) for one seed."""
    rng = random.Random(seed)
    deck = Counter({int(card(r, s)): 2 for r in range(1, 14) for s in range(4)})
    goal = rng.randint(60, 92)
    table: list[list[int]] = []
    size = misses = 0
    while size < goal and misses < 200:
        group = _random_group(rng, rules.ace)
        if size + len(group) > 92 or any(deck[c] < n for c, n in Counter(group).items()):
            misses += 1
            continue
        deck.subtract(group)
        table.append(group)
        size += len(group)
    hand_jokers = 0
    for _ in range(jokers):
        if rng.random() < 0.5 and _joker_onto_table(rng, rules, table, deck):
            continue
        hand_jokers += 1
    rest = sorted(deck.elements())
    # a 92-card table leaves 12 cards of two packs
    hand = rng.sample(rest, min(rng.randint(10, 13), len(rest))) + [JOKER] * hand_jokers
    loose = []
    if rules.loose_cards:
        for c in hand:
            deck[c] -= 1
        left = sorted(deck.elements())
        loose = rng.sample(left, min(rules.loose_cards, len(left)))
    return table, hand, loose


def _random_group(rng: random.Random, ace: str) -> list[int]:
    while True:
        if rng.random() < 0.4:
            rank = rng.randint(1, 13)
            suits = rng.sample(range(4), rng.choice((3, 4)))
            return [int(card(rank, s)) for s in suits]
        suit, length = rng.randrange(4), rng.randint(3, 6)
        low = rng.randint(1, 15 - length)
        ranks = [r if r <= 13 else 1 for r in range(low, low + length)]
        group = [int(card(r, suit)) for r in ranks]
        if classify(group, ace) == RUN:
            return group


def _joker_onto_table(rng, rules: RuleSet, table: list[list[int]], deck: Counter) -> bool:
    """A joker takes a card's place in a random group (the card goes back to the deck)."""
    limit = rules.max_jokers_per_group
    fits = [g for g in table if limit is None or sum(x >= NAMED for x in g) < limit]
    if not fits:
        return False
    group = rng.choice(fits)
    spots = [i for i, x in enumerate(group) if x < NAMED]
    i = rng.choice(spots)
    deck[group[i]] += 1
    group[i] += NAMED
    return True


SUMMARY = (("no jokers", (0,)), ("1-2 jokers", (1, 2)), ("4 jokers", (4,)))


def _ms(times: list[float], quantiles=(0.95,)) -> str:
    ordered = sorted(times)
    figures = [statistics.median(ordered)]
    figures += [ordered[min(len(ordered) - 1, int(q * len(ordered)))] for q in quantiles]
    return " ".join(f"{t * 1000:8.1f}" for t in figures + [ordered[-1]])


def run(instances: int, seed: int, jokers_wanted=(0, 1, 2, 4), out=sys.stdout) -> None:
    print(f"{instances} instances per category from seed {seed}; milliseconds", file=out)
    print(f"{'category':<20} {'hint: median':>14} {'p95':>8} {'max':>8}   "
          f"{'best: median':>12} {'p95':>8} {'max':>8}  placed  no-play", file=out)
    pooled: dict[int, tuple[list[float], list[float]]] = {}
    for label, rules, jokers in categories():
        if jokers not in jokers_wanted:
            continue
        hint_t, best_t, placed, none = [], [], [], 0
        for i in range(instances):
            table, hand, loose = instance(rules, jokers, seed * 100_003 + i)
            t0 = time.perf_counter()
            solve_hint(rules, table, hand, loose)
            t1 = time.perf_counter()
            best = solve_best(rules, table, hand, loose)
            t2 = time.perf_counter()
            hint_t.append(t1 - t0)
            best_t.append(t2 - t1)
            if best is None:
                none += 1
            else:
                placed.append(len(best.placed))
        mean_placed = statistics.mean(placed) if placed else 0.0
        print(f"{label:<20} {_ms(hint_t):>32}   {_ms(best_t):>30}  {mean_placed:6.1f}  "
              f"{none:7d}", file=out, flush=True)
        pooled.setdefault(jokers, ([], []))
        pooled[jokers][0].extend(hint_t)
        pooled[jokers][1].extend(best_t)
    print(f"\n{'summary':<20} {'hint: median':>14} {'p95':>8} {'p99':>8} {'max':>8}   "
          f"{'best: median':>12} {'p95':>8} {'p99':>8} {'max':>8}", file=out)
    for label, counts in SUMMARY:
        hint_t = [t for k in counts if k in pooled for t in pooled[k][0]]
        best_t = [t for k in counts if k in pooled for t in pooled[k][1]]
        if hint_t:
            name = f"{label} ({len(hint_t)})"
            print(f"{name:<20} {_ms(hint_t, (0.95, 0.99)):>41}   "
                  f"{_ms(best_t, (0.95, 0.99)):>39}", file=out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="scripts/bench solver",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("--instances", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jokers", default="0,1,2,4",
                        help="only the categories with these joker counts (comma-separated)")
    args = parser.parse_args(argv)
    run(args.instances, args.seed, tuple(int(k) for k in args.jokers.split(",")))
    return 0


if __name__ == "__main__":
    sys.exit(main())
