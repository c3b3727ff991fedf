"""Tren Mexicano's lessons (engine/tren/lessons): short, with tiles named in words, each step
pointing at the tile and the train it asks for, and each lesson showing what its title says:
the engine's own state at the step that teaches it. (tests/engine/test_lessons.py plays every
lesson along its script and tries every wrong move at every step.)"""
from __future__ import annotations

import re

import pytest

from engine import dominoes
from engine.game import GameError
from engine.lessons import LEARNER, NEXT, LessonRun, lessons_of
from engine.tren import Tren

LESSONS = {lesson.id.split("/", 1)[1]: lesson for lesson in lessons_of("tren")}
OPPONENTS = {"Robotina", "Chispas"}         # as the other games' lessons name them
TILE_TEXT = re.compile(r"(?<![\w-])(\d{1,2})-(\d{1,2})(?![\w-])")
ARTICLE = re.compile(r"\b(el|del|al|the)\s+$", re.I)


def all_words(lesson):
    yield lesson.title
    yield lesson.summary
    for step in lesson.steps:
        yield from (w for w in (step.say, step.hint, step.wrong) if w is not None)


def play_to(lesson, upto: int):
    """The lesson's game with steps 0..upto-1 done and step `upto`'s script played."""
    game = lesson.new_game(Tren)
    run = LessonRun(lesson)
    while run.step < upto:
        for move in lesson.steps[run.step].before:
            game.apply(*move)
        if run.current.expect["type"] == NEXT:
            run.advance()
            continue
        for action in run.current.example:
            game.apply(LEARNER, action)
        run.advance()
    for move in lesson.steps[upto].before if upto < len(lesson.steps) else ():
        game.apply(*move)
    return game


def test_the_six_lessons_cover_the_issues_points_in_order():
    assert list(LESSONS) == ["01-primer-turno", "02-casar-los-extremos", "03-dobles",
                             "04-marcadores", "05-tren-mexicano", "06-final-y-puntos"]


@pytest.mark.parametrize("name", LESSONS)
def test_a_lesson_is_short_with_two_or_three_players_and_named_opponents(name):
    lesson = LESSONS[name]
    assert 4 <= len(lesson.steps) <= 8
    assert lesson.players in (2, 3)
    assert {n.es for n in lesson.names} <= OPPONENTS
    for step in lesson.steps:
        if step.expect["type"] != NEXT:
            assert step.point and step.hint and step.wrong, (name, step.say.es)


@pytest.mark.parametrize("name", LESSONS)
def test_a_lesson_names_tiles_in_words_never_as_codes(name):
    for words in all_words(LESSONS[name]):
        for text in (words.es, words.en):
            assert len(text.split()) <= 22, text
            for found in TILE_TEXT.finditer(text):
                high, low = int(found[1]), int(found[2])
                tile = dominoes.tile(high, low)
                assert not tile.is_double, f"a double is 'el doble {high}': {text}"
                assert dominoes.tile_text(tile) == found[0], f"higher number first: {text}"
                assert ARTICLE.search(text[:found.start()]), f"'el {found[0]}': {text}"


@pytest.mark.parametrize("name", LESSONS)
def test_a_play_step_names_its_tile_and_points_at_it_and_its_train(name):
    for step in LESSONS[name].steps:
        if step.expect["type"] != "play":
            continue
        tiles = step.expect["tile"]
        tiles = tiles["any"] if isinstance(tiles, dict) else [tiles]
        for text in tiles:
            named = dominoes.words(dominoes.parse(text))
            assert named.es in f"{step.say.es} {step.hint.es}".lower(), (name, text)
            assert named.en in f"{step.say.en} {step.hint.en}".lower(), (name, text)
        assert step.point["train"] == step.expect["train"], name
        if len(tiles) == 1:
            assert step.point["card"] == tiles[0], name


