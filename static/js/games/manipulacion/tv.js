// Rummy Manipulación on the TV: the table's groups (runs by suit, tríos by rank), Tahití's loose
// cards apart, whose turn it is and "pensando…" while that player edits a private copy (never its
// contents), cards left, stock, scores as the rule set counts them, the end of a round and of
// the game. Reads only the public view. Mounted by shell/tv.js: mount(root, shell).

import { h } from "../../core/dom.js";
import { getLang, pick, t } from "../../core/i18n.js";
import { seatChip, seatVars } from "../../core/seats.js";
import { cardEl } from "../../pieces/french.js";
import { mount as mountResults } from "./results.js";
import { mount as mountTable } from "./table.js";
import {
  cardsStat, eventName, feed, lastEventN, nameTag, newEvents, notePhase, phaseScreen, seatBadges, seatOf, shrinkToFit,
  signed, tableArea, toastLine, turnPill, tvScreen,
} from "../../shell/tv-kit.js";
import { eventText, groupKey, hasScore, multiRound, tc } from "./common.js";

// The cards a replay's closing moment shows (shell/tv-replay.js).
export const shownPieces = (codes) => codes.map((code) => cardEl(code, { lang: getLang() }));

const FEED_SIZE = 7;
const FRESH_MS = 6000;          // a group that just changed stays outlined this long

const BACK_ICON =
  `<svg class="icon-back" viewBox="0 0 20 28" aria-hidden="true"><rect x="1" y="1" width="18" height="26" rx="3" ` +
  `fill="#1d4e89" stroke="#cfe3ff" stroke-width="1.5"/></svg>`;

function card(code, options = {}) {
  return cardEl(code, { lang: getLang(), ...options });
}

// ----- entry point ---------------------------------------------------------------------------

// What the room hears (shell/tv-sound.js): a play on the table, a seat going out.
export const sounds = {
  events: { play: "card", close: "out", surrender: "card" },
};

export const mount = tvScreen(render,
  (ctx) => ({ lastEvent: lastEventN(ctx.view), keys: null, fresh: new Map(), timer: null }));

function render(root, ctx, memory) {
  memory.ctx = ctx;
  const view = ctx.view;
  header(ctx);
  notePhase(ctx, memory);
  phaseScreen(root, ctx, memory, mountResults, () => {
    trackGroups(view, memory, root);
    root.replaceChildren(table(ctx, memory));
    fitLanes(root);
  });
  if (view.phase === "play") announce(ctx, memory);
  else memory.lastEvent = lastEventN(view);
}

// ----- the header ------------------------------------------------------------------------------

function header(ctx) {
  const view = ctx.view;
  const items = [h("span", { class: "pill ruleset", text: pick(view.ruleset) })];
  if (multiRound(view)) items.push(h("span", { class: "pill round", text: t("mani.round", { n: view.round }) }));
  const goal = view.target ? t("mani.to_target", { n: view.target })
    : view.host_ends_game ? t("mani.open_ended") : t("mani.one_round");
  items.push(h("span", { class: "mani-goal", text: goal }));
  if (view.phase === "play") {
    const seat = seatOf(ctx.room, view.turn);
    items.push(turnPill(seat, view.editing && "thinking",
      view.editing && h("span", { class: "turn-thinking" }, h("span", { text: t("mani.thinking") }))));
  }
  ctx.setHeader(items);
}

// ----- the table ---------------------------------------------------------------------------------

function trackGroups(view, memory, root) {
  const now = performance.now();
  const keys = new Set(view.table.map(groupKey));
  if (memory.keys) {
    for (const key of keys) if (!memory.keys.has(key)) memory.fresh.set(key, now + FRESH_MS);
  }
  memory.keys = keys;
  for (const [key, until] of memory.fresh) if (until < now || !keys.has(key)) memory.fresh.delete(key);
  clearTimeout(memory.timer);
  if (memory.fresh.size || (view.events || []).some((e) => e.type === "play" && e.n !== memory.playN)) {
    memory.timer = setTimeout(() => {
      if (memory.ctx && memory.ctx.view.phase === "play" && root.isConnected) render(root, memory.ctx, memory);
    }, FRESH_MS + 100);
  }
}

function table(ctx, memory) {
  return h("div", { class: "mani-table" },
    tableArea(ctx, memory, mountTable, "section", "mani-main"),
    h("aside", { class: "mani-side" }, players(ctx), stock(ctx), lastPlay(ctx, memory),
      feed(ctx, (ev) => eventText(ev, (e) => eventName(ctx, e)), FEED_SIZE)));
}

