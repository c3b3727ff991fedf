// Tren Mexicano on the phone: the header (round, the double in the hub, the boneyard, whose
// turn, the last move), the double to cover, the trains (one row each, another player's with
// the tiles in their hand: lanes.js) or the end of a round and of the game, and the hand with
// its buttons (hand.js) one above the other. On the one-device page the same screen, with the
// trains drawn roomier and without the counts (its seats bar has them).
//
// JS never decides a rule: everything shown comes from the engine's view; a refused action
// shows the engine's own words.
import { cardScale } from "../../core/display.js";
import { getLang, sentence, t } from "../../core/i18n.js";
import { h } from "../../core/dom.js";
import { theTile, tileEl } from "../../pieces/dominoes.js";
import { makeLine, laterResults, screenWithHand, stateReaders, swatch, yourTurn } from "../../shell/phone-kit.js";
import { updateCountdowns as fillCountdowns } from "../../core/timers.js";
import { eventFollower, fly, inTurn } from "../../shell/motion.js";
import { mount as mountHand } from "./hand.js";
import { trainLabel } from "./lanes.js";
import { MEXICAN, locomotive } from "./trains.js";
import { laidPiece, mount as mountTable } from "./table.js";

const LANE_PX = 50;           // a train's row on the phone
const COMPACT_PX = 52;        // two trains a row, on a short screen
const COUNTED_PX = 68;        // the same with a line for the tiles in hand
const SHORT_SCREEN = 760;     // px high: below it, four trains or more sit two to a row
const MIDDLE_SHARE = 0.42;    // at most this share of the screen kept for the trains

