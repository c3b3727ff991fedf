"""bench/departures.py: difícil's departures from normal's move, judged again from the true
state over whole rounds."""
import copy

from bench.departures import departures, judge_again, show, whole_rounds
from engine import search
from engine.canasta import hard as canasta_hard
from engine.ferrocarril import hard as ferrocarril_hard
from engine.registry import GAMES


def test_the_horizon_is_lifted_only_while_judging():
    before = canasta_hard.HORIZON
    with whole_rounds("canasta"):
        assert canasta_hard.HORIZON > 1000
    assert canasta_hard.HORIZON == before
    with whole_rounds("ferrocarril"):       # whole rounds already: nothing to lift
        assert not hasattr(ferrocarril_hard, "HORIZON")


def test_a_move_judged_against_itself_gains_nothing_and_the_state_is_left_alone():
    game = GAMES["canasta"].new(2, {}, 3)
    seat = game.turn
    rules = GAMES["canasta"].make_bot("dificil", seat, 3).rules
    before = copy.deepcopy(game.hands)
    diffs = judge_again("canasta", game, rules, [{"type": "draw"}, {"type": "draw"}], 3)
    assert diffs == [0.0, 0.0, 0.0]
    assert game.hands == before and game.phase == "draw"


def test_each_departure_names_its_kind_and_the_gains_in_each_world():
    rows = []
    for seed in range(6):
        rows += list(departures("tren", 2, seed, 2, {"rounds": 1}))
        if rows:
            break
    assert rows, "six one-round games of Tren without a departure from normal's move"
    kind, expected, margin, found = rows[0]
    assert "→" in kind and expected > 0 and len(found) == 2
    assert margin > search.SURE         # normal's move stands unless another is clearly better


def test_departures_are_shown_by_kind_and_by_margin(capsys):
    show([("draw: draw → take_pile", 300.0, 2.2, [100.0, -50.0]),
          ("play: discard → discard", 40.0, 5.0, [10.0, 30.0])])
    out = capsys.readouterr().out
    assert "margin 2–2.5" in out and "margin 4+" in out
    assert "draw: draw → take_pile" in out
    lines = {line.split()[0]: line for line in out.splitlines()[1:]}
    assert lines["all"].split()[1:4] == ["2", "170.0", "22.5"]     # gains 25 and 20


def test_only_the_departures_asked_for_are_judged():
    for seed in range(6):
        rows = list(departures("tren", 2, seed, 1, {"rounds": 1}))
        if rows:
            break
    assert rows, "six one-round games of Tren without a departure from normal's move"
    what, _, margin, _ = rows[0]
    assert list(departures("tren", 2, seed, 1, {"rounds": 1}, only=what)) == \
        [row for row in rows if row[0] == what]
    assert list(departures("tren", 2, seed, 1, {"rounds": 1}, only="draw: nothing → else")) == []
    assert list(departures("tren", 2, seed, 1, {"rounds": 1}, below=margin)) == \
        [row for row in rows if row[2] < margin]
