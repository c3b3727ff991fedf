"""Each lesson's path on a phone: for every step, the taps a learner makes (the browser test
plays them, test_lesson_taps.py replays them as the actions they send through the engine)."""

# Ferrocarril: ("pass"/"buy") the ¡Compro! window, ("act", name) a hand button, ("card", code, n)
# a hand card, ("meld", id) a combination while adding or stealing, ("next",) the guide's Seguir.
PASS, BUY, NEXT = ("buy", "pass"), ("buy", "buy"), ("next",)


def card(code, n=0):
    return ("card", code, n)


def act(name):
    return ("act", name)


def meld(i):
    return ("meld", i)


FERROCARRIL = {
    "02-salir-con-un-trio": [
        [PASS, act("draw")],
        [card("Rb"), act("discard")],
        [PASS, act("draw")],
        [card("7o"), card("7c"), card("7e"), act("salir"), act("send_salir")],
        [card("Ao"), act("discard")],
        [NEXT],
    ],
    "03-compro": [[BUY], [PASS], [BUY], [card("Rb"), act("discard")], [NEXT]],
    "04-anadir": [
        [PASS, act("draw")],
        [card("4o"), card("4c"), card("4e"), act("salir"), act("send_salir")],
        [card("4b"), act("add"), meld(2)],
        [card("Rb"), act("add"), meld(1)],
        [NEXT],
    ],
    "05-robar-comodin": [
        [PASS, act("draw")],
        [card("6e"), act("steal"), meld(1)],
        [card("9o"), card("9c"), card("*"), act("salir"), act("send_salir")],
        [card("Ce"), act("steal"), meld(2)],
        [card("2b"), act("discard")],
        [NEXT],
    ],
    "06-combinacion-limpia": [
        [PASS, act("draw")],
        [
            card("3o"),
            card("3c"),
            card("3e"),
            act("salir"),
            card("8o"),
            card("8c"),
            card("*"),
            act("send_salir"),
        ],
        [card("*"), act("add"), meld(1)],
        [NEXT],
    ],
    "07-escalera": [
        [PASS, act("draw")],
        [
            card("Sc"),
            card("Cc"),
            card("Rc"),
            card("Ac"),
            card("2c"),
            card("3c"),
            card("4c"),
            act("salir"),
            act("send_salir"),
        ],
        [card("10c"), act("add"), meld(1)],
        [NEXT],
    ],
    "08-cerrar-y-puntos": [
        [PASS, act("draw")],
        [card("7b"), act("add"), meld(1)],
        [act("close")],
        [act("next_round")],
    ],
}

# Manipulación: "c:<code>" a hand card, "new" + Nuevo grupo, "g:<i>" a group, "gc:<g>:<i>" a card
# on the table, "t:<tool>" a tool of the bar, "j:<i>" Unir, "l:<i>" a loose card, "a:<act>" any
# button, "next" the guide's Seguir, anything else a button of the action bar.
MANIPULACION = {
    "01-trio-y-escalera": [
        ["c:7h", "c:7s", "c:7d", "new"],
        ["done"],
        ["draw"],
        ["c:9c", "c:10c", "c:Jc", "new"],
        ["done"],
        ["next"],
    ],
    "02-anadir-a-la-mesa": [
        ["c:Qh", "g:0", "done"],
        ["c:5d", "g:1", "done"],
        ["c:Ah", "c:Kh", "g:0", "done"],
        ["next"],
    ],
    "03-partir-un-grupo": [
        ["gc:0:3", "t:split_before"],
        ["c:6h", "g:1", "done"],
        ["gc:2:3", "t:split_before"],
        ["gc:3:0", "new"],
        ["c:8s", "c:8d", "g:5", "done"],
        ["next"],
    ],
    "04-mover-entre-grupos": [
        ["gc:2:2", "g:3"],
        ["c:10d", "g:3", "done"],
        ["c:8s", "c:8h", "new"],
        ["gc:1:2", "g:4"],
        ["j:0", "g:1", "done"],
        ["next"],
    ],
    "05-listo-y-deshacer": [["c:9h", "new"], ["done", "undo"], ["c:9h", "g:0", "done"], ["next"]],
    "06-recordar-con-pista": [
        ["draw", "a:play_instead", "g:0", "done"],
        ["draw", "a:play_instead", "gc:0:0", "new"],
        ["c:3h", "c:3d", "g:4", "done"],
        ["next"],
    ],
    "07-maquiavelo": [
        ["draw"],
        ["c:2s", "c:3s", "c:As", "new", "done"],
        ["c:Ah", "g:1", "done"],
        ["next"],
    ],
    "08-shanghai": [
        ["c:Ad", "c:2d", "c:3d", "new", "done"],
        ["draw"],
        ["c:Jd", "c:Qd", "c:Kd", "new", "done"],
        ["next"],
    ],
    "09-guadalupe": [
        ["draw"],
        ["c:Ac", "c:Qc", "c:Kc", "new", "done"],
        ["c:Ah", "c:2h", "c:3h", "new", "done"],
        ["next"],
    ],
    "10-carrusel": [
        ["draw"],
        ["c:As", "g:0", "done"],
        ["draw"],
        ["draw"],
        ["draw"],
        ["draw"],
        ["c:Ah", "c:2h", "c:3h", "new"],
        ["close"],
        ["next"],
    ],
    "11-vaticano": [
        ["c:Qd", "c:Kd", "c:Ad", "new", "done"],
        ["gc:0:2", "new", "draw"],
        ["c:5c", "g:0"],
        ["gc:0:2", "new"],
        ["c:5h", "c:5s", "g:3", "done"],
        ["next"],
    ],
    "12-tahiti": [
        ["c:7s", "c:7d", "new", "l:0", "g:2", "done"],
        ["c:8h", "g:0", "done"],
        ["c:Ad", "c:3d", "new", "l:0", "g:3", "done"],
        ["next"],
    ],
}