export function mount(root, ctx) {
  const el = {
    tr: h("div", { class: "tr" }), header: h("div", { class: "tr-header" }),
    round: h("span", { class: "tr-round" }), hub: h("span", { class: "tr-hub", dataset: { hub: "" } }),
    boneyard: h("span", { class: "tr-boneyard", dataset: { pile: "boneyard" } }),
    turn: h("div", { class: "tr-turn" }), ticker: h("div", { class: "tr-ticker" }),
    notice: h("div", { class: "tr-notice hidden", role: "status" }),
    middle: h("div", { class: "tr-middle", tabindex: "0", role: "region", "aria-label": t("phone.table"), dataset: { scrollBox: "" } }), hand: h("div", { class: "tr-hand-box", style: { display: "contents" } }),
  };
  el.header.append(h("div", { class: "tr-line1" }, el.round, el.hub), h("div", { class: "tr-line2" }, el.turn, el.boneyard), el.ticker);
  el.tr.append(el.header, el.notice, el.middle, el.hand);
  root.replaceChildren(el.tr);

  const ui = { state: null, wasMyTurn: false, cover: null, tick: null, deadlines: {} };
  const { game, me, seatName, seatAt, narrate } = stateReaders(ui);
  const playing = () => game().phase === "play";
  const myTurn = () => me() !== null && game().turn === me() && playing();
  const digits = () => game().rules?.faces === "digits";

  // "tu tren", "el tren mexicano", "su tren", "el tren de Ana": a train inside a sentence.
  function trainWords(key, seat) {
    if (key === MEXICAN) return t("tren.hand.on.mexican");
    if (key === me()) return t("tren.hand.on.yours");
    if (key === seat) return t("tren.phone.ev.own");
    return t("tren.hand.on.of", { name: seatName(key) });
  }

  function describe(ev) {
    const say = (key, vars) => narrate(ev, `tren.phone.ev.${key}`, vars);
    switch (ev.type) {
      case "play": return say(ev.covers ? "covers" : "play",
        { tile: theTile(ev.tile, getLang()), train: trainWords(ev.train, ev.seat) });
      case "draw": return say("draw");
      case "pass": return say(ev.stop ? "stop" : "pass");
      case "marker_on": return say("marker_on");
      case "marker_off": return say("marker_off");
      case "hub": return ev.seat == null ? "" : say("hub", { tile: theTile(ev.tile, getLang()) });
      default: return "";
    }
  }

  // ----- header, the double to cover ------------------------------------------------------------

  function renderHeader() {
    const g = game();
    el.round.textContent = g.rounds > 1 ? t("tren.phone.round", { n: g.round, total: g.rounds }) : t("tren.phone.round_one");
    el.hub.replaceChildren(...(g.hub ? [tileEl(g.hub, { lang: getLang(), digits: digits(), extraClass: "tr-hub-tile" }),
      h("span", { class: "tr-hub-text", text: theTile(g.hub, getLang()).replace(/^(el|the) /, "") })] : []));
    el.hub.title = g.hub ? t("tren.phone.engine", { tile: theTile(g.hub, getLang()).replace(/^(el|the) /, "") }) : "";
    el.boneyard.textContent = t("tren.phone.boneyard", { n: g.boneyard });
    el.turn.className = "tr-turn";
    if (g.phase === "round_over") el.turn.textContent = t("tren.phone.round_over", { n: g.last_round?.round ?? g.round });
    else if (g.phase === "game_over") el.turn.textContent = t("tren.phone.game_over");
    else if (myTurn()) {
      el.turn.textContent = t("tren.phone.your_turn");
      el.turn.classList.add("mine");
    } else {
      el.turn.replaceChildren(swatch(seatAt(g.turn)), h("span", { text: t("tren.phone.turn_of", { name: seatName(g.turn) }) }));
    }
    const last = [...(g.events || [])].reverse().find((ev) => describe(ev));
    el.ticker.textContent = last && playing() ? describe(last) : "";
    const cover = playing() && g.open_double;
    el.notice.replaceChildren(...(cover ? [locomotive("tr-notice-icon"), h("span", {
      text: sentence(t("tren.phone.cover_on", { double: theTile(cover.tile, getLang()), train: trainLabel(cover.train, me(), seatName) })) })] : []));
    el.notice.classList.toggle("hidden", !cover);
  }

  // ----- the trains, or the results ------------------------------------------------------------

  const roomy = ctx.tableDensity?.() === "tv";
  const counts = !ctx.seatAnchor;     // the one-device page's seats bar has them
  el.tr.classList.toggle("roomy", roomy);
  const tableBox = h("div", { class: "tr-table" });
  const compact = () => !roomy && window.innerHeight < SHORT_SCREEN && (game().trains?.length || 0) + 1 >= 4;
  const table = mountTable(tableBox, { density: roomy ? "tv" : "phone" });
  const resultsBox = h("div", { class: "tr-results-box" });
  const results = laterResults(() => import("./results.js"), { density: "phone" }, resultsBox);

  const hand = mountHand(el.hand, {
    line: makeLine(ctx),
    send: ctx.send,
    banner: ctx.banner,
    vibrate: ctx.vibrate,
    errorText: ctx.errorText,
    drawTable: renderMiddle,
    room() {
      const top = el.tr.getBoundingClientRect().top;
      const lanes = (game().trains?.length || 2) + 1;
      const rows = compact() ? (counts ? COUNTED_PX : COMPACT_PX) * Math.ceil(lanes / 2) : LANE_PX * lanes;
      const middle = Math.max(Math.min(rows, Math.round(window.innerHeight * MIDDLE_SHARE)), ctx.tableRoom?.() || 0);
      return window.innerHeight - top - el.header.offsetHeight - el.notice.offsetHeight - 12 - Math.round(middle / cardScale());   // extra-large cards: the hand takes more
    },
  });
  el.middle.addEventListener("click", (event) => {
    if (ui.state?.game) hand.tapTable(event.target);
  });

  function renderMiddle() {
    if (!playing()) {
      results.update(ui.state, { allHands: roomy });
      el.middle.replaceChildren(resultsBox);
      updateCountdowns();
      return;
    }
    const local = hand.local();
    table.update(ui.state, { ...local, compact: compact(), counts });
    if (el.middle.firstChild !== tableBox) el.middle.replaceChildren(tableBox);
    // The first lit train in sight when the trains scroll.
    const lit = local.fits.length && tableBox.querySelector(".fits");
    if (lit) lit.scrollIntoView({ block: "nearest", behavior: "instant" });
  }

  function updateCountdowns() {
    fillCountdowns(root, ui.deadlines, (node, left) => {
      node.textContent = t("tren.phone.auto_next", { s: Math.ceil(left) });
    });
  }

  // ----- the computer's moves, seen (where the screen has the seats: ctx.seatAnchor) ------------

  const newEvents = eventFollower();

  function showMove(ev) {
    const seat = ctx.seatAnchor(ev.seat);
    const ms = ctx.motionMs?.() ?? 520;
    const tile = (code) => tileEl(code, { lang: getLang(), digits: digits(), faceDown: !code });
    if (ev.type === "draw") fly(el.boneyard, seat, tile(null), { ms, pile: "from" });
    else if (ev.type === "play") {
      // The piece flies as it lies there, the size of that tile (never of the whole table).
      const laid = laidPiece(el.middle, ev.train, ev.tile);
      if (laid) fly(seat, laid, laid.cloneNode(true), { ms });
    }
  }

  function renderRest() {
    const fresh = newEvents(game()).filter((ev) => ev.seat != null && ev.seat !== me());
    if (ctx.seatAnchor) inTurn(fresh, showMove, ctx.motionMs?.() ?? 520);
    el.tr.classList.toggle("spectator", me() === null);
    el.tr.classList.toggle("ended", !playing());
    el.tr.classList.toggle("my-turn", myTurn());
  }

  root.dataset.ui = "tren";

  return screenWithHand(ui, root, {
    header: renderHeader, hand, rest: renderRest, tickMs: 250, countdowns: updateCountdowns,
    turned(firstUpdate) {
      const g = game();
      const mine = myTurn();
      const cover = playing() && g.open_double ? `${g.round}:${g.open_double.train}:${g.open_double.tile}` : null;
      if (!firstUpdate && mine) {
        // Your turn; a longer buzz when it starts with a double to cover, or one appears in it.
        if (!ui.wasMyTurn) yourTurn(ctx, cover ? [200, 100, 200, 100, 400] : 400);
        else if (cover && cover !== ui.cover) ctx.vibrate([200, 100, 200]);
      }
      ui.wasMyTurn = mine;
      ui.cover = cover;
    },
    cleanups: [table.destroy, results.destroy],
  });
}
