"""bench/reading.py: how often difícil's honest choice is the one it makes seeing every hand."""
import random
from collections import Counter

from bench import reading
from bench.peek import knowing
from bench.strength import moves_made
from engine.registry import GAMES
from engine.search import SURE, Judged


def test_the_positions_are_the_same_whoever_searches_and_a_blind_peek_always_agrees(monkeypatch):
    job = ("tren", 2, 5, {"rounds": 1}, 3, False, None)
    seeing = reading.positions_of(job)
    assert len(seeing["agree"]) == len(seeing["cpu_ms"]) > 3
    for agree, (mine, theirs), cost in zip(seeing["agree"], seeing["left"], seeing["cost"],
                                           strict=True):
        assert cost == 0.0 if agree else (mine or theirs) and cost is not None
    for agree, (mine, _), j in zip(seeing["agree"], seeing["left"], seeing["judged"],
                                   strict=True):
        # remade at the engine's own bar, the honest choice is the one it made
        again = reading.choice_at(j["honest"], SURE)
        assert (again != 0) == mine and (again == j["seeing_chose"]) == agree
    monkeypatch.setattr(reading, "peeking", lambda rules, game: None)
    blind = reading.positions_of(job)
    assert len(blind["agree"]) == len(seeing["agree"])      # the same positions
    assert blind["kinds"] == seeing["kinds"] and len(seeing["kinds"]) == len(seeing["agree"])
    assert all(blind["agree"])                              # the same search, the same choice
    assert blind["cost"] == [0.0] * len(blind["agree"])


def test_seeing_every_hand_changes_some_choices():
    jobs = [("tren", 4, seed, {"rounds": 1}, 4, False, None) for seed in range(3)]
    agree = [a for job in jobs for a in reading.positions_of(job)["agree"]]
    assert len(agree) > 10 and not all(agree)


def test_the_ceiling_pits_the_seeing_search_against_itself_with_other_worlds(monkeypatch, capsys):
    """With --ceiling both searches at a position see every hand (the honest one does not),
    and the report says what was measured."""
    job = ("tren", 2, 5, {"rounds": 1}, 3)
    peeks = []
    real = reading.peeking
    monkeypatch.setattr(reading, "peeking",
                        lambda rules, game: (peeks.append(rules), real(rules, game)))
    plain = reading.positions_of((*job, False, None))
    assert len(peeks) == len(plain["agree"]) and "ceiling" not in plain
    peeks.clear()
    record = reading.positions_of((*job, True, None))
    assert record["ceiling"] is True and len(record["agree"]) == len(plain["agree"])
    assert len(peeks) == 2 * len(record["agree"]) and peeks[0] is not peeks[1]
    reading.show("tren", 2, reading.summary([record]), ceiling=True)
    assert "two seeds of the seeing search choose alike" in capsys.readouterr().out


def test_two_labels_pair_position_by_position():
    base = {"game": "tren", "players": 4, "options": {}, "every": 1}
    kept = [dict(base, seed=1, label="a", agree=[True, False, True]),
            dict(base, seed=1, label="b", agree=[True, True, False]),
            dict(base, seed=2, label="a", agree=[False]),
            dict(base, seed=3, label="b", agree=[True])]          # met by one label only
    v = reading.versus(kept, "a", "b")
    assert v["positions"] == 3 and v["only_first"] == 1 and v["only_second"] == 1
    assert v["first"] == v["second"] == 2 / 3
    s = reading.summary([dict(base, agree=[True, False], cpu_ms=[10.0, 30.0])])
    assert s["positions"] == 2 and s["share"] == 0.5 and s["cpu"] == (20.0, 10.0)


def test_a_kind_names_the_moves_compared_normals_first():
    assert reading.kind_of([{"type": "pass"}, {"type": "buy"}]) == "pass/buy"
    assert reading.kind_of([{"type": "salir"}, {"type": "discard", "card": "5H"},
                            {"type": "discard", "card": "KS"}]) == "salir/discard"
    assert reading.kind_of([{"type": "discard", "card": "5H"},
                            {"type": "discard", "card": "KS"}]) == "discard"


def test_the_cost_is_the_seeing_searchs_own_difference_of_means():
    buy, keep = {"type": "buy"}, {"type": "pass"}
    judged = [Judged(keep, (1.0, 3.0)), Judged(buy, (10.0, 20.0))]
    assert reading.cost_of(judged, keep, buy) == 13.0
    assert reading.cost_of(judged, buy, keep) == -13.0     # the seeing search chose on its margin
    assert reading.cost_of(judged, buy, buy) == 0.0
    assert reading.cost_of(judged, {"type": "draw"}, buy) is None


