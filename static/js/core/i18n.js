// Spanish first, English available. A plain module shared by the TV and the phone pages.
//
//   import { t, getLang, setLang, onLangChange } from "/static/js/core/i18n.js";
//   t("tv.turn_of", { name: "Abuela" })   ->  "Turno de Abuela"
//
// This table holds the shells' words ("common.", "tv.", "phone."); each game's words live in
// games/<name>/strings.js and are added by registerStrings() when its manifest loads.
// A key missing in English falls back to Spanish; a key missing everywhere returns the key, so
// a forgotten string shows up on screen instead of breaking the page. t() returns plain text:
// put it on the page with textContent, never innerHTML (names come from players).

const STORAGE_KEY = "sobremesa.lang";
export const LANGS = ["es", "en"];

const STRINGS = {
  es: {
    "common.app": "Sobremesa",
    "common.lang_name": "Español",
    "common.switch_lang": "English",
    "common.reconnecting": "Sin conexión con el anfitrión… reconectando",
    "common.players_range": "{min}–{max} jugadores",
    "common.points": "pts",
    "common.level.facil": "Fácil",
    "common.level.normal": "Normal",
    "common.level.dificil": "Difícil",
    "display.button": "Aa",
    "display.name": "Aa: cartas y colores",
    "display.title": "Cartas y colores",
    "display.note": "Solo en este aparato; cada teléfono y la tele tienen los suyos.",
    "display.four_colour": "Palos de cuatro colores",
    "display.four_colour.hint": "Picas negras, corazones rojos, diamantes azules, tréboles verdes; en la baraja española, bastos marrones.",
    "display.large": "Cartas extragrandes",
    "display.large.hint": "Cartas y fichas más grandes, aunque quepan menos.",
    "display.contrast": "Alto contraste",
    "display.contrast.hint": "Fondo negro, textos blancos y bordes gruesos.",
    "display.done": "Listo",

    // ----- TV: lobby -----
    "phone.record_title": "Tu historial en {game}",
    "phone.record_win": "{wins} victoria de {played} partidas",
    "phone.record_wins": "{wins} victorias de {played} partidas",
    "phone.record_best": "Tu mejor puesto: {place}.º",
    "tv.recent_games": "Últimas partidas",
    "tv.honour": "Cuadro de honor",
    "tv.history_empty": "Aquí aparecerán las partidas terminadas, noche a noche.",
    "tv.history_computer": "ordenador",
    "tv.history_today": "hoy",
    "tv.history_yesterday": "ayer",
    "tv.history_solo": "contra el ordenador",
    "tv.history_games": "Partidas",
    "tv.win": "victoria",
    "tv.wins": "victorias",
    "tv.of_games": "en {n} partidas",
    "tv.of_one_game": "en 1 partida",
    "tv.merge": "Unir",
    "tv.merge_into": "Es la misma",
    "tv.merge_cancel": "Cancelar",
    "tv.merge_hint": "¿Un nombre escrito de dos formas? Toca «Unir» en uno y luego en el otro.",
    "tv.merge_pick": "Toca el nombre que es la misma persona que {name}.",
    "tv.merge_confirm": "¿«{from}» y «{into}» son la misma persona? Desde ahora contarán como «{into}».",
    "tv.remove_game": "Quitar esta partida del historial",
    "tv.remove_game_confirm": "¿Quitar del historial la partida del {when} (ganó {winners})?",
    "tv.export": "Descargar el historial:",
    "tv.choose_game": "Elige juego",
    "tv.soon": "Próximamente",
    "tv.options": "Opciones",
    "tv.house_rules": "Así lo jugamos en casa",
    "tv.join_title": "Únete con el móvil",
    "tv.join_scan": "Apunta la cámara al código",
    "tv.room_code": "Sala",
    "tv.or_open": "o abre",
    "tv.wifi_title": "¿Sin Wi-Fi? Conéctate aquí",
    "tv.wifi_ssid": "Red «{ssid}»",
    "tv.seats": "Jugadores",
    "tv.col_place": "Puesto",
    "tv.col_player": "Jugador",
    "tv.seats_count": "{n} de {max}",
    "tv.no_seats": "Todavía no hay nadie. ¡Escanead el código para entrar!",
    "tv.drag_hint": "Arrastra un nombre, o usa ▲▼, para cambiar el orden.",
    "tv.add_bot": "Añadir ordenador",
    "tv.level": "Nivel",
    "tv.bot": "Ordenador",
    "tv.phone": "Móvil",
    "tv.away": "Sin conexión",
    "tv.autoplay": "Juega el ordenador",
    "tv.move_up": "Subir",
    "tv.move_down": "Bajar",
    "tv.remove": "Quitar",
    "tv.start": "Empezar",
    "tv.need_players": "Hacen falta de {min} a {max} jugadores.",
    "tv.watching": "Solo mirando: la mesa la maneja el anfitrión.",
    "tv.new_room": "Sala nueva",
    "tv.new_room_confirm": "¿Abrir una sala nueva? Los móviles de esta sala tendrán que volver a entrar.",

    // ----- TV: in game (any game) -----
    "tv.turn_of": "Turno de {name}",
    "tv.dealer": "Reparte",
    "tv.to_bot": "Pasar al ordenador",
    "tv.to_human": "Devolver al jugador",
    "tv.feed": "Lo último",
    "tv.and": "y",

    // ----- TV: end of round and game (any game) -----
    "tv.ready": "✓ Listo",
    "tv.new_game": "Nueva partida",
    "tv.place": "{n}.º",

    // ----- TV: the host's menu -----
    "tv.host_menu": "Anfitrión",
    "tv.close": "Cerrar",
    "tv.menu_seats": "Quién juega cada asiento",
    "tv.remove_to_bot": "Quitar: juega el ordenador",
    "tv.remove_sure": "¿Seguro? Toca otra vez",
    "tv.open_takeover": "Dejar entrar sin preguntar",
    "tv.open_takeover_hint": "Si está apagado, quien quiera jugar por el ordenador te lo pide aquí.",
    "tv.request_text": "{name} quiere jugar por {seat}. ¿Aceptar?",
    "tv.request_accept": "Aceptar",
    "tv.request_deny": "No",
    "tv.understood": "Entendido",
    "tv.damaged_title": "Partidas dañadas",
    "tv.damaged_hint": "No se pudieron recuperar; sus datos siguen guardados.",
    "tv.damaged_unknown_game": "Juego desconocido",
    "tv.damaged_dismiss": "Ocultar",
    // ----- phone (shell/phone.js) -----
    "phone.connecting": "Conectando…",
    "phone.picked": "{name}, seleccionada",
    "phone.your_turn_now": "Te toca, {name}.",
    "phone.rooms_title": "Elige tu mesa",
    "phone.rooms_empty": "No hay ninguna mesa abierta. Pide al anfitrión que cree una en la tele.",
    "phone.rooms_failed": "No se pudo cargar la lista de mesas.",
    "phone.refresh": "Actualizar",
    "phone.or_code": "…o escribe el código de la sala",
    "phone.go": "Ir",
    "phone.n_players": "{n} jugadores",
    "phone.n_players_one": "1 jugador",
    "phone.room_status.lobby": "esperando jugadores",
    "phone.room_status.playing": "jugando",
    "phone.room_status.finished": "terminada",
    "phone.table": "Mesa",
    "phone.your_name": "¿Cómo te llamas?",
    "phone.name_placeholder": "Tu nombre",
    "phone.enter": "Entrar",
    "phone.other_room": "Otra mesa",
    "phone.type_name": "Escribe tu nombre.",
    "phone.you_are": "Eres",
    "phone.rename": "Cambiar",
    "phone.save": "Guardar",
    "phone.waiting_start": "Esperando a que empiece la partida…",
    "phone.at_table": "En la mesa",
    "phone.you": "tú",
    "phone.computer": "ordenador",
    "phone.offline": "sin conexión",
    "phone.takeover_intro": "La partida ya ha empezado. Escribe tu nombre y sustituye a un jugador del ordenador:",
    "phone.takeover_none": "La partida ya ha empezado y no hay jugadores del ordenador que sustituir. Puedes mirar.",
    "phone.take_over": "Jugar en lugar de {name}",
    "phone.took_seat": "¡Ya estás en la mesa!",
    "phone.watch_finished": "La partida ha terminado.",
    "phone.reclaim": "Volver a jugar",
    "phone.autoplay_host": "El anfitrión ha pasado tu asiento al ordenador.",
    "phone.autoplay_away": "Estabas fuera: el ordenador ha jugado por ti.",
    "phone.takeover_waiting": "Has pedido jugar por {name}. Esperando a que el anfitrión acepte en la tele…",
    "phone.takeover_denied": "El anfitrión ha dicho que no. Puedes seguir mirando.",
    "phone.kicked_title": "Ya no tienes asiento",
    "phone.kicked_body": "El anfitrión te ha quitado de la mesa.",
    "phone.rejoin": "Volver a entrar",
    "phone.no_game_ui": "Este juego todavía no se puede jugar desde el móvil.",
    "phone.learn": "¿Nuevo en el juego? Aprende jugando",
    // ----- end phone -----

    // ----- one device against the computer (/solo) -----
    "solo.title": "Contra el ordenador",
    "solo.tv_entry": "Contra el ordenador",
    "solo.tv_entry_sub": "Juega solo en este dispositivo",
    "solo.new_game": "Partida nueva",
    "solo.pick_game": "Elige un juego para empezar.",
    "solo.bots": "Jugadores del ordenador",
    "solo.level": "Nivel del ordenador",
    "solo.start": "Empezar",
    "solo.default_name": "Yo",
    "solo.resume": "Seguir la partida",
    "solo.resume_go": "Seguir ▶",
    "solo.against": "contra {n} del ordenador",
    "solo.your_score": "tus puntos: {n}",
    "solo.finished": "terminada",
    "solo.paused_short": "en pausa",
    "solo.you": "{name} (tú)",
    "solo.cards": "{n} cartas",
    "solo.cards_one": "1 carta",
    "solo.tiles": "{n} fichas",
    "solo.tiles_one": "1 ficha",
    "solo.score": "{n} pts",
    "solo.turn": "Juega",
    "solo.pause": "Pausa",
    "solo.resume_play": "Seguir",
    "solo.paused": "Partida en pausa",
    "solo.faster": "Más rápido",
    "solo.menu": "Menú",
    // ----- lessons (Aprende jugando) -----
    "lesson.title": "Aprende jugando",
    "lesson.tv_entry_sub": "Lecciones guiadas, paso a paso, en el juego de verdad",
    "lesson.intro": "Lecciones cortas en el juego de verdad: el juego te dice qué hacer.",
    "lesson.step_of": "Paso {n} de {total}",
    "lesson.done_count": "Hecha",
    "lesson.well_done": "¡Lección completada!",
    "lesson.watch": "Mira lo que hacen los demás…",
    "lesson.next": "Seguir",
    "lesson.next_lesson": "Siguiente lección",
    "lesson.real_game": "Jugar una partida de verdad",
    "lesson.resume_title": "Lección: {title}",
    "lesson.hint": "Pista:",
    "lesson.key.read": "s",
    "lesson.key.next": "s",
    "lesson.key.real": "j",
    "lesson.key.menu": "m",
  },
  en: {
    "common.app": "Sobremesa",
    "common.lang_name": "English",
    "common.switch_lang": "Español",
    "common.reconnecting": "Lost the host… reconnecting",
    "common.players_range": "{min}–{max} players",
    "common.points": "pts",
    "common.level.facil": "Easy",
    "common.level.normal": "Normal",
    "common.level.dificil": "Hard",
    "display.button": "Aa",
    "display.name": "Aa: cards and colours",
    "display.title": "Cards and colours",
    "display.note": "On this device only; each phone and the TV keep their own.",
    "display.four_colour": "Four-colour suits",
    "display.four_colour.hint": "Black spades, red hearts, blue diamonds, green clubs; in the Spanish deck, brown bastos.",
    "display.large": "Extra-large cards",
    "display.large.hint": "Larger cards and tiles, even if fewer fit.",
    "display.contrast": "High contrast",
    "display.contrast.hint": "Black background, white text and thick edges.",
    "display.done": "Done",

    "phone.record_title": "Your record in {game}",
    "phone.record_win": "{wins} win in {played} games",
    "phone.record_wins": "{wins} wins in {played} games",
    "phone.record_best": "Your best place: {place}",
    "tv.recent_games": "Latest games",
    "tv.honour": "Table of honour",
    "tv.history_empty": "Finished games will appear here, night after night.",
    "tv.history_computer": "computer",
    "tv.history_today": "today",
    "tv.history_yesterday": "yesterday",
    "tv.history_solo": "against the computer",
    "tv.history_games": "Games",
    "tv.win": "win",
    "tv.wins": "wins",
    "tv.of_games": "in {n} games",
    "tv.of_one_game": "in 1 game",
    "tv.merge": "Merge",
    "tv.merge_into": "Same person",
    "tv.merge_cancel": "Cancel",
    "tv.merge_hint": "A name spelled two ways? Tap 'Merge' on one, then on the other.",
    "tv.merge_pick": "Tap the name that is the same person as {name}.",
    "tv.merge_confirm": "Are '{from}' and '{into}' the same person? From now on they count as '{into}'.",
    "tv.remove_game": "Remove this game from the history",
    "tv.remove_game_confirm": "Remove the game of {when} (won by {winners}) from the history?",
    "tv.export": "Download the history:",
    "tv.choose_game": "Choose a game",
    "tv.soon": "Coming soon",
    "tv.options": "Options",
    "tv.house_rules": "How we play it at home",
    "tv.join_title": "Join with your phone",
    "tv.join_scan": "Point your camera at the code",
    "tv.room_code": "Room",
    "tv.or_open": "or open",
    "tv.wifi_title": "No Wi-Fi? Connect here",
    "tv.wifi_ssid": "Network “{ssid}”",
    "tv.seats": "Players",
    "tv.col_place": "Place",
    "tv.col_player": "Player",
    "tv.seats_count": "{n} of {max}",
    "tv.no_seats": "Nobody yet. Scan the code to join!",
    "tv.drag_hint": "Drag a name, or use ▲▼, to change the order.",
    "tv.add_bot": "Add computer",
    "tv.level": "Level",
    "tv.bot": "Computer",
    "tv.phone": "Phone",
    "tv.away": "Offline",
    "tv.autoplay": "Computer plays",
    "tv.move_up": "Move up",
    "tv.move_down": "Move down",
    "tv.remove": "Remove",
    "tv.start": "Start",
    "tv.need_players": "This game needs {min} to {max} players.",
    "tv.watching": "Just watching: the host runs the table.",
    "tv.new_room": "New room",
    "tv.new_room_confirm": "Open a new room? The phones in this one will have to join again.",

    "tv.turn_of": "{name}'s turn",
    "tv.dealer": "Dealer",
    "tv.to_bot": "Hand to the computer",
    "tv.to_human": "Give back to the player",
    "tv.feed": "Latest",
    "tv.and": "and",

    "tv.ready": "✓ Ready",
    "tv.new_game": "New game",
    "tv.place": "#{n}",


    "tv.host_menu": "Host",
    "tv.close": "Close",
    "tv.menu_seats": "Who plays each seat",
    "tv.remove_to_bot": "Remove: the computer plays",
    "tv.remove_sure": "Sure? Tap again",
    "tv.open_takeover": "Let people in without asking",
    "tv.open_takeover_hint": "When off, anyone who wants to play for the computer asks you here.",
    "tv.request_text": "{name} wants to play for {seat}. Accept?",
    "tv.request_accept": "Accept",
    "tv.request_deny": "No",
    "tv.understood": "Got it",
    "tv.damaged_title": "Damaged games",
    "tv.damaged_hint": "They could not be restored; their data is still kept.",
    "tv.damaged_unknown_game": "Unknown game",
    "tv.damaged_dismiss": "Hide",
    // ----- phone (shell/phone.js) -----
    "phone.connecting": "Connecting…",
    "phone.picked": "{name}, selected",
    "phone.your_turn_now": "Your turn, {name}.",
    "phone.rooms_title": "Pick your table",
    "phone.rooms_empty": "No table is open. Ask the host to create one on the TV.",
    "phone.rooms_failed": "Could not load the list of tables.",
    "phone.refresh": "Refresh",
    "phone.or_code": "…or type the room code",
    "phone.go": "Go",
    "phone.n_players": "{n} players",
    "phone.n_players_one": "1 player",
    "phone.room_status.lobby": "waiting for players",
    "phone.room_status.playing": "playing",
    "phone.room_status.finished": "finished",
    "phone.table": "Table",
    "phone.your_name": "What's your name?",
    "phone.name_placeholder": "Your name",
    "phone.enter": "Join",
    "phone.other_room": "Another table",
    "phone.type_name": "Type your name.",
    "phone.you_are": "You are",
    "phone.rename": "Change",
    "phone.save": "Save",
    "phone.waiting_start": "Waiting for the game to start…",
    "phone.at_table": "At the table",
    "phone.you": "you",
    "phone.computer": "computer",
    "phone.offline": "offline",
    "phone.takeover_intro": "The game has started. Type your name and take over a computer player:",
    "phone.takeover_none": "The game has started and there is no computer player to take over. You can watch.",
    "phone.take_over": "Play instead of {name}",
    "phone.took_seat": "You're at the table!",
    "phone.watch_finished": "The game is over.",
    "phone.reclaim": "Back to playing",
    "phone.autoplay_host": "The host handed your seat to the computer.",
    "phone.autoplay_away": "You were away: the computer played for you.",
    "phone.takeover_waiting": "You asked to play for {name}. Waiting for the host to accept on the TV…",
    "phone.takeover_denied": "The host said no. You can keep watching.",
    "phone.kicked_title": "You no longer have a seat",
    "phone.kicked_body": "The host removed you from the table.",
    "phone.rejoin": "Join again",
    "phone.no_game_ui": "This game can't be played from a phone yet.",
    "phone.learn": "New to the game? Learn by playing",
    // ----- end phone -----

    // ----- one device against the computer (/solo) -----
    "solo.title": "Against the computer",
    "solo.tv_entry": "Against the computer",
    "solo.tv_entry_sub": "Play alone on this device",
    "solo.new_game": "New game",
    "solo.pick_game": "Choose a game to start.",
    "solo.bots": "Computer players",
    "solo.level": "Computer level",
    "solo.start": "Start",
    "solo.default_name": "Me",
    "solo.resume": "Carry on playing",
    "solo.resume_go": "Carry on ▶",
    "solo.against": "against {n} computer players",
    "solo.your_score": "your points: {n}",
    "solo.finished": "finished",
    "solo.paused_short": "paused",
    "solo.you": "{name} (you)",
    "solo.cards": "{n} cards",
    "solo.cards_one": "1 card",
    "solo.tiles": "{n} tiles",
    "solo.tiles_one": "1 tile",
    "solo.score": "{n} pts",
    "solo.turn": "Playing",
    "solo.pause": "Pause",
    "solo.resume_play": "Carry on",
    "solo.paused": "Game paused",
    "solo.faster": "Faster",
    "solo.menu": "Menu",
    "lesson.title": "Learn by playing",
    "lesson.tv_entry_sub": "Guided lessons, step by step, in the real game",
    "lesson.intro": "Short lessons in the real game: it tells you what to do.",
    "lesson.step_of": "Step {n} of {total}",
    "lesson.done_count": "Done",
    "lesson.well_done": "Lesson complete!",
    "lesson.watch": "Watch what the others do…",
    "lesson.next": "Next",
    "lesson.next_lesson": "Next lesson",
    "lesson.real_game": "Play a real game",
    "lesson.resume_title": "Lesson: {title}",
    "lesson.hint": "Hint:",
    "lesson.key.read": "n",
    "lesson.key.next": "n",
    "lesson.key.real": "p",
    "lesson.key.menu": "m",
  },
};

