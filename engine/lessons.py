"""Guided lessons ("Aprende jugando"): a short game with a scripted deal, scripted opponents
and one rule per step, played in the real game.

A lesson is data: `engine/<game>/lessons/NN-name.json`. This module loads it and follows a
game through it. For each step it says what the screen shows (the words, what to point at, the
hint after a pause), hands the server the opponents' scripted moves (`before` the learner's
move), and judges the learner's move: what the step asks for goes through, another legal move
is answered with the step's explanation, an illegal one with the game's own refusal. It decides
no rule: the game applies every move.

    {"title": {"es": "...", "en": "..."}, "summary": {...}, "players": 3,
     "names": [{"es": "Robotina", "en": "Robotina"}, ...],     the opponents, seat 1 on
     "options": {...}, "deal": {...},                           the game's `_deal` option
     "steps": [{"say": {...}, "point": {"act": "draw"}, "expect": {"type": "draw"},
                "allow": ["sort"], "hint": {...}, "wrong": {...}, "before": [[1, {...}], ...]}]}

`expect` is an action the learner's move must match: its type and any field given (card lists
match in any order; `{"any": [...]}` for one of several values), and with
`"table_has": [["5c", "6c", "7c"], ...]` the combinations the
table must hold once the move is made; `{"type": "next"}` is a step that is only read (the
screen's Seguir).
`allow` lists action types the learner may use freely meanwhile (editing a working copy).
`before` are (seat, action) moves played first, seat null for the game's own (a timer's).
`example` (for the tests) are the learner's moves that do the step, when `expect` alone is not
a whole move.
"""
from __future__ import annotations

import copy
import json
from dataclasses import dataclass
from pathlib import Path

from engine.game import GameError
from engine.messages import Words, refuse, register

LEARNER = 0
NEXT = "next"
TABLE_HAS = "table_has"     # in `expect`: combinations the table must hold after the move
HINT_AFTER = 8.0            # seconds of hesitation before the hint shows
# What a step may point at (the screen finds each by an attribute: shell/lesson.js TARGETS).
POINTS = ("act", "card", "meld", "group", "pile", "ring", "seat", "tool", "join", "new", "loose",
          "table_card", "train", "hub", "kitty")

register({
    "lesson_wrong": ("{why}", "{why}"),
    "lesson_wait": ("Un momento: ahora juegan los demás.", "One moment: the others are playing."),
    "lesson_read": ("Lee y pulsa Seguir.", "Read, then press Next."),
    "lesson_over": ("La lección ha terminado.", "The lesson is over."),
    "lesson_not_yours": ("En la lección solo juegas tú.", "In a lesson only you play."),
})


def _words(value, where: str) -> Words:
    if not (isinstance(value, dict) and isinstance(value.get("es"), str)
            and isinstance(value.get("en"), str)):
        raise ValueError(f"{where}: words need 'es' and 'en'")
    return Words(value["es"], value["en"])


def _canon(value):
    """A field's value for matching: lists in any order, nested lists too."""
    if isinstance(value, (list, tuple)):
        return sorted((_canon(v) for v in value), key=repr)
    return value


def _field_matches(value, wanted) -> bool:
    """A field of the move against the step's: equal (lists in any order), or one of
    `{"any": [...]}` (any of the three sevens, say)."""
    if isinstance(wanted, dict) and set(wanted) == {"any"}:
        return any(_canon(value) == _canon(option) for option in wanted["any"])
    return _canon(value) == _canon(wanted)


@dataclass(frozen=True)
class Step:
    say: Words
    expect: dict
    point: dict | None = None
    allow: tuple[str, ...] = ()
    hint: Words | None = None
    wrong: Words | None = None
    before: tuple[tuple[int | None, dict], ...] = ()
    example: tuple[dict, ...] = ()      # the learner's moves that do the step (for the tests)

    @classmethod
    def from_data(cls, data: dict, where: str) -> "Step":
        expect = data.get("expect")
        if not isinstance(expect, dict) or not isinstance(expect.get("type"), str):
            raise ValueError(f"{where}: 'expect' needs a type")
        point = data.get("point")
        if point is not None and not (isinstance(point, dict) and set(point) <= set(POINTS)):
            raise ValueError(f"{where}: 'point' names one of {POINTS}")
        before = tuple((seat, dict(action)) for seat, action in data.get("before", []))
        whole = [expect] if expect["type"] != NEXT else []
        example = tuple(dict(a) for a in data.get("example", whole))
        return cls(
            say=_words(data.get("say"), f"{where}.say"), expect=dict(expect), point=point,
            allow=tuple(data.get("allow", ())),
            hint=_words(data["hint"], f"{where}.hint") if "hint" in data else None,
            wrong=_words(data["wrong"], f"{where}.wrong") if "wrong" in data else None,
            before=before, example=example)

    def matches(self, game, action: dict) -> bool:
        """Whether `action` (as the learner sent it) is the move this step asks for: its
        fields, and with `table_has` the combinations the table must hold once it is made
        (the learner's own arrangement of a working copy, say)."""
        try:
            done = game.parse_action(action).to_dict()
        except GameError:
            return False
        fields = {k: v for k, v in self.expect.items() if k != TABLE_HAS}
        if not all(_field_matches(done.get(key), value) for key, value in fields.items()):
            return False
        wanted = self.expect.get(TABLE_HAS)
        if not wanted:
            return True
        trial = copy.deepcopy(game, {id(game.log): []})
        try:
            trial.apply(LEARNER, action)
        except GameError:
            return False
        table = [_canon(group["cards"]) for group in trial.view(LEARNER)["table"]]
        return all(_canon(group) in table for group in wanted)

    def public(self) -> dict:
        return {"say": self.say.__dict__, "point": self.point,
                "read_only": self.expect["type"] == NEXT,
                "hint": self.hint.__dict__ if self.hint else None, "hint_after": HINT_AFTER}


