"""What a seat's phone proposes, computed here so that the phone decides no rule: the melds the
hand can lay now (for «Bajar»), the melds that make up the first meld's requirement when taking
the pile, and which cards may go on each of the seat's open melds. Every proposal is a play the
rules accept (`rules.meld_play`, `rules.take_pile_play`, `rules.add_play`), found by a few cheap
tries rather than a search: the phone offers them, the player may change them. They are in
the view of the seat in turn only (`for_seat`), never in the TV's or another seat's.
"""
from __future__ import annotations

from typing import Sequence

from engine.canasta import rules
from engine.canasta.rules import Meld, Position
from engine.cards import ACE, FRENCH, Card
from engine.game import GameError

MOST = 3                # proposals offered for «Bajar»
UNSEEN = FRENCH.parse("4c")     # stands for a card under the pile's top: no rule singles a 4 out

Groups = list[list[Card]]


def _high_first(rank: int) -> int:
    return 14 if rank == ACE else rank


def _candidates(pos: Position) -> list[Groups]:
    """Sets of new melds, the plainest first: every rank with three naturals or more; the same
    with each pair made up by a wild card (never a pair of 7s, kept for a sevens canasta); the
    same with the wild cards melded together."""
    open_ranks = {m.rank for m in pos.melds if not m.complete}
    by_rank: dict[int, list[Card]] = {}
    for c in pos.hand:
        if not rules.is_wild(c) and c.rank != rules.THREE and c.rank not in open_ranks:
            by_rank.setdefault(c.rank, []).append(c)
    ranks = sorted(by_rank, key=_high_first, reverse=True)
    wilds = [c for c in pos.hand if rules.is_wild(c)]
    naturals = [by_rank[r][:rules.CANASTA_SIZE] for r in ranks if len(by_rank[r]) >= rules.MIN_MELD]
    spare = list(wilds)
    pairs = []
    for r in ranks:
        if len(by_rank[r]) == 2 and r != rules.SEVEN and spare:
            pairs.append([*by_rank[r], spare.pop(0)])
    found = [naturals, naturals + pairs]
    if len(wilds) >= rules.MIN_MELD and rules.WILD not in open_ranks:
        found.append(naturals + [wilds[:rules.CANASTA_SIZE]])
    return [groups for groups in found if groups]


def _variants(groups: Groups) -> list[Groups]:
    """The groups as they are, then each with one card kept back (from a group of more than
    three) or one group left out: what makes a play keep a card to discard."""
    out = [groups]
    for i, group in enumerate(groups):
        if len(group) > rules.MIN_MELD:
            out.append([g[:-1] if j == i else g for j, g in enumerate(groups)])
    for i in reversed(range(len(groups))):
        if len(groups) > 1:
            out.append(groups[:i] + groups[i + 1:])
    return out


def _first_legal(options: list[Groups], accepts) -> Groups | None:
    for groups in options:
        try:
            accepts(groups)
        except GameError:
            continue
        return groups
    return None


def meld_proposals(pos: Position, owner: int, next_id: int) -> list[Groups]:
    """Up to MOST sets of new melds the hand may lay now, each one play the rules accept."""
    proposals: list[Groups] = []
    for groups in _candidates(pos):
        legal = _first_legal(_variants(groups),
                             lambda g: rules.meld_play(pos, g, owner, next_id))
        if legal is not None and legal not in proposals:
            proposals.append(legal)
    return proposals[:MOST]


def pile_melds(pos: Position, top: Card, under: int, owner: int, next_id: int) -> Groups | None:
    """The melds from the hand that, with the pile's top card and two naturals, make taking the
    pile a play the rules accept: none when those three alone do, else one meld if one is
    enough (the highest first), else all the hand holds; None when none found. The rest may be
    melded after the take, with «Bajar». The `under` cards below the top, which the seat may
    not see, are judged as plain cards that come to the hand."""
    rank = rules.pile_rank(top)
    if rank is None:
        return None
    pair = rules.naturals_of(pos.hand, rank)[:2]
    if len(pair) < 2:
        return None
    left = Position(rules.take(pos.hand, pair), pos.melds, pos.melded, pos.needed,
                    pos.sevens_free)
    options: list[Groups] = [[]]
    found = [[g for g in groups if rules.meld_rank(g) != rank] for groups in _candidates(left)]
    options += [[g] for groups in found for g in groups]
    for groups in found:
        options += _variants(groups)
    rest = [UNSEEN] * under
    return _first_legal(options, lambda g: rules.take_pile_play(pos, top, pair, g, rest, owner,
                                                                next_id))


def fits(pos: Position, melds: Sequence[Meld]) -> list[dict]:
    """For each open meld, the ranks (as cards are written: "K", "2", "*") of which one card
    from the hand may go on it now."""
    firsts: dict[str, Card] = {}
    for c in pos.hand:
        firsts.setdefault(FRENCH.format(c)[:-1] if not c.is_joker else "*", c)
    out = []
    for meld in melds:
        ranks = [rank for rank, c in firsts.items() if _adds(pos, meld, c)]
        out.append({"meld": meld.id, "ranks": ranks})
    return out


def _adds(pos: Position, meld: Meld, c: Card) -> bool:
    try:
        rules.add_play(pos, meld, [c])
    except GameError:
        return False
    return True


def for_seat(game, seat: int) -> dict:
    """The proposals in `seat`'s view of `game` (a Canasta): `meld_proposals` for «Bajar», each
    a list of melds; `pile_melds`, the melds that take the pile before the first meld (None:
    none needed or found); `fits`, the ranks each open meld of the seat takes now. Empty but
    for the seat in turn, drawing or playing."""
    out: dict = {"meld_proposals": [], "pile_melds": None, "fits": []}
    if seat != game.turn or game.phase not in ("draw", "play"):
        return out
    pos = game.position(seat)
    if game.phase == "play":
        out["meld_proposals"] = [_codes(p) for p in meld_proposals(pos, seat, game.next_id)]
        out["fits"] = fits(pos, [m for m in game.own_melds(seat) if not m.complete])
    elif not pos.melded and "take_pile" in game.allowed(seat):
        found = pile_melds(pos, game.pile[-1], len(game.pile) - 1, seat, game.next_id)
        out["pile_melds"] = _codes(found) if found is not None else None
    return out


def _codes(groups: Groups) -> list[list[str]]:
    return [[FRENCH.format(c) for c in g] for g in groups]
