// The phone page: join a room, wait in the lobby, then hand the screen to the game's own phone
// screen (games/<name>/, found through shell/games.js by the room's game). Knows no game and no
// game rules. The seat token lives in localStorage so a reload, a locked phone or a dropped
// Wi-Fi brings the player back to the same seat.
//
// A game's phone screen is mount(root, ctx) -> {update(state), relabel(), destroy()}, with
//   ctx = { send(action) -> Promise<reply>, banner(message, kind), vibrate(pattern), errorText(error) }
import { seatChip } from "../core/seats.js";
import { h } from "../core/dom.js";
import { keepAwake } from "../core/keep-awake.js";
import { t, getLang, toggleLang, onLangChange, pick } from "../core/i18n.js";
import { connect, request } from "../core/net.js";
import { store } from "../core/storage.js";
import { displayButton, onDisplayChange } from "../core/display.js";
import { announce, turnAnnouncer } from "../core/announce.js";
import { pressGuard } from "../core/press.js";
import { screenSlot } from "./games.js";
import { banner, dropMoment, dropMomentOnInput, errorText, momentBanner, vibrate } from "./notices.js";
import { drawRecord } from "./record.js";
import { defineCues, playCue } from "../core/sound.js";

const NAME_KEY = "sobremesa.name";
const seatKey = (code) => `sobremesa.seat.${code}`;
const claimKey = (code) => `sobremesa.claim.${code}`;   // a take-over waiting for the host
const watchKey = (code) => `sobremesa.watch.${code}`;   // «Solo mirar»: the watcher's token

const $ = (id) => document.getElementById(id);

const app = {
  code: (document.body.dataset.code || "").toUpperCase(),
  mode: "idle",          // idle | joining | seated | watching | asking (a take-over) | kicked
  watcher: null,         // the name this phone watches as («Solo mirar»), or null
  seatId: null,
  state: null,
  socket: null,
};

// ----- small helpers --------------------------------------------------------------------------

function showScreen(name) {
  for (const el of document.querySelectorAll(".screen")) {
    el.classList.toggle("hidden", el.id !== `screen-${name}`);
  }
  document.body.dataset.screen = name;
}

