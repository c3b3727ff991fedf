"""Difícil: a computer player that searches over what its seat cannot see.

Determinized Monte Carlo (as compared by Cowling, Powley and Whitehouse, *Information Set
Monte Carlo Tree Search*, 2012): from the seat's view alone, deal the pieces it cannot see at
random into the places it cannot see (other hands, the stock) as many times as its budget
allows; in each such world, make each candidate move and play the round on to its end with
normal's rules for everyone; choose the move whose average result is best. Every candidate
meets the same worlds (common random numbers), so the comparison is of the moves, not of the
luck of their deals.

Honest by construction: a searcher is given views, never a game. Its random numbers come from
its seed and the view itself, so the same view brings the same choice, whatever the hidden
cards really are (the honesty tests re-deal them and check exactly that).

Each game supplies its `Rules` (engine/<name>/hard.py): the candidates, a world from a view,
the lean path through its rules that the playouts take (no views, no refusal texts), and the
value of a finished round for a seat. `make_bot("dificil", …)` makes one; a game lists the level
in `bot_levels` (the lobby, /solo), and `scripts/bench strength` measures it against normal.
"""
from __future__ import annotations

import hashlib
import json
import random
import time
from dataclasses import dataclass
from typing import Any, Generic, Protocol, Sequence, TypeVar

W = TypeVar("W")


class Rules(Protocol[W]):
    def candidates(self, view: dict) -> list[dict]:
        """The moves worth comparing now, the one normal would make first (it wins ties); one
        or none: no search."""

    def world(self, view: dict, rng: random.Random) -> W:
        """One full state consistent with the view: the unseen pieces dealt at random."""

    def play(self, world: W, action: dict) -> None:
        """Make the seat's candidate move in the world."""

    def finish(self, world: W, rng: random.Random) -> int | None:
        """Play the round on to its end, every seat by normal's rules, on the lean path; the
        moves it made, where the rules count them (for `judge`'s budget)."""

    def value(self, world: W) -> float:
        """How good the finished round is for the seat (higher is better)."""


@dataclass(frozen=True)
class Judged:
    """A candidate and its result in each world it met (the same worlds for every candidate)."""
    action: dict
    results: tuple[float, ...]

    @property
    def mean(self) -> float:
        return sum(self.results) / len(self.results) if self.results else 0.0

    def margin_over(self, other: "Judged") -> float:
        """How much better than `other` in the same worlds, in standard errors of the paired
        differences (0 when there is no difference at all)."""
        diffs = [a - b for a, b in zip(self.results, other.results, strict=True)]
        n = len(diffs)
        mean = sum(diffs) / n
        spread = (sum((d - mean) ** 2 for d in diffs) / max(1, n - 1)) ** 0.5
        if spread == 0:
            return 0.0 if mean == 0 else float("inf") * (1 if mean > 0 else -1)
        return mean / (spread / n ** 0.5)


def view_seed(seed: int, view: dict) -> int:
    """A seed from the bot's own and what it sees: the same view, the same worlds."""
    text = json.dumps(view, sort_keys=True, separators=(",", ":"), default=str)
    digest = hashlib.blake2b(text.encode(), digest_size=8, key=str(seed).encode()[:64])
    return int.from_bytes(digest.digest(), "big")


DROP = 2.0      # standard errors behind the best so far at which a move meets no more worlds
# With two moves left, the worlds after which the other may be dropped too: never at the table.
# Dropping it ends the search, and tried from eight worlds on (`scripts/bench same ferrocarril
# --seats 4 --games 4 --seed 300 --set engine.search.PAIR_WORLDS=8`) the move dropped was the one
# the whole search chose at one position in 479 there, and at one in 142 of Canasta at two seats
# (a world where a rival goes out weighs more than eight worlds' spread shows), for 41 % less
# CPU at four seats of Ferrocarril, 16 % at two, 10 % in Canasta and 5 % in Manipulación.
PAIR_WORLDS: int | None = None


