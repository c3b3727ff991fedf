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


def test_a_seats_own_passes_and_the_openings_stops_tell_nothing():
    for _game, view in positions(2, range(3)):
        own = [e for e in view["events"] if e["type"] == "pass" and e["seat"] == view["seat"]]
        if own:
            assert view["seat"] not in inference.absent_numbers(view)
    view = {"seat": 0, "hub": "12-12", "players": [{"tiles": 5, "marker": False}] * 2,
            "trains": [{"tiles": []}, {"tiles": []}], "mexican": {"tiles": []},
            "events": [{"type": "pass", "seat": 1, "stop": True, "opening": True}]}
    assert inference.absent_numbers(view) == {}
