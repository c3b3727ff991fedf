// Canasta Ferroviaria on the phone: the header (round, whose turn, the pile's top card with its
// frozen or blocked mark, the stock), the table (table.js: one row per player, yours first, with
// their cards held, points, first-meld requirement, canastas, kitty, red 3s and melds; or the
// end of a round; the composer instead of it while you compose) and the hand with its buttons
// (hand.js), one above the other. On the one-device page the same screen, with the table drawn
// roomier.
//
// JS never decides a rule: everything shown comes from the engine's view; a refused action
// shows the engine's own words.
import { cardScale } from "../../core/display.js";
import { getLang, t } from "../../core/i18n.js";
import { h } from "../../core/dom.js";
import { cardEl, cardName } from "../../pieces/french.js";
import { cardMaker, makeLine, laterResults, screenWithHand, stateReaders, swatch, yourTurn } from "../../shell/phone-kit.js";
import { updateCountdowns as fillCountdowns } from "../../core/timers.js";
import { mount as mountHand } from "./hand.js";
import { mount as mountTable } from "./table.js";

const PLAYING = new Set(["draw", "play", "kitty"]);
const MIDDLE_MIN = 96;        // px kept for the players and their melds on a phone
// At most this share of the screen kept for them: more with more players (their rows are the
// only list of players), never taking from the hand what the list above the table did.
const middleShare = (players) => Math.min(0.45, 0.3 + 0.05 * Math.max(0, players - 3));
// On a laptop five or six areas take this share of the height, their melds in two rows: the
// hand's cards, the largest on the screen, give the table what they have beyond about 100 px.
const CROWDED_SHARE = 0.58;

const card = cardMaker(cardEl);

export function mount(root, ctx) {
  const el = {
    cn: h("div", { class: "cn" }), header: h("div", { class: "cn-header" }),
    round: h("span", { class: "cn-round" }), turn: h("div", { class: "cn-turn" }),
    pile: h("span", { class: "cn-pile", dataset: { pile: "pile" } }),
    stock: h("span", { class: "cn-stock", dataset: { pile: "stock" } }),
    middle: h("div", { class: "cn-middle", tabindex: "0", role: "region", "aria-label": t("phone.table"), dataset: { scrollBox: "" } }), hand: h("div", { class: "cn-hand-box", style: { display: "contents" } }),
  };
  el.header.append(h("div", { class: "cn-line1" }, el.round, el.stock, el.pile), el.turn);
  el.cn.append(el.header, el.middle, el.hand);
  root.replaceChildren(el.cn);

  const ui = { state: null, wasMyTurn: false, tick: null, deadlines: {} };
  const { game, me, seatName, seatAt } = stateReaders(ui);
  const playing = () => PLAYING.has(game().phase);
  const myTurn = () => me() !== null && game().turn === me() && playing();

  // ----- header -----------------------------------------------------------------------------------

  function renderHeader() {
    const g = game();
    el.round.textContent = t("canasta.phone.round", { n: g.round });
    el.round.title = t("canasta.phone.target", { n: g.target });
    el.stock.textContent = t("canasta.phone.stock", { n: g.stock });
    const marks = [g.frozen && "frozen", g.blocked && "blocked"].filter(Boolean);
    // Toggled, not set: the lesson's outline (lesson-target) stays on the pile.
    el.pile.classList.toggle("frozen", !!g.frozen);
    el.pile.classList.toggle("blocked", !!g.blocked);
    el.pile.replaceChildren(...(g.pile_top
      ? [h("span", { class: "cn-pile-card", title: cardName(g.pile_top, getLang()) }, card(g.pile_top)),
        h("span", { class: "cn-pile-text" }, h("span", { text: t("canasta.phone.pile", { n: g.pile }) }),
          ...marks.map((m) => h("b", { class: `cn-mark ${m}`, text: t(`canasta.phone.${m}`) })))]
      : [h("span", { text: t("canasta.phone.pile_empty") })]));
    el.turn.className = "cn-turn";
    if (g.phase === "round_over") el.turn.textContent = t("canasta.phone.round_over", { n: g.last_round?.round ?? g.round });
    else if (g.phase === "game_over") el.turn.textContent = t("canasta.phone.game_over");
    else if (myTurn()) {
      el.turn.textContent = t("canasta.phone.your_turn");
      el.turn.classList.add("mine");
    } else {
      el.turn.replaceChildren(swatch(seatAt(g.turn)), h("span", { text: t("canasta.phone.turn_of", { name: seatName(g.turn) }) }));
    }
  }

  // ----- the melds, or the results ---------------------------------------------------------------

  const roomy = ctx.tableDensity?.() === "tv";
  el.cn.classList.toggle("roomy", roomy);
  const tableBox = h("div", { class: "cn-table" });
  const table = mountTable(tableBox, { density: roomy ? "tv" : "phone", wide: roomy });
  const resultsBox = h("div", { class: "cn-results-box" });
  const results = laterResults(() => import("./results.js"), { density: "phone" }, resultsBox);

  const hand = mountHand(el.hand, {
    line: makeLine(ctx),
    send: ctx.send,
    banner: ctx.banner,
    vibrate: ctx.vibrate,
    errorText: ctx.errorText,
    drawTable(reason) {
      renderMiddle();
      if (reason === "pick") el.middle.scrollTop = 0;
    },
    room() {
      const top = el.cn.getBoundingClientRect().top;
      const middle = hand.panelReplacesTable()
        ? Math.min(Math.max((hand.panel.firstChild?.scrollHeight || 0) + 8, MIDDLE_MIN), Math.round(window.innerHeight * 0.45))
        : Math.max(MIDDLE_MIN, Math.min(tableBox.scrollHeight || MIDDLE_MIN, Math.round(window.innerHeight * middleShare(game().players.length))), ctx.tableRoom?.() || 0,
          roomy && game().players.length > 4 ? Math.round(window.innerHeight * CROWDED_SHARE) : 0);
      return window.innerHeight - top - el.header.offsetHeight - 12 - Math.round(middle / cardScale());   // extra-large cards: the hand takes more
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
    } else if (hand.panelReplacesTable()) {
      el.middle.replaceChildren(hand.panel);
    } else {
      table.update(ui.state, hand.local());
      el.middle.replaceChildren(...[hand.panel.hasChildNodes() && hand.panel, tableBox].filter(Boolean));
    }
  }

  function updateCountdowns() {
    fillCountdowns(root, ui.deadlines, (node, left) => {
      node.textContent = t("canasta.phone.auto_next", { s: Math.ceil(left) });
    });
  }

  function renderRest() {
    el.cn.classList.toggle("spectator", me() === null);
    el.cn.classList.toggle("ended", !playing());
    el.cn.classList.toggle("my-turn", myTurn());
  }

  root.dataset.ui = "canasta";

  return screenWithHand(ui, root, {
    header: renderHeader, hand, rest: renderRest, tickMs: 250, countdowns: updateCountdowns,
    turned(firstUpdate) {
      const mine = myTurn();
      if (!firstUpdate && mine && !ui.wasMyTurn) yourTurn(ctx);
      ui.wasMyTurn = mine;
    },
    cleanups: [table.destroy, results.destroy],
  });
}
