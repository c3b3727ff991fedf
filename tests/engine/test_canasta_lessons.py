"""Canasta Ferroviaria's lessons (engine/canasta/lessons): short, with cards named in words
as the engine names them, each step pointing at what it asks for, and each lesson showing what
its title says in the engine's own state at the step that teaches it. (tests/engine/
test_lessons.py plays every lesson along its script and tries wrong moves at every step.)"""
from __future__ import annotations

import re

import pytest

from engine.canasta import Canasta
from engine.cards import FRENCH
from engine.game import GameError
from engine.lessons import LEARNER, NEXT, POINTS, LessonRun, lessons_of

LESSONS = {lesson.id.split("/", 1)[1]: lesson for lesson in lessons_of("canasta")}
OPPONENTS = {"Robotina", "Chispas"}         # as the other games' lessons name them
# A card code as the French notation writes it ("Kh", "10d", "2c", "*"); "el As de picas" is
# the ace's name in words.
CODE = re.compile(r"(?<![\w«'])(?:10|[2-9AJQK])[shdc](?![\w']| de )|\*")
ACTS = {"draw", "take_pile", "take_top", "meld", "add", "discard", "no_discard", "take_kitty",
        "leave_kitty"}


def all_words(lesson):
    yield lesson.title
    yield lesson.summary
    for step in lesson.steps:
        yield from (w for w in (step.say, step.hint, step.wrong) if w is not None)


def play_to(lesson, upto: int, script: bool = True):
    """The lesson's game with steps 0..upto-1 done and (with `script`) step `upto`'s
    scripted moves played."""
    game = lesson.new_game(Canasta)
    run = LessonRun(lesson)
    while run.step < upto:
        for move in lesson.steps[run.step].before:
            game.apply(*move)
        for action in run.current.example:
            game.apply(LEARNER, action)
        run.advance()
    if script and upto < len(lesson.steps):
        for move in lesson.steps[upto].before:
            game.apply(*move)
    return game


def refusal(game, seat, action) -> GameError:
    with pytest.raises(GameError) as refused:
        game.apply(seat, action)
    return refused.value


def test_the_seven_lessons_cover_the_issues_points_in_order():
    assert list(LESSONS) == ["01-combinaciones-y-comodines", "02-primera-bajada",
                             "03-coger-el-monton", "04-monton-congelado",
                             "05-treses-rojos-y-negros", "06-el-gatito",
                             "07-cuatro-canastas-y-salir"]


@pytest.mark.parametrize("name", LESSONS)
def test_a_lesson_is_short_with_two_or_three_players_and_named_opponents(name):
    lesson = LESSONS[name]
    assert 4 <= len(lesson.steps) <= 7
    assert lesson.players in (2, 3)
    assert {n.es for n in lesson.names} <= OPPONENTS
    for step in lesson.steps:
        if step.expect["type"] != NEXT:
            assert step.point and step.hint and step.wrong, (name, step.say.es)
            assert step.point.get("act", step.expect["type"]) == step.expect["type"], name
        assert set(step.point or {}) <= set(POINTS)


@pytest.mark.parametrize("name", LESSONS)
def test_a_lesson_names_cards_in_words_never_as_codes(name):
    for words in all_words(LESSONS[name]):
        for text in (words.es, words.en):
            assert len(text.split()) <= 22, text
            assert not CODE.search(text), text


@pytest.mark.parametrize("name", LESSONS)
def test_a_step_with_a_card_names_it_as_the_engine_does_and_points_at_it(name):
    for index, step in enumerate(LESSONS[name].steps):
        kind = step.expect["type"]
        assert step.point is None or step.point.get("act") in (None, *ACTS), name
        cards = {"discard": [step.expect.get("card")], "add": step.expect.get("cards")}.get(kind)
        if kind == "add":
            assert step.point["meld"] == step.expect["meld"], name
        for code in cards or ():
            named = FRENCH.words(FRENCH.parse(code))
            assert named.es.lower() in f"{step.say.es} {step.hint.es}".lower(), (name, code)
            assert named.en.lower() in f"{step.say.en} {step.hint.en}".lower(), (name, code)
            assert step.point["card"] == code, name
        if kind == "meld" and "card" in step.point:
            assert step.point["card"] in step.expect["melds"][0], name
        elif kind == "meld":           # «Bajar» alone: the engine's first proposal is the play
            view = play_to(LESSONS[name], index).view(LEARNER)
            assert sorted(map(sorted, view["meld_proposals"][0])) == \
                sorted(map(sorted, step.expect["melds"])), name