function relabel() {
  for (const el of document.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  $("lang-toggle").textContent = getLang() === "es" ? "EN" : "ES";
  // The name starts with the visible text (a voice-control user says what they see).
  $("lang-toggle").setAttribute("aria-label", `${$("lang-toggle").textContent}, Idioma / Language`);
  $("name-input").placeholder = t("phone.name_placeholder");
  $("takeover-name").placeholder = t("phone.name_placeholder");
}

// ----- room list (no code in the address) ------------------------------------------------------

async function showRooms() {
  showScreen("rooms");
  const list = $("room-list");
  let rooms = [];
  try {
    const reply = await fetch("/api/rooms", { cache: "no-store" });
    rooms = (await reply.json()).rooms || [];
  } catch {
    banner(t("phone.rooms_failed"));
  }
  list.replaceChildren();
  for (const room of rooms) {
    const li = document.createElement("li");
    const button = document.createElement("button");
    button.type = "button";
    button.className = "room-item";
    const code = document.createElement("span");
    code.className = "room-code";
    code.textContent = room.code;
    const info = document.createElement("span");
    info.className = "room-info";
    const status = t(`phone.room_status.${room.status}`);
    info.textContent = `${pick(room.title) || room.game} · ${t(room.seats === 1 ? "phone.n_players_one" : "phone.n_players", { n: room.seats })} · ${status}`;
    button.append(code, info);
    button.addEventListener("click", () => goToRoom(room.code));
    li.append(button);
    list.append(li);
  }
  $("rooms-empty").classList.toggle("hidden", rooms.length > 0);
}

function goToRoom(code) {
  code = code.trim().toUpperCase();
  if (!code) return;
  app.code = code;
  history.replaceState(null, "", `/j/${code}`);
  start();
}

$("rooms-refresh").addEventListener("click", showRooms);
$("code-form").addEventListener("submit", (event) => {
  event.preventDefault();
  goToRoom($("code-input").value);
});

// ----- joining ------------------------------------------------------------------------------

function showJoin(rejoining = false) {
  showScreen("join");
  $("join-problem").classList.add("hidden");
  $("rejoin-msg").classList.toggle("hidden", !rejoining);
  $("join-form").classList.toggle("hidden", rejoining);
  $("join-code").textContent = app.code;
  const input = $("name-input");
  if (!input.value) input.value = store.get(NAME_KEY) || "";
}

async function join(name) {
  const token = store.get(seatKey(app.code));
  name = (name ?? store.get(NAME_KEY) ?? "").trim();
  if (!token && !name) {
    showJoin();
    return;
  }
  app.mode = "joining";
  $("join-btn").disabled = true;
  const data = { room: app.code, name };
  if (token) data.token = token;
  const reply = await request(app.socket, "join", data);
  $("join-btn").disabled = false;
  if (reply.ok) {
    store.set(seatKey(app.code), reply.token);
    app.seatId = reply.seat_id;
    app.mode = "seated";
    app.watcher = null;
    if (app.state && app.state.you) render();
    return;
  }
  app.mode = "idle";
  const code = reply.error && reply.error.code;
  if (code === "game_started") {
    store.del(seatKey(app.code));
    await watch();
  } else if (code === "room_damaged") {
    // Keep the seat's token: the host may still bring the game back.
    showJoin(true);
    $("rejoin-msg").classList.add("hidden");
    $("join-problem").textContent = errorText(reply.error);
    $("join-problem").classList.remove("hidden");
  } else if (code === "unknown_room") {
    store.del(seatKey(app.code));
    banner(reply.error);
    app.code = "";
    history.replaceState(null, "", "/j");
    showRooms();
  } else {
    showJoin();
    banner(reply.error);
  }
}

async function watch() {
  const reply = await request(app.socket, "watch", { room: app.code });
  if (reply.ok) {
    app.mode = "watching";
    if (app.state) render();
  } else {
    banner(reply.error);
    showJoin();
  }
}

// «Solo mirar»: the table as the TV shows it, and reactions; no seat (server/watchers.py).
async function watchAs(name) {
  const reply = await request(app.socket, "watch", { room: app.code, name, token: store.get(watchKey(app.code)) });
  if (!reply.ok) {
    banner(reply.error);
    showJoin();
    return;
  }
  store.set(watchKey(app.code), reply.watcher_token);
  app.watcher = name;
  app.mode = "watching";
  if (app.state) render();
}

$("watch-btn").addEventListener("click", () => {
  const name = $("name-input").value.trim();
  if (!name) {
    banner(t("phone.type_name"));
    return;
  }
  store.set(NAME_KEY, name);
  watchAs(name);
});

function newClaim() {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function pendingClaim() {
  return store.getJSON(claimKey(app.code)) || null;
}

function seatedWith(reply) {
  store.set(seatKey(app.code), reply.token);
  store.del(claimKey(app.code));
  app.seatId = reply.seat_id;
  app.mode = "seated";
  app.watcher = null;
  banner(t("phone.took_seat"), "info");
  if (app.state) render();
}

// Asking for a computer seat: the host answers on the TV (or lets anyone in at once).
async function takeSeat(seatId) {
  const name = $("takeover-name").value.trim() || store.get(NAME_KEY) || "";
  if (!name) {
    banner(t("phone.type_name"));
    $("takeover-name").focus();
    return;
  }
  store.set(NAME_KEY, name);
  const claim = { seat: seatId, name, claim: newClaim() };
  store.set(claimKey(app.code), JSON.stringify(claim));
  await sendClaim(claim);
}

async function sendClaim(claim) {
  const reply = await request(app.socket, "take_seat", {
    room: app.code, seat: claim.seat, name: claim.name, claim: claim.claim });
  if (reply.ok && reply.token) {
    seatedWith(reply);
  } else if (reply.ok) {
    app.mode = "asking";
    if (app.state) render();
  } else {
    store.del(claimKey(app.code));
    app.mode = "watching";
    banner(reply.error);
    if (app.state) render();
  }
}

$("join-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const name = $("name-input").value.trim();
  if (!name) {
    banner(t("phone.type_name"));
    $("name-input").focus();
    return;
  }
  store.set(NAME_KEY, name);
  vibrate(30);   // also unlocks vibration for later (it needs a user gesture)
  join(name);
});

$("rename-btn").addEventListener("click", () => {
  $("rename-form").classList.toggle("hidden");
  $("rename-input").value = app.state?.you?.name || "";
  $("rename-input").focus();
});
$("rename-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  const name = $("rename-input").value.trim();
  if (!name) return;
  store.set(NAME_KEY, name);
  $("rename-form").classList.add("hidden");
  await join(name);
});

$("rejoin-btn").addEventListener("click", () => {
  app.mode = "idle";
  showJoin();
});

// ----- rendering the state ----------------------------------------------------------------------

