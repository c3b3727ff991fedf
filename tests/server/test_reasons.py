"""The computer players' reason lines on the way to the screens (server/reasons.py): asked of the
engine for computer seats only (not «fácil», not a person's), pinned to the move's event, at
most one per turn, the same for every screen, not part of the log."""
import pytest

from engine.messages import Words
from engine.reasons import Reason
from engine.registry import GAMES
from server import reasons
from tests.server.conftest import Harness, ManualScheduler, states

NAMES = ["Abuela", "Robotina", "Chispas", "Tuerca"]


def bot_room(game, levels, options=None, tasks=3000, people=()):
    scheduler = ManualScheduler()
    h = Harness(scheduler=scheduler, game=game)
    for name in people:
        h.phone(name)
    if options:
        assert h.host("set_options", options=options)["ok"]
    for level in levels:
        assert h.host("add_bot", level=level)["ok"]
    assert h.host("start")["ok"]
    scheduler.run_all(limit=tasks)
    return h


@pytest.mark.parametrize("game, options", [("tren", {"rounds": 3}), ("ferrocarril", None)])
def test_a_computer_players_notable_moves_come_with_their_line(game, options):
    h = bot_room(game, ["normal", "facil", "normal", "normal"], options)
    room, log = h.room, h.room.game.log
    lines = room.reasons
    assert len(lines) >= 3
    names = [seat.name for seat in room.seats]
    cls = GAMES[game]
    for line in lines:
        assert room.seats[line["seat"]].bot == "normal"         # never «fácil»
        event = room.game.events[line["n"]]
        assert event["seat"] == line["seat"]                     # pinned to its own move
        seat, action = log[line["log"]]
        assert seat == line["seat"]
        # the line is the engine's for that move, on the table as it was before it
        before = cls.replay(len(room.seats), room.options, room.seed, log[:line["log"]])
        again = before.reason(seat, action)
        assert again is not None
        assert again.texts(names) == {"es": line["es"], "en": line["en"], "why": line["why"]}
    for first, then in zip(lines, lines[1:], strict=False):
        if first["seat"] == then["seat"]:                        # at most one line a turn
            between = [s for s, _ in log[first["log"] + 1:then["log"]]]
            assert any(s != first["seat"] for s in between)
    shown = states(h.tv)[-1]["room"]["reasons"]
    assert shown == [{k: line[k] for k in ("n", "seat", "kind", "es", "en", "why")}
                     for line in lines[-len(shown):]]
    assert all(set(action) != {"reason"} and "es" not in action for _, action in log)


def test_the_heavier_line_of_a_turn_replaces_the_lighter():
    """Within one turn a seat's heavier line takes the place of a lighter one; another seat's
    move in between starts a new turn."""
    h = bot_room("tren", ["normal", "normal"], tasks=0)
    room, game = h.room, h.room.game
    game.log[:] = [(0, {}), (0, {}), (1, {}), (0, {})]
    game.events[:] = [{"n": n, "seat": s} for n, s in enumerate([0, 0, 1, 0])]
    light, heavy = (Reason("a", Words("{p0} a", "{p0} a"), 1),
                    Reason("b", Words("{p0} b", "{p0} b"), 3))
    reasons.pin(room, 0, heavy, 0, 0)
    reasons.pin(room, 0, light, 1, 1)            # same turn, lighter: dropped
    assert [line["kind"] for line in room.reasons] == ["b"]
    room.reasons.clear()
    reasons.pin(room, 0, light, 0, 0)
    reasons.pin(room, 0, heavy, 1, 1)            # same turn, heavier: replaces it
    assert [(line["kind"], line["n"]) for line in room.reasons] == [("b", 1)]
    reasons.pin(room, 0, light, 3, 3)            # after seat 1's move: a new turn
    assert [line["kind"] for line in room.reasons] == ["b", "a"]
    assert room.reasons[-1]["es"] == f"{room.seats[0].name} a"


def test_people_and_stand_ins_get_no_line_and_a_failing_engine_costs_no_move(monkeypatch):
    h = bot_room("tren", ["normal"], tasks=0, people=["Abuela"])
    room = h.room
    assert reasons.ask(room, 0, "normal", {"type": "draw"}) is None     # a person's seat
    room.seats[0].autoplay = "away"                                    # played for a while
    assert reasons.ask(room, 0, "normal", {"type": "draw"}) is None

    def broken(seat, action):
        raise KeyError("players")
    monkeypatch.setattr(room.game, "reason", broken)
    assert reasons.ask(room, 1, "normal", {"type": "draw"}) is None
    assert reasons.ask(room, 1, "facil", {"type": "draw"}) is None


def test_a_new_game_starts_without_lines():
    h = bot_room("tren", ["normal", "normal", "normal"], {"rounds": 1})
    assert h.room.reasons
    assert h.host("new_game")["ok"]
    assert h.room.reasons == [] and states(h.tv)[-1]["room"]["reasons"] == []


def test_the_lines_come_back_beside_their_moves_after_a_restart(tmp_path):
    scheduler = ManualScheduler()
    h = Harness(data_dir=tmp_path, scheduler=scheduler, game="tren")
    assert h.host("set_options", options={"rounds": 3})["ok"]
    for _ in range(3):
        assert h.host("add_bot", level="normal")["ok"]
    assert h.host("start")["ok"]
    scheduler.run_all(limit=80)
    assert h.room.status == "playing" and len(h.room.reasons) >= 2
    shown = states(h.tv)[-1]["room"]["reasons"]
    assert shown

    again = Harness(data_dir=tmp_path, scheduler=ManualScheduler())
    tv = again.socketio.test_client(again.app)
    assert tv.emit("watch", {"room": h.code, "host_token": h.room.host_token},
                   callback=True)["ok"]
    assert states(tv)[-1]["room"]["reasons"] == shown
    room = again.lobby.rooms[h.code]
    for line in room.reasons:                   # pinned to the same moves of the replayed game
        assert room.game.events[line["n"]]["seat"] == line["seat"]
        assert room.game.log[line["log"]][0] == line["seat"]


def test_a_damaged_kept_line_is_dropped_and_the_room_comes_back():
    kept = [{"n": 3, "seat": 1, "log": 2, "weight": 2, "kind": "double",
             "es": "Robotina abre", "en": "Robotina opens",
             "why": {"es": "abre", "en": "opens"}},
            {"n": "x", "seat": 1}, "not a line", {"why": "plain"}]
    assert reasons.from_record(kept) == kept[:1]
    assert reasons.from_record(None) == [] and reasons.from_record({"n": 1}) == []
