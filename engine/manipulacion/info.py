"""What the game chooser shows about Rummy Manipulación: summary, rule-set summaries and
house rules (its options are declared in `options.py`)."""

RULESET_SUMMARIES = {
    "manipulacion": {"es": "7 cartas, As alto, bajar es obligatorio; a 200 o 300 puntos.",
                     "en": "7 cards, ace high, you must play if you can; to 200 or 300."},
    "maquiavelo": {"es": "13 cartas, juega o roba una; una sola ronda.",
                   "en": "13 cards, play or draw one; a single round."},
    "shanghai": {"es": "10 cartas, As bajo, bajar es obligatorio; rondas sin final fijo.",
                 "en": "10 cards, ace low, you must play if you can; open-ended."},
    "guadalupe": {"es": "5 cartas, juega (y roba una) o roba dos; una sola ronda.",
                  "en": "5 cards, play (then draw one) or draw two; a single round."},
    "carrusel": {"es": "Con comodines: roba hasta tres, cierra con 5 puntos o menos; a 150.",
                 "en": "With jokers: draw up to three, knock at 5 points or less; to 150."},
    "vaticano": {"es": "13 cartas y comodines; la primera jugada, una escalera de tres.",
                 "en": "13 cards and jokers; the first play is a run of three."},
    "tahiti": {"es": "5 cartas, 4 cartas sueltas en la mesa y 4 comodines; una ronda.",
               "en": "5 cards, 4 loose cards on the table and 4 jokers; one round."},
}

INFO = {
    "title": {"es": "Rummy Manipulación", "en": "Rummy Manipulation"},
    "summary": {
        "es": "Rehaz las combinaciones de la mesa para vaciar tu mano. Siete reglamentos.",
        "en": "Rearrange the melds on the table to empty your hand. Seven rule sets.",
    },
    "house_rules": [
        {"es": "Juegas en una copia privada de la mesa: nadie la ve hasta que tocas Listo.",
         "en": "You play on a private copy of the table: nobody sees it until you tap Done."},
        {"rulesets": ["carrusel", "vaticano", "tahiti"],
         "es": "Un comodín se nombra al tocar Listo; si solo encaja una carta, se elige solo.",
         "en": "A joker is named when you tap Done; if only one card fits, it is chosen for you."},
        {"rulesets": ["maquiavelo", "guadalupe", "tahiti"],
         "es": "Con «Retirar, robar 3», devolver la mesa a como estaba a mano no cuesta nada.",
         "en": "With 'Take back, draw 3', putting the table back by hand costs nothing."},
        {"rulesets": ["guadalupe"],
         "es": "Guadalupe: con el mazo corto robas las que queden; una ronda bloqueada la gana "
               "quien tiene menos cartas.",
         "en": "Guadalupe: a short stock gives what is left; a blocked round goes to the "
               "fewest cards."},
        {"rulesets": ["carrusel"],
         "es": "Carrusel: con 5 puntos o menos tras robar, Robar pasa a ser Cerrar; si dos "
               "llegan a 150 a la vez, los dos suman 100.",
         "en": "Carrusel: with 5 points or less after drawing, Draw becomes Knock; if two reach "
               "150 together, both get the 100."},
        {"rulesets": ["vaticano"],
         "es": "Vaticano: la primera jugada vale si entre las cartas que pones de tu mano hay "
               "tres seguidas de un palo; en ese turno puedes reorganizarlas.",
         "en": "Vatican: the first play counts if the cards you put down include three in a "
               "row of one suit; you may rearrange them that same turn."},
        {"rulesets": ["shanghai"],
         "es": "Shanghái no termina solo: el anfitrión da la partida por acabada entre rondas.",
         "en": "Shanghai never ends by itself: the host ends the game between rounds."},
    ],
}
