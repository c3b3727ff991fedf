// The TV page: connects as the room's host (or a watcher), shows the lobby, and hands the table
// to the game's own screen (games/<name>/, found through shell/games.js). This file knows no
// game, and no game rules: the chooser's tiles are the server's catalogue.
//
// A game's TV screen is mount(root, shell) -> {update(state), relabel(), destroy()}, with
//   shell = { host(command, args) -> Promise<reply>, setHeader(...nodes),
//             toast(content, {kind, ms}) -> node, clearToasts(), catalogue }
// and update() called on every state push (state.game is the public view).

import { connect, request } from "../core/net.js";
import { h } from "../core/dom.js";
import { getLang, onLangChange, pick, registerStrings, t, toggleLang } from "../core/i18n.js";
import { displayButton, onDisplayChange } from "../core/display.js";
import { store } from "../core/storage.js";
import { setTimers } from "../core/timers.js";
import { pressGuard } from "../core/press.js";
import { loadScreen, readCatalogue } from "./games.js";
import { renderHostLayer } from "./tv-host.js";
import { fitLobby, lobby, lobbyPanels } from "./tv-lobby.js";
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
    lobby.error = text;
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
    if (lobby.dragging) return; // the seat list is being dragged: draw after the drop
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
    lobby.error = null;
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
  const ctx = { state, catalogue, host, rerender: scheduleRender };
  const view = h("div", { class: ["lobby", isHost ? "is-host" : "is-watcher"] },
    lobbyPanels(ctx, info, isHost, recentPanel(historyCtx)),
    honourLayer(historyCtx));
  dom.screen.replaceChildren(view);
  fitLobby(view);
  fitRecent(view.querySelector(".recent-games"));
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
