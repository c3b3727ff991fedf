"""Rummy Manipulación's difícil: the search of engine/search.py over the cards its seat cannot
see, on the one choice the exact solver does not make: playing now or holding the cards.

A world is a `Manipulacion` built from the view: the table, the loose cards, the counts, turn,
draws, passes, scores and rounds won as shown, the seat's own hand, and the unseen cards (the
whole deck minus the hand, the table and the loose cards) dealt at random into the other hands
(as many as each holds) and the stock. Playouts go through the game's own handlers with action
values (no log, no view, no refusal text) and every seat chooses by normal's rules, the exact
solver included (its answers remembered: `remembered_solve`, and the play checks' that normal
and the game make: `remembered_check`), fed from the state (`lean_view`:
the facts normal reads, as a full view says them; tests/engine/test_manipulacion_hard.py checks
both against the engine).

The candidates, normal's move first, only when normal would play: normal's play (the solver's
best, as one set_table); holding, a draw or a pass instead where the rules let a player who
could play draw or pass (after Bajar es obligatorio's reminder, confirmed); and, holding a
joker, the solver's best play from the hand without its jokers, which keeps them back for
later. Drawing without a play, and the steps of a play, are no choice.

A playout plays HORIZON turns per seat, or to the round's end if it comes first (the solver
takes about a millisecond a move, a whole round of two seats about a hundred moves). The value:
the points the others are left with, on average, less the seat's own, by the rule set's scoring
(Carrusel's the other way round: the winner scores); a round cut short is judged by the points
in the hands as they stand.

Measured (`scripts/bench strength manipulacion --tables 2`, the default rule set, whole games
to 200 points, one worker on a loaded machine, in runs of six games from seeds 1000, 1006,
...): head to head 67 % [47, 82] of 24 games (16 won; 5, 5, 3 and 3 of each six); its
searching decisions p50 about 0.45 s, p95 0.55-0.82 s, max 1.35 s, about 400 of them a game.
It seldom leaves normal's play: in 80 sampled searches of two-seat games it drew instead twice,
in 30 at four seats never (four seats sampled, not played whole: p50 0.64 s, p95 0.92 s with
their budget of 300 moves). Too few games to be sure, all of them at or above normal: offered
(`bot_levels`) as every game's third level. One among three normal it departs about once a game,
always to hold its play back, and those departures are sound but small: judged again from the
true state over whole rounds, +0.8 ± 0.7 points each, 10 of 15 gaining (`scripts/bench
departures manipulacion --seats 4 --games 14 --worlds 60 --seed 92100`): it is normal with a
small edge at most (30.0 % of 653 whole games won, +1.5 [−0.2, +3.3] points of share over normal
in the same deals), and a larger one needs choices the solver makes alone today (which play,
not only whether).
"""
from __future__ import annotations

import random
from collections import Counter
from functools import lru_cache

from engine.cards import JOKER
from engine.game import GAME_OVER, ROUND_OVER
from engine.manipulacion import actions as A
from engine.manipulacion.bots import NormalBot
from engine.manipulacion.commit import Played, check_play, physical
from engine.manipulacion.game import PLAY, Manipulacion
from engine.manipulacion.melds import fmt, parse_all
from engine.manipulacion.rulesets import RULESETS, TO_150
from engine.manipulacion.solver import solve_best
from engine.search import NormalPlayers, SearchBot, deal_hands

PLAYOUTS = 24           # per decision, spread over the candidates (at least 4 worlds each)
HORIZON = 4             # turns per seat a playout plays before the round is judged as it stands
# Playout moves per decision, by table size: a longer search gets fewer worlds rather than
# more time. A bigger table's moves cost more (a longer table for the solver, more hands):
# with 600 at four seats a decision took 1.1 s (p50), 1.5 s (p95) on a loaded machine.
MOVE_BUDGET = {2: 600, 3: 450, 4: 300, 5: 250}


def lean_view(game: Manipulacion, seat: int) -> dict:
    """What normal reads of a view, straight from the state (a full view also renders every
    refusal, event and button)."""
    rules = game.rules
    return {
        **game._private_view(seat),
        "ruleset": {"name": rules.name},
        "table": [{"cards": [fmt(x) for x in g]} for g in game.table],
        "loose": [fmt(c) for c in game.loose],
        "players": [{"seat": s, **rules.initial_meld.public(game.opened[s])}
                    for s in range(game.players)],
    }


def act(game: Manipulacion, seat: int, action: dict) -> None:
    """`action` through the game's handler, as `apply` would, without its log."""
    value = A.coerce(action)
    try:
        getattr(game, "_do_" + value.type)(seat, value)
    finally:
        game.__dict__.pop("_as_logged", None)


def remembered_solve(rules, table, hand, loose=(), opening_run: bool = False):
    """`solve_best` for the playouts, remembering its last answers: a search meets the same
    table and hand again and again (the seat's own next turn after a rival who only drew, in
    every world): about one call in seven at two seats. The solver is deterministic, so a
    remembered answer is the one it would give again: the choices are the same, sooner."""
    name = rules.name
    if RULESETS.get(name) is not rules:             # a rule set of its own: not remembered
        return solve_best(rules, table, hand, loose, opening_run=opening_run)
    return _remembered(name, tuple(map(tuple, table)), tuple(hand), tuple(loose), opening_run)


