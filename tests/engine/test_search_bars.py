"""engine/search's bar: another move replaces normal's only when it is better by the bar's
standard errors over the same worlds, SURE unless `best` is given another, and the benches can
set one per type of normal's move (BARS), which the table never does."""
import pytest

from engine import search
from engine.search import Judged, SearchBot, best
from tests.engine.search_helpers import Noisy


def test_a_lower_bar_lets_a_move_that_is_better_but_not_surely_replace_normals():
    keep = Judged({"type": "pass"}, (0.0, 2.0) * 20)
    buy = Judged({"type": "buy"}, tuple(r + (1.0 if i % 2 else -0.7)
                                        for i, r in enumerate(keep.results)))
    assert 0.5 < buy.margin_over(keep) < search.SURE
    assert best([keep, buy]).action == {"type": "pass"}
    assert best([keep, buy], sure=0.5).action == {"type": "buy"}
    assert best([keep, buy], sure=search.SURE).action == {"type": "pass"}


class SlightlyBetterBuy(Noisy):
    """Buying is worth a little more than passing, with much luck of its own in each world."""

    def candidates(self, view):
        return [{"type": "pass", "n": 0.0}, {"type": "buy", "n": 0.04}]


def bot() -> SearchBot:
    return SearchBot(0, 7, SlightlyBetterBuy(), fallback=None, playouts=120)


@pytest.mark.usefixtures("full_search")
def test_a_bar_set_for_the_type_of_normals_move_is_the_one_the_player_uses(monkeypatch):
    plain = bot()
    assert plain.choose({}) == {"type": "pass", "n": 0.0}
    margin = plain.last[1].margin_over(plain.last[0])
    assert 0.3 < margin < search.SURE
    monkeypatch.setattr(search, "BARS", {"pass": 0.3})
    assert bot().choose({}) == {"type": "buy", "n": 0.04}
    monkeypatch.setattr(search, "BARS", {"buy": 0.3})        # another type's bar: not this one
    assert bot().choose({}) == {"type": "pass", "n": 0.0}


def test_the_table_sets_no_bar_of_its_own():
    assert search.BARS == {}
