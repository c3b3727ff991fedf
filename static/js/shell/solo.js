// The one-device page ("Contra el ordenador", /solo): choose a game from the server's catalogue
// and start it against the computer, or carry on with one this device remembers; then play it on
// one screen: the opponents as compact seats with the pause and pace buttons, and the game's own
// screen (games/<name>/, found by the room's game: the same table and hand components the phone
// mounts). Knows no game and no rules.
//
// The device keeps, per solo game, the seat token (to play and to come back with `join`) and the
// host token (`pause`, `resume`, `set_pace`) in localStorage under SOLO_KEY.
import { seatChip, seatVars } from "../core/seats.js";
import { h, s as svg } from "../core/dom.js";
import { t, tn, getLang, toggleLang, onLangChange, pick, registerStrings } from "../core/i18n.js";
import { keepAwake } from "../core/keep-awake.js";
import { connect, request } from "../core/net.js";
import { grouped } from "../core/numbers.js";
import { store } from "../core/storage.js";
import { displayButton, onDisplayChange } from "../core/display.js";
import { announce, turnAnnouncer } from "../core/announce.js";
import { loadManifest, readCatalogue, screenSlot } from "./games.js";
import { mountGuide } from "./lesson.js";
import { banner, dropMoment, dropMomentOnInput, errorText, momentBanner, vibrate } from "./notices.js";
import { installKeys } from "./keys.js";
import { pressGuard } from "../core/press.js";
import { drawRecord } from "./record.js";
import { lessonInfo, lessonsPanel, markLessonDone } from "./solo-lessons.js";
import soloStrings from "./solo-strings.js";
import { allAt, defaultsFor, levelsOf, opponentNames, opponentsPanel, optionsPanel,
  remembered as rememberedChoice } from "./solo-setup.js";

registerStrings(soloStrings);

const NAME_KEY = "sobremesa.name";          // shared with the phone page
const SOLO_KEY = "sobremesa.solo";          // [{room, token, host_token, game}]
const LAST_KEY = "sobremesa.solo.last";     // {game, bots, levels, options}
const MAX_REMEMBERED = 12;

const $ = (id) => document.getElementById(id);
const catalogue = readCatalogue();
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

// ----- the choice: game, options, computer players and their levels (shell/solo-setup.js) -----

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

// The name the person goes by (typed, or the one the device remembers).
function personName() {
  return ($("solo-name")?.value || "").trim() || store.get(NAME_KEY) || t("solo.default_name");
}

// A computer player never shares the person's name: typing one of theirs renames it at once.
function renameOpponents() {
  const rows = [...document.querySelectorAll(".solo-levels .opponent:not(.all) .opponent-name")];
  opponentNames(rows.length, personName()).forEach((name, i) => { rows[i].textContent = name; });
}

function changeChoice(next) {
  app.choice = next;
  renderEntry();
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
      h("span", { class: "resume-title", text: g.lesson ? t("lesson.resume_title", { title: pick(g.lesson.title) }) : pick(g.title) || g.game }),
      h("span", { class: "resume-meta", text: [formatDate(g.touched || g.started),
        g.lesson ? t("lesson.step_of", { n: Math.min(g.lesson.step + 1, g.lesson.steps), total: g.lesson.steps })
          : tn("solo.against", others),
        me ? t("solo.your_score", { n: grouped(me.score ?? 0) }) : "",
        g.status === "finished" ? t("solo.finished") : g.paused ? t("solo.paused_short") : ""].filter(Boolean).join(" · ") }),
      h("span", { class: "resume-go", text: t("solo.resume_go") })));
    })));
}

// ----- "Aprende jugando": a lesson started, and where it leads (the panel: solo-lessons.js) -----

async function startLesson(id) {
  if (app.starting) return;
  const name = personName();
  app.starting = true;
  vibrate(30);
  const reply = await request(app.socket, "create_lesson", { lesson: id, name });
  app.starting = false;
  if (!reply.ok) {
    banner(reply.error);
    return;
  }
  const entry = { room: reply.room, token: reply.token, host_token: reply.host_token,
    game: lessonInfo(catalogue, id)?.info.name, lesson: id };
  remember(entry);
  enterGame(entry);
}

// "Jugar una partida de verdad": the game of the lesson against easy computer players.
async function realGame(gameName) {
  const info = playable(gameName);
  if (!info) return;
  gameSlot.clear();
  app.current = null;
  app.choice = allAt(defaultsFor(info), levelsOf(info)[0]);
  showScreen("entry");
  await startGame();
}

