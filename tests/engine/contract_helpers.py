"""Helpers for tests written only against the game contract (engine/game.py), so that every
game listed in engine.registry.GAMES gets them: deep snapshots, `refused`, bot games driven
through the contract, action examples found from each game's Action classes, and a fuzzer."""
from __future__ import annotations

import copy
import dataclasses
import functools
import json
import random

import pytest

from engine.game import Action, GameError
from engine.registry import GAMES
from engine.simulate import MAX_ROUNDS, host_ended, next_move

# ----- which games, with which options -------------------------------------------------------

def variants(cls) -> list[dict | None]:
    """The options each contract test runs with: every rule set a game offers (an option named
    `ruleset`), else its defaults."""
    ruleset = cls.OPTIONS.by_name.get("ruleset")
    if ruleset is not None:
        return [{"ruleset": choice.value} for choice in ruleset.choices]
    return [None]


CASES = [pytest.param(cls, options, id=cls.name + (f"-{options['ruleset']}" if options else ""))
         for cls in GAMES.values() for options in variants(cls)]


# ----- snapshots -----------------------------------------------------------------------------

def canonical(value, private=True):
    """A comparable, order-stable structure for any state: objects by type and attributes,
    sets sorted, a random generator by its state. `private=False` leaves out attributes named
    with a leading underscore (caches, by convention)."""
    if value is None or isinstance(value, (bool, int, float, str, bytes)):
        return value
    if isinstance(value, random.Random):
        return ("Random", value.getstate())
    if isinstance(value, dict):
        items = [(canonical(k, private), canonical(v, private)) for k, v in value.items()
                 if private or not (isinstance(k, str) and k.startswith("_"))]
        return ("dict", sorted(items, key=repr))
    if isinstance(value, (list, tuple)):
        return (type(value).__name__, [canonical(v, private) for v in value])
    if isinstance(value, (set, frozenset)):
        return ("set", sorted((canonical(v, private) for v in value), key=repr))
    if hasattr(value, "__dict__") and not callable(value):
        return (type(value).__qualname__, canonical(vars(value), private))
    return repr(value)


def views(game) -> str:
    """Every view (the TV's and each seat's) as one JSON text."""
    return json.dumps([game.view(None)] + [game.view(s) for s in range(game.players)],
                      sort_keys=True)


def snapshot(game):
    """Everything a refused action must leave alone: every view and the whole internal state."""
    return views(game), canonical(vars(game))


def refused(game, seat, action, code=None, error_type=GameError):
    """Assert that `action` is refused (with `code`, as an `error_type`) and that the game is
    exactly as it was: views and internal state."""
    before = snapshot(game)
    with pytest.raises(error_type) as caught:
        game.apply(seat, action)
    error = caught.value
    assert isinstance(error, GameError)
    if code is not None:
        assert error.code == code, error
    assert error.code and error.es and error.en
    assert snapshot(game) == before, (seat, action)
    return error


def verdict(game, method, seat, action):
    """None if `game.<method>(seat, action)` accepts, else the refusal's code."""
    try:
        getattr(game, method)(seat, action)
    except GameError as error:
        return error.code
    return None


# ----- bot games through the contract --------------------------------------------------------

def bot_game(cls, players, options, seed, levels, step=None, between=None, max_actions=3000):
    """A game between bots (`levels` repeats over the seats). `step(game, seat, action)` is
    called before each bot's or timer's action is applied, `between(game)` before the next
    one is chosen. The moves are the simulator's: the first bot that wants to act, else the
    server's timer; an open-ended game is ended by the host after a few rounds."""
    game = cls.new(players, options, seed)
    bots = [cls.make_bot(levels[s % len(levels)], s, seed) for s in range(players)]
    while not game.finished and len(game.log) < max_actions:
        if between is not None:
            between(game)
            if game.finished:
                break
        if host_ended(game, MAX_ROUNDS):
            continue
        seat, action = next_move(game, bots)
        if step is not None:
            step(game, seat, action)
        game.apply(seat, action)
    return game


def act(game, bot):
    """Let `bot` choose from its own view and apply the move; return the move."""
    action = bot.choose(game.view(bot.seat))
    assert action is not None
    game.apply(bot.seat, action)
    return action


def finish_turn(game, bot, limit=60):
    """For games played in turns (`turn`, `phase`): the bot's moves until its turn is over."""
    moves = []
    while game.turn == bot.seat and game.phase == "play" and len(moves) < limit:
        moves.append(act(game, bot))
    return moves


@functools.lru_cache(maxsize=None)
def _sample_log(name, options_json):
    cls = GAMES[name]
    game = bot_game(cls, cls.min_players, json.loads(options_json), 11, list(cls.bot_levels))
    return game.to_json_log()


def sample_log(cls, options):
    """A whole bot game's JSON log (played once per game and options)."""
    return copy.deepcopy(_sample_log(cls.name, json.dumps(options, sort_keys=True)))


# ----- the actions a game knows --------------------------------------------------------------

def action_classes(cls) -> list[type[Action]]:
    """The game's Action classes, as it declares them (`ACTIONS`)."""
    return sorted(cls.ACTIONS, key=lambda sub: sub.type)


def _field_values(cls, log) -> dict[str, list]:
    """Field values (in the Action's own terms) of every logged action, by field name."""
    values: dict[str, list] = {}
    for _, data in log:
        act = cls.parse_action(data)
        for f in dataclasses.fields(act):
            values.setdefault(f.name, []).append(getattr(act, f.name))
    return values


