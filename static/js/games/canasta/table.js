// Canasta Ferroviaria's table, the same component on every screen:
//   mount(root, { density: "tv" | "phone" }) -> {update(state, local), relabel(), destroy()}
// One area per player (data-seat) and their melds as compact stacks (data-meld): one card
// showing the rank with a count badge and the wilds in it; a canasta as one squared pile framed
// in its kind's colour (red, black, wild, sevens) with its kind named. `local.picking` with
// `local.pickable` (meld ids): those melds get class `pickable`.
// "tv": each area shows name, score, cards in hand, the initial-meld requirement (until they
// have melded), the canastas of each kind they hold (all four are needed to go out), their red
// 3s and their kitty (data-kitty: face down with its count, or taken); the areas in a grid over
// the whole table (two columns beyond three players, or from three with `wide`, as on a laptop's
// one-device page), the cards as large as every area lets its melds show whole (fitTable, once
// the table is on the page). "phone": the phone's only list of players, one row each, the
// phone's own player first: the same facts in words (cards held, left out of your own row;
// points; the first meld's requirement; the canastas done, named by kind; the kitty; the red
// 3s; a lost connection) over their melds, at the phone's sizes (its CSS is the phone's).
// Reads only the view.
import { component, h, markup } from "../../core/dom.js";
import { getLang, t, tn } from "../../core/i18n.js";
import { seatChip, seatVars } from "../../core/seats.js";
import { cardEl, parseCard } from "../../pieces/french.js";
import { seatOf } from "../../shell/table-kit.js";
import { points } from "./words.js";
import { cardScale } from "../../core/display.js";
import { firstThatFits, steps } from "../../core/fit.js";

export const KINDS = ["red", "black", "wild", "sevens"];
const PLAYING = new Set(["draw", "play", "kitty"]);
const BACK = `<svg class="ct-back" viewBox="0 0 100 140" aria-hidden="true"><rect x="2" y="2" width="96" height="136" rx="10" fill="#1d4e89" stroke="#cfe3ff" stroke-width="4"/><rect x="14" y="14" width="72" height="112" rx="6" fill="none" stroke="#cfe3ff" stroke-width="3"/></svg>`;

// The card a stack shows on top: a natural card of its rank (a joker for a meld of wilds); the
// view's wild_ranks say which cards are wild.
export function faceOf(meld, wildRanks = []) {
  const wild = (code) => { const c = parseCard(code); return wildRanks.includes(c.joker ? "*" : c.rank); };
  return meld.cards.find((code) => !wild(code)) || meld.cards[0] || "*";
}

export function rankWords(meld) {
  if (meld.rank === "wild") return t("canasta.table.rank.wild");
  if (meld.rank === "3") return t("canasta.table.rank.3");
  return meld.rank;
}

// ----- one meld ------------------------------------------------------------------------------------

function meldEl(meld, local, wildRanks) {
  const canasta = meld.complete && meld.kind;
  const pickable = local.picking && (local.pickable || []).includes(meld.id);
  const layers = Math.min(canasta ? 4 : 3, Math.max(0, meld.count - 1));
  return h("div", {
    class: ["ct-meld", canasta && "canasta", canasta && `kind-${meld.kind}`, pickable && "pickable"],
    dataset: { meld: String(meld.id), count: String(meld.count), kind: meld.kind || "" },
    title: t("canasta.table.meld_title", { n: meld.count, rank: rankWords(meld) }),
  },
  h("div", { class: ["ct-stack", `layers-${layers}`] },
    cardEl(faceOf(meld, wildRanks), { lang: getLang(), index: "big", extraClass: "ct-face" })),
  h("span", { class: "ct-count", text: String(meld.count) }),
  meld.wilds > 0 && h("span", { class: "ct-wilds", title: tn("canasta.table.wilds_title", meld.wilds),
    text: t("canasta.table.wilds", { n: meld.wilds }) }),
  canasta && h("span", { class: "ct-kind", text: t(`canasta.table.kind.${meld.kind}`) }));
}

// Canastas first (by kind), then the open melds in the order laid.
function ownMelds(view, seat) {
  const mine = view.melds.filter((m) => m.owner === seat);
  const done = mine.filter((m) => m.complete && m.kind).sort((a, b) => KINDS.indexOf(a.kind) - KINDS.indexOf(b.kind));
  return [...done, ...mine.filter((m) => !(m.complete && m.kind))];
}

// ----- one player's area -----------------------------------------------------------------------------

function kinds(player) {
  return h("span", { class: "ct-kinds", title: t("canasta.table.kinds_title") },
    h("span", { class: "ct-kinds-label", text: t("canasta.table.kinds") }),
    KINDS.map((kind) => {
      const n = (player.canastas || {})[kind] || 0;
      return h("span", { class: ["ct-kind-box", `kind-${kind}`, !n && "none"], dataset: { kind, n: String(n) },
        title: t(`canasta.table.kind.${kind}`), text: String(n) });
    }));
}