def test_the_kinds_report_sums_where_the_disagreements_and_their_stakes_are(capsys):
    base = {"game": "ferrocarril", "players": 4, "options": {}, "every": 1, "seed": 1}
    kept = [dict(base, agree=[True, False, False, False, True],
                 kinds=["pass/buy", "pass/buy", "buy/pass", "discard", "discard"],
                 left=[[False, False], [False, True], [True, False], [True, True],
                       [False, False]],
                 cost=[0.0, 30.0, 10.0, None, 0.0]),
            dict(base, seed=2, agree=[False])]          # before kinds were kept: left out
    rows = {row["kind"]: row for row in reading.by_kind(kept)}
    assert rows["pass/buy"] == {"kind": "pass/buy", "positions": 2, "disagree": 1,
                                "honest_kept": 1, "seeing_kept": 0, "both_left": 0,
                                "cost": 30.0}
    assert rows["buy/pass"]["seeing_kept"] == 1 and rows["buy/pass"]["cost"] == 10.0
    assert rows["discard"]["both_left"] == 1 and rows["discard"]["cost"] == 0.0
    assert [row["kind"] for row in reading.by_kind(kept)][0] == "pass/buy"   # the costliest
    reading.show_kinds(kept)
    out = capsys.readouterr().out
    assert "pass/buy: 2 positions, 1 disagree (50.0%)" in out and "75% of all" in out


def test_a_choice_remade_at_another_bar_follows_the_margins():
    rows = [[5.0, None, 40], [9.0, 1.5, 40], [7.0, 2.5, 40], [12.0, 1.9, 12]]  # the last dropped
    assert reading.choice_at(rows, 2.0) == 2
    assert reading.choice_at(rows, 1.0) == 1            # the best mean above the bar
    assert reading.choice_at(rows, 3.0) == 0
    assert reading.choice_at([[5.0, None, 3], [9.0, 9.0, 3]], 1.0, least_worlds=4) == 0
    judged = [Judged({"type": "pass"}, (0.0, 1.0, 0.0, 1.0)),
              Judged({"type": "buy"}, (2.0, 3.0, 2.0, 3.5))]
    rows = reading.rows_of(judged)
    assert rows[0] == [0.5, None, 4] and rows[1][0] == 2.625 and rows[1][1] > 2


def test_bars_count_agreements_departures_and_cost_by_kind(capsys):
    judged = {"honest": [[0.0, None, 40], [3.0, 1.5, 40]],
              "seeing": [[0.0, None, 40], [20.0, 4.0, 40]], "seeing_chose": 1}
    kept = [{"game": "ferrocarril", "players": 4, "agree": [False], "kinds": ["pass/buy"],
             "judged": [judged]}]
    low, high = reading.at_bars(kept, [1.0, 2.0])["pass/buy"]
    assert (low["agree"], low["left"], low["cost"], low["gain"]) == (1, 1, 0.0, 20.0)
    assert (high["agree"], high["left"], high["cost"], high["gain"]) == (0, 0, 20.0, 0.0)
    reading.show_bars(kept, [1.0, 2.0])
    out = capsys.readouterr().out
    assert "2.0 SE: 0.0% / 0 / 20.0 / +0.0" in out and "1.0 SE: 100.0% / 1 / 0.0 / +20.0" in out
    again = reading.at_bars(kept * 2, [1.0])["pass/buy"][0]
    assert again["gain"] == 40.0 and again["gain_95"] == 0.0     # two alike: no spread


def test_knowing_the_discard_pile_keeps_every_card_once_and_the_rest_dealt_as_before():
    cls = GAMES["ferrocarril"]
    game = cls.new(4, None, 7)
    normal = [cls.make_bot("normal", s, 7) for s in range(4)]
    for n, (seat, _, action, _, _) in enumerate(moves_made(game, normal)):
        game.apply(seat, action)
        if n > 60 and len(game.discard) > 6 and game.phase == "draw" and game.window is None:
            break
    seat = (game.turn + 1) % 4
    view = game.view(seat)
    honest = cls.make_bot("dificil", seat, 7).rules
    told = cls.make_bot("dificil", seat, 7).rules
    knowing(told, game, "discard")
    for k in range(5):
        plain, known = honest.world(view, random.Random(k)), told.world(view, random.Random(k))
        assert known.discard == game.discard and plain.discard != game.discard
        assert known.audit(full_deck=True) == []
        assert known.hands[seat] == game.hands[seat] and known.table == plain.table
        # only the cards of the true pile and those they were swapped with moved
        moved = sum((Counter(a) - Counter(b)).total() for a, b in zip(
            [*plain.hands, plain.stock], [*known.hands, known.stock], strict=True))
        assert moved <= len(game.discard)


def test_a_reading_knowing_a_place_says_so_in_its_record():
    record = reading.positions_of(("ferrocarril", 2, 5, {}, 40, False, "discard"))
    assert record["knows"] == "discard" and record["agree"]


def test_knowing_canastas_pile_keeps_every_card_once():
    cls = GAMES["canasta"]
    game = cls.new(4, None, 3)
    normal = [cls.make_bot("normal", s, 3) for s in range(4)]
    for seat, _, action, _, _ in moves_made(game, normal):
        game.apply(seat, action)
        if len(game.pile) > 12 and game.phase == "draw":
            break
    seat = (game.turn + 1) % 4
    told = cls.make_bot("dificil", seat, 3).rules
    knowing(told, game, "pile")
    for k in range(12):
        world = told.world(game.view(seat), random.Random(k))
        assert world.pile == game.pile and world.audit(full_deck=True) == []
