"""The lessons' taps (lesson_paths.py) replayed through the engine, without a browser: for Tren
Mexicano and Canasta Ferroviaria, the actions the phone sends for them take the lesson a step
each; Canasta's lessons name the buttons as the phone labels them."""

from __future__ import annotations

import re

import pytest

from engine.lessons import LEARNER
from tests.browser.lesson_paths import CANASTA, TREN
from tests.live import ROOT


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
