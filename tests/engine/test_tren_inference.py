"""What difícil reads of the others' hands from the passes it saw (engine/tren/inference.py):
never contradicted by the real hands, and its worlds deal by it."""
import random

from engine.tren import hard, inference
from tests.engine.test_tren_hard import normal_game


def holds(hand, layer) -> int:
    return sum(1 for t in hand if not any(t.has(n) for n in layer.absent))


def positions(players: int, seeds, options=None):
    """Each seat's turn that sees another seat's pass in its view's events."""
    for seed in seeds:
        for game in normal_game(players, seed, {"rounds": 3, **(options or {})}):
            view = game.view(game.turn)
            if inference.absent_numbers(view):
                yield game, view


def test_the_real_hands_agree_with_what_the_passes_tell():
    """Sound: each seat that passed really holds at least as many tiles without the numbers
    it could not play as the layers say (the oldest layers within the numbers of all)."""
    checked = 0
    for game, view in positions(2, range(6)):
        for seat, layers in inference.absent_numbers(view).items():
            assert seat != view["seat"] and layers
            total = 0
            for layer in layers:
                total += layer.count
                assert layer.count > 0 and layer.absent
                # the tiles of this layer and every older one avoid this layer's numbers
                assert holds(game.hands[seat], layer) >= total
            assert total <= len(game.hands[seat])
            checked += 1
    assert checked > 50


def test_at_four_seats_with_markers_and_the_mexican_train_too():
    checked = 0
    for game, view in positions(4, range(3), {"first_turn": "chain"}):
        for seat, layers in inference.absent_numbers(view).items():
            total = 0
            for layer in layers:
                total += layer.count
                assert holds(game.hands[seat], layer) >= total
            checked += 1
    assert checked > 30


def test_a_pass_tells_what_a_plain_deal_ignores(monkeypatch):
    """Where a rival has just passed, its tiles in difícil's worlds hold none of the numbers it
    could not play, as many as it held then; worlds dealt without the passes often would."""
    def contradicted(rules, view, layers) -> int:
        found = 0
        for k in range(3):
            world = rules.world(view, random.Random(k))
            for seat, its in layers.items():
                total = 0
                for layer in its:
                    total += layer.count
                    found += holds(world.hands[seat], layer) < total
        return found

    told = plain = 0
    for _game, view in positions(2, range(4)):
        layers = inference.absent_numbers(view)
        assert contradicted(hard.TrenRules(view["seat"]), view, layers) == 0
        with monkeypatch.context() as m:
            m.setattr(hard, "absent_numbers", lambda view: {})
            plain += contradicted(hard.TrenRules(view["seat"]), view, layers)
        told += 1
    assert told > 20 and plain > told


def test_a_seats_own_misses_and_the_openings_stops_tell_nothing():
    own_seen = 0
    for _game, view in positions(2, range(3)):
        if any(m["seat"] == view["seat"] for m in view["misses"]):
            own_seen += 1
            assert view["seat"] not in inference.absent_numbers(view)
    assert own_seen > 0
    game = normal_game_until_opening_stop()
    assert any(e["type"] == "pass" and e.get("stop") for e in game.events)
    assert game.view(0)["misses"] == []


def normal_game_until_opening_stop():
    """A round opened by the highest double: its opener's turn ends with a stop (a pass that
    is no pass), the first event after the hub."""
    from engine.tren.game import Tren
    game = Tren.new(2, {"start": "highest_double", "rounds": 1}, 3)
    game.apply(game.turn, {"type": "pass"})
    return game


def test_the_view_keeps_every_miss_of_the_round_beyond_its_last_events():
    """A draw or a pass that has left the view's recent events still tells: the view's misses
    are every one of the round, with what was open then and the draws since that hand (a
    draw's own tile among them), as the log has them."""
    older = 0
    for game, view in positions(4, range(3)):
        starts = [i for i, e in enumerate(game.events) if e["type"] in ("deal", "hub")]
        rounds = game.events[starts[-1] + 1:]
        logged = [(i, e) for i, e in enumerate(rounds)
                  if e["type"] == "draw" or (e["type"] == "pass" and not e.get("stop"))]
        assert [(m["seat"], m["ends"]) for m in view["misses"]] == [(e["seat"], e["ends"]) for _, e in logged]
        for m, (i, e) in zip(view["misses"], logged):
            since = rounds[i:] if e["type"] == "draw" else rounds[i + 1:]
            assert m["drawn"] == sum(1 for d in since if d["type"] == "draw" and d["seat"] == e["seat"])
        shown = {e["n"] for e in view["events"]}
        older += sum(1 for _, e in logged if e["n"] not in shown)
    assert older > 20


def test_a_draw_says_the_hand_before_it_held_nothing_for_the_trains_open():
    """Each draw of a round in play: none of the drawer's tiles before it fits the numbers the
    draw event shows."""
    from tests.engine.test_tren_hard import normal_game as games
    checked = 0
    for game in games(4, 1, {"rounds": 1}):
        seat = game.turn
        if "draw" not in game.allowed(seat):
            continue
        before = list(game.hands[seat])
        game.apply(seat, {"type": "draw"})
        ends = game.events[-1]["ends"]
        assert ends and not any(t.has(n) for t in before for n in ends)
        checked += 1
    assert checked > 5
