"""Who plays a seat: the computer for an away player or by the host's choice, a person who
takes a computer seat with the host's approval, and a person the host removes mid-game."""
import json

from tests.server.conftest import Harness, ManualScheduler, assert_payload_is_the_view, states


def events(client, name):
    return [m["args"][0] for m in client.get_received() if m["name"] == name]


def started(n_phones=3, **options):
    scheduler = ManualScheduler()
    h = Harness(scheduler=scheduler, **options)
    phones = [h.phone(name) for name in ("Abuela", "Tío", "Nieta")[:n_phones]]
    return h, phones, scheduler


def moves_of(h, seat):
    return [a for s, a in h.room.game.log if s == seat]


# ----- the computer plays for a person ---------------------------------------------------------

def test_a_reconnect_keeps_a_seat_the_host_handed_to_the_computer():
    """The reported repro: to_bot on every seat, start, phone 1 re-joins with its token."""
    h, phones, scheduler = started()
    for phone in phones:
        assert h.host("to_bot", seat=phone.seat_id)["ok"]
    assert h.host("start")["ok"]
    phones[1].disconnect()
    again = h.phone("Tío", token=phones[1].token)
    assert again.seat_id == phones[1].seat_id
    assert [s.autoplay for s in h.room.seats] == ["host", "host", "host"]
    scheduler.run_all(limit=200)
    assert moves_of(h, 1), "the computer keeps playing the seat: the table never waits"


def test_an_away_player_gets_the_seat_back_by_reconnecting():
    h, phones, scheduler = started(2, away_timeout=0)
    h.host("start")
    phones[0].disconnect()
    h.lobby.sweep_away()
    seat = h.room.seats[0]
    assert seat.autoplay == "away"
    h.phone("Abuela", token=phones[0].token)
    assert seat.autoplay is None


def test_play_again_takes_a_handed_over_seat_back_from_the_phone():
    h, phones, _ = started(2)
    h.host("start")
    h.host("to_bot", seat=phones[0].seat_id)
    reply = phones[0].emit("reclaim", {"room": h.code, "token": phones[0].token}, callback=True)
    assert reply == {"ok": True}
    assert h.room.seats[0].autoplay is None
    assert states(phones[0])[-1]["room"]["seats"][0]["autoplay"] is None


def test_a_phone_cannot_reclaim_someone_elses_seat():
    h, phones, _ = started(2)
    h.host("start")
    h.host("to_bot", seat=phones[0].seat_id)
    reply = phones[1].emit("reclaim", {"room": h.code, "token": "not-a-token"}, callback=True)
    assert reply["error"]["code"] == "bad_token"
    assert h.room.seats[0].autoplay == "host"


def test_a_move_from_a_phone_the_computer_plays_is_refused_with_the_way_back():
    h, phones, _ = started(2)
    h.host("start")
    h.host("to_bot", seat=phones[0].seat_id)
    log = len(h.room.game.log)
    reply = h.act(phones[0], {"type": "pass"})
    assert reply["error"]["code"] == "computer_playing"
    assert "Volver a jugar" in reply["error"]["es"]
    assert len(h.room.game.log) == log


def test_the_host_gives_a_handed_over_seat_back():
    h, phones, _ = started(2)
    h.host("start")
    h.host("to_bot", seat=phones[0].seat_id)
    assert h.host("to_human", seat=phones[0].seat_id)["ok"]
    assert h.room.seats[0].autoplay is None


# ----- a latecomer takes a computer seat ----------------------------------------------------------

def with_bot_game():
    h, phones, scheduler = started(1)
    h.host("add_bot", level="facil")
    h.host("start")
    cousin = h.socketio.test_client(h.app)
    return h, phones[0], cousin


def ask(h, cousin, seat_id, claim="claim-primo-1", name="Primo"):
    return cousin.emit("take_seat", {"room": h.code, "seat": seat_id, "name": name,
                                     "claim": claim}, callback=True)


