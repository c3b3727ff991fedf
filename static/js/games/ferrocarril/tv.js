// Ferrocarril on the TV: the table (combinations grouped by owner, piles, the ¡Compro! window,
// the event feed), the end of a round and the end of the game. Reads only the public view.
// Mounted by shell/tv.js: mount(root, shell).

import { h } from "../../core/dom.js";
import { getLang, pick, registerStrings, t, tn } from "../../core/i18n.js";
import { ring, secondsLeft } from "../../core/timers.js";
import { cardEl as deckCard, cardName, theCard, theCards } from "../../pieces/spanish.js";
import { windowKey } from "./buy.js";
import { mount as mountResults } from "./results.js";
import { fitMelds, freshMelds, mount as mountTable } from "./table.js";
import {
  eventName, feed, joinNames, lastEventN, nameOf, nameTag, newEvents, notePhase, phaseScreen, seatOf, signed,
  tableArea, toastLine, turnPill, tvScreen,
} from "../../shell/tv-kit.js";

const FEED_SIZE = 7;

const cardEl = (code, options = {}) => deckCard(code, { lang: getLang(), ...options });

// The cards a replay's closing moment shows (shell/tv-replay.js).
export const shownPieces = (codes) => codes.map((code) => cardEl(code));

// ----- words ---------------------------------------------------------------------------------------

const minus = signed;

function cardPhrase(code) {
  if (code === "*") return t("ev.joker");
  return theCard(code, getLang());
}


export function eventText(ev, ctx) {
  const name = eventName(ctx, ev);
  switch (ev.type) {
    case "deal": return t("ev.deal", { name, round: ev.round });
    case "compro": return t("ev.compro", { name });
    case "bought":
      if (ev.outbid && ev.outbid.length) return t("ev.bought_priority", { name, card: cardPhrase(ev.card) });
      if (ev.extra) return t("ev.bought_extra", { name, card: cardPhrase(ev.card), extra: ev.extra });
      return t("ev.bought", { name, card: cardPhrase(ev.card) });
    case "no_buy": return t("ev.no_buy", { card: cardPhrase(ev.card) });
    case "draw": return t("ev.draw", { name });
    case "salir": return t("ev.salir", { name });
    case "meld": return t("ev.meld", { name });
    case "add": return t("ev.add", { name, cards: theCards(ev.cards || [], getLang()) });
    case "steal": return t("ev.steal", { name, card: cardPhrase(ev.card) });
    case "steal_undone": return t("ev.steal_undone", { name });
    case "discard": return t("ev.discard", { name, card: cardPhrase(ev.card) });
    case "reshuffle": return ev.last ? tn("ev.reshuffle_last", ev.cards) : tn("ev.reshuffle", ev.cards);
    case "round_end":
      return ev.seat == null ? t("ev.round_end_none", { round: ev.round }) : t("ev.round_end", { name, round: ev.round });
    case "game_end": return t("ev.game_end");
    default: return ev.type;
  }
}

// ----- entry point ---------------------------------------------------------------------------------

// What the room hears (shell/tv-sound.js): a ¡Compro! as it is bought (another one when it went by
// priority), a joker stolen, a window opening, a contract laid.
export const sounds = {
  cues: {
    steal: [[988, 0, 0.4, "triangle", 0.6, 392], [196, 0.05, 0.35, "sine", 0.4]],
    priority: [[1319, 0, 0.2, "sine", 0.8], [1047, 0.14, 0.2, "sine", 0.8], [1319, 0.28, 0.45, "sine", 0.8]],
    compro: [[1319, 0, 0.22, "sine", 0.8], [1319, 0.16, 0.4, "sine", 0.8], [659, 0, 0.5, "triangle", 0.3]],
    window: [[523, 0, 0.18, "triangle", 0.7], [659, 0.09, 0.18, "triangle", 0.7], [784, 0.18, 0.3, "triangle", 0.7]],
  },
  events: {
    discard: "card", meld: "card", add: "card", salir: "out", steal: "steal",
    bought: (ev) => (ev.outbid?.length ? "priority" : "compro"),
  },
  moments: { window: windowKey },
  say: { compro: "fc.say.compro", priority: "fc.say.priority", steal: "fc.say.steal" },
};

registerStrings({
  es: { "fc.say.compro": "¡Compra {name}!", "fc.say.priority": "¡Compra {name}, por prioridad!",
    "fc.say.steal": "¡{name} roba un comodín!" },
  en: { "fc.say.compro": "{name} buys!", "fc.say.priority": "{name} buys, by priority!",
    "fc.say.steal": "{name} steals a joker!" },
});

export const mount = tvScreen(render,
  (ctx) => ({ lastEvent: lastEventN(ctx.view), trackFresh: freshMelds(), fresh: new Map() }));

function render(root, ctx, memory) {
  const view = ctx.view;
  header(ctx);
  notePhase(ctx, memory);
  phaseScreen(root, ctx, memory, mountResults, () => {
    memory.fresh = memory.trackFresh(view);
    root.replaceChildren(table(ctx, memory));
    fitMelds(root);
  });
  if (view.phase !== "round_over" && view.phase !== "game_over") announce(ctx, memory);
  else memory.lastEvent = lastEventN(view);
}

// ----- the header (top bar) -------------------------------------------------------------------------

