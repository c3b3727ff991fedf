"""A guided lesson ("Aprende jugando") is a solo room whose game starts from the lesson's deal:
the server plays the opponents' scripted moves at the computer's pace, lets through the move
each step asks for, answers any other with the step's explanation (changing nothing), runs no
clock, and keeps the lesson's place across a restart."""
from server.app import create_app
from server.brains import LocalBrains
from tests.server.conftest import ManualScheduler, states

FIRST = "ferrocarril/01-robar-y-descartar"


def app(data_dir=None, **options):
    options.setdefault("bot_delay", 1.0)
    options.setdefault("sweep", False)
    options.setdefault("synchronous_push", True)
    options.setdefault("brains", LocalBrains())
    return create_app(data_dir=data_dir, **options)


def start(flask_app, socketio, lesson=FIRST):
    client = socketio.test_client(flask_app)
    reply = client.emit("create_lesson", {"lesson": lesson, "name": "Abuela"}, callback=True)
    return client, reply


def act(client, reply, action):
    return client.emit("action", {"room": reply["room"], "token": reply["token"],
                                  "action": action}, callback=True)


def host(client, reply, command, **args):
    return client.emit("host", {"room": reply["room"], "host_token": reply["host_token"],
                                "command": command, "args": args}, callback=True)


def test_a_lesson_starts_from_its_deal_and_plays_its_script_at_the_computers_pace():
    scheduler = ManualScheduler()
    flask_app, socketio = app(scheduler=scheduler)
    client, reply = start(flask_app, socketio)
    assert reply["ok"], reply
    room = flask_app.extensions["sobremesa"].rooms[reply["room"]]
    assert room.kind == "solo" and room.lesson is not None
    assert [s.name for s in room.seats] == ["Abuela", "Robotina", "Chispas"]
    first = states(client)[-1]
    dealt = "Ao 3o 6o 5c 7c 9e 10e Se 4b 8c Cb Rb 2b".split()
    assert sorted(first["game"]["hand"]) == sorted(dealt)
    shown = first["room"]["lesson"]
    assert shown["step"] == 0 and shown["waiting"] is True
    assert shown["say"]["es"].startswith("Empieza")
    assert act(client, reply, {"type": "pass"})["error"]["code"] == "lesson_wait"
    assert [delay for delay, _ in scheduler.tasks] == [1.0]       # one scripted move at a time
    scheduler.run_all()
    assert [seat for seat, _ in room.game.log] == [1, 2]
    assert room.timers == {}                    # a lesson runs no clock: the window waits
    assert states(client)[-1]["room"]["lesson"]["waiting"] is False


def test_the_step_move_goes_on_and_another_is_explained_and_changes_nothing():
    scheduler = ManualScheduler()
    flask_app, socketio = app(scheduler=scheduler)
    client, reply = start(flask_app, socketio)
    room = flask_app.extensions["sobremesa"].rooms[reply["room"]]
    scheduler.run_all()
    version, log = room.version, list(room.game.log)
    wrong = act(client, reply, {"type": "buy"})
    assert wrong["ok"] is False and wrong["error"]["code"] == "lesson_wrong"
    assert wrong["error"]["es"] == "Esta vez no la compres: pulsa Paso."
    assert room.version == version and room.game.log == log
    assert act(client, reply, {"type": "discard", "card": "2b"})["error"]["code"] != "lesson_wrong"
    assert act(client, reply, {"type": "pass"})["ok"]
    assert room.lesson.step == 1
    assert states(client)[-1]["room"]["lesson"]["point"] == {"act": "draw"}


def test_a_read_only_step_goes_on_with_seguir_and_the_lesson_ends():
    scheduler = ManualScheduler()
    flask_app, socketio = app(scheduler=scheduler)
    client, reply = start(flask_app, socketio)
    room = flask_app.extensions["sobremesa"].rooms[reply["room"]]
    for step in room.lesson.lesson.steps[:-1]:
        scheduler.run_all()
        early = host(client, reply, "lesson_next")["error"]["code"]
        assert early in ("lesson_read", "lesson_wrong")
        for action in step.example:
            assert act(client, reply, action)["ok"], (room.lesson.step, action)
    scheduler.run_all()
    assert act(client, reply, {"type": "draw"})["error"]["code"] == "lesson_read"
    assert host(client, reply, "lesson_next")["ok"]
    shown = states(client)[-1]["room"]["lesson"]
    assert shown["done"] is True
    assert act(client, reply, {"type": "draw"})["error"]["code"] == "lesson_over"