def test_taking_a_computer_seat_mid_game_waits_for_the_host_and_shows_no_cards():
    h, _, cousin = with_bot_game()
    bot = h.room.seats[1]
    reply = ask(h, cousin, bot.id)
    assert reply["ok"] and reply["pending"] is True and "token" not in reply
    assert bot.bot == "facil" and bot.token is None
    received = states(cousin)
    assert received
    for payload in received:
        assert_payload_is_the_view(h, payload, None)      # the TV's public view, no more
    request = states(h.tv)[-1]["room"]["requests"]
    assert request == [{"id": reply["request"], "seat": bot.id, "name": "Primo"}]


def test_an_approved_phone_receives_its_token_and_hand():
    h, _, cousin = with_bot_game()
    bot = h.room.seats[1]
    hand = h.room.game.view(1)["hand"]
    request = ask(h, cousin, bot.id)["request"]
    cousin.get_received()
    h.host("approve", request=request)
    received = cousin.get_received()
    seated = [m["args"][0] for m in received if m["name"] == "seated"]
    assert seated == [{"room": h.code, "token": bot.token, "seat_id": bot.id}]
    last = [m["args"][0] for m in received if m["name"] == "state"][-1]
    assert last["you"]["seat_id"] == bot.id and last["game"]["hand"] == hand


def test_an_approval_reaches_a_phone_that_was_away_when_it_asks_again():
    h, _, cousin = with_bot_game()
    bot = h.room.seats[1]
    request = ask(h, cousin, bot.id, claim="claim-away")["request"]
    cousin.disconnect()
    h.host("approve", request=request)
    back = h.socketio.test_client(h.app)
    reply = ask(h, back, bot.id, claim="claim-away")
    assert reply["ok"] and reply["token"] == bot.token and reply["seat_id"] == bot.id


def test_the_host_says_no_and_the_seat_stays_with_the_computer():
    h, _, cousin = with_bot_game()
    bot = h.room.seats[1]
    request = ask(h, cousin, bot.id)["request"]
    assert h.host("deny", request=request)["ok"]
    assert events(cousin, "takeover_denied") == [{"room": h.code, "seat_id": bot.id}]
    assert bot.bot == "facil" and bot.token is None and h.room.requests == {}
    assert h.host("approve", request=request)["error"]["code"] == "unknown_request"


def test_only_the_host_answers_a_request():
    h, abuela, cousin = with_bot_game()
    request = ask(h, cousin, h.room.seats[1].id)["request"]
    reply = abuela.emit("host", {"room": h.code, "host_token": abuela.token,
                                 "command": "approve", "args": {"request": request}},
                        callback=True)
    assert reply["error"]["code"] == "not_host"
    assert h.room.seats[1].bot == "facil"


def test_with_open_take_over_on_a_latecomer_sits_at_once():
    h, _, cousin = with_bot_game()
    assert h.host("set_takeover", open=True)["ok"]
    bot = h.room.seats[1]
    reply = ask(h, cousin, bot.id)
    assert reply["ok"] and reply["token"] == bot.token and bot.name == "Primo"
    assert ask(h, h.socketio.test_client(h.app), bot.id, claim="other")["error"]["code"] \
        == "seat_taken"


def test_in_the_lobby_a_phone_cannot_turn_the_hosts_bot_into_its_seat_without_approval():
    h = Harness(scheduler=ManualScheduler())
    h.phone("Abuela")
    h.host("add_bot", level="normal")
    bot = h.room.seats[1]
    cousin = h.socketio.test_client(h.app)
    reply = ask(h, cousin, bot.id)
    assert reply["pending"] is True and bot.bot == "normal" and bot.token is None


def test_a_request_needs_a_claim():
    h, _, cousin = with_bot_game()
    reply = cousin.emit("take_seat", {"room": h.code, "seat": h.room.seats[1].id,
                                      "name": "Primo"}, callback=True)
    assert reply["error"]["code"] == "malformed"
    assert h.room.requests == {}


# ----- the host removes a person mid-game -----------------------------------------------------

def test_the_host_removes_a_person_mid_game_and_the_computer_plays_on():
    h, phones, scheduler = started(2)
    h.host("start")
    hand = h.room.game.view(1)["hand"]
    phones[1].get_received()
    assert h.host("remove", seat=phones[1].seat_id)["ok"]
    seat = h.room.seats[1]
    assert seat.bot and seat.token is None and seat.name != "Tío"
    assert events(phones[1], "kicked") == [{"room": h.code}]
    assert h.room.game.view(1)["hand"] == hand
    assert h.act(phones[1], {"type": "pass"})["error"]["code"] == "bad_token"
    assert h.host("set_bot", seat=seat.id, level="facil")["ok"]
    h.host("to_bot", seat=phones[0].seat_id)
    scheduler.run_all(limit=300)
    assert moves_of(h, 1)


