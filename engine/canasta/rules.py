"""Canasta Ferroviaria's numbers and its pure rules: card values, the initial requirement, what
makes a meld and which canasta it becomes, and what a play leaves in the hand.

Everything here works on plain values (cards, lists of cards, a `Position`), so that the game's
handlers and the bots, which see only their view, judge a play by the very same rules.
The rules in our words, with every interpretation: docs/rules/canasta.md.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Iterable, Sequence

from engine.cards import ACE, FRENCH, Card
from engine.game import GameError
from engine.messages import Words, refuse

# A round's phases while it is played: a turn draws, then plays, then (once) meets its kitty.
DRAW, PLAY, KITTY = "draw", "play", "kitty"
IN_PLAY = (DRAW, PLAY, KITTY)

MIN_PLAYERS, MAX_PLAYERS = 2, 6
HAND_SIZE, KITTY_SIZE = 13, 11
PACKS_PER_PLAYER, JOKERS_PER_PLAYER = 2, 2
DRAW_COUNT = 2
CANASTA_SIZE = 7
MAX_WILDS = 3
MIN_NATURALS = 2
MIN_MELD = 3
SEVEN = 7
THREE = 3
GOING_OUT_BONUS = 100
RED_THREE_BONUS = 100
TARGETS = (20_000, 10_000, 5_000)
DEFAULT_TARGET = 20_000

# A meld's "rank": 4..13 and the ace for ranks, WILD for a meld of wild cards only, THREE for
# the black 3s laid when going out.
WILD = 0

RED, BLACK, WILD_KIND, SEVENS = "red", "black", "wild", "sevens"
KINDS = (RED, BLACK, WILD_KIND, SEVENS)
BONUS = {RED: 500, BLACK: 300, WILD_KIND: 1000, SEVENS: 1500}
KIND_WORDS = {RED: Words("roja", "red"), BLACK: Words("negra", "black"),
              WILD_KIND: Words("de comodines", "wild"), SEVENS: Words("de sietes", "sevens")}

# The initial requirement by the player's score when the round began: (least score, points).
REQUIREMENTS = ((15_000, 150), (10_000, 120), (5_000, 90), (0, 50))
NEGATIVE_REQUIREMENT = 15


# The three tests below read the card's int (suit * 16 + rank, the joker 0) directly: the
# search's playouts ask them hundreds of thousands of times a decision.
def is_wild(c: Card) -> bool:
    return c == 0 or c & 15 == 2


def is_red_three(c: Card) -> bool:
    return c & 15 == THREE and c >> 4 in (1, 2)     # hearts, diamonds


def is_black_three(c: Card) -> bool:
    return c & 15 == THREE and c >> 4 in (0, 3)     # spades, clubs


def value(c: Card) -> int:
    """What a card counts, in a meld and against its holder: joker 50, 2 and ace 20,
    K-8 10, 7-4 and the black 3 5. A red 3 is scored apart (100 when laid)."""
    if c.is_joker:
        return 50
    if c.rank in (2, ACE):
        return 20
    if c.rank >= 8:
        return 10
    if is_red_three(c):
        return 0
    return 5


def card_values() -> dict[str, int]:
    """What each rank a hand may hold counts, by the rank as cards are written ("K", "10", "*"
    the joker; "3" the black 3, since a red 3 never stays in a hand): the phone's progress
    toward the first meld's requirement."""
    spades = FRENCH.parse_all("As 2s 3s 4s 5s 6s 7s 8s 9s 10s Js Qs Ks")
    ranks = {FRENCH.format(c)[:-1]: value(c) for c in spades}
    return {**ranks, "*": value(FRENCH.parse("*"))}


def wild_ranks() -> list[str]:
    """The ranks, as cards are written, whose cards are wild ("2", and "*" the joker): the
    screens group wild cards apart and show a meld's natural card on top."""
    return [rank for rank in card_values()
            if is_wild(FRENCH.parse(rank if rank == "*" else f"{rank}s"))]


def points(cards: Iterable[Card]) -> int:
    return sum(value(c) for c in cards)


def requirement(score: int) -> int:
    """The least value of a player's first melds in a round, by their score."""
    if score < 0:
        return NEGATIVE_REQUIREMENT
    for least, needed in REQUIREMENTS:
        if score >= least:
            return needed
    return REQUIREMENTS[-1][1]