def judge(rules: Rules, view: dict, moves: list[dict], playouts: int, seed: int,
          least_worlds: int = 4, budget: int | None = None,
          deadline: float | None = None) -> list[Judged]:
    """Each move's results over the same worlds: about `playouts` playouts in all, at least
    `least_worlds` worlds for every move, but no new world once the playouts have made `budget`
    moves (where the rules count them), even below the least: a long round costs fewer worlds,
    not more time, and with fewer than the least `best` keeps normal's move. The budget counts
    moves, not seconds, so that the same view still brings the same choice. `deadline` (a
    `clock()` instant) stops it the same way, before a world that would end after it (one takes
    about as long as the last), or within one, which is then dropped, on a machine too slow or
    too busy for the budget (see `SearchBot.choose`).

    Successive halving: after every `least_worlds` worlds, a move `DROP` standard errors behind
    the best so far meets no more of them (never the first, normal's, which the others are
    measured against), so the playouts left go to the moves still in contention. When normal's
    is the only one left, the search is over: no more worlds can change the choice. With two
    moves left nothing is dropped at the table (`PAIR_WORLDS`), since that ends the search."""
    rng = random.Random(seed)
    results: list[list[float]] = [[] for _ in moves]
    alive = list(range(len(moves)))
    spent = played = done = 0
    started, world_time = None, 0.0
    while (done < least_worlds or played + len(alive) <= playouts) and alive != [0]:
        if budget is not None and spent >= budget:
            break
        if deadline is not None:
            now = clock()
            if started is not None:
                world_time = now - started      # the last world's: the next will take about as long
            if now + world_time > deadline:
                break
            started = now
        deal_seed, play_seed = rng.getrandbits(64), rng.getrandbits(64)
        met = _one_world(rules, view, [moves[i] for i in alive], deal_seed, play_seed, deadline)
        if met is None:
            break
        for i, (value, made) in zip(alive, met, strict=True):
            results[i].append(value)
            spent += made
        played += len(alive)
        done += 1
        if done % least_worlds == 0 and (len(alive) > 2 or (
                PAIR_WORLDS is not None and done >= PAIR_WORLDS)):
            alive = _still_in_contention(alive, results)
    return [Judged(m, tuple(r)) for m, r in zip(moves, results, strict=True)]


def _one_world(rules: Rules, view: dict, moves: list[dict], deal_seed: int, play_seed: int,
               deadline: float | None) -> list[tuple[float, int]] | None:
    """Each move's value in one world, and the moves its playout made; None when the deadline
    passed before the last of them (the world is dropped: every move meets the same worlds)."""
    met = []
    for n, move in enumerate(moves):
        if n and deadline is not None and clock() > deadline:
            return None
        world = rules.world(view, random.Random(deal_seed))
        rules.play(world, move)
        made = rules.finish(world, random.Random(play_seed)) or 0
        met.append((rules.value(world), made))
    return met


def _still_in_contention(alive: list[int], results: list[list[float]]) -> list[int]:
    judged = {i: Judged({}, tuple(results[i])) for i in alive}
    leader = max(alive, key=lambda i: judged[i].mean)
    return [i for i in alive
            if i in (0, leader) or judged[i].margin_over(judged[leader]) > -DROP]


def deal_hands(players: list[dict], count: str, seat: int, own: list, unseen: list,
               known: dict[int, list] | None = None) -> list[list]:
    """A world's hands: the seat's `own`, and each other seat's pieces it is known to hold
    (`known`) and then the first of the shuffled `unseen` up to its count (`player[count]`).
    The pieces dealt are taken off `unseen`: what is left goes to the stock."""
    hands = []
    for player in players:
        if player["seat"] == seat:
            hands.append(list(own))
            continue
        hand = list((known or {}).get(player["seat"], []))
        more = player[count] - len(hand)
        hands.append(hand + unseen[:more])
        del unseen[:more]
    return hands


def standing(totals: Sequence[float], seat: int, over: bool, win_worth: float,
             lower_wins: bool = True) -> float:
    """What a playout's end is worth to `seat`, from every seat's game total: its lead over its
    closest rival (not over the others' average: at four seats, beating the leader is what
    wins), and, where the playout ended the game, `win_worth` points more for a win (shared by
    a tie), since then nothing else counts."""
    sign = -1 if lower_wins else 1
    mine = sign * totals[seat]
    rival = max(sign * t for s, t in enumerate(totals) if s != seat)
    won = 0.0
    if over and mine >= rival:
        won = 1 / (1 + sum(1 for s, t in enumerate(totals) if s != seat and sign * t == mine))
    return mine - rival + win_worth * won