def test_removing_a_computer_seat_mid_game_is_refused():
    h, _, _ = with_bot_game()
    reply = h.host("remove", seat=h.room.seats[1].id)
    assert reply["error"]["code"] == "already_computer"
    assert len(h.room.seats) == 2


# ----- the log keeps the name that made each move ----------------------------------------------

def bot_moves(h, scheduler, seat, at_least=1):
    """Run the scheduler until seat `seat` has made `at_least` more moves (the bots' and the
    timers' turns; a person's seat is handed to the computer for the time)."""
    done = len(moves_of(h, seat))
    for _ in range(200):
        if len(moves_of(h, seat)) >= done + at_least:
            return
        scheduler.run_all(limit=1)
    raise AssertionError("the seat made no move")


def test_a_newcomer_is_not_credited_with_the_computers_earlier_moves(tmp_path):
    scheduler = ManualScheduler()
    h = Harness(data_dir=tmp_path, scheduler=scheduler)
    abuela = h.phone("Abuela")
    h.host("add_bot", level="facil")
    h.host("to_bot", seat=abuela.seat_id)
    h.host("start")
    bot_moves(h, scheduler, 1, at_least=3)
    robot = h.room.seats[1].name
    events = h.room.game.view(None)["events"]
    assert any(e["seat"] == 1 for e in events)
    before = events[-1]["n"] + 1
    cousin = h.socketio.test_client(h.app)
    request = ask(h, cousin, h.room.seats[1].id)["request"]
    h.tv.get_received()
    assert h.host("approve", request=request)["ok"]
    assert h.room.seats[1].name == "Primo"
    renames = states(h.tv)[-1]["room"]["renames"]
    assert renames == [{"seat": 1, "name": robot, "before": before}]
    # Saved with the room: a restarted host still tells the computer's moves as its own.
    again = Harness(data_dir=tmp_path, scheduler=ManualScheduler())
    assert again.lobby.rooms[h.code].summary()["renames"] == renames
    # A new game starts with a clean slate.
    assert h.host("new_game")["ok"]
    assert states(h.tv)[-1]["room"]["renames"] == []


def test_a_person_removed_mid_game_keeps_their_moves_under_their_name():
    h, phones, scheduler = started(2)
    h.host("start")
    h.host("to_bot", seat=phones[1].seat_id)
    bot_moves(h, scheduler, 1)
    events = h.room.game.view(None)["events"]
    assert h.host("remove", seat=phones[1].seat_id)["ok"]
    assert h.room.seats[1].name != "Tío"
    assert h.room.summary()["renames"] == [
        {"seat": 1, "name": "Tío", "before": events[-1]["n"] + 1}]


def test_take_over_requests_are_bounded_per_phone_and_per_room_and_the_state_stays_small():
    h, _, stranger = with_bot_game()
    bot = h.room.seats[1]
    for n in range(2500):                       # one phone, a new claim each time
        reply = ask(h, stranger, bot.id, claim=f"claim-{n}", name=f"Primo{n % 7}")
        assert reply["ok"] and reply["pending"]
    assert len(h.room.requests) == 1
    assert [r.claim for r in h.room.requests.values()] == ["claim-2499"]
    others = [h.socketio.test_client(h.app) for _ in range(6)]
    answers = [ask(h, other, bot.id, claim=f"other-{i}") for i, other in enumerate(others)]
    assert [a["ok"] for a in answers] == [True, True, True, False, False, False]
    assert answers[-1]["error"]["code"] == "too_many_requests" and answers[-1]["error"]["es"]
    assert len(h.room.requests) == 4
    h.lobby.push.room(h.code)
    size = len(json.dumps(states(h.tv)[-1], ensure_ascii=False))
    assert size < 12_000, size
    first = answers[0]["request"]                  # answered: room for one more
    assert h.host("deny", request=first)["ok"]
    assert ask(h, others[3], bot.id, claim="other-3")["ok"]