def test_lesson_1_melds_with_wilds_and_refuses_a_fourth_wild():
    lesson = LESSONS["01-combinaciones-y-comodines"]
    game = play_to(lesson, 3)
    kings = next(m for m in game.view(None)["melds"] if m["rank"] == "K")
    assert kings["wilds"] == 2 and kings["count"] == 4
    game = play_to(lesson, 4)
    assert next(m for m in game.view(None)["melds"] if m["id"] == 2)["wilds"] == 3
    refused = refusal(game, LEARNER, {"type": "add", "meld": 2, "cards": ["*"]})
    assert refused.code == "too_many_wilds" and "Como mucho 3 comodines" in refused.es
    refused = refusal(play_to(lesson, 2), LEARNER, {"type": "meld", "melds": [["Kh", "*", "*"]]})
    assert refused.code == "too_few_naturals"


def test_lesson_2_quotes_the_engines_refusal_below_the_requirement_then_meets_it():
    lesson = LESSONS["02-primera-bajada"]
    game = play_to(lesson, 2)
    assert game.view(None)["players"][LEARNER]["requirement"] == 50
    refused = refusal(game, LEARNER, {"type": "meld", "melds": [["Kh", "Kd", "Ks"]]})
    assert refused.code == "requirement_not_met"
    told = lesson.steps[2].say
    quoted_es = re.search(r"«(.+)»", told.es)[1]
    quoted_en = re.search(r"«(.+)»", told.en)[1]
    assert refused.es.startswith(quoted_es) and refused.en.startswith(quoted_en)
    game = play_to(lesson, 3)
    mine = [m for m in game.view(None)["melds"] if m["owner"] == LEARNER]
    assert [m["rank"] for m in mine] == ["K", "8"]
    assert game.view(None)["players"][LEARNER]["melded"]


def test_lesson_3_takes_the_whole_pile_then_just_the_top_card():
    lesson = LESSONS["03-coger-el-monton"]
    game = play_to(lesson, 0)
    assert game.view(None)["pile_top"] == "Qd" and game.view(None)["pile"] == 5
    game = play_to(lesson, 1)
    view = game.view(LEARNER)
    assert view["pile"] == 0
    assert any(m["rank"] == "Q" and m["count"] == 3 for m in view["melds"])
    assert {"5d", "10h", "7s", "6c"} <= set(view["hand"])      # the rest of the pile
    game = play_to(lesson, 2)
    assert not game.view(None)["frozen"] and "take_top" in game.view(LEARNER)["allowed"]
    game = play_to(lesson, 3)
    nines = next(m for m in game.view(None)["melds"] if m["id"] == 2)
    assert nines["cards"][-1] == "9h" and nines["count"] == 4


def test_lesson_4_freezes_the_pile_with_a_wild_and_takes_it_only_whole():
    lesson = LESSONS["04-monton-congelado"]
    game = play_to(lesson, 1)
    assert game.view(None)["frozen"] and game.view(None)["pile_top"] == "2s"
    assert refusal(game, LEARNER, {"type": "take_pile", "cards": ["10s", "10h"]}).code \
        == "pile_top_wild"
    game = play_to(lesson, 3)
    assert game.view(None)["frozen"] and game.view(None)["pile_top"] == "10d"
    assert refusal(game, LEARNER, {"type": "take_top"}).code == "pile_frozen"
    assert "take_pile" in game.view(LEARNER)["allowed"]
    game = play_to(lesson, 4)
    assert not game.view(None)["frozen"] and game.view(None)["pile"] == 0
    assert next(m for m in game.view(None)["melds"] if m["id"] == 2)["count"] == 6


