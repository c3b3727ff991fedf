// Canasta Ferroviaria's hand: the player's cards grouped by rank (one stack per rank with its
// count, since a hand may hold 40 cards and more once it takes the pile), the bar above them
// (hint, let go, the kitty), the action buttons, and the modes that belong to the hand: the
// composer (several melds in one play, or the pile's two naturals and the melds that make up
// the first meld's requirement, with the progress toward it), the add picker (the next tap on
// one of your melds on the table) and the kitty's cards. Any screen mounts it beside the table
// (the phone; the one-device screen).
//
// mount(root, ctx) → {update(state), relabel(), destroy(), local(), panel, panelReplacesTable(), tapTable(target)}
//   ctx.line, ctx.banner, ctx.vibrate, ctx.drawTable(reason), ctx.room(mode): see static/js/README.md
//   local()         what the table's update needs from the hand: {picking, pickable: [meld ids]}
//   panel           the composer (instead of the table) or the add picker's prompt (above it)
//
// Within a rank the cards are alike for every rule (a red 3 is never held), so a tap on a
// stack takes the whole stack, each further tap one card fewer (to none; a stack of wild
// cards, one more card a tap, as they go one at a time); Descartar with one
// stack chosen discards one of its cards. With cards chosen, the open melds the view says they
// fit (fits) light up, and a tap on one adds them. «Bajar» with nothing chosen opens the
// composer filled with the engine's first proposal (meld_proposals; the others one tap away),
// and taking the pile before the first meld fills it with the melds the engine found for the
// requirement (pile_melds). After a discard that offers the kitty, the bar offers «Coger el
// gatito» and «Dejarlo» over its cards. The card values and the requirement come from the view
// (card_values, players[].requirement); the engine refuses anything wrong in its own words.
import { cardEl, cardName } from "../../pieces/french.js";
import { getLang, t } from "../../core/i18n.js";
import { h } from "../../core/dom.js";
import { cardScale } from "../../core/display.js";
import {
  atRest, cardMaker, handHandle, handName, idleActions, makeLine, markFresh, minis, routeTap, sayWhy, scrollHand,
  stateReaders, tagIds, tapSortOrAct, watchResize,
} from "../../shell/phone-kit.js";
import { nextChosen, proposalLabel, rankOf, stacksOf, usualStacks } from "./stacks.js";

const PLAYING = new Set(["draw", "play", "kitty"]);
const FRESH_MS = 6000;
const MAX_CARD_W = 96;
const MIN_CARD_W = 44;
const GAP = 6;
const SIZES = [MIN_CARD_W, MAX_CARD_W, GAP];
const DRAW_BUTTONS = ["draw", "take_pile", "take_top"];
const PLAY_BUTTONS = ["meld", "add", "discard"];
const KITTY_BUTTONS = ["take_kitty", "leave_kitty"];

const card = cardMaker(cardEl);

function tn(key, n, vars = {}) {
  return t(n === 1 ? `${key}_one` : key, { n, ...vars });
}

