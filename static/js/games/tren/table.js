// Tren Mexicano's table: the hub and the trains growing from it, the same component on every
// screen:
//   mount(root, { density: "tv" | "phone" }) -> {update(state, local), relabel(), destroy()}
// `local.fits`: the train keys (seats, "mexican") the picked tile may go on: they get class
// `fits`. Every train element carries data-train="<seat>" | "mexican", the hub data-hub.
// "tv": the hub double in the centre, the seats' trains radiating to its left and right
// (clockwise from the top right) and the Mexican train running down from it, each with its
// owner's chip, name, tiles left and score, and at its station the marker (a little train in
// the owner's colour) while it is out. A long
// train folds: its last tiles stay whole and large, the earlier part is counted ("+7"), so
// its open end can always be read from the sofa (fitTrains, once the table is on the page).
// "phone": the rows of games/tren/lanes.js, one per train.
// Reads only the view.
import { component, h, markup, s } from "../../core/dom.js";
import { getLang, t, tn } from "../../core/i18n.js";
import { seatChip, seatVars } from "../../core/seats.js";
import { tileEl } from "../../pieces/dominoes.js";
import { seatOf, signed } from "../../shell/table-kit.js";
import { mount as mountLanes } from "./lanes.js";
import { MEXICAN, locomotive } from "./trains.js";
import { cardScale } from "../../core/display.js";

export const MEXICAN_SEAT = { name: "", color: "#f2c230", ink: "#2b2100", initial: "★" };

const digitsOf = (view) => (view.rules || {}).faces === "digits";

// The train keys in the order they are laid round the hub: the Mexican train, then each seat.
export function trainKeys(view) {
  return [MEXICAN, ...view.players.map((p) => p.seat)];
}

export function trainOf(view, key) {
  return key === MEXICAN ? view.mexican : view.trains[key];
}

// ----- density "tv" -----------------------------------------------------------------------------

// The marker at the train's station: a little locomotive in the owner's colour, with the
// owner's initial pinned on it (a colour never comes alone), and the word.
function markerBadge(seat) {
  return h("span", { class: "marker-badge", vars: seatVars(seat), title: t("tren.table.open_title") },
    seatChip(seat, "marker-chip"), locomotive(), h("span", { class: "marker-word", text: t("tren.table.open") }));
}

function armLabel(state, key) {
  const view = state.game;
  if (key === MEXICAN) {
    return h("div", { class: "arm-label" },
      seatChip(MEXICAN_SEAT, "arm-chip"),
      h("span", { class: "arm-name", text: t("tren.table.mexican") }));
  }
  const seat = seatOf(state.room, key);
  const player = view.players[key];
  const turn = view.turn === key && view.phase === "play";
  return h("div", { class: "arm-label" },
    turn && h("span", { class: "turn-flag", "aria-hidden": "true" }, "▶"),
    seatChip(seat, "arm-chip"),
    h("span", { class: "arm-name", text: seat.name }),
    seat.connected === false && h("span", { class: "badge away", text: t("tv.away") }),
    h("span", { class: "arm-stats" },
      h("span", { class: "arm-count" }, h("b", { text: String(player.tiles) }),
        h("span", { class: "unit", text: t(player.tiles === 1 ? "tren.table.tile_unit" : "tren.table.tiles_unit") })),
      h("span", { class: "arm-score", text: tn("tren.table.points", player.score, { n: signed(player.score) }) })));
}

// A tile as laid on a train: `side` "right" runs left to right, "left" right to left, "down"
// (the Mexican train, under the hub) top to bottom. Doubles lie across the train.
function laidTile(code, view, side, extraClass) {
  const [a, b] = code.split("-");
  const double = a === b;
  const along = side === "down" ? !double : double;
  const shown = side === "left" ? `${b}-${a}` : code;
  return tileEl(shown, { lang: getLang(), digits: digitsOf(view), orientation: along ? "along" : "across", extraClass });
}

function arm(state, key, side, local) {
  const view = state.game;
  const train = trainOf(view, key);
  const seat = key === MEXICAN ? MEXICAN_SEAT : seatOf(state.room, key);
  const last = train.tiles.length - 1;
  const fits = (local.fits || []).some((k) => String(k) === String(key));
  const turn = key !== MEXICAN && view.turn === key && view.phase === "play";
  const label = armLabel(state, key);
  // A train the held tile fits is a button (a tap or, on the one-device page, ↑ and Enter plays it there).
  const asButton = fits ? { tabindex: "0", role: "button", "aria-label": label.textContent } : {};
  return h("section", {
    class: ["tren-arm", `side-${side}`, key === MEXICAN && "mexican", turn && "turn", train.marker && "marker",
      train.open_double && "open-double", fits && "fits", !train.started && "empty"],
    vars: seatVars(seat), dataset: { train: String(key), open: String(train.open), ...(key === MEXICAN ? {} : { seat: String(key) }) },
    ...asButton,
  },
  label,
  h("div", { class: "arm-tiles" },
    train.marker && markerBadge(seat),
    h("span", { class: "arm-more", hidden: true }),
    train.started ? train.tiles.map((code, i) => laidTile(code, view, side, i === last ? "open-end" : null))
      : h("span", { class: "arm-empty", text: t("tren.table.not_started") }),
    train.open_double && h("span", { class: "cover-tag", text: t("tren.table.cover") })));
}

