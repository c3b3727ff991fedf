"""The computer players' reason lines (engine/reasons.py and engine/<game>/reasons.py): public by
construction, in both languages, and only for the moves where a line adds something."""
from __future__ import annotations

import random
import re
from collections import Counter

import pytest

from engine import dominoes
from engine.canasta import reasons as canasta
from engine.canasta.rules import KIND_WORDS
from engine.cards import FRENCH, SPANISH
from engine.ferrocarril import reasons as ferrocarril
from engine.manipulacion import reasons as manipulacion
from engine.registry import GAMES
from engine.tren import reasons as tren
from engine.tren.trains import MEXICAN
from tests.engine.contract_helpers import bot_game, fresh_view, reshuffle_hidden, strings_in

NAMES = ["Abuela", "Robotina", "Chispas", "Tuerca"]
TABLES = {"ferrocarril": (4, None), "manipulacion": (4, None), "tren": (4, None),
          "canasta": (3, {"target": 5000})}
# Each game gives these kinds of line in the seeded games below.
KINDS = {"ferrocarril": {"buy", "steal", "salir"}, "manipulacion": {"many"},
         "tren": {"double", "mexican", "rival_train"}, "canasta": {"take_pile", "canasta"}}


def _pieces(name: str, value) -> list:
    """The pieces an action or a hand names, as the game's notation parses them."""
    if name == "tren":
        try:
            return [dominoes.parse(value)]
        except ValueError:
            return []
    deck = SPANISH if name == "ferrocarril" else FRENCH
    try:
        return [deck.parse(value)]
    except ValueError:
        return []


def _words(name: str, piece) -> list[str]:
    if name == "tren":
        words = dominoes.words(piece)
    else:
        if piece.is_joker:
            return []           # "el comodín" is also the one on the table, not a held card
        words = (SPANISH if name == "ferrocarril" else FRENCH).words(piece)
    return [words.es, words.en]


def _shown(name: str, *values) -> set:
    """The pieces named anywhere in `values` (the move, the TV's view)."""
    return {piece for value in values for text in strings_in(value)
            for piece in _pieces(name, text)}


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_line_is_the_same_when_every_hidden_card_is_dealt_again(name):
    """The line for a move depends on the TV's view before it and the move only: dealing every
    card the TV cannot see (the bot's own hand among them) again gives the same line, in both
    languages, and no line names a card held in the mover's hand that the move does not show."""
    cls = GAMES[name]
    players, options = TABLES[name]
    rng = random.Random(7)
    kinds: Counter = Counter()
    checked = 0

    def step(game, seat, action):
        nonlocal checked
        if seat is None:
            return
        found = game.reason(seat, action)
        if found is None:
            return
        kinds[found.kind] += 1
        texts = found.texts(NAMES[:players])
        whole = {"es": texts["es"], "en": texts["en"]}
        assert texts["es"] != texts["en"] and texts["why"]["es"] != texts["why"]["en"]
        for text in [*whole.values(), *texts["why"].values()]:
            assert text and "{" not in text and "}" not in text, text
        for text in whole.values():
            assert text and "{" not in text and "}" not in text, text
            assert re.match(r"^(%s) " % "|".join(NAMES), text), text
        held = set(game.hands[seat]) - _shown(name, action, game.view(None))
        for piece in held:
            for words in _words(name, piece):
                named = re.compile(re.escape(words) + r"(?![\w-])")
                assert not any(named.search(t) for t in whole.values()), (words, texts)
        tampered = reshuffle_hidden(game, None, rng)
        if tampered is None:
            return
        try:
            fresh_view(game, None)
            again = game.reason(seat, action)
            assert again == found
            assert again.texts(NAMES[:players]) == texts
        finally:
            tampered.restore()
            fresh_view(game, None)
        checked += 1

    completed: list = []       # a canasta's line, checked against the game's own event

    def step_and_note(game, seat, action):
        step(game, seat, action)
        found = game.reason(seat, action) if seat is not None else None
        if found is not None and found.kind == "canasta":
            completed.append((seat, found.texts(NAMES[:players])["es"], len(game.events)))

    def between(game):
        while completed:
            seat, text, since = completed.pop()
            kinds = [ev["canasta"] for ev in game.events[since:]
                     if ev["type"] == "canasta" and ev["seat"] == seat]
            assert any(f"completa la canasta {KIND_WORDS[k].es}:" in text for k in kinds), \
                (text, kinds)

    for seed in range(8 if name == "canasta" else 2):    # Canasta's lines are rarer
        bot_game(cls, players, options, seed, ["normal"], step=step_and_note, between=between)
    assert checked >= 5
    assert KINDS[name] <= set(kinds), kinds


