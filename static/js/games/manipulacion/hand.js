// Rummy Manipulación's hand: the player's cards (picking, sorting, fresh marks), the bar above
// them (hint, hand points, sort; while a card is picked the editing tools: new group, split,
// back to hand), the buttons (Deshacer / Robar / Pasar / Cerrar / Listo) and the modes that
// belong to the hand: editing the working copy (taps on the table's groups and loose cards),
// the reminder with its hint, the confirming second tap and the joker-naming dialog. Any screen
// mounts it beside the table (the phone; the one-device screen).
//
// mount(root, ctx) → {update(state), relabel(), destroy(), local(), panel, panelReplacesTable(), tapTable(target)}
//   ctx.line        the screen's makeLine() (or ctx.send(action) → reply, and a line of its own)
//   ctx.banner(message, kind), ctx.vibrate(pattern), ctx.errorText(error)
//   ctx.drawTable() called each time the hand draws, before it measures its room: draw the table
//                   with local() and the panel
//   ctx.room()      the height in px the bar, the cards and the buttons may take together
//   local()         what the table's update needs from the hand: {picked, joinFrom, hinted, edit}
//   panel           an element the screen shows above the table: the reminder
//
// JS never decides a rule: the engine's view says which actions are allowed (`allowed`), what
// each group of the copy is and whether Deshacer costs three cards (`undo_surrenders`); a
// refused action shows the engine's own words.
import { getLang, t } from "../../core/i18n.js";
import { cardEl, cardName, shortName, sortCards } from "../../pieces/french.js";
import { hasScore, tc } from "./common.js";
import { h } from "../../core/dom.js";
import {
  atRest, cardMaker, handHandle, handName, handRows, idleActions, makeLine, markFresh, minis, pickHandLayout, routeTap, scrollHand,
  sayWhy, stateReaders, storedSort, tagIds, tapSortOrAct, watchResize,
} from "../../shell/phone-kit.js";

const SORT_KEY = "sobremesa.sort.french";
const ARM_MS = 8000;          // a second tap within this time confirms (draw/pass/surrender)
const FRESH_MS = 6000;

const card = cardMaker(cardEl);

// Hand entries with stable ids: the k-th copy of a code is "code#k" (two packs: 7h twice).
function entries(hand, by, aceHigh) {
  return tagIds(sortCards(hand, by, { aceHigh }));
}

