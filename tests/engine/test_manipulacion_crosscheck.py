"""The solver against an independent exhaustive search on 500 seeded random small instances
(0-15 table cards, 1-6 hand cards, every rule set and ace rule, jokers of each rule, Tahití's
loose cards), and 100 more where jokers are freed (most groups hold one, the hand holds their
real cards): the same best value and fewest groups changed, the same hint (fewest groups
changed, rearranging needed or not), and every play it returns legal — each group valid,
old table + placed cards = new table, the joker rules kept (by our referee and, when present,
by the game's own check)."""
from __future__ import annotations

from collections import Counter

import pytest

from engine.manipulacion.melds import NAMED, check_group, parse_all
from engine.manipulacion.rulesets import RULESETS
from engine.manipulacion.solver import Play, solve_best, solve_hint
from engine.manipulacion.solver.hints import hint_by_model
from engine.manipulacion.solver.instance import prepare
from tests.engine.manipulacion_bruteforce import analyse, check_play, random_instance

try:
    from engine.manipulacion.commit import check_play as game_check
except ImportError:          # the game's module is optional here
    game_check = None

INSTANCES = 500
FREEING_INSTANCES = 100
CHUNK = 100


def legal(rules, table, hand, loose, play: Play) -> None:
    limit = rules.max_jokers_per_group
    for g in play.table:
        check_group(g, rules.ace, limit)
    check_play(rules, table, hand, loose, play)
    if game_check is not None:
        game_check(rules, table, loose, hand, [list(g) for g in play.table], list(play.loose))


@pytest.mark.slow
@pytest.mark.parametrize("start,freeing",
                         [(s, False) for s in range(0, INSTANCES, CHUNK)]
                         + [(s, True) for s in range(0, FREEING_INSTANCES, CHUNK)])
def test_solver_agrees_with_exhaustive_search(start, freeing):
    for seed in range(start, start + CHUNK):
        rules, table, hand, loose = random_instance(seed, freeing)
        expected = analyse(rules, table, hand, loose)
        play = solve_best(rules, table, hand, loose)
        hint = solve_hint(rules, table, hand, loose)
        slow = hint_by_model(prepare(rules, table, hand, loose))
        where = f"seed {seed}{' freeing' if freeing else ''} ({rules.name})"
        assert (None if play is None else (play.value, play.groups_changed)) \
            == expected["best"], where
        for h in (hint, slow):
            assert (None if h is None else (len(h.groups), h.needs_rearranging)) \
                == expected["hint"], where
        for p in [play] + [h.play for h in (hint, slow) if h is not None]:
            if p is not None:
                legal(rules, table, hand, loose, p)
        if hint is not None:
            assert hint.card in hint.play.placed and hint.groups == hint.play.changed, where


@pytest.mark.slow
def test_instances_cover_every_rule_and_joker_situation():
    seen = Counter()
    for seed in range(INSTANCES):
        rules, table, hand, loose = random_instance(seed)
        seen[rules.name] += 1
        jokers = [x - NAMED for g in table for x in g if x >= NAMED]
        on_table = Counter(x for g in table for x in g if x < NAMED)
        seen["table jokers"] += bool(jokers)
        seen["hand jokers"] += 0 in hand
        seen["loose"] += bool(loose)
        seen["joker's card in hand"] += any(j in hand for j in jokers)
        seen["joker's card absent"] += any(not on_table[j] for j in jokers)
    assert len([k for k in seen if k in {r.name for r in RULESETS.values()}]) == len(RULESETS)
    for situation in ("table jokers", "hand jokers", "loose", "joker's card in hand",
                      "joker's card absent"):
        assert seen[situation] >= 20, situation


def test_referee_rejects_broken_plays():
    rules = RULESETS["carrusel"]
    table = [parse_all("5s *5d 5c 5h"), parse_all("Js Qs Ks")]
    hand = parse_all("8s 9s")
    broken = [
        # the joker renamed with no real 5d on the table
        ("a joker rule is broken",
         Play(tuple(hand), (tuple(parse_all("5s 5c 5h")), tuple(parse_all("8s 9s *10s Js Qs Ks"))),
              (), (0, 1), 17)),
        # a table card lost
        ("old table [+] placed != new table",
         Play(tuple(hand), (tuple(parse_all("5s *5d 5c")), tuple(parse_all("8s 9s *10s"))),
              (), (0, 1), 17)),
        # an invalid group
        ("invalid group",
         Play(tuple(hand), (tuple(parse_all("5s *5d 5c 5h")), tuple(parse_all("8s 9s Js Qs Ks"))),
              (), (1,), 17)),
    ]
    for reason, play in broken:
        with pytest.raises(AssertionError, match=reason):
            check_play(rules, table, hand, [], play)
