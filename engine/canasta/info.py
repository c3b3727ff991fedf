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
        {"es": "El gatito pasa a tu mano sin más, al descartar tras tu primera canasta no negra.",
         "en": "Your kitty joins your hand by itself, at the discard after your first "
               "non-black canasta."},
        {"es": "Con el mazo vacío se sigue mientras el que juega coja del montón.",
         "en": "With the stock empty, play goes on while the player in turn takes from the pile."},
    ],
}
