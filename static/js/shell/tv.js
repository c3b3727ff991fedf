// The TV page: connects as the room's host (or a watcher), shows the lobby, and hands the table
// to the game's own screen (games/<name>/, found through shell/games.js). This file knows no
// game, and no game rules: the chooser's tiles are the server's catalogue.
//
// A game's TV screen is mount(root, shell) -> {update(state), relabel(), destroy()}, with
//   shell = { host(command, args) -> Promise<reply>, setHeader(...nodes),
//             toast(content, {kind, ms}) -> node, clearToasts(), catalogue }
// and update() called on every state push (state.game is the public view).

import { seatChip, seatVars } from "../core/seats.js";
import { connect, request } from "../core/net.js";
import { h } from "../core/dom.js";
import { getLang, onLangChange, pick, registerStrings, t, toggleLang } from "../core/i18n.js";
import { displayButton, onDisplayChange } from "../core/display.js";
import { store } from "../core/storage.js";
import { setTimers } from "../core/timers.js";
import { pressGuard } from "../core/press.js";
import { loadScreen, readCatalogue } from "./games.js";
import { renderHostLayer } from "./tv-host.js";
import { watchersCount, watchersLine } from "./tv-watchers.js";
import { follow, followLobby, onVoices } from "./tv-sound.js";
import { showReaction } from "./tv-reactions.js";
import { fitRecent, honourLayer, recentPanel, refreshHistory } from "./tv-history.js";
import { closeReplay, openReplay, replayShown } from "./tv-replay.js";
import tvStrings from "./tv-strings.js";

registerStrings(tvStrings);

const STORE_KEY = "sobremesa.tv";
const HOUSE_KEY = "sobremesa.house";     // the house key: this screen is the family's (tv-host.js)

const dom = {
  screen: document.getElementById("screen"),
  topGame: document.getElementById("topbar-game"),
  topRoom: document.getElementById("topbar-room"),
  lang: document.getElementById("lang"),
  toasts: document.getElementById("toasts"),
  conn: document.getElementById("conn"),
  hostLayer: document.getElementById("host-layer"),
  hostButton: document.getElementById("host-menu-btn"),
};

let catalogue = readCatalogue();
let session = loadSession();      // {room, host_token} of the room this TV hosts
let state = null;                 // the latest `state` push
let socket = null;
let renderQueued = false;
let dragging = null;              // the seat id being dragged in the lobby
let lobbyError = null;            // the last refused host command, shown under Empezar
let botLevel = null;
let mode = null;                  // "lobby" | "game": what #screen holds now
let gameRoot = null;
let gameName = null;
let screen = null;                // the mounted game screen {update, relabel, destroy}
let sounds = null;                // the game screen's module's `sounds` (shell/tv-sound.js)
let sawPlay = false;              // this page saw the game before its end: the slideshow follows
let replayOffer = null;           // the podium's "Ver los mejores momentos"
let finalPill = null;             // «Última ronda» while it is played
let finalToldFor = null;          // the room and round whose last round the toast announced

// ----- session ---------------------------------------------------------------------------------