def test_lesson_5_lays_a_red_three_at_once_and_blocks_the_next_player_with_a_black_three():
    lesson = LESSONS["05-treses-rojos-y-negros"]
    game = play_to(lesson, 1)
    view = game.view(LEARNER)
    assert view["players"][LEARNER]["red_threes"] == ["3h"]
    assert "3h" not in view["hand"] and len(view["hand"]) == 15     # and another card drawn
    game = play_to(lesson, 3, script=False)
    assert game.view(None)["blocked"] and game.view(None)["pile_top"] == "3c"
    assert refusal(game, 1, {"type": "take_pile", "cards": ["Jd", "Js"]}).code \
        == "pile_blocked_black_three"
    game = play_to(lesson, 3)
    assert not game.view(None)["blocked"] and game.view(None)["pile_top"] == "4s"


def test_lesson_6_shows_the_kitty_after_a_red_canasta_and_offers_it_after_the_discard():
    lesson = LESSONS["06-el-gatito"]
    game = play_to(lesson, 1)
    assert game.view(LEARNER)["kitty_cards"] is None          # not before the canasta
    game = play_to(lesson, 2)
    view = game.view(LEARNER)
    assert view["players"][LEARNER]["canastas"]["red"] == 1
    assert view["players"][LEARNER]["kitty_seen"] and len(view["kitty_cards"]) == 11
    assert game.view(1).get("kitty_cards") is None            # Robotina sees only hers
    kitty = sorted(view["kitty_cards"])
    game = play_to(lesson, 4)
    view = game.view(LEARNER)
    assert view["phase"] == "kitty" and view["allowed"] == ["take_kitty", "leave_kitty"]
    assert not view["players"][LEARNER]["kitty_taken"]
    left = play_to(lesson, 5)
    left.apply(LEARNER, "leave_kitty")        # the other choice: the lesson explains it
    assert left.view(None)["players"][LEARNER]["kitty_left"]
    game = play_to(lesson, 6)
    view = game.view(LEARNER)
    assert view["players"][LEARNER]["kitty_taken"] and view["players"][LEARNER]["kitty"] == 0
    hand = list(view["hand"])
    for card in kitty:
        hand.remove(card)                  # every kitty card is in the hand now


def test_lesson_7_finishes_the_fourth_kind_and_goes_out_discarding_the_last_card():
    lesson = LESSONS["07-cuatro-canastas-y-salir"]
    game = play_to(lesson, 1)
    canastas = game.view(None)["players"][LEARNER]["canastas"]
    assert canastas == {"red": 1, "black": 1, "wild": 1, "sevens": 0}
    game = play_to(lesson, 2)
    assert all(game.view(None)["players"][LEARNER]["canastas"].values())
    game = play_to(lesson, 4)
    assert game.view(LEARNER)["hand"] == ["5c"]
    game = play_to(lesson, len(lesson.steps))
    view = game.view(None)
    assert view["phase"] in ("round_over", "game_over") and view["last_round"]["out"] == LEARNER
    assert view["last_round"]["breakdown"][LEARNER]["going_out"] == 100


def test_going_out_is_refused_without_the_four_kinds_or_on_a_seven():
    """What lesson 7's words say the engine refuses: running out of cards before the sevens
    canasta, and a 7 as the last card."""
    deal = LESSONS["07-cuatro-canastas-y-salir"].deal
    start = {**deal, "hands": ["9s 9d 9h 7h", deal["hands"][1]], "stock": "", "phase": "play"}
    game = Canasta.new(2, {"_deal": start})
    refused = refusal(game, LEARNER, {"type": "meld", "melds": [["9s", "9d", "9h"]]})
    assert refused.code == "cannot_go_out" and "de sietes" in refused.es
    sevens = [[o, "7s 7s 7c 7c 7d 7d 7h" if c.startswith("7") else c] for o, c in deal["melds"]]
    game = Canasta.new(2, {"_deal": {**start, "hands": ["9s 9d 9h 7c", deal["hands"][1]],
                                     "melds": sevens}})
    refused = refusal(game, LEARNER, {"type": "meld", "melds": [["9s", "9d", "9h"]]})
    assert refused.code == "last_discard_seven"