function renderLobby(state) {
  const you = state.you || { name: app.watcher };
  $("me-card").querySelector(".muted").textContent = t(state.you ? "phone.you_are" : "phone.watching");
  $("rename-btn").classList.toggle("hidden", !state.you);
  $("me-name").textContent = you.name;
  const mine = state.room.seats.find((seat) => seat.id === you.seat_id);
  const chip = seatChip(mine || you, "swatch big");
  chip.id = "me-color";
  $("me-color").replaceWith(chip);
  const list = $("lobby-seats");
  list.replaceChildren();
  for (const seat of state.room.seats) {
    const li = document.createElement("li");
    li.className = "seat" + (seat.id === you.seat_id ? " me" : "") + (seat.connected ? "" : " away");
    const dot = seatChip(seat, "swatch");
    const name = document.createElement("span");
    name.className = "seat-name";
    name.textContent = seat.name;
    const tag = document.createElement("span");
    tag.className = "seat-tag";
    tag.textContent = seat.id === you.seat_id ? t("phone.you")
      : seat.bot ? t("phone.computer") : seat.connected ? "" : t("phone.offline");
    li.append(dot, name, tag);
    list.append(li);
  }
}

function renderTakeover(state) {
  const box = $("takeover");
  const bots = state.room.seats.filter((seat) => seat.bot);
  const open = state.room.status === "playing";
  const asking = pendingClaim();
  box.classList.remove("hidden");
  if (asking && open) {
    const seat = state.room.seats.find((s) => s.id === asking.seat);
    $("takeover-msg").textContent = t("phone.takeover_waiting", { name: seat ? seat.name : "" });
    $("takeover-name-row").classList.add("hidden");
    $("takeover-seats").replaceChildren();
    return;
  }
  // A phone «Solo mirar» is asked more gently, under the name it gave.
  $("takeover-msg").textContent = !open ? t("phone.watch_finished") : app.watcher
    ? t(bots.length ? "phone.watching_takeover" : "phone.watching_only", { name: app.watcher })
    : bots.length ? t("phone.takeover_intro") : t("phone.takeover_none");
  $("takeover-name-row").classList.toggle("hidden", !open || !bots.length || !!app.watcher);
  const nameInput = $("takeover-name");
  if (!nameInput.value) nameInput.value = app.watcher || store.get(NAME_KEY) || "";
  const seats = $("takeover-seats");
  seats.replaceChildren();
  if (!open) return;
  for (const seat of bots) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "btn takeover-seat";
    const dot = seatChip(seat, "swatch");
    const label = document.createElement("span");
    label.textContent = t("phone.take_over", { name: seat.name });
    button.append(dot, label);
    button.addEventListener("click", () => takeSeat(seat.id));
    seats.append(button);
  }
}

// The computer plays this seat for now: say why, and offer the way back.
function renderAutoplay(state) {
  const seat = state.you && state.room.seats[state.you.index];
  const on = !!(seat && seat.autoplay && state.room.status === "playing");
  $("autoplay-bar").classList.toggle("hidden", !on);
  if (on) $("autoplay-msg").textContent = t(seat.autoplay === "away" ? "phone.autoplay_away" : "phone.autoplay_host");
}

$("reclaim-btn").addEventListener("click", async () => {
  const reply = await request(app.socket, "reclaim", { room: app.code, token: store.get(seatKey(app.code)) });
  if (!reply.ok) banner(reply.error);
});

// The game's screen; its ctx is the phone shell's.
const gameSlot = screenSlot($("game-root"), "phone", () => ({
  send: (action) => request(app.socket, "action", {
    room: app.code, token: store.get(seatKey(app.code)), action }),
  banner: momentBanner,
  vibrate,
  sound: playCue,
  errorText,
}), () => t("phone.no_game_ui"));
dropMomentOnInput($("game-root"));

function mountGame(state) {
  return gameSlot.mount(state.room.game);
}

// A tap on a card or a button is not lost to a state pushed mid-press (another player's move).
const heldBack = pressGuard(() => true);

async function render() {
  if (heldBack(render)) return;
  const state = app.state;
  if (!state || app.mode === "kicked") return;
  $("room-badge").textContent = state.room.code;
  $("room-badge").classList.remove("hidden");
  const seated = !!state.you;
  const status = state.room.status;
  document.body.dataset.status = status;   // "finished": the game's screen scrolls as one page (phone.css)
  if (seated && status === "lobby") {
    showScreen("lobby");
    renderLobby(state);
  } else if (!seated && status === "lobby" && app.watcher) {
    showScreen("lobby");
    renderLobby(state);
  } else if (!seated && status === "lobby") {
    // The host started a new game: a watcher can now sit down normally.
    app.mode = "idle";
    showJoin();
  } else {
    showScreen("game");
    if (seated) $("takeover").classList.add("hidden");
    else renderTakeover(state);
    renderAutoplay(state);
    drawRecord($("my-record"), state);
    const ui = await mountGame(state);
    if (ui && app.state) ui.update(app.state);
  }
  const reacts = seated || !!app.watcher;
  reactButton.classList.toggle("hidden", !reacts);
  if (!reacts) reactions?.open(false);
  keepAwake(seated && status === "playing");   // the Wake Lock API, or a silent video
}