const listeners = new Set();

function stored() {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

let current = LANGS.includes(stored()) ? stored() : "es";

export function getLang() {
  return current;
}

// Switch language, remember it, and tell every listener (pages re-render their text).
export function setLang(lang) {
  if (!LANGS.includes(lang) || lang === current) return;
  current = lang;
  try {
    localStorage.setItem(STORAGE_KEY, lang);
  } catch {
    /* private mode: the choice lasts for this page only */
  }
  document.documentElement.lang = lang;
  for (const fn of listeners) fn(lang);
}

export function toggleLang() {
  setLang(current === "es" ? "en" : "es");
}

// Call fn(lang) after every language change; returns a function that stops listening.
export function onLangChange(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

// Add a game's words ({es: {...}, en: {...}}) to the table; a key already there is kept.
export function registerStrings(strings) {
  for (const lang of LANGS) {
    for (const [key, text] of Object.entries(strings?.[lang] || {})) {
      if (!(key in STRINGS[lang])) STRINGS[lang][key] = text;
    }
  }
}

// True when `key` exists in Spanish (the language every key has).
export function hasKey(key) {
  return key in STRINGS.es;
}

// The text for `key` in the current language, with {placeholders} filled from vars.
export function t(key, vars) {
  const text = STRINGS[current]?.[key] ?? STRINGS.es[key] ?? key;
  if (!vars) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in vars ? String(vars[name]) : whole));
}

// Pick the current language from a server/catalogue object such as {es: "...", en: "..."}.
export function pick(texts) {
  if (texts == null) return "";
  if (typeof texts === "string") return texts;
  return texts[current] ?? texts.es ?? Object.values(texts)[0] ?? "";
}

if (typeof document !== "undefined") document.documentElement.lang = current;
