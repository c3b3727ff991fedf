"""What the game chooser shows about Canasta Ferroviaria: summary and the house-rules card (its
options are declared in `options.py`)."""

INFO = {
    "title": {"es": "Canasta Ferroviaria", "en": "Canasta Ferroviaria"},
    "summary": {
        "es": "Canasta a lo grande, con muchas barajas, hasta 20.000.",
        "en": "Canasta writ large, with many packs, up to 20,000.",
    },
    "seating_tip": {
        "es": "Se juega por orden de asiento: el siguiente asiento es quien juega después.",
        "en": "Play goes in seat order: the next seat plays next.",
    },
    "house_rules": [
        {"es": "Cada uno juega solo: dos barajas y dos comodines por jugador.",
         "en": "Everyone plays alone: two packs and two jokers per player."},
        {"es": "El 3 rojo robado se pone aparte y se repone con otra carta del mazo.",
         "en": "A red 3 drawn is laid apart and replaced by another card from the stock."},
        {"es": "Un 3 rojo que se queda en el gatito no suma ni resta.",
         "en": "A red 3 left in the kitty neither scores nor costs."},
        {"es": "Tras tu primera canasta no negra, al descartar, coges el gatito o lo dejas "
               "(una vez); si lo dejas, cuenta en contra.",
         "en": "After your first non-black canasta, once you discard, you take your kitty or "
               "leave it (once); left, it counts against you."},
        {"es": "Con el mazo vacío se sigue mientras el que juega coja del montón.",
         "en": "With the stock empty, play goes on while the player in turn takes from the pile."},
    ],
}
