"""Tren Mexicano's refusals: each code with its one Spanish and one English text. Tiles are
named in words ("el 12-7", "el doble 9"), trains as the reader sees them ("tu tren")."""
from engine.messages import register

register({
    # Playing a tile
    "tile_not_in_hand": ("No tienes {tile}.", "You do not hold {tile}."),
    "no_such_train": ("Ese tren no está en la mesa.", "There is no such train on the table."),
    "tile_does_not_fit": ("{tile} no encaja en {train}: hace falta {end}.",
                          "{tile} does not fit {train}: it needs {end}."),
    "train_not_open": ("Ese tren no tiene marcador: solo juega en él su dueño.",
                       "That train has no marker: only its owner plays on it."),
    "own_train_first": ("Antes tienes que empezar tu propio tren.",
                        "You must start your own train first."),
    "first_turn_own_train": ("En tu primer turno las fichas seguidas van en tu propio tren.",
                             "On your first turn, further tiles go on your own train."),
    "must_cover_double": ("Hay que cubrir {double} antes de jugar en otro sitio.",
                          "{double} must be covered before playing anywhere else."),
    "one_tile_per_turn": ("Solo se juega una ficha por turno, salvo después de un doble.",
                          "One tile per turn, except after a double."),
    "no_tile_fits": ("Ahora no te encaja ninguna ficha.", "None of your tiles fits now."),
    # Drawing and passing
    "tile_fits_no_draw": ("Tienes una ficha que encaja: no hace falta robar.",
                          "You have a tile that fits: no need to draw."),
    "drew_this_turn": ("Ya has robado una ficha en este turno.",
                       "You have already drawn a tile this turn."),
    "boneyard_empty": ("El cementerio está vacío: no quedan fichas que robar.",
                       "The boneyard is empty: there are no tiles left to draw."),
    "tile_fits_no_pass": ("Tienes una ficha que encaja: no puedes pasar.",
                          "You have a tile that fits: you cannot pass."),
    "opening_no_draw": ("Has abierto la ronda con el doble del centro: en este turno no se "
                        "roba. Termina el turno.",
                        "You opened the round with the double in the hub: no drawing in this "
                        "turn. End your turn."),
    "draw_before_passing": ("Antes de pasar tienes que robar una ficha.",
                            "You must draw a tile before passing."),
    # What the phone sent cannot be read
    "tile_as_text": ("Una ficha se escribe como texto, con sus dos números.",
                     "A tile is written as text, with its two numbers."),
    "not_a_tile": ("Esa ficha no es del dominó doble 12.", "That is not a double-12 domino tile."),
    "train_missing": ("Falta el tren donde va la ficha.", "The train for the tile is missing."),
})
