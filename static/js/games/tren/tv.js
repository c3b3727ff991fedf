// Tren Mexicano on the TV: the hub and the trains (table.js), the round and its double in the
// hub, whose turn it is, the boneyard, a double to cover announced big with who must cover it,
// the events in words, the end of a round and of the game (results.js). Reads only the public
// view. Mounted by shell/tv.js: mount(root, shell).

import { h } from "../../core/dom.js";
import { getLang, registerStrings, sentence, t } from "../../core/i18n.js";
import { seatVars } from "../../core/seats.js";
import { theTile, tileEl } from "../../pieces/dominoes.js";
import { mount as mountResults } from "./results.js";
import { fitTrains, mount as mountTable } from "./table.js";
import { MEXICAN } from "./trains.js";
import {
  eventName, feed, lastEventN, nameOf, newEvents, notePhase, phaseScreen, seatOf, tableArea, toastLine, turnPill,
  tvScreen,
} from "../../shell/tv-kit.js";

const FEED_SIZE = 8;

const digitsOf = (view) => (view.rules || {}).faces === "digits";
const tile = (code, view, options = {}) => tileEl(code, { lang: getLang(), digits: digitsOf(view), ...options });

// The tiles a replay's closing moment shows (shell/tv-replay.js).
export const shownPieces = (codes, view) => codes.map((code) => tile(code, view, { orientation: "along" }));
const words = (code) => theTile(code, getLang());

// ----- words ---------------------------------------------------------------------------------------

function trainPhrase(ctx, key, seat) {
  if (key === MEXICAN) return t("tren.ev.mexican");
  if (key === seat) return t("tren.ev.own_train");
  return t("tren.ev.train_of", { name: nameOf(ctx, key) });
}

export function eventText(ev, ctx) {
  const name = eventName(ctx, ev);
  switch (ev.type) {
    case "deal": return t("tren.ev.deal", { round: ev.round });
    case "hub": return ev.seat == null ? t("tren.ev.hub", { tile: words(ev.tile) })
      : t("tren.ev.hub_by", { name, tile: words(ev.tile) });
    case "play": {
      const train = trainPhrase(ctx, ev.train, ev.seat);
      const laid = words(ev.tile);
      if (ev.covers) {
        const end = ev.tile.split("-")[0];
        return t("tren.ev.cover", { name, double: words(`${end}-${end}`), tile: laid });
      }
      if (ev.starts) return t("tren.ev.start", { name, train, tile: laid });
      return t("tren.ev.play", { name, train, tile: laid });
    }
    case "draw": return ev.for_double ? t("tren.ev.draw_double", { name }) : t("tren.ev.draw", { name });
    case "pass": return ev.stop ? t("tren.ev.stop", { name }) : t("tren.ev.pass", { name });
    case "marker_on": return t("tren.ev.marker_on", { name });
    case "marker_off": return t("tren.ev.marker_off", { name });
    case "round_end": return ev.seat == null ? t("tren.ev.blocked", { round: ev.round })
      : t("tren.ev.round_end", { name, round: ev.round });
    case "game_end": return t("tren.ev.game_end");
    default: return "";
  }
}

// ----- entry point ---------------------------------------------------------------------------------

// What the room hears (shell/tv-sound.js): the Mexican train's whistle when it starts, a double to
// cover, a tile played.
export const sounds = {
  cues: {
    mexican: [[587, 0, 0.7, "sine", 0.5, 560], [740, 0, 0.7, "sine", 0.5, 705], [880, 0, 0.7, "sine", 0.4, 840]],
    double: [[196, 0, 0.25, "triangle", 0.8], [196, 0.2, 0.4, "triangle", 0.8], [392, 0.2, 0.4, "sine", 0.3]],
  },
  events: { play: "card" },
  moments: {
    double: (view) => (view.open_double ? `${view.round}:${view.open_double.train}:${view.open_double.tile}` : null),
    mexican: (view) => (view.mexican?.started ? view.round : null),
  },
  say: { mexican: "tren.say.mexican", double: "tren.say.double" },
};

