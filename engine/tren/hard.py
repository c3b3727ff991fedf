"""Tren Mexicano's difícil: the search of engine/search.py over the tiles its seat cannot see.

A world is a `Tren` built from the view: the trains, markers, counts, turn and scores as shown,
the seat's own hand, and the unseen tiles (ALL minus the hand, the trains and the hub) dealt at
random into the other hands (as many as each holds) and the boneyard, agreeing with the passes
the seat saw: a rival that passed holds no tile for the trains it could play on then, save those
it drew since (engine/tren/inference.py; a deal that ignored them contradicted more than half of
those passes). Playouts go through the game's own handlers with action values (no parsing, no
log, no view) and choose by normal's rules fed from the state (`lean_view`: the few facts normal
reads, the same as in a full view; tests/engine/test_tren_hard.py checks both against the
engine). A quicker rule (the heaviest tile that fits), with a move chosen over normal's at one
standard error, made three times the playouts but a weaker player: 41 % of 200 one-round games
against normal; normal's rules at two standard errors: 54 % of 100 (`scripts/bench strength
tren`).

The candidates: normal's three best tiles (each on the train normal would put it on), and
ending the turn where that is allowed; drawing and passing without a tile to play are no
choice. Every tile on every train gave each move too few worlds (54 % of 100). The value of a
round: the seat's lead over its closest rival in the game's totals (lower scores win), and in
the last round a win besides (`engine.search.standing`).

Measured, one round, seats swapped, each game also played with normal in difícil's seat
(`scripts/bench strength tren --option rounds=1 --baseline`, the README's table; the runs in
bench/records/). As it is (120 playouts, halving, the lead over the closest rival, worlds that
agree with the passes): head to head 55.5 % [52.5, 58.6] of 1,000 games, 4.8 points [2.4, 7.1]
more than normal in the same seats and deals; one among three normal 28.1 % [25.4, 30.8] of
1,048, 3.1 points [1.3, 4.8] more than normal there; decisions p95 about 0.6 s of CPU, max 1.05
s. Before the passes were read: 54.2 % [51.1, 57.2] of 1,000, +4.2 [1.9, 6.4] (truer worlds,
no gain the runs can show). With 60 playouts and no halving, the first 300 of those deals:
52.3 %, +4.3 [0.0, 8.7]. A clear edge, short of the goal (60 % and 40 %): Tren has the most luck
of the four, and the moves normal ranks best differ by less than the worlds can show. So it is
offered (`bot_levels`). One among three normal it leaves normal's move about once in three
rounds, and those departures gain a few pips each, judged again from the true state (+3.6 ± 7.0
of 15 in 40 rounds: `scripts/bench departures tren --seats 4 --games 40 --worlds 100 --seed
92000 --option rounds=1`), while the search expected about 20: the differences it finds are
mostly the luck of its worlds.
"""
from __future__ import annotations

import random

from engine import dominoes
from engine.dominoes import ALL_TILES
from engine.game import GAME_OVER, ROUND_OVER
from engine.search import NormalPlayers, SearchBot, deal_hands, standing
from engine.tren import actions as A
from engine.tren.bots import NormalBot
from engine.tren.game import PLAY, Tren
from engine.tren.inference import absent_numbers, place_known
from engine.tren.trains import Train

PLAYOUTS = 120          # per decision, spread over the candidates (at least 4 worlds each)
CANDIDATES = 3          # normal's best few tiles to play (and ending the turn, where allowed)
PLAYOUT_MOVES = 2000    # a guard: a round of 8 seats takes a few hundred
# The playouts' work per decision, in moves: 60 playouts took 3,800-5,000 moves (p50) and up to
# 6,600 in seeded games of 2 and 4 seats; a longer search gets fewer worlds rather than more
# time. Normal's planning is counted too, as a move per STEPS_PER_MOVE search steps (what a
# move and a step cost, fitted over 170 searches at 2 and 4 seats: 35 µs and 0.33 µs): with
# big hands at four seats a few playouts planned 9 million steps and took 3 s. With 27-32 tiles
# in a hand one world can spend the whole budget; the search then stops and normal's move stands
# (40 two-seat games from seed 10300: 12 of 601 searches, the longest 713 ms instead of 1,629).
MOVE_BUDGET = 12000
STEPS_PER_MOVE = 100
WIN_WORTH = 50          # points: a win in the game's last round, about a losing hand's worth


