"""Shared checks for the games' difícil (engine/<game>/hard.py), and rules to try engine/search
on."""
import random


def worlds_from_view(rules, game, seat: int, same: tuple[str, ...], count: int = 3) -> list:
    """`count` worlds built from `seat`'s view of `game`: each sound (every piece once), each
    showing the seat the same view again (the `same` fields), and the unseen pieces of the
    next seat's hand not the same in all of them."""
    view = game.view(seat)
    worlds = [rules.world(view, random.Random(k)) for k in range(count)]
    for world in worlds:
        assert world.audit(full_deck=True) == []
        again = world.view(seat)
        assert {k: again[k] for k in same} == {k: view[k] for k in same}
    others = [sorted(w.hands[(seat + 1) % game.players]) for w in worlds]
    assert any(hand != others[0] for hand in others[1:])           # the unseen pieces move
    return worlds


class Noisy:
    """Rules for engine/search alone: each move's value is its `n` plus the world's luck plus
    some luck of its own."""

    def world(self, view, rng: random.Random) -> dict:
        return {"luck": rng.random()}

    def play(self, world, action) -> None:
        world["move"] = action["n"]

    def finish(self, world, rng: random.Random):
        world["own"] = random.Random(f"{rng.random()} {world['move']}").random() * 0.5
        return 10

    def value(self, world) -> float:
        return world["luck"] + world["own"] + world["move"]