def words(c: Card) -> Words:
    return FRENCH.words(c)


def cards_words(cards: Iterable[Card]) -> list[Words]:
    return [words(c) for c in cards]


# English plurals in words: "9s" would read as the nine of spades.
PLURAL_EN = {4: "fours", 5: "fives", 6: "sixes", 7: "sevens", 8: "eights", 9: "nines",
             10: "tens", 3: "threes"}


def rank_words(rank: int) -> Words:
    """A rank as a meld is named by it: "de Reyes" / "of Kings", "de 9" / "of nines"."""
    if rank == WILD:
        return Words("comodines", "wild cards")
    words = FRENCH.rank_words(rank)
    return Words(words.es, PLURAL_EN.get(rank, words.en))


def rank_text(rank: int) -> str:
    """A meld's rank as the view writes it: "K", "7", "A", "wild", "3"."""
    if rank == WILD:
        return "wild"
    return ("A", *map(str, range(2, 11)), "J", "Q", "K")[rank - 1]


@dataclass
class Meld:
    """Cards laid by one player: a rank and its cards (naturals and wilds)."""
    id: int
    owner: int
    rank: int
    cards: list[Card] = field(default_factory=list)

    @property
    def wilds(self) -> int:
        return sum(is_wild(c) for c in self.cards)

    @property
    def complete(self) -> bool:
        """A canasta: seven cards (the black 3s laid going out never make one)."""
        return self.rank != THREE and len(self.cards) >= CANASTA_SIZE

    @property
    def kind(self) -> str | None:
        if not self.complete:
            return None
        return canasta_kind(self.rank, self.cards)

    @property
    def bonus(self) -> int:
        kind = self.kind
        return BONUS[kind] if kind else 0


def canasta_kind(rank: int, cards: Sequence[Card]) -> str:
    if rank == WILD:
        return WILD_KIND
    if any(is_wild(c) for c in cards):
        return BLACK
    return SEVENS if rank == SEVEN else RED


def meld_rank(cards: Sequence[Card]) -> int:
    """The rank a new meld would have (GameError when the cards are no meld)."""
    naturals = [c for c in cards if not is_wild(c)]
    if any(is_red_three(c) for c in naturals):
        raise refuse("red_three_in_meld")
    if not naturals:
        return WILD
    ranks = {c.rank for c in naturals}
    if len(ranks) > 1:
        raise refuse("meld_mixed_ranks", cards=cards_words(cards))
    return ranks.pop()


def check_meld_cards(rank: int, cards: Sequence[Card]) -> None:
    """A meld of `rank` holding `cards` (new, or after an addition) is sound."""
    naturals = [c for c in cards if not is_wild(c)]
    wilds = len(cards) - len(naturals)
    if any(is_red_three(c) for c in naturals):
        raise refuse("red_three_in_meld")
    if any(c.rank != rank for c in naturals):
        wrong = [c for c in naturals if c.rank != rank]
        raise refuse("wrong_rank_for_meld", cards=cards_words(wrong), rank=rank_words(rank))
    if rank == THREE:
        if wilds:
            raise refuse("black_threes_no_wilds")
        if len(cards) < MIN_MELD:
            raise refuse("meld_too_small", least=MIN_MELD)
        return
    if len(cards) < MIN_MELD:
        raise refuse("meld_too_small", least=MIN_MELD)
    if len(cards) > CANASTA_SIZE:
        raise refuse("meld_too_big", most=CANASTA_SIZE)
    if rank == WILD:
        return
    if wilds > MAX_WILDS:
        raise refuse("too_many_wilds", most=MAX_WILDS)
    if len(naturals) < MIN_NATURALS:
        raise refuse("too_few_naturals", least=MIN_NATURALS)


def take(hand: Sequence[Card], cards: Iterable[Card]) -> list[Card]:
    """The hand once `cards` are taken out of it, one for one (GameError if one is missing)."""
    rest = list(hand)
    for c in cards:
        if c not in rest:
            raise refuse("card_not_in_hand", card=words(c))
        rest.remove(c)
    return rest


def kinds_held(melds: Iterable[Meld]) -> set[str]:
    return {m.kind for m in melds if m.kind is not None}


def has_all_kinds(melds: Iterable[Meld]) -> bool:
    return kinds_held(melds) >= set(KINDS)


