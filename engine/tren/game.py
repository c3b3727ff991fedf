"""Tren Mexicano: double-12 dominoes for 2-8 players, each growing a train from the hub.

Seats are numbered in playing order: the text's "to the left" of seat s is seat s + 1
(mod players), as every game here numbers its seats. Every handler checks everything first and
only then changes the state, so a refused action leaves the game exactly as it was.

A turn: the player in turn plays one tile on a train open to them, or, having none that fits,
draws one (and plays it if it fits), or else passes and puts their marker out. A double is
covered by the next tile on its train before anything else is played; its player goes on
after it. The rules in our words, with every interpretation: docs/rules/tren.md.
"""
from __future__ import annotations

from collections import Counter

from engine import dominoes
from engine.dominoes import ALL_TILES, Tile
from engine.game import GAME_OVER, ROUND_OVER, RoundGame
from engine.messages import refuse
from engine.tren import actions as A
from engine.tren.deal import check_deal
from engine.tren.info import INFO
from engine.tren.options import OPTIONS
from engine.tren.rules import (
    CHAIN,
    ENGINE,
    HAND_TABLES,
    MAX_PLAYERS,
    MIN_PLAYERS,
    engine_number,
    hand_points,
)
from engine.tren.trains import MEXICAN, Train, TrainKey, train_words

PLAY = "play"
FULL_SET = list(ALL_TILES)


