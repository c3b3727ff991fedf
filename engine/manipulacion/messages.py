"""Rummy Manipulación's refusals: each code with its one Spanish and one English text (the
shared ones — card_not_in_hand, not_your_turn, too_many_jokers, … — are in engine/messages.py).

Cards are named in words (`melds.card_words`): "el 7 de corazones", "la Reina de picas", "el
comodín que hace del 9 de tréboles"; French suits get Spanish names in Spanish.
"""
from __future__ import annotations

from engine.messages import Words, register


def group_words(index: int | None) -> Words:
    """A table group as the player sees it numbered (from 1), or just "the group"."""
    if index is None:
        return Words("el grupo", "the group")
    return Words(f"el grupo {index + 1}", f"group {index + 1}")


ACE_RULE = {
    "high": Words("el As solo va alto", "the ace is high only"),
    "low": Words("el As solo va bajo", "the ace is low only"),
    "either": Words("el As va alto o bajo, nunca Rey, As, 2",
                    "the ace is high or low, never King, Ace, 2"),
}
WHY_INVALID = {
    "too_small": Words("hacen falta al menos 3 cartas", "at least 3 cards are needed"),
    "trio_suits": Words("un trío lleva 3 o 4 cartas de palos distintos",
                        "a trío is 3 or 4 cards of different suits"),
    "no_joker_name": Words("ninguna carta para el comodín lo hace un trío o una escalera",
                           "no card for the joker makes it a trío or a run"),
}


def not_a_meld(ace: str) -> Words:
    rule = ACE_RULE[ace]
    return Words(f"no es un trío ni una escalera de un palo con cartas seguidas ({rule.es})",
                 f"neither a trío nor a run of consecutive cards of one suit ({rule.en})")


PLACES = {
    "group": Words("ese grupo", "that group"),
    "loose": Words("las cartas sueltas", "the loose cards"),
}
BUTTONS = {"draw": Words("Robar", "Draw"), "pass": Words("Pasar", "Pass")}
REARRANGING = {True: Words("Hace falta reorganizar la mesa.", "The table needs rearranging."),
               False: Words("No hace falta reorganizar la mesa.", "No rearranging is needed.")}


def changes_words(groups) -> Words:
    """The groups a hinted play changes (indices from 0), as " (cambia el grupo 2)"."""
    if not groups:
        return Words("", "")
    numbers = [str(g + 1) for g in groups]
    if len(groups) == 1:
        return Words(f" (cambia el grupo {numbers[0]})", f" (it changes group {numbers[0]})")
    listed = ", ".join(numbers[:-1])
    return Words(f" (cambia los grupos {listed} y {numbers[-1]})",
                 f" (it changes groups {listed} and {numbers[-1]})")