function header(ctx) {
  const view = ctx.view;
  const round = h("span", { class: "pill round", text: t("tv.round", { n: view.round, total: view.rounds }) });
  if (view.phase === "game_over") {
    ctx.setHeader();
    return;
  }
  if (view.phase === "round_over") {
    ctx.setHeader(round);
    return;
  }
  const turnSeat = seatOf(ctx.room, view.turn);
  ctx.setHeader(
    round,
    h("span", { class: "contract" },
      h("strong", { text: t("tv.contract", { contract: pick(view.contract) }) }),
      h("span", { class: "contract-sub" },
        h("span", { class: "prize", text: t("tv.prize", { prize: minus(view.contract.prize) }) }),
        view.opening && h("span", { class: "opening", text: t("tv.opening") }))),
    turnPill(turnSeat));
}

// ----- the table ---------------------------------------------------------------------------------------

function table(ctx, memory) {
  return h("div", { class: "ferro-table" },
    tableArea(ctx, memory, mountTable, "div", "player-rows"),
    h("aside", { class: "side" }, piles(ctx), buyPanel(ctx), feed(ctx, (ev) => eventText(ev, ctx), FEED_SIZE)));
}

function piles(ctx) {
  const view = ctx.view;
  const window = view.buy_window;
  const top = view.discard_top;
  const discardCard = top ? cardEl(top) : (view.discard ? cardEl(null, { faceDown: true }) : h("div", { class: "card-slot" }));
  return h("div", { class: "piles" },
    h("div", { class: ["discard-zone", window && "selling"] },
      h("div", { class: "ring-wrap" },
        window && ring("buy_window", "buy-ring"),
        h("div", { class: "discard-card" }, discardCard),
        window && h("div", { class: "ring-seconds" }, secondsLeft("buy_window"))),
      h("div", { class: "pile-label" }, t("tv.discard"), " ", h("b", { text: String(view.discard) }))),
    h("div", { class: "stock-zone" },
      h("div", { class: "stock-card" }, cardEl(null, { faceDown: true })),
      h("div", { class: "pile-label" }, t("tv.stock"), h("b", { class: "stock-count", text: String(view.stock) })),
      view.stock_turns_left === 0 && h("div", { class: "stock-last", text: t("tv.stock_last") })));
}

// The live ¡Compro! window, or what became of the last offered card.
function buyPanel(ctx) {
  const view = ctx.view;
  const window = view.buy_window;
  if (window) {
    const pressed = new Set(window.pressed);
    const passed = new Set(window.passed);
    return h("div", { class: "buy-panel live" },
      h("h2", {}, h("span", { class: "title", text: t("tv.for_sale") }), " ",
        h("span", { class: "what", text: cardName(window.card, getLang()) })),
      h("p", { class: "sub", text: window.discarder == null ? t("tv.first_card") : t("tv.discarded_by", { name: nameOf(ctx, window.discarder) }) }),
      h("p", { class: "prio-label", text: t("tv.priority") }),
      h("ol", { class: "prio" }, window.priority.map((s) => {
        const status = pressed.has(s) ? "pressed" : passed.has(s) ? "passed" : "waiting";
        const label = status === "pressed" ? t("tv.pressed_compro") : status === "passed" ? t("tv.passed") : t("tv.waiting");
        return h("li", { class: ["prio-seat", status] }, nameTag(seatOf(ctx.room, s)), h("span", { class: "prio-status", text: label }));
      })));
  }
  const outcome = lastOutcome(view.events || []);
  if (!outcome) return h("div", { class: "buy-panel empty" });
  if (outcome.type === "no_buy") {
    return h("div", { class: "buy-panel result none" }, h("p", { class: "headline", text: t("tv.nobody_buys", { card: cardPhrase(outcome.card) }) }));
  }
  return h("div", { class: "buy-panel result" }, boughtLines(ctx, outcome));
}

function boughtLines(ctx, ev) {
  const buyer = seatOf(ctx.room, ev.seat);
  const reasons = [];
  if (ev.outbid && ev.outbid.length) {
    const outbid = ev.outbid.map((s) => eventName(ctx, { seat: s, n: ev.n }));
    reasons.push(h("p", { class: "why priority", text: t("tv.by_priority", { names: joinNames(outbid) }) }));
  }
  reasons.push(h("p", { class: "why", text: ev.extra ? t("tv.own_turn_buy", { extra: ev.extra }) : t("tv.other_buy") }));
  return [
    h("div", { class: "bought-card" }, cardEl(ev.card)),
    h("div", { class: "bought-text" },
      h("p", { class: "headline" }, nameTag({ ...buyer, name: eventName(ctx, ev) }, "who"), " ",
        h("span", { text: t("tv.gets_it", { card: cardPhrase(ev.card) }) })),
      reasons),
  ];
}

// The latest bought/no_buy, unless a newer card has been offered since.
function lastOutcome(events) {
  for (let i = events.length - 1; i >= 0; i--) {
    const type = events[i].type;
    if (type === "bought" || type === "no_buy") return events[i];
    if (type === "discard" || type === "deal") return null;
  }
  return null;
}

// Big banners for the moments the whole table should notice. A purchase is told once, in the
// ¡Compro! panel beside the piles (a toast as well covered the player rows).
function announce(ctx, memory) {
  for (const ev of newEvents(ctx.view, memory)) {
    if (ev.type === "salir") {
      toastLine(ctx, seatOf(ctx.room, ev.seat), eventText(ev, ctx), { kind: "salir", ms: 2500 });
    }
  }
}
