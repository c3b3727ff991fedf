"""What Ferrocarril shows: the public view everyone sees (the TV, every phone) and the private
part only one seat sees (its hand)."""
from __future__ import annotations

from engine.cards import SPANISH
from engine.ferrocarril.rules import ROUNDS


def public(game) -> dict:
    window = game.window
    return {
        "game": game.name,
        "players": [
            {"seat": s, "cards": len(game.hands[s]), "buys_left": game.buys_left[s],
             "salido": game.salido[s], "score": game.scores[s]}
            for s in range(game.players)],
        "round": game.round + 1,
        "rounds": ROUNDS,
        "contract": game.contract.to_dict(),
        "dealer": game.dealer,
        "turn": game.turn,
        "phase": game.phase,
        "opening": len(game.turns_done) < game.players,
        "table": [m.public() for m in game.table],
        "stock": len(game.stock),
        "stock_turns_left": game.stock_turns_left(),
        "discard": len(game.discard),
        "discard_top": (None if game.discard_face_down or not game.discard
                        else SPANISH.format(game.discard[-1])),
        "buy_window": window and {
            "card": SPANISH.format(window.card), "discarder": window.discarder,
            "priority": list(window.priority),
            "pressed": sorted(window.pressed, key=window.priority.index),
            "passed": sorted(window.passed, key=window.priority.index),
            "seconds": game.options["buy_seconds"],
            "shown_after": game._deal_show(window)},
        **game._round_view(),
    }


def private(game, seat: int) -> dict:
    return {"hand": [SPANISH.format(c) for c in game.hands[seat]],
            "allowed": game.allowed(seat),
            "stolen_jokers": game.stolen_in_hand if seat == game.turn else 0}
