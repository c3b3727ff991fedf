// Ferrocarril on the phone: header, a compact table, the private hand and the action buttons,
// the ¡Compro! overlay and the end-of-round standings.
//
// JS never decides a rule: a button is enabled only when its action type is in `view.allowed`
// (and the selection has the right number of cards for it); the engine refuses anything wrong
// and its reason (error.es / error.en) is shown in a banner.
import { cardName, cardEl, sortCards } from "../../pieces/spanish.js";
import { getLang, pick, t } from "../../core/i18n.js";
import { h, s as svg } from "../../core/dom.js";
import {
  cardMaker, handRows, idleActions, makeSender, markFresh, minis, pickHandLayout, routeTap, screenHandle, startTick,
  stateReaders, storedSort, swatch, tagIds, takeState, tapSortOrAct, watchResize,
} from "../../shell/phone-kit.js";
import { updateCountdowns as fillCountdowns } from "../../core/timers.js";
import { mount as mountResults } from "./results.js";
import { mount as mountTable } from "./table.js";

const SORT_KEY = "sobremesa.sort";
const PLAYING = new Set(["draw", "play"]);
const FRESH_MS = 6000;
const MIDDLE_MIN = 112;      // px the table keeps under the hand
const MAX_CARD_H = 136;
const OUTCOME_MS = 2600;

const codeOf = (id) => id.slice(0, id.lastIndexOf("#"));
const lang = () => getLang();

function tn(key, n, vars = {}) {
  return t(n === 1 ? `${key}_one` : key, { n, ...vars });
}

function cardPhrase(code) {
  return code === "*" ? t("ev.joker") : t("ev.the_card", { card: cardName(code, lang()) });
}

const card = cardMaker(cardEl);

// Hand entries with stable ids: the k-th copy of a code is "code#k" (two packs: 7o twice).
function entries(hand, by) {
  return tagIds(sortCards(hand, by));
}

