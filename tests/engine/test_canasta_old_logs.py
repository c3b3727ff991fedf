"""Games saved before the kitty was a choice replay as they were played. Their logs hold no
`take_kitty` or `leave_kitty`: the discard after a non-black canasta took the kitty by itself.
The log in old_logs/ was written by the engine of that time (commit 9209e51), with the state it
went through after each action; a log written now marks the discard that offers the choice."""
from __future__ import annotations

import json
from pathlib import Path

from engine.canasta import Canasta
from engine.moments import public_views
from tests.engine.canasta_helpers import deal

OLD = json.loads((Path(__file__).parent / "old_logs" / "canasta_before_the_kitty_choice.json")
                 .read_text(encoding="utf-8"))


def trace(game: Canasta) -> list:
    return [game.turn, game.phase, [len(h) for h in game.hands], [len(k) for k in game.kitties],
            list(game.scores)]


def old_log() -> list[tuple[int | None, dict]]:
    return [(seat, action) for seat, action in OLD["log"]]


def test_an_old_log_replays_through_the_same_states_to_the_same_result():
    game = Canasta.new(OLD["players"], OLD["options"], OLD["seed"])
    assert trace(game) == OLD["trace"][0]
    for n, (seat, action) in enumerate(old_log(), 1):
        game.apply_logged(seat, action)
        assert trace(game) == OLD["trace"][n], n
    assert game.result() == OLD["result"]
    assert game.to_json_log() == OLD["log"]           # kept as it was written
    assert all(game.kitty_taken) and not any(game.kitty_left)
    assert Canasta.replay(OLD["players"], OLD["options"], OLD["seed"], old_log()).result() \
        == OLD["result"]


def test_an_old_log_that_stops_at_the_discard_that_took_the_kitty_loads_with_it_taken():
    at = OLD["kitty_taken_at"][0]
    game = Canasta.replay(OLD["players"], OLD["options"], OLD["seed"], old_log()[:at + 1])
    seat = OLD["log"][at][0]
    assert OLD["log"][at][1]["type"] == "discard"
    assert game.kitty_taken[seat] and game.phase == "draw" and game.turn != seat
    assert trace(game) == OLD["trace"][at + 1]
    upto = OLD["kitty_taken_at"][1]                 # where the other seat's choice comes now
    for n, (s, action) in enumerate(old_log()[at + 1:upto], at + 2):     # and plays on live
        game.apply(s, action)
        assert trace(game) == OLD["trace"][n], n


def test_an_old_log_gives_the_same_public_views_and_key_moments():
    views = list(public_views(Canasta, OLD["players"], OLD["options"], OLD["seed"], old_log()))
    assert len(views) == len(OLD["log"]) + 1
    for n in OLD["kitty_taken_at"]:
        seat = OLD["log"][n][0]
        assert views[n + 1]["players"][seat]["kitty_taken"], n
    moments = Canasta.moments(OLD["players"], OLD["options"], OLD["seed"], old_log())
    assert moments and moments[-1]["index"] == len(OLD["log"]) - 1


def test_a_log_written_now_marks_the_discard_that_offers_the_kitty_and_replays_its_choice():
    game = Canasta.new(OLD["players"], OLD["options"], OLD["seed"])
    at = OLD["kitty_taken_at"][0]
    for seat, action in old_log()[:at + 1]:
        game.apply(seat, action)                      # live: the discard offers the choice
    seat = OLD["log"][at][0]
    assert game.phase == "kitty" and game.turn == seat
    assert game.log[-1] == (seat, {**OLD["log"][at][1], "kitty_choice": True})
    game.apply(seat, {"type": "leave_kitty"})
    again = Canasta.replay(OLD["players"], OLD["options"], OLD["seed"], game.to_json_log())
    assert again.kitty_left[seat] and not again.kitty_taken[seat]
    assert trace(again) == trace(game) and again.to_json_log() == game.to_json_log()
    stopped = Canasta.replay(OLD["players"], OLD["options"], OLD["seed"], game.to_json_log()[:-1])
    assert stopped.phase == "kitty" and stopped.turn == seat         # still waits for it


def test_the_mark_is_the_games_own_not_the_senders():
    game = deal(["9d 5c 6c", "4s 5s 6s"], phase="play")
    game.apply(0, {"type": "discard", "card": "9d", "kitty_choice": True})
    assert game.log[-1] == (0, {"type": "discard", "card": "9d"}) and game.turn == 1