// A kitty face down: "down", "seen" (its owner may look), or "left" (its owner left it).
const kittyState = (player) => (player.kitty_left ? "left" : player.kitty_seen ? "seen" : "down");

function kitty(player) {
  if (player.kitty_taken) {
    return h("div", { class: "ct-kitty taken", dataset: { kitty: String(player.seat), state: "taken" } },
      h("span", { class: "ct-kitty-word", text: t("canasta.table.kitty_taken") }));
  }
  const state = kittyState(player);
  return h("div", { class: ["ct-kitty", state !== "down" && state],
    dataset: { kitty: String(player.seat), state } },
  markup(BACK),
  h("span", { class: "ct-kitty-count", text: String(player.kitty) }),
  h("span", { class: "ct-kitty-word" }, t("canasta.table.kitty"),
    state !== "down" && h("small", { text: ` · ${t(`canasta.table.kitty_${state}`)}` })));
}

function redThrees(player) {
  if (!player.red_threes.length) return null;
  const n = player.red_threes.length;
  return h("div", { class: "ct-red3s", dataset: { n: String(n) }, title: t("canasta.table.red_threes") },
    cardEl(player.red_threes[n - 1], { lang: getLang(), index: "big", extraClass: "ct-red3" }),
    n > 1 && h("span", { class: "ct-red3-count", text: `×${n}` }));
}

function seatArea(state, player, local) {
  const view = state.game;
  const seat = seatOf(state.room, player.seat);
  const turn = view.turn === player.seat && PLAYING.has(view.phase);
  const melds = ownMelds(view, player.seat);
  const away = seat.connected === false;
  return h("section", { class: ["ct-seat", turn && "turn", away && "away"], vars: seatVars(seat), dataset: { seat: String(player.seat) } },
    h("header", { class: "ct-head" },
      turn && h("span", { class: "turn-flag", "aria-hidden": "true" }, "▶"),
      seatChip(seat, "ct-chip"),
      h("span", { class: "ct-name", text: seat.name }),
      away && h("span", { class: "badge away", text: t("tv.away") }),
      h("span", { class: "ct-score", text: t("canasta.table.points", { n: points(player.score) }) })),
    h("div", { class: "ct-stats" },
      h("span", { class: "ct-hand" }, markup(BACK), h("b", { text: String(player.cards) })),
      player.melded ? h("span", { class: "ct-need done", text: t("canasta.table.melded") })
        : h("span", { class: "ct-need", title: t("canasta.table.need_title"),
          text: t("canasta.table.need", { n: points(player.requirement) }) }),
      kinds(player)),
    h("div", { class: "ct-body" },
      h("div", { class: "ct-melds" },
        melds.length ? melds.map((m) => meldEl(m, local, view.wild_ranks || []))
          : h("span", { class: "ct-none", text: t("canasta.table.no_melds") })),
      h("div", { class: "ct-side" }, kitty(player), redThrees(player))));
}

// ----- one player's row on a phone ---------------------------------------------------------------------

const many = (key, n, vars = {}) => t(n === 1 ? `${key}_one` : key, { n, ...vars });

// Each fact a word or two in its own chip; nothing that says nothing (no kind with no canasta,
// no empty kitty, no requirement once melded: the melds under it say so).
function facts(player, you, away) {
  const done = KINDS.filter((kind) => (player.canastas || {})[kind] > 0);
  const chip = (cls, text, more = {}) => h("span", { class: ["ct-fact", ...[cls].flat()], text, ...more });
  return [
    !player.melded && chip("ct-need", t("canasta.phone.needs", { n: points(player.requirement) }), { title: t("canasta.table.need_title") }),
    player.kitty_taken ? chip("ct-kitty taken", t("canasta.table.kitty_taken"), { dataset: { kitty: String(player.seat), state: "taken" } })
      : player.kitty > 0 && chip(["ct-kitty", kittyState(player) !== "down" && kittyState(player)],
        player.kitty_left ? many("canasta.phone.kitty_left", player.kitty)
          : many("canasta.phone.kitty", player.kitty),
        { dataset: { kitty: String(player.seat), state: kittyState(player) },
          title: player.kitty_seen ? t(`canasta.table.kitty_${kittyState(player)}`) : null }),
    player.red_threes.length > 0 && chip("ct-red3s", many("canasta.phone.red_threes", player.red_threes.length),
      { dataset: { n: String(player.red_threes.length) } }),
    away && !you && chip("ct-away", t("canasta.phone.offline")),
    done.length > 0 && h("span", { class: "ct-canastas", title: t("canasta.table.kinds_title") },
      h("span", { class: "ct-canastas-label", text: t("canasta.phone.canastas") }),
      done.map((kind) => h("span", { class: ["ct-canasta", `kind-${kind}`], dataset: { kind, n: String(player.canastas[kind]) },
        text: many(`canasta.phone.canasta.${kind}`, player.canastas[kind]) }))),
  ].filter(Boolean);
}

