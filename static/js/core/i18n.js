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
    "common.lang_name": "Español",
    "common.app": "Sobremesa",
    "phone.connecting": "Conectando…",
    "phone.your_name": "¿Cómo te llamas?",
    "common.reconnecting": "Sin conexión con el anfitrión… reconectando",
    "common.players_range": "{min}–{max} jugadores",
    "common.points": "pts",
    "common.points_one": "punto",
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
    "react.open": "Reaccionar",
    "display.name_sound": "Aa: cartas, colores y sonido",
    "display.title_sound": "Cartas, colores y sonido",
    "display.sound": "Sonido",
    "display.sound.hint": "Un aviso cuando te toca y cuando puedes comprar.",

    "phone.record_title": "Tu historial en {game}",
    "phone.record_win": "{wins} victoria de {played} partidas",
    "phone.record_wins": "{wins} victorias de {played} partidas",
    "phone.record_first": "Tu primera partida",
    "phone.record_first_win": "Primera partida, primera victoria",
    "phone.record_best": "Tu mejor puesto: {place}.º",
    "tv.soon": "Próximamente",
    "tv.col_place": "Puesto",
    "tv.col_player": "Jugador",
    "tv.bot": "Ordenador",
    "tv.away": "Sin conexión",
    "tv.autoplay": "Juega el ordenador",

    // ----- TV: in game (any game) -----
    "tv.turn_of": "Turno de {name}",
    "tv.dealer": "Reparte",
    "tv.feed": "Lo último",
    "tv.and": "y",

    // ----- TV: end of round and game (any game) -----
    "tv.ready": "✓ Listo",
    "tv.new_game": "Cambiar de juego",
    "tv.rematch": "Otra partida",
    "tv.place": "{n}.º",

    // ----- phone (shell/phone.js) -----
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
    "phone.name_placeholder": "Tu nombre",
    "phone.enter": "Entrar",
    "phone.other_room": "Otra mesa",
    "phone.type_name": "Escribe tu nombre.",
    "phone.you_are": "Eres",
    "phone.watch": "Solo mirar",
    "phone.watching": "Estás mirando",
    "phone.watching_takeover": "{name}, estás mirando. Si quieres jugar, sustituye a un jugador del ordenador:",
    "phone.watching_only": "{name}, estás mirando.",
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

    "lesson.title": "Aprende jugando",
    "lesson.key.read": "s",
    "lesson.key.next": "s",
    "lesson.key.real": "j",
    "lesson.key.menu": "m",
  },
  en: {
    "common.lang_name": "English",
    "common.app": "Sobremesa",
    "phone.connecting": "Connecting…",
    "phone.your_name": "What's your name?",
    "common.reconnecting": "Lost the host… reconnecting",
    "common.players_range": "{min}–{max} players",
    "common.points": "pts",
    "common.points_one": "point",
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
    "react.open": "React",
    "display.name_sound": "Aa: cards, colours and sound",
    "display.title_sound": "Cards, colours and sound",
    "display.sound": "Sound",
    "display.sound.hint": "A chime when it is your turn and when you can buy.",

    "phone.record_title": "Your record in {game}",
    "phone.record_win": "{wins} win in {played} games",
    "phone.record_wins": "{wins} wins in {played} games",
    "phone.record_first": "Your first game",
    "phone.record_first_win": "First game, first win",
    "phone.record_best": "Your best place: {place}",
    "tv.soon": "Coming soon",
    "tv.col_place": "Place",
    "tv.col_player": "Player",
    "tv.bot": "Computer",
    "tv.away": "Offline",
    "tv.autoplay": "Computer plays",

    "tv.turn_of": "{name}'s turn",
    "tv.dealer": "Dealer",
    "tv.feed": "Latest",
    "tv.and": "and",

    "tv.ready": "✓ Ready",
    "tv.new_game": "Change game",
    "tv.rematch": "Play again",
    "tv.place": "#{n}",

    // ----- phone (shell/phone.js) -----
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
    "phone.name_placeholder": "Your name",
    "phone.enter": "Join",
    "phone.other_room": "Another table",
    "phone.type_name": "Type your name.",
    "phone.you_are": "You are",
    "phone.watch": "Just watch",
    "phone.watching": "You are watching",
    "phone.watching_takeover": "{name}, you are watching. To play, take a computer player's place:",
    "phone.watching_only": "{name}, you are watching.",
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

    "lesson.title": "Learn by playing",
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

// t() for a count: "<key>_one" for one (or minus one) where the table has it, so that it
// reads "1 carta" / "1 card" beside "2 cartas"; the count is {n}.
export function tn(key, n, vars = {}) {
  return t(Math.abs(n) === 1 && hasKey(`${key}_one`) ? `${key}_one` : key, { n, ...vars });
}

// A sentence whose first word came from a placeholder ("the double 5 must be covered!"):
// its first letter in capitals, after any opening ¡ ¿ « or quote.
export function sentence(text) {
  return text.replace(/^([¡¿«"“(\s]*)(\p{Ll})/u, (whole, lead, letter) => lead + letter.toUpperCase());
}

// Pick the current language from a server/catalogue object such as {es: "...", en: "..."}.
export function pick(texts) {
  if (texts == null) return "";
  if (typeof texts === "string") return texts;
  return texts[current] ?? texts.es ?? Object.values(texts)[0] ?? "";
}

if (typeof document !== "undefined") document.documentElement.lang = current;
