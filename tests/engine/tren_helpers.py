"""Set-ups for the Tren Mexicano tests, through the game's own `_deal` option (the one the
lessons use). Defaults: the round's double set aside (the `engine` start: the double 12 in the
hub in round 1), the last seat deals and seat 0 plays first; the tiles not named go under the
boneyard. The game's own default, the text's start, is asked for with
`options={"start": "highest_double"}`."""
from engine import dominoes
from engine.tren import Tren

T = dominoes.parse


def deal(hands, boneyard="", *, options=None, seed=0, empty_boneyard=False, **extra) -> Tren:
    """A game dealt as given: `hands` one text per seat, `boneyard` from the top, and any key
    of the `_deal` option (`trains`, `mexican`, `markers`, `round`, `turn`, `scores`, ...).
    `empty_boneyard` then takes the boneyard away (the tiles left out of play: check such a
    game with `audit(full_deck=False)`)."""
    game = Tren.new(len(hands), {"start": "engine", **(options or {}),
                                 "_deal": {"hands": list(hands), "boneyard": boneyard,
                                           "fill": True, **extra}}, seed)
    if empty_boneyard:
        game.boneyard.clear()
        game._public = None
    return game


def hand(game, seat) -> list[str]:
    return sorted(dominoes.tile_text(t) for t in game.hands[seat])


def train(game, key) -> list[str]:
    """A train's tiles as laid (each written from the end that touches the one before)."""
    view = game.view(None)
    return view["mexican"]["tiles"] if key == "mexican" else view["trains"][key]["tiles"]


def play(tile, train):
    return {"type": "play", "tile": tile, "train": train}


def events(game, kind):
    return [e for e in game.events if e["type"] == kind]
