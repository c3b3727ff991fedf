"""The host's own refusals (rooms, seats, host commands), in the engine's one catalogue: each
code with one Spanish and one English text."""
from engine.messages import register

register({
    "message_malformed": ("Mensaje no válido.", "Malformed message."),
    "unknown_event": ("Mensaje desconocido.", "Unknown message."),
    "server_error": ("Algo ha fallado en el servidor.", "Something failed on the server."),
    "bad_name": ("Escribe tu nombre.", "Type your name."),
    "unknown_seat": ("Ese asiento no existe.", "That seat does not exist."),
    "bad_token": ("Este móvil no tiene asiento en la sala.", "This phone has no seat in the room."),
    "room_damaged": ("Esta partida no se pudo recuperar; el anfitrión la ve en la tele.",
                     "This game could not be restored; the host can see it on the TV."),
    "unknown_room": ("Esa sala no existe.", "That room does not exist."),
    "unknown_game": ("Ese juego no existe.", "That game does not exist."),
    "too_many_rooms": ("Hay demasiadas mesas abiertas en este anfitrión. Termina alguna.",
                       "There are too many open tables on this host. Finish one first."),
    "game_started": ("La partida ya ha empezado: elige un jugador del ordenador para sustituirlo.",
                     "The game has started: choose a computer player to take over."),
    "not_in_lobby": ("La partida ya ha empezado.", "The game has started."),
    "room_full": ("La mesa está completa.", "The table is full."),
    "seat_taken": ("Ese asiento ya es de una persona.", "That seat belongs to a person."),
    "no_game": ("No hay ninguna partida en juego.", "No game is being played."),
    "computer_playing": ("El ordenador está jugando por ti: toca «Volver a jugar».",
                         "The computer is playing for you: tap 'Back to playing'."),
    "not_host": ("Solo el anfitrión puede hacer eso.", "Only the host can do that."),
    "unknown_command": ("Orden desconocida.", "Unknown command."),
    "bad_options": ("Opciones no válidas.", "Invalid options."),
    "bad_order": ("El orden no coincide con los asientos.", "The order does not match the seats."),
    "bad_level": ("Nivel desconocido.", "Unknown level."),
    "already_computer": ("Ese asiento ya lo juega el ordenador.",
                         "The computer already plays that seat."),
    "unknown_request": ("Esa petición ya no existe.", "That request no longer exists."),
})
