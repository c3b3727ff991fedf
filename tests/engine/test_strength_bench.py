"""bench/strength.py: the paired difference against normal in the same deals, one game's
record (the share won, the searches' times, the moves that left normal's), and the peeking
searcher of `--peek` (bench/peek.py)."""
import json
import random

import pytest

from bench.peek import peeking
from bench.strength import (
    measure,
    paired,
    parsed_bars,
    play_one,
    play_pair,
    report,
    summarise,
    versus,
)
from engine import search
from engine.registry import GAMES
from engine.search import searching_games


def test_the_paired_difference_is_the_mean_of_the_differences_with_its_interval():
    mean, low, high = paired([1, 0, 1, 1], [0, 0, 1, 0])
    assert mean == pytest.approx(0.5)
    assert low < 0.5 < high and high - 0.5 == pytest.approx(0.5 - low)
    assert paired([1, 0, 0.5], [1, 0, 0.5]) == (0.0, 0.0, 0.0)     # the same games: no doubt


def test_one_game_records_the_seats_share_and_its_searches():
    job = ("tren", 2, 1, 5, {"rounds": 1}, 8, None, None, "dificil", False, None)
    won, thinking, changed, cpu = play_one(job)
    assert won in (0.0, 0.5, 1.0)
    assert thinking and all(t > 0 for t in thinking)
    assert len(cpu) == len(thinking)
    assert all(0 < c < t * 1.5 + 0.05 for c, t in zip(cpu, thinking, strict=True))
    assert 0 <= changed <= len(thinking)
    baseline = play_one(job[:-3] + ("normal", False, None))
    assert baseline[1] == baseline[3] == [] and baseline[2] == 0  # normal never searches


def test_records_of_several_runs_join_by_settings_and_count_a_deal_once(tmp_path):
    job = ("tren", 2, 0, 7, {"rounds": 1}, 8, None, None, True, "abc", False, None)
    first = play_pair(job)
    assert first["label"] == "abc" and first["seed"] == 7 and "baseline" in first
    assert first["won"] in (0.0, 0.5, 1.0) and first["thinking_ms"]
    assert len(first["cpu_ms"]) == len(first["thinking_ms"])
    summary = summarise([first])
    assert summary["cpu_decisions"] == len(first["cpu_ms"])
    assert summary["cpu"][0] <= summary["cpu"][1] <= summary["cpu"][2] == max(first["cpu_ms"])
    other = dict(first, seed=8, seat=1, won=1 - first["won"])
    elsewhere = dict(first, label="xyz")
    a, b = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    a.write_text(json.dumps(first) + "\n" + json.dumps(other) + "\n")
    b.write_text(json.dumps(dict(first, won=0.25)) + "\n" + json.dumps(elsewhere) + "\n")
    joined = report([str(a), str(b)])
    assert [r["games"] for r in joined] == [2, 1]          # seed 7 once; label xyz apart
    assert joined[0]["share"] == pytest.approx(0.5)        # the first record of seed 7 stands
    assert joined[0]["paired"] == 2 and joined[0]["difference"] is not None
    pooled = report([str(a), str(b)], pool=True)
    assert [r["games"] for r in pooled] == [2] and pooled[0]["labels"] == ["abc"]   # seed 7 once
    c = tmp_path / "c.jsonl"
    c.write_text(json.dumps(dict(first, seed=9, label="xyz")) + "\n")
    pooled = report([str(a), str(c)], pool=True)
    assert pooled[0]["games"] == 3 and pooled[0]["labels"] == ["abc", "xyz"]


def test_a_run_appends_each_game_to_its_record(tmp_path):
    path = tmp_path / "run.jsonl"
    result = measure("tren", 2, 2, {"rounds": 1}, 8, 1, first_seed=20, record=str(path))
    lines = [json.loads(line) for line in path.read_text().splitlines()]
    assert [r["seed"] for r in lines] == [20, 21] and [r["seat"] for r in lines] == [0, 1]
    assert result["games"] == 2 and result["share"] == pytest.approx(
        sum(r["won"] for r in lines) / 2)