register({
    # The turn
    "editing": ("Estás cambiando la mesa: toca Listo o Deshacer primero.",
                "You are changing the table: tap Done or Undo first."),
    "must_draw_first": ("Primero roba una carta.", "Draw a card first."),   # as in Ferrocarril
    "stock_empty": ("El mazo está vacío: pasa.", "The stock is empty: pass."),
    "stock_not_empty": ("Aún quedan cartas en el mazo: roba.",
                        "The stock still has cards: draw."),
    "play_available": (
        "Tienes jugada: puedes jugar {card}{groups}. {rearranging} Toca {button} otra vez "
        "para seguir de todos modos.",
        "You have a play: you can play {card}{groups}. {rearranging} Tap {button} again to go "
        "ahead anyway."),
    "not_editing": ("Aún no has cambiado nada: pon cartas de tu mano en la mesa.",
                    "You have not changed anything yet: put cards from your hand on the table."),
    "confirm_surrender": (
        "Ya has cambiado la mesa: Deshacer es Rendirse (+{count}). Tócalo otra vez para dejar "
        "la mesa como estaba y robar {count} cartas; tu turno termina.",
        "You have changed the table: Undo is Give up (+{count}). Tap it again to put the "
        "table back and draw {count} cards; your turn ends."),
    # Carrusel: Cerrar
    "draw_is_close": ("Tienes {most} puntos o menos: Robar pasa a ser Cerrar (o baja).",
                      "You hold {most} points or less: Draw becomes Knock (or play)."),
    "no_close": ("En estas reglas no se cierra.", "These rules have no knocking."),
    "no_close_final_turns": ("En los últimos turnos nadie cierra.",
                             "Nobody knocks in the final turns."),
    "too_many_points": ("Para cerrar hacen falta {most} puntos o menos (tienes {points}).",
                        "Knocking needs {most} points or less (you have {points})."),
    # Shanghái: the end
    "host_only": ("La partida la da por terminada el anfitrión.", "The host ends the game."),
    "cannot_end_game": ("Esta partida termina sola.", "This game ends by itself."),
    # The working copy
    "no_such_group": ("Ese grupo no existe.", "There is no such group."),
    "same_place": ("Eso ya está ahí: elige otro sitio.",
                   "That is already there: choose another place."),
    "card_not_there": ("{card} no está en {place}.", "{card} is not in {place}."),
    "not_loose": ("A las cartas sueltas solo vuelven las que eran sueltas.",
                  "Only cards that were loose go back among the loose cards."),
    "never_to_hand": ("Una carta de la mesa nunca va a la mano; solo vuelven las que pusiste "
                      "tú en este turno.",
                      "A card from the table never goes to a hand; only the ones you put down "
                      "this turn come back."),
    "bad_split": ("Separa el grupo entre dos de sus cartas.",
                  "Split the group between two of its cards."),
    "no_jokers": ("Estas reglas no tienen comodines.", "These rules have no jokers."),
    # Jokers
    "joker_not_free": ("El comodín que hace de {card} solo cambia de carta cuando {card} de "
                       "verdad está en la mesa.",
                       "The joker standing for {card} changes its card only once {card} "
                       "itself is on the table."),
    "joker_stays": ("El comodín que hace de {card} no se mueve de su grupo hasta que {card} de "
                    "verdad esté en la mesa, y sigue junto a una carta que tenía al lado.",
                    "The joker standing for {card} stays in its group, next to a card that "
                    "was beside it, until {card} itself is on the table."),
    "joker_needs_new_card": ("El comodín que hace de {card} ya tiene {card} de verdad en la "
                             "mesa: solo sigue haciendo de esa carta en su sitio, junto a una "
                             "carta que tenía al lado; en otro grupo tiene que hacer de otra "
                             "carta.",
                             "The joker standing for {card} has {card} itself on the table "
                             "now: it goes on standing for it only in its place, next to a "
                             "card that was beside it; in another group it must stand for "
                             "another card."),
    "joker_free_in_its_group": ("Para liberar el comodín que hace de {card}, pon {card} desde "
                                "tu mano en su mismo grupo, junto a una carta que tenía al "
                                "lado.",
                                "To free the joker standing for {card}, put {card} from your "
                                "hand into its own group, next to a card that was beside it."),
    "group_frozen": ("Un grupo con comodín ({cards}) no se reorganiza: solo admite cartas de "
                     "tu mano, hasta que pongas desde la mano la carta real del comodín.",
                     "A group with a joker ({cards}) cannot be rearranged: it takes only cards "
                     "from your hand, until you put the joker's real card down from your hand."),
    "too_many_jokers": ("Una combinación no puede llevar más de un comodín.",
                        "A combination may hold at most one joker."),   # as in Ferrocarril
    "joker_unnamed": ("Di qué carta es el comodín de {group}.",
                      "Name the card of the joker in {group}."),
    "joker_needs_name": ("Di qué carta es el comodín de {group}: {choices}.",
                         "Name the card of the joker in {group}: {choices}."),
    # A whole play (Listo)
    "table_card_missing": ("Falta {card}: una carta de la mesa nunca vuelve a la mano.",
                           "{card} is missing: a card on the table never goes back to a hand."),
    "must_add_from_hand": ("Tienes que añadir al menos una carta de tu mano.",
                           "You must add at least one card from your hand."),
    "invalid_group": ("{group} no es válido: {cards}; {reason}.",
                      "{group} is not valid: {cards}; {reason}."),
    "opening_run_needed": ("La primera vez que bajas tienes que poner desde tu mano una "
                           "escalera de {least} cartas de un palo, sin comodín.",
                           "Your first play must lay a run of {least} cards of one suit from "
                           "your hand, with no joker."),
})
