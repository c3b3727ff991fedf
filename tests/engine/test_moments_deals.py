"""Key moments from explicit deals (each game's `_deal` option), where what must be found is
known: a ¡Compro! won by priority, a joker stolen (and one given back), a closing with the
closer's cards, a big rearrangement, a double covered after a wait, canastas and a big pile."""
from engine.registry import GAMES
from tests.engine.moments_helpers import assert_in_words


def play(name, players, options, moves, seed=1):
    """The moments of a game dealt by `options` after `moves` ((seat, action) pairs)."""
    cls = GAMES[name]
    game = cls.new(players, options, seed)
    for seat, action in moves:
        game.apply(seat, action)
    moments = cls.moments(players, options, seed, game.log)
    for m in moments:
        assert_in_words(m)
    return moments


def summary(moments):
    return [(m["index"], m["kind"], m["seats"]) for m in moments]


# ----- Ferrocarril ---------------------------------------------------------------------------

FERRO = {"_deal": {"dealer": 2, "hands": ["Rb 9e 4c", "Ae 3b", "Sb 8c"], "discard": "5b",
                   "stock": "7b Ao Ac 7o Ae Sc 7c", "fill": True,
                   "table": [[0, "7o 7c 7e"], [1, "Ro Rc Re *"]]}}
WINDOW = [(1, "buy"), (2, "buy"), (0, "pass")]      # seat 1 is before seat 2 in priority
CLOSE = (None, "close_buy")


def test_ferrocarril_a_buy_won_by_priority_and_a_steal():
    moments = play("ferrocarril", 3, FERRO, [*WINDOW, (0, "draw"), (0, "steal #2 Rb"),
                                             (0, "add #1 * 7b"), (0, "discard 4c")])
    assert summary(moments) == [(2, "buy_priority", [1, 2]), (4, "joker_steal", [0])]
    buy, steal = moments
    assert buy["es"] == "{p1} se lleva el 5 de bastos por prioridad: también lo pedía {p2}"
    assert buy["en"] == "{p1} gets the 5 of clubs by seat priority: {p2} asked for it too"
    assert buy["detail"]["outbid"] == [2] and buy["view"]["buy_window"] is None
    assert steal["es"] == "{p0} roba el comodín y pone el Rey de bastos en su sitio"
    assert steal["en"] == "{p0} steals the joker and puts the King of clubs in its place"
    assert steal["view"]["table"][1]["cards"] == ["Ro", "Rc", "Re", "Rb"]


def test_ferrocarril_a_closing_shows_what_the_closer_laid_never_the_face_down_card():
    moments = play("ferrocarril", 3, FERRO, [
        (1, "pass"), (2, "pass"), (0, "pass"),
        (0, "draw"), (0, "add #1 7b"), (0, "discard 4c"), CLOSE,
        (1, "draw"), (1, "discard Ao"), CLOSE, (2, "draw"), (2, "discard Ac"), CLOSE,
        (0, "draw"), (0, "add #1 7o"), (0, "discard 9e"), CLOSE,
        (1, "draw"), (1, "discard Ae"), CLOSE, (2, "draw"), (2, "discard Sc"), CLOSE,
        (0, "draw"), (0, "add #1 7c"), (0, "close")])
    assert summary(moments) == [(25, "closing", [0])]
    closing = moments[0]
    assert closing["es"] == "{p0} cierra la ronda 1 (1 trío)"
    assert closing["en"] == "{p0} closes round 1 (1 set of three)"
    assert sorted(closing["detail"]["shown"]) == sorted("7o 7c 7e 7b 7o 7c".split())
    assert "Rb" not in closing["detail"]["shown"]                # the closing card, face down
    assert closing["view"]["discard_top"] is None
    assert closing["view"]["last_round"]["closer"] == 0


def test_ferrocarril_a_buy_nobody_contested_and_a_steal_given_back_are_not_moments():
    moments = play("ferrocarril", 3, FERRO, [(1, "buy"), (2, "pass"), (0, "pass"),
                                             (0, "draw"), (0, "steal #2 Rb"),
                                             (0, "discard 4c")])
    assert moments == []


# ----- Manipulación --------------------------------------------------------------------------

def manipulacion(hand):
    return {"ruleset": "manipulacion", "_deal": {
        "dealer": 2, "hands": [hand, "Ks Kd 4c", "10h Jh 2c"],
        "table": ["5h 6h 7h 8h", "8s 8d 8c", "Qs Qd Qc"], "fill": True}}


def set_table(*groups):
    return {"type": "set_table", "table": [g.split() for g in groups]}


def test_manipulacion_the_biggest_rearrangement_then_going_out_with_it():
    moments = play("manipulacion", 3, manipulacion("4h"), [
        (0, set_table("4h 5h 6h 7h", "8s 8d 8c 8h", "Qs Qd Qc"))])
    assert summary(moments) == [(0, "rearrangement", [0]), (0, "closing", [0])]
    best, closing = moments
    assert best["detail"]["groups_changed"] == 2 and best["detail"]["cards"] == ["4h"]
    assert best["es"] == "{p0} rehace la mesa: cambia 2 grupos y pone el 4 de corazones"
    assert best["en"] == "{p0} rearranges the table: 2 groups changed, adding the 4 of hearts"
    assert best["detail"]["table_before"][:2] == [["5h", "6h", "7h", "8h"], ["8s", "8d", "8c"]]
    assert closing["es"] == "{p0} se queda sin cartas y cierra la ronda 1 con el 4 de corazones"
    assert closing["detail"]["shown"] == ["4h"]


