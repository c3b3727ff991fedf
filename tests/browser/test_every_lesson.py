"""Every lesson, played through on a phone (Pixel 7) with taps, the way a learner is told to:
each step's bubble shows its number, the script has played before the learner taps, and the
lesson ends with its "¡Lección completada!". (The engine test checks each script's moves; this
checks that the screens let a learner do them.) Ferrocarril's first lesson has its own, fuller
test in test_lessons.py. For Tren Mexicano and Canasta Ferroviaria the taps are also replayed as
the actions they send through the engine; Canasta's steps each have what they point at on the
screen and out from under the bubble, and its lessons name the buttons as the phone labels them."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from engine.lessons import LEARNER
from tests.browser.pages import page_in
from tests.browser.test_lessons import OVERLAP
from tests.live import ROOT, Host

WAIT_MS = 15000
SPOT = {"x": 8, "y": 30}

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


@pytest.fixture(scope="module")
def lesson_host(tmp_path_factory):
    server = Host(tmp_path_factory.mktemp("lessons"), "--bot-delay", "0.15")
    yield server
    server.kill()
    assert "Traceback" not in server.log(), server.log()


def tap_next(page: Page) -> None:
    """The guide's Seguir, tapped again if its step stays (under load the bubble can still be
    moving to its place when the tap lands: a flake of whole runs, never seen alone)."""
    count = page.locator(".lesson-count")
    before = count.inner_text()
    for _ in range(3):
        page.locator("[data-lesson-next]").tap()
        try:
            expect(count).not_to_have_text(before, timeout=5000)
            return
        except AssertionError:
            if not page.locator("[data-lesson-next]").count():
                return                     # the step moved on by itself (a computer's turn)
            continue


def shown(page: Page, selector: str):
    return page.locator(selector).locator("visible=true").first


def ferrocarril_tap(page: Page, move) -> None:
    kind = move[0]
    if kind == "buy":
        page.locator(f'.fc-buy:not(.hidden) [data-act="{move[1]}"]').tap()
    elif kind == "act":
        page.locator(f'.fc-actions [data-act="{move[1]}"]').tap()
    elif kind == "card":
        page.locator(f'.fc-hand .hand-card[data-id="{move[1]}#{move[2]}"]').tap(position=SPOT)
    elif kind == "meld":
        page.locator(f'.meld.pickable[data-meld="{move[1]}"]').first.tap()
    elif kind == "next":
        tap_next(page)
    if kind in ("buy", "act", "meld"):
        page.wait_for_timeout(250)


def manipulacion_tap(page: Page, tap: str) -> None:
    kind, _, arg = tap.partition(":")
    if kind == "c":
        page.locator(f'.mn-hand .hand-card[data-code="{arg}"]:not(.selected)').first.tap(
            position=SPOT
        )
    elif kind == "new":
        shown(page, ".mn-bar [data-new]").tap()
    elif kind == "g":
        page.locator(f'.mg[data-group="{arg}"] .mg-n').tap()
    elif kind == "gc":
        g, i = arg.split(":")
        page.locator(f'.mc[data-g="{g}"][data-i="{i}"]').tap(position={"x": 6, "y": 20})
    elif kind == "t":
        shown(page, f'[data-tool="{arg}"]').tap()
    elif kind == "j":
        page.locator(f'[data-join="{arg}"]').tap()
    elif kind == "l":
        page.locator(f'[data-loose="{arg}"]').tap()
    elif kind == "a":
        shown(page, f'[data-act="{arg}"]').tap()
    elif kind == "next":
        tap_next(page)
    else:
        shown(page, f'.mn-actions [data-act="{kind}"]').tap()
    page.wait_for_timeout(200)


def tren_tap(page: Page, move) -> None:
    kind = move[0]
    if kind == "card":
        shown(page, f'.hand-card[data-id="{move[1]}"]').tap()
        page.held_tile = move[1]
    elif kind == "train":
        shown(page, f'[data-train="{move[1]}"]').tap()
        # The play's answer before the next tap (a tap while a play is on its way is not
        # taken): the tile leaves the hand, or the refusal shows.
        page.wait_for_function(
            """(code) => {
                const tile = document.querySelector(`.hand-card[data-id="${code}"]`);
                return !tile || !tile.offsetParent
                    || !!document.querySelector('#banner:not(.hidden)');
            }""", arg=page.held_tile)
    elif kind == "act":
        shown(page, f'[data-act="{move[1]}"]').tap()
    elif kind == "next":
        tap_next(page)
    page.wait_for_timeout(200)


def canasta_tap(page: Page, move) -> None:
    kind = move[0]
    if kind == "stack":
        page.locator(f'.cn-hand .cn-stack[data-rank="{move[1]}"]').tap()
    elif kind == "act":
        # The composer's button that sends the step's move is outlined like the step's own.
        sends = ".lesson-target" if move[1].startswith("send_") else ""
        page.locator(f'.cn-actions [data-act="{move[1]}"]{sends}').tap()
    elif kind == "meld":
        page.locator(f'.cn-middle [data-meld="{move[1]}"].pickable').tap()
    elif kind == "kitty":
        page.locator(f'[data-kitty="{move[1]}"]').tap()
    elif kind == "next":
        tap_next(page)
    if kind in ("act", "meld"):
        page.wait_for_timeout(250)


TABLES = {"ferrocarril": FERROCARRIL, "manipulacion": MANIPULACION, "tren": TREN,
          "canasta": CANASTA}
TAPS = {"ferrocarril": ferrocarril_tap, "manipulacion": manipulacion_tap, "tren": tren_tap,
        "canasta": canasta_tap}
CASES = [
    pytest.param(game, name, id=f"{game}/{name}")
    for game, table in TABLES.items()
    for name in table
]


# The games whose every step is checked for what it points at: all of it found on the screen,
# and none of it under the bubble.
IN_SIGHT = {"canasta"}


def points_in_sight(page: Page, point: dict) -> None:
    expect(page.locator(".lesson-target")).to_have_count(len(point))
    page.wait_for_timeout(300)                  # the bubble's move (0.2 s)
    covered = page.evaluate(OVERLAP)
    assert covered == [0] * len(point), (point, covered)


@pytest.mark.parametrize("game,name", CASES)
def test_every_lesson_plays_through_on_a_phone(browser, lesson_host, game, name):
    from engine.lessons import lesson_by_id

    steps = TABLES[game][name]
    tap = TAPS[game]
    lesson = lesson_by_id(f"{game}/{name}")
    with page_in(browser, WAIT_MS, **browser.devices["Pixel 7"]) as page:
        page.goto(lesson_host.url + "/solo#aprende")
        page.locator(f'[data-lesson="{game}/{name}"]').tap()
        for k, moves in enumerate(steps, 1):
            expect(page.locator(".lesson-count")).to_contain_text(f" {k} de {len(steps)}")
            expect(page.locator(".lesson-wait")).to_have_count(0)
            if game in IN_SIGHT:
                points_in_sight(page, lesson.steps[k - 1].point or {})
            for move in moves:
                tap(page, move)
        expect(page.locator(".lesson-bubble.finished")).to_be_visible()
        expect(page.locator(".lesson-bubble .lesson-say")).to_have_text("¡Lección completada!")


def test_every_lesson_has_a_path_here():
    from engine.lessons import lessons_of

    for game, table in TABLES.items():
        names = {lesson.id.split("/", 1)[1] for lesson in lessons_of(game)}
        assert names - set(table) <= {"01-robar-y-descartar"}, names - set(table)
        for name, steps in table.items():
            lesson = next(lesson for lesson in lessons_of(game) if lesson.id == f"{game}/{name}")
            assert len(steps) == len(lesson.steps), name


def tren_moves(taps) -> list[dict | None]:
    """The actions a step's taps send (None: Seguir): a tile, then the train it goes on."""
    moves, tile = [], None
    for tap in taps:
        if tap[0] == "card":
            tile = tap[1]
        elif tap[0] == "train":
            moves.append({"type": "play", "tile": tile, "train": tap[1]})
        elif tap[0] == "act":
            moves.append({"type": tap[1]})
        else:
            moves.append(None)
    return moves