def test_lesson_1_opens_the_round_with_the_highest_double_and_starts_every_train_from_it():
    lesson = LESSONS["01-primer-turno"]
    assert "start" not in lesson.options             # the game's default: the text's start
    game = play_to(lesson, 1)
    view = game.view(LEARNER)
    assert view["hub"] == "12-12" and view["first_turn"] and view["fits"]["12-5"] == [0]
    assert [e["seat"] for e in view["events"] if e["type"] == "hub"] == [LEARNER]
    assert view["opening"] and view["allowed"] == ["play", "pass"]     # or end the turn
    assert not any(train["started"] for train in view["trains"])
    game = play_to(lesson, 2)
    assert [t["tiles"] for t in game.view(None)["trains"]] == [["12-5"], ["12-9"], ["12-3"]]


def test_lesson_2_refuses_the_tile_that_does_not_match_with_the_games_words():
    game = play_to(LESSONS["02-casar-los-extremos"], 1)
    with pytest.raises(GameError) as refused:
        game.apply(LEARNER, {"type": "play", "tile": "9-4", "train": 0})
    assert refused.value.code == "tile_does_not_fit"
    assert "el 9-4" in refused.value.es.lower() and "un 8" in refused.value.es
    game = play_to(LESSONS["02-casar-los-extremos"], 3)
    assert game.view(None)["trains"][0]["tiles"] == ["12-8", "8-3", "3-10"]


def test_lesson_3_covers_doubles_by_the_player_then_by_the_next_ones():
    lesson = LESSONS["03-dobles"]
    assert play_to(lesson, 1).view(None)["open_double"]["train"] == 0      # your own
    view = play_to(lesson, 2).view(None)
    assert view["open_double"]["tile"] == "6-6" and view["trains"][2]["marker"]
    game = play_to(lesson, 3)
    view = game.view(LEARNER)
    assert view["open_double"]["tile"] == "10-10" and not any(view["fits"].values())
    assert view["allowed"] == ["draw"]
    game = play_to(lesson, 4)
    assert game.view(LEARNER)["fits"]["10-3"] == [1]
    assert play_to(lesson, 5).view(None)["open_double"] is None


def test_lesson_4_puts_the_marker_out_opens_a_train_and_takes_the_marker_off():
    lesson = LESSONS["04-marcadores"]
    game = play_to(lesson, 2)
    assert game.view(None)["trains"][0]["marker"]
    assert game.view(None)["trains"][0]["tiles"] == ["12-4", "4-9"]     # Robotina's tile
    game = play_to(lesson, 3)
    assert game.view(None)["trains"][2]["marker"]
    assert 2 in game.view(LEARNER)["fits"]["6-2"]
    game = play_to(lesson, 5)
    assert not game.view(None)["trains"][0]["marker"]


def test_lesson_5_starts_the_mexican_train_only_after_your_own():
    lesson = LESSONS["05-tren-mexicano"]
    game = play_to(lesson, 0)
    assert game.view(None)["hub"] == "12-12" and game.view(None)["opening"]   # yours
    with pytest.raises(GameError) as refused:
        game.apply(LEARNER, {"type": "play", "tile": "12-8", "train": "mexican"})
    assert refused.value.code == "own_train_first"
    game = play_to(lesson, 2)
    assert game.view(None)["mexican"]["tiles"] == ["12-8", "8-11"]      # Robotina's on it
    assert play_to(lesson, 3).view(None)["mexican"]["tiles"][-1] == "11-3"


def test_lesson_6_goes_out_and_its_words_give_the_engines_scores():
    lesson = LESSONS["06-final-y-puntos"]
    game = play_to(lesson, len(lesson.steps))
    view = game.view(None)
    assert view["phase"] == "game_over" and view["last_round"]["winner"] == LEARNER
    points, totals = view["last_round"]["points"], view["last_round"]["totals"]
    assert points[LEARNER] == 0 and view["result"]["winners"] == [LEARNER]
    told = lesson.steps[-1].say
    for number in (points[1], points[2], totals[LEARNER]):
        assert str(number) in told.es and str(number) in told.en