function lessonEnd(lesson) {
  const found = lessonInfo(catalogue, lesson.id);
  const buttons = [];
  if (found?.after) {
    buttons.push({ name: "next", label: t("lesson.next_lesson"), primary: true, run: () => { leaveGame(); startLesson(found.after.id); } });
  }
  if (found) {
    buttons.push({ name: "real", label: t("lesson.real_game"), primary: !found.after, run: () => realGame(found.info.name) });
  }
  buttons.push({ name: "menu", label: t("solo.menu"), run: leaveGame });
  return buttons;
}

// A tap on a tile, a card or a button is not lost to a redraw (the host's answer, a computer
// player's move, may arrive while a finger is down).
const heldBack = pressGuard(() => true);

function renderEntry() {
  if (heldBack(renderEntry)) return;
  if (app.screen !== "entry") return;
  const info = app.choice && playable(app.choice.game);
  const nameValue = $("solo-name")?.value ?? store.get(NAME_KEY) ?? "";
  const name = h("input", { id: "solo-name", maxlength: "20", autocomplete: "nickname", value: nameValue,
    placeholder: t("phone.name_placeholder"), on: { input: renameOpponents } });
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
    h("div", { class: "solo-entry" },
      h("div", { class: "solo-main" }, tiles(), opponentsPanel(app.choice, info, personName(), changeChoice)),
      h("div", { class: "solo-side" }, optionsPanel(app.choice, info, changeChoice), form)),
    lessonsPanel(catalogue, startLesson),
  ].filter(Boolean));
  if (location.hash === "#aprende" && !app.scrolledToLessons) {
    app.scrolledToLessons = true;
    $("solo-lessons")?.scrollIntoView({ block: "start" });
  }
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
  const name = personName();
  store.set(NAME_KEY, name);
  store.setJSON(LAST_KEY, rememberedChoice(choice));
  app.starting = true;
  renderEntry();
  vibrate(30);
  const reply = await request(app.socket, "create_solo", {
    game: choice.game, name, options: choice.options,
    bots: choice.levels, fast: false });
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
  if (app.socket.connected) await bind();         // else on "connect"
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
  guide?.destroy();
  guide = null;
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

const ICONS = {
  pause: [["rect", { x: 5, y: 4, width: 5, height: 16, rx: 1 }], ["rect", { x: 14, y: 4, width: 5, height: 16, rx: 1 }]],
  play: [["path", { d: "M7 4 L20 12 L7 20 Z" }]],
  fast: [["path", { d: "M3 5 L12 12 L3 19 Z" }], ["path", { d: "M12 5 L21 12 L12 19 Z" }]],
  menu: [["rect", { x: 3, y: 5, width: 18, height: 2.6, rx: 1.3 }], ["rect", { x: 3, y: 10.7, width: 18, height: 2.6, rx: 1.3 }],
    ["rect", { x: 3, y: 16.4, width: 18, height: 2.6, rx: 1.3 }]],
};

// A bar button: its icon, and its words (hidden where the bar is narrow; they stay its name).
function control(id, icon, label, { class: extra, ...attrs }) {
  return h("button", { type: "button", id, class: ["btn", "solo-control", ...[extra].flat()], "aria-label": label, ...attrs },
    svg("svg", { class: "solo-icon", viewBox: "0 0 24 24", "aria-hidden": "true" },
      ICONS[icon].map(([tag, shape]) => svg(tag, { ...shape, fill: "currentColor" }))),
    h("span", { class: "solo-control-text", text: label }));
}

