// The one-device page ("Contra el ordenador", /solo): choose a game from the server's catalogue
// and start it against the computer, or carry on with one this device remembers; then play it on
// one screen: the opponents as compact seats with the pause and pace buttons, and the game's own
// screen (games/<name>/, found by the room's game: the same table and hand components the phone
// mounts). Knows no game and no rules.
//
// The device keeps, per solo game, the seat token (to play and to come back with `join`) and the
// host token (`pause`, `resume`, `set_pace`) in localStorage under SOLO_KEY.
import { h } from "../core/dom.js";
import { t, getLang, toggleLang, onLangChange, pick } from "../core/i18n.js";
import { keepAwake } from "../core/keep-awake.js";
import { connect, request } from "../core/net.js";
import { store } from "../core/storage.js";
import { loadManifest, screenSlot } from "./games.js";
import { banner, errorText, vibrate } from "./notices.js";
import { installKeys } from "./keys.js";

const NAME_KEY = "sobremesa.name";          // shared with the phone page
const SOLO_KEY = "sobremesa.solo";          // [{room, token, host_token, game}]
const LAST_KEY = "sobremesa.solo.last";     // {game, bots, level, options}
const MAX_REMEMBERED = 12;

const $ = (id) => document.getElementById(id);
const catalogue = JSON.parse($("catalogue").textContent || "[]");
const playable = (name) => catalogue.find((g) => g.name === name && !g.upcoming) || null;

const app = {
  socket: null,
  screen: "entry",       // entry | game
  current: null,         // the remembered entry being played
  state: null,
  resumable: [],         // solo_games' answer
  choice: initialChoice(),
  starting: false,
};

// ----- small helpers --------------------------------------------------------------------------


function showScreen(name) {
  app.screen = name;
  for (const el of document.querySelectorAll(".screen")) el.classList.toggle("hidden", el.id !== `screen-${name}`);
  document.body.dataset.screen = name;
}

function remembered() {
  const list = store.getJSON(SOLO_KEY);
  return Array.isArray(list) ? list.filter((g) => g && g.room && g.token) : [];
}

function remember(entry) {
  const rest = remembered().filter((g) => g.room !== entry.room);
  store.setJSON(SOLO_KEY, [entry, ...rest].slice(0, MAX_REMEMBERED));
}

function forget(room) {
  store.setJSON(SOLO_KEY, remembered().filter((g) => g.room !== room));
}

// ----- the choice: game, options, computer players, level, name --------------------------------

function defaultsFor(info, last = {}) {
  const options = {};
  for (const option of info.options || []) options[option.name] = option.default;
  const same = last.game === info.name;
  const levels = info.bot_levels?.length ? info.bot_levels : ["normal"];
  const maxBots = info.max_players - 1;
  const minBots = Math.max(1, info.min_players - 1);
  const bots = same && Number.isInteger(last.bots) ? last.bots : 2;
  return {
    game: info.name,
    options: same ? { ...options, ...(last.options || {}) } : options,
    bots: Math.min(maxBots, Math.max(minBots, bots)),
    level: same && levels.includes(last.level) ? last.level : levels[levels.length - 1],
  };
}

function initialChoice() {
  const last = store.getJSON(LAST_KEY) || {};
  const info = playable(last.game);
  return info ? defaultsFor(info, last) : null;
}

function choose(name) {
  const info = playable(name);
  if (!info) return;
  app.choice = app.choice?.game === name ? app.choice : defaultsFor(info, store.getJSON(LAST_KEY) || {});
  renderEntry();
}

function stepper(value, min, max, set, name) {
  return h("div", { class: "stepper", dataset: { stepper: name } },
    h("button", { type: "button", class: "step", disabled: value <= min, "aria-label": "−", on: { click: () => set(value - 1) } }, "−"),
    h("output", { class: "step-value", text: String(value) }),
    h("button", { type: "button", class: "step", disabled: value >= max, "aria-label": "+", on: { click: () => set(value + 1) } }, "+"));
}

