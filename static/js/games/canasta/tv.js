// Canasta Ferroviaria on the TV: every player's area (table.js), and beside it the discard
// pile's top card, turned sideways with a "Congelado" mark while the pile is frozen and marked
// when a black 3 blocks it, the stock's count, whose turn it is and what they are doing, the
// events in words; the end of a round and of the game (results.js). Reads only the public view.
// Mounted by shell/tv.js: mount(root, shell).

import { h, markup } from "../../core/dom.js";
import { getLang, registerStrings, sentence, t, tn } from "../../core/i18n.js";
import { seatVars } from "../../core/seats.js";
import { cardEl } from "../../pieces/french.js";
import { mount as mountResults } from "./results.js";
import { fitTable, mount as mountTable } from "./table.js";
import { points, theCard, theCards } from "./words.js";
import {
  eventName, feed, lastEventN, newEvents, notePhase, phaseScreen, seatOf, tableArea, toastLine, turnPill, tvScreen,
} from "../../shell/tv-kit.js";

// The cards a replay's closing moment shows (shell/tv-replay.js).
export const shownPieces = (codes) => codes.map((code) => cardEl(code, { lang: getLang() }));

const FEED_SIZE = 8;
const BACK = `<svg class="ct-back" viewBox="0 0 100 140" aria-hidden="true"><rect x="2" y="2" width="96" height="136" rx="10" fill="#1d4e89" stroke="#cfe3ff" stroke-width="4"/><rect x="14" y="14" width="72" height="112" rx="6" fill="none" stroke="#cfe3ff" stroke-width="3"/><path d="M14 50 L86 20 M14 90 L86 60 M14 126 L86 100" stroke="#cfe3ff" stroke-width="3" opacity="0.6"/></svg>`;

// ----- words ---------------------------------------------------------------------------------------

export function eventText(ev, ctx) {
  const name = eventName(ctx, ev);
  switch (ev.type) {
    case "deal": return t("canasta.ev.deal", { round: ev.round, name });
    case "upcard": return sentence(t("canasta.ev.upcard", { card: theCard(ev.card) }));
    case "red_three": return t("canasta.ev.red_three", { name, card: theCard(ev.card) });
    case "kitty_seen": return t("canasta.ev.kitty_seen", { name });
    case "meld": {
      const n = (ev.melds || []).length;
      return n === 1 ? t("canasta.ev.meld_one", { name }) : t("canasta.ev.meld_many", { name, n });
    }
    case "canasta": return t("canasta.ev.canasta", { name, kind: t(`canasta.tv.kind.${ev.canasta}`) });
    case "stock_out": return t("canasta.ev.stock_out");
    case "draw": return ev.cards === 1 ? t("canasta.ev.draw_one", { name }) : t("canasta.ev.draw", { name, n: ev.cards });
    case "take_pile": return tn("canasta.ev.take_pile", ev.cards, { name, card: theCard(ev.card) });
    case "take_top": return t("canasta.ev.take_top", { name, card: theCard(ev.card) });
    case "add": return t("canasta.ev.add", { name, cards: theCards(ev.cards || []) });
    case "no_discard": return t("canasta.ev.no_discard", { name });
    case "discard": return t("canasta.ev.discard", { name, card: theCard(ev.card) });
    case "out": return t("canasta.ev.out", { name });
    case "kitty_taken": return t("canasta.ev.kitty_taken", { name, n: ev.cards });
    case "kitty_choice": return t("canasta.ev.kitty_choice", { name });
    case "kitty_left": return t("canasta.ev.kitty_left", { name, n: ev.cards });
    case "round_end": return ev.seat == null ? t("canasta.ev.round_end_none", { round: ev.round })
      : t("canasta.ev.round_end", { name, round: ev.round });
    case "game_end": return t("canasta.ev.game_end");
    default: return "";
  }
}

// ----- entry point ---------------------------------------------------------------------------------

// What the room hears (shell/tv-sound.js): a canasta, the pile taken, a card laid, going out.
export const sounds = {
  cues: {
    canasta: [523, 659, 784, 1047].map((f, i) => [f, i * 0.09, i === 3 ? 0.55 : 0.25, "triangle", 0.7]),
    pile: [[220, 0, 0.45, "triangle", 0.6, 440], [330, 0.1, 0.4, "sine", 0.4, 660]],
  },
  events: {
    discard: "card", meld: "card", add: "card", take_top: "card", red_three: "card",
    take_pile: "pile", kitty_taken: "pile", canasta: "canasta", out: "out",
  },
  say: { canasta: "canasta.say.canasta", pile: "canasta.say.pile" },
};

registerStrings({
  es: { "canasta.say.canasta": "¡Canasta de {name}!", "canasta.say.pile": "{name} se lleva el montón" },
  en: { "canasta.say.canasta": "Canasta for {name}!", "canasta.say.pile": "{name} takes the pile" },
});