@dataclass(frozen=True)
class Lesson:
    id: str                  # "<game>/<file stem>"
    game: str
    number: int
    title: Words
    summary: Words
    players: int
    names: tuple[Words, ...]
    options: dict
    deal: dict
    steps: tuple[Step, ...]

    @classmethod
    def from_data(cls, game: str, stem: str, data: dict) -> "Lesson":
        where = f"{game}/{stem}"
        names = tuple(_words(n, f"{where}.names") for n in data.get("names", []))
        players = data.get("players", len(names) + 1)
        if len(names) != players - 1:
            raise ValueError(f"{where}: one name per opponent")
        steps = tuple(Step.from_data(s, f"{where}.steps[{i}]") for i, s in enumerate(data["steps"]))
        if not steps:
            raise ValueError(f"{where}: a lesson has steps")
        return cls(id=f"{game}/{stem}", game=game, number=int(stem.split("-", 1)[0]),
                   title=_words(data.get("title"), f"{where}.title"),
                   summary=_words(data.get("summary"), f"{where}.summary"),
                   players=players, names=names, options=dict(data.get("options", {})),
                   deal=dict(data["deal"]), steps=steps)

    def new_game(self, game_class):
        """The game at the lesson's start: its options and its deal, before any step."""
        return game_class.new(self.players, {**self.options, "_deal": self.deal}, seed=0)

    def catalogue(self) -> dict:
        return {"id": self.id, "game": self.game, "number": self.number,
                "title": self.title.__dict__, "summary": self.summary.__dict__,
                "steps": len(self.steps)}


def lessons_of(game: str, folder: Path | None = None) -> list[Lesson]:
    """The lessons of `game`, in their order (none when the game has no lessons folder)."""
    folder = folder or Path(__file__).parent / game / "lessons"
    if not folder.is_dir():
        return []
    return [Lesson.from_data(game, path.stem, json.loads(path.read_text(encoding="utf-8")))
            for path in sorted(folder.glob("*.json"))]


_BY_ID: dict[str, Lesson] = {}


def lesson_by_id(lesson_id) -> Lesson | None:
    """The lesson `<game>/<name>`, or None when there is no such lesson."""
    if not isinstance(lesson_id, str) or "/" not in lesson_id:
        return None
    if lesson_id not in _BY_ID:
        game = lesson_id.split("/", 1)[0]
        if not game.isidentifier():
            return None
        for lesson in lessons_of(game):
            _BY_ID[lesson.id] = lesson
    return _BY_ID.get(lesson_id)


class LessonRun:
    """Where a game is in its lesson: the step, and how many of its `before` moves are played."""

    def __init__(self, lesson: Lesson, step: int = 0, played: int = 0):
        self.lesson = lesson
        self.step = step
        self.played = played

    @property
    def done(self) -> bool:
        return self.step >= len(self.lesson.steps)

    @property
    def current(self) -> Step | None:
        return None if self.done else self.lesson.steps[self.step]

    def scripted(self) -> tuple[int | None, dict] | None:
        """The next scripted move to play before the learner's, or None."""
        step = self.current
        if step is None or self.played >= len(step.before):
            return None
        return step.before[self.played]

    def played_scripted(self) -> None:
        self.played += 1

    def waiting(self) -> bool:
        return self.scripted() is not None

    def judge(self, game, seat, action) -> bool:
        """Raise GameError unless the learner may make `action` now. True when it is the
        step's move (the step is done once it is applied: `advance`), False for an allowed
        move that leaves the step where it is."""
        step = self.current
        if step is None:
            raise refuse("lesson_over")
        if seat != LEARNER:
            raise refuse("lesson_not_yours")
        if self.waiting():
            raise refuse("lesson_wait")
        if step.expect["type"] == NEXT:
            raise refuse("lesson_read")
        if step.matches(game, action):
            return True
        game.check(seat, action)          # an illegal move gets the game's own reason
        kind = action.get("type") if isinstance(action, dict) else None
        if kind in step.allow:
            return False
        raise refuse("lesson_wrong", why=step.wrong or step.say)

    def advance(self) -> None:
        self.step += 1
        self.played = 0

    def read(self) -> None:
        """The learner pressed Seguir on a step that is only read."""
        step = self.current
        if step is None:
            raise refuse("lesson_over")
        if self.waiting():
            raise refuse("lesson_wait")
        if step.expect["type"] != NEXT:
            raise refuse("lesson_wrong", why=step.say)
        self.advance()

    def summary(self) -> dict:
        """Which lesson, and how far: for the lists of games to carry on with."""
        return {"id": self.lesson.id, "title": self.lesson.title.__dict__, "step": self.step,
                "steps": len(self.lesson.steps)}

    def public(self) -> dict:
        step = self.current
        return {"id": self.lesson.id, "title": self.lesson.title.__dict__, "step": self.step,
                "steps": len(self.lesson.steps), "done": self.done, "waiting": self.waiting(),
                **(step.public() if step else {})}

    def to_record(self) -> dict:
        return {"id": self.lesson.id, "step": self.step, "played": self.played}

    @classmethod
    def from_record(cls, record: dict) -> "LessonRun":
        lesson = lesson_by_id(record["id"])
        if lesson is None:
            raise ValueError(f"unknown lesson {record['id']!r}")
        step, played = int(record["step"]), int(record["played"])
        if not 0 <= step <= len(lesson.steps):
            raise ValueError("the lesson has no such step")
        return cls(lesson, step, played)
