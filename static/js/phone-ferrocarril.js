// Ferrocarril on the phone: header, a compact table, the private hand and the action buttons,
// the ¡Compro! overlay and the end-of-round standings.
//
// JS never decides a rule: a button is enabled only when its action type is in `view.allowed`
// (and the selection has the right number of cards for it); the engine refuses anything wrong
// and its reason (error.es / error.en) is shown in a banner.
import { cardName, cardSVG, sortCards } from "./cards.js";
import { getLang, pick, t } from "./i18n.js";
import {
  betweenRoundsHTML, cardMaker, esc, freshOver, handRowsHTML, makeSender, markFresh, medalHTML, minis,
  pickHandLayout, readDeadlines, stateReaders, storedSort, swatch, tagIds, tappedSort, updateCountdowns as fillCountdowns,
  watchResize,
} from "./phone-kit.js";

const SORT_KEY = "sobremesa.sort";
const PLAYING = new Set(["draw", "play"]);
const FRESH_MS = 6000;
const MIDDLE_MIN = 112;      // px the table keeps under the hand
const MAX_CARD_H = 136;
const OUTCOME_MS = 2600;
const RANK_WORDS = {
  es: { A: "As", S: "Sota", C: "Caballo", R: "Rey" },
  en: { A: "Ace", S: "Jack", C: "Knight", R: "King" },
};

const codeOf = (id) => id.slice(0, id.lastIndexOf("#"));
const lang = () => getLang();

function tn(key, n, vars = {}) {
  return t(n === 1 ? `${key}_one` : key, { n, ...vars });
}

function cardPhrase(code) {
  return code === "*" ? t("ev.joker") : t("ev.the_card", { card: cardName(code, lang()) });
}

const card = cardMaker(cardSVG);

// Hand entries with stable ids: the k-th copy of a code is "code#k" (two packs: 7o twice).
function entries(hand, by) {
  return tagIds(sortCards(hand, by));
}