export const mount = tvScreen(render, (ctx) => ({ lastEvent: lastEventN(ctx.view) }));

function render(root, ctx, memory) {
  const view = ctx.view;
  header(ctx);
  notePhase(ctx, memory);
  phaseScreen(root, ctx, memory, mountResults, () => {
    root.replaceChildren(h("div", { class: "canasta-screen" },
      tableArea(ctx, memory, mountTable, "div", "canasta-table"),
      h("aside", { class: "canasta-aside" }, piles(ctx), call(ctx), feed(ctx, (ev) => eventText(ev, ctx), FEED_SIZE))));
    fitTable(root);
    if (!memory.fontsFitted && document.fonts) {       // refit once the type is loaded
      memory.fontsFitted = true;
      document.fonts.ready.then(() => { if (root.isConnected) fitTable(root); });
    }
  });
  if (["draw", "play", "kitty"].includes(view.phase)) announce(ctx, memory);
  else memory.lastEvent = lastEventN(view);
}

// ----- the header (top bar) -------------------------------------------------------------------------

function header(ctx) {
  const view = ctx.view;
  if (view.phase === "game_over") {
    ctx.setHeader();
    return;
  }
  const round = h("span", { class: "pill round", text: t("canasta.tv.round", { n: view.round }) });
  const target = h("span", { class: "pill canasta-target", text: t("canasta.tv.target", { n: points(view.target) }) });
  if (view.phase === "round_over") {
    ctx.setHeader(round, target);
    return;
  }
  ctx.setHeader(round, target, turnPill(seatOf(ctx.room, view.turn), "canasta-turn"));
}

// ----- the pile and the stock ---------------------------------------------------------------------

function piles(ctx) {
  const view = ctx.view;
  const next = seatOf(ctx.room, view.turn);
  const top = view.pile_top;
  return h("div", { class: "canasta-piles" },
    h("div", { class: ["canasta-pile", view.frozen && "frozen", view.blocked && "blocked", !top && "empty"],
      dataset: { pile: "pile", frozen: String(!!view.frozen), blocked: String(!!view.blocked) } },
    h("span", { class: "pile-label", text: t("canasta.tv.pile") }),
    h("div", { class: "pile-card" },
      top ? cardEl(top, { lang: getLang(), index: "big", extraClass: "pile-top" })
        : h("span", { class: "pile-none", text: t("canasta.tv.pile_empty") })),
    top && h("span", { class: "pile-name", text: sentence(theCard(top)) }),
    h("span", { class: "pile-count", text: tn("canasta.tv.pile_count", view.pile) })),
    h("div", { class: ["canasta-stock", !view.stock && "empty"], dataset: { pile: "stock" } },
      h("span", { class: "pile-label", text: t("canasta.tv.stock") }),
      markup(BACK),
      h("b", { class: "stock-count", text: String(view.stock) })),
    view.frozen && h("div", { class: "pile-mark frozen-mark", role: "status" },
      h("b", { text: `❄ ${t("canasta.tv.frozen")}` }), h("span", { text: t("canasta.tv.frozen_how") })),
    view.blocked && h("div", { class: "pile-mark blocked-mark", role: "status" },
      h("b", { text: t("canasta.tv.blocked") }),
      view.phase === "draw" && h("span", { text: t("canasta.tv.blocked_how", { name: next.name }) })));
}

// ----- whose turn it is -----------------------------------------------------------------------------

function call(ctx) {
  const view = ctx.view;
  const seat = seatOf(ctx.room, view.turn);
  return h("div", { class: "canasta-call", vars: seatVars(seat) },
    h("p", { class: "call-title", text: t("canasta.tv.turn", { name: seat.name }) }),
    h("p", { class: "call-sub", text: t(`canasta.tv.${{ draw: "drawing", kitty: "kitty" }[view.phase] || "playing"}`) }),
    !view.sevens_free && h("p", { class: "call-note", text: t("canasta.tv.sevens_locked") }));
}

// Toasts for what the whole table should notice: a canasta completed, a player going out.
function announce(ctx, memory) {
  for (const ev of newEvents(ctx.view, memory)) {
    const seat = seatOf(ctx.room, ev.seat);
    if (ev.type === "canasta") {
      toastLine(ctx, seat, t("canasta.tv.canasta_done", { name: eventName(ctx, ev), kind: t(`canasta.tv.kind.${ev.canasta}`) }),
        { kind: "salir", ms: 3000 });
    } else if (ev.type === "out") {
      toastLine(ctx, seat, t("canasta.tv.going_out", { name: eventName(ctx, ev) }), { kind: "salir", ms: 3000 });
    }
  }
}
