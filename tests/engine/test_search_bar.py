"""engine/search.best's bar: a move leaves normal's only when it is better by SURE standard
errors, unless the game's rules ask a smaller (or larger) margin of that kind of move."""
from engine.search import SURE, Judged, bar, best

NORMAL = Judged({"type": "pass"}, (0.0, 0.0, 0.0, 0.0))
BUY = Judged({"type": "buy"}, (1.0, 3.0, -1.0, 1.0))          # 1.22 standard errors better


class BuysEasily:
    def sure(self, first: dict, move: dict) -> float:
        return 1.0 if move["type"] == "buy" else SURE


def test_a_move_less_sure_than_the_bar_leaves_normals_standing():
    assert 1.0 < BUY.margin_over(NORMAL) < SURE
    assert best([NORMAL, BUY]).action == NORMAL.action
    assert bar(None, NORMAL.action, BUY.action) == SURE


def test_a_game_may_ask_a_smaller_margin_of_one_kind_of_move():
    assert best([NORMAL, BUY], rules=BuysEasily()).action == BUY.action
    discard = Judged({"type": "discard", "card": "7o"}, BUY.results)
    first = Judged({"type": "discard", "card": "1c"}, NORMAL.results)
    assert best([first, discard], rules=BuysEasily()).action == first.action