// What a play_available refusal hints at: {card, groups (0-based), needs_rearranging}. The
// engine sends it as data; without data, read it from the engine's own sentence.
export function readHint(error) {
  const hint = error?.data?.hint;
  if (hint) return { card: hint.card, groups: hint.groups || [], needs_rearranging: !!hint.needs_rearranging };
  const es = error?.es || "";
  const cardMatch = es.match(/puedes jugar (\*[^\s.(]*|[0-9AJQK]{1,2}[shdc])/i);
  const groupsMatch = es.match(/\(cambia (?:el grupo|los grupos) ([\d, y]+)\)/);
  return {
    card: cardMatch ? cardMatch[1] : null,
    groups: groupsMatch ? groupsMatch[1].split(/,| y /).map((n) => Number(n.trim()) - 1).filter((n) => n >= 0) : [],
    needs_rearranging: !/No hace falta reorganizar/.test(es),
  };
}

// What a joker_needs_name refusal asks: [{group (0-based), cards, options: [[card…]…]}].
export function readNeeds(error, groups) {
  if (Array.isArray(error?.data?.groups)) return error.data.groups;
  const m = (error?.es || "").match(/\(grupo (\d+)\): (.+?)\.?\s*$/);
  if (!m) return [];
  const index = Number(m[1]) - 1;
  return [{ group: index, cards: groups?.[index]?.cards || [],
    options: m[2].split(",").map((o) => o.trim().split(/\s+/)).filter((o) => o.length && o[0]) }];
}

export function mount(root, ctx) {
  const el = {
    bar: h("div", { class: "mn-bar" }), hand: h("div", { class: "mn-hand" }), actions: h("div", { class: "mn-actions" }),
    overlay: h("div", { class: "mn-overlay hidden" }),
    panel: h("div", { class: "mn-hand-panel", style: { display: "contents" } }),
  };
  root.replaceChildren(el.bar, el.hand, el.actions, el.overlay);

  const ui = {
    state: null,
    sortBy: storedSort(SORT_KEY),
    picked: null,        // {src:"hand", ids:Set} | {src:"group", g, i, code} | {src:"loose", i, code}
    joinFrom: null,      // a group index waiting for the group to join to it
    armed: null,         // {type, until}: the next tap on that button confirms
    reminder: null,      // {type:"draw"|"pass", error, hint}
    naming: null,        // {needs:[…], then:"done"|"close"}
    fresh: new Map(),    // hand id -> when it arrived
    prev: null,          // {round, hand}
    tick: null,
  };
  const line = ctx.line || makeLine(ctx);
  const send = line.send;

  const { game, me, allowed } = stateReaders(ui);
  const playing = () => game().phase === "play";
  const myTurn = () => me() !== null && game().turn === me() && playing();
  const editing = () => !!game().copy;
  const canEdit = () => myTurn() && allowed().has("move");
  const aceHigh = () => game().ruleset?.ace === "high";
  const groups = () => (editing() ? game().copy.table : game().table) || [];
  const handCodes = () => (editing() ? game().copy.hand : game().hand) || [];
  const looseCards = () => (editing() ? game().copy.loose : game().loose) || [];
  const handEntries = () => entries(handCodes(), ui.sortBy, aceHigh());

  // ----- the panel: the reminder, with the hint when the engine gave one ------------------------

  function renderPanel() {
    el.panel.replaceChildren(...(ui.reminder && !ui.reminder.dismissed && playing() ? [reminder()] : []));
  }

  function reminder() {
    const r = ui.reminder;
    const hint = r.hint;
    const numbers = hint.groups.map((n) => String(n + 1));
    const listed = numbers.length > 1 ? `${numbers.slice(0, -1).join(", ")} ${t("tv.and")} ${numbers[numbers.length - 1]}` : numbers[0];
    const groupsText = numbers.length ? t(numbers.length > 1 ? "mani.p.hint_groups_many" : "mani.p.hint_groups", { groups: listed }) : "";
    // The hint's parts when the engine gave them; its own sentence otherwise.
    const text = hint.card
      ? [h("p", { text: t("mani.p.hint_card") }), groupsText ? h("p", { class: "rem-groups", text: groupsText }) : null,
        h("p", { class: ["rem-rearrange", hint.needs_rearranging ? "yes" : "no"],
          text: hint.needs_rearranging ? t("mani.p.rearrange") : t("mani.p.no_rearrange") })]
      : h("p", { text: ctx.errorText(r.error) });
    return h("div", { class: "mn-reminder", role: "alert" },
      h("p", { class: "rem-title", text: t("mani.p.reminder_title") }),
      h("div", { class: "rem-body" }, hint.card && h("span", { class: "rem-card" }, card(hint.card)),
        h("div", { class: "rem-text" }, text)),
      h("div", { class: "rem-buttons" },
        h("button", { type: "button", class: "btn primary", dataset: { act: "play_instead", key: t("mani.p.key.hand.play_instead") },
          text: t("mani.p.play_instead") }),
        // The same key as the armed button below, which does the same.
        h("button", { type: "button", class: "btn secondary", dataset: { act: `${r.type}_confirm`, key: t(`mani.p.key.hand.${r.type}`) },
          text: t(`mani.p.btn.${r.type}_anyway`) })));
  }

  // ----- the bar between the table and the hand ----------------------------------------------------

  function renderBar() {
    const g = game();
    const spectator = me() === null;
    el.bar.classList.toggle("hidden", spectator || !playing());
    if (spectator || !playing()) return;
    const sort = h("div", { class: "mn-sort", role: "group" }, ["rank", "suit"].map((by) => h("button", { type: "button",
      dataset: { sort: by }, class: ui.sortBy === by ? "on" : "", "aria-pressed": String(ui.sortBy === by), text: t(`mani.p.sort_${by}`) })));
    const p = ui.picked;
    const cancel = () => h("button", { type: "button", class: "tool cancel", dataset: { tool: "cancel", key: "esc" }, "aria-label": t("mani.p.cancel"), text: "✕" });
    const tool = (name, label) => h("button", { type: "button", class: "tool", dataset: { tool: name, key: t(`mani.p.key.hand.${name}`) }, text: label });
    let items;
    if (canEdit() && ui.joinFrom != null) {
      items = [h("span", { class: "mn-hint", text: t("mani.p.hint.join", { n: ui.joinFrom + 1 }) }), cancel()];
    } else if (canEdit() && p) {
      items = [h("button", { type: "button", class: "tool new", dataset: { new: "1", key: t("mani.p.key.hand.new") },
        text: t(p.src === "hand" ? "mani.p.new_group" : "mani.p.new_short") })];
      if (p.src === "group") {
        const size = groups()[p.g]?.cards.length || 0;
        if (p.i > 0) items.push(tool("split_before", t("mani.p.split_before")));
        if (p.i < size - 1) items.push(tool("split_after", t("mani.p.split_after")));
        const placed = (g.copy?.placed || []).some((c) => c === p.code || (c === "*" && p.code.startsWith("*")));
        if (placed) items.push(tool("to_hand", t("mani.p.to_hand")));
      } else if (p.src === "hand") {
        items.push(h("span", { class: "mn-hint small", text: tc("mani.p.selected", p.ids.size) }));
      }
      items.push(cancel());
    } else {
      items = [h("span", { class: "mn-hint", text: hintText() }),
        me() !== null && handPoints() != null && h("span", { class: "mn-handpts", text: tc("mani.p.hand_points", handPoints()) }),
        sort].filter(Boolean);
    }
    el.bar.replaceChildren(...items);
  }

  // The points in the hand as the engine counts them: the working copy's hand while editing
  // (when the view gives it), else the real hand.
  function handPoints() {
    const g = game();
    if (!hasScore(g)) return null;
    if (editing()) return g.copy.hand_points ?? null;
    return g.hand_points ?? null;
  }

  function hintText() {
    const a = allowed();
    if (!myTurn()) return t("mani.p.hint.wait");
    if (!a.has("move") && a.has("draw")) return t("mani.p.hint.draw_first");
    if (editing()) return t("mani.p.hint.editing");
    return a.has("pass") && !a.has("draw") ? t("mani.p.hint.start_pass") : t("mani.p.hint.start");
  }

  // ----- the hand ------------------------------------------------------------------------------------

  function layoutHand(count) {
    const width = Math.max(240, (el.hand.clientWidth || root.clientWidth || 360) - 12);
    const avail = Math.max(70, Math.min(260, ctx.room() - el.bar.offsetHeight - el.actions.offsetHeight));
    const maxH = Math.min(126, Math.round(window.innerHeight * (myTurn() ? 0.16 : 0.2)));
    scrollHand(el.hand, avail);
    return pickHandLayout(count, width, avail, { maxRows: 4, minH: 56, maxH, gap: 6, minStep: 44, minW: 44, area: 1 });
  }

  function renderHand() {
    const g = game();
    const spectator = me() === null;
    const hide = spectator || !playing();
    el.hand.classList.toggle("hidden", hide);
    if (hide) return;
    const list = handEntries();
    const hintCard = ui.reminder && !editing() ? ui.reminder.hint.card : null;
    const hintId = hintCard ? list.find((e) => e.code === hintCard)?.id : null;
    const picked = ui.picked?.src === "hand" ? ui.picked.ids : new Set();
    const layout = layoutHand(Math.max(list.length, 1));
    const now = Date.now();
    const rows = handRows(list, layout, (e, k, style) => {
      const sel = picked.has(e.id);
      const fresh = (ui.fresh.get(e.id) || 0) > now - FRESH_MS;
      // Named by its card's picture ("rey de corazones, seleccionada"), not over the "K" it shows.
      return h("button", { type: "button", class: ["hand-card", sel && "selected", fresh && "fresh", e.id === hintId && "hinted"],
        dataset: { id: e.id, code: e.code }, "aria-pressed": String(sel), style },
      card(e.code, { selected: sel, title: handName(cardName(e.code, getLang()), sel) }));
    });
    el.hand.replaceChildren(...(list.length ? rows : [h("p", { class: "mn-empty-hand", text: t("mani.res.empty_hand") })]));
  }

  // ----- the buttons ----------------------------------------------------------------------------------

  function armed(type) {
    return ui.armed && ui.armed.type === type && ui.armed.until > Date.now();
  }

  function renderActions() {
    const g = game();
    const a = allowed();
    if (idleActions(el.actions, "mn-actions", { spectator: me() === null, playing: playing(), allowed: a, phase: g.phase,
      pending: line.pending(), nextLabel: t("mani.p.btn.next_round"), nextKey: t("mani.p.key.round.next_round"),
      waitingLabel: t("mani.p.waiting_others") })) return;
    // While a move is on its way nothing is sent; an action the engine does not allow now is at
    // rest, and a tap on it says the engine's reason.
    const pending = line.pending();
    const buttonState = (type) => ({ disabled: pending && a.has(type), ...atRest(!a.has(type)) });
    // Undo: Deshacer, or Rendirse (+3) when the engine says undoing costs cards.
    let undoLabel = g.undo_surrenders ? t("mani.p.btn.surrender") : t("mani.p.btn.undo");
    if (armed("undo")) undoLabel = t("mani.p.btn.confirm_surrender");
    const undoCls = `btn act act-undo${g.undo_surrenders ? " surrender" : ""}${armed("undo") ? " armed" : ""}`;
    // The middle button: Cerrar, Robar or Pasar, whichever the engine allows now.
    let mid = a.has("close") ? "close" : a.has("draw") ? "draw" : a.has("pass") ? "pass" : g.stock ? "draw" : "pass";
    let midLabel = t(`mani.p.btn.${mid}`);
    if ((mid === "draw" || mid === "pass") && armed(mid)) midLabel = t(`mani.p.btn.${mid}_anyway`);
    // While a play is being made (a card held, a join started, the copy changed) Listo is the
    // main button, the wider one; else the middle one is, and Listo waits beside it.
    const making = editing() || !!ui.picked || ui.joinFrom != null;
    const midCls = `btn act act-${mid}${armed(mid) ? " armed" : ""}${making ? " secondary" : a.has(mid) ? " primary" : ""}`;
    el.actions.className = `mn-actions ${making ? "main-done" : "main-mid"}`;
    el.actions.replaceChildren(
      h("button", { type: "button", class: undoCls, dataset: { act: "undo", key: t("mani.p.key.hand.undo") }, text: undoLabel, ...buttonState("undo") }),
      h("button", { type: "button", class: midCls, dataset: { act: mid, key: t(`mani.p.key.hand.${mid}`) }, text: midLabel, ...buttonState(mid) }),
      h("button", { type: "button", class: ["btn act act-done", making && "primary"], dataset: { act: "done", key: t("mani.p.key.hand.done") },
        text: t("mani.p.btn.done"), ...buttonState("done") }));
  }

  // ----- the joker-naming dialog -------------------------------------------------------------------------

  function renderOverlay() {
    const n = ui.naming;
    el.overlay.classList.toggle("hidden", !n);
    if (!n) return;
    const need = n.needs[0];
    const cards = need.cards?.length ? need.cards : groups()[need.group]?.cards || [];
    el.overlay.replaceChildren(h("div", { class: "modal-box mn-naming", dataset: { layer: "" } },
      h("p", { class: "modal-title", text: t("mani.p.name_title") }),
      h("p", { class: "modal-sub", text: t("mani.p.name_group", { n: need.group + 1 }) }),
      h("div", { class: "naming-group" }, minis(cards, card)),
      h("div", { class: "naming-options" }, need.options.map((option, k) =>
        h("button", { type: "button", class: "btn naming-option", dataset: k < 9 ? { option: String(k), key: String(k + 1) } : { option: String(k) } },
          h("span", { class: "naming-cards" }, minis(option.map((c) => `*${c}`), card)),
          h("span", { class: "naming-text", text: option.map(shortName).join(" ") })))),
      h("button", { type: "button", class: "btn secondary", dataset: { option: "cancel", key: "esc" }, text: t("mani.p.cancel") })));
  }

  async function chooseName(k) {
    const n = ui.naming;
    if (!n) return;
    if (k === "cancel") {
      ui.naming = null;
      renderOverlay();
      return;
    }
    const need = n.needs[0];
    const option = need.options[Number(k)];
    ui.naming = null;
    renderOverlay();
    for (const name of option) {
      const reply = await send({ type: "name", group: need.group, card: "*", as: name });
      if (!reply?.ok) return;
    }
    await finish(n.then);   // Listo (or Cerrar) again: it may ask about the next group
  }

  // ----- acting -----------------------------------------------------------------------------------

  const unlisten = line.listen((phase) => {
    if (!ui.state) return;
    if (phase === "busy") renderActions();
    else render();
  });

  function clearPick() {
    ui.picked = null;
    ui.joinFrom = null;
  }

  // Move what is picked to `to` (a group index, "new", "hand" or "loose").
  async function moveTo(to) {
    const p = ui.picked;
    if (!p) return;
    clearPick();
    ui.armed = null;
    if (p.src === "hand") {
      const byId = new Map(handEntries().map((e) => [e.id, e.code]));
      const codes = [...p.ids].map((id) => byId.get(id)).filter(Boolean);
      let target = to;
      for (const code of codes) {
        const before = groups().length;
        const reply = await send({ type: "move", card: code, from: "hand", to: target });
        if (!reply?.ok) break;
        // The first card to "new" starts a group at the end: the others follow it there.
        if (target === "new") target = before;
      }
    } else if (p.src === "group") {
      if (to === p.g) return;
      await send({ type: "move", card: p.code, from: p.g, to });
    } else if (p.src === "loose") {
      if (to === "loose") return;
      await send({ type: "move", card: p.code, from: "loose", to });
    }
    render();
  }

  // Listo or Cerrar, with the joker-naming dialog when the engine asks for a name.
  async function finish(type) {
    ui.armed = null;
    clearPick();
    await send({ type }, (error) => {
      if (error?.code === "joker_needs_name") {
        const needs = readNeeds(error, groups());
        if (needs.length && needs[0].options.length) {
          ui.naming = { needs, then: type };
          renderOverlay();
          return true;
        }
      }
      return false;
    });
  }

  async function drawOrPass(type, confirm) {
    clearPick();
    if (confirm || armed(type)) {
      ui.armed = null;
      ui.reminder = null;
      await send({ type, confirm: true });
      return;
    }
    await send({ type }, (error) => {
      if (error?.code === "play_available") {
        ui.reminder = { type, error, hint: readHint(error) };
        ui.armed = { type, until: Date.now() + 60 * 1000 };
        ctx.vibrate([60, 60, 60]);
        return true;
      }
      return false;
    });
  }

  async function undo() {
    clearPick();
    if (armed("undo")) {
      ui.armed = null;
      await send({ type: "undo", confirm: true });
      return;
    }
    await send({ type: "undo" }, (error) => {
      if (error?.code === "confirm_surrender") {
        ui.armed = { type: "undo", until: Date.now() + ARM_MS };
        ctx.banner(error, "info");
        setTimeout(() => { if (ui.state) renderActions(); }, ARM_MS + 50);
        return true;
      }
      return false;
    });
  }

  async function act(type) {
    switch (type) {
      case "draw": case "pass": await drawOrPass(type, false); return;
      case "draw_confirm": await drawOrPass("draw", true); return;
      case "pass_confirm": await drawOrPass("pass", true); return;
      case "play_instead": {
        // The panel goes; the hinted card and groups stay marked until the table changes.
        // When no rearranging is needed, the hinted card is put in the player's fingers.
        const hint = ui.reminder?.hint;
        if (ui.reminder) ui.reminder.dismissed = true;
        ui.armed = null;
        const entry = hint?.card ? handEntries().find((e) => e.code === hint.card) : null;
        if (entry && canEdit() && !hint.needs_rearranging) ui.picked = { src: "hand", ids: new Set([entry.id]) };
        render();
        return;
      }
      case "done": case "close": await finish(type); return;
      case "undo": await undo(); return;
      case "next_round": await send({ type }); return;
      default:
    }
  }

  async function tool(name) {
    const p = ui.picked;
    if (name === "cancel") {
      clearPick();
      render();
      return;
    }
    if (!p || p.src !== "group") return;
    clearPick();
    if (name === "split_before") await send({ type: "split", group: p.g, at: p.i });
    else if (name === "split_after") await send({ type: "split", group: p.g, at: p.i + 1 });
    else if (name === "to_hand") await send({ type: "move", card: p.code, from: p.g, to: "hand" });
    render();
  }

  // ----- taps ----------------------------------------------------------------------------------------

  function tapHand(id, code) {
    if (!canEdit()) return;
    ui.joinFrom = null;
    if (ui.picked?.src === "hand") {
      if (ui.picked.ids.has(id)) ui.picked.ids.delete(id);
      else ui.picked.ids.add(id);
      if (!ui.picked.ids.size) ui.picked = null;
    } else {
      ui.picked = { src: "hand", ids: new Set([id]) };
    }
    render();
  }

  function tapGroupCard(gi, ci) {
    if (!canEdit()) return;
    if (ui.joinFrom != null) {
      tapGroup(gi);
      return;
    }
    const p = ui.picked;
    if (p && (p.src === "hand" || p.src === "loose" || (p.src === "group" && p.g !== gi))) {
      moveTo(gi);
      return;
    }
    if (p && p.src === "group" && p.g === gi && p.i === ci) {
      ui.picked = null;
    } else {
      ui.picked = { src: "group", g: gi, i: ci, code: groups()[gi].cards[ci] };
    }
    render();
  }

  async function tapGroup(gi) {
    if (!canEdit()) return;
    if (ui.joinFrom != null) {
      const from = ui.joinFrom;
      ui.joinFrom = null;
      if (from !== gi) await send({ type: "join", group: from, with: gi });
      render();
      return;
    }
    if (ui.picked) moveTo(gi);
  }

  function tapLoose(i) {
    if (!canEdit()) return;
    const p = ui.picked;
    if (p && p.src === "group") {
      moveTo("loose");
      return;
    }
    if (p && p.src === "loose" && p.i === i) ui.picked = null;
    else ui.picked = { src: "loose", i, code: looseCards()[i] };
    ui.joinFrom = null;
    render();
  }

  function tapJoin(join) {
    if (!canEdit()) return;
    const gi = Number(join.dataset.join);
    if (ui.joinFrom === gi) ui.joinFrom = null;
    else if (ui.joinFrom != null) { tapGroup(gi); return; }
    else { ui.joinFrom = gi; ui.picked = null; }
    render();
  }

  // The hand's own taps (the bar, the cards, the buttons, the reminder's) after the naming
  // dialog's options, and only while nothing is on its way.
  const routes = [
    [".hand-card", (node) => { tapHand(node.dataset.id, node.dataset.code); }],
    ["[data-new]", () => { if (canEdit() && ui.picked) moveTo("new"); }],
    ["[data-tool]", (node) => { tool(node.dataset.tool); }],
  ];
  // The table's: its groups, their cards and join buttons, the loose cards.
  const tableRoutes = [
    ["[data-join]", tapJoin],
    ["[data-loose]", (node) => { tapLoose(Number(node.dataset.loose)); }],
    [".mc[data-g]", (node) => { tapGroupCard(Number(node.dataset.g), Number(node.dataset.i)); }],
    ["[data-new]", () => { if (canEdit() && ui.picked) moveTo("new"); }],
    [".mg[data-group]", (node) => { tapGroup(Number(node.dataset.group)); }],
    ["[data-loose-box]", () => { if (canEdit() && ui.picked?.src === "group") moveTo("loose"); }],
  ];

  function onTap(event) {
    if (!ui.state || !ui.state.game) return;
    const target = event.target;
    const option = target.closest("[data-option]");
    if (option) {
      chooseName(option.dataset.option);
      return;
    }
    if (line.pending()) return;
    if (routeTap(target, routes)) return;
    tapSortOrAct(target, ui, SORT_KEY, { resorted: render, act: (button) => act(button.dataset.act), say: (reason) => sayWhy(ctx, reason) });
  }
  root.addEventListener("click", onTap);
  el.panel.addEventListener("click", onTap);

  // A tap on the table while editing the working copy. True when the hand took it.
  function tapTable(target) {
    if (!ui.state || !ui.state.game || line.pending()) return false;
    return routeTap(target, tableRoutes);
  }

  const unwatchResize = watchResize(() => ui.state && render(), 120);

  function reconcile() {
    const g = game();
    const hand = g.hand || [];
    if (ui.prev && ui.prev.round === g.round && me() !== null) {
      markFresh(ui.fresh, ui.prev.hand, hand);
    } else {
      ui.fresh.clear();
    }
    ui.prev = { round: g.round, hand: [...hand] };
    const events = g.events || [];
    const turnKey = `${g.round}:${g.turn}:${g.phase}:${events.length ? events[events.length - 1].n : -1}`;
    // A pick that no longer matches the table or the hand is dropped.
    if (!canEdit()) clearPick();
    if (ui.picked?.src === "hand") {
      const ids = new Set(handEntries().map((e) => e.id));
      for (const id of [...ui.picked.ids]) if (!ids.has(id)) ui.picked.ids.delete(id);
      if (!ui.picked.ids.size) ui.picked = null;
    } else if (ui.picked?.src === "group") {
      if (groups()[ui.picked.g]?.cards[ui.picked.i] !== ui.picked.code) ui.picked = null;
    } else if (ui.picked?.src === "loose") {
      if (looseCards()[ui.picked.i] !== ui.picked.code) ui.picked = null;
    }
    if (ui.joinFrom != null && ui.joinFrom >= groups().length) ui.joinFrom = null;
    // The reminder and armed buttons last only while the table and hand stay as they were.
    if (ui.turnKey !== turnKey || editing() || !myTurn()) {
      if (ui.reminder && (editing() || !myTurn() || ui.turnKey !== turnKey)) ui.reminder = null;
      if (ui.armed && ui.armed.type !== "undo") ui.armed = null;
    }
    ui.turnKey = turnKey;
    if (ui.naming && (!myTurn() || !editing())) ui.naming = null;
  }

  // The panel, then the screen's table (it shows the hand's pick), then the hand, which measures
  // what is left for it.
  function render() {
    renderPanel();
    ctx.drawTable();
    renderBar();
    renderActions();
    renderHand();
    renderOverlay();
  }

  return handHandle(ui, root, {
    reconcile, render, redrawHand: renderHand, tickMs: 250, freshMs: FRESH_MS, panel: el.panel,
    cleanups: [unwatchResize, unlisten, () => root.removeEventListener("click", onTap)],
  }, {
    local: () => ({ picked: ui.picked, joinFrom: ui.joinFrom,
      hinted: new Set(ui.reminder && !editing() ? ui.reminder.hint.groups : []), edit: canEdit() }),
    panelReplacesTable: () => false,
    tapTable,
  });
}