@pytest.mark.parametrize("name", TREN)
def test_the_tren_taps_do_each_step_in_the_engine(name):
    """The taps, as the actions they send, take the lesson a step each (a move the step tells
    the learner to try first is refused)."""
    from engine.game import GameError
    from engine.lessons import LEARNER, LessonRun, lesson_by_id
    from engine.registry import GAMES

    lesson = lesson_by_id(f"tren/{name}")
    game, run = lesson.new_game(GAMES["tren"]), LessonRun(lesson)
    for k, taps in enumerate(TREN[name]):
        while (scripted := run.scripted()) is not None:
            game.apply(*scripted)
            run.played_scripted()
        for move in tren_moves(taps):
            if move is None:
                run.read()
                continue
            try:
                on = run.judge(game, LEARNER, move)
            except GameError:
                continue
            game.apply(LEARNER, move)
            if on:
                run.advance()
        assert run.step == k + 1, (name, k, taps)
    assert run.done


class CanastaHand:
    """The actions Canasta's phone hand (static/js/games/canasta/hand.js) sends for the taps,
    as it decides them: a stack's tap takes the whole stack, then one card fewer a tap (a wild
    stack one more card a tap), in the hand's order; Bajar with nothing chosen opens the
    composer with the view's first proposal, else lays one meld at once once you have melded,
    else opens the composer with a meld per rank (the wild cards with the first meld short of
    three); a tap in the composer puts the stack (one wild card) in its last meld, + Otra
    starts another; Coger el montón takes the top card's first two naturals (the composer
    first, before your first meld, with the view's pile_melds); a lit meld, or Añadir then a
    meld, adds the chosen cards; the kitty's choice is sent as it is. A refused send leaves
    the composer as it was."""

    WILD = ("*", "2")

    def __init__(self):
        self.selected: dict[str, int] = {}      # rank -> how many of its cards are chosen
        self.mode: dict | None = None   # {"kind": "compose" or "pile", "slots"}, {"kind": "add"}

    @staticmethod
    def rank(code: str) -> str:
        return "*" if code.startswith("*") else code[:-1]

    @staticmethod
    def entries(view) -> list[tuple[str, str]]:
        """The hand as (id, code), ids as the phone tags them ("Kh#0", "Kh#1")."""
        seen: dict[str, int] = {}
        out = []
        for code in view["hand"]:
            seen[code] = seen.get(code, -1) + 1
            out.append((f"{code}#{seen[code]}", code))
        return out

    def free(self, view, rank: str) -> list[tuple[str, str]]:
        used = {i for slot in (self.mode or {}).get("slots", []) for i in slot}
        return [e for e in self.entries(view) if self.rank(e[1]) == rank and e[0] not in used]

    def chosen(self, view) -> list[tuple[str, str]]:
        ranks = dict.fromkeys(self.rank(code) for code in view["hand"])
        return [e for rank in ranks for e in self.free(view, rank)[:self.selected.get(rank, 0)]]

    def codes(self, view, ids) -> list[str]:
        by_id = dict(self.entries(view))
        return [by_id[i] for i in ids]

    def slots_of(self, view, melds, taken=()) -> list[list[str]]:
        """Melds given as codes (the view's proposals) as slots of the hand's ids."""
        used = set(taken)
        slots = []
        for codes in melds:
            slot = []
            for code in codes:
                i = next(i for i, c in self.entries(view) if c == code and i not in used)
                used.add(i)
                slot.append(i)
            slots.append(slot)
        return slots

    def slots_from_selection(self, view) -> list[list[str]]:
        naturals: dict[str, list[str]] = {}
        wilds = []
        for i, code in self.chosen(view):
            if self.rank(code) in self.WILD:
                wilds.append(i)
            else:
                naturals.setdefault(self.rank(code), []).append(i)
        slots = list(naturals.values()) or [[]]
        next((s for s in slots if len(s) < 3), slots[0]).extend(wilds)
        return slots

    def tap(self, view, move) -> dict | str | None:
        """The action the tap sends, "next" for the guide's Seguir, None for none."""
        kind, arg = move[0], move[1] if len(move) > 1 else None
        if kind == "next":
            return "next"
        if kind == "stack":
            free = self.free(view, arg)
            wild = arg in self.WILD
            if self.mode and self.mode["kind"] in ("compose", "pile"):
                self.mode["slots"][-1].extend(i for i, _ in free[:1 if wild else None])
            elif not self.mode:
                n = self.selected.get(arg, 0)
                if wild:
                    self.selected[arg] = 0 if n >= len(free) else n + 1
                else:
                    self.selected[arg] = n - 1 if n else len(free)
            return None
        if kind == "meld":
            cards = self.mode["codes"] if self.mode else [code for _, code in self.chosen(view)]
            return {"type": "add", "meld": arg, "cards": cards}
        if kind != "act":
            return None                 # the kitty's buttons only show it
        melded = view["players"][LEARNER]["melded"]
        codes = [code for _, code in self.chosen(view)]
        if arg in ("draw", "take_top", "take_kitty", "leave_kitty"):
            return {"type": arg}
        if arg == "discard":
            return {"type": "discard", "card": codes[0]}
        if arg == "add":
            self.mode = {"kind": "add", "codes": codes}
        elif arg == "meld" and not any(self.selected.values()) and view["meld_proposals"]:
            self.mode = {"kind": "compose", "slots": self.slots_of(view, view["meld_proposals"][0])}
        elif arg == "meld":
            slots = self.slots_from_selection(view)
            if melded and len(slots) == 1 and len(slots[0]) >= 3:
                return {"type": "meld", "melds": [self.codes(view, slots[0])]}
            self.mode = {"kind": "compose", "slots": slots}
            self.selected.clear()
        elif arg == "take_pile":
            top = self.rank(view["pile_top"])
            naturals = [i for i, code in self.entries(view) if self.rank(code) == top][:2]
            if melded:
                return {"type": "take_pile", "cards": self.codes(view, naturals)}
            more = self.slots_of(view, view["pile_melds"] or [], naturals)
            self.mode = {"kind": "pile", "slots": [naturals, *(more or [[]])]}
            self.selected.clear()
        elif arg == "another":
            self.mode["slots"].append([])
        elif arg in ("send_meld", "send_pile"):
            melds = [self.codes(view, s) for s in self.mode["slots"]]
            if arg == "send_meld":
                return {"type": "meld", "melds": [m for m in melds if m]}
            rest = [m for m in melds[1:] if m]
            return {"type": "take_pile", "cards": melds[0], **({"melds": rest} if rest else {})}
        elif arg == "cancel":
            self.mode = None
        return None

    def sent(self) -> None:
        """The engine took the action: the hand lets everything go."""
        self.mode = None
        self.selected.clear()