# Tren Mexicano: card(code) a tile of the hand, train(key) a train (a seat or "mexican"),
# act(name) a button, NEXT the guide's Seguir. A play is the tile, then its train.
def train(key):
    return ("train", key)


TREN = {
    "01-primer-turno": [
        [NEXT],
        [card("12-5"), train(0)],
        [card("5-3"), train(0)],
        [NEXT],
        [NEXT],
    ],
    "02-casar-los-extremos": [
        [NEXT],
        [card("9-4"), train(0), card("8-3"), train(0)],    # the 9-4 is refused, as it says
        [card("10-3"), train(0)],
        [card("10-7"), train(0)],
        [NEXT],
    ],
    "03-dobles": [
        [card("9-9"), train(0)],
        [card("9-5"), train(0)],
        [card("6-2"), train(2)],
        [act("draw")],
        [card("10-3"), train(1)],
        [NEXT],
    ],
    "04-marcadores": [
        [act("draw")],
        [act("pass")],
        [NEXT],
        [card("6-2"), train(2)],
        [card("11-9"), train(0)],
        [NEXT],
    ],
    "05-tren-mexicano": [
        [card("12-5"), train(0)],
        [card("12-8"), train("mexican")],
        [card("11-3"), train("mexican")],
        [NEXT],
    ],
    "06-final-y-puntos": [
        [card("7-1"), train(0)],
        [card("1-1"), train(0)],
        [NEXT],
        [NEXT],
    ],
}


# Canasta Ferroviaria: stack(rank) a tap on the hand's stack of one rank (the whole stack, then
# one card fewer a tap; wild cards one more a tap), act(name) a button of the bar (the
# composer's too), meld(id) one of your melds on the table, lit for the chosen cards or while
# adding, kitty(how) the kitty's open or close button, NEXT the guide's Seguir.
def stack(rank, times=1):
    return [("stack", rank)] * times


def kitty(how):
    return ("kitty", how)


CANASTA = {
    "01-combinaciones-y-comodines": [
        [act("draw")],
        [*stack("A"), act("meld"), act("send_meld")],
        [*stack("K"), *stack("2"), *stack("*"), act("meld")],
        [*stack("2"), meld(2)],
        [*stack("5"), act("discard")],
    ],
    "02-primera-bajada": [
        [NEXT],
        [act("draw")],
        [act("meld"), act("send_meld")],
        [*stack("4"), act("discard")],
        [NEXT],
    ],
    "03-coger-el-monton": [
        [act("take_pile")],
        [*stack("4"), act("discard")],
        [act("take_top")],
        [*stack("5"), act("discard")],
    ],
    "04-monton-congelado": [
        [NEXT],
        [act("draw")],
        [*stack("4"), act("discard")],
        [act("take_pile")],
        [NEXT],
    ],
    "05-treses-rojos-y-negros": [
        [act("draw")],
        [NEXT],
        [*stack("3"), act("discard")],
        [NEXT],
    ],
    "06-el-gatito": [
        [act("draw")],
        [*stack("K"), meld(1)],
        [kitty("open"), kitty("close"), NEXT],
        [*stack("4"), act("discard")],
        [NEXT],
        [act("take_kitty")],
        [NEXT],
    ],
    "07-cuatro-canastas-y-salir": [
        [act("draw")],
        [*stack("7"), meld(4)],
        [NEXT],
        [*stack("9"), act("meld")],
        [*stack("5"), act("discard")],
    ],
}
