"""What Canasta Ferroviaria shows: the public view everyone sees (the TV, every phone) and the
private part only one seat sees (its hand and, once it may look, its kitty)."""
from __future__ import annotations

from collections import Counter

from engine.canasta import proposals, rules
from engine.canasta.rules import IN_PLAY, Meld
from engine.cards import FRENCH, Card


def public(game) -> dict:
    top = game.top
    return {
        "game": game.name,
        "round": game.round + 1,
        "target": game.target,
        "players": [_player(game, s) for s in range(game.players)],
        "melds": [_meld(m) for m in game.melds],
        "stock": len(game.stock),
        "pile": len(game.pile),
        "pile_top": FRENCH.format(top) if top is not None else None,
        # everyone saw them go in: the wild cards under the top (jokers and 2s)
        "pile_wilds": sum(1 for c in game.pile if rules.is_wild(c)),
        "frozen": game.frozen(),
        "blocked": game.blocked(),
        "sevens_free": game.sevens_free(),
        "wild_ranks": rules.wild_ranks(),
        "dealer": game.dealer,
        "turn": game.turn,
        "phase": game.phase,
        "turns": game.turns + 1 if game.phase in IN_PLAY else 0,
        **game._round_view(),
    }


def private(game, seat: int) -> dict:
    hand = sorted(game.hands[seat], key=display_order)
    visible = game.kitty_seen[seat] and not game.kitty_taken[seat]
    return {"hand": [FRENCH.format(c) for c in hand],
            "kitty_cards": [FRENCH.format(c) for c in sorted(game.kitties[seat],
                                                             key=display_order)]
                           if visible else None,
            "hand_points": rules.points(hand),
            "card_values": rules.card_values(),
            "open_melds": game.open_melds(seat),
            "allowed": game.allowed(seat),
            **proposals.for_seat(game, seat)}


def display_order(c: Card) -> tuple[int, int]:
    """Hands read grouped by rank, aces high, wild cards last."""
    if c.is_joker:
        return (99, 0)
    if c.rank == 2:
        return (98, c.suit)
    return (14 if c.rank == 1 else c.rank, c.suit)


def _meld(m: Meld) -> dict:
    return {"id": m.id, "owner": m.owner, "rank": rules.rank_text(m.rank),
            "cards": [FRENCH.format(c) for c in m.cards], "count": len(m.cards),
            "wilds": m.wilds, "complete": m.complete, "kind": m.kind}


def _player(game, s: int) -> dict:
    mine = game.own_melds(s)
    kinds = Counter(m.kind for m in mine if m.kind)
    return {"seat": s, "cards": len(game.hands[s]), "kitty": len(game.kitties[s]),
            "kitty_taken": game.kitty_taken[s], "kitty_seen": game.kitty_seen[s],
            "kitty_left": game.kitty_left[s],
            "red_threes": [FRENCH.format(c) for c in game.red_threes[s]],
            "score": game.scores[s], "requirement": game.needed(s),
            "melded": bool(mine), "canastas": {k: kinds[k] for k in rules.KINDS}}
