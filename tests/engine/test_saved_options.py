"""Options of a saved game: a game is saved naming every option it was made with
(`kept_options`), and one saved before a default changed (naming only the options its host had
changed) replays with the default it had then (`saved_options`, `Option.saved_default`).

Tren Mexicano's `start` changed its default from the round's double set aside (`engine`) to the
text's own start (`highest_double`)."""
import pytest

from engine.game import GameError
from engine.messages import Words
from engine.options import Choice, Option, Options
from engine.registry import GAMES
from engine.simulate import next_move
from engine.tren import Tren


def played(options, seed=5, players=3):
    game = Tren.new(players, options, seed)
    bots = [Tren.make_bot("facil", s, seed) for s in range(players)]
    while not game.finished:
        game.apply(*next_move(game, bots))
    return game


def test_a_tren_game_saved_before_the_texts_start_was_the_default_replays_as_it_was_played():
    # What the host saved then: the options the host changed (none), the seed and the moves of
    # a game played with the old default, the round's double set aside.
    before = played({"rounds": 3, "start": "engine"})
    saved = {"rounds": 3}
    options = Tren.saved_options(saved)
    assert options == {"rounds": 3, "start": "engine"}
    again = Tren.replay(3, options, before.seed, before.to_json_log())
    assert again.view(None) == before.view(None) and again.result() == before.result()
    assert [r["hub"] for r in again.round_results] == ["12-12", "11-11", "10-10"]
    # Without the saved default the same moves are read under the new start: another deal,
    # where they do not even fit.
    with pytest.raises(GameError):
        Tren.replay(3, saved, before.seed, before.to_json_log())


@pytest.mark.parametrize("start", ["highest_double", "engine"])
def test_a_game_saved_now_names_every_option_and_replays_as_it_was_played(start):
    options = {"start": start} if start == "engine" else {}
    game = played({"rounds": 1, **options})
    kept = game.kept_options()
    assert kept == {**Tren.OPTIONS.defaults(), "rounds": 1, **options}
    assert Tren.saved_options(kept) == kept
    again = Tren.replay(3, Tren.saved_options(kept), game.seed, game.to_json_log())
    assert again.view(None) == game.view(None)


def test_kept_options_leave_out_the_test_deal():
    game = Tren.new(2, {"start": "engine", "_deal": {"hands": ["12-1 3-3", "12-2 4-4"],
                                                      "fill": True}})
    assert "_deal" not in game.kept_options() and game.kept_options()["start"] == "engine"


def test_a_saved_default_fills_only_the_options_a_save_does_not_name():
    options = Options([
        Option("pace", Words("Ritmo", "Pace"), "fast", saved_default="slow",
               choices=(Choice("fast", Words("Rápido", "Fast")),
                        Choice("slow", Words("Lento", "Slow")))),
        Option("seconds", Words("Segundos", "Seconds"), 5, least=3, most=10,
               unit=Words("s", "s"))])
    assert options.as_saved({}) == {"pace": "slow"}
    assert options.as_saved({"pace": "fast", "seconds": 4}) == {"pace": "fast", "seconds": 4}
    assert options.check(options.as_saved({})) == {"pace": "slow", "seconds": 5}
    assert options.check({}) == {"pace": "fast", "seconds": 5}     # a new game: the default


def test_no_other_game_has_changed_a_default():
    # A game that changes a default declares the old one, as Tren's `start` does, and
    # Ferrocarril's hidden `stock_turns` (games saved before the limit had none).
    changed = {name: [o.name for o in cls.OPTIONS.options if o.saved_default is not None]
               for name, cls in GAMES.items()}
    assert {name: names for name, names in changed.items() if names} == \
        {"tren": ["start"], "ferrocarril": ["stock_turns"]}


def test_a_ferrocarril_game_saved_before_the_stock_limit_replays_as_it_was_played():
    # A game of fácil computers with a round that turned the stock three times, played without
    # the limit and saved as then (naming only the options the host changed: none): it replays
    # move for move; read under today's limit, the same moves no longer fit.
    ferrocarril = GAMES["ferrocarril"]
    unlimited = ferrocarril.saved_options({})
    game = ferrocarril.new(4, unlimited, 3)
    bots = [ferrocarril.make_bot("facil", s, 3) for s in range(4)]
    while not game.finished:
        game.apply(*next_move(game, bots))
    rounds = [e["round"] for e in game.events if e["type"] == "deal"]
    turns = [sum(1 for e in game.events[start:end] if e["type"] == "reshuffle")
             for start, end in zip(*_round_bounds(game.events), strict=True)]
    assert len(rounds) == 7 and max(turns) == 3
    again = ferrocarril.replay(4, unlimited, game.seed, game.to_json_log())
    assert again.view(None) == game.view(None) and again.result() == game.result()
    with pytest.raises(GameError):
        ferrocarril.replay(4, {}, game.seed, game.to_json_log())


def _round_bounds(events) -> tuple[list[int], list[int]]:
    starts = [i for i, e in enumerate(events) if e["type"] == "deal"]
    return starts, [*starts[1:], len(events)]