def test_a_lesson_keeps_its_place_across_a_restart(tmp_path):
    scheduler = ManualScheduler()
    flask_app, socketio = app(tmp_path, scheduler=scheduler)
    client, reply = start(flask_app, socketio)
    scheduler.run_all()
    assert act(client, reply, {"type": "pass"})["ok"]
    again, socketio_again = app(tmp_path, scheduler=ManualScheduler())
    restored = again.extensions["sobremesa"].rooms[reply["room"]]
    assert restored.lesson.step == 1 and restored.lesson.lesson.id == FIRST
    back = socketio_again.test_client(again)
    assert back.emit("join", {"room": reply["room"], "token": reply["token"]}, callback=True)["ok"]
    assert act(back, reply, {"type": "draw"})["ok"] and restored.lesson.step == 2


def test_the_catalogue_lists_each_games_lessons_and_an_unknown_lesson_is_refused():
    flask_app, socketio = app()
    client, reply = start(flask_app, socketio, lesson="ferrocarril/99-nada")
    assert reply["ok"] is False and reply["error"]["code"] == "unknown_lesson"
    _, reply = start(flask_app, socketio, lesson="../../etc/passwd")
    assert reply["error"]["code"] == "unknown_lesson"
    _, reply = start(flask_app, socketio)
    ferrocarril = next(g for g in reply["games"] if g["name"] == "ferrocarril")
    assert ferrocarril["lessons"][0]["id"] == FIRST and ferrocarril["lessons"][0]["number"] == 1
    found = client.emit("solo_games", {"games": [{"room": reply["room"], "token": reply["token"]}]},
                        callback=True)["games"]
    assert found[0]["lesson"]["id"] == FIRST and found[0]["lesson"]["step"] == 0


def test_every_tren_lesson_plays_through_a_lesson_room():
    """Tren Mexicano's lessons through the server: its deal (markers, scores, a later round),
    the script's moves at the computer's pace, Seguir, and the end of the match in the last."""
    from engine.lessons import NEXT, lessons_of

    for lesson in lessons_of("tren"):
        scheduler = ManualScheduler()
        flask_app, socketio = app(scheduler=scheduler)
        client, reply = start(flask_app, socketio, lesson=lesson.id)
        assert reply["ok"], (lesson.id, reply)
        room = flask_app.extensions["sobremesa"].rooms[reply["room"]]
        assert [s.name for s in room.seats][1:] == [n.es for n in lesson.names]
        for k, step in enumerate(lesson.steps):
            scheduler.run_all()
            assert room.lesson.step == k and not room.lesson.waiting(), (lesson.id, k)
            if step.expect["type"] == NEXT:
                assert host(client, reply, "lesson_next")["ok"], (lesson.id, k)
            for action in step.example:
                assert act(client, reply, action)["ok"], (lesson.id, k, action)
        shown = states(client)[-1]
        assert shown["room"]["lesson"]["done"] is True, lesson.id
        assert shown["game"]["game"] == "tren"
    assert shown["game"]["phase"] == "game_over"        # the last lesson ends the match


def test_every_canasta_lesson_plays_through_a_lesson_room():
    """Canasta Ferroviaria's lessons through the server: its deal (melds, kitties, canastas
    already laid), the script's moves at the computer's pace, Seguir, and going out in the
    last; the learner's view shows the kitty once it may be looked at."""
    from engine.lessons import NEXT, lessons_of

    lessons = lessons_of("canasta")
    assert len(lessons) == 7
    for lesson in lessons:
        scheduler = ManualScheduler()
        flask_app, socketio = app(scheduler=scheduler)
        client, reply = start(flask_app, socketio, lesson=lesson.id)
        assert reply["ok"], (lesson.id, reply)
        room = flask_app.extensions["sobremesa"].rooms[reply["room"]]
        assert [s.name for s in room.seats][1:] == [n.es for n in lesson.names]
        for k, step in enumerate(lesson.steps):
            scheduler.run_all()
            assert room.lesson.step == k and not room.lesson.waiting(), (lesson.id, k)
            if step.point and "kitty" in step.point:
                assert len(states(client)[-1]["game"]["kitty_cards"]) == 11, lesson.id
            if step.expect["type"] == NEXT:
                assert host(client, reply, "lesson_next")["ok"], (lesson.id, k)
            for action in step.example:
                assert act(client, reply, action)["ok"], (lesson.id, k, action)
        shown = states(client)[-1]
        assert shown["room"]["lesson"]["done"] is True, lesson.id
        assert shown["game"]["game"] == "canasta"
    assert shown["game"]["last_round"]["out"] == 0        # the last lesson goes out