export function createGameUI(root, ctx) {
  root.innerHTML = `
    <div class="fc">
      <div class="fc-header">
        <div class="fc-head-main">
          <div class="fc-line1"><span class="fc-round"></span><span class="fc-contract chip"></span></div>
          <div class="fc-turn"></div>
          <div class="fc-ticker"></div>
        </div>
        <div class="fc-piles">
          <div class="pile"><div class="pile-card fc-discard"></div><span class="pile-label fc-discard-label"></span></div>
          <div class="pile"><div class="pile-card fc-stock"></div><span class="pile-label fc-stock-label"></span></div>
          <div class="pile fc-buys-pile"><div class="buys-box fc-buys"></div><span class="pile-label fc-buys-label"></span></div>
        </div>
      </div>
      <div class="fc-notice hidden"></div>
      <div class="fc-middle"></div>
      <div class="fc-handbar">
        <span class="fc-hint"></span>
        <button type="button" class="fc-clear hidden" data-clear="1"></button>
        <div class="fc-sort" role="group">
          <button type="button" data-sort="rank"></button><button type="button" data-sort="suit"></button>
        </div>
      </div>
      <div class="fc-hand"></div>
      <div class="fc-actions"></div>
      <div class="fc-overlay fc-buy hidden"></div>
      <div class="fc-overlay fc-modal hidden"></div>
    </div>`;
  const q = (sel) => root.querySelector(sel);
  const el = {
    fc: q(".fc"), header: q(".fc-header"), round: q(".fc-round"), contract: q(".fc-contract"), buys: q(".fc-buys"),
    buysPile: q(".fc-buys-pile"), buysLabel: q(".fc-buys-label"),
    turn: q(".fc-turn"), ticker: q(".fc-ticker"), discard: q(".fc-discard"),
    discardLabel: q(".fc-discard-label"), stock: q(".fc-stock"), stockLabel: q(".fc-stock-label"),
    notice: q(".fc-notice"), middle: q(".fc-middle"), handbar: q(".fc-handbar"), hint: q(".fc-hint"),
    clear: q(".fc-clear"),
    sort: q(".fc-sort"), hand: q(".fc-hand"), actions: q(".fc-actions"), buy: q(".fc-buy"),
    modal: q(".fc-modal"),
  };

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

  function rankWord(rank) {
    return RANK_WORDS[lang()][rank] || rank;
  }

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
      el.turn.innerHTML = swatch(seatColor(g.turn)) +
        esc(t("phone.fc.turn_of", { name: seatName(g.turn) }));
    }
    const last = [...(g.events || [])].reverse().find((ev) => describe(ev));
    el.ticker.textContent = last && PLAYING.has(g.phase) ? describe(last) : "";
    el.discard.innerHTML = g.discard_top ? card(g.discard_top)
      : g.discard ? card(null, { faceDown: true, title: t("phone.fc.closed") }) : `<div class="pile-empty"></div>`;
    el.discardLabel.textContent = t("phone.fc.discard");
    el.stock.innerHTML = card(null, { faceDown: true, title: t("phone.fc.stock") });
    el.stockLabel.textContent = t("phone.fc.stock_n", { n: g.stock });
    const notice = me() !== null && g.stolen_jokers ? t("phone.fc.hint.stolen") : "";
    el.notice.textContent = notice;
    el.notice.classList.toggle("hidden", !notice);
  }

  // ----- the table ------------------------------------------------------------------------------

  function meldHTML(meld, pickable, dim) {
    const cards = minis(meld.cards, card);
    let joker = "";
    if (meld.joker_for) {
      const stands = meld.kind === "run" ? cardName(meld.joker_for, lang()) : rankWord(meld.joker_for);
      joker = `<span class="joker-for">${esc(t("phone.fc.joker_is", { card: stands }))}</span>`;
    }
    const cls = `meld${pickable ? " pickable" : ""}${dim ? " dim" : ""}`;
    return `<button type="button" class="${cls}" data-meld="${meld.id}" ${pickable ? "" : "tabindex=-1"}>` +
      `<span class="meld-cards">${cards}</span>${joker}</button>`;
  }

  function renderTable() {
    const g = game();
    const picking = ui.mode && (ui.mode.kind === "add" || ui.mode.kind === "steal") ? ui.mode.kind : null;
    let html = "";
    if (picking) {
      const codes = ui.mode.ids.map(codeOf);
      const text = picking === "add"
        ? t("phone.fc.pick.add", { cards: codes.map((c) => cardName(c, lang())).join(", ") })
        : t("phone.fc.pick.steal", { card: cardName(codes[0], lang()) });
      html += `<div class="fc-prompt"><span>${esc(text)}</span>` +
        `<span class="prompt-cards">${minis(codes, card)}</span></div>`;
    }
    html += `<div class="fc-table">`;
    // your own row first, then the others in playing order from you
    const n = g.players.length;
    const start = me() ?? 0;
    const order = Array.from({ length: n }, (_, k) => (start + k) % n);
    order.forEach((i) => {
      const p = g.players[i];
      const seat = ui.state.room.seats[i] || {};
      const melds = g.table.filter((m) => m.owner === i);
      const turn = g.turn === i && PLAYING.has(g.phase);
      const info = [tn("phone.fc.cards", p.cards)];
      if (i === g.dealer) info.push(t("phone.fc.dealer"));
      if (seat.connected === false) info.push(t("phone.fc.offline"));
      html += `<div class="trow${turn ? " turn" : ""}${i === me() ? " me" : ""}" style="--seat:${esc(seatColor(i))}">` +
        `<div class="tname"><span class="who">${swatch(seatColor(i))}` +
        `<b>${esc(i === me() ? t("phone.fc.you") : seatName(i))}</b></span>` +
        `<span class="tinfo">${esc(info.join(" · "))}</span>` +
        (p.salido ? `<span class="badge">✓ ${esc(t("phone.fc.salido"))}</span>` : "") + `</div>` +
        `<div class="tmelds">` +
        (melds.length ? melds.map((m) => {
          const ok = picking === "add" || (picking === "steal" && m.cards.includes("*"));
          return meldHTML(m, ok, picking && !ok);
        }).join("") : `<span class="nothing">—</span>`) +
        `</div></div>`;
    });
    html += `</div>`;
    el.middle.innerHTML = html;
  }

  // ----- Salir: compose the contract's combinations ---------------------------------------------

  function renderSalir() {
    const g = game();
    const byId = new Map(handEntries().map((e) => [e.id, e.code]));
    let html = `<div class="salir"><p class="salir-title">${esc(t("phone.fc.salir.title", { contract: pick(g.contract) }))}</p>`;
    ui.mode.slots.forEach((ids, n) => {
      const active = n === ui.mode.active;
      html += `<div class="slot${active ? " active" : ""}" data-slot="${n}">` +
        `<span class="slot-label">${esc(t("phone.fc.salir.slot", { n: n + 1 }))}` +
        `${active ? ` <span class="slot-arrow">◀</span>` : ""}</span><div class="slot-cards">` +
        (ids.length ? ids.map((id) => `<button type="button" class="slot-card" data-slot-id="${esc(id)}">${card(byId.get(id))}</button>`).join("")
          : `<span class="slot-empty">${esc(t("phone.fc.salir.empty"))}</span>`) +
        `</div></div>`;
    });
    html += `</div>`;
    el.middle.innerHTML = html;
  }

  // ----- end of round / game ----------------------------------------------------------------------

  function renderResults() {
    const g = game();
    const res = g.last_round;
    const over = g.phase === "game_over";
    let html = `<div class="results">`;
    if (over) {
      html += `<h2>${esc(t("phone.fc.res.game_over"))}</h2>`;
      const winners = g.result?.winners || [];
      if (winners.includes(me())) html += `<p class="winner">${esc(t("phone.fc.res.you_won"))}</p>`;
      else if (winners.length > 1) html += `<p class="winner">${esc(t("phone.fc.res.tie", { names: winners.map(seatName).join(", ") }))}</p>`;
      else if (winners.length) html += `<p class="winner">${esc(t("phone.fc.res.winner", { name: seatName(winners[0]) }))}</p>`;
    } else {
      html += `<h2>${esc(t("phone.fc.res.round_over", { n: res?.round ?? g.round }))}</h2>`;
    }
    if (res) {
      const closer = res.closer;
      html += `<p class="closer">${esc(closer == null ? t("phone.fc.res.no_closer")
        : closer === me() ? t("phone.fc.res.you_closed", { prize: res.points[closer] })
          : t("phone.fc.res.closer", { name: seatName(closer), prize: res.points[closer] }))}</p>`;
      if (me() !== null && closer !== me()) {
        const left = res.hands[me()] || [];
        html += `<div class="my-points"><span>${esc(t("phone.fc.res.your_points"))}</span><b>+${res.points[me()]}</b></div>`;
        if (left.length) html += `<div class="left-cards">${minis(left, card)}</div>`;
      }
    }
    const totals = g.players.map((p) => p.score);
    const ranking = g.result?.ranking || [...totals.keys()].sort((a, b) => totals[a] - totals[b] || a - b);
    html += `<table class="standings"><thead><tr><th></th><th>${esc(t("phone.fc.res.player"))}</th>` +
      (res ? `<th>${esc(t("phone.fc.res.round"))}</th>` : "") + `<th>${esc(t("phone.fc.res.total"))}</th></tr></thead><tbody>`;
    ranking.forEach((s, pos) => {
      const medal = medalHTML(pos + 1, over);
      const pts = res ? res.points[s] : null;
      html += `<tr class="${s === me() ? "me" : ""}"><td>${medal}</td><td>${swatch(seatColor(s))}${esc(seatName(s))}</td>` +
        (res ? `<td>${pts > 0 ? "+" : ""}${pts}</td>` : "") + `<td><b>${totals[s]}</b></td></tr>`;
    });
    html += `</tbody></table>`;
    if (over && me() !== null) {
      const place = ranking.indexOf(me()) + 1;
      html += `<p class="place">${esc(t("phone.fc.res.your_place", { n: place }))}</p>`;
    }
    html += `<p class="muted small">${esc(t("phone.fc.res.lowest"))}</p>`;
    if (!over) html += `<p class="auto-next muted" data-countdown="next_round"></p>`;
    html += `</div>`;
    el.middle.innerHTML = html;
  }

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
    const html = handRowsHTML(list, layout, (e, k, style) => {
      const sel = ui.selected.has(e.id);
      const fresh = (ui.fresh.get(e.id) || 0) > now - FRESH_MS;
      return `<button type="button" class="hand-card${sel ? " selected" : ""}${fresh ? " fresh" : ""}" data-id="${esc(e.id)}" ` +
        `aria-pressed="${sel}" style="${style}">` +
        card(e.code, { selected: sel }) + `</button>`;
    });
    el.hand.innerHTML = html;
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
    const spectator = me() === null;
    el.actions.classList.toggle("hidden", spectator);
    if (spectator) return;
    const a = allowed();
    let html = "";
    if (!PLAYING.has(g.phase)) {
      html = betweenRoundsHTML(a, g.phase, ui.pending, t("phone.fc.btn.next_round"), t("phone.fc.waiting_others"));
      el.actions.className = "fc-actions single";
      el.actions.innerHTML = html;
      return;
    }
    if (ui.mode) {
      const ready = ui.mode.kind === "salir" && ui.mode.slots.every((s) => s.length) && !ui.pending;
      html = `<button type="button" class="btn secondary" data-act="cancel">${esc(t("phone.fc.btn.cancel"))}</button>`;
      if (ui.mode.kind === "salir") {
        html += `<button type="button" class="btn primary" data-act="send_salir" ${ready ? "" : "disabled"}>${esc(t("phone.fc.btn.send_salir"))}</button>`;
      }
      el.actions.className = "fc-actions mode";
      el.actions.innerHTML = html;
      return;
    }
    const primary = a.has("draw") ? "draw" : a.has("close") ? "close"
      : a.has("discard") && ui.selected.size === 1 ? "discard" : null;
    for (const type of BUTTONS) {
      const on = a.has(type) && !ui.pending;
      const need = on ? needs(type) : null;
      const cls = `btn act act-${type}${type === primary ? " primary" : ""}${need ? " needs" : ""}`;
      html += `<button type="button" class="${cls}" data-act="${type}" ${on ? "" : "disabled"} ` +
        `${need ? `aria-disabled="true"` : ""}>${esc(t(`phone.fc.btn.${type}`))}</button>`;
    }
    el.actions.className = "fc-actions";
    el.actions.innerHTML = html;
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
    return `<svg class="ring" viewBox="0 0 64 64" aria-hidden="true"><circle cx="32" cy="32" r="${r}" class="ring-bg"/>` +
      `<circle cx="32" cy="32" r="${r}" class="ring-fg" stroke-dasharray="${c.toFixed(1)}" ` +
      `stroke-dashoffset="${(c * (1 - fraction)).toFixed(1)}" transform="rotate(-90 32 32)"/>` +
      `<text x="32" y="40" text-anchor="middle">${label}</text></svg>`;
  }

  function renderBuy() {
    const g = ui.state && game();
    const b = ui.buy;
    const show = !!(g && b && me() !== null && (b.outcome || (!b.passed && windowKey(g) === b.key)));
    el.buy.classList.toggle("hidden", !show);
    document.body.classList.toggle("buy-open", show);
    if (!show) return;
    let html = `<div class="buy-box">`;
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
      html += `<div class="buy-card">${card(b.card)}</div><p class="buy-outcome ${cls}">${esc(text)}</p>`;
    } else {
      const mine = g.players[me()];
      const sub = b.discarder == null ? t("phone.fc.buy.first") : t("phone.fc.buy.from", { name: seatName(b.discarder) });
      html += `<p class="buy-title">${esc(t("phone.fc.buy.title"))}</p><p class="buy-sub">${esc(sub)}</p>` +
        `<div class="buy-card">${card(b.card)}</div>` +
        `<div class="buy-timer" data-countdown="buy_window"></div>`;
      if (b.pressed) {
        html += `<div class="compro waiting" role="status">${esc(t("phone.fc.buy.waiting"))}</div>`;
      } else {
        html += `<button type="button" class="compro" data-act="buy" ${ui.pending ? "disabled" : ""}>${esc(t("phone.fc.buy.compro"))}</button>` +
          `<button type="button" class="btn secondary paso" data-act="pass" ${ui.pending ? "disabled" : ""}>${esc(t("phone.fc.buy.pass"))}</button>`;
      }
      html += `<p class="buy-left">${esc(tn("phone.fc.buy.left", mine.buys_left))}</p>`;
    }
    html += `</div>`;
    el.buy.innerHTML = html;
    updateCountdowns();
  }

  // ----- timers (buy window, next round): counted down locally from the server's figure ------------

  function readTimers() {
    ui.deadlines = readDeadlines(ui.state);
  }

  function updateCountdowns() {
    fillCountdowns(root, ui.deadlines, (node, left, d) => {
      if (node.dataset.countdown === "buy_window") {
        node.innerHTML = ring(d.seconds ? left / d.seconds : 0, Math.ceil(left));
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
    el.modal.innerHTML = `<div class="modal-box"><p class="modal-title">${esc(t("phone.fc.end.title"))}</p>` +
      `<div class="end-choices">` +
      `<button type="button" class="btn end-btn" data-end="low"><span class="mini">${first ? card(first) : ""}</span>${esc(t("phone.fc.end.low"))}</button>` +
      `<button type="button" class="btn end-btn" data-end="high">${esc(t("phone.fc.end.high"))}<span class="mini">${last ? card(last) : ""}</span></button>` +
      `</div><button type="button" class="btn secondary" data-end="cancel">${esc(t("phone.fc.btn.cancel"))}</button></div>`;
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
        const slots = Array.from({ length: game().contract.melds || 1 }, () => []);
        const ids = handEntries().filter((e) => ui.selected.has(e.id)).map((e) => e.id);
        slots[0] = ids;
        const active = ids.length >= (game().contract.size || 3) && slots.length > 1 ? 1 : 0;
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

  root.addEventListener("click", (event) => {
    if (!ui.state) return;
    const target = event.target;
    const cardBtn = target.closest(".hand-card");
    if (cardBtn) {
      const id = cardBtn.dataset.id;
      if (ui.mode?.kind === "salir") {
        const slot = ui.mode.slots[ui.mode.active];
        slot.push(id);
        const size = game().contract.size || 3;
        if (slot.length === size && ui.mode.active < ui.mode.slots.length - 1
            && !ui.mode.slots[ui.mode.active + 1].length) ui.mode.active += 1;
        renderAll();
      } else if (!ui.mode) {
        if (ui.selected.has(id)) ui.selected.delete(id);
        else ui.selected.add(id);
        renderHand();
        renderActions();
      }
      return;
    }
    const slotCard = target.closest(".slot-card");
    if (slotCard && ui.mode?.kind === "salir") {
      const id = slotCard.dataset.slotId;
      ui.mode.slots = ui.mode.slots.map((ids) => ids.filter((x) => x !== id));
      renderAll();
      return;
    }
    const slot = target.closest(".slot");
    if (slot && ui.mode?.kind === "salir") {
      ui.mode.active = Number(slot.dataset.slot);
      renderAll();
      return;
    }
    const meld = target.closest(".meld.pickable");
    if (meld) {
      pickMeld(Number(meld.dataset.meld));
      return;
    }
    if (target.closest("[data-clear]")) {
      ui.selected.clear();
      renderHand();
      renderActions();
      return;
    }
    const sortBy = tappedSort(target, SORT_KEY);
    if (sortBy) {
      ui.sortBy = sortBy;
      renderHand();
      return;
    }
    const button = target.closest("[data-act]");
    if (button && !button.disabled) {
      const need = button.getAttribute("aria-disabled") === "true" ? needs(button.dataset.act) : null;
      if (need) ctx.banner(t(need), "info");
      else act(button.dataset.act);
    }
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
    if (!PLAYING.has(game().phase)) renderResults();
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
    const firstUpdate = !ui.state;
    ui.state = state;
    readTimers();
    reconcile();
    const opened = trackBuy();
    const mine = myTurn();
    const startedTurn = mine && !ui.wasMyTurn;
    ui.wasMyTurn = mine;
    if (opened && startedTurn) vibrate([200, 100, 200, 100, 400]);
    else if (opened) vibrate([200, 100, 200]);
    else if (startedTurn && !firstUpdate) vibrate(400);
    renderAll();
    if (!ui.tick) ui.tick = setInterval(() => {
      updateCountdowns();
      if (freshOver(ui.fresh, FRESH_MS)) {
        ui.fresh.clear();
        renderHand();
      }
    }, 200);
  }

  return {
    update,
    relabel() { if (ui.state) renderAll(); },
    destroy() {
      clearInterval(ui.tick);
      unwatchResize();
      document.body.classList.remove("buy-open");
      root.replaceChildren();
    },
  };
}
