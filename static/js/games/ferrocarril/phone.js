// Ferrocarril on the phone: the header, the table (or the end-of-round standings; each other
// seat's row with its cards in hand: table.js) and the hand with its buttons (hand.js) one above
// the other, and the ¡Compro! overlay. On the one-device page the rows leave the counts out (its
// seats bar has them).
//
// JS never decides a rule: the engine refuses anything wrong and its reason (error.es /
// error.en) is shown in a banner.
import { cardScale } from "../../core/display.js";
import { cardEl, theCard, theCards } from "../../pieces/spanish.js";
import { getLang, pick, t } from "../../core/i18n.js";
import { h, s as svg } from "../../core/dom.js";
import { announce } from "../../core/announce.js";
import { cardMaker, makeLine, laterResults, screenWithHand, stateReaders, swatch, yourTurn } from "../../shell/phone-kit.js";
import { updateCountdowns as fillCountdowns } from "../../core/timers.js";
import { eventFollower, fly, inTurn } from "../../shell/motion.js";
import { followWindow, outcomeLine, windowAsks, windowShows } from "./buy.js";
import { mount as mountHand } from "./hand.js";
import { fitMelds, freshMelds, mount as mountTable } from "./table.js";

const PLAYING = new Set(["draw", "play"]);
const MIDDLE_MIN = 112;      // px the table keeps under the hand
const ROW_PX = 64;           // a table row of one line of combinations, with its gap
const MIDDLE_SHARE = 0.31;    // at most this share of the screen kept for the table's rows
const OUTCOME_MS = 2600;

const lang = () => getLang();

function tn(key, n, vars = {}) {
  return t(n === 1 ? `${key}_one` : key, { n, ...vars });
}

function cardPhrase(code) {
  return code === "*" ? t("ev.joker") : theCard(code, lang());
}

const card = cardMaker(cardEl);