function optionControl(option, value, set) {
  if (option.type === "int" || option.type === "number") {
    const step = option.step || 1;
    return h("div", { class: "stepper" },
      h("button", { type: "button", class: "step", disabled: value <= option.min, "aria-label": "−",
        on: { click: () => set(Math.max(option.min, value - step)) } }, "−"),
      h("output", { class: "step-value", text: String(value), dataset: { option: option.name } }),
      h("button", { type: "button", class: "step", disabled: value >= option.max, "aria-label": "+",
        on: { click: () => set(Math.min(option.max, value + step)) } }, "+"));
  }
  if (option.type === "bool") {
    return h("button", { type: "button", class: ["switch", value && "on"], "aria-pressed": String(!!value),
      on: { click: () => set(!value) } }, value ? "✓" : "✕");
  }
  if (Array.isArray(option.choices)) {
    return h("div", { class: ["segmented", option.choices.length > 3 && "choice-grid"] }, option.choices.map((choice) => {
      const v = typeof choice === "object" ? choice.value : choice;
      const label = typeof choice === "object" ? pick(choice.label) || String(v) : String(v);
      return h("button", { type: "button", class: v === value && "on", "aria-pressed": String(v === value),
        dataset: { option: option.name, value: String(v) }, on: { click: () => set(v) } }, label);
    }));
  }
  return h("output", { class: "step-value", text: String(value) });
}

function choicePanel() {
  const choice = app.choice;
  const info = choice && playable(choice.game);
  if (!info) return h("section", { class: "solo-setup empty" }, h("p", { class: "muted", text: t("solo.pick_game") }));
  const values = choice.options;
  const applies = (option) => !Array.isArray(option.rulesets) || !("ruleset" in values)
    || option.rulesets.includes(values.ruleset);
  const setOption = (name, value) => { choice.options = { ...values, [name]: value }; renderEntry(); };
  const rows = (info.options || []).filter(applies).map((option) =>
    h("div", { class: ["option", Array.isArray(option.choices) && option.choices.length > 3 && "wide"] },
      h("span", { class: "option-label", text: pick(option.label) }),
      optionControl(option, values[option.name], (v) => setOption(option.name, v))));
  const levels = info.bot_levels?.length ? info.bot_levels : ["normal"];
  rows.push(h("div", { class: "option" },
    h("span", { class: "option-label", text: t("solo.bots") }),
    stepper(choice.bots, Math.max(1, info.min_players - 1), info.max_players - 1,
      (n) => { choice.bots = n; renderEntry(); }, "bots")));
  rows.push(h("div", { class: "option" },
    h("span", { class: "option-label", text: t("solo.level") }),
    h("div", { class: "segmented" }, levels.map((level) => h("button", {
      type: "button", class: level === choice.level && "on", "aria-pressed": String(level === choice.level),
      dataset: { level }, on: { click: () => { choice.level = level; renderEntry(); } },
    }, t(`common.level.${level}`))))));
  return h("section", { class: "solo-setup" }, h("h2", { text: pick(info.title) }), rows);
}

function tiles() {
  return h("section", { class: "solo-tiles" }, catalogue.map((info) => {
    const soon = !!info.upcoming;
    const selected = app.choice?.game === info.name;
    return h("button", {
      type: "button", class: ["tile", soon && "soon", selected && "selected"], disabled: soon,
      "aria-pressed": String(selected), dataset: { game: info.name }, on: { click: () => choose(info.name) },
    },
    h("span", { class: "tile-title", text: pick(info.title) }),
    h("span", { class: "tile-meta", text: soon ? t("tv.soon") : t("common.players_range", { min: info.min_players, max: info.max_players }) }),
    h("span", { class: "tile-summary", text: pick(info.summary) }));
  }));
}