@lru_cache(maxsize=4096)
def _remembered(name, table, hand, loose, opening_run):
    return solve_best(RULESETS[name], table, hand, loose, opening_run=opening_run)


def remembered_check(rules, table, loose, hand, groups, new_loose=None,
                     opened: bool = True) -> Played:
    """`check_play` for the playouts, remembering its last answers: the game checks again the
    play normal has just checked (no new loose cards: the loose cards as they were, as
    `check_play` reads it). A fresh `Played` each time, since the game keeps its lists
    and changes them (a hand draws)."""
    name = rules.name
    if RULESETS.get(name) is not rules:         # a rule set of its own: not remembered
        return check_play(rules, table, loose, hand, groups, new_loose, opened)
    played = _checked(name, tuple(map(tuple, table)), tuple(loose), tuple(hand),
                      tuple(map(tuple, groups)),
                      tuple(loose if new_loose is None else new_loose), opened)
    return Played([list(g) for g in played.groups], list(played.hand), list(played.loose),
                  list(played.placed))


@lru_cache(maxsize=1024)
def _checked(name, table, loose, hand, groups, new_loose, opened) -> Played:
    return check_play(RULESETS[name], table, loose, hand, groups, new_loose, opened)


def _without_jokers(rules, table, hand, loose, **extra):
    return solve_best(rules, table, [c for c in hand if c != JOKER], loose, **extra)


def hand_points(game: Manipulacion) -> list[int]:
    return [game._hand_points(h) for h in game.hands]


class ManipulacionRules:
    def __init__(self, seat: int, seed: int = 0):
        self.seat, self.seed = seat, seed
        self.normal_of = NormalPlayers(lambda s: NormalBot(s, solver=remembered_solve,
                                                           checker=remembered_check))

    def candidates(self, view: dict) -> list[dict]:
        allowed = view.get("allowed") or []
        if view.get("copy") is not None or "set_table" not in allowed:
            return []
        play = NormalBot(self.seat, self.seed).choose(view)
        if play is None or play["type"] != "set_table":
            return [play] if play is not None and play["type"] in ("draw", "pass") else []
        moves = [play]
        if JOKER in parse_all(view["hand"]):
            kept = NormalBot(self.seat, self.seed, _without_jokers).choose(view)
            if kept is not None and kept["type"] == "set_table" and kept != play:
                moves.append(kept)
        for hold in ("draw", "pass"):
            if hold in allowed:
                moves.append({"type": hold, "confirm": True})
                break
        return moves

    def world(self, view: dict, rng: random.Random) -> Manipulacion:
        players = view["players"]
        game = Manipulacion(len(players), view["options"], seed=rng.getrandbits(32))
        game.checker = remembered_check
        own = parse_all(view["hand"])
        game.table = [parse_all(g["cards"]) for g in view["table"]]
        game.loose = parse_all(view["loose"])
        seen = Counter(own) + Counter(game.loose) \
            + Counter(physical(x) for g in game.table for x in g)
        unseen = sorted((Counter(game.full_deck()) - seen).elements())
        rng.shuffle(unseen)
        game.hands = deal_hands(players, "cards", self.seat, own, unseen)
        game.stock = unseen
        game.opened = [p.get("opened", True) for p in players]
        game.scores = [p["score"] for p in players]
        game.final_round = bool(view.get("final_round"))   # the host called the last round
        game.rounds_won = [p.get("rounds_won", 0) for p in players]
        game.round, game.dealer, game.turn = view["round"] - 1, view["dealer"], view["turn"]
        game.phase = PLAY
        game.draws, game.passes = view["draws"], view["passes"]
        game.final_turns = view["final_turns"]
        return game

    def play(self, world: Manipulacion, action: dict) -> None:
        act(world, self.seat, action)

    def finish(self, world: Manipulacion, rng: random.Random) -> int:
        turns = HORIZON * world.players
        moves = 0
        while world.phase == PLAY and turns > 0:
            seat = world.turn
            action = self.normal_of(seat).choose(lean_view(world, seat))
            if action is None:          # never in a round in play: the seat in turn may act
                break
            act(world, seat, action)
            moves += 1
            if world.turn != seat:
                turns -= 1
        return moves

    def value(self, world: Manipulacion) -> float:
        if world.phase in (ROUND_OVER, GAME_OVER):
            points = world.round_results[-1]["points"]
            sign = -1 if world.rules.end == TO_150 else 1
        else:
            points, sign = hand_points(world), 1
        others = [p for s, p in enumerate(points) if s != self.seat]
        return sign * (sum(others) / len(others) - points[self.seat])


class DificilBot(SearchBot[Manipulacion]):
    """Its move budget is its table size's `MOVE_BUDGET`."""

    def __init__(self, seat: int, seed: int = 0, playouts: int = PLAYOUTS):
        super().__init__(seat, seed, ManipulacionRules(seat, seed), NormalBot(seat, seed),
                         playouts, MOVE_BUDGET[2])

    def choose(self, view: dict, deadline: float | None = None) -> dict | None:
        self.budget = MOVE_BUDGET[len(view["players"])]
        return super().choose(view, deadline)
