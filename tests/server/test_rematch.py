"""«Otra partida» in one tap (issue 27, point 6): once a game is over, the host's `rematch`
deals the next game at once, with the same seats, options and computer players, the first
round dealt by the seat after the last game's first dealer; refused before the end."""
from engine.game import GAME_OVER
from tests.server.conftest import Harness


def finish(h):
    """Ends the room's game as the last round's end would (the podium)."""
    game = h.room.game
    game.phase = GAME_OVER
    assert game.finished


def test_the_next_game_is_dealt_at_once_with_the_same_table_and_the_next_dealer():
    h = Harness(game="tren")
    abuela = h.phone("Abuela")
    assert h.host("add_bot", level="dificil")["ok"] and h.host("add_bot", level="facil")["ok"]
    assert h.host("set_options", options={"rounds": 7})["ok"]
    assert h.host("start")["ok"]
    first = h.room.game
    dealt = first.dealer                                       # drawn by the seed
    assert dealt == first.first_dealer and first.options["rounds"] == 7
    refused = h.host("rematch")
    assert refused["ok"] is False and refused["error"]["code"] == "not_finished"
    assert h.room.game is first
    seats = [(s.id, s.name, s.bot, s.token) for s in h.room.seats]
    finish(h)
    assert h.host("rematch") == {"ok": True}
    second = h.room.game
    assert second is not first and h.room.status == "playing" and not second.finished
    assert [(s.id, s.name, s.bot, s.token) for s in h.room.seats] == seats
    assert second.options["rounds"] == 7 and second.dealer == (dealt + 1) % 3
    assert second.round == 0
    assert second.log == [] and second.events[0]["type"] == "deal"
    assert h.act(abuela, {"type": "draw"})["error"]["code"] != "bad_token"   # still her seat
    for k in (2, 3):                                           # round the table
        finish(h)
        assert h.host("rematch")["ok"] and h.room.game.dealer == (dealt + k) % 3


def test_the_first_dealer_is_an_option_the_game_checks_and_replays_keep():
    h = Harness(game="canasta")
    h.phone("Abuela")
    assert h.host("add_bot", level="normal")["ok"]
    for bad in (2, -1, True, "1"):
        reply = h.host("set_options", options={"first_dealer": bad})
        assert reply["ok"] is False, bad
    assert h.host("set_options", options={"first_dealer": 1})["ok"]
    assert h.host("start")["ok"]
    game = h.room.game
    assert game.dealer == 1
    again = type(game).replay(2, h.room.options, h.room.seed, game.to_json_log())
    assert again.dealer == 1 and again.view(None) == game.view(None)
