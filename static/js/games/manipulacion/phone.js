// Rummy Manipulación on the phone: the header and the players, the table (in your turn the
// editable working copy) or the end of a round and of the game, and the hand with its bar and
// buttons (hand.js: picking and moving cards, splitting and joining groups, Listo / Deshacer,
// Robar / Pasar / Cerrar, the joker-naming dialog, the reminder with a hint) one above the other.
//
// JS never decides a rule: everything shown comes from the engine's view; a refused action
// shows the engine's own words.
import { cardScale } from "../../core/display.js";
import { pick, t } from "../../core/i18n.js";
import { cardEl } from "../../pieces/french.js";
import { hasScore, multiRound, tc } from "./common.js";
import { h } from "../../core/dom.js";
import { signed } from "../../core/numbers.js";
import { cardMaker, makeLine, laterResults, screenWithHand, seatStrip, stateReaders, swatch, yourTurn } from "../../shell/phone-kit.js";
import { updateCountdowns as fillCountdowns } from "../../core/timers.js";
import { eventFollower, fly, inTurn } from "../../shell/motion.js";
import { mount as mountHand } from "./hand.js";
import { mount as mountTable } from "./table.js";

export function mount(root, ctx) {
  const el = {
    mn: h("div", { class: "mn" }), header: h("div", { class: "mn-header" }), ruleset: h("span", { class: "chip mn-ruleset" }),
    round: h("span", { class: "mn-round" }), turn: h("div", { class: "mn-turn" }),
    stockCard: h("span", { class: "mn-stock-card", dataset: { pile: "stock" } }), stockN: h("span", { class: "mn-stock-n" }),
    players: h("ol", { class: "mn-players" }), notice: h("div", { class: "mn-notice hidden" }),
    middle: h("div", { class: "mn-middle" }), hand: h("div", { class: "mn-hand-box", style: { display: "contents" } }),
  };
  el.header.append(
    h("div", { class: "mn-head-main" }, h("div", { class: "mn-line1" }, el.ruleset, el.round), el.turn),
    h("div", { class: "mn-stock" }, el.stockCard, el.stockN));
  el.mn.append(el.header, el.players, el.notice, el.middle, el.hand);
  root.replaceChildren(el.mn);

  const ui = {
    state: null,
    wasMyTurn: false,
    tick: null,
    deadlines: {},
  };

  // ----- derived values ----------------------------------------------------------------------

  const { game, me, seatName, seatColor, seatAt } = stateReaders(ui);
  const playing = () => game().phase === "play";
  const myTurn = () => me() !== null && game().turn === me() && playing();
  const editing = () => !!game().copy;
  const card = cardMaker(cardEl);

  // ----- header and players --------------------------------------------------------------------

  function renderHeader() {
    const g = game();
    el.ruleset.textContent = pick(g.ruleset);
    const bits = [];
    if (multiRound(g)) bits.push(t("mani.round", { n: g.round }));
    if (g.target) bits.push(t("mani.to_target", { n: g.target }));
    el.round.textContent = bits.join(" · ");
    const draws = g.turn_draws != null && g.turn === me()
      && h("span", { class: "mn-draws", text: t("mani.draws", { n: g.turn_draws }) });
    el.turn.className = "mn-turn";
    if (g.phase === "round_over") el.turn.textContent = t("mani.res.round_over", { n: g.last_round?.round ?? g.round });
    else if (g.phase === "game_over") el.turn.textContent = t("mani.res.game_over");
    else if (myTurn()) {
      el.turn.replaceChildren(...[h("span", { class: "mn-yours", text: t("mani.p.your_turn") }), draws].filter(Boolean));
      el.turn.classList.add("mine");
    } else {
      const text = g.editing ? t("mani.p.thinking_of", { name: seatName(g.turn) }) : t("mani.p.turn_of", { name: seatName(g.turn) });
      el.turn.replaceChildren(swatch(seatAt(g.turn)), h("span", { text }));
      if (g.editing) el.turn.classList.add("thinking");
    }
    el.stockCard.replaceChildren(card(null, { faceDown: true, title: t("mani.stock") }));
    el.stockN.textContent = String(g.stock);
    el.stockN.title = t("mani.stock_n", { n: g.stock });

    // Everyone, you first and then in playing order.
    const scored = hasScore(g) && multiRound(g);
    const n = g.players.length;
    const from = me() ?? 0;
    seatStrip(el.players, Array.from({ length: n }, (_, k) => g.players[(from + k) % n]).map((p) => {
      const turn = p.seat === g.turn && playing();
      const info = [tc("mani.cards_n", p.cards)];
      if (scored) info.push(`${signed(p.score)} ${tc("mani.points", p.score)}`);
      return { seat: p.seat, name: p.seat === me() ? t("mani.p.you") : seatName(p.seat), color: seatColor(p.seat), chip: seatAt(p.seat),
        you: p.seat === me(), turn, thinking: turn && g.editing, away: ui.state.room.seats[p.seat]?.connected === false, info };
    }));

    const notice = playing() && g.final_turns != null ? t("mani.final_turns") : "";
    el.notice.textContent = notice;
    el.notice.classList.toggle("hidden", !notice);
  }

  // ----- the table (the working copy in your turn) -------------------------------------------

  // The end of a round and of the game: the results component shared with the TV.
  const results = laterResults(() => import("./results.js"), { density: "phone" });

  // The groups and loose cards: the table component shared with the TV (display: contents, so
  // its parts sit in the middle area as before).
  const tableBox = h("div", { class: "mn-table", style: { display: "contents" } });
  const table = mountTable(tableBox, { density: "phone" });
  const roomy = ctx.tableDensity?.() === "tv";
  el.mn.classList.toggle("roomy", roomy);

  // The hand, its bar and its buttons; while editing, taps on the table go to it too.
  const hand = mountHand(el.hand, {
    line: makeLine(ctx),
    banner: ctx.banner,
    vibrate: ctx.vibrate,
    errorText: ctx.errorText,
    drawTable: renderMiddle,
    room() {
      const top = el.mn.getBoundingClientRect().top;
      const middle = Math.max(150, Math.round(window.innerHeight * (myTurn() ? 0.36 : 0.26)));
      return window.innerHeight - top - el.header.offsetHeight - el.players.offsetHeight - el.notice.offsetHeight - 18 - Math.round(middle / cardScale());   // extra-large cards: the hand takes more
    },
  });
  el.middle.addEventListener("click", (event) => {
    if (ui.state?.game) hand.tapTable(event.target);
  });

  function renderMiddle() {
    if (!playing()) {
      results.update(ui.state, { allHands: roomy });
      el.middle.replaceChildren(results.box);
      updateCountdowns();   // the pause's countdown at once, not at the next tick
      return;
    }
    // With room to spare (the one-device page on a laptop) the groups sit two to a row,
    // their cards larger.
    const full = Math.max(280, (el.middle.clientWidth || root.clientWidth || 360) - 16);
    const width = roomy ? Math.floor(full / 2) - 8 : full;
    const out = [];
    if (hand.panel.hasChildNodes()) out.push(hand.panel);
    if (editing()) out.push(h("p", { class: "mn-copy-note", text: t("mani.p.copy_note") }));
    table.update(ui.state, { ...hand.local(), width, cardW: roomy ? 62 : null });
    out.push(tableBox);
    el.middle.replaceChildren(...out);
  }

  // ----- timers (the pause after a round) --------------------------------------------------------------


  function updateCountdowns() {
    fillCountdowns(root, ui.deadlines, (node, left) => {
      node.textContent = t("mani.p.auto_next", { s: Math.ceil(left) });
    });
  }

  // ----- update from the server ----------------------------------------------------------------------

  // After the header and the hand (which has the table drawn, then measures the header for its room).
  // The computer's moves, seen (where the screen has the seats: ctx.seatAnchor): a draw flies
  // from the stock to the seat, a play from the seat to the table.
  const newEvents = eventFollower();

  function showMove(ev) {
    const seat = ctx.seatAnchor(ev.seat);
    const ms = ctx.motionMs?.() ?? 520;
    if (ev.type === "draw") fly(el.stockCard, seat, card(null, { faceDown: true }), { ms, pile: "from" });
    else if (ev.type === "play" && ev.cards?.length) {
      fly(seat, el.middle, h("div", { class: "flying-spread" }, ev.cards.slice(0, 5).map((c) => card(c))), { ms, land: false, sized: false });
    }
  }

  function renderRest() {
    const fresh = newEvents(game()).filter((ev) => ev.seat != null && ev.seat !== me());
    if (ctx.seatAnchor) inTurn(fresh, showMove, ctx.motionMs?.() ?? 520);
    el.mn.classList.toggle("spectator", me() === null);
    el.mn.classList.toggle("ended", !playing());
    el.mn.classList.toggle("my-turn", myTurn());
    el.mn.classList.toggle("editing", editing());
  }

  // For the tests and the curious: the last thing the engine said about the table.
  root.dataset.ui = "manipulacion";

  return screenWithHand(ui, root, {
    header: renderHeader, hand, rest: renderRest, tickMs: 250, countdowns: updateCountdowns,
    turned(firstUpdate) {
      const mine = myTurn();
      if (mine && !ui.wasMyTurn && !firstUpdate) yourTurn(ctx);
      ui.wasMyTurn = mine;
    },
    cleanups: [table.destroy],
  });
}