// The biggest cards that let every lane fit, overlapping them more before making them smaller.
function fitLanes(root) {
  const area = root.querySelector(".mani-lanes");
  if (!area || !area.querySelector(".mgroup")) return;
  const lanes = area.querySelectorAll(".lane").length;
  shrinkToFit(area, Math.min(230, Math.floor(area.clientHeight / lanes) - 16), 44, 0.94);
}

function players(ctx) {
  const view = ctx.view;
  const scored = hasScore(view) && multiRound(view);
  return h("ol", { class: "mani-players", vars: { "--rows": String(view.players.length) } }, view.players.map((player) => {
    const s = player.seat;
    const seat = seatOf(ctx.room, s);
    const isTurn = view.turn === s && view.phase === "play";
    const badges = seatBadges(seat);
    if ("opened" in player) {
      badges.push(h("span", { class: ["badge", player.opened ? "opened" : "not-opened"],
        text: player.opened ? t("mani.opened") : t("mani.not_opened") }));
    }
    return h("li", { class: ["mplayer", isTurn && "turn", isTurn && view.editing && "thinking"], vars: seatVars(seat), dataset: { seat: String(s) } },
      h("div", { class: "mp-name" },
        isTurn && h("span", { class: "turn-flag", "aria-hidden": "true" }, "▶"),
        seatChip(seat),
        h("span", { class: "name", text: seat.name }),
        view.dealer === s && h("span", { class: "dealer-mark", title: t("tv.dealer"), text: t("tv.dealer") })),
      // the badges under the name, beside the counts: on the name's line they cut «Robotina» short
      h("div", { class: "mp-stats" },
        cardsStat(BACK_ICON, player.cards, tc("mani.cards_unit", player.cards)),
        scored && h("span", { class: "stat score" }, h("b", { text: signed(player.score) }), h("span", { class: "unit", text: tc("mani.points", player.score) })),
        "rounds_won" in player && h("span", { class: "stat won" }, h("b", { text: String(player.rounds_won) }),
          h("span", { class: "unit", text: tc("mani.rounds_unit", player.rounds_won) })),
        isTurn && view.editing && h("span", { class: "mp-thinking" },
          h("span", { class: "think-dots", "aria-hidden": "true" }, h("i"), h("i"), h("i")),
          h("span", { text: t("mani.thinking") })),
        h("span", { class: "mp-badges" }, badges)));
  }));
}

function stock(ctx) {
  const view = ctx.view;
  return h("div", { class: "mani-stock" },
    h("div", { class: "stock-card" }, view.stock ? card(null, { faceDown: true }) : h("div", { class: "card-slot" })),
    h("div", { class: "stock-text" },
      h("div", { class: "pile-label" }, t("mani.stock"), h("b", { class: "stock-count", text: String(view.stock) })),
      view.turn_draws != null && h("div", { class: "draws", text: t("mani.draws", { n: view.turn_draws }) }),
      view.final_turns != null && h("div", { class: "final-turns", text: t("mani.final_turns") })));
}

// The latest play: who and which cards left a hand (outlined while it is fresh).
function lastPlay(ctx, memory) {
  const events = ctx.view.events || [];
  const ev = [...events].reverse().find((e) => e.type === "play" || e.type === "deal");
  if (!ev || ev.type !== "play") return null;
  const seat = { ...seatOf(ctx.room, ev.seat), name: eventName(ctx, ev) };
  if (memory.playN !== ev.n) {
    memory.playN = ev.n;
    memory.playUntil = performance.now() + FRESH_MS;
  }
  const fresh = performance.now() < memory.playUntil;
  return h("div", { class: ["mani-last", fresh && "fresh"], vars: { "--seat": seat.color } },
    h("div", { class: "last-head" }, h("span", { class: "last-label", text: t("mani.last_play") }), nameTag(seat)),
    h("div", { class: "last-cards", vars: lastLayout((ev.cards || []).length) },
      (ev.cards || []).map((c) => card(c, { index: "big" }))));
}

// The width of the last play's cards: as large as the panel allows with each card but the last
// showing the strip its index is in (45% of its width).
const LAST_ROOM = 22;              // rem across the panel
function lastLayout(n) {
  const others = Math.max(0, n - 1);
  const width = Math.min(5.8, LAST_ROOM / (1 + 0.45 * others));
  const step = others ? Math.min(width + 0.3, (LAST_ROOM - width) / others) : 0;
  return { "--w": `${width}rem`, "--step": `${step - width}rem` };
}

// Big banners for the moments the whole table should notice.
function announce(ctx, memory) {
  for (const ev of newEvents(ctx.view, memory)) {
    const seat = seatOf(ctx.room, ev.seat);
    if (ev.type === "surrender" || ev.type === "close" || ev.type === "final_turns") {
      toastLine(ctx, seat, eventText(ev, (e) => eventName(ctx, e)), { kind: "salir", ms: 3000 });
    }
  }
}