def test_the_why_is_cut_before_the_names_go_in():
    """A name is the players' own: one with ": " in it does not move where the why starts."""
    found = ferrocarril.reason(_fc_public(), 1, GAMES["ferrocarril"].parse_action({"type": "buy"}))
    names = ["Abuela", "R2: D2", "Chispas", "Tuerca"]
    assert found.texts(names)["why"]["es"] == "Aún no ha salido y la ronda pide 2 tríos"
    assert found.texts(names)["es"].startswith("R2: D2 compra el 7 de oros: ")


def test_most_moves_get_no_line():
    """A line is for a notable move: a drawn card or a plain discard gets none."""
    cls = GAMES["ferrocarril"]
    game = cls.new(4, None, 3)
    assert game.reason(game.turn, {"type": "draw"}) is None
    assert game.reason(0, {"type": "nonsense"}) is None      # unreadable: no line, no error


# ----- the lines, word for word, in both languages --------------------------------------------

def _texts(found, players=4):
    """The whole line in both languages."""
    assert found is not None
    texts = found.texts(NAMES[:players])
    return {"es": texts["es"], "en": texts["en"]}


def _why(found, players=4):
    """The why alone, as the TV's feed shows it under the move."""
    return found.texts(NAMES[:players])["why"]


def _fc_public(**changes):
    players = [{"seat": s, "cards": 13, "buys_left": 10, "salido": False, "score": 0}
               for s in range(4)]
    public = {"players": players, "contract": {"es": "2 tríos", "en": "2 sets of three"},
              "buy_window": {"card": "7o"}, "table": []}
    public.update(changes)
    return public


def test_ferrocarril_lines():
    act = GAMES["ferrocarril"].parse_action
    public = _fc_public()
    assert _texts(ferrocarril.reason(public, 3, act({"type": "buy"}))) == {
        "es": "Tuerca compra el 7 de oros: aún no ha salido y la ronda pide 2 tríos",
        "en": "Tuerca buys the 7 of coins: not down yet, and the round asks for 2 sets of three"}
    public["players"][0].update(salido=True, cards=2)
    assert _texts(ferrocarril.reason(public, 3, act({"type": "buy"}))) == {
        "es": "Tuerca compra ahora: a Abuela solo le quedan 2 cartas",
        "en": "Tuerca buys now: Abuela has only 2 cards left"}
    assert _why(ferrocarril.reason(public, 3, act({"type": "buy"}))) == {
        "es": "A Abuela solo le quedan 2 cartas", "en": "Abuela has only 2 cards left"}
    public["players"][0]["cards"] = 1
    assert _texts(ferrocarril.reason(public, 2, act({"type": "salir", "melds": [
        ["7o", "7c", "7e"], ["8o", "8c", "8e"]]})))["es"] == \
        "Chispas sale ya: a Abuela solo le queda una carta"
    public["players"][0]["cards"] = 9
    public["players"][1]["salido"] = True
    assert _texts(ferrocarril.reason(public, 2, act({"type": "salir", "melds": [
        ["7o", "7c", "7e"], ["8o", "8c", "8e"]]}))) == {
        "es": "Chispas sale sin esperar más: Abuela y Robotina ya han salido",
        "en": "Chispas goes down without waiting any longer: Abuela and Robotina are already down"}
    assert _texts(ferrocarril.reason(public, 2, act({"type": "steal", "meld": 1, "card": "5o"})))\
        == {"es": "Chispas se lleva el comodín: encaja en cualquier combinación",
            "en": "Chispas takes the joker: it fits any combination"}
    public["players"][3]["salido"] = True
    assert ferrocarril.reason(public, 3, act({"type": "buy"})) is None   # nothing to add
    assert ferrocarril.reason(public, 3, act({"type": "discard", "card": "5o"})) is None