export function mount(root, ctx) {
  const el = {
    fc: h("div", { class: "fc" }), header: h("div", { class: "fc-header" }), round: h("span", { class: "fc-round" }),
    contract: h("span", { class: "fc-contract chip" }), buys: h("div", { class: "buys-box fc-buys" }),
    buysPile: h("div", { class: "pile fc-buys-pile" }), buysLabel: h("span", { class: "pile-label fc-buys-label" }),
    turn: h("div", { class: "fc-turn" }), ticker: h("div", { class: "fc-ticker" }), discard: h("div", { class: "pile-card fc-discard", dataset: { pile: "discard" } }),
    discardLabel: h("span", { class: "pile-label fc-discard-label" }), stock: h("div", { class: "pile-card fc-stock", dataset: { pile: "stock" } }),
    stockLabel: h("span", { class: "pile-label fc-stock-label" }),
    notice: h("div", { class: "fc-notice hidden" }), middle: h("div", { class: "fc-middle", tabindex: "0", role: "region", "aria-label": t("phone.table"), dataset: { scrollBox: "" } }),
    hand: h("div", { class: "fc-hand-box", style: { display: "contents" } }), buy: h("div", { class: "fc-overlay fc-buy hidden" }),
  };
  el.buysPile.append(el.buys, el.buysLabel);
  el.header.append(
    h("div", { class: "fc-head-main" }, h("div", { class: "fc-line1" }, el.round, el.contract), el.turn, el.ticker),
    h("div", { class: "fc-piles" },
      h("div", { class: "pile" }, el.discard, el.discardLabel),
      h("div", { class: "pile" }, el.stock, el.stockLabel),
      el.buysPile));
  // The buy overlay before the hand: the hand's which-end dialog stays above it.
  el.fc.append(el.header, el.notice, el.middle, el.buy, el.hand);
  root.replaceChildren(el.fc);

  const ui = {
    state: null,
    wasMyTurn: false,
    buy: null,               // {key, sinceN, pressed, passed, outcome, outcomeUntil}
    deadlines: {},           // timer name -> {at, seconds}
    tick: null,
  };

  // ----- derived values ---------------------------------------------------------------------

  const { game, me, allowed, seatName, seatAt, narrate } = stateReaders(ui);
  const myTurn = () => me() !== null && game().turn === me() && PLAYING.has(game().phase);

  function describe(ev) {
    const say = (key, vars) => narrate(ev, `ev.${key}`, vars);
    switch (ev.type) {
      case "deal": return say("deal", { round: ev.round });
      case "compro": return say("compro");
      case "bought": {
        const vars = { card: cardPhrase(ev.card), extra: ev.extra };
        if (ev.extra) return say("bought_extra", vars);
        if (ev.outbid && ev.outbid.length) return say("bought_priority", vars);
        return say("bought", vars);
      }
      case "no_buy": return t("ev.no_buy", { card: cardPhrase(ev.card) });
      case "draw": return say("draw");
      case "salir": return say("salir");
      case "meld": return say("meld");
      case "add": return say("add", { cards: theCards(ev.cards || [], lang()) });
      case "steal": return say("steal", { card: cardPhrase(ev.card) });
      case "steal_undone": return say("steal_undone");
      case "discard": return say("discard", { card: cardPhrase(ev.card) });
      case "reshuffle": return ev.last ? tn("ev.reshuffle_last", ev.cards) : tn("ev.reshuffle", ev.cards);
      case "round_end": return ev.seat == null ? t("ev.round_end_none", { round: ev.round })
        : say("round_end", { round: ev.round });
      case "game_end": return t("ev.game_end");
      default: return "";
    }
  }

  // ----- header -----------------------------------------------------------------------------

  function renderHeader() {
    const g = game();
    el.round.textContent = t("phone.fc.round", { n: g.round, total: g.rounds });
    el.contract.textContent = pick(g.contract);
    const mine = me() !== null ? g.players[me()] : null;
    el.buysPile.classList.toggle("hidden", !mine);
    el.buys.textContent = mine ? mine.buys_left : "";
    el.buysLabel.textContent = t("phone.fc.buys_label");
    el.buysPile.title = mine ? tn("phone.fc.buys", mine.buys_left) : "";
    el.turn.className = "fc-turn";
    if (g.phase === "round_over") {
      el.turn.textContent = t("phone.fc.round_over", { n: g.round });
    } else if (g.phase === "game_over") {
      el.turn.textContent = t("phone.fc.game_over");
    } else if (myTurn()) {
      el.turn.textContent = t("phone.fc.your_turn");
      el.turn.classList.add("mine");
    } else {
      el.turn.replaceChildren(swatch(seatAt(g.turn)), h("span", { class: "fc-turn-text", text: t("phone.fc.turn_of", { name: seatName(g.turn) }) }));
    }
    const last = [...(g.events || [])].reverse().find((ev) => describe(ev));
    el.ticker.textContent = last && PLAYING.has(g.phase) ? describe(last) : "";
    el.discard.replaceChildren(g.discard_top ? card(g.discard_top)
      : g.discard ? card(null, { faceDown: true, title: t("phone.fc.closed") }) : h("div", { class: "pile-empty" }));
    el.discardLabel.textContent = t("phone.fc.discard");
    el.stock.replaceChildren(card(null, { faceDown: true, title: t("phone.fc.stock") }));
    el.stockLabel.textContent = t("phone.fc.stock_n", { n: g.stock });
    const notice = me() !== null && g.stolen_jokers ? t("phone.fc.hint.stolen") : "";
    el.notice.textContent = notice;
    el.notice.classList.toggle("hidden", !notice);
  }

  // ----- the table ------------------------------------------------------------------------------

  // The end of a round and of the game: the results component shared with the TV.
  const results = laterResults(() => import("./results.js"), { density: "phone" });

  // Every player's combinations: the table component shared with the TV, drawn as on the TV
  // when the screen has the room for it (the one-device page on a laptop: ctx.tableDensity).
  const density = ctx.tableDensity?.() === "tv" ? "tv" : "phone";
  const counts = !ctx.seatAnchor;     // the one-device page's seats bar has them
  const tableRows = h("div", { class: density === "tv" ? "fc-rows" : "fc-table" });
  const table = mountTable(tableRows, { density });
  const trackFresh = freshMelds();
  el.middle.classList.toggle("tv-rows", density === "tv");

  // The hand and its buttons, with its modes: the Salir composer shows instead of the table,
  // a picker's prompt above it.
  const line = makeLine(ctx);
  const hand = mountHand(el.hand, {
    line,
    banner: ctx.banner,
    vibrate: ctx.vibrate,
    drawTable(reason) {
      renderMiddle();
      if (reason === "pick") el.middle.scrollTop = 0;
    },
    room(mode) {
      const top = el.fc.getBoundingClientRect().top;
      // A screen with room to spare (the one-device screen on a laptop) may keep more for the table.
      // A phone keeps room for every player's row of combinations, up to a share of its height.
      const rows = Math.min(ROW_PX * game().players.length, Math.round(window.innerHeight * MIDDLE_SHARE));
      const middle = mode?.kind === "salir" ? 48 + 96 * mode.slots.length
        : window.innerHeight < 600 ? 76 : Math.max(MIDDLE_MIN, rows, ctx.tableRoom?.() || 0);
      return window.innerHeight - top - el.header.offsetHeight - el.notice.offsetHeight - 20 - Math.round(middle / cardScale());   // extra-large cards: the hand takes more
    },
  });

  function renderMiddle() {
    if (!PLAYING.has(game().phase)) {
      results.update(ui.state, { allHands: density === "tv" });
      el.middle.replaceChildren(results.box);
    } else if (hand.panelReplacesTable()) {
      el.middle.replaceChildren(hand.panel);
    } else {
      table.update(ui.state, { ...hand.local(), fresh: density === "tv" ? trackFresh(game()) : null, counts });
      el.middle.replaceChildren(...[hand.panel.hasChildNodes() && hand.panel, tableRows].filter(Boolean));
      if (density === "tv") fitMelds(tableRows);
    }
  }

  // ----- the ¡Compro! overlay -------------------------------------------------------------------------

  function trackBuy() {
    const followed = followWindow(ui.buy, game(), allowed(), OUTCOME_MS);
    ui.buy = followed.buy;
    if (followed.closed) setTimeout(() => { if (ui.buy && ui.buy.outcome) { ui.buy = null; renderBuy(); } }, OUTCOME_MS + 50);
    return followed.opened ? "opened" : null;
  }

  function ring(fraction, label) {
    const r = 26;
    const c = 2 * Math.PI * r;
    return svg("svg", { class: "ring", viewBox: "0 0 64 64", "aria-hidden": "true" },
      svg("circle", { cx: 32, cy: 32, r, class: "ring-bg" }),
      svg("circle", { cx: 32, cy: 32, r, class: "ring-fg", "stroke-dasharray": c.toFixed(1),
        "stroke-dashoffset": (c * (1 - fraction)).toFixed(1), transform: "rotate(-90 32 32)" }),
      svg("text", { x: 32, y: 40, "text-anchor": "middle", text: String(label) }));
  }

  function renderBuy() {
    const g = ui.state && game();
    const b = ui.buy;
    const show = windowShows(b, g, me()) && (!!b.outcome || windowAsks(g, ui.deadlines.buy_window));
    el.buy.classList.toggle("hidden", !show);
    document.body.classList.toggle("buy-open", show);
    if (!show) return;
    // A layer for the keys while it asks (¡Compro! / Paso); its outcome alone takes none.
    const box = h("div", { class: "buy-box", dataset: b.outcome ? {} : { layer: "" } });
    if (b.outcome) {
      const { text, won } = outcomeLine(b.outcome, me(), seatName);
      const cls = won ? "won" : "lost";
      box.append(h("div", { class: "buy-card" }, card(b.card)), h("p", { class: ["buy-outcome", cls], text }));
    } else {
      const mine = g.players[me()];
      const sub = b.discarder == null ? t("phone.fc.buy.first") : t("phone.fc.buy.from", { name: seatName(b.discarder) });
      if (ui.announced !== b.key) {     // once a window: "¡Compro? La ha tirado Ana: el 7 de copas."
        ui.announced = b.key;
        announce(`${t("phone.fc.buy.title")} ${sub}: ${theCard(b.card, getLang())}.`);
        ctx.sound?.("ask");
      }
      box.append(h("p", { class: "buy-title", text: t("phone.fc.buy.title") }), h("p", { class: "buy-sub", text: sub }),
        h("div", { class: "buy-card" }, card(b.card)),
        h("div", { class: "buy-timer", dataset: { countdown: "buy_window" } }));
      if (b.pressed) {
        box.append(h("div", { class: "compro waiting", role: "status", text: t("phone.fc.buy.waiting") }));
      } else {
        box.append(
          h("button", { type: "button", class: "compro", dataset: { act: "buy", key: t("phone.fc.key.buy.buy") }, disabled: line.pending(),
            text: t("phone.fc.buy.compro") }),
          h("button", { type: "button", class: "btn secondary paso", dataset: { act: "pass", key: t("phone.fc.key.buy.pass") },
            disabled: line.pending(), text: t("phone.fc.buy.pass") }));
      }
      box.append(h("p", { class: "buy-left", text: tn("phone.fc.buy.left", mine.buys_left) }));
    }
    el.buy.replaceChildren(box);
    placeBuy();
    updateCountdowns();
  }

  // Where the table is drawn as on the TV there is room to show the window over the table
  // only: the hand stays in sight while the player decides whether the card helps.
  function placeBuy() {
    el.buy.classList.toggle("beside", density === "tv");
    if (density !== "tv") return;
    const frame = el.buy.offsetParent;
    const handTop = [el.hand.firstElementChild, ...el.hand.children].find((n) => n && n.offsetHeight)?.getBoundingClientRect().top;
    if (!frame || handTop == null) return;
    el.buy.style.bottom = `${Math.max(0, Math.round(frame.getBoundingClientRect().bottom - handTop))}px`;
  }

  // ----- timers (buy window, next round): counted down locally from the server's figure ------------


  function updateCountdowns() {
    // The round's first window asks once the new hand has been in sight (buy.js windowAsks).
    if (ui.state && ui.buy && el.buy.classList.contains("hidden") && windowShows(ui.buy, game(), me())
        && windowAsks(game(), ui.deadlines.buy_window)) {
      renderBuy();
      return;
    }
    fillCountdowns(root, ui.deadlines, (node, left, d) => {
      if (node.dataset.countdown === "buy_window") {
        // The ring counts the time to answer (the window's own seconds), not the deal's.
        const total = game().buy_window?.seconds || d.seconds;
        const shown = Math.min(left, total);
        node.replaceChildren(ring(total ? shown / total : 0, Math.ceil(shown)));
        tickLastSeconds(shown);
      } else {
        node.textContent = t("phone.fc.res.auto_next", { s: Math.ceil(left) });
      }
    });
  }

  // A tick as each of the window's last two seconds begins, while it still waits for an answer.
  function tickLastSeconds(shown) {
    const b = ui.buy;
    const second = Math.ceil(shown);
    const key = b && `${b.key}:${second}`;
    if (!b || b.pressed || b.passed || b.outcome || second > 2 || second < 1 || ui.ticked === key) return;
    ui.ticked = key;
    ctx.sound?.("tick");
  }

  // ----- answering the window -------------------------------------------------------------------------

  line.listen(() => { if (ui.state) renderBuy(); });

  async function answer(type) {
    // Mark the answer before sending: the state that resolves the window can arrive
    // before the acknowledgement (the seat in turn buys at once when it has priority).
    const b = ui.buy;
    const flag = type === "buy" ? "pressed" : "passed";
    if (type === "buy") vibrate(20);
    if (b) b[flag] = true;
    const reply = await line.send({ type });
    if (b && !reply?.ok) {
      b[flag] = false;
      if (b.outcome && type === "buy") { b.outcome = null; ui.buy = null; }
    }
    renderBuy();
  }

  function vibrate(pattern) {
    ctx.vibrate(pattern);
  }

  // ----- taps: the buy overlay's answers, and the table's combinations for the hand's pickers -----

  el.buy.addEventListener("click", (event) => {
    const button = event.target.closest("[data-act]");
    if (ui.state && button && !button.disabled) answer(button.dataset.act);
  });
  el.middle.addEventListener("click", (event) => {
    if (ui.state) hand.tapTable(event.target);
  });

  // ----- update from the server ----------------------------------------------------------------

  // ----- the computer's moves, seen (where the screen has the seats: ctx.seatAnchor) ------------

  const newEvents = eventFollower();

  function showMove(ev) {
    const seat = ctx.seatAnchor(ev.seat);
    const ms = ctx.motionMs?.() ?? 520;
    if (ev.type === "draw") fly(el.stock, seat, card(null, { faceDown: true }), { ms, pile: "from" });
    else if (ev.type === "discard") fly(seat, el.discard, card(ev.card), { ms });
    else if (ev.type === "bought") fly(el.discard, seat, card(ev.card), { ms, pile: "from" });
  }

  function showMoves() {
    const fresh = newEvents(game()).filter((ev) => ev.seat != null && ev.seat !== me());
    if (ctx.seatAnchor) inTurn(fresh, showMove, ctx.motionMs?.() ?? 520);
  }

  // After the header and the hand (which has the table drawn, then measures the header for its room).
  function renderRest() {
    showMoves();
    renderBuy();
    el.fc.classList.toggle("spectator", me() === null);
    el.fc.classList.toggle("ended", !PLAYING.has(game().phase));
  }

  return screenWithHand(ui, root, {
    header: renderHeader, hand, rest: renderRest, tickMs: 200, countdowns: updateCountdowns,
    turned(firstUpdate) {
      const opened = trackBuy();
      const mine = myTurn();
      const startedTurn = mine && !ui.wasMyTurn;
      ui.wasMyTurn = mine;
      if (opened && startedTurn) vibrate([200, 100, 200, 100, 400]);
      else if (opened) vibrate([200, 100, 200]);
      else if (startedTurn && !firstUpdate) yourTurn(ctx);
    },
    cleanups: [table.destroy, () => document.body.classList.remove("buy-open")],
  });
}