// The seats clockwise from the top right: the right side top to bottom, then the left side
// bottom to top; the Mexican train runs down from the hub between them.
function sides(seats) {
  const right = seats.slice(0, Math.ceil(seats.length / 2));
  const left = seats.slice(right.length).reverse();
  return { right, left };
}

function tvTable(root, state, local) {
  const view = state.game;
  const { right, left } = sides(view.players.map((p) => p.seat));
  root.style.setProperty("--rows", String(right.length));
  const hub = view.hub;
  root.replaceChildren(
    s("svg", { class: "tren-rails", "aria-hidden": "true" }),
    h("div", { class: "tren-side left" }, left.map((key) => arm(state, key, "left", local))),
    h("div", { class: "tren-middle" },
      h("div", { class: "tren-hub", dataset: { hub: hub || "" } },
        h("span", { class: "hub-label", text: t("tren.table.hub") }),
        hub ? tileEl(hub, { lang: getLang(), digits: digitsOf(view), orientation: "along", extraClass: "hub-tile" }) : null),
      arm(state, MEXICAN, "down", local)),
    h("div", { class: "tren-side right" }, right.map((key) => arm(state, key, "right", local))));
  if (root.isConnected) fitTrains(root);
}

// The largest tiles the rows allow (a double across a train is two tiles high), then each
// train folded to what its row shows whole: its last tiles, the earlier ones counted.
const TILE_MAX = { 1: 92, 2: 92, 3: 80 };   // px: a tile's short side, by rows (72 for 4)
const TILE_MIN = 56;
export function fitTrains(root) {
  const table = root.classList.contains("tren-table-tv") ? root : root.querySelector(".tren-table-tv");
  if (!table) return;
  const arms = [...table.querySelectorAll(".tren-side .tren-arm")];
  if (!arms.length) return;
  const rows = Number(table.style.getPropertyValue("--rows")) || 1;
  const side = table.querySelector(".tren-side.right");
  const gap = parseFloat(getComputedStyle(side).rowGap) || 0;
  const rowH = (side.clientHeight - (rows - 1) * gap) / rows;
  const first = getComputedStyle(arms[0]);
  const chrome = arms[0].querySelector(".arm-label").getBoundingClientRect().height + parseFloat(first.rowGap || "0")
    + ["paddingTop", "paddingBottom", "borderTopWidth", "borderBottomWidth"].reduce((sum, k) => sum + parseFloat(first[k]), 0);
  const k = cardScale();
  const size = Math.max(Math.round(TILE_MIN * k), Math.min(Math.round((TILE_MAX[rows] || 72) * k), Math.floor((rowH - chrome) / 2)));
  table.style.setProperty("--tile", `${size}px`);
  const mexican = table.querySelector(".side-down .arm-label");
  if (mexican) fitWords(mexican);
  const down = table.querySelector(".tren-arm.side-down");
  if (down) fitEmpty(down);
  for (const el of table.querySelectorAll(".tren-arm")) foldTrain(el);
  drawRails(table);
}

// The Mexican train's name in a column two tiles wide (rem grows with the screen, tiles do
// not): a size smaller while a word still runs out of it.
function fitWords(label) {
  label.style.removeProperty("font-size");
  let px = parseFloat(getComputedStyle(label).fontSize);
  while (label.scrollWidth > label.clientWidth + 1 && px > 12) {
    px *= 0.92;
    label.style.fontSize = `${px}px`;
  }
}

// "Aún sin empezar" under the Mexican train's name, in the room the hub left the column (short
// on a laptop whose hand takes rows): a size smaller while it runs out of it, to 12 px, then
// the name above it smaller.
function fitEmpty(arm) {
  const empty = arm.querySelector(".arm-empty");
  if (!empty) return;
  const area = arm.querySelector(".arm-tiles");
  empty.style.removeProperty("font-size");
  let px = parseFloat(getComputedStyle(empty).fontSize);
  const over = () => empty.getBoundingClientRect().bottom > area.getBoundingClientRect().bottom + 0.5;
  while (over() && px > 12) {
    px = Math.max(12, px * 0.92);
    empty.style.fontSize = `${px}px`;
  }
  // still out at 12 px: the train's name above it gives up some of its size (to 14 px)
  const label = arm.querySelector(".arm-label");
  let name = parseFloat(getComputedStyle(label).fontSize);
  while (over() && name > 14) {
    name = Math.max(14, name * 0.92);
    label.style.fontSize = `${name}px`;
  }
}