document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "visible") {
    // A phone waking up may have missed a reconnect: make sure we are bound to our seat.
    if (app.socket && !app.socket.connected) app.socket.connect();
  }
});

// ----- connection -------------------------------------------------------------------------------

function setConn(status) {
  const el = $("conn");
  el.textContent = status === "connected" ? "" : t("common.reconnecting");
  el.classList.toggle("hidden", status === "connected");
  document.body.classList.toggle("offline", status !== "connected");
}

// The phone's own moments only (the TV sounds everyone's moves): your turn, a ¡Compro! window
// asking you, a tick in its last two seconds.
defineCues({
  turn: [[880, 0, 0.3, "sine", 0.8], [1175, 0.1, 0.45, "sine", 0.7]],
  ask: [[1047, 0, 0.16, "triangle"], [1319, 0.08, 0.16, "triangle"], [1568, 0.16, 0.35, "triangle"]],
  tick: [[1200, 0, 0.05, "square", 0.2]],
});

const followTurn = turnAnnouncer((name) => announce(t("phone.your_turn_now", { name })));
let finalToldFor = null;     // the room and round whose «última ronda» the banner said

// The host called the last round: the engine's words, once.
function tellFinalRound(data) {
  const told = data.game?.final_round;
  const key = told && `${data.room.code}:${data.game.round}`;
  if (!told || key === finalToldFor) return;
  finalToldFor = key;
  banner(told, "info");
}

function onState(data) {
  if (!data || !data.room || data.room.code !== app.code) return;
  // States may cross on the way: never let an older one replace a newer one.
  if (app.state && app.state.room.code === data.room.code && data.room.version < app.state.room.version) return;
  if (!app.state || data.room.version !== app.state.room.version) dropMoment();   // the game moved on
  data.received = performance.now();
  app.state = data;
  followTurn(data);
  tellFinalRound(data);
  if (data.you) {
    app.seatId = data.you.seat_id;
    if (app.mode !== "seated") app.mode = "seated";
  }
  render();
}

function start() {
  relabel();
  if (!app.code) {
    showRooms();
    return;
  }
  $("room-badge").textContent = app.code;
  $("room-badge").classList.remove("hidden");
  if (!app.socket) {
    app.socket = connect(onState, setConn);
    app.socket.on("connect", () => {
      // Every (re)connect gets a new sid: bind it to our seat again.
      if (store.get(seatKey(app.code))) join();
      else if (pendingClaim()) sendClaim(pendingClaim());
      else if (app.mode === "watching") app.watcher ? watchAs(app.watcher) : watch();
      else if (app.mode !== "joining" && app.mode !== "seated") showJoin();
    });
    app.socket.on("seated", (data) => {
      if (data && data.room === app.code && data.token) seatedWith(data);
    });
    app.socket.on("takeover_denied", (data) => {
      if (!data || data.room !== app.code) return;
      store.del(claimKey(app.code));
      app.mode = "watching";
      banner(t("phone.takeover_denied"));
      if (app.state) render();
    });
    app.socket.on("kicked", (data) => {
      if (data && data.room && data.room !== app.code) return;
      store.del(seatKey(app.code));
      app.mode = "kicked";
      app.state = null;
      gameSlot.clear();
      keepAwake(false);
      showScreen("kicked");
    });
  } else if (app.socket.connected) {
    if (store.get(seatKey(app.code))) join();
    else showJoin();
  }
  showJoin(!!store.get(seatKey(app.code)));
}

$("lang-toggle").addEventListener("click", toggleLang);
const display = displayButton("", { sound: true });
$("lang-toggle").after(display.button);
document.body.append(display.dialog);
// The 😊 of reactions: its faces (shell/react.js) load with the first tap.
const reactButton = h("button", { type: "button", class: "react-btn hidden", "aria-expanded": "false" }, "😊");
let reactions = null;
$("room-badge").after(reactButton);
reactButton.addEventListener("click", async () => {
  reactions ||= (await import("./react.js")).reactionsPanel(reactButton, (face) => request(app.socket, "react",
    { room: app.code, token: store.get(seatKey(app.code)) || store.get(watchKey(app.code)), reaction: face }), banner);
  reactions.toggle();
});
const labelReactions = () => reactButton.setAttribute("aria-label", t("react.open"));
labelReactions();
onLangChange(() => {
  relabel();
  display.relabel();
  labelReactions();
  reactions?.relabel();
  gameSlot.relabel();
  if (app.state) render();
});
onDisplayChange(() => {
  gameSlot.relabel();
  if (app.state) render();
});

start();