// The link the laptop opens carries the house key after '#': kept by this browser, and taken
// out of the address bar so that nobody copies it along with the address.
function takeHouseKey() {
  const found = /(?:^#|&)house=([A-Za-z0-9_-]{20,64})/.exec(location.hash);
  if (!found) return false;
  store.set(HOUSE_KEY, found[1]);
  history.replaceState(null, "", location.pathname + location.search);
  return true;
}
takeHouseKey();
// The link opened again in a tab that shows the table already: the page does not reload.
window.addEventListener("hashchange", () => { if (takeHouseKey() && socket?.connected) enter(); });

function houseKey() {
  return store.get(HOUSE_KEY) || undefined;
}

// A key the host no longer knows (another data folder): forgotten.
function checkHouse(reply) {
  if (reply.ok && reply.house === false && houseKey()) store.del(HOUSE_KEY);
}

function loadSession() {
  const data = store.getJSON(STORE_KEY);   // nothing stored, or garbage: start afresh
  if (data && typeof data.room === "string" && typeof data.host_token === "string") return data;
  return null;
}

function saveSession(room, hostToken) {
  session = { room, host_token: hostToken };
  store.setJSON(STORE_KEY, session);       // private mode: this TV forgets the room on reload
}

// Every (re)connection: watch the stored room, or create one if there is none (or it is gone).
async function enter() {
  const params = new URLSearchParams(location.search);
  const fresh = params.has("new");
  if (fresh) history.replaceState(null, "", location.pathname);
  if (session && !fresh) {
    const reply = await request(socket, "watch", { room: session.room, host_token: session.host_token, house_key: houseKey() });
    checkHouse(reply);
    if (reply.ok) {
      if (reply.games) catalogue = reply.games;
      return;
    }
    // A room that is gone, or could not be restored (the host menu lists it): open a new one.
    if (!["unknown_room", "room_damaged"].includes(reply.error?.code)) {
      showError(reply.error);
      if (socket.connected) setTimeout(enter, 3000);
      return;
    }
  }
  await createRoom();
}

async function createRoom() {
  const reply = await request(socket, "create_room", { house_key: houseKey() });
  checkHouse(reply);
  if (reply.ok) {
    saveSession(reply.room, reply.host_token);
    if (reply.games) catalogue = reply.games;
    scheduleRender();
  } else {
    showError(reply.error);
    if (socket.connected) setTimeout(enter, 3000);
  }
}

async function host(command, args = {}) {
  if (!session || !state) return { ok: false };
  const reply = await request(socket, "host", {
    room: state.room.code, host_token: session.host_token, command, args,
  });
  if (!reply.ok) showError(reply.error, command);
  return reply;
}

// The house's own commands (history, damaged games, pairing): with the house key.
async function house(command, args = {}) {
  const reply = await request(socket, "house", { key: houseKey() || "", command, args });
  if (!reply.ok) showError(reply.error, command);
  return reply;
}

// This screen becomes one of the house's with the code a house screen shows.
async function pair(code) {
  const reply = await request(socket, "pair", { code });
  if (reply.ok) {
    store.set(HOUSE_KEY, reply.key);
    toast(t("tv.paired"), { kind: "info", ms: 5000 });
  }
  return reply;
}

// ----- messages ----------------------------------------------------------------------------------

// A refused command in plain words: under Empezar for the start button, else as a toast.
function showError(error, command) {
  const text = pick(error) || t("common.reconnecting");
  if (mode === "lobby" && command === "start") {
    lobbyError = text;
    scheduleRender();
    return;
  }
  toast(text, { kind: "error", ms: 6000 });
}

function toast(content, { kind = "info", ms = 4000 } = {}) {
  const node = h("div", { class: ["toast", kind] }, content);
  dom.toasts.appendChild(node);
  while (dom.toasts.children.length > 3) dom.toasts.firstElementChild.remove();
  setTimeout(() => {
    node.classList.add("leaving");
    setTimeout(() => node.remove(), 400);
  }, ms);
  return node;
}

function clearToasts() {
  dom.toasts.replaceChildren();
}

function onStatus(status) {
  dom.conn.textContent = t("common.reconnecting");
  dom.conn.classList.toggle("hidden", status === "connected");
  if (status === "connected") enter();
}

function onState(data) {
  if (!data || !data.room) return;
  if (state && state.room.code !== data.room.code) {
    mode = null; // a different room: rebuild the screen
  } else if (state && data.room.version < state.room.version) {
    return;      // an older state overtaken by a newer one on the way
  }
  state = data;
  setTimers(data.room.timers);
  scheduleRender();
}

function scheduleRender() {
  if (renderQueued) return;
  renderQueued = true;
  // A macrotask, not requestAnimationFrame: a page that is not painting (a background tab,
  // a headless test) must still keep its DOM current.
  setTimeout(() => {
    renderQueued = false;
    render();
  }, 0);
}

// ----- the page ------------------------------------------------------------------------------------

// A playable game's catalogue entry (null for an unknown or upcoming one).
function gameInfo(name) {
  return catalogue.find((g) => g.name === name && !g.upcoming) || null;
}

function render() {
  dom.lang.textContent = t("common.switch_lang");
  document.body.classList.toggle("in-game", !!(state && state.game));
  if (!state) {
    if (mode !== "waiting") {
      unmountGame();
      mode = "waiting";
      dom.screen.replaceChildren(h("div", { class: "splash" }, h("div", { class: "brand big", text: t("common.app") })));
    }
    return;
  }
  renderRoomBadge();
  renderHostLayer(dom.hostLayer, dom.hostButton, { state, host, house, pair, rerender: scheduleRender, catalogue });
  if (replayShown() === "moments" && state.game?.phase !== "game_over") closeReplay();   // a new game
  if (state.game) renderGame();
  else {
    followLobby(state);
    if (dragging) return; // the seat list is being dragged: draw after the drop
    renderLobby();
  }
}

function renderRoomBadge() {
  const room = state.room;
  if (!state.game) {
    // Beside the family game: playing alone against the computer on this device.
    const solo = h("a", { class: "solo-link", href: "/solo", title: t("solo.tv_entry_sub") }, t("solo.tv_entry"));
    const learn = h("a", { class: "solo-link learn-link", href: "/solo#aprende", title: t("lesson.tv_entry_sub") },
      t("lesson.title"));
    dom.topRoom.replaceChildren(solo, learn, state.host ? h("button", {
      type: "button", class: "new-room",
      on: { click: () => {
        if (state.room.seats.length && !window.confirm(t("tv.new_room_confirm"))) return;
        state = null; mode = null; render(); createRoom();
      } },
    }, t("tv.new_room")) : "");
    return;
  }
  dom.topRoom.replaceChildren(
    h("img", { class: "qr-mini", src: state.links.qr, alt: "" }),
    h("div", { class: "room-mini" },
      h("span", { class: "label", text: t("tv.room_code") }),
      h("span", { class: "code", text: room.code })));
}

function setHeader(...nodes) {
  dom.topGame.replaceChildren(...nodes.flat().filter(Boolean));
  fitHeader();
}

// The game's line in the top bar, whole: its pieces shrink together (not below two thirds)
// until none runs under the room's code or is cut, rather than one of them losing its words.
// A piece the game marks data-fit="spare" (shown on the table too) goes first, past 0.8.
function fitHeader() {
  const bar = dom.topGame;
  const pieces = [...bar.children];
  const overflows = () => bar.scrollWidth > bar.clientWidth + 1
    || pieces.some((piece) => [piece, ...piece.querySelectorAll("*")].some((el) => el.scrollWidth > el.clientWidth + 1));
  let zoom = 1;
  for (const piece of pieces) {
    piece.style.zoom = "";
    if (piece.dataset.fit === "spare") piece.style.display = "";
  }
  while (bar.isConnected && overflows() && zoom > 0.68) {
    zoom -= 0.04;
    if (zoom < 0.8) for (const piece of pieces) if (piece.dataset.fit === "spare") piece.style.display = "none";
    for (const piece of pieces) piece.style.zoom = String(zoom);
  }
}
// The bar's room changes without a resize too (the room's code and QR drawn beside it).
let fittedWidth = 0;
new ResizeObserver(() => {
  if (dom.topGame.clientWidth === fittedWidth) return;
  fittedWidth = dom.topGame.clientWidth;
  fitHeader();
}).observe(dom.topGame);

// ----- the game ----------------------------------------------------------------------------------

function unmountGame() {
  if (screen) screen.destroy();
  screen = null;
  sawPlay = false;
}

// At the end of a game this page watched, the key moments of the evening play before the
// podium (nothing is shown when the host has none to give); the podium offers them again.
function afterTheGame() {
  const over = state.game.phase === "game_over";
  if (!over) sawPlay = true;
  else if (sawPlay) {
    sawPlay = false;
    showMoments(true);
  }
  if (!replayOffer) {
    replayOffer = h("button", { type: "button", class: "replay-offer", on: { click: () => showMoments(false) } });
  }
  replayOffer.replaceChildren(h("span", { class: "star", "aria-hidden": "true" }, "★"), " ", t("replay.offer"));
  replayOffer.hidden = !over;
  if (replayOffer.parentNode !== dom.screen) dom.screen.append(replayOffer);
}

// «Última ronda» called by the host: the engine's words in a toast once, then a small pill in
// the corner for as long as that round is played.
function finalRound() {
  const told = state.game.final_round;
  if (!finalPill) finalPill = h("div", { class: "final-pill", role: "status" });
  finalPill.hidden = !told;
  if (!told) return;
  finalPill.textContent = `⏳ ${t("tv.final_round")}`;
  finalPill.title = pick(told);
  if (finalPill.parentNode !== dom.screen) dom.screen.append(finalPill);
  const key = `${state.room.code}:${state.game.round}`;
  if (finalToldFor !== key) {
    finalToldFor = key;
    toast(h("div", { class: "toast-line final" }, pick(told)), { kind: "info", ms: 8000 });
  }
}

function showMoments(quiet) {
  openReplay({ source: { room: state.room.code }, mode: "moments", catalogue, quiet, onClose: () => {} });
}

async function renderGame() {
  const name = state.game.game || state.room.game;
  if (mode !== "game" || gameName !== name) {
    unmountGame();
    mode = "game";
    gameName = name;
    lobbyError = null;
    gameRoot = h("div", { class: ["game-root", `game-${name}`] });
    dom.screen.replaceChildren(gameRoot);
    setHeader();
    const root = gameRoot;
    const module = await loadScreen(name, "tv");
    if (!module || root !== gameRoot) return;
    screen = module.mount(root, { host, setHeader, toast, clearToasts, catalogue: gameInfo(name) });
    sounds = module.sounds || null;
  }
  if (!screen || mode !== "game" || !state.game) return;
  try {
    screen.update(state);
  } catch (error) {
    console.error("render failed", error);
  }
  follow(state, sounds);
  finalRound();
  afterTheGame();
}

// ----- the lobby ---------------------------------------------------------------------------------

// A press on the lobby (a game's tile, a seat's button) is not cut in two by a redraw.
const heldBack = pressGuard(() => mode === "lobby");

function renderLobby() {
  if (mode === "lobby" && heldBack(scheduleRender)) return;
  if (mode !== "lobby") {
    unmountGame();
    mode = "lobby";
    gameName = null;
    setHeader();
  }
  setHeader(h("div", { class: "lobby-title", text: t("tv.choose_game") }));
  const room = state.room;
  const isHost = !!state.host;
  const info = gameInfo(room.game);
  const historyCtx = { catalogue, house, isHouse: !!state.house, selected: room.game, rerender: scheduleRender };
  refreshHistory(state.history?.version, scheduleRender);
  const view = h("div", { class: ["lobby", isHost ? "is-host" : "is-watcher"] },
    joinPanel(),
    tilesPanel(room.game, isHost),
    detailPanel(info, room, isHost),
    seatsPanel(info, room, isHost, recentPanel(historyCtx)),
    honourLayer(historyCtx));
  dom.screen.replaceChildren(view);
  for (const selector of [".room-code .code", ".join-url strong", ".join-panel h2"]) fitText(view.querySelector(selector));
  fitDetail(view.querySelector(".detail-panel"));
  fitRules(view.querySelector(".rules-card"));
  fitSeats(view.querySelector(".seats-panel"));
  fitRecent(view.querySelector(".recent-games"));
}

// Options and house rules that would need a scroll (a TV is not scrolled from the sofa): the
// tighter layout first.
function fitDetail(panel) {
  if (!panel) return;
  const lobby = panel.closest(".lobby");
  const overflows = (el) => !!el && el.scrollHeight > el.clientHeight + 1;
  const fits = () => !overflows(panel) && ![...panel.children].some(overflows);
  panel.classList.remove("compact", "split");
  lobby.classList.remove("tight", "tighter");
  if (fits()) return;
  panel.classList.add("compact");
  if (fits()) return;
  lobby.classList.add("tight");             // the games' tiles without their summaries
  if (fits()) return;
  // Still too tall (a game with many choices): options and house rules side by side.
  if (overflows(panel) || panel.querySelector(".options-card")?.offsetHeight > panel.clientHeight / 2) {
    panel.classList.add("split");
  }
  if (!fits()) lobby.classList.add("tighter");      // and the tiles' names a size smaller
}

// Six or more seated, or fewer in two lines each that leave no room for the latest game: one
// line each, so that it shows under them.
function fitSeats(panel) {
  const recent = panel?.querySelector(".recent-games");
  const game = recent?.querySelector(".recent-game");
  if (!game || panel.classList.contains("many")) return;
  if (recent.clientHeight < recent.querySelector("header").offsetHeight + game.offsetHeight + 8) {
    panel.classList.add("many");
    panel.querySelector(".seat-list")?.classList.add("many");
  }
}

// A long house-rules card: smaller type until it fits its box (down to a readable minimum).
function fitRules(card) {
  if (!card) return;
  const list = card.querySelector("ul");
  const start = parseFloat(getComputedStyle(list.firstElementChild || list).fontSize);
  let size = start;
  const set = (px) => {
    list.style.fontSize = px ? `${px}px` : "";
    for (const li of list.children) li.style.fontSize = px ? "inherit" : "";
  };
  while (card.scrollHeight > card.clientHeight + 1 && size > start * 0.85) {
    size *= 0.95;
    set(size);
  }
  if (card.scrollHeight > card.clientHeight + 1) set(null);   // no readable size fits: keep it big
}

// Shrink a one-line text until it fits its box (wide letters such as "WMWM" in the room code).
// The element needs white-space: nowrap, max-width: 100% and overflow: hidden.
function fitText(node) {
  if (!node) return;
  node.style.fontSize = "";
  let size = parseFloat(getComputedStyle(node).fontSize);
  while (node.scrollWidth > node.clientWidth + 1 && size > 12) {
    size *= 0.92;
    node.style.fontSize = `${size}px`;
  }
}

function joinPanel() {
  const { links, room } = state;
  return h("section", { class: ["panel", "join-panel", links.wifi_qr && "has-wifi"] },
    h("h2", { text: t("tv.join_title") }),
    h("div", { class: "qr-frame" }, h("img", { class: "qr", src: links.qr, alt: links.join_url })),
    h("p", { class: "scan", text: t("tv.join_scan") }),
    h("div", { class: "room-code" },
      h("span", { class: "label", text: t("tv.room_code") }),
      h("span", { class: "code", text: room.code })),
    h("p", { class: "join-url" }, h("span", { text: t("tv.or_open") }),
      h("strong", { text: links.join_url.replace(/^https?:\/\//, "") })),
    links.wifi_qr && h("div", { class: "wifi" },
      h("div", { class: "qr-frame small" }, h("img", { class: "qr", src: links.wifi_qr, alt: "Wi-Fi" })),
      h("div", { class: "wifi-text" },
        h("strong", { text: t("tv.wifi_title") }),
        links.wifi_ssid && h("span", { text: t("tv.wifi_ssid", { ssid: links.wifi_ssid }) }))));
}

// One tile per catalogue entry, in the server's order; upcoming games are disabled tiles.
function tilesPanel(selected, isHost) {
  const tiles = catalogue.map((info) => {
    const name = info.name;
    const soon = !!info.upcoming;
    const title = pick(info.title);
    const summary = pick(info.summary);
    const data = info;
    return h("button", {
      type: "button",
      class: ["tile", soon && "soon", name === selected && "selected"],
      disabled: soon || !isHost,
      "aria-pressed": String(name === selected),
      dataset: { game: name },
      on: { click: () => name !== selected && host("set_game", { game: name }) },
    },
    h("span", { class: "tile-head" },
      h("img", { class: "tile-emblem", src: `/static/media/games/${name}.svg`, alt: "", "aria-hidden": "true",
        width: 120, height: 90,          // the pictures' shape: room kept while they load
        on: { error: (event) => event.target.remove() } }),
      h("span", { class: "tile-text" },
        h("span", { class: "tile-title", text: title }),
        h("span", { class: "tile-meta" },
          h("span", { class: "tile-players", text: t("common.players_range", { min: data.min_players, max: data.max_players }) }),
          soon && h("span", { class: "tile-soon", text: t("tv.soon") })))),
    h("span", { class: "tile-summary", text: summary }));
  });
  return h("section", { class: "tiles" }, tiles);
}

function optionValues(info, room) {
  const values = {};
  for (const option of info?.options || []) values[option.name] = option.default;
  return { ...values, ...(room.options || {}) };
}

function detailPanel(info, room, isHost) {
  if (!info) return h("section", { class: "panel detail-panel" });
  const values = optionValues(info, room);
  const setOption = (name, value) => host("set_options", { options: { ...values, [name]: value } });
  // An option that lists the rule sets it applies to ("rulesets") shows only under those.
  const applies = (option) => !Array.isArray(option.rulesets) || !("ruleset" in values)
    || option.rulesets.includes(values.ruleset);
  const options = (info.options || []).filter(applies).map((option) => {
    const value = values[option.name];
    let control;
    if (option.type === "int" || option.type === "number") {
      const step = option.step || 1;
      control = h("div", { class: "stepper" },
        h("button", { type: "button", class: "step", disabled: !isHost || value <= option.min, "aria-label": "−",
          on: { click: () => setOption(option.name, Math.max(option.min, value - step)) } }, "−"),
        h("output", { class: "step-value", text: String(value), dataset: { option: option.name } }),
        h("button", { type: "button", class: "step", disabled: !isHost || value >= option.max, "aria-label": "+",
          on: { click: () => setOption(option.name, Math.min(option.max, value + step)) } }, "+"));
    } else if (option.type === "bool") {
      control = h("button", { type: "button", class: ["switch", value && "on"], disabled: !isHost,
        "aria-pressed": String(!!value), on: { click: () => setOption(option.name, !value) } },
      value ? "✓" : "✕");
    } else if (Array.isArray(option.choices)) {
      // Many choices (a rule set) wrap in a grid, with the chosen one's summary under it.
      const many = option.choices.length > 3;
      let summary = null;
      control = h("div", { class: ["segmented", many && "choice-grid"] }, option.choices.map((choice) => {
        const v = typeof choice === "object" ? choice.value : choice;
        const label = typeof choice === "object" ? pick(choice.label) || String(v) : String(v);
        if (v === value && typeof choice === "object" && choice.summary) summary = pick(choice.summary);
        return h("button", { type: "button", class: v === value && "on", disabled: !isHost,
          "aria-pressed": String(v === value), dataset: { option: option.name, value: String(v) },
          on: { click: () => setOption(option.name, v) } }, label);
      }));
      if (many) {
        return h("div", { class: "option wide" }, h("span", { class: "option-label", text: pick(option.label) }), control,
          summary && h("p", { class: "choice-summary", text: summary }));
      }
    } else {
      control = h("output", { class: "step-value", text: String(value) });
    }
    return h("div", { class: "option" }, h("span", { class: "option-label", text: pick(option.label) }), control);
  });
  const rules = (info.house_rules || []).filter(applies).map((rule) => h("li", { text: pick(rule) }));
  return h("section", { class: "panel detail-panel" },
    options.length ? h("div", { class: "options-card" }, h("h3", { text: t("tv.options") }), options) : null,
    rules.length ? h("div", { class: "rules-card" }, h("h3", { text: t("tv.house_rules") }), h("ul", {}, rules)) : null);
}

function seatsPanel(info, room, isHost, recent) {
  const seats = room.seats;
  const max = info ? info.max_players : 8;
  const min = info ? info.min_players : 2;
  const levels = info?.bot_levels?.length ? info.bot_levels : ["facil", "normal"];
  if (!levels.includes(botLevel)) botLevel = levels[0];
  const order = seats.map((s) => s.id);
  const move = (index, delta) => {
    const next = [...order];
    const [id] = next.splice(index, 1);
    next.splice(index + delta, 0, id);
    host("reorder", { order: next });
  };

  // Beyond five seats each is one line, so that Empezar stays on screen with eight.
  const list = h("ol", { class: ["seat-list", seats.length > 5 && "many"], title: isHost ? t("tv.drag_hint") : null }, seats.map((seat, index) => {
    const badges = [];
    if (seat.bot) {
      const nextLevel = levels[(levels.indexOf(seat.bot) + 1) % levels.length];
      badges.push(h("button", {
        type: "button", class: "badge bot", disabled: !isHost || levels.length < 2,
        title: t("tv.level"), on: { click: () => host("set_bot", { seat: seat.id, level: nextLevel }) },
        "aria-label": `${t("tv.bot")} · ${t(`common.level.${seat.bot}`)}`,
      }, h("span", { class: "bot-word", text: `${t("tv.bot")} · ` }), t(`common.level.${seat.bot}`)));
    } else {
      badges.push(h("span", { class: ["badge", seat.connected ? "phone" : "away"],
        text: seat.connected ? t("tv.phone") : t("tv.away") }));
    }
    return h("li", {
      class: "seat", draggable: isHost ? "true" : null, dataset: { id: seat.id, seat: String(index) }, vars: seatVars(seat),
    },
    h("span", { class: "pos", text: String(index + 1) }),
    seatChip(seat, "swatch"),
    h("span", { class: "seat-who" },
      h("span", { class: "seat-name", text: seat.name }),
      h("span", { class: "seat-meta" }, badges, isHost && seatActions(seat, index))));
  }));
  function seatActions(seat, index) {
    return h("span", { class: "seat-actions" },
      h("button", { type: "button", class: "icon", title: t("tv.move_up"), "aria-label": t("tv.move_up"),
        disabled: index === 0, on: { click: () => move(index, -1) } }, "▲"),
      h("button", { type: "button", class: "icon", title: t("tv.move_down"), "aria-label": t("tv.move_down"),
        disabled: index === seats.length - 1, on: { click: () => move(index, +1) } }, "▼"),
      h("button", { type: "button", class: "icon remove", title: t("tv.remove"), "aria-label": t("tv.remove"),
        on: { click: () => host("remove", { seat: seat.id }) } }, "✕"));
  }
  if (isHost) enableDrag(list);

  const full = seats.length >= max;
  const countOk = seats.length >= min && seats.length <= max;
  const many = seats.length > 5;
  return h("section", { class: ["panel", "seats-panel", many && "many"] },
    h("h2", {}, t("tv.seats"), " ", h("span", { class: "count", text: t("tv.seats_count", { n: seats.length, max }) }),
      many && watchersCount(room)),
    seats.length ? list : h("p", { class: "empty", text: t("tv.no_seats") }),
    !many && watchersLine(room),
    info?.seating_tip && h("p", { class: "tip", text: pick(info.seating_tip) }),
    isHost && h("div", { class: "add-bot" },
      h("div", { class: "segmented", role: "group", "aria-label": t("tv.level") }, levels.map((level) =>
        h("button", { type: "button", class: level === botLevel && "on", "aria-pressed": String(level === botLevel),
          on: { click: () => { botLevel = level; scheduleRender(); } } }, t(`common.level.${level}`)))),
      h("button", { type: "button", class: "add", disabled: full,
        on: { click: () => { lobbyError = null; host("add_bot", { level: botLevel }); } } }, "+ ", t("tv.add_bot"))),
    recent,
    isHost ? h("div", { class: "start-row" },
      // Not enough players yet: the button looks at rest (a tap still says why, from the host).
      h("button", { type: "button", class: "start", id: "start", "aria-disabled": countOk ? null : "true",
        on: { click: () => { lobbyError = null; host("start"); } } }, t("tv.start")),
      lobbyError ? h("p", { class: "error", role: "alert", text: lobbyError })
        : !countOk && h("p", { class: "hint", text: t("tv.need_players", { min, max }) }))
      : h("p", { class: "hint", text: t("tv.watching") }));
}

// Drag a seat to reorder: the list moves live under the pointer, the order is sent on drop.
function enableDrag(list) {
  let moved = false;
  const finish = () => {
    const id = dragging;
    dragging = null;
    list.querySelectorAll(".dragging").forEach((n) => n.classList.remove("dragging"));
    if (moved && id) {
      const order = [...list.children].map((li) => li.dataset.id);
      host("reorder", { order });
    }
    moved = false;
    scheduleRender();
  };
  list.addEventListener("dragstart", (event) => {
    const li = event.target.closest("li.seat");
    if (!li) return;
    dragging = li.dataset.id;
    moved = false;
    li.classList.add("dragging");
    event.dataTransfer.effectAllowed = "move";
    event.dataTransfer.setData("text/plain", li.dataset.id);
  });
  list.addEventListener("dragover", (event) => {
    if (!dragging) return;
    event.preventDefault();
    const li = event.target.closest("li.seat");
    const source = list.querySelector(`li.seat[data-id="${CSS.escape(dragging)}"]`);
    if (!li || !source || li === source) return;
    const box = li.getBoundingClientRect();
    const after = event.clientY > box.top + box.height / 2;
    const anchor = after ? li.nextSibling : li;
    if (anchor !== source && anchor !== source.nextSibling) {
      list.insertBefore(source, anchor);
      moved = true;
      [...list.children].forEach((n, i) => { const pos = n.querySelector(".pos"); if (pos) pos.textContent = String(i + 1); });
    }
  });
  list.addEventListener("drop", (event) => {
    event.preventDefault();
    finish();
  });
  list.addEventListener("dragend", () => {
    if (dragging) finish();
  });
}

// ----- start ---------------------------------------------------------------------------------------

dom.lang.addEventListener("click", () => toggleLang());
const display = displayButton();
dom.lang.before(display.button);
document.body.append(display.dialog);
onLangChange(() => {
  display.relabel();
  if (mode !== "game") mode = null;
  else if (screen) screen.relabel();
  scheduleRender();
});
// Sizes computed in JS (cards fitted to their area) change with extra-large cards.
onDisplayChange(() => {
  if (mode !== "game") mode = null;
  else if (screen) screen.relabel();
  scheduleRender();
});
onVoices(scheduleRender);      // the host menu's voice switch shows once the system's voices load
render();
socket = connect(onState, onStatus);
socket.on("kicked", () => { /* the TV has no seat to lose */ });
socket.on("reaction", (said) => { if (said && state && said.room === state.room.code) showReaction(said); });
window.sobremesaTV = { get state() { return state; }, get session() { return session; }, getLang };