registerStrings({
  es: { "tren.say.mexican": "¡Tren mexicano!", "tren.say.double": "¡Doble! Hay que cubrirlo" },
  en: { "tren.say.mexican": "Mexican train!", "tren.say.double": "A double! It must be covered" },
});

export const mount = tvScreen(render, (ctx) => ({ lastEvent: lastEventN(ctx.view) }));

function render(root, ctx, memory) {
  const view = ctx.view;
  header(ctx);
  notePhase(ctx, memory);
  phaseScreen(root, ctx, memory, mountResults, () => {
    root.replaceChildren(h("div", { class: "tren-screen" },
      tableArea(ctx, memory, mountTable, "div", "tren-table"),
      h("aside", { class: "tren-aside" }, call(ctx), feed(ctx, (ev) => eventText(ev, ctx), FEED_SIZE))));
    fitTrains(root);
  });
  if (view.phase === "play") announce(ctx, memory);
  else memory.lastEvent = lastEventN(view);
}

// ----- the header (top bar) -------------------------------------------------------------------------

function header(ctx) {
  const view = ctx.view;
  const round = h("span", { class: "pill round", text: t("tren.tv.round", { n: view.round, total: view.rounds }) });
  if (view.phase === "game_over") {
    ctx.setHeader();
    return;
  }
  const hub = view.hub && h("span", { class: "tren-engine", dataset: { engine: String(view.engine), fit: "spare" } },
    h("span", { class: "engine-label", text: t("tren.tv.hub") }),
    tile(view.hub, view, { extraClass: "engine-tile" }));
  if (view.phase === "round_over") {
    ctx.setHeader(round, hub);
    return;
  }
  ctx.setHeader(
    round,
    hub,
    h("span", { class: ["tren-boneyard", !view.boneyard && "empty"], dataset: { pile: "boneyard" } },
      h("span", { class: "pile-label", text: t("tren.tv.boneyard") }),
      h("b", { class: "boneyard-count", text: String(view.boneyard) })),
    turnPill(seatOf(ctx.room, view.turn), "tren-turn"));
}

// ----- the call: a double to cover, or whose turn it is -------------------------------------------

function call(ctx) {
  const view = ctx.view;
  const seat = seatOf(ctx.room, view.turn);
  const double = view.open_double;
  if (double) {
    return h("div", { class: "tren-call cover", vars: seatVars(seat), role: "status" },
      h("div", { class: "call-tile" }, tile(double.tile, view, { orientation: "along" })),
      h("p", { class: "call-title", text: sentence(t("tren.tv.cover_double", { double: words(double.tile) })) }),
      h("p", { class: "call-who", text: t("tren.tv.cover_who", { name: seat.name }) }));
  }
  return h("div", { class: "tren-call turn", vars: seatVars(seat) },
    h("p", { class: "call-title", text: t("tren.tv.turn", { name: seat.name }) }),
    view.opening ? h("p", { class: "call-sub", text: t("tren.tv.opening", { tile: words(view.hub) }) })
      : view.first_turn && h("p", { class: "call-sub", text: t("tren.tv.first_turn") }),
    !view.boneyard && h("p", { class: "call-sub", text: t("tren.tv.boneyard_empty") }));
}

// A toast for the moment the whole table should notice: a last tile. (A double to cover has the
// big call at the side, its sound and its feed line: a toast as well said it a third time.)
function announce(ctx, memory) {
  const view = ctx.view;
  for (const ev of newEvents(view, memory)) {
    if (ev.type !== "play") continue;
    const seat = seatOf(ctx.room, ev.seat);
    const player = view.players[ev.seat];
    if (player && player.tiles === 1) {
      toastLine(ctx, seat, t("tren.tv.last_tile", { name: eventName(ctx, ev) }), { kind: "salir", ms: 3000 });
    }
  }
}