function seatRow(state, player, local, you) {
  const view = state.game;
  const seat = seatOf(state.room, player.seat);
  const turn = view.turn === player.seat && PLAYING.has(view.phase);
  const away = seat.connected === false;
  return h("section", {
    class: ["ct-seat", turn && "turn", you && "you", away && "away"], vars: seatVars(seat),
    dataset: { seat: String(player.seat) }, role: "group", "aria-label": seat.name, "aria-current": turn ? "true" : null,
  },
  h("header", { class: "ct-head" },
    turn && h("span", { class: "turn-flag", "aria-hidden": "true" }, "▶"),
    seatChip(seat, "ct-chip"),
    h("span", { class: "ct-name", text: seat.name }),
    !you && h("span", { class: "ct-hand", text: many("canasta.phone.cards", player.cards) }),
    h("span", { class: "ct-score", text: t("canasta.phone.points", { n: points(player.score) }) })),
  h("div", { class: "ct-stats" }, facts(player, you, away)),
  h("div", { class: "ct-melds" }, ownMelds(view, player.seat).map((m) => meldEl(m, local, view.wild_ranks || []))));
}

function draw(root, state, local, density, wide) {
  const view = state.game;
  const n = view.players.length;
  const cols = density === "tv" && (n > 3 || (wide && n > 2)) ? 2 : 1;
  root.style.setProperty("--cols", String(cols));
  root.style.setProperty("--rows", String(Math.ceil(n / cols)));
  // A phone shows its own player's melds first, then the others in turn order.
  const you = state.you?.index ?? null;
  const me = density === "phone" ? you ?? 0 : 0;
  const order = view.players.map((_, k) => view.players[(me + k) % n]);
  root.replaceChildren(...order.map((p) => (density === "phone" ? seatRow(state, p, local, p.seat === you)
    : seatArea(state, p, local))));
  if (density === "tv" && root.isConnected) fitTable(root);
  // drawn before the page took it in (the one-device page's first view): fitted once it has
  else if (density === "tv") requestAnimationFrame(() => { if (root.isConnected) fitTable(root); });
}

// ----- fitting ------------------------------------------------------------------------------------------

// The largest cards (one size for every area) that let each area's melds show whole, and the
// area itself: a canasta's kind named under its pile and the kitty's words beside the melds
// stretch an area's row beyond the area without overflowing the melds' own box.
const CARD_MAX = 150;       // px: a card's height
const CARD_MIN = 40;
export function fitTable(root) {
  const table = root.classList.contains("canasta-table-tv") ? root : root.querySelector(".canasta-table-tv");
  if (!table) return;
  // A laptop's area puts a player's name, cards held and canastas in one line: where the name
  // does not fit it, the cards and canastas go under it (on a tablet «Robotina» was cut).
  for (const seat of table.querySelectorAll(".ct-seat")) {
    seat.classList.remove("stacked");
    const name = seat.querySelector(".ct-name");
    if (name && name.scrollWidth > name.clientWidth + 1) seat.classList.add("stacked");
  }
  const areas = [...table.querySelectorAll(".ct-melds, .ct-seat")];
  const fits = (size) => {
    table.style.setProperty("--card-h", `${size}px`);
    return !areas.some((a) => a.scrollHeight > a.clientHeight + 1 || a.scrollWidth > a.clientWidth + 1);
  };
  const sizes = steps(Math.round(CARD_MAX * cardScale()), Math.round(CARD_MIN * cardScale()), 0.94);
  const size = firstThatFits(sizes, fits, Number(table.dataset.cardH));
  table.style.setProperty("--card-h", `${size}px`);
  table.dataset.cardH = String(size);
}

// ----- the component -------------------------------------------------------------------------------------

export function mount(root, ctx = {}) {
  const density = ctx.density === "tv" ? "tv" : "phone";
  root.classList.add(density === "tv" ? "canasta-table-tv" : "canasta-table-phone");
  const onResize = () => { if (root.isConnected && density === "tv") fitTable(root); };
  window.addEventListener("resize", onResize);
  // fitted again when the box changes size without the window (the hand below took its room)
  let lastBox = "";
  const watch = density === "tv" && typeof ResizeObserver !== "undefined" ? new ResizeObserver(() => {
    const box = `${root.clientWidth}x${root.clientHeight}`;
    if (box !== lastBox) { lastBox = box; onResize(); }
  }) : null;
  watch?.observe(root);
  const inner = component(root, (state, local = {}) => draw(root, state, local, density, !!ctx.wide));
  return { ...inner, destroy() { window.removeEventListener("resize", onResize); watch?.disconnect(); inner.destroy(); } };
}
