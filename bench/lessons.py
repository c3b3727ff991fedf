"""How long each lesson takes, estimated from its script: the computer's scripted moves at the
default pace, the time to read each bubble, and the learner's moves.

    python -m bench.lessons [--bot-delay 1.0] [--words-per-second 2] [--seconds-per-move 4]

A learner's move is counted from the step's example path (a discard, a move into a group…); on
the screen it can take a few taps (pick the cards, then the button), which the seconds per move
allow for. The figures are estimates, not measurements of people.
"""
from __future__ import annotations

import argparse
import statistics

from engine.lessons import NEXT, lessons_of
from engine.registry import GAMES


def estimate(lesson, bot_delay: float, words_per_second: float, per_move: float) -> dict:
    scripted = sum(len(step.before) for step in lesson.steps)
    moves = sum(len(step.example) for step in lesson.steps)
    reads = sum(1 for step in lesson.steps if step.expect["type"] == NEXT)
    words = sum(len(step.say.es.split()) for step in lesson.steps)
    seconds = scripted * bot_delay + words / words_per_second + (moves + reads) * per_move
    return {"steps": len(lesson.steps), "scripted": scripted, "moves": moves, "words": words,
            "seconds": seconds}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.lessons")
    parser.add_argument("--bot-delay", type=float, default=1.0)
    parser.add_argument("--words-per-second", type=float, default=2.0)
    parser.add_argument("--seconds-per-move", type=float, default=4.0)
    args = parser.parse_args(argv)
    for name in GAMES:
        lessons = lessons_of(name)
        if not lessons:
            continue
        print(f"{name}: {len(lessons)} lessons")
        times = []
        for lesson in lessons:
            e = estimate(lesson, args.bot_delay, args.words_per_second, args.seconds_per_move)
            times.append(e["seconds"])
            print(f"  {lesson.number:2} {lesson.title.es:<32} steps {e['steps']:2}  scripted moves "
                  f"{e['scripted']:2}  learner moves {e['moves']:2}  words {e['words']:3}  "
                  f"≈ {e['seconds'] / 60:.1f} min")
        median, longest = statistics.median(times) / 60, max(times) / 60
        print(f"  median ≈ {median:.1f} min, longest ≈ {longest:.1f} min")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