def test_manipulacion_adding_to_one_group_is_no_rearrangement():
    moments = play("manipulacion", 3, manipulacion("9h Kc"), [
        (0, set_table("5h 6h 7h 8h 9h", "8s 8d 8c", "Qs Qd Qc"))])
    assert moments == []


# ----- Tren Mexicano -------------------------------------------------------------------------

def test_tren_a_double_covered_after_two_passes_by_the_player_who_goes_out():
    options = {"_deal": {"hands": ["9-1", "2-6 4-4", "3-5 0-1"], "boneyard": "2-3 4-5",
                         "trains": ["12-9 9-9"], "turn": 1, "fill": True}}
    moments = play("tren", 3, options, [(1, "draw"), (1, "pass"), (2, "draw"), (2, "pass"),
                                        (0, "play 9-1 #0")])
    assert summary(moments) == [(4, "double_covered", [0]), (4, "closing", [0])]
    covered, closing = moments
    assert covered["detail"]["passes"] == 2 and covered["detail"]["double"] == "9-9"
    assert covered["es"] == ("{p0} tapa por fin el doble 9 con el 9-1, "
                             "tras 2 turnos sin que nadie pudiera")
    assert covered["en"] == ("{p0} covers the double 9 at last with the 9-1, "
                             "after 2 turns nobody could")
    assert closing["es"] == "{p0} se queda sin fichas y gana la ronda 1 con el 9-1"
    assert closing["detail"]["shown"] == ["12-9", "9-9", "9-1"]


def test_tren_a_double_covered_at_once_is_no_moment():
    options = {"_deal": {"hands": ["9-9 9-1 5-5", "2-6 4-4", "3-5 0-1"], "trains": ["12-9"],
                         "turn": 0, "fill": True}}
    assert play("tren", 3, options, [(0, "play 9-9 #0"), (0, "play 9-1 #0")]) == []


# ----- Canasta Ferroviaria -------------------------------------------------------------------

def test_canasta_a_red_canasta_and_a_big_pile():
    options = {"_deal": {"hands": ["Ks 9c 4d", "9d 9s 4h 5d"], "stock": "5h 6h",
                         "melds": [[0, "Kh Kd Ks Kc Kh Kd"], [1, "8h 8d 8s"]],
                         "pile": "4c 5c 6c 9h 10h Jh 4s 5s 6s Qh", "fill": True}}
    moments = play("canasta", 2, options, [(0, "draw"), (0, "add #1 Ks"), (0, "discard 9c"),
                                           (1, "take_pile 9d 9s")])
    assert summary(moments) == [(1, "canasta", [0]), (3, "big_pile", [1])]
    canasta, pile = moments
    assert canasta["es"] == "{p0} completa una canasta roja de Reyes"
    assert canasta["en"] == "{p0} completes a red canasta of Kings"
    assert canasta["detail"]["canasta"] == "red"
    assert pile["es"] == "{p1} se lleva el montón: 11 cartas, con el 9 de tréboles arriba"
    assert pile["detail"]["taken"] == 11


def test_canasta_wild_and_sevens_canastas_then_going_out_with_the_melds_shown():
    options = {"_deal": {"hands": ["2h 7s 9h 9d 9s 5c", "4s"], "phase": "play", "fill": True,
                         "melds": [[0, "Kh Kd Ks Kc Kh Kd Ks"], [0, "Qh Qd Qs Qc Qh 2c *"],
                                   [0, "* * 2h 2d 2s 2c"], [0, "7h 7d 7s 7c 7h 7d"]]}}
    moments = play("canasta", 2, options, [(0, "add #3 2h"), (0, "add #4 7s"),
                                           (0, "meld 9h 9d 9s"), (0, "discard 5c")])
    assert summary(moments) == [(0, "canasta", [0]), (1, "canasta", [0]), (3, "closing", [0])]
    wild, sevens, closing = moments
    assert wild["es"] == "¡{p0} completa una canasta de comodines!"
    assert sevens["en"] == "{p0} completes a sevens canasta!"
    assert closing["es"].startswith("{p0} se va y cierra la ronda 1")
    assert sorted(closing["detail"]["shown"]) == sorted(
        [c for m in closing["view"]["melds"] if m["owner"] == 0 for c in m["cards"]])
    assert len(closing["detail"]["shown"]) == 7 * 4 + 3


def test_manipulacion_a_carrusel_knock_shows_the_hand_laid_open():
    options = {"ruleset": "carrusel", "_deal": {
        "dealer": 2, "hands": ["2h", "Ks Kd 4c", "10h Jh 2c"], "stock": "Ac", "fill": True}}
    moments = play("manipulacion", 3, options, [(0, "draw"), (0, "close")])
    assert summary(moments) == [(1, "closing", [0])]
    knock = moments[0]
    assert knock["es"] == ("{p0} cierra la ronda 1 con el 2 de corazones y el As de tréboles "
                           "en la mano")
    assert knock["en"] == "{p0} closes round 1 holding the 2 of hearts and the Ace of clubs"
    assert knock["detail"]["shown"] == knock["view"]["last_round"]["hands"][0] == ["2h", "Ac"]