class Tren(RoundGame):
    name = "tren"
    min_players, max_players = MIN_PLAYERS, MAX_PLAYERS
    # difícil is offered: it wins 54 % of a thousand one-round games against normal, a clear
    # edge if short of the goal (engine/tren/hard.py, the README's table)
    bot_levels = ("facil", "normal", "dificil")
    info = INFO
    OPTIONS = OPTIONS
    FIRST_PHASE = PLAY
    SYSTEM_ACTIONS = frozenset({"last_round"})
    ACTIONS = A.ACTIONS
    parse_action = staticmethod(A.coerce)
    parse_pieces = staticmethod(dominoes.parse_all)

    def __init__(self, players: int, options: dict | None = None, seed: int = 0):
        super().__init__(players, options, seed)
        if "_deal" in self.options:
            self.options["_deal"] = check_deal(self.options["_deal"], self.options)
        self.hands: list[list[Tile]] = [[] for _ in range(players)]
        self.boneyard: list[Tile] = []        # the top is the end of the list
        self.hub: Tile | None = None
        self.trains: list[Train] = []
        self.mexican = Train(0)
        self.markers = [False] * players
        self.had_turn = [False] * players     # this round: who has had their first turn
        self.played = 0                        # tiles laid in this turn
        self.drawn = False                     # drawn since this turn (or its double) began
        self.just_played: int | None = None    # whose turn just ended with a tile
        self.opener: int | None = None         # who put the hub double down, during that turn
        self.round_results: list[dict] = []
        self.first_scores = [0] * players      # before the first round played here
        self._audited_rounds = 0

    # ----- creation -------------------------------------------------------------------------

    @classmethod
    def new(cls, players: int, options: dict | None = None, seed: int = 0) -> "Tren":
        game = cls(players, options, seed)
        deal = game.options.get("_deal")
        if deal is not None and len(deal["hands"]) != players:
            raise refuse("bad_deal")
        if deal is None:
            game.dealer = game._opening_dealer()
        else:
            game.dealer = deal.get("dealer", players - 1)
            game.round = deal.get("round", 1) - 1
            if "scores" in deal:
                game.scores = list(deal["scores"])
        game.first_dealer = game.dealer
        game.first_scores = list(game.scores)
        game._deal(deal)
        return game

    @property
    def rounds(self) -> int:
        return self.options["rounds"]

    def _deal(self, explicit: dict | None = None) -> None:
        n = self.players
        if explicit is None:
            engine_mode = self.options["start"] == ENGINE
            hub = dominoes.double(engine_number(self.round)) if engine_mode else None
            pool = [t for t in ALL_TILES if t != hub]
            self.rng.shuffle(pool)
            size = HAND_TABLES[self.options["tiles"]][n]
            self.hands = [[] for _ in range(n)]
            for _ in range(size):
                for k in range(1, n + 1):
                    self.hands[(self.dealer + k) % n].append(pool.pop())
            self.boneyard = pool
        else:
            self.hands = [dominoes.parse_all(h) for h in explicit["hands"]]
            self.boneyard = list(reversed(dominoes.parse_all(explicit.get("boneyard", ""))))
            # check_deal names the hub, unless the highest double in a hand opens the round
            hub = dominoes.parse(explicit["hub"]) if explicit.get("hub") else None
        self.markers = [False] * n
        self.had_turn = [False] * n
        self.played, self.drawn, self.just_played = 0, False, None
        self.phase = PLAY
        self._event("deal", self.dealer, round=self.round + 1)
        starter, self.opener = (self.dealer + 1) % n, None
        if hub is None:
            starter, hub = self._highest_double(starter)
            self.opener = starter
        self.hub = hub
        self.trains = [Train(hub.high) for _ in range(n)]
        self.mexican = Train(hub.high)
        self.turn = starter
        self._event("hub", self.opener, tile=dominoes.tile_text(hub))
        if explicit is not None:
            self._lay_explicit(explicit)

    def _highest_double(self, first: int) -> tuple[int, Tile]:
        """The text's opening: whoever holds the highest double puts it in the hub and plays
        first. When nobody holds one, the players draw one tile each in turn, from `first` on,
        until somebody draws a double."""
        n = self.players
        seat = first
        while not any(t.is_double for hand in self.hands for t in hand):
            self.hands[seat].append(self.boneyard.pop())
            self._event("draw", seat, for_double=True)
            seat = (seat + 1) % n
        best = max((t, s) for s, hand in enumerate(self.hands) for t in hand if t.is_double)
        tile, holder = best
        self.hands[holder].remove(tile)
        return holder, tile

    def _lay_explicit(self, deal: dict) -> None:
        for seat, text in enumerate(deal.get("trains", [])):
            self.trains[seat] = Train(self.trains[seat].start, dominoes.parse_all(text))
        self.mexican = Train(self.mexican.start, dominoes.parse_all(deal.get("mexican", "")))
        for seat in deal.get("markers", []):
            self.markers[seat] = True
        laid = any(t.started for t in (*self.trains, self.mexican))
        if deal.get("first_turns_over", laid):
            self.had_turn = [True] * self.players
        else:
            for seat in deal.get("markers", []):
                self.had_turn[seat] = True     # a marker goes out only at the end of a turn
        if "turn" in deal:
            self.turn = deal["turn"]
        if self.turn != self.opener or self.had_turn[self.turn]:
            self.opener = None          # the deal starts after the opening turn

    # ----- the trains a seat may play on ------------------------------------------------------

    def _train(self, key: TrainKey) -> Train:
        return self.mexican if isinstance(key, str) else self.trains[key]

    def _keys(self) -> list[TrainKey]:
        return [*range(self.players), MEXICAN]

    def _open_double(self) -> TrainKey | None:
        """The train ending in a double that must be covered, if any (at most one)."""
        for key in self._keys():
            if self._train(key).open_double:
                return key
        return None

    def _opening(self, seat: int) -> bool:
        """The text's start: `seat` has just put the highest double in the hub, and may still
        start their own train in this turn or end it (no draw, no marker)."""
        return seat == self.opener and self.played == 0

    def _chaining(self, seat: int) -> bool:
        """On a first turn with the `chain` option: tiles after the first go on one's own train."""
        return (self.options["first_turn"] == CHAIN and not self.had_turn[seat]
                and self.played > 0)

    def _open_to(self, seat: int) -> list[TrainKey]:
        """The trains `seat` may play on now, if it were in turn."""
        cover = self._open_double()
        if cover is not None:
            return [cover]
        if self._chaining(seat) or not self.trains[seat].started:
            return [seat]
        return [seat, MEXICAN, *(q for q in range(self.players) if q != seat and self.markers[q])]

    def placements(self, seat: int) -> dict[Tile, list[TrainKey]]:
        """Where each tile of `seat`'s hand may go now ({} when it is not in turn)."""
        if self.phase != PLAY or seat != self.turn:
            return {}
        keys = self._open_to(seat)
        trains = [(k, self._train(k).open) for k in keys]
        return {t: [k for k, end in trains if t.has(end)] for t in self.hands[seat]}

    def _can_play(self, seat: int) -> bool:
        return any(self.placements(seat).values())

    # ----- checks shared by the handlers ----------------------------------------------------

    def _in_turn(self, seat) -> None:
        if seat is None:
            raise refuse("system_only")
        if self.phase == ROUND_OVER:
            raise refuse("round_over")
        if seat != self.turn:
            raise refuse("one_tile_per_turn" if seat == self.just_played else "not_your_turn")

    def _check_train(self, seat: int, key: TrainKey) -> Train:
        """The train `seat` names, if it may play there now (refusals in the rules' order)."""
        cover = self._open_double()
        if cover is not None and key != cover:
            raise refuse("must_cover_double",
                         double=dominoes.double_words(self._train(cover).open))
        if cover is None and key != seat:
            if self._chaining(seat):
                raise refuse("first_turn_own_train")
            if not self.trains[seat].started:
                raise refuse("own_train_first")
            if isinstance(key, int) and not self.markers[key]:
                raise refuse("train_not_open")
        return self._train(key)

    # ----- the turn ---------------------------------------------------------------------------

    def _do_play(self, seat, act) -> None:
        self._in_turn(seat)
        key, tile = act.train, act.tile
        if isinstance(key, int) and key >= self.players:
            raise refuse("no_such_train")
        hand = self.hands[seat]
        if tile not in hand:
            raise refuse("tile_not_in_hand", tile=dominoes.words(tile))
        train = self._check_train(seat, key)
        if not train.fits(tile):
            raise refuse("tile_does_not_fit", tile=dominoes.words(tile),
                         train=train_words(key, seat), end=dominoes.number_words(train.open))
        self._event("play", seat, tile=dominoes.oriented(tile, train.open), train=key,
                    covers=train.open_double, starts=not train.started)
        hand.remove(tile)
        train.add(tile)
        self.played += 1
        if key == seat and self.markers[seat]:
            self.markers[seat] = False
            self._event("marker_off", seat)
        if not hand:
            self._end_round(winner=seat)
        elif tile.is_double:
            self.drawn = False          # the double brings its own draw, to cover it
        elif not (self._chaining(seat) and self._can_play(seat)):
            self._end_turn(seat, played=True)

    def _do_draw(self, seat, act) -> None:
        self._in_turn(seat)
        if self._can_play(seat):
            raise refuse("tile_fits_no_draw")
        if self._opening(seat):
            raise refuse("opening_no_draw")
        if self.drawn:
            raise refuse("drew_this_turn")
        if not self.boneyard:
            raise refuse("boneyard_empty")
        self.hands[seat].append(self.boneyard.pop())
        self.drawn = True
        self._event("draw", seat)

    def _do_pass(self, seat, act) -> None:
        self._in_turn(seat)
        if self._opening(seat):
            self._event("pass", seat, stop=True, opening=True)    # the hub double was the turn
            self._end_turn(seat, played=False)
            return
        if self._chaining(seat) and self._open_double() is None:
            self._event("pass", seat, stop=True)     # enough tiles for a first turn
            self._end_turn(seat, played=True)
            return
        if self._can_play(seat):
            raise refuse("tile_fits_no_pass")
        if not self.drawn and self.boneyard:
            raise refuse("draw_before_passing")
        if not self.markers[seat]:
            self.markers[seat] = True
            self._event("marker_on", seat)
        self._event("pass", seat)
        self._end_turn(seat, played=False)
        if not self.boneyard and self._blocked():
            self._end_round(winner=None)

    def _end_turn(self, seat: int, played: bool) -> None:
        self.had_turn[seat] = True
        self.opener = None
        self.turn = (seat + 1) % self.players
        self.played, self.drawn = 0, False
        self.just_played = seat if played else None

    def _blocked(self) -> bool:
        """Whether nobody can ever play again this round: the boneyard is empty and no tile
        in any hand fits, even with every marker out (a player who cannot play passes and
        puts theirs out, which only opens trains)."""
        cover = self._open_double()
        if cover is not None:
            wanted = self._train(cover).open
            return not any(t.has(wanted) for hand in self.hands for t in hand)
        every_end = {self._train(k).open for k in self._keys()}
        for seat, hand in enumerate(self.hands):
            ends = every_end if self.trains[seat].started else {self.trains[seat].open}
            if any(t.high in ends or t.low in ends for t in hand):
                return False
        return True

    def _end_round(self, winner: int | None) -> None:
        blank = self.options["double_blank"]
        points = [hand_points(h, blank) for h in self.hands]
        for s, p in enumerate(points):
            self.scores[s] += p
        self.round_results.append({
            "round": self.round + 1,
            "hub": None if self.hub is None else dominoes.tile_text(self.hub),
            "winner": winner, "blocked": winner is None, "points": points,
            "hands": [[dominoes.tile_text(t) for t in h] for h in self.hands],
            "totals": list(self.scores)})
        self.phase = GAME_OVER if self.round >= self.rounds - 1 or self.final_round else ROUND_OVER
        self._event("round_end", winner, round=self.round + 1, points=points,
                    blocked=winner is None)
        if self.phase == GAME_OVER:
            self._event("game_end", None, winners=self._standings()["winners"])

    def _ends_with_this_round(self) -> bool:
        return self.round + (self.phase == ROUND_OVER) >= self.rounds - 1

    # ----- what a seat may do -------------------------------------------------------------------

    def allowed(self, seat: int) -> list[str]:
        """The action types `seat` may try now (the buttons a phone enables)."""
        if self.phase == GAME_OVER:
            return []
        if self.phase == ROUND_OVER:
            return [] if seat in self.ready else ["next_round"]
        if seat != self.turn:
            return []
        if self._opening(seat):
            return ["play", "pass"] if self._can_play(seat) else ["pass"]
        if self._can_play(seat):
            if self._chaining(seat) and self._open_double() is None:
                return ["play", "pass"]
            return ["play"]
        if not self.drawn and self.boneyard:
            return ["draw"]
        return ["pass"]

    def _why_not_in_play(self, seat: int, kind: str):
        """The refusal each action type not in `allowed(seat)` gets, in the handlers' order
        (for the buttons at rest)."""
        if kind not in (PLAY, "draw", "pass"):
            return None
        if self.phase == ROUND_OVER:
            return refuse("round_over")
        if seat != self.turn:
            return refuse("one_tile_per_turn" if seat == self.just_played else "not_your_turn")
        if kind == PLAY:
            return refuse("no_tile_fits")
        if self._can_play(seat):
            return refuse("tile_fits_no_draw" if kind == "draw" else "tile_fits_no_pass")
        if self._opening(seat):
            return refuse("opening_no_draw")
        if kind == "draw":
            return refuse("drew_this_turn" if self.drawn else "boneyard_empty")
        return refuse("draw_before_passing")

    # ----- views ----------------------------------------------------------------------------

    def _train_view(self, key: TrainKey) -> dict:
        train = self._train(key)
        data = {"tiles": train.oriented(), "open": train.open, "started": train.started,
                "open_double": train.open_double}
        if isinstance(key, str):
            return data
        return {"owner": key, **data, "marker": self.markers[key]}

    def _public_view(self) -> dict:
        cover = self._open_double()
        in_play = self.phase == PLAY
        return {
            "game": self.name,
            "players": [
                {"seat": s, "tiles": len(self.hands[s]), "score": self.scores[s],
                 "marker": self.markers[s], "started": self.trains[s].started}
                for s in range(self.players)],
            "round": self.round + 1,
            "rounds": self.rounds,
            "start": self.options["start"],
            "hub": dominoes.tile_text(self.hub) if self.hub is not None else None,
            "engine": self.hub.high if self.hub is not None else None,
            "trains": [self._train_view(s) for s in range(self.players)],
            "mexican": self._train_view(MEXICAN),
            "open_double": None if cover is None else {
                "train": cover, "number": self._train(cover).open,
                "tile": dominoes.tile_text(dominoes.double(self._train(cover).open))},
            "dealer": self.dealer,
            "turn": self.turn,
            "phase": self.phase,
            "first_turn": in_play and not self.had_turn[self.turn],
            "opening": in_play and self._opening(self.turn),
            "played": self.played if in_play else 0,
            "drawn": self.drawn and in_play,
            "boneyard": len(self.boneyard),
            "hand_size": HAND_TABLES[self.options["tiles"]][self.players],
            "rules": {k: self.options[k] for k in ("tiles", "start", "first_turn",
                                                    "double_blank", "faces")},
            **self._round_view(),
        }

    def _private_view(self, seat: int) -> dict:
        fits = self.placements(seat)
        hand = self.hands[seat]
        return {"hand": [dominoes.tile_text(t) for t in hand],
                "fits": {dominoes.tile_text(t): fits.get(t, []) for t in hand},
                "hand_points": hand_points(hand, self.options["double_blank"]),
                "allowed": self.allowed(seat)}

    # ----- invariants (used by the simulator and the property tests) ------------------------

    def audit(self, full_deck: bool = True) -> list[str]:
        """What is wrong with the state, if anything (an empty list when all is well)."""
        problems = []
        trains = {k: self._train(k) for k in self._keys()}
        if full_deck:
            everywhere = [t for h in self.hands for t in h] + list(self.boneyard)
            everywhere += [t for train in trains.values() for t in train.tiles]
            if self.hub is not None:
                everywhere.append(self.hub)
            if sorted(everywhere) != FULL_SET:
                present, expected = Counter(everywhere), Counter(FULL_SET)
                problems.append(f"tiles: {len(everywhere)} present; missing "
                                f"{sorted(expected - present)}, extra {sorted(present - expected)}")
        if self.hub is None or not self.hub.is_double:
            problems.append(f"the hub holds {self.hub!r}, not a double")
        else:
            for key, train in trains.items():
                if train.start != self.hub.high:
                    problems.append(f"train {key} starts from {train.start}, not the hub")
                problems.extend(f"train {key}: {p}" for p in train.problems())
        if sum(train.open_double for train in trains.values()) > 1:
            problems.append("more than one double to cover")
        for s, up in enumerate(self.markers):
            if up and not self.had_turn[s]:
                problems.append(f"seat {s}'s marker is out before its first turn")
        totals = list(self.first_scores)
        for result in self.round_results:
            totals = [t + p for t, p in zip(totals, result["points"], strict=True)]
        if totals != self.scores:
            problems.append(f"scores {self.scores} != the sum of the rounds {totals}")
        blank = self.options["double_blank"]
        for result in self.round_results[self._audited_rounds:]:
            for s, hand in enumerate(result["hands"]):
                if result["points"][s] != hand_points(dominoes.parse_all(hand), blank):
                    problems.append(f"round {result['round']} seat {s}: points != the pips left")
            if result["winner"] is not None and result["hands"][result["winner"]]:
                problems.append(f"round {result['round']}: its winner kept tiles")
        if not problems:
            self._audited_rounds = len(self.round_results)   # a round's record never changes
        if self.phase == PLAY:
            for s, hand in enumerate(self.hands):
                if not hand:
                    problems.append(f"seat {s} holds no tile during play")
            if not 0 <= self.turn < self.players:
                problems.append(f"turn {self.turn} out of range")
        return problems

    # ----- secrecy (used by the contract tests) ----------------------------------------------

    def hidden_zones(self, reader) -> list[list]:
        """The live lists of tiles `reader` (a seat, or None for the TV) may not see, neither
        which tiles they hold nor in what order: the other hands and the boneyard."""
        return [hand for s, hand in enumerate(self.hands) if s != reader] + [self.boneyard]