function foldTrain(el) {
  const down = el.classList.contains("side-down");
  const area = el.querySelector(".arm-tiles");
  const tiles = [...area.querySelectorAll("svg.domino")];
  const more = area.querySelector(".arm-more");
  for (const tile of tiles) tile.classList.remove("folded");
  more.hidden = true;
  delete el.dataset.hidden;
  const over = () => (down ? area.scrollHeight > area.clientHeight + 1 : area.scrollWidth > area.clientWidth + 1);
  if (!tiles.length || !over()) return;
  more.hidden = false;
  more.textContent = t("tren.table.hidden", { n: tiles.length });
  const style = getComputedStyle(area);
  const gap = parseFloat(down ? style.rowGap : style.columnGap) || 0;
  const extent = (node) => { const r = node.getBoundingClientRect(); return down ? r.height : r.width; };
  const others = [...area.children].filter((child) => !tiles.includes(child) && !child.hidden);
  let room = (down ? area.clientHeight : area.clientWidth) - others.reduce((sum, child) => sum + extent(child) + gap, 0);
  let shown = 0;
  for (let i = tiles.length - 1; i >= 0; i--) {
    const need = extent(tiles[i]) + (shown ? gap : 0);
    if (need > room && shown > 0) break;
    room -= need;
    shown += 1;
  }
  const hidden = tiles.length - shown;
  tiles.forEach((tile, i) => tile.classList.toggle("folded", i < hidden));
  more.textContent = t("tren.table.hidden", { n: hidden });
  more.title = tn("tren.table.hidden_title", hidden);
  more.hidden = hidden === 0;
  el.dataset.hidden = String(hidden);
}

// Rails from the hub to each seat's train, in the owner's colour.
function drawRails(table) {
  const svg = table.querySelector(".tren-rails");
  const hub = table.querySelector(".tren-hub .hub-tile");
  if (!svg || !hub) return;
  const box = table.getBoundingClientRect();
  const hubBox = hub.getBoundingClientRect();
  svg.setAttribute("viewBox", `0 0 ${box.width} ${box.height}`);
  const hy = hubBox.top + hubBox.height / 2 - box.top;
  const paths = [...table.querySelectorAll(".tren-side .tren-arm")].map((el) => {
    const area = el.querySelector(".arm-tiles").getBoundingClientRect();
    const left = el.classList.contains("side-left");
    const x0 = (left ? hubBox.left : hubBox.right) - box.left;
    const x1 = (left ? area.right : area.left) - box.left;
    const y1 = area.top + area.height / 2 - box.top;
    const mid = (x0 + x1) / 2;
    return s("path", { class: "rail", d: `M ${x0} ${hy} C ${mid} ${hy}, ${mid} ${y1}, ${x1} ${y1}`,
      style: { stroke: getComputedStyle(el).getPropertyValue("--seat") } });
  });
  svg.replaceChildren(...paths);
}

// The tile at the open end of train `key` as this table draws it, in either density (null
// while the train has none): where a computer player's tile lands, drawn as it lies there.
export function openEnd(root, key) {
  return root.querySelector(`[data-train="${String(key)}"] :is(.open-end, .tr-end)`);
}

// Tile `code` ("a-b") where it lies on train `key`, either way round (a train on the left reads
// backwards), or the train's open end where the tile is not in sight (a long train folds, a
// phone's lane shows its last tiles only). A push can bring several moves, and by the time a
// later one flies, its train's open end can be a tile laid after it.
export function laidPiece(root, key, code) {
  const [a, b] = String(code).split("-");
  const train = root.querySelector(`[data-train="${String(key)}"]`);
  const tile = train?.querySelector(`:is([data-tile="${a}-${b}"], [data-tile="${b}-${a}"]):not(.folded)`);
  return tile?.getClientRects().length ? tile : openEnd(root, key);
}

// ----- the component ---------------------------------------------------------------------------------

export function mount(root, ctx = {}) {
  if (ctx.density !== "tv") return mountLanes(root, ctx);
  root.classList.add("tren-table-tv");
  const onResize = () => { if (root.isConnected) fitTrains(root); };
  window.addEventListener("resize", onResize);
  // fitted again when the box changes size without the window (the hand below took its room)
  let lastBox = "";
  const watch = typeof ResizeObserver !== "undefined" ? new ResizeObserver(() => {
    const box = `${root.clientWidth}x${root.clientHeight}`;
    if (box !== lastBox) { lastBox = box; onResize(); }
  }) : null;
  watch?.observe(root);
  const inner = component(root, (state, local = {}) => tvTable(root, state, local));
  return { ...inner, destroy() { window.removeEventListener("resize", onResize); watch?.disconnect(); inner.destroy(); } };
}
