"""Every lesson of every game, played along its scripted path: each scripted move is legal, each
step is done by its expected move and only by it, and a wrong move at any step is refused (with
the game's own reason or the step's explanation) and changes nothing."""
from __future__ import annotations

import copy

import pytest

from engine.game import GameError
from engine.lessons import LEARNER, NEXT, LessonRun, lessons_of
from engine.registry import GAMES
from tests.engine.test_messages import CARD_CODE, IDENTIFIER

LESSONS = [lesson for name in GAMES for lesson in lessons_of(name)]


def public(game):
    return [game.view(seat) for seat in range(game.players)], list(game.log)


def wrong_moves(game) -> list[dict]:
    """Moves a learner could try: every simple action of the game, each card in hand
    discarded, for the games that discard, each tile in hand on every train, for the
    games of trains, and for Canasta's melds of one rank the moves with cards."""
    moves = [{"type": action.type} for action in game.ACTIONS]
    view = game.view(LEARNER)
    hand = view.get("hand") or []
    moves += [{"type": "discard", "card": card} for card in hand]
    if "trains" in view:
        trains = [*range(game.players), "mexican"]
        moves += [{"type": "play", "tile": tile, "train": key} for tile in hand for key in trains]
    if "pile_top" in view:
        moves += canasta_moves(view)
    return moves


def canasta_moves(view) -> list[dict]:
    """Each rank's first two cards shown to take the pile, its first three melded (all of a
    rank's cards too), and each card of the hand added to each of the learner's melds."""
    by_rank: dict[str, list[str]] = {}
    for card in view["hand"]:
        by_rank.setdefault(card[:-1] or card, []).append(card)
    moves = []
    for cards in by_rank.values():
        moves.append({"type": "take_pile", "cards": cards[:2] * (2 if len(cards) == 1 else 1)})
        moves += [{"type": "meld", "melds": [group]} for group in (cards[:3], cards)]
    mine = [meld["id"] for meld in view["melds"] if meld["owner"] == LEARNER]
    moves += [{"type": "add", "meld": meld, "cards": [card]}
              for meld in mine for card in view["hand"]]
    return moves


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.id)
def test_a_lesson_plays_along_its_script(lesson):
    game = lesson.new_game(GAMES[lesson.game])
    run = LessonRun(lesson)
    while not run.done:
        step = run.current
        while (move := run.scripted()) is not None:
            with pytest.raises(GameError):       # the learner waits for the script
                run.judge(game, LEARNER, step.example[0] if step.example else {"type": "draw"})
            game.apply(*move)
            run.played_scripted()
        if step.expect["type"] == NEXT:
            run.read()
            continue
        for action in wrong_moves(game):
            if step.matches(game, action) or action["type"] in step.allow:
                continue
            before = public(game)
            with pytest.raises(GameError) as refused:
                run.judge(game, LEARNER, action)
            assert refused.value.code != "lesson_wait"
            assert public(game) == before, (lesson.id, run.step, action)
        *allowed, last = step.example
        for action in allowed:
            assert run.judge(game, LEARNER, action) is False, (lesson.id, run.step, action)
            game.apply(LEARNER, action)
        assert run.judge(game, LEARNER, last) is True, (lesson.id, run.step, last)
        game.apply(LEARNER, last)
        assert game.audit() == []
        run.advance()
    assert run.public()["done"]


def test_every_game_with_lessons_numbers_them_from_one():
    for name in GAMES:
        numbers = [lesson.number for lesson in lessons_of(name)]
        assert numbers == list(range(1, len(numbers) + 1)), name


def test_a_step_says_little_in_words_a_player_reads():
    for lesson in LESSONS:
        for step in lesson.steps:
            for words in (step.say, step.hint, step.wrong):
                if words is not None:
                    assert len(words.es.split()) <= 22 and len(words.en.split()) <= 22, words
                    assert words.es != words.en, words
                    for text in (words.es, words.en):
                        assert not CARD_CODE.search(text) and not IDENTIFIER.search(text), text


def test_the_wrong_move_is_explained_with_the_steps_words_and_the_right_one_goes_through():
    lesson = next(lesson for lesson in LESSONS if lesson.id == "ferrocarril/01-robar-y-descartar")
    game = lesson.new_game(GAMES["ferrocarril"])
    run = LessonRun(lesson)
    for move in lesson.steps[0].before:
        game.apply(*move)
        run.played_scripted()
    with pytest.raises(GameError) as refused:
        run.judge(game, LEARNER, {"type": "buy"})          # legal, but not this step's move
    assert refused.value.code == "lesson_wrong" and refused.value.es == lesson.steps[0].wrong.es
    with pytest.raises(GameError) as refused:
        run.judge(game, LEARNER, {"type": "discard", "card": "2b"})   # illegal now
    assert refused.value.code != "lesson_wrong"
    with pytest.raises(GameError) as refused:
        run.judge(game, 1, {"type": "pass"})                  # not the learner's seat
    assert refused.value.code == "lesson_not_yours"
    assert run.judge(game, LEARNER, {"type": "pass"}) is True


def test_a_lesson_run_is_kept_as_a_record():
    lesson = LESSONS[0]
    run = LessonRun(lesson, step=2, played=1)
    again = LessonRun(lesson, **{k: v for k, v in run.to_record().items() if k != "id"})
    assert again.to_record() == run.to_record() == {"id": lesson.id, "step": 2, "played": 1}
    assert copy.copy(run.public()) == again.public()


def test_a_step_may_take_any_of_several_cards():
    lesson = next(lesson for lesson in LESSONS if lesson.id == "manipulacion/01-trio-y-escalera")
    game = lesson.new_game(GAMES["manipulacion"])
    run = LessonRun(lesson)
    for seven in ("7h", "7s", "7d"):
        move = {"type": "move", "card": seven, "from": "hand", "to": "new"}
        assert run.judge(game, LEARNER, move)
    with pytest.raises(GameError) as refused:
        run.judge(game, LEARNER, {"type": "move", "card": "9c", "from": "hand", "to": "new"})
    assert refused.value.code == "lesson_wrong" and "trío" in refused.value.es