export function mount(root, ctx) {
  const el = {
    handbar: h("div", { class: "cn-handbar" }), hint: h("span", { class: "cn-hint" }),
    clear: h("button", { type: "button", class: "tool cn-clear hidden", dataset: { clear: "1", key: "esc" } }),
    kitty: h("button", { type: "button", class: "tool cn-kitty-btn hidden", dataset: { kitty: "open", key: "" } }),
    hand: h("div", { class: "cn-hand" }), actions: h("div", { class: "cn-actions" }),
    modal: h("div", { class: "cn-overlay hidden" }),
    panel: h("div", { class: "cn-hand-panel", style: { display: "contents" } }),
  };
  el.handbar.append(el.hint, el.kitty, el.clear);
  root.replaceChildren(el.handbar, el.hand, el.actions, el.modal);

  const ui = {
    state: null,
    selected: new Map(),     // rank -> how many of its cards are chosen
    mode: null,              // null | {kind: "compose" | "pile", slots: [[ids]], active} | {kind: "add", codes}
    kittyOpen: false,
    fresh: new Map(),        // id -> time it arrived in the hand
    prev: null,              // {round, hand} of the previous update
    tick: null,
  };
  const line = ctx.line || makeLine(ctx);
  const send = line.send;

  const { game, me, allowed } = stateReaders(ui);
  const myTurn = () => me() !== null && game().turn === me() && PLAYING.has(game().phase);
  const handEntries = () => tagIds(game().hand || []);
  const inSlots = () => new Set(ui.mode?.slots ? ui.mode.slots.flat() : []);
  const composing = () => ui.mode?.kind === "compose" || ui.mode?.kind === "pile";
  const mine = () => game().players[me()];
  const choosingKitty = () => myTurn() && game().phase === "kitty";
  const wildRanks = () => new Set(game().wild_ranks || []);
  // The stacks still in the hand (without the cards put in the composer's melds).
  const freeStacks = () => {
    const used = inSlots();
    return stacksOf(handEntries().filter((e) => !used.has(e.id)));
  };
  const codeById = () => new Map(handEntries().map((e) => [e.id, e.code]));
  // The chosen cards, the first ones of each rank's stack.
  const selectedEntries = () => freeStacks().flatMap((s) => s.entries.slice(0, ui.selected.get(s.rank) || 0));
  const selectedCount = () => [...ui.selected.values()].reduce((a, b) => a + b, 0);
  // The open melds the chosen cards go on, as the view says (fits: the ranks each one takes).
  const litMelds = () => {
    if (ui.mode || !selectedCount() || !myTurn() || game().phase !== "play") return [];
    const ranks = [...ui.selected.keys()];
    return (game().fits || []).filter((f) => ranks.every((r) => f.ranks.includes(r))).map((f) => f.meld);
  };

  // ----- the requirement and the progress toward it ------------------------------------------------

  const value = (code) => game().card_values?.[rankOf(code)];
  const topCode = () => game().pile_top;

  function progress() {
    const g = game();
    if (!composing() || !g.card_values || mine().melded) return null;
    const byId = codeById();
    const codes = ui.mode.slots.flat().map((id) => byId.get(id));
    if (ui.mode.kind === "pile" && topCode()) codes.push(topCode());
    const have = codes.reduce((sum, c) => sum + (value(c) || 0), 0);
    return { have, need: mine().requirement };
  }

  // ----- the panel: the composer, or the add picker's prompt ---------------------------------------

  function renderPanel() {
    const g = game();
    if (choosingKitty() && g.kitty_cards) {
      el.panel.replaceChildren(h("div", { class: "cn-prompt cn-kitty-choice", dataset: { kitty: "choice" } },
        h("span", { text: t("canasta.hand.kitty_choice", { n: g.kitty_cards.length }) }),
        h("span", { class: "prompt-cards" }, minis(g.kitty_cards, card))));
      return;
    }
    if (!ui.mode || !PLAYING.has(g.phase)) {
      el.panel.replaceChildren();
      return;
    }
    if (ui.mode.kind === "add") {
      el.panel.replaceChildren(h("div", { class: "cn-prompt" },
        h("span", { text: t("canasta.hand.add_prompt", { cards: ui.mode.codes.map((c) => cardName(c, getLang())).join(", ") }) }),
        h("span", { class: "prompt-cards" }, minis(ui.mode.codes, card))));
      return;
    }
    const byId = codeById();
    const pile = ui.mode.kind === "pile";
    const slots = ui.mode.slots.map((ids, n) => {
      const active = n === ui.mode.active;
      const codes = ids.map((id) => byId.get(id));
      const points = codes.reduce((sum, c) => sum + (value(c) || 0), 0) + (pile && n === 0 && topCode() ? value(topCode()) || 0 : 0);
      return h("div", { class: ["slot", active && "active"], dataset: { slot: String(n) }, tabindex: "0" },
        h("span", { class: "slot-label" }, t("canasta.hand.compose.slot", { n: n + 1 }),
          g.card_values && (ids.length || (pile && n === 0)) ? h("span", { class: "slot-points", text: ` · ${t("canasta.hand.points", { n: points })}` }) : null,
          active && h("span", { class: "slot-arrow", text: " ◀" })),
        h("div", { class: "slot-cards" },
          ids.map((id) => h("button", { type: "button", class: "slot-card", dataset: { slotId: id } }, card(byId.get(id)))),
          pile && n === 0 && topCode() && h("span", { class: "slot-top", title: t("canasta.hand.compose.with_top", { card: cardName(topCode(), getLang()) }) },
            card(topCode()), h("span", { class: "slot-top-label", text: t("canasta.hand.compose.top") })),
          !ids.length && !(pile && n === 0) && h("span", { class: "slot-empty", text: t("canasta.hand.compose.empty") })));
    });
    const p = progress();
    el.panel.replaceChildren(h("div", { class: ["cn-composer", pile && "taking-pile"] },
      h("div", { class: "composer-head" },
        h("p", { class: "composer-title", text: t(pile ? "canasta.hand.compose.pile_title" : "canasta.hand.compose.title") }),
        p && h("p", { class: ["cn-progress", p.have >= p.need && "done"], role: "status",
          text: t(p.have >= p.need ? "canasta.hand.progress_done" : "canasta.hand.progress", p) })),
      proposalChips(),
      slots));
  }

  // The engine's other proposals, a tap each: "K×4 · 9×3 (70)".
  function proposalChips() {
    const list = ui.mode.proposals || [];
    if (list.length < 2) return null;
    const label = (melds) => proposalLabel(melds, wildRanks(), value);
    return h("div", { class: "cn-proposals", role: "group", "aria-label": t("canasta.hand.proposals") },
      list.map((melds, i) => h("button", { type: "button", class: ["tool", "cn-proposal", i === ui.mode.chosen && "chosen"],
        dataset: { proposal: String(i) }, "aria-pressed": String(i === ui.mode.chosen), text: label(melds) })));
  }

  // ----- the hand: one stack per rank -----------------------------------------------------------------

  // The widest card with which every stack fits in the room, in as few rows as that takes.
  function layoutStacks(count) {
    const width = Math.max(240, el.hand.clientWidth || root.clientWidth) - 8;
    const avail = Math.max(70, ctx.room(ui.mode) - el.handbar.offsetHeight - el.actions.offsetHeight - 8);
    const k = cardScale();
    scrollHand(el.hand, avail + 16);
    if (k > 1) {       // extra-large: the usual cards k times larger; the hand scrolls if it must
      const w = Math.min(width, Math.round(usualStacks(count, width, avail, SIZES).w * k));
      const perRow = Math.max(1, Math.floor((width + GAP) / (w + GAP)));
      return { rows: Math.ceil(count / perRow), perRow, w };
    }
    return usualStacks(count, width, avail, SIZES);
  }

  function renderHand() {
    const g = game();
    const spectator = me() === null;
    const ended = !PLAYING.has(g.phase);
    const picking = ui.mode?.kind === "add";   // the table needs the room
    el.hand.classList.toggle("hidden", spectator || ended || picking);
    el.handbar.classList.toggle("hidden", spectator || ended);
    if (spectator || ended) return;
    renderBar();
    if (picking) return;
    const stacks = freeStacks();
    const { w } = layoutStacks(Math.max(stacks.length, 1));
    const now = Date.now();
    el.hand.style.setProperty("--card-w", `${w}px`);
    el.hand.replaceChildren(...stacks.map((s) => {
      const total = s.entries.length;
      const chosen = composing() ? 0 : Math.min(ui.selected.get(s.rank) || 0, total);
      const fresh = s.entries.some((e) => (ui.fresh.get(e.id) || 0) > now - FRESH_MS);
      const name = cardName(s.entries[0].code, getLang());
      // Named by its card's picture ("reina de picas ×2, elegida"), not over the "Q" it shows;
      // the count and the tick drawn over it are that name's, seen only.
      return h("button", { type: "button", class: ["hand-card", "cn-stack", chosen && "selected", fresh && "fresh", total > 1 && "many"],
        dataset: { id: s.entries[0].id, rank: s.rank }, "aria-pressed": String(chosen > 0) },
      card(s.entries[0].code, { selected: chosen > 0,
        title: handName(total > 1 ? `${name} ${t("canasta.hand.count", { n: total })}` : name, chosen > 0) }),
      total > 1 && h("span", { class: "cn-count", "aria-hidden": "true", text: t("canasta.hand.count", { n: total }) }),
      chosen > 0 && h("span", { class: "cn-picked", "aria-hidden": "true", text: total > 1 ? t("canasta.hand.picked", { n: chosen, total }) : "✓" }));
    }));
  }

  function renderBar() {
    el.hint.textContent = hintText();
    el.clear.textContent = t("canasta.hand.clear");
    el.clear.dataset.key = "esc";
    el.clear.classList.toggle("hidden", !selectedCount() || !!ui.mode);
    const kitty = game().kitty_cards;
    el.kitty.classList.toggle("hidden", !kitty || choosingKitty());
    el.kitty.textContent = t("canasta.hand.btn.kitty");
    el.kitty.dataset.key = t("canasta.key.bar.kitty");
    el.handbar.classList.toggle("kitty-may", !!kitty && !mine().kitty_left);
  }

  function hintText() {
    const g = game();
    const a = allowed();
    const n = selectedCount();
    if (ui.mode?.kind === "pile") return t("canasta.hand.hint.compose");
    if (ui.mode?.kind === "compose") return t("canasta.hand.hint.compose");
    if (ui.mode?.kind === "add") return t("canasta.hand.hint.add");
    if (choosingKitty()) return t("canasta.hand.hint.kitty");
    if (g.kitty_cards && !n && !mine().kitty_left) return t("canasta.hand.kitty_may");
    if (!myTurn()) return n ? tn("canasta.hand.selected", n) : t("canasta.hand.hint.wait");
    if (a.has("draw")) {
      return t(a.has("take_pile") ? "canasta.hand.hint.draw" : a.has("take_top") ? "canasta.hand.hint.draw_top" : "canasta.hand.hint.draw_only");
    }
    if (a.has("no_discard")) return t("canasta.hand.hint.stuck");
    if (n && litMelds().length) return t("canasta.hand.hint.lit");
    if (n) return tn("canasta.hand.selected", n);
    if (!mine().melded) return t("canasta.hand.hint.first", { n: mine().requirement });
    return t("canasta.hand.hint.play");
  }

  // ----- the buttons ------------------------------------------------------------------------------

  function needs(type) {
    const n = selectedCount();
    if (type === "discard" && ui.selected.size !== 1) return "canasta.hand.need.discard";
    if (type === "add" && n < 1) return "canasta.hand.need.add";
    return null;
  }

  function modeButtons(pending) {
    const pile = ui.mode.kind === "pile";
    const buttons = [h("button", { type: "button", class: "btn secondary", dataset: { act: "cancel", key: "esc" }, text: t("canasta.hand.btn.cancel") })];
    if (ui.mode.kind === "add") return buttons;
    const filled = ui.mode.slots.some((s) => s.length);
    buttons.push(h("button", { type: "button", class: "btn secondary", dataset: { act: "another", key: t("canasta.key.mode.another") },
      text: t("canasta.hand.btn.another") }));
    const send = pile ? "send_pile" : "send_meld";
    buttons.push(h("button", { type: "button", class: "btn primary",
      dataset: { act: send, lessonAct: pile ? "take_pile" : "meld", key: t(`canasta.key.mode.${send}`) },
      disabled: pending || (!pile && !filled), text: t(`canasta.hand.btn.${send}`) }));
    return buttons;
  }

  function renderActions() {
    const g = game();
    const a = allowed();
    const pending = line.pending();
    if (idleActions(el.actions, "cn-actions", { spectator: me() === null, playing: PLAYING.has(g.phase), allowed: a, phase: g.phase,
      pending, nextLabel: t("canasta.hand.btn.next_round"), nextKey: t("canasta.key.round.next_round"),
      waitingLabel: t("canasta.hand.waiting_others") })) return;
    if (ui.mode) {
      el.actions.className = "cn-actions mode";
      el.actions.replaceChildren(...modeButtons(pending));
      return;
    }
    const drawing = !myTurn() || g.phase === "draw";
    const group = choosingKitty() ? "kitty" : drawing ? "draw" : "play";
    const types = choosingKitty() ? KITTY_BUTTONS : drawing ? DRAW_BUTTONS
      : PLAY_BUTTONS.map((type) => (type === "discard" && a.has("no_discard") && !a.has("discard") ? "no_discard" : type));
    const primary = a.has("draw") ? "draw" : a.has("take_kitty") ? "take_kitty" : a.has("no_discard") ? "no_discard"
      : a.has("discard") && ui.selected.size === 1 ? "discard" : null;
    el.actions.className = `cn-actions ${group}`;
    el.actions.replaceChildren(...types.map((type) => {
      const on = a.has(type);
      const need = on ? needs(type) : null;
      return h("button", { type: "button", class: ["btn", "act", `act-${type}`, type === primary && "primary", need && "needs"],
        dataset: { act: type, key: t(`canasta.key.${group}.${type}`) }, "aria-disabled": need ? "true" : null,
        text: t(`canasta.hand.btn.${type}`), ...atRest(!on) });
    }));
  }

  // ----- the kitty --------------------------------------------------------------------------------

  function renderKitty() {
    const kitty = game().kitty_cards;
    const open = ui.kittyOpen && !!kitty && PLAYING.has(game().phase);
    el.modal.classList.toggle("hidden", !open);
    if (!open) {
      el.modal.replaceChildren();
      return;
    }
    el.modal.replaceChildren(h("div", { class: "modal-box cn-kitty", dataset: { layer: "" } },
      h("p", { class: "modal-title", text: t(mine().kitty_left ? "canasta.hand.kitty_left_title" : "canasta.hand.kitty_title", { n: kitty.length }) }),
      h("div", { class: "cn-kitty-cards" }, minis(kitty, card)),
      h("button", { type: "button", class: "btn primary", dataset: { kitty: "close", key: t("canasta.key.kitty.close") },
        text: t("canasta.hand.btn.close") })));
  }

  // ----- acting -----------------------------------------------------------------------------------

  function render(reason) {
    renderPanel();
    ctx.drawTable(reason);
    renderActions();
    renderHand();
    renderKitty();
    // The meld being filled in sight when the composer scrolls.
    el.panel.querySelector(".slot.active")?.scrollIntoView({ block: "nearest", behavior: "instant" });
  }

  // `sent`: the cards the play took from the selection (a count per rank) leave it, not those
  // picked since it left (the next play's, on a slow network); without it the whole selection
  // goes. A draw or a kitty's answer takes nothing from it.
  function finishMode(sent = null) {
    ui.mode = null;
    if (!sent) ui.selected.clear();
    for (const [rank, n] of sent || []) {
      const left = (ui.selected.get(rank) || 0) - n;
      if (left > 0) ui.selected.set(rank, left);
      else ui.selected.delete(rank);
    }
    render();
  }

  // The chosen cards as the composer's first melds: one per rank, the wild cards with the
  // first meld that has fewer than three cards (the player moves them if that is not it).
  function slotsFromSelection() {
    const chosen = selectedEntries();
    const wildRanks = new Set(game().wild_ranks || []);
    const natural = new Map();
    const wilds = [];
    for (const e of chosen) {
      const rank = rankOf(e.code);
      if (wildRanks.has(rank)) wilds.push(e.id);
      else natural.set(rank, [...(natural.get(rank) || []), e.id]);
    }
    const slots = [...natural.values()];
    if (wilds.length) {
      if (!slots.length) slots.push([]);
      (slots.find((s) => s.length < 3) || slots[0]).push(...wilds);
    }
    return slots.length ? slots : [[]];
  }

  // The pile's two naturals: any two of the top card's rank (they are alike).
  function pileNaturals() {
    const rank = topCode() ? rankOf(topCode()) : null;
    return handEntries().filter((e) => rankOf(e.code) === rank).slice(0, 2).map((e) => e.id);
  }

  // Melds given as card codes (the engine's proposals) as slots of the hand's ids, each card
  // taken once, none of those in `taken`.
  function slotsOf(melds, taken = []) {
    const used = new Set(taken);
    const entries = handEntries();
    return melds.map((codes) => codes.map((code) => {
      const e = entries.find((x) => x.code === code && !used.has(x.id));
      if (e) used.add(e.id);
      return e?.id;
    }).filter(Boolean));
  }

  function compose(kind, slots, proposals = [], chosen = null) {
    ui.mode = { kind, slots, active: slots.length - 1, proposals, chosen };
    ui.selected.clear();
    render();
  }

  async function act(type) {
    const codes = selectedEntries().map((e) => e.code);
    const sent = new Map(ui.selected);
    switch (type) {
      case "draw": case "take_top": case "no_discard": case "next_round": case "take_kitty": case "leave_kitty":
        if ((await send({ type }))?.ok) finishMode(new Map());
        return;
      case "discard":
        if ((await send({ type, card: codes[0] }))?.ok) finishMode(sent);
        return;
      case "meld": {
        // Nothing chosen: the composer with the engine's proposals, the first one in it.
        const proposals = game().meld_proposals || [];
        if (!selectedCount() && proposals.length) {
          compose("compose", slotsOf(proposals[0]), proposals, 0);
          return;
        }
        const slots = slotsFromSelection();
        // Already melded, one meld chosen: laid at once; else the composer.
        if (mine().melded && slots.length === 1 && slots[0].length >= 3) {
          const byId = codeById();
          if ((await send({ type: "meld", melds: [slots[0].map((id) => byId.get(id))] }))?.ok) finishMode(sent);
          return;
        }
        compose("compose", slots);
        return;
      }
      case "take_pile": {
        const naturals = pileNaturals();
        if (mine().melded) {
          const byId = codeById();
          if ((await send({ type, cards: naturals.map((id) => byId.get(id)) }))?.ok) finishMode();
          return;
        }
        const more = slotsOf(game().pile_melds || [], naturals);
        compose("pile", [naturals, ...(more.length ? more : [[]])]);
        return;
      }
      case "send_meld": case "send_pile": {
        const byId = codeById();
        const melds = ui.mode.slots.map((ids) => ids.map((id) => byId.get(id)));
        const action = type === "send_pile"
          ? { type: "take_pile", cards: melds[0], ...(melds.slice(1).some((m) => m.length) ? { melds: melds.slice(1).filter((m) => m.length) } : {}) }
          : { type: "meld", melds: melds.filter((m) => m.length) };
        if ((await send(action))?.ok) finishMode();
        return;
      }
      case "another":
        ui.mode.chosen = null;
        ui.mode.slots.push([]);
        ui.mode.active = ui.mode.slots.length - 1;
        render();
        return;
      case "add":
        ui.mode = { kind: "add", codes };
        render("pick");
        return;
      case "cancel":
        ui.mode = null;
        render();
        return;
      default:
    }
  }

  // ----- taps -------------------------------------------------------------------------------------

  function tapStack(node) {
    const rank = node.dataset.rank;
    const stack = freeStacks().find((s) => s.rank === rank);
    if (!stack) return;
    if (composing()) {
      // The whole stack into the marked meld; a wild card one at a time (a meld takes three).
      const moved = wildRanks().has(rank) ? stack.entries.slice(0, 1) : stack.entries;
      ui.mode.slots[ui.mode.active].push(...moved.map((e) => e.id));
      ui.mode.chosen = null;
      render();
      return;
    }
    if (ui.mode) return;
    const next = nextChosen(ui.selected.get(rank) || 0, stack.entries.length, wildRanks().has(rank));
    if (next) ui.selected.set(rank, next);
    else ui.selected.delete(rank);
    renderSelection();
  }

  // The melds the choice lights on the table change with it.
  function renderSelection() {
    ctx.drawTable();
    renderActions();
    renderHand();
  }

  const routes = [
    [".cn-stack", tapStack],
    [".slot-card", (node) => {
      if (!composing()) return false;
      ui.mode.slots = ui.mode.slots.map((ids) => ids.filter((x) => x !== node.dataset.slotId));
      render();
    }],
    [".slot", (node) => {
      if (!composing()) return false;
      ui.mode.active = Number(node.dataset.slot);
      render();
    }],
    [".cn-proposal", (node) => {
      if (!composing()) return false;
      const i = Number(node.dataset.proposal);
      ui.mode.slots = slotsOf(ui.mode.proposals[i]);
      ui.mode.active = ui.mode.slots.length - 1;
      ui.mode.chosen = i;
      render();
    }],
    ["[data-clear]", () => {
      ui.selected.clear();
      renderSelection();
    }],
    ["[data-kitty]", (node) => {
      if (node.dataset.kitty !== "open" && node.dataset.kitty !== "close") return false;
      ui.kittyOpen = node.dataset.kitty === "open";
      renderKitty();
    }],
  ];

  function onTap(event) {
    if (!ui.state) return;
    const target = event.target;
    if (routeTap(target, routes)) return;
    tapSortOrAct(target, ui, null, {
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

  // A tap on the table: the meld the add picker waits for, or a meld the chosen cards light.
  // True when the hand took it.
  function tapTable(target) {
    const picking = ui.mode?.kind === "add";
    if (!ui.state || !(picking || litMelds().length)) return false;
    const meld = target.closest("[data-meld].pickable");
    if (!meld) return false;
    const cards = picking ? ui.mode.codes : selectedEntries().map((e) => e.code);
    const sent = new Map(ui.selected);
    send({ type: "add", meld: Number(meld.dataset.meld), cards }).then((reply) => { if (reply?.ok) finishMode(sent); });
    return true;
  }

  // The melds lit on the table: with the add picker, your own that are not canastas yet (the
  // engine says if the cards do not go there); else those the chosen cards fit.
  function local() {
    if (!ui.state) return { picking: false, pickable: [] };
    if (ui.mode?.kind === "add") return { picking: true, pickable: game().open_melds || [] };
    const lit = litMelds();
    return { picking: lit.length > 0, pickable: lit };
  }

  const unwatchResize = watchResize(() => ui.state && renderHand(), 100);
  const unlisten = line.listen(() => { if (ui.state) renderActions(); });

  // ----- update from the server -------------------------------------------------------------------

  function reconcile() {
    const g = game();
    const hand = g.hand || [];
    const ids = new Set(tagIds(hand).map((e) => e.id));
    if (ui.prev && ui.prev.round === g.round && me() !== null) {
      markFresh(ui.fresh, ui.prev.hand, hand);
    } else {
      ui.fresh.clear();
      if (ui.prev && ui.prev.round !== g.round) {
        ui.selected.clear();
        ui.mode = null;
        ui.kittyOpen = false;
      }
    }
    ui.prev = { round: g.round, hand: [...hand] };
    const counts = new Map(stacksOf(tagIds(hand)).map((s) => [s.rank, s.entries.length]));
    for (const [rank, n] of [...ui.selected]) {
      if (!counts.has(rank)) ui.selected.delete(rank);
      else ui.selected.set(rank, Math.min(n, counts.get(rank)));
    }
    if (composing()) {
      ui.mode.slots = ui.mode.slots.map((s) => s.filter((id) => ids.has(id)));
      const type = ui.mode.kind === "pile" ? "take_pile" : "meld";
      if (!allowed().has(type)) ui.mode = null;
    } else if (ui.mode?.kind === "add" && !allowed().has("add")) {
      ui.mode = null;
    }
    if (!g.kitty_cards) ui.kittyOpen = false;
  }

  return handHandle(ui, root, {
    reconcile, render, redrawHand: renderHand, tickMs: 200, freshMs: FRESH_MS, panel: el.panel,
    cleanups: [unwatchResize, unlisten, () => root.removeEventListener("click", onTap)],
  }, {
    local,
    panelReplacesTable: () => composing(),
    tapTable,
  });
}