def test_a_run_with_another_bar_sets_it_for_difícil_alone_and_is_reported_apart(tmp_path,
                                                                              monkeypatch):
    monkeypatch.setattr(search, "BARS", {})
    assert parsed_bars(["pass=0.5", "draw=1"]) == {"pass": 0.5, "draw": 1.0}
    job = ("tren", 2, 0, 7, {"rounds": 1}, 8, None, {"draw": 0.5}, True, "abc", False, None)
    barred = play_pair(job)
    assert barred["bars"] == {"draw": 0.5} and "baseline" in barred
    seen = []
    monkeypatch.setattr(search, "best", lambda judged, least=1, sure=None: (
        seen.append((judged[0].action["type"], sure)), judged[0])[1])
    play_one(job[:7] + ({"play": 0.5}, "dificil", False, None))
    assert ("play", 0.5) in seen
    assert all(sure == (0.5 if kind == "play" else None) for kind, sure in seen)
    seen.clear()
    play_one(job[:7] + (None, "dificil", False, None))       # the bars go with the run
    assert seen and all(sure is None for _, sure in seen)
    plain = play_pair(job[:7] + (None,) + job[8:])
    assert "bars" not in plain
    path = tmp_path / "r.jsonl"
    path.write_text(json.dumps(barred) + "\n" + json.dumps(plain) + "\n")
    assert [r["games"] for r in report([str(path)], pool=True)] == [1, 1]


def test_two_labels_pair_by_deal(tmp_path):
    base = {"game": "tren", "players": 2, "options": {"rounds": 1}, "playouts": None,
            "sure": None, "thinking_ms": [], "cpu_ms": [], "changed": 0}
    records = [dict(base, label="new", seed=s, seat=s % 2, won=w) for s, w in
               [(1, 1.0), (2, 1.0), (3, 0.0), (4, 1.0)]]
    records += [dict(base, label="old", seed=s, seat=s % 2, won=w) for s, w in
                [(1, 1.0), (2, 0.0), (3, 0.0), (5, 1.0)]]          # seed 5: no pair
    path = tmp_path / "r.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in records))
    [row] = versus([str(path)], "new", "old")
    assert row["games"] == 3 and row["differ"] == 1
    assert row["first"] == pytest.approx(2 / 3) and row["second"] == pytest.approx(1 / 3)
    mean, low, high = row["difference"]
    assert mean == pytest.approx(1 / 3) and low < mean < high


@pytest.mark.parametrize("name", searching_games())
def test_a_peeking_searcher_plays_out_the_true_hands_and_is_reported_apart(name, tmp_path):
    cls = GAMES[name]
    players = max(cls.min_players, 3)
    game = cls.new(players, None, 4)
    seat = next(s for s in game.actors() if s is not None)
    rules = cls.make_bot("dificil", seat, 4).rules
    honest = rules.world(game.view(seat), random.Random(1))
    peeking(rules, game)
    world = rules.world(game.view(seat), random.Random(1))
    assert world.hands == game.hands and honest.hands != game.hands
    unseen = "stock" if hasattr(game, "stock") else "boneyard"
    assert sorted(map(repr, getattr(world, unseen))) == sorted(map(repr, getattr(game, unseen)))
    base = {"game": name, "players": players, "options": {}, "playouts": None, "sure": None,
            "label": "x", "seat": 0, "thinking_ms": [], "cpu_ms": [], "changed": 0, "won": 1.0}
    path = tmp_path / "r.jsonl"
    path.write_text(json.dumps(dict(base, seed=1)) + "\n"
                    + json.dumps(dict(base, seed=2, peek=True)) + "\n")
    assert [r["games"] for r in report([str(path)], pool=True)] == [1, 1]


def test_a_run_cut_by_the_hosts_clock_limit_keeps_normals_moves_and_is_reported_apart(tmp_path):
    """`--search-seconds`: no time at all to search, so every searching decision is normal's
    move; its records are not joined with the budget's."""
    job = ("tren", 2, 0, 7, {"rounds": 1}, 8, None, None, False, "abc", False, 0.0)
    cut = play_pair(job)
    assert cut["search_seconds"] == 0.0 and cut["thinking_ms"] and cut["changed"] == 0
    whole = play_pair(job[:-1] + (None,))
    assert "search_seconds" not in whole
    path = tmp_path / "r.jsonl"
    path.write_text(json.dumps(cut) + "\n" + json.dumps(whole) + "\n")
    assert [r["games"] for r in report([str(path)], pool=True)] == [1, 1]