def action_examples(cls, options) -> dict[str, dict]:
    """One JSON dict per action type the game knows, found by building each Action class from
    field values seen in a bot game (or small generic ones) until it round-trips."""
    log = sample_log(cls, options)
    pool = _field_values(cls, log)
    everything = [v for vs in pool.values() for v in vs] + [0, 1, 2, (), None, True, False]
    rng = random.Random(cls.name)
    examples = {}
    for sub in action_classes(cls):
        fields = dataclasses.fields(sub)
        for _ in range(2000):
            kwargs = {f.name: rng.choice(pool.get(f.name) if pool.get(f.name)
                                         and rng.random() < 0.7 else everything)
                      for f in fields}
            try:
                # The example is the game's own reading of the dict (its normal form).
                act = cls.parse_action(json.loads(json.dumps(sub(**kwargs).to_dict())))
                if type(act) is sub:
                    examples[sub.type] = act.to_dict()
                    break
            except (GameError, TypeError, ValueError, KeyError, IndexError, AttributeError):
                continue
    return examples


# ----- a careless client ---------------------------------------------------------------------

def strings_in(value) -> list[str]:
    """Every string anywhere in a JSON-ready value (keys excluded)."""
    if isinstance(value, dict):
        return [s for v in value.values() for s in strings_in(v)]
    if isinstance(value, list):
        return [s for v in value for s in strings_in(v)]
    return [value] if isinstance(value, str) else []


class Fuzzer:
    """Random actions of every type the game knows, with fields shaped like real ones but
    filled from anywhere (cards from any view, odd numbers, wrong types), for any seat."""

    ODD = [None, True, False, -1, 0, 1, 3, 10**12, 2.5, "", "x" * 300, [], {}, [[]], "*"]

    def __init__(self, cls, options, seed):
        self.rng = random.Random(seed)
        self.examples = action_examples(cls, options)
        log = sample_log(cls, options)
        self.templates = list(self.examples.values()) + [data for _, data in log]
        self.keys = sorted({k for t in self.templates for k in t if k != "type"})
        self.words = sorted({s for t in self.templates for s in strings_in(t)})
        self._strings: tuple = (None, [])

    def value(self, like, strings):
        rng = self.rng
        if rng.random() < 0.1:
            return rng.choice(self.ODD)
        if isinstance(like, bool):
            return rng.random() < 0.5
        if isinstance(like, int):
            return rng.randrange(-1, 12)
        if isinstance(like, str):
            return rng.choice(strings)
        if isinstance(like, list):
            inner = like[0] if like else rng.choice(strings)
            return [self.value(inner, strings) for _ in range(rng.randint(0, 5))]
        return rng.choice(self.ODD)

    def action(self, game):
        rng = self.rng
        if rng.random() < 0.03:
            return rng.choice(self.ODD + [rng.choice(self.words), "draw", ["draw"]])
        key = (id(game), len(game.log))
        if self._strings[0] != key:
            self._strings = (key, strings_in(json.loads(views(game))) + self.words)
        strings = self._strings[1]
        template = rng.choice(self.templates)
        action = {"type": template["type"] if rng.random() < 0.95
                  else rng.choice([*self.examples, "dance", ""])}
        for key, like in template.items():
            if key == "type" or rng.random() < 0.05:
                continue
            action[key] = like if rng.random() < 0.3 else self.value(like, strings)
        if rng.random() < 0.05:
            action[rng.choice(self.keys)] = rng.choice(self.ODD)
        return action

    def seat(self, game):
        actors = [s for s in game.actors() if s is not None]
        return self.rng.choice([None, -1, game.players, *range(game.players), *actors * 3])


# ----- secrecy -------------------------------------------------------------------------------

def fresh_view(game, reader) -> str:
    # Game.apply drops the cached public view after every action; a test that changes the
    # state behind the game's back must do the same.
    if hasattr(game, "_public"):
        game._public = None
    return json.dumps(game.view(reader), sort_keys=True)


def zones(game, reader) -> list[list]:
    unique = {id(zone): zone for zone in game.hidden_zones(reader)}
    return list(unique.values())


class Tampered:
    """Changes zones of pieces in place; `restore()` puts every piece back."""

    def __init__(self, changed: list[list]):
        self.saved = [(zone, list(zone)) for zone in changed]

    def restore(self):
        for zone, content in self.saved:
            zone[:] = content


def reshuffle_hidden(game, reader, rng) -> Tampered | None:
    """Deal the pooled contents of every zone hidden from `reader` back into those zones (same
    sizes) in a new random order. None if there was nothing to change."""
    hidden = zones(game, reader)
    tampered = Tampered(hidden)
    before = [content for _, content in tampered.saved]
    pool = [piece for content in before for piece in content]
    for _ in range(10):
        rng.shuffle(pool)
        start = 0
        for zone in hidden:
            zone[:] = pool[start:start + len(zone)]
            start += len(zone)
        if [list(zone) for zone in hidden] != before:
            return tampered
    tampered.restore()
    return None


def swap_into_visible(game, reader, rng) -> Tampered | None:
    """The control: swap a piece of a zone `reader` sees (one hidden from another reader) with a
    different piece from a zone hidden from `reader`. None if there is no such pair."""
    hidden = [zone for zone in zones(game, reader) if zone]
    hidden_ids = {id(zone) for zone in hidden}
    visible = [zone for other in [None, *range(game.players)] if other != reader
               for zone in zones(game, other) if id(zone) not in hidden_ids and zone]
    if not visible or not hidden:
        return None
    mine, theirs = rng.choice(visible), rng.choice(hidden)
    tampered = Tampered([mine, theirs])
    i = rng.randrange(len(mine))
    for j in rng.sample(range(len(theirs)), len(theirs)):
        if theirs[j] != mine[i]:
            mine[i], theirs[j] = theirs[j], mine[i]
            return tampered
    return None
