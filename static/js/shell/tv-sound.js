// The TV's sounds and voice: what the whole room hears as the table changes. After each state
// push, follow() compares the table with the last one it saw and plays one cue for the most
// notable change (a stolen joker over a card played), then the turn chime when it has become a
// person's turn (a computer player's turn passes in a second: its card is sound enough).
//
// Every game has the deal, a card or tile played, a seat going out, a round's end and the
// podium's fanfare. A game's TV module may export `sounds` = {cues: {name: notes} (its own, most
// notable first: core/sound.js), events: {type: cue or ev => cue}, moments: {cue: view => key}
// (a moment sounds when its key changes to a new one: a window opening, a double to cover),
// say: {cue: strings key} (the words for its big moments, with {name})}.
//
// With the host menu's switch on and a voice for the reader's language on the laptop
// (speechSynthesis, offline where the system has one), the TV also says the big moments in a
// few words. Off by default; the switch is hidden where no voice exists.
import { defineCues, playCue, setSound, soundSettings } from "../core/sound.js";
import { getLang, t } from "../core/i18n.js";
import { nameThen } from "./names.js";

defineCues({
  deal: [1175, 1397, 1175, 1397, 1175, 1568].map((f, i) => [f, i * 0.045, 0.07, "triangle", 0.35]),
  card: [[587, 0, 0.12, "sine", 0.6, 440], [294, 0, 0.08, "triangle", 0.4]],
  turn: [[784, 0, 0.3, "sine", 0.7], [1047, 0.13, 0.45, "sine", 0.6]],
  out: [[784, 0, 0.25, "sine", 0.7], [1047, 0.1, 0.25, "sine", 0.7], [1319, 0.2, 0.5, "sine", 0.7]],
  last_round: [[659, 0, 0.5, "sine", 0.6], [523, 0.25, 0.7, "sine", 0.6]],
  round_end: [[784, 0, 0.3, "sine", 0.7], [659, 0.16, 0.3, "sine", 0.7], [523, 0.32, 0.6, "sine", 0.7]],
  fanfare: [
    [523, 0, 0.2, "triangle", 0.7], [659, 0.14, 0.2, "triangle", 0.7], [784, 0.28, 0.2, "triangle", 0.7],
    [1047, 0.42, 1.2, "triangle", 0.7], [1319, 0.42, 1.2, "sine", 0.4], [784, 0.42, 1.2, "sine", 0.3],
  ],
});

const GENERIC = { deal: "deal", round_end: "round_end", game_end: "fanfare", last_round: "last_round" };
const SAY = { fanfare: "tv.say.fanfare", round_end: "tv.say.round_end", last_round: "tv.say.last_round" };
const AFTER_CUE_MS = 450;   // the turn chime waits for the move's cue to end
const ENDED = ["round_over", "game_over"];

let seen = null;            // {room, last event n, moments' keys, turn} of the last state followed
const spoken = [];          // what the voice said (the browser tests read it)
let turnTimer = null;
let defined = null;         // the game sounds whose cues are defined

// The most notable first: the round's end and the deal, the game's own, a seat out, a card.
function rank(cue, sounds) {
  const own = Object.keys(sounds?.cues || {});
  const order = ["fanfare", "round_end", "last_round", "deal", ...own, "out", "card"];
  return order.includes(cue) ? order.indexOf(cue) : order.length;
}

function cueOf(ev, sounds) {
  const own = sounds?.events?.[ev.type];
  const cue = typeof own === "function" ? own(ev) : own;
  return cue || GENERIC[ev.type] || null;
}

// The newest events' n: a new game starts its events again from 0.
function newest(view) {
  const events = view.events || [];
  return events.length ? events[events.length - 1].n : -1;
}

// Called with every state push without a game (the lobby): the next game is heard from its deal.
export function followLobby(state) {
  seen = { room: state.room.code, last: -1, keys: {}, turn: null };
}

