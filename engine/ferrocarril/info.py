"""What the game chooser shows about Ferrocarril: summary, seating tip and the house-rules card
(its options are declared in `game.py`)."""

INFO = {
    "title": {"es": "Ferrocarril", "en": "Ferrocarril"},
    "summary": {
        "es": "7 rondas de rummy con contrato, comodines y ¡Compro!",
        "en": "7 rounds of contract rummy with jokers and ¡Compro!",
    },
    "seating_tip": {
        "es": "Consejo de familia: el orden de los asientos decide quién tiene prioridad para "
              "comprar. ¡No sentéis juntas a las parejas!",
        "en": "Family tip: seat order decides who has priority to buy. Don't seat couples "
              "side by side!",
    },
    "house_rules": [
        {"es": "Un trío es de 3 o más cartas; un cuarteto, de 4 o más; la escalera, de 7 o más.",
         "en": "A trío is 3 or more cards; a cuarteto 4 or more; the escalera 7 or more."},
        {"es": "Nadie se queda sin cartas al bajar: la última se cierra boca abajo.",
         "en": "No play empties the hand: the last card is closed face down."},
        {"es": "Comprar en tu turno gasta una de tus 10 compras y te da la carta y 2 más del mazo.",
         "en": "Buying in your own turn spends one of your 10 buys: the card and 2 from the "
               "stock."},
        {"es": "Aunque ya hayas Salido puedes comprar. Tu propio descarte no se compra.",
         "en": "You may buy after going down. Nobody buys their own discard."},
        {"es": "La primera carta destapada de la ronda también se puede comprar.",
         "en": "The round's first upturned card can be bought too."},
        {"es": "Si se acaba el mazo, se baraja el descarte (menos la de arriba), hasta dos "
               "veces por ronda: si se acaba una tercera, la ronda termina sin cierre.",
         "en": "When the stock runs out, the discards (but the top one) are reshuffled, twice a "
               "round at most: if it runs out a third time, the round ends with nobody closing."},
        {"es": "Un comodín robado que no juegas vuelve a su sitio al acabar tu turno.",
         "en": "A stolen joker you do not play goes back at the end of your turn."},
    ],
}