@pytest.mark.parametrize("name", CANASTA)
def test_the_canasta_taps_do_each_step_in_the_engine(name):
    """The taps, as the actions the phone's hand sends for them, take the lesson a step each."""
    from engine.game import GameError
    from engine.lessons import LessonRun, lesson_by_id
    from engine.registry import GAMES

    lesson = lesson_by_id(f"canasta/{name}")
    game, run, hand = lesson.new_game(GAMES["canasta"]), LessonRun(lesson), CanastaHand()
    for k, taps in enumerate(CANASTA[name]):
        while (scripted := run.scripted()) is not None:
            game.apply(*scripted)
            run.played_scripted()
        for tap in taps:
            move = hand.tap(game.view(LEARNER), tap)
            if move == "next":
                run.read()
            elif move is not None:
                try:
                    on = run.judge(game, LEARNER, move)
                except GameError as refused:
                    raise AssertionError((name, k, tap, move, refused.es)) from refused
                game.apply(LEARNER, move)
                hand.sent()
                if on:
                    run.advance()
        assert run.step == k + 1, (name, k, taps)
    assert run.done


# What a Canasta lesson quotes that is not a button: the engine's refusal (tests/engine/
# test_canasta_lessons.py checks that these are its words).
QUOTED_REFUSALS = {"Te faltan 20 puntos para tu primera bajada",
                   "You are 20 points short of your first meld"}