// Called after every state push with a game; `sounds` is the game's TV module's.
export function follow(state, sounds) {
  if (sounds && defined !== sounds) {
    defineCues(sounds.cues || {});
    defined = sounds;
  }
  const view = state.game;
  const room = state.room;
  const keys = Object.fromEntries(Object.entries(sounds?.moments || {}).map(([cue, keyOf]) => [cue, keyOf(view)]));
  const last = newest(view);
  const before = seen && seen.room === room.code && last >= seen.last ? seen : null;
  seen = { room: room.code, last, keys, turn: view.turn };
  if (!before) return;            // the first look at this game: nothing has happened yet
  const happened = (view.events || []).filter((ev) => ev.n > before.last);
  const found = happened.map((ev) => [cueOf(ev, sounds), ev]).filter(([cue]) => cue);
  for (const [cue, key] of Object.entries(keys)) {
    if (key != null && key !== before.keys[cue]) found.push([cue, null]);
  }
  found.sort(([a], [b]) => rank(a, sounds) - rank(b, sounds));
  const [cue, ev] = found[0] || [];
  const words = cue && (sounds?.say?.[cue] || SAY[cue]);
  if (cue) {
    playCue(cue);
    if (words) say(phrase(cue, words, ev, room));
  }
  const seat = room.seats?.[view.turn];
  const turned = view.turn != null && view.turn !== before.turn && seat && !seat.bot
    && !ENDED.includes(view.phase) && !["fanfare", "round_end"].includes(cue);
  if (turned) {
    clearTimeout(turnTimer);
    turnTimer = setTimeout(() => {
      playCue("turn");
      if (!words) say(t("tv.say.turn", { name: seat.name }));
    }, cue ? AFTER_CUE_MS : 0);
  }
}

function phrase(cue, key, ev, room) {
  if (cue === "fanfare") {
    const names = (ev?.winners || []).map((seat) => nameThen(room, seat, ev.n));
    return names.length ? t(key, { name: names.join(` ${t("tv.say.and")} `) }) : t("tv.say.game_end");
  }
  return t(key, { name: ev ? nameThen(room, ev.seat, ev.n) : "" });
}

// ----- the voice -------------------------------------------------------------------------------

function voice() {
  const voices = window.speechSynthesis?.getVoices?.() || [];
  const lang = getLang();
  return voices.find((v) => (v.lang || "").toLowerCase().startsWith(lang)) || null;
}

export function canSpeak() {
  return !!voice();
}

// Redraw `fn` when the system's voices arrive (they load after the page).
export function onVoices(fn) {
  window.speechSynthesis?.addEventListener?.("voiceschanged", fn);
}

function say(text) {
  const settings = soundSettings();
  const chosen = settings.speak && settings.on && voice();
  if (!chosen || !text) return;
  try {
    const words = new SpeechSynthesisUtterance(text);
    words.voice = chosen;
    words.lang = chosen.lang;
    words.volume = settings.volume;
    window.speechSynthesis.cancel();
    window.speechSynthesis.speak(words);
    spoken.push(text);
  } catch { /* a refused voice: the sounds go on */ }
}

// ----- the host menu's controls ----------------------------------------------------------------

export function soundControls(h, rerender) {
  const settings = soundSettings();
  const change = (what) => {
    setSound(what);
    playCue("turn");        // a sample at the new level
    rerender();
  };
  const volume = Math.round(settings.volume * 100);
  return h("div", { class: "menu-sound" },
    h("div", { class: "menu-option" },
      h("div", {},
        h("strong", { text: t("tv.sound") }),
        h("p", { text: t("tv.sound_hint") })),
      h("button", { type: "button", class: ["switch", "sound-switch", settings.on && "on"], "aria-pressed": String(settings.on),
        "aria-label": t("tv.sound"), on: { click: () => change({ on: !settings.on }) } }, settings.on ? "✓" : "✕")),
    h("label", { class: "menu-volume" },
      h("span", { text: t("tv.volume") }),
      h("input", { type: "range", min: "0", max: "100", step: "5", value: String(volume), disabled: !settings.on,
        "aria-valuetext": `${volume} %`,
        on: { change: (event) => change({ volume: Number(event.target.value) / 100 }) } }),
      h("output", { text: `${volume} %` })),
    canSpeak() && h("div", { class: "menu-option" },
      h("div", {},
        h("strong", { text: t("tv.speak") }),
        h("p", { text: t("tv.speak_hint") })),
      h("button", { type: "button", class: ["switch", "speak-switch", settings.speak && "on"], "aria-pressed": String(!!settings.speak),
        "aria-label": t("tv.speak"), on: { click: () => change({ speak: !settings.speak }) } }, settings.speak ? "✓" : "✕")));
}

window.sobremesaVoice = { spoken };