// The opponents (and you) as compact seats, then the pause and pace switches.
function renderBar(state) {
  const room = state.room;
  const view = state.game;
  const players = view?.players || [];
  const seats = room.seats.map((seat, index) => {
    const p = players[index] || {};
    // Cards in hand, or a dominoes game's tiles.
    const count = p.cards ?? p.tiles;
    const countText = p.cards != null ? tn("solo.cards", count) : tn("solo.tiles", count);
    const you = state.you && index === state.you.index;
    const turn = view?.turn === index && room.status === "playing";
    return h("li", {
      class: ["solo-seat", you && "you", turn && "turn"], vars: seatVars(seat),
      dataset: { seat: String(index) }, "aria-current": turn ? "true" : null,
    },
    seatChip(seat, "solo-avatar"),
    h("span", { class: "solo-seat-text" },
      h("span", { class: "solo-seat-name", text: you ? t("solo.you", { name: seat.name }) : seat.name }),
      h("span", { class: "solo-seat-stats" },
        count != null && h("span", { class: "solo-cards", "aria-label": countText },
          p.cards != null
            ? svg("svg", { class: "solo-back", viewBox: "0 0 10 14", "aria-hidden": "true" },
              svg("rect", { x: 0.75, y: 0.75, width: 8.5, height: 12.5, rx: 1.6 }))
            : svg("svg", { class: "solo-back domino-back", viewBox: "0 0 16 9", "aria-hidden": "true" },
              svg("rect", { x: 0.75, y: 0.75, width: 14.5, height: 7.5, rx: 1.6 }),
              svg("path", { d: "M8 1.5v6", stroke: "currentColor", "stroke-width": 1 })),
          h("span", { class: "solo-cards-text", text: countText }),
          h("span", { class: "solo-cards-n", "aria-hidden": "true", text: String(count) })),
        p.score != null && h("span", { class: "solo-score", text: tn("solo.score", p.score, { n: grouped(p.score) }) }))),
    turn && h("span", { class: "solo-turn", text: t("solo.turn") }));
  });
  const paused = !!room.paused;
  const canPause = room.status === "playing";
  const pauseLabel = paused ? t("solo.resume_play") : t("solo.pause");
  $("solo-bar").replaceChildren(
    h("ol", { class: ["solo-seats", seats.length > 4 && "many"] }, seats),
    h("div", { class: "solo-controls" },
      control("solo-pause", paused ? "play" : "pause", pauseLabel, {
        class: paused ? "primary" : "secondary", disabled: !canPause, "aria-pressed": String(paused),
        on: { click: () => hostCommand(paused ? "resume" : "pause") } }),
      control("solo-fast", "fast", t("solo.faster"), {
        class: ["secondary", room.fast && "on"], "aria-pressed": String(!!room.fast),
        on: { click: () => hostCommand("set_pace", { fast: !room.fast }) } }),
      control("solo-menu", "menu", t("solo.menu"), { class: "secondary", on: { click: toMenu } }),
      h("button", { type: "button", id: "solo-display", class: "btn secondary display-btn", "aria-haspopup": "dialog",
        "aria-label": t("display.name"), title: t("display.title"), on: { click: () => display.open() } }, t("display.button")),
      h("button", { type: "button", id: "solo-lang", class: "btn secondary",
        "aria-label": `${getLang() === "es" ? "EN" : "ES"}, Idioma / Language`,
        on: { click: toggleLang } }, getLang() === "es" ? "EN" : "ES")));
  $("solo-bar").querySelector(".solo-seat.turn")?.scrollIntoView({ block: "nearest", inline: "nearest" });
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

// A computer player's reason for its move (the room's `reasons`, server/reasons.py): the page
// has no feed, so the newest line shows a few seconds over the top of the table, in the seat's
// colour, then goes (sooner at the fast pace).
const WHY_MS = 7000;
const WHY_FAST_MS = 4000;
const why = { n: null, room: null, line: null, timer: null };

function showWhy(state) {
  const lines = state.room.reasons || [];
  const line = lines[lines.length - 1];
  if (why.room !== state.room.code) Object.assign(why, { room: state.room.code, n: null });
  if (!line || line.n === why.n || state.room.status !== "playing") {
    drawWhy();
    return;
  }
  why.n = line.n;
  why.line = line;
  clearTimeout(why.timer);
  why.timer = setTimeout(() => { why.line = null; drawWhy(); }, state.room.fast ? WHY_FAST_MS : WHY_MS);
  drawWhy();
}

function drawWhy() {
  let el = $("solo-why");
  const line = why.line;
  const seat = line && app.state?.room.seats[line.seat];
  if (!line || !seat || app.state?.room.status !== "playing") {
    el?.remove();
    return;
  }
  if (!el) {
    el = h("p", { id: "solo-why", class: "solo-why", role: "status" });
    $("solo-stage").append(el);
  }
  el.replaceChildren(seatChip(seat, "dot"), h("span", { class: "text", text: pick(line) }));
  for (const [name, value] of Object.entries(seatVars(seat))) el.style.setProperty(name, value);
}

// A laptop or a tablet (either way round): the table is drawn as on the TV and keeps a third
// of the height above the hand (a phone's screen keeps the phone's table and its own minimum).
const isWide = () => window.innerWidth >= 700 && window.innerHeight >= 600;
const tableRoom = () => (isWide() ? Math.round(window.innerHeight * 0.36) : 0);
const tableDensity = () => (isWide() ? "tv" : "phone");
let mountedDensity = null;

window.addEventListener("resize", () => {
  if (!app.current || mountedDensity === null || mountedDensity === tableDensity()) return;
  gameSlot.clear();           // turned round: mount the screen again for the other table
  renderGame();
});

// The game's own phone screen, under the seats bar; its ctx plays this entry's seat.
const gameSlot = screenSlot($("game-root"), "phone", () => {
  const entry = app.current;
  return {
    send: (action) => request(app.socket, "action", { room: entry.room, token: entry.token, action }),
    banner: momentBanner,
    vibrate,
    errorText,
    tableRoom,
    tableDensity,
    // The computer's moves fly to and from its seat in the bar, quicker at the fast pace.
    seatAnchor: (seat) => $("solo-bar").querySelector(`.solo-seat[data-seat="${seat}"] .solo-avatar`),
    motionMs: () => (app.state?.room.fast ? 300 : 520),
  };
}, () => t("phone.no_game_ui"));
dropMomentOnInput($("game-root"));

function mountGame(state) {
  mountedDensity = tableDensity();
  return gameSlot.mount(state.room.game);
}

// The lesson's guide over the game (lesson rooms only).
let guide = null;

function renderGuide(state) {
  const lesson = state.room.lesson;
  $("screen-game").classList.toggle("lesson-on", !!lesson);
  if (!lesson) {
    guide?.destroy();
    guide = null;
    return;
  }
  if (!guide) {
    guide = mountGuide($("solo-stage"), { next: () => hostCommand("lesson_next"), done: lessonEnd });
  }
  guide.update(state);
  if (lesson.done) {
    markLessonDone(lesson.id);
    forget(state.room.code);     // nothing left to carry on with
  }
}

async function renderGame() {
  if (heldBack(renderGame)) return;
  const state = app.state;
  if (!state || app.screen !== "game") return;
  renderBar(state);
  showWhy(state);
  renderGuide(state);
  drawRecord($("my-record"), state, momentsLink(state));
  if (!state.game) return;
  const ui = await mountGame(state);
  if (ui && app.state) ui.update(app.state);
  keepAwake(state.room.status === "playing" && !state.room.paused);
}

// The finished game's best moments, drawn by its TV screen on a page of their own: offered
// where that screen is readable (a laptop or a tablet held wide, not a phone).
const WIDE = matchMedia("(min-width: 900px) and (min-aspect-ratio: 4/3)");
WIDE.addEventListener("change", () => renderGame());

function momentsLink(state) {
  if (!WIDE.matches || state.room.status !== "finished") return null;
  return h("a", { class: "btn record-moments", href: `/replay?room=${encodeURIComponent(state.room.code)}` },
    h("span", { class: "star", "aria-hidden": "true" }, "★"), " ", t("solo.best_moments"));
}

const followTurn = turnAnnouncer((name) => announce(t("phone.your_turn_now", { name })));

function onState(data) {
  if (!data || !data.room || !app.current || data.room.code !== app.current.room) return;
  if (app.state && data.room.version < app.state.room.version) return;
  if (!app.state || data.room.version !== app.state.room.version) dropMoment();   // the game moved on
  data.received = performance.now();
  app.state = data;
  followTurn(data);
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
  $("lang-toggle").setAttribute("aria-label", `${$("lang-toggle").textContent}, Idioma / Language`);
}

$("lang-toggle").addEventListener("click", toggleLang);
const display = displayButton();
$("lang-toggle").after(display.button);
document.body.append(display.dialog);
onDisplayChange(() => {
  if (app.screen === "entry") return;
  gameSlot.relabel();
  if (app.state) renderGame();
});
onLangChange(() => {
  relabel();
  display.relabel();
  if (app.screen === "entry") renderEntry();
  else {
    gameSlot.relabel();
    guide?.relabel();
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
  // Back from the best moments (/solo?room=CODE): that game again, on its podium.
  const back = remembered().find((g) => g.room === new URLSearchParams(location.search).get("room"));
  if (back) enterGame(back);
  app.socket.on("connect", () => {
    if (app.current) bind();
    else refreshResumable();
  });
}

start();
