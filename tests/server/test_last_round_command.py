"""The host's `last_round` command: the engine's move for the system seat, kept like any move;
refused with the engine's reason where it is not open, and outside a game."""
from tests.server.conftest import Harness


def test_the_host_calls_the_last_round_and_it_is_kept():
    h = Harness(game="tren")
    h.phone("Abuela")
    assert h.host("add_bot", level="normal")["ok"]
    assert h.host("start")["ok"]
    assert h.host("last_round") == {"ok": True}
    assert h.room.game.log[-1] == (None, {"type": "last_round"})
    assert h.room.game.view(None)["final_round"]["es"].startswith("Última ronda")
    again = h.host("last_round")
    assert again["ok"] is False and again["error"]["code"] == "already_last_round"


def test_refused_in_the_lobby_and_where_the_game_has_one_round():
    h = Harness(game="tren")
    h.phone("Abuela")
    assert h.host("add_bot", level="normal")["ok"]
    assert h.host("last_round")["error"]["code"] == "no_game"
    assert h.host("set_options", options={"rounds": 1})["ok"]
    assert h.host("start")["ok"]
    moves = list(h.room.game.log)
    refused = h.host("last_round")
    assert refused["ok"] is False and refused["error"]["code"] == "not_now"
    assert refused["error"]["es"] and h.room.game.log == moves