PRESS = {"es": re.compile(r"\b[Pp]ulsa (?:«[^»]+»|(\w+))"),
         "en": re.compile(r"\b[Pp]ress (?:«[^»]+»|(\w+))")}


def canasta_labels() -> dict[str, set[str]]:
    """The Canasta phone's button labels in each language (its strings.js), and the guide's."""
    source = (ROOT / "static/js/games/canasta/strings.js").read_text(encoding="utf-8")
    es, en = source.split("\n  en: {", 1)
    found = {lang: set(re.findall(r'"canasta\.hand\.btn\.\w+": "([^"]+)"', block))
             for lang, block in (("es", es), ("en", en))}
    return {"es": found["es"] | {"Seguir"}, "en": found["en"] | {"Next"}}


@pytest.mark.parametrize("name", CANASTA)
def test_the_canasta_lessons_name_the_buttons_as_the_phone_labels_them(name):
    """A button a lesson tells the learner to press reads on the phone as the lesson says, in
    Spanish and in English: «quoted» when its label has several words."""
    from engine.lessons import lesson_by_id

    labels = canasta_labels()
    for step in lesson_by_id(f"canasta/{name}").steps:
        for words in (step.say, step.hint, step.wrong):
            for lang in ("es", "en"):
                text = getattr(words, lang) if words else ""
                quoted = set(re.findall(r"«([^»]+)»", text)) - QUOTED_REFUSALS
                pressed = {word for word in PRESS[lang].findall(text) if word}
                assert quoted | pressed <= labels[lang], (name, lang, text)