def missing_kinds(melds: Iterable[Meld]) -> list[Words]:
    held = kinds_held(melds)
    return [KIND_WORDS[k] for k in KINDS if k not in held]


@dataclass
class Position:
    """What a play is judged on: one seat's hand and melds, whether it has made its first melds
    this round and what those need, and whether 7s may be discarded yet."""
    hand: list[Card]
    melds: list[Meld]            # this seat's own, in the order laid
    melded: bool
    needed: int
    sevens_free: bool

    def open_meld(self, rank: int) -> Meld | None:
        for m in self.melds:
            if m.rank == rank and not m.complete:
                return m
        return None


def discardable(c: Card, sevens_free: bool) -> bool:
    return c.rank != SEVEN or c.is_joker or sevens_free


def legal_discards(hand: Sequence[Card], melds: Sequence[Meld], sevens_free: bool) -> list[Card]:
    """The cards of `hand` that may be discarded now: no 7 until every player has a sevens
    canasta; the last card only to go out (the four kinds held), and never a 7."""
    if len(hand) == 1:
        last = hand[0]
        if has_all_kinds(melds) and (last.rank != SEVEN or last.is_joker):
            return [last]
        return []
    return [c for c in hand if discardable(c, sevens_free)]


def discard_problem(pos: Position, c: Card) -> GameError | None:
    if c not in pos.hand:
        return refuse("card_not_in_hand", card=words(c))
    if len(pos.hand) == 1:
        missing = missing_kinds(pos.melds)
        if missing:
            return refuse("cannot_go_out", what=missing)
        if c.rank == SEVEN and not c.is_joker:
            return refuse("last_discard_seven")
        return None
    if not discardable(c, pos.sevens_free):
        return refuse("sevens_not_free")
    return None


def stuck(pos: Position) -> bool:
    """No legal discard: the hand holds only 7s that may not be discarded (or nothing)."""
    return not legal_discards(pos.hand, pos.melds, pos.sevens_free)


def new_melds(pos: Position, groups: Sequence[Sequence[Card]], next_id: int,
              owner: int) -> list[Meld]:
    """The melds `groups` would lay, each checked against the seat's open melds (one open meld
    per rank) and the ones before it in the same play."""
    laid: list[Meld] = []
    for i, group in enumerate(groups):
        rank = meld_rank(group)
        check_meld_cards(rank, group)
        for m in (*pos.melds, *laid):
            if m.rank == rank and not m.complete:
                raise refuse("rank_already_open", rank=rank_words(rank))
        laid.append(Meld(next_id + i, owner, rank, list(group)))
    return laid


def check_first_melds(pos: Position, laid: Sequence[Meld]) -> None:
    """The initial requirement: only the cards melded now count."""
    if pos.melded:
        return
    total = sum(points(m.cards) for m in laid)
    if total < pos.needed:
        raise refuse("requirement_not_met", count=pos.needed - total, points=pos.needed)


def check_hand_left(pos: Position, after: Sequence[Card], melds_after: Sequence[Meld],
                    black_threes: bool = False) -> None:
    """What a meld, an addition or a take may leave in the hand. A turn ends with a discard, so
    a player keeps two cards, or one (not a 7) when the four kinds of canasta let them go out;
    black 3s go down only in that last play. Melding away your last card that is not a 7 while
    7s may not be discarded is refused too (you must keep a legal discard); a hand of 7s only,
    stuck, may meld them all, which ends the round."""
    left = len(after)
    if left == 0:
        if stuck(pos) and pos.hand:
            return
        raise refuse("must_keep_a_discard")
    if left == 1:
        missing = missing_kinds(melds_after)
        if missing:
            raise refuse("cannot_go_out", what=missing)
        if after[0].rank == SEVEN and not after[0].is_joker:
            raise refuse("last_discard_seven")
        return
    if black_threes:
        raise refuse("black_threes_only_going_out")
    if not pos.sevens_free and all(c.rank == SEVEN for c in after) \
            and any(c.rank != SEVEN for c in pos.hand):
        raise refuse("keep_a_legal_discard")


def check_black_threes(pos: Position, laid: Sequence[Meld], after: Sequence[Card],
                       melds_after: Sequence[Meld]) -> None:
    if not any(m.rank == THREE for m in laid):
        return
    missing = missing_kinds(melds_after)
    if missing:
        raise refuse("black_threes_only_going_out")
    if len(after) != 1:
        raise refuse("black_threes_only_going_out")