export function mount(root, ctx) {
  const el = {
    fc: h("div", { class: "fc" }), header: h("div", { class: "fc-header" }), round: h("span", { class: "fc-round" }),
    contract: h("span", { class: "fc-contract chip" }), buys: h("div", { class: "buys-box fc-buys" }),
    buysPile: h("div", { class: "pile fc-buys-pile" }), buysLabel: h("span", { class: "pile-label fc-buys-label" }),
    turn: h("div", { class: "fc-turn" }), ticker: h("div", { class: "fc-ticker" }), discard: h("div", { class: "pile-card fc-discard" }),
    discardLabel: h("span", { class: "pile-label fc-discard-label" }), stock: h("div", { class: "pile-card fc-stock" }),
    stockLabel: h("span", { class: "pile-label fc-stock-label" }),
    notice: h("div", { class: "fc-notice hidden" }), middle: h("div", { class: "fc-middle" }), handbar: h("div", { class: "fc-handbar" }),
    hint: h("span", { class: "fc-hint" }), clear: h("button", { type: "button", class: "fc-clear hidden", dataset: { clear: "1" } }),
    sort: h("div", { class: "fc-sort", role: "group" },
      h("button", { type: "button", dataset: { sort: "rank" } }), h("button", { type: "button", dataset: { sort: "suit" } })),
    hand: h("div", { class: "fc-hand" }), actions: h("div", { class: "fc-actions" }), buy: h("div", { class: "fc-overlay fc-buy hidden" }),
    modal: h("div", { class: "fc-overlay fc-modal hidden" }),
  };
  el.buysPile.append(el.buys, el.buysLabel);
  el.header.append(
    h("div", { class: "fc-head-main" }, h("div", { class: "fc-line1" }, el.round, el.contract), el.turn, el.ticker),
    h("div", { class: "fc-piles" },
      h("div", { class: "pile" }, el.discard, el.discardLabel),
      h("div", { class: "pile" }, el.stock, el.stockLabel),
      el.buysPile));
  el.handbar.append(el.hint, el.clear, el.sort);
  el.fc.append(el.header, el.notice, el.middle, el.handbar, el.hand, el.actions, el.buy, el.modal);
  root.replaceChildren(el.fc);

  const ui = {
    state: null,
    sortBy: storedSort(SORT_KEY),
    selected: new Set(),     // ids of selected hand cards
    mode: null,              // null | {kind:"salir", slots:[[ids]], active} | {kind:"add"|"steal", ids}
    pending: false,
    fresh: new Map(),        // id -> time it arrived in the hand
    prev: null,              // {round, hand} of the previous update
    wasMyTurn: false,
    buy: null,               // {key, sinceN, pressed, passed, outcome, outcomeUntil}
    deadlines: {},           // timer name -> {at, seconds}
    tick: null,
  };

  // ----- derived values ---------------------------------------------------------------------

  const { game, me, allowed, seatName, seatColor } = stateReaders(ui);
  const myTurn = () => me() !== null && game().turn === me() && PLAYING.has(game().phase);
  const handEntries = () => entries(game().hand || [], ui.sortBy);
  const inSlots = () => new Set(ui.mode?.kind === "salir" ? ui.mode.slots.flat() : []);
  const selectedCodes = () => handEntries().filter((e) => ui.selected.has(e.id)).map((e) => e.code);

  function describe(ev) {
    const name = seatName(ev.seat);
    switch (ev.type) {
      case "deal": return t("ev.deal", { name, round: ev.round });
      case "compro": return t("ev.compro", { name });
      case "bought": {
        const vars = { name, card: cardPhrase(ev.card), extra: ev.extra };
        if (ev.extra) return t("ev.bought_extra", vars);
        if (ev.outbid && ev.outbid.length) return t("ev.bought_priority", vars);
        return t("ev.bought", vars);
      }
      case "no_buy": return t("ev.no_buy", { card: cardPhrase(ev.card) });
      case "draw": return t("ev.draw", { name });
      case "salir": return t("ev.salir", { name });
      case "meld": return t("ev.meld", { name });
      case "add": return t("ev.add", { name, cards: (ev.cards || []).map((c) => cardName(c, lang())).join(", ") });
      case "steal": return t("ev.steal", { name, card: cardPhrase(ev.card) });
      case "steal_undone": return t("ev.steal_undone", { name });
      case "discard": return t("ev.discard", { name, card: cardPhrase(ev.card) });
      case "reshuffle": return t("ev.reshuffle", { cards: ev.cards });
      case "round_end": return ev.seat == null ? t("ev.round_end_none", { round: ev.round })
        : t("ev.round_end", { name, round: ev.round });
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
      el.turn.replaceChildren(swatch(seatColor(g.turn)), t("phone.fc.turn_of", { name: seatName(g.turn) }));
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
  const results = mountResults(el.middle, { density: "phone" });

  // Every player's combinations: the table component shared with the TV.
  const tableRows = h("div", { class: "fc-table" });
  const table = mountTable(tableRows, { density: "phone" });

  function renderTable() {
    const picking = ui.mode && (ui.mode.kind === "add" || ui.mode.kind === "steal") ? ui.mode.kind : null;
    let prompt = null;
    if (picking) {
      const codes = ui.mode.ids.map(codeOf);
      const text = picking === "add"
        ? t("phone.fc.pick.add", { cards: codes.map((c) => cardName(c, lang())).join(", ") })
        : t("phone.fc.pick.steal", { card: cardName(codes[0], lang()) });
      prompt = h("div", { class: "fc-prompt" }, h("span", { text }), h("span", { class: "prompt-cards" }, minis(codes, card)));
    }
    table.update(ui.state, { picking });
    el.middle.replaceChildren(...[prompt, tableRows].filter(Boolean));
  }

  // ----- Salir: compose the contract's combinations ---------------------------------------------

  function renderSalir() {
    const g = game();
    const byId = new Map(handEntries().map((e) => [e.id, e.code]));
    const slots = ui.mode.slots.map((ids, n) => {
      const active = n === ui.mode.active;
      return h("div", { class: ["slot", active && "active"], dataset: { slot: String(n) } },
        h("span", { class: "slot-label" }, t("phone.fc.salir.slot", { n: n + 1 }),
          active && " ", active && h("span", { class: "slot-arrow", text: "◀" })),
        h("div", { class: "slot-cards" },
          ids.length ? ids.map((id) => h("button", { type: "button", class: "slot-card", dataset: { slotId: id } }, card(byId.get(id))))
            : h("span", { class: "slot-empty", text: t("phone.fc.salir.empty") })));
    });
    el.middle.replaceChildren(h("div", { class: "salir" },
      h("p", { class: "salir-title", text: t("phone.fc.salir.title", { contract: pick(g.contract) }) }), slots));
  }

  // ----- end of round / game ----------------------------------------------------------------------

  // ----- the hand -----------------------------------------------------------------------------------

  // Rows and card size for the hand: as large as the screen allows, with every card showing
  // a strip wide enough to read its corner and to tap. Picks the row count whose visible
  // (tappable) strips are largest.
  function layoutHand(count) {
    const width = Math.max(240, el.hand.clientWidth || root.clientWidth) - 12;
    const top = el.fc.getBoundingClientRect().top;
    const fixed = el.header.offsetHeight + el.notice.offsetHeight + el.handbar.offsetHeight
      + el.actions.offsetHeight + 20;
    const middle = ui.mode?.kind === "salir" ? 48 + 96 * ui.mode.slots.length
      : window.innerHeight < 600 ? 76 : MIDDLE_MIN;
    const avail = Math.max(2 * 50, window.innerHeight - top - fixed - middle);
    return pickHandLayout(count, width, avail,
      { maxRows: 4, minH: 44, maxH: MAX_CARD_H, gap: 10, minStep: 28, minW: 32, area: 1.4 });
  }

  function renderHand() {
    const g = game();
    const spectator = me() === null;
    const ended = !PLAYING.has(g.phase);
    const picking = ui.mode && ui.mode.kind !== "salir";   // the table needs the room
    el.hand.classList.toggle("hidden", spectator || ended || picking);
    el.handbar.classList.toggle("hidden", spectator || ended || picking);
    if (spectator || ended || picking) return;
    const hidden = inSlots();
    const list = handEntries().filter((e) => !hidden.has(e.id));
    const layout = layoutHand(Math.max(list.length, 1));
    const { cardW } = layout;
    const now = Date.now();
    el.hand.replaceChildren(...handRows(list, layout, (e, k, style) => {
      const sel = ui.selected.has(e.id);
      const fresh = (ui.fresh.get(e.id) || 0) > now - FRESH_MS;
      return h("button", { type: "button", class: ["hand-card", sel && "selected", fresh && "fresh"], dataset: { id: e.id },
        "aria-pressed": String(sel), style }, card(e.code, { selected: sel }));
    }));
    el.hand.style.setProperty("--card-h", `${Math.round(cardW * 1.4)}px`);
    // the hint and the sort toggle
    el.hint.textContent = hintText();
    el.clear.textContent = t("phone.fc.clear");
    el.clear.classList.toggle("hidden", !ui.selected.size || !!ui.mode);
    for (const b of el.sort.querySelectorAll("button")) {
      b.textContent = t(`phone.fc.sort_${b.dataset.sort}`);
      b.classList.toggle("on", b.dataset.sort === ui.sortBy);
      b.setAttribute("aria-pressed", b.dataset.sort === ui.sortBy);
    }
  }

  function hintText() {
    const g = game();
    const a = allowed();
    const n = ui.selected.size;
    if (ui.mode?.kind === "salir") return t("phone.fc.hint.salir_mode");
    if (ui.mode) return t("phone.fc.hint.pick");
    if (!myTurn()) return n ? tn("phone.fc.selected", n) : t("phone.fc.hint.wait");
    if (g.buy_window) return t("phone.fc.hint.window");
    if (a.has("draw")) return t("phone.fc.hint.draw");
    if (a.has("close")) return t("phone.fc.hint.close");
    if (n) return tn("phone.fc.selected", n);
    if (a.has("salir")) return t("phone.fc.hint.salir", { contract: pick(g.contract) });
    if (g.opening && !g.players[me()].salido) return t("phone.fc.hint.opening");
    if (g.players[me()].salido) return t("phone.fc.hint.play");
    return t("phone.fc.hint.discard");
  }

  // ----- the buttons -------------------------------------------------------------------------------

  const BUTTONS = ["draw", "salir", "discard", "close", "meld", "add", "steal"];

  // What the selection needs for each button: null = fine, else the hint to show when tapped.
  function needs(type) {
    const n = ui.selected.size;
    if (type === "discard" && n !== 1) return "phone.fc.need.discard";
    if (type === "steal" && n !== 1) return "phone.fc.need.steal";
    if ((type === "meld" || type === "add") && n < 1) return `phone.fc.need.${type}`;
    return null;
  }

  function renderActions() {
    const g = game();
    const a = allowed();
    if (idleActions(el.actions, "fc-actions", { spectator: me() === null, playing: PLAYING.has(g.phase), allowed: a, phase: g.phase,
      pending: ui.pending, nextLabel: t("phone.fc.btn.next_round"), waitingLabel: t("phone.fc.waiting_others") })) return;
    if (ui.mode) {
      const ready = ui.mode.kind === "salir" && ui.mode.slots.every((s) => s.length) && !ui.pending;
      el.actions.className = "fc-actions mode";
      el.actions.replaceChildren(
        h("button", { type: "button", class: "btn secondary", dataset: { act: "cancel" }, text: t("phone.fc.btn.cancel") }),
        ...(ui.mode.kind === "salir" ? [h("button", { type: "button", class: "btn primary", dataset: { act: "send_salir" },
          disabled: !ready, text: t("phone.fc.btn.send_salir") })] : []));
      return;
    }
    const primary = a.has("draw") ? "draw" : a.has("close") ? "close"
      : a.has("discard") && ui.selected.size === 1 ? "discard" : null;
    el.actions.className = "fc-actions";
    el.actions.replaceChildren(...BUTTONS.map((type) => {
      const on = a.has(type) && !ui.pending;
      const need = on ? needs(type) : null;
      return h("button", { type: "button", class: ["btn", "act", `act-${type}`, type === primary && "primary", need && "needs"],
        dataset: { act: type }, disabled: !on, "aria-disabled": need ? "true" : null, text: t(`phone.fc.btn.${type}`) });
    }));
  }

  // ----- the ¡Compro! overlay -------------------------------------------------------------------------

  function windowKey(g) {
    const w = g.buy_window;
    return w ? `${g.round}:${g.discard}:${w.card}:${w.discarder}` : null;
  }

  function lastEventN(g) {
    const evs = g.events || [];
    return evs.length ? evs[evs.length - 1].n : -1;
  }

  function trackBuy() {
    const g = game();
    const key = windowKey(g);
    const a = allowed();
    if (key && a.has("buy") && (!ui.buy || ui.buy.key !== key)) {
      // a new window that this seat may answer
      ui.buy = { key, sinceN: lastEventN(g), pressed: false, passed: false, outcome: null,
        card: g.buy_window.card, discarder: g.buy_window.discarder };
      return "opened";
    }
    if (ui.buy && !ui.buy.outcome && ui.buy.key !== key) {
      // the window we saw has closed
      if (ui.buy.pressed) {
        const ev = [...(g.events || [])].reverse()
          .find((e) => e.n > ui.buy.sinceN && (e.type === "bought" || e.type === "no_buy"));
        ui.buy.outcome = ev || { type: "unknown" };
        ui.buy.outcomeUntil = Date.now() + OUTCOME_MS;
        setTimeout(() => { if (ui.buy && ui.buy.outcome) { ui.buy = null; renderBuy(); } }, OUTCOME_MS + 50);
      } else {
        ui.buy = null;
      }
    }
    return null;
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
    const show = !!(g && b && me() !== null && (b.outcome || (!b.passed && windowKey(g) === b.key)));
    el.buy.classList.toggle("hidden", !show);
    document.body.classList.toggle("buy-open", show);
    if (!show) return;
    const box = h("div", { class: "buy-box" });
    if (b.outcome) {
      const o = b.outcome;
      let text;
      let cls = "lost";
      if (o.type === "bought" && o.seat === me()) {
        text = o.extra ? t("phone.fc.buy.yours_extra", { extra: o.extra }) : t("phone.fc.buy.yours");
        cls = "won";
      } else if (o.type === "bought") {
        text = t((o.outbid || []).includes(me()) ? "phone.fc.buy.other_priority" : "phone.fc.buy.other", { name: seatName(o.seat) });
      } else {
        text = t("phone.fc.buy.nobody");
      }
      box.append(h("div", { class: "buy-card" }, card(b.card)), h("p", { class: ["buy-outcome", cls], text }));
    } else {
      const mine = g.players[me()];
      const sub = b.discarder == null ? t("phone.fc.buy.first") : t("phone.fc.buy.from", { name: seatName(b.discarder) });
      box.append(h("p", { class: "buy-title", text: t("phone.fc.buy.title") }), h("p", { class: "buy-sub", text: sub }),
        h("div", { class: "buy-card" }, card(b.card)),
        h("div", { class: "buy-timer", dataset: { countdown: "buy_window" } }));
      if (b.pressed) {
        box.append(h("div", { class: "compro waiting", role: "status", text: t("phone.fc.buy.waiting") }));
      } else {
        box.append(
          h("button", { type: "button", class: "compro", dataset: { act: "buy" }, disabled: ui.pending, text: t("phone.fc.buy.compro") }),
          h("button", { type: "button", class: "btn secondary paso", dataset: { act: "pass" }, disabled: ui.pending, text: t("phone.fc.buy.pass") }));
      }
      box.append(h("p", { class: "buy-left", text: tn("phone.fc.buy.left", mine.buys_left) }));
    }
    el.buy.replaceChildren(box);
    updateCountdowns();
  }

  // ----- timers (buy window, next round): counted down locally from the server's figure ------------


  function updateCountdowns() {
    fillCountdowns(root, ui.deadlines, (node, left, d) => {
      if (node.dataset.countdown === "buy_window") {
        node.replaceChildren(ring(d.seconds ? left / d.seconds : 0, Math.ceil(left)));
      } else {
        node.textContent = t("phone.fc.res.auto_next", { s: Math.ceil(left) });
      }
    });
  }

  // ----- modal: which end of an escalera? ------------------------------------------------------------

  function askEnd(action) {
    const meld = game().table.find((m) => m.id === action.meld);
    const first = meld?.cards[0];
    const last = meld?.cards[meld.cards.length - 1];
    el.modal.replaceChildren(h("div", { class: "modal-box" },
      h("p", { class: "modal-title", text: t("phone.fc.end.title") }),
      h("div", { class: "end-choices" },
        h("button", { type: "button", class: "btn end-btn", dataset: { end: "low" } },
          h("span", { class: "mini" }, first && card(first)), t("phone.fc.end.low")),
        h("button", { type: "button", class: "btn end-btn", dataset: { end: "high" } },
          t("phone.fc.end.high"), h("span", { class: "mini" }, last && card(last)))),
      h("button", { type: "button", class: "btn secondary", dataset: { end: "cancel" }, text: t("phone.fc.btn.cancel") })));
    el.modal.classList.remove("hidden");
    el.modal.onclick = async (event) => {
      const button = event.target.closest("[data-end]");
      if (!button) return;
      el.modal.classList.add("hidden");
      el.modal.onclick = null;
      if (button.dataset.end === "cancel") return;
      const reply = await send({ ...action, end: button.dataset.end });
      if (reply?.ok) finishMode();
    };
  }

  // ----- sending ----------------------------------------------------------------------------------------

  const send = makeSender(ui, ctx, {
    busy() { renderActions(); renderBuy(); },
    done() { renderActions(); renderBuy(); },
  });

  function finishMode() {
    ui.mode = null;
    ui.selected.clear();
    renderAll();
  }

  async function act(type) {
    const codes = selectedCodes();
    switch (type) {
      case "draw": case "close": case "next_round":
        await send({ type });
        return;
      case "discard":
        if ((await send({ type, card: codes[0] }))?.ok) finishMode();
        return;
      case "meld":
        if ((await send({ type, cards: codes }))?.ok) finishMode();
        return;
      case "salir": {
        const slots = Array.from({ length: game().contract.melds }, () => []);
        const ids = handEntries().filter((e) => ui.selected.has(e.id)).map((e) => e.id);
        slots[0] = ids;
        const active = ids.length >= game().contract.size && slots.length > 1 ? 1 : 0;
        ui.mode = { kind: "salir", slots, active };
        ui.selected.clear();
        renderAll();
        return;
      }
      case "send_salir": {
        const byId = new Map(handEntries().map((e) => [e.id, e.code]));
        const melds = ui.mode.slots.map((ids) => ids.map((id) => byId.get(id)));
        if ((await send({ type: "salir", melds }))?.ok) finishMode();
        return;
      }
      case "add": case "steal": {
        const ids = handEntries().filter((e) => ui.selected.has(e.id)).map((e) => e.id);
        ui.mode = { kind: type, ids };
        renderAll();
        el.middle.scrollTop = 0;
        return;
      }
      case "cancel":
        ui.mode = null;
        renderAll();
        return;
      case "buy": case "pass": {
        // Mark the answer before sending: the state that resolves the window can arrive
        // before the acknowledgement (the seat in turn buys at once when it has priority).
        const b = ui.buy;
        const flag = type === "buy" ? "pressed" : "passed";
        if (type === "buy") vibrate(20);
        if (b) b[flag] = true;
        const reply = await send({ type });
        if (b && !reply?.ok) {
          b[flag] = false;
          if (b.outcome && type === "buy") { b.outcome = null; ui.buy = null; }
        }
        renderBuy();
        return;
      }
      default:
    }
  }

  async function pickMeld(meldId) {
    const mode = ui.mode;
    if (!mode || (mode.kind !== "add" && mode.kind !== "steal")) return;
    const codes = mode.ids.map(codeOf);
    if (mode.kind === "add") {
      const action = { type: "add", meld: meldId, cards: codes };
      const reply = await send(action, (error) => {
        if (error?.code === "ambiguous_placement") {
          askEnd(action);
          return true;
        }
        return false;
      });
      if (reply?.ok) finishMode();
    } else {
      const reply = await send({ type: "steal", meld: meldId, card: codes[0] });
      if (reply?.ok) finishMode();
    }
  }

  function vibrate(pattern) {
    ctx.vibrate(pattern);
  }

  // ----- events ---------------------------------------------------------------------------------------

  function tapHandCard(cardBtn) {
    const id = cardBtn.dataset.id;
    if (ui.mode?.kind === "salir") {
      const slot = ui.mode.slots[ui.mode.active];
      slot.push(id);
      const size = game().contract.size;
      if (slot.length === size && ui.mode.active < ui.mode.slots.length - 1
          && !ui.mode.slots[ui.mode.active + 1].length) ui.mode.active += 1;
      renderAll();
    } else if (!ui.mode) {
      if (ui.selected.has(id)) ui.selected.delete(id);
      else ui.selected.add(id);
      renderHand();
      renderActions();
    }
  }

  const salir = () => ui.mode?.kind === "salir";
  const routes = [
    [".hand-card", tapHandCard],
    [".slot-card", (node) => {
      if (!salir()) return false;
      ui.mode.slots = ui.mode.slots.map((ids) => ids.filter((x) => x !== node.dataset.slotId));
      renderAll();
    }],
    [".slot", (node) => {
      if (!salir()) return false;
      ui.mode.active = Number(node.dataset.slot);
      renderAll();
    }],
    [".meld.pickable", (node) => { pickMeld(Number(node.dataset.meld)); }],
    ["[data-clear]", () => {
      ui.selected.clear();
      renderHand();
      renderActions();
    }],
  ];

  root.addEventListener("click", (event) => {
    if (!ui.state) return;
    const target = event.target;
    if (routeTap(target, routes)) return;
    tapSortOrAct(target, ui, SORT_KEY, {
      resorted: renderHand,
      act(button) {
        const need = button.getAttribute("aria-disabled") === "true" ? needs(button.dataset.act) : null;
        if (need) ctx.banner(t(need), "info");
        else act(button.dataset.act);
      },
    });
  });

  const unwatchResize = watchResize(() => ui.state && renderHand(), 100);

  // ----- update from the server ----------------------------------------------------------------

  function reconcile() {
    const g = game();
    const hand = g.hand || [];
    const ids = new Set(entries(hand, ui.sortBy).map((e) => e.id));
    // fresh cards: what arrived in the hand since the last update, in the same round
    if (ui.prev && ui.prev.round === g.round && me() !== null) {
      markFresh(ui.fresh, ui.prev.hand, hand);
    } else {
      ui.fresh.clear();
      if (ui.prev && ui.prev.round !== g.round) {   // a new deal: start afresh
        ui.selected.clear();
        ui.mode = null;
      }
    }
    ui.prev = { round: g.round, hand: [...hand] };
    for (const id of [...ui.selected]) if (!ids.has(id)) ui.selected.delete(id);
    if (ui.mode?.kind === "salir") {
      ui.mode.slots = ui.mode.slots.map((s) => s.filter((id) => ids.has(id)));
      if (!allowed().has("salir")) ui.mode = null;
    } else if (ui.mode) {
      ui.mode.ids = ui.mode.ids.filter((id) => ids.has(id));
      if (!ui.mode.ids.length || !allowed().has(ui.mode.kind)) ui.mode = null;
    }
  }

  function renderAll() {
    renderHeader();
    if (!PLAYING.has(game().phase)) results.update(ui.state);
    else if (ui.mode?.kind === "salir") renderSalir();
    else renderTable();
    renderActions();
    renderHand();
    renderBuy();
    el.fc.classList.toggle("spectator", me() === null);
    el.fc.classList.toggle("ended", !PLAYING.has(game().phase));
  }

  function update(state) {
    if (!state.game) return;
    const firstUpdate = takeState(ui, state);
    reconcile();
    const opened = trackBuy();
    const mine = myTurn();
    const startedTurn = mine && !ui.wasMyTurn;
    ui.wasMyTurn = mine;
    if (opened && startedTurn) vibrate([200, 100, 200, 100, 400]);
    else if (opened) vibrate([200, 100, 200]);
    else if (startedTurn && !firstUpdate) vibrate(400);
    renderAll();
    startTick(ui, 200, { countdowns: updateCountdowns, freshMs: FRESH_MS, redrawHand: renderHand });
  }

  return screenHandle(ui, root, { update, renderAll,
    cleanups: [table.destroy, unwatchResize, () => document.body.classList.remove("buy-open")] });
}
