"""bench/same.py: a setting tried and put back, and choices compared position by position."""
import argparse

import pytest

from bench.same import Settings, compare, parse_set
from engine import search


def test_a_setting_is_read_as_module_name_and_number():
    assert parse_set("engine.search.DROP=4") == ("engine.search", "DROP", 4)
    assert parse_set("engine.search.SURE=1.5") == ("engine.search", "SURE", 1.5)
    with pytest.raises(argparse.ArgumentTypeError):
        parse_set("DROP=4")


def test_a_setting_holds_inside_and_is_put_back():
    before = search.DROP
    with Settings([("engine.search", "DROP", before + 5)]):
        assert search.DROP == before + 5
    assert search.DROP == before


def test_the_engines_own_setting_chooses_alike_and_another_bar_may_not():
    alike = compare(("tren", 2, 4, 25, [], [("engine.search", "SURE", search.SURE)]))
    assert alike["positions"] >= 2 and alike["differ"] == []
    eager = compare(("tren", 2, 4, 25, [], [("engine.search", "SURE", -50.0)]))
    assert eager["positions"] == alike["positions"]
    assert eager["differ"]          # any move not far behind normal's beats it at -50 SE