def lean_view(game: Tren, seat: int) -> dict:
    """What normal reads of a view, straight from the state (a full view also renders every
    refusal and event)."""
    hand = game.hands[seat]
    fits = game.placements(seat)
    return {
        "allowed": game.allowed(seat),
        "hand": [dominoes.tile_text(t) for t in hand],
        "fits": {dominoes.tile_text(t): fits.get(t, []) for t in hand},
        "trains": [{"open": t.open, "marker": game.markers[s]} for s, t in enumerate(game.trains)],
        "players": [{"seat": s, "tiles": len(h)} for s, h in enumerate(game.hands)],
        "mexican": {"started": game.mexican.started},
    }


def as_value(action: dict):
    """The action value for a bot's dict (the handlers take values, as apply passes them)."""
    if action["type"] == "play":
        return A.Play(dominoes.parse(action["tile"]), action["train"])
    return A.SIMPLE[action["type"]]()


class TrenRules:
    def __init__(self, seat: int):
        self.seat = seat
        self.normal_of = NormalPlayers(NormalBot)
        self.told: tuple[dict, dict] | None = None    # a view and what its passes tell

    def candidates(self, view: dict) -> list[dict]:
        allowed = view.get("allowed") or []
        if "play" not in allowed:
            return []
        fits = [(dominoes.parse(tile), train)
                for tile, trains in view["fits"].items() for train in trains]
        if not fits:
            return []
        moves = [{"type": "play", "tile": dominoes.tile_text(tile), "train": train}
                 for tile, train in self.normal_of(self.seat).ranked(view, fits)[:CANDIDATES]]
        if "pass" in allowed:
            moves.append({"type": "pass"})
        return moves

    def world(self, view: dict, rng: random.Random) -> Tren:
        n = len(view["players"])
        options = {**view["rules"], "rounds": view["rounds"]}
        game = Tren(n, options, seed=rng.getrandbits(32))
        hub = dominoes.parse(view["hub"])
        game.hub = hub
        game.trains = [Train(hub.high, dominoes.parse_all(t["tiles"])) for t in view["trains"]]
        game.mexican = Train(hub.high, dominoes.parse_all(view["mexican"]["tiles"]))
        own = dominoes.parse_all(view["hand"])
        seen = {hub, *own, *game.mexican.tiles, *(t for train in game.trains for t in train.tiles)}
        unseen = [t for t in ALL_TILES if t not in seen]
        rng.shuffle(unseen)
        if self.told is None or self.told[0] is not view:
            self.told = (view, absent_numbers(view))
        known = place_known(self.told[1], unseen)    # what the passes it saw tell
        game.hands = deal_hands(view["players"], "tiles", self.seat, own, unseen, known)
        game.boneyard = unseen
        game.markers = [p["marker"] for p in view["players"]]
        game.dealer, game.turn, game.round = view["dealer"], view["turn"], view["round"] - 1
        game.scores = [p["score"] for p in view["players"]]
        game.final_round = bool(view.get("final_round"))   # the host called the last round
        game.first_scores = list(game.scores)
        game.phase = PLAY
        game.played, game.drawn = view["played"], view["drawn"]
        game.opener = view["turn"] if view["opening"] else None
        # a seat that has had a turn has started its train or put its marker out
        game.had_turn = [game.trains[s].started or game.markers[s] for s in range(n)]
        game.had_turn[game.turn] = not view["first_turn"]
        return game

    def play(self, world: Tren, action: dict) -> None:
        getattr(world, "_do_" + action["type"])(self.seat, as_value(action))

    def finish(self, world: Tren, rng: random.Random) -> int:
        """Plays the round out; its cost in moves, normal's planning included."""
        planned = self.planned()
        moves = PLAYOUT_MOVES
        for made in range(PLAYOUT_MOVES):
            if world.phase != PLAY:
                moves = made
                break
            seat = world.turn
            action = self.normal_of(seat).choose(lean_view(world, seat))
            if action is None:          # never in a round in play: every seat in turn may act
                moves = made
                break
            getattr(world, "_do_" + action["type"])(seat, as_value(action))
        return moves + (self.planned() - planned) // STEPS_PER_MOVE

    def planned(self) -> int:
        return sum(bot.meter.steps for bot in self.normal_of.made.values())

    def value(self, world: Tren) -> float:
        if world.phase not in (ROUND_OVER, GAME_OVER):
            return 0.0
        return standing(world.scores, self.seat, world.phase == GAME_OVER, WIN_WORTH)


class DificilBot(SearchBot[Tren]):
    def __init__(self, seat: int, seed: int = 0, playouts: int = PLAYOUTS):
        rules = TrenRules(seat)
        super().__init__(seat, seed, rules, NormalBot(seat, seed), playouts,
                         MOVE_BUDGET)