def naturals_of(hand: Iterable[Card], rank: int) -> list[Card]:
    return [c for c in hand if not is_wild(c) and c.rank == rank]


def pile_rank(top: Card | None) -> int | None:
    """The rank a pile may be taken for: its top card, when that is a natural (not a 3)."""
    if top is None or is_wild(top) or top.rank == THREE:
        return None
    return top.rank


def count_by_rank(cards: Iterable[Card]) -> Counter:
    return Counter(c.rank for c in cards if not is_wild(c))



# ----- whole plays, judged the same way for the game and for the bots ------------------------

def meld_play(pos: Position, groups: Sequence[Sequence[Card]], owner: int,
              next_id: int) -> tuple[list[Card], list[Meld]]:
    """New melds from the hand: the hand after and the melds laid (GameError if refused)."""
    after = take(pos.hand, [c for g in groups for c in g])
    laid = new_melds(pos, [list(g) for g in groups], next_id, owner)
    check_first_melds(pos, laid)
    melds_after = [*pos.melds, *laid]
    check_black_threes(pos, laid, after, melds_after)
    check_hand_left(pos, after, melds_after, black_threes=any(m.rank == THREE for m in laid))
    return after, laid


def grown(pos: Position, meld: Meld, cards: Sequence[Card]) -> list[Meld]:
    """The seat's melds with `cards` added to `meld` (checked)."""
    if meld.complete:
        raise refuse("meld_complete")
    cards_after = [*meld.cards, *cards]
    check_meld_cards(meld.rank, cards_after)
    return [Meld(m.id, m.owner, m.rank, cards_after if m.id == meld.id else list(m.cards))
            for m in pos.melds]


def add_play(pos: Position, meld: Meld, cards: Sequence[Card]) -> list[Card]:
    """Cards from the hand added to one of the seat's own melds: the hand after."""
    if meld.complete:
        raise refuse("meld_complete")
    after = take(pos.hand, cards)
    melds_after = grown(pos, meld, cards)
    if meld.rank == THREE:
        check_black_threes(pos, [meld], after, melds_after)
    check_hand_left(pos, after, melds_after, black_threes=meld.rank == THREE)
    return after


def take_top_play(pos: Position, top: Card) -> Meld:
    """The top card of a pile that is not frozen, onto the seat's open meld of its rank."""
    rank = pile_rank(top)
    meld = pos.open_meld(rank) if rank is not None else None
    if meld is None or rank is None:
        raise refuse("no_open_meld_for_top", rank=rank_words(rank if rank else top.rank))
    check_hand_left(pos, pos.hand, grown(pos, meld, [top]))
    return meld


def take_pile_play(pos: Position, top: Card, naturals: Sequence[Card],
                   groups: Sequence[Sequence[Card]], rest: Sequence[Card], owner: int,
                   next_id: int) -> tuple[list[Meld], Meld | None, list[Card], list[Card]]:
    """The whole pile, its top card melded at once with two naturals from the hand (and any
    further melds from the hand for the first meld's requirement); `rest` is the pile under the
    top. Gives the melds laid, the open meld the three cards join (if any), the hand after and
    the red 3s found in the pile."""
    rank = pile_rank(top)
    assert rank is not None
    if len(naturals_of(pos.hand, rank)) < 2:
        raise refuse("pile_needs_two_naturals", rank=rank_words(rank))
    if len(naturals) != 2 or any(is_wild(c) or c.rank != rank for c in naturals):
        raise refuse("pile_naturals_wrong", rank=rank_words(rank), cards=cards_words(naturals))
    after = take(pos.hand, [*naturals, *(c for g in groups for c in g)])
    three = [top, *naturals]
    joined = pos.open_meld(rank)
    new_groups = [list(g) for g in groups]
    if joined is None:
        new_groups.insert(0, three)
    laid = new_melds(pos, new_groups, next_id, owner)
    mine = grown(pos, joined, three) if joined is not None else list(pos.melds)
    check_first_melds(pos, laid)
    threes = [c for c in rest if is_red_three(c)]
    after += [c for c in rest if not is_red_three(c)]
    melds_after = mine + laid
    check_black_threes(pos, laid, after, melds_after)
    check_hand_left(pos, after, melds_after, black_threes=any(m.rank == THREE for m in laid))
    return laid, joined, after, threes