def test_canasta_lines():
    act = GAMES["canasta"].parse_action
    players = [{"seat": s, "cards": 11, "score": 0,
                "canastas": {"red": 0, "black": 0, "wild": 0, "sevens": 0}} for s in range(3)]
    public = {"players": players, "pile": 23, "pile_wilds": 1}
    take = act({"type": "take_pile", "cards": ["7h", "7d"]})
    assert _texts(canasta.reason(public, 1, take), 3) == {
        "es": "Robotina se lleva el montón: 23 cartas y un comodín",
        "en": "Robotina takes the pile: 23 cards and a wild card"}
    assert _why(canasta.reason(public, 1, take), 3) == {"es": "23 cartas y un comodín",
                                                        "en": "23 cards and a wild card"}
    public.update(pile=30, pile_wilds=0)         # the feed already says how many
    assert canasta.reason(public, 1, take) is None
    players[2].update(cards=3, score=1200, canastas={"red": 1, "black": 1, "wild": 1, "sevens": 1})
    players[0]["score"] = 4000
    discard = act({"type": "discard", "card": "9c"})
    assert _texts(canasta.reason(public, 2, discard), 3) == {
        "es": "Chispas no cierra todavía: va por detrás y busca más canastas",
        "en": "Chispas does not go out yet: behind on points and after more canastas"}
    assert _why(canasta.reason(public, 2, discard), 3)["es"] == \
        "Chispas no cierra todavía: va por detrás y busca más canastas"    # the discard says less
    players[0]["score"] = 0         # ahead: no line
    assert canasta.reason(public, 2, discard) is None
    players[1]["canastas"] = {"red": 1, "black": 0, "wild": 0, "sevens": 0}
    public["melds"] = [{"id": 4, "owner": 1, "rank": "K", "count": 6, "wilds": 1,
                        "complete": False, "cards": ["Kh", "Kd", "Kc", "Ks", "Kh", "2c"]},
                       {"id": 5, "owner": 1, "rank": "9", "count": 6, "wilds": 0,
                        "complete": False, "cards": ["9h", "9d", "9c", "9s", "9h", "9d"]}]
    assert _texts(canasta.reason(public, 1, act({"type": "add", "meld": 4, "cards": ["Kd"]})),
                  3) == {
        "es": "Robotina completa la canasta negra: para cerrar aún le faltan la de comodines y "
              "la de sietes",
        "en": "Robotina completes the black canasta: still missing to go out: wild and sevens"}
    # a second red canasta adds nothing to what the feed says
    assert canasta.reason(public, 1, act({"type": "add", "meld": 5, "cards": ["9c"]})) is None
    players[1]["canastas"] = {"red": 1, "black": 1, "wild": 1, "sevens": 0}
    sevens = act({"type": "meld", "melds": [["7h", "7d", "7c", "7s", "7h", "7d", "7c"]]})
    assert _why(canasta.reason(public, 1, sevens), 3) == {
        "es": "Ya tiene las cuatro y puede cerrar", "en": "All four kinds now, free to go out"}


def test_tren_lines():
    act = GAMES["tren"].parse_action
    players = [{"seat": s, "tiles": 8, "score": 0, "marker": False, "started": True}
               for s in range(4)]
    public = {"players": players, "hub": "12-12", "open_double": None,
              "mexican": {"started": False}}
    assert _texts(tren.reason(public, 1, act({"type": "play", "tile": "9-9", "train": 1}))) == {
        "es": "Robotina pone el doble 9: se quita 18 puntos y vuelve a jugar",
        "en": "Robotina lays the double 9: 18 points off the hand, and plays again"}
    assert _why(tren.reason(public, 1, act({"type": "play", "tile": "9-9", "train": 1})))["es"] \
        == "Se quita 18 puntos y vuelve a jugar"
    assert tren.reason(public, 1, act({"type": "play", "tile": "2-2", "train": 1})) is None
    assert _texts(tren.reason(public, 1, act({"type": "play", "tile": "12-5",
                                               "train": MEXICAN})))["en"] == \
        "Robotina starts the Mexican train: from now on anyone may play on it"
    players[0].update(tiles=2, marker=True)
    assert _texts(tren.reason(public, 3, act({"type": "play", "tile": "7-5", "train": 0}))) == {
        "es": "Tuerca juega en el tren de Abuela: a Abuela solo le quedan 2 fichas",
        "en": "Tuerca plays on Abuela's train: Abuela has only 2 tiles left"}
    public["open_double"] = {"train": 0, "number": 9}       # covering: the rules chose
    assert tren.reason(public, 3, act({"type": "play", "tile": "9-9", "train": 0})) is None


def test_manipulacion_lines():
    act = GAMES["manipulacion"].parse_action
    players = [{"seat": s, "cards": 9, "score": 0} for s in range(4)]
    public = {"players": players, "table": [{"cards": ["5h", "6h", "7h"]}], "loose": []}
    lay = act({"type": "set_table", "table": [["5h", "6h", "7h", "8h", "9h"],
                                              ["Kc", "Kd", "Ks"]]})
    players[1]["cards"] = 6
    assert _texts(manipulacion.reason(public, 1, lay)) == {
        "es": "Robotina baja 5 cartas de golpe: ya solo le queda una carta",
        "en": "Robotina lays 5 cards at once: only one card left now"}
    assert _why(manipulacion.reason(public, 1, lay))["en"] == "Only one card left now"
    players[2]["cards"] = 3
    assert _texts(manipulacion.reason(public, 1, lay))["es"] == \
        "Robotina baja 5 cartas de golpe: a Chispas solo le quedan 3 cartas"
    small = act({"type": "set_table", "table": [["5h", "6h", "7h", "8h"]]})
    assert manipulacion.reason(public, 1, small) is None
