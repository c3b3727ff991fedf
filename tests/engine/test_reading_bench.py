"""bench/reading.py: how often difícil's honest choice is the one it makes seeing every hand."""
from bench import reading


def test_the_positions_are_the_same_whoever_searches_and_a_blind_peek_always_agrees(monkeypatch):
    job = ("tren", 2, 5, {"rounds": 1}, 3, False)
    seeing = reading.positions_of(job)
    assert len(seeing["agree"]) == len(seeing["cpu_ms"]) > 3
    monkeypatch.setattr(reading, "peeking", lambda rules, game: None)
    blind = reading.positions_of(job)
    assert len(blind["agree"]) == len(seeing["agree"])      # the same positions
    assert all(blind["agree"])                              # the same search, the same choice


def test_seeing_every_hand_changes_some_choices():
    agree = [a for seed in range(3)
             for a in reading.positions_of(("tren", 4, seed, {"rounds": 1}, 4, False))["agree"]]
    assert len(agree) > 10 and not all(agree)


def test_the_ceiling_pits_the_seeing_search_against_itself_with_other_worlds(monkeypatch, capsys):
    """With --ceiling both searches at a position see every hand (the honest one does not),
    and the report says what was measured."""
    job = ("tren", 2, 5, {"rounds": 1}, 3)
    peeks = []
    real = reading.peeking
    monkeypatch.setattr(reading, "peeking",
                        lambda rules, game: (peeks.append(rules), real(rules, game)))
    plain = reading.positions_of((*job, False))
    assert len(peeks) == len(plain["agree"]) and "ceiling" not in plain
    peeks.clear()
    record = reading.positions_of((*job, True))
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
