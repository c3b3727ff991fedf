// Ferrocarril's hand: the player's cards (selection, sorting, fresh marks), the bar above them
// (hint, clear, sort), the action buttons and the modes that belong to the hand: the Salir
// composer, the add / steal pickers (the next tap on a combination of the table) and the
// which-end dialog. Any screen mounts it beside the table (the phone; the one-device screen).
//
// mount(root, ctx) → {update(state), relabel(), destroy(), local(), panel, panelReplacesTable(), tapTable(target)}
//   ctx.line        the screen's makeLine() (or ctx.send(action) → reply, and a line of its own)
//   ctx.banner(message, kind), ctx.vibrate(pattern)
//   ctx.drawTable(reason) called each time the hand draws, before it measures its room: draw the
//                        table with local() and the panel (reason "pick": a picker opened, show
//                        the table from its top)
//   ctx.room(mode)       the height in px the bar, the cards and the buttons may take together
//   local()         what the table's update needs from the hand: {picking: "add" | "steal" | null}
//   panel           an element the screen shows with the table: the picker's prompt above it, or
//                   the Salir composer instead of it (panelReplacesTable())
//
// JS never decides a rule: a button is enabled only when its action type is in `view.allowed`
// (and the selection has the right number of cards for it); the engine refuses anything wrong.
import { cardEl, cardName, sortCards, theCard, theCards } from "../../pieces/spanish.js";
import { getLang, pick, t } from "../../core/i18n.js";
import { h } from "../../core/dom.js";
import {
  atRest, cardMaker, handHandle, handName, handRows, idleActions, makeLine, markFresh, minis, pickHandLayout, routeTap, scrollHand,
  sayWhy, stateReaders, storedSort, tagIds, tapSortOrAct, watchResize,
} from "../../shell/phone-kit.js";

const SORT_KEY = "sobremesa.sort";
const PLAYING = new Set(["draw", "play"]);
const FRESH_MS = 6000;
const MAX_CARD_H = 136;
const BUTTONS = ["draw", "salir", "discard", "close", "meld", "add", "steal"];

const codeOf = (id) => id.slice(0, id.lastIndexOf("#"));
const card = cardMaker(cardEl);

function tn(key, n, vars = {}) {
  return t(n === 1 ? `${key}_one` : key, { n, ...vars });
}

// Hand entries with stable ids: the k-th copy of a code is "code#k" (two packs: 7o twice).
function entries(hand, by) {
  return tagIds(sortCards(hand, by));
}