function formatDate(seconds) {
  if (!seconds) return "";
  try {
    return new Date(seconds * 1000).toLocaleString(getLang() === "es" ? "es-ES" : "en-GB",
      { weekday: "short", day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" });
  } catch {
    return "";
  }
}

function resumePanel() {
  if (!app.resumable.length) return null;
  return h("section", { class: "solo-resume" },
    h("h2", { text: t("solo.resume") }),
    h("ul", { class: "resume-list" }, app.resumable.map((g) => {
      const me = (g.players || []).find((p) => p.you);
      const others = (g.players || []).filter((p) => !p.you).length;
      return h("li", {}, h("button", {
        type: "button", class: "resume-item", dataset: { room: g.room }, on: { click: () => resume(g.room) },
      },
      h("span", { class: "resume-title", text: pick(g.title) || g.game }),
      h("span", { class: "resume-meta", text: [formatDate(g.touched || g.started),
        t("solo.against", { n: others }),
        me ? t("solo.your_score", { n: me.score ?? 0 }) : "",
        g.status === "finished" ? t("solo.finished") : g.paused ? t("solo.paused_short") : ""].filter(Boolean).join(" · ") }),
      h("span", { class: "resume-go", text: t("solo.resume_go") })));
    })));
}

function renderEntry() {
  if (app.screen !== "entry") return;
  const nameValue = $("solo-name")?.value ?? store.get(NAME_KEY) ?? "";
  const name = h("input", { id: "solo-name", maxlength: "20", autocomplete: "nickname", value: nameValue,
    placeholder: t("phone.name_placeholder") });
  name.value = nameValue;
  const startBtn = h("button", {
    type: "submit", id: "solo-start", class: "btn primary huge", disabled: !app.choice || app.starting,
    text: t("solo.start"),
  });
  const form = h("form", { class: "solo-start", autocomplete: "off", on: { submit: (event) => { event.preventDefault(); startGame(); } } },
    h("label", { for: "solo-name", text: t("phone.your_name") }), name, startBtn);
  $("screen-entry").replaceChildren(...[
    resumePanel(),
    h("h1", { text: t("solo.new_game") }),
    h("div", { class: "solo-entry" }, tiles(), h("div", { class: "solo-side" }, choicePanel(), form)),
  ].filter(Boolean));
}

async function refreshResumable() {
  const games = remembered().map(({ room, token }) => ({ room, token }));
  if (!games.length || !app.socket) {
    app.resumable = [];
    renderEntry();
    return;
  }
  const reply = await request(app.socket, "solo_games", { games });
  app.resumable = reply.ok ? reply.games || [] : [];
  // Forget what the host no longer knows (a game swept away, another host's data).
  const known = new Set(app.resumable.map((g) => g.room));
  if (reply.ok) store.setJSON(SOLO_KEY, remembered().filter((g) => known.has(g.room)));
  renderEntry();
}

async function startGame() {
  const choice = app.choice;
  const info = choice && playable(choice.game);
  if (!info || app.starting) return;
  const name = ($("solo-name")?.value || "").trim() || store.get(NAME_KEY) || t("solo.default_name");
  store.set(NAME_KEY, name);
  store.setJSON(LAST_KEY, { game: choice.game, bots: choice.bots, level: choice.level, options: choice.options });
  app.starting = true;
  renderEntry();
  vibrate(30);
  const reply = await request(app.socket, "create_solo", {
    game: choice.game, name, options: choice.options,
    bots: Array.from({ length: choice.bots }, () => choice.level), fast: false });
  app.starting = false;
  if (!reply.ok) {
    renderEntry();
    banner(reply.error);
    return;
  }
  const entry = { room: reply.room, token: reply.token, host_token: reply.host_token, game: choice.game };
  remember(entry);
  enterGame(entry);
}

function resume(room) {
  const entry = remembered().find((g) => g.room === room);
  if (entry) enterGame(entry);
}

// ----- playing ------------------------------------------------------------------------------

async function enterGame(entry) {
  app.current = entry;
  app.state = null;
  showScreen("game");
  history.replaceState(null, "", "/solo");
  $("solo-bar").replaceChildren(h("p", { class: "waiting" }, h("span", { class: "dots" }), t("phone.connecting")));
  await bind();
}

// Bind this connection to the seat (also after every reconnect: each gets a new sid).
async function bind() {
  const entry = app.current;
  if (!entry) return;
  const reply = await request(app.socket, "join", { room: entry.room, token: entry.token, name: store.get(NAME_KEY) || "" });
  if (reply.ok || app.current !== entry) return;
  if (reply.error?.code === "unknown_room" || reply.error?.code === "bad_token") forget(entry.room);
  banner(reply.error);
  leaveGame();
}

function leaveGame() {
  gameSlot.clear();
  app.current = null;
  app.state = null;
  keepAwake(false);
  showScreen("entry");
  renderEntry();
  refreshResumable();
}

// Back to the entry: the game waits, paused, until "Seguir la partida" and Seguir.
async function toMenu() {
  const room = app.state?.room;
  if (room && room.status === "playing" && !room.paused) await hostCommand("pause");
  leaveGame();
}

function hostCommand(command, args = {}) {
  const entry = app.current;
  if (!entry) return Promise.resolve(null);
  return request(app.socket, "host", { room: entry.room, host_token: entry.host_token, command, args })
    .then((reply) => {
      if (!reply.ok) banner(reply.error);
      return reply;
    });
}

function initial(name) {
  return (name || "?").trim().charAt(0).toUpperCase() || "?";
}

// The opponents (and you) as compact seats, then the pause and pace switches.
function renderBar(state) {
  const room = state.room;
  const view = state.game;
  const players = view?.players || [];
  const seats = room.seats.map((seat, index) => {
    const p = players[index] || {};
    const you = state.you && index === state.you.index;
    const turn = view?.turn === index && room.status === "playing";
    return h("li", {
      class: ["solo-seat", you && "you", turn && "turn"], vars: { "--seat": seat.color },
      dataset: { seat: String(index) }, "aria-current": turn ? "true" : null,
    },
    h("span", { class: "solo-avatar", "aria-hidden": "true", text: initial(seat.name) }),
    h("span", { class: "solo-seat-text" },
      h("span", { class: "solo-seat-name", text: you ? t("solo.you", { name: seat.name }) : seat.name }),
      h("span", { class: "solo-seat-stats" },
        p.cards != null && h("span", { class: "solo-cards", text: t("solo.cards", { n: p.cards }) }),
        p.score != null && h("span", { class: "solo-score", text: t("solo.score", { n: p.score }) }))),
    turn && h("span", { class: "solo-turn", text: t("solo.turn") }));
  });
  const paused = !!room.paused;
  const canPause = room.status === "playing";
  $("solo-bar").replaceChildren(
    h("ol", { class: "solo-seats" }, seats),
    h("div", { class: "solo-controls" },
      h("button", { type: "button", id: "solo-pause", class: ["btn", paused ? "primary" : "secondary"], disabled: !canPause,
        "aria-pressed": String(paused), on: { click: () => hostCommand(paused ? "resume" : "pause") } },
      paused ? t("solo.resume_play") : t("solo.pause")),
      h("button", { type: "button", id: "solo-fast", class: ["btn", "secondary", room.fast && "on"], "aria-pressed": String(!!room.fast),
        on: { click: () => hostCommand("set_pace", { fast: !room.fast }) } },
      room.fast ? `✓ ${t("solo.faster")}` : t("solo.faster")),
      h("button", { type: "button", id: "solo-menu", class: "btn secondary", on: { click: toMenu } }, t("solo.menu")),
      h("button", { type: "button", id: "solo-lang", class: "btn secondary", "aria-label": "Idioma / Language",
        on: { click: toggleLang } }, getLang() === "es" ? "EN" : "ES")));
  $("screen-game").classList.toggle("paused", paused);
  let veil = $("solo-paused");
  if (paused && !veil) {
    veil = h("div", { id: "solo-paused", class: "solo-paused", role: "status" },
      h("p", { text: t("solo.paused") }),
      h("button", { type: "button", class: "btn primary huge", on: { click: () => hostCommand("resume") } }, t("solo.resume_play")));
    $("solo-stage").append(veil);
  } else if (!paused && veil) {
    veil.remove();
  } else if (veil) {
    veil.firstChild.textContent = t("solo.paused");
    veil.lastChild.textContent = t("solo.resume_play");
  }
}

// On a laptop or a tablet held sideways the table above the hand keeps a third of the height
// (a phone's screen keeps its own minimum).
function tableRoom() {
  const wide = window.innerWidth >= 900 && window.innerWidth > window.innerHeight;
  return wide ? Math.round(window.innerHeight * 0.34) : 0;
}

// The game's own phone screen, under the seats bar; its ctx plays this entry's seat.
const gameSlot = screenSlot($("game-root"), "phone", () => {
  const entry = app.current;
  return {
    send: (action) => request(app.socket, "action", { room: entry.room, token: entry.token, action }),
    banner,
    vibrate,
    errorText,
    tableRoom,
  };
}, () => t("phone.no_game_ui"));

function mountGame(state) {
  return gameSlot.mount(state.room.game);
}

async function renderGame() {
  const state = app.state;
  if (!state || app.screen !== "game") return;
  renderBar(state);
  if (!state.game) return;
  const ui = await mountGame(state);
  if (ui && app.state) ui.update(app.state);
  keepAwake(state.room.status === "playing" && !state.room.paused);
}

function onState(data) {
  if (!data || !data.room || !app.current || data.room.code !== app.current.room) return;
  if (app.state && data.room.version < app.state.room.version) return;
  data.received = performance.now();
  app.state = data;
  renderGame();
}

function setConn(status) {
  const el = $("conn");
  el.textContent = status === "connected" ? "" : t("common.reconnecting");
  el.classList.toggle("hidden", status === "connected");
  document.body.classList.toggle("offline", status !== "connected");
}

// ----- the page -------------------------------------------------------------------------------

function relabel() {
  for (const el of document.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  $("lang-toggle").textContent = getLang() === "es" ? "EN" : "ES";
}

$("lang-toggle").addEventListener("click", toggleLang);
onLangChange(() => {
  relabel();
  if (app.screen === "entry") renderEntry();
  else {
    gameSlot.relabel();
    if (app.state) renderGame();
  }
});

function start() {
  relabel();
  installKeys($("solo-stage"), { layers: "#solo-paused" });
  // The games' words (titles of their screens) are needed before a game is mounted.
  for (const info of catalogue) if (!info.upcoming) loadManifest(info.name);
  showScreen("entry");
  renderEntry();
  app.socket = connect(onState, setConn);
  app.socket.on("connect", () => {
    if (app.current) bind();
    else refreshResumable();
  });
}

start();