SURE = 2.0      # standard errors a move must beat the first listed by to be chosen instead


# Another bar than SURE where normal's move is of a given type: none at the table. The benches
# set it (`scripts/bench strength --bar pass=0.5`) to try a bar that positions suggest
# (`scripts/bench reading --report FILE --bars`) in whole games before a player takes it.
BARS: dict[str, float] = {}


def best(judged: list[Judged], least_worlds: int = 1, sure: float | None = None) -> Judged:
    """The move with the best mean among those clearly better than the first listed
    (normal's own: by `sure` standard errors, SURE if None) and still in contention at the end
    (as many worlds as the first): with a few worlds each, the best mean of many moves is partly
    luck. Normal's move stands when the search met fewer than `least_worlds` worlds (its budget
    ran out first)."""
    first = judged[0]
    if len(first.results) < least_worlds:
        return first
    bar = SURE if sure is None else sure
    better = [j for j in judged[1:]
              if len(j.results) == len(first.results) and j.margin_over(first) > bar]
    return max(better, key=lambda j: j.mean) if better else first


# The share of each difícil's playouts it makes: 1 at the table; the rules' own tests, which
# play hundreds of whole games only to check that every move is legal, set it lower.
PLAYOUT_SHARE = 1.0

clock = time.monotonic          # the deadlines' clock (system-wide: the host sets them)


class SearchBot(Generic[W]):
    """A difícil player: `choose(view)` searches when there is a choice worth comparing, and
    otherwise plays as `fallback` (normal) would. `last` keeps the judged moves of the last
    search, for its reason."""

    level = "dificil"

    def __init__(self, seat: int, seed: int, rules: Rules, fallback, playouts: int,
                 budget: int | None = None):
        self.seat, self.seed = seat, seed
        self.rules = rules              # the game's, for this seat
        self.fallback = fallback
        self.playouts = playouts
        self.budget = budget            # playout moves per decision (see `judge`)
        self.last: list[Judged] = []

    def choose(self, view: dict, deadline: float | None = None) -> dict | None:
        """`deadline`: a `clock()` instant after which the search meets no new world. None in
        the engine: the budget alone decides, so the same view brings the same choice on any
        machine (the honesty tests, the benches' paired records). The host gives one
        (server/brains.py), so that a laptop too slow or too busy for the budget keeps the
        table's pace: the search is cut short, and with too few worlds normal's move stands. The
        choice may then depend on the machine's speed, never on anything the seat cannot see."""
        self.last = []
        rules = self.rules
        moves = rules.candidates(view)
        if len(moves) <= 1:
            return moves[0] if moves else self.fallback.choose(view)
        playouts = max(1, round(self.playouts * PLAYOUT_SHARE))
        least = 4 if PLAYOUT_SHARE >= 1 else 1
        budget = None if self.budget is None else max(1, round(self.budget * PLAYOUT_SHARE))
        self.last = judge(rules, view, moves, playouts, view_seed(self.seed, view), least,
                          budget, deadline)
        return best(self.last, least, BARS.get(moves[0].get("type", ""))).action


class NormalPlayers:
    """The playouts' normal player of each seat, made when first needed: `normal_of(seat)`."""

    def __init__(self, make):
        self.make = make                # seat -> a normal bot
        self.made: dict[int, Any] = {}

    def __call__(self, seat: int):
        if seat not in self.made:
            self.made[seat] = self.make(seat)
        return self.made[seat]


def searching_games() -> list[str]:
    """The games whose bots module makes a difícil player (listed or not in `bot_levels`)."""
    from engine.registry import GAMES
    found = []
    for name, game_class in GAMES.items():
        try:
            game_class.make_bot(SearchBot.level, 0, 0)
        except (ValueError, KeyError):
            continue
        found.append(name)
    return found