export function mount(root, ctx) {
  const el = {
    handbar: h("div", { class: "fc-handbar" }), hint: h("span", { class: "fc-hint" }),
    clear: h("button", { type: "button", class: "fc-clear hidden", dataset: { clear: "1", key: "esc" } }),
    sort: h("div", { class: "fc-sort", role: "group" },
      h("button", { type: "button", dataset: { sort: "rank" } }), h("button", { type: "button", dataset: { sort: "suit" } })),
    hand: h("div", { class: "fc-hand" }), actions: h("div", { class: "fc-actions" }),
    modal: h("div", { class: "fc-overlay fc-modal hidden" }),
    panel: h("div", { class: "fc-hand-panel", style: { display: "contents" } }),
  };
  el.handbar.append(el.hint, el.clear, el.sort);
  root.replaceChildren(el.handbar, el.hand, el.actions, el.modal);

  const ui = {
    state: null,
    sortBy: storedSort(SORT_KEY),
    selected: new Set(),     // ids of selected hand cards
    mode: null,              // null | {kind:"salir", slots:[[ids]], active} | {kind:"add"|"steal", ids}
    fresh: new Map(),        // id -> time it arrived in the hand
    prev: null,              // {round, hand} of the previous update
    tick: null,
  };
  const line = ctx.line || makeLine(ctx);
  const send = line.send;

  const { game, me, allowed } = stateReaders(ui);
  const myTurn = () => me() !== null && game().turn === me() && PLAYING.has(game().phase);
  const handEntries = () => entries(game().hand || [], ui.sortBy);
  const inSlots = () => new Set(ui.mode?.kind === "salir" ? ui.mode.slots.flat() : []);
  const selectedCodes = () => handEntries().filter((e) => ui.selected.has(e.id)).map((e) => e.code);

  // ----- the panel: the picker's prompt, or the Salir composer ------------------------------------

  function renderPanel() {
    const g = game();
    if (!ui.mode || !PLAYING.has(g.phase)) {
      el.panel.replaceChildren();
    } else if (ui.mode.kind === "salir") {
      const byId = new Map(handEntries().map((e) => [e.id, e.code]));
      const slots = ui.mode.slots.map((ids, n) => {
        const active = n === ui.mode.active;
        return h("div", { class: ["slot", active && "active"], dataset: { slot: String(n) }, tabindex: "0" },
          h("span", { class: "slot-label" }, t("phone.fc.salir.slot", { n: n + 1 }),
            active && " ", active && h("span", { class: "slot-arrow", text: "◀" })),
          h("div", { class: "slot-cards" },
            ids.length ? ids.map((id) => h("button", { type: "button", class: "slot-card", dataset: { slotId: id } }, card(byId.get(id))))
              : h("span", { class: "slot-empty", text: t("phone.fc.salir.empty") })));
      });
      el.panel.replaceChildren(h("div", { class: "salir" },
        h("p", { class: "salir-title", text: t("phone.fc.salir.title", { contract: pick(g.contract) }) }), slots));
    } else {
      const codes = ui.mode.ids.map(codeOf);
      const text = ui.mode.kind === "add"
        ? t("phone.fc.pick.add", { cards: theCards(codes, getLang()) })
        : t("phone.fc.pick.steal", { card: theCard(codes[0], getLang()) });
      el.panel.replaceChildren(h("div", { class: "fc-prompt" }, h("span", { text }), h("span", { class: "prompt-cards" }, minis(codes, card))));
    }
  }

  // ----- the hand -----------------------------------------------------------------------------------

  // Rows and card size for the hand: as large as the room allows, with every card showing
  // a strip wide enough to read its corner and to tap. Picks the row count whose visible
  // (tappable) strips are largest.
  function layoutHand(count) {
    const width = Math.max(240, el.hand.clientWidth || root.clientWidth) - 12;
    const avail = Math.max(2 * 50, ctx.room(ui.mode) - el.handbar.offsetHeight - el.actions.offsetHeight);
    scrollHand(el.hand, avail);
    return pickHandLayout(count, width, avail,
      { maxRows: 4, minH: 62, maxH: MAX_CARD_H, gap: 10, minStep: 44, minW: 44, area: 1.4 });
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
        "aria-pressed": String(sel), "aria-label": handName(cardName(e.code, getLang()), sel), style },
      card(e.code, { selected: sel }));
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
    const pending = line.pending();
    if (idleActions(el.actions, "fc-actions", { spectator: me() === null, playing: PLAYING.has(g.phase), allowed: a, phase: g.phase,
      pending, nextLabel: t("phone.fc.btn.next_round"), nextKey: t("phone.fc.key.round.next_round"),
      waitingLabel: t("phone.fc.waiting_others") })) return;
    if (ui.mode) {
      const ready = ui.mode.kind === "salir" && ui.mode.slots.every((s) => s.length) && !pending;
      el.actions.className = "fc-actions mode";
      el.actions.replaceChildren(
        h("button", { type: "button", class: "btn secondary", dataset: { act: "cancel", key: "esc" }, text: t("phone.fc.btn.cancel") }),
        ...(ui.mode.kind === "salir" ? [h("button", { type: "button", class: "btn primary",
          dataset: { act: "send_salir", key: t("phone.fc.key.mode.send_salir") },
          disabled: !ready, text: t("phone.fc.btn.send_salir") })] : []));
      return;
    }
    const primary = a.has("draw") ? "draw" : a.has("close") ? "close"
      : a.has("discard") && ui.selected.size === 1 ? "discard" : null;
    el.actions.className = "fc-actions";
    // A button stays enabled while another move is in flight: the line sends it next (and the
    // same move twice once), so a quick "draw, then discard" loses neither. One the engine does
    // not allow now is at rest: a tap on it says the engine's reason.
    el.actions.replaceChildren(...BUTTONS.map((type) => {
      const on = a.has(type);
      const need = on ? needs(type) : null;
      return h("button", { type: "button", class: ["btn", "act", `act-${type}`, type === primary && "primary", need && "needs"],
        dataset: { act: type, key: t(`phone.fc.key.hand.${type}`) }, "aria-disabled": need ? "true" : null,
        text: t(`phone.fc.btn.${type}`), ...atRest(!on) });
    }));
  }

  // ----- which end of an escalera? ------------------------------------------------------------

  function askEnd(action) {
    const meld = game().table.find((m) => m.id === action.meld);
    const first = meld?.cards[0];
    const last = meld?.cards[meld.cards.length - 1];
    el.modal.replaceChildren(h("div", { class: "modal-box", dataset: { layer: "" } },
      h("p", { class: "modal-title", text: t("phone.fc.end.title") }),
      h("div", { class: "end-choices" },
        h("button", { type: "button", class: "btn end-btn", dataset: { end: "low", key: t("phone.fc.key.end.low") } },
          h("span", { class: "mini" }, first && card(first)), t("phone.fc.end.low")),
        h("button", { type: "button", class: "btn end-btn", dataset: { end: "high", key: t("phone.fc.key.end.high") } },
          t("phone.fc.end.high"), h("span", { class: "mini" }, last && card(last)))),
      h("button", { type: "button", class: "btn secondary", dataset: { end: "cancel", key: "esc" }, text: t("phone.fc.btn.cancel") })));
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

  // ----- acting -------------------------------------------------------------------------------------

  // The panel, then the screen's table (it shows the hand's mode), then the hand, which measures
  // what is left for it.
  function render(reason) {
    renderPanel();
    ctx.drawTable(reason);
    renderActions();
    renderHand();
  }

  // `sent`: the play's own cards leave the selection, not those picked since its answer left
  // (the next play's, on a slow network); without it the whole selection goes.
  function finishMode(sent = null) {
    ui.mode = null;
    if (sent) for (const id of sent) ui.selected.delete(id);
    else ui.selected.clear();
    render();
  }

  async function act(type) {
    const codes = selectedCodes();
    switch (type) {
      case "draw": case "close": case "next_round":
        await send({ type });
        return;
      case "discard": case "meld": {
        const sent = [...ui.selected];
        const action = type === "discard" ? { type, card: codes[0] } : { type, cards: codes };
        if ((await send(action))?.ok) finishMode(sent);
        return;
      }
      case "salir": {
        const slots = Array.from({ length: game().contract.melds }, () => []);
        const ids = handEntries().filter((e) => ui.selected.has(e.id)).map((e) => e.id);
        slots[0] = ids;
        const active = ids.length >= game().contract.size && slots.length > 1 ? 1 : 0;
        ui.mode = { kind: "salir", slots, active };
        ui.selected.clear();
        render();
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
        render("pick");
        return;
      }
      case "cancel":
        ui.mode = null;
        render();
        return;
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

  // ----- taps ---------------------------------------------------------------------------------------

  function tapHandCard(cardBtn) {
    const id = cardBtn.dataset.id;
    if (ui.mode?.kind === "salir") {
      const slot = ui.mode.slots[ui.mode.active];
      slot.push(id);
      const size = game().contract.size;
      if (slot.length === size && ui.mode.active < ui.mode.slots.length - 1
          && !ui.mode.slots[ui.mode.active + 1].length) ui.mode.active += 1;
      render();
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
      render();
    }],
    [".slot", (node) => {
      if (!salir()) return false;
      ui.mode.active = Number(node.dataset.slot);
      render();
    }],
    ["[data-clear]", () => {
      ui.selected.clear();
      renderHand();
      renderActions();
    }],
  ];

  function onTap(event) {
    if (!ui.state) return;
    const target = event.target;
    if (routeTap(target, routes)) return;
    tapSortOrAct(target, ui, SORT_KEY, {
      resorted: renderHand,
      say: (reason) => sayWhy(ctx, reason),
      act(button) {
        const need = button.getAttribute("aria-disabled") === "true" ? needs(button.dataset.act) : null;
        if (need) ctx.banner(t(need), "info");
        else act(button.dataset.act);
      },
    });
  }
  root.addEventListener("click", onTap);
  el.panel.addEventListener("click", onTap);

  // A tap on the table: the combination a picker waits for. True when the hand took it.
  function tapTable(target) {
    if (!ui.state) return false;
    const meld = target.closest(".meld.pickable");
    if (!meld) return false;
    pickMeld(Number(meld.dataset.meld));
    return true;
  }

  const unwatchResize = watchResize(() => ui.state && renderHand(), 100);
  const unlisten = line.listen(() => { if (ui.state) renderActions(); });

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

  return handHandle(ui, root, {
    reconcile, render, redrawHand: renderHand, tickMs: 200, freshMs: FRESH_MS, panel: el.panel,
    cleanups: [unwatchResize, unlisten, () => root.removeEventListener("click", onTap)],
  }, {
    local: () => ({ picking: ui.mode && ui.mode.kind !== "salir" ? ui.mode.kind : null }),
    panelReplacesTable: () => ui.mode?.kind === "salir",
    tapTable,
  });
}
