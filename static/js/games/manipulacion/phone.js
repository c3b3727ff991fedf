// Rummy Manipulación on the phone: the hand, and in your turn the editable working copy of the
// table. Tap cards (one or more from the hand, or one on the table), then tap a group or
// "Nuevo grupo" to move them; split a group before or after the tapped card; join two groups;
// Listo / Deshacer; Robar / Pasar / Cerrar; the joker-naming dialog; the reminder with a hint;
// the end of a round and of the game.
//
// JS never decides a rule: the engine's view says which actions are allowed (`allowed`), what
// each group of the copy is (`copy.table[i].valid / kind / needs_name`) and whether Deshacer
// costs three cards (`undo_surrenders`); a refused action shows the engine's own words.
import { pick, t } from "../../core/i18n.js";
import { cardEl, shortName, sortCards } from "../../pieces/french.js";
import { hasScore, multiRound, tc } from "./common.js";
import { h } from "../../core/dom.js";
import {
  cardMaker, handRows, idleActions, makeSender, markFresh, minis, pickHandLayout, routeTap, screenHandle, startTick,
  stateReaders, storedSort, swatch, tagIds, takeState, tapSortOrAct, watchResize,
} from "../../shell/phone-kit.js";
import { updateCountdowns as fillCountdowns } from "../../core/timers.js";
import { mount as mountResults } from "./results.js";
import { mount as mountTable } from "./table.js";

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
  const groupsMatch = es.match(/\(cambia (?:el grupo|los grupos) ([\d, ]+)\)/);
  return {
    card: cardMatch ? cardMatch[1] : null,
    groups: groupsMatch ? groupsMatch[1].split(",").map((n) => Number(n.trim()) - 1).filter((n) => n >= 0) : [],
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
    mn: h("div", { class: "mn" }), header: h("div", { class: "mn-header" }), ruleset: h("span", { class: "chip mn-ruleset" }),
    round: h("span", { class: "mn-round" }), turn: h("div", { class: "mn-turn" }),
    stockCard: h("span", { class: "mn-stock-card" }), stockN: h("span", { class: "mn-stock-n" }),
    players: h("div", { class: "mn-players" }), notice: h("div", { class: "mn-notice hidden" }),
    middle: h("div", { class: "mn-middle" }), bar: h("div", { class: "mn-bar" }), hand: h("div", { class: "mn-hand" }),
    actions: h("div", { class: "mn-actions" }), overlay: h("div", { class: "mn-overlay hidden" }),
  };
  el.header.append(
    h("div", { class: "mn-head-main" }, h("div", { class: "mn-line1" }, el.ruleset, el.round), el.turn),
    h("div", { class: "mn-stock" }, el.stockCard, el.stockN));
  el.mn.append(el.header, el.players, el.notice, el.middle, el.bar, el.hand, el.actions, el.overlay);
  root.replaceChildren(el.mn);

  const ui = {
    state: null,
    sortBy: storedSort(SORT_KEY),
    picked: null,        // {src:"hand", ids:Set} | {src:"group", g, i, code} | {src:"loose", i, code}
    joinFrom: null,      // a group index waiting for the group to join to it
    armed: null,         // {type, until}: the next tap on that button confirms
    reminder: null,      // {type:"draw"|"pass", error, hint}
    naming: null,        // {needs:[…], then:"done"|"close"}
    pending: false,
    fresh: new Map(),    // hand id -> when it arrived
    prev: null,          // {round, hand}
    wasMyTurn: false,
    tick: null,
    deadlines: {},
  };

  // ----- derived values ----------------------------------------------------------------------

  const { game, me, allowed, seatName, seatColor } = stateReaders(ui);
  const playing = () => game().phase === "play";
  const myTurn = () => me() !== null && game().turn === me() && playing();
  const editing = () => !!game().copy;
  const canEdit = () => myTurn() && allowed().has("move");
  const aceHigh = () => game().ruleset?.ace === "high";
  const groups = () => (editing() ? game().copy.table : game().table) || [];
  const handCodes = () => (editing() ? game().copy.hand : game().hand) || [];
  const looseCards = () => (editing() ? game().copy.loose : game().loose) || [];
  const handEntries = () => entries(handCodes(), ui.sortBy, aceHigh());

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
      el.turn.replaceChildren(swatch(seatColor(g.turn)), h("span", { text }));
      if (g.editing) el.turn.classList.add("thinking");
    }
    el.stockCard.replaceChildren(card(null, { faceDown: true, title: t("mani.stock") }));
    el.stockN.textContent = String(g.stock);
    el.stockN.title = t("mani.stock_n", { n: g.stock });

    const scored = hasScore(g) && multiRound(g);
    el.players.replaceChildren(...g.players.map((p) => {
      const turn = p.seat === g.turn && playing();
      const name = p.seat === me() ? t("mani.p.you") : seatName(p.seat);
      const info = [tc("mani.cards_n", p.cards)];
      if (scored) info.push(`${p.score} ${t("mani.points")}`);
      return h("span", { class: ["mn-player", turn && "turn", turn && g.editing && "thinking", p.seat === me() && "me"],
        vars: { "--seat": seatColor(p.seat) } },
      swatch(seatColor(p.seat)), h("b", { text: name }), h("span", { class: "mn-pinfo", text: info.join(" · ") }));
    }));

    const notice = playing() && g.final_turns != null ? t("mani.final_turns") : "";
    el.notice.textContent = notice;
    el.notice.classList.toggle("hidden", !notice);
  }

  // ----- the table (the working copy in your turn) -------------------------------------------

  // The end of a round and of the game: the results component shared with the TV.
  const results = mountResults(el.middle, { density: "phone" });

  // The groups and loose cards: the table component shared with the TV (display: contents, so
  // its parts sit in the middle area as before).
  const tableBox = h("div", { class: "mn-table", style: { display: "contents" } });
  const table = mountTable(tableBox, { density: "phone" });

  function renderTable() {
    const hinted = new Set(ui.reminder && !editing() ? ui.reminder.hint.groups : []);
    const width = Math.max(280, (el.middle.clientWidth || root.clientWidth || 360) - 16);
    const out = [];
    if (ui.reminder && !ui.reminder.dismissed) out.push(reminder());
    if (editing()) out.push(h("p", { class: "mn-copy-note", text: t("mani.p.copy_note") }));
    table.update(ui.state, { picked: ui.picked, joinFrom: ui.joinFrom, hinted, edit: canEdit(), width });
    out.push(tableBox);
    el.middle.replaceChildren(...out);
  }

  function reminder() {
    const r = ui.reminder;
    const hint = r.hint;
    const groupsText = hint.groups.length ? t("mani.p.hint_groups", { groups: hint.groups.map((n) => n + 1).join(", ") }) : "";
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
        h("button", { type: "button", class: "btn primary", dataset: { act: "play_instead" }, text: t("mani.p.play_instead") }),
        h("button", { type: "button", class: "btn secondary", dataset: { act: `${r.type}_confirm` }, text: t(`mani.p.btn.${r.type}_anyway`) })));
  }

  // ----- the end of a round / the game -----------------------------------------------------------

  // ----- the bar between the table and the hand ----------------------------------------------------

  function renderBar() {
    const g = game();
    const spectator = me() === null;
    el.bar.classList.toggle("hidden", spectator || !playing());
    if (spectator || !playing()) return;
    const sort = h("div", { class: "mn-sort", role: "group" }, ["rank", "suit"].map((by) => h("button", { type: "button",
      dataset: { sort: by }, class: ui.sortBy === by ? "on" : "", "aria-pressed": String(ui.sortBy === by), text: t(`mani.p.sort_${by}`) })));
    const p = ui.picked;
    const cancel = () => h("button", { type: "button", class: "tool cancel", dataset: { tool: "cancel" }, "aria-label": t("mani.p.cancel"), text: "✕" });
    const tool = (name, label) => h("button", { type: "button", class: "tool", dataset: { tool: name }, text: label });
    let items;
    if (canEdit() && ui.joinFrom != null) {
      items = [h("span", { class: "mn-hint", text: t("mani.p.hint.join", { n: ui.joinFrom + 1 }) }), cancel()];
    } else if (canEdit() && p) {
      items = [h("button", { type: "button", class: "tool new", dataset: { new: "1" }, text: t(p.src === "hand" ? "mani.p.new_group" : "mani.p.new_short") })];
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
        me() !== null && handPoints() != null && h("span", { class: "mn-handpts", text: t("mani.p.hand_points", { n: handPoints() }) }),
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
    const top = el.mn.getBoundingClientRect().top;
    const fixed = el.header.offsetHeight + el.players.offsetHeight + el.notice.offsetHeight + el.bar.offsetHeight
      + el.actions.offsetHeight + 18;
    const middle = Math.max(150, Math.round(window.innerHeight * (myTurn() ? 0.36 : 0.26)));
    const avail = Math.max(70, Math.min(260, window.innerHeight - top - fixed - middle));
    const maxH = Math.min(126, Math.round(window.innerHeight * (myTurn() ? 0.16 : 0.2)));
    return pickHandLayout(count, width, avail, { maxRows: 3, minH: 56, maxH, gap: 6, minStep: 26, minW: 34, area: 1 });
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
      return h("button", { type: "button", class: ["hand-card", sel && "selected", fresh && "fresh", e.id === hintId && "hinted"],
        dataset: { id: e.id, code: e.code }, "aria-pressed": String(sel), style }, card(e.code, { selected: sel }));
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
      pending: ui.pending, nextLabel: t("mani.p.btn.next_round"), waitingLabel: t("mani.p.waiting_others") })) return;
    const off = (type) => !(a.has(type) && !ui.pending);
    // Undo: Deshacer, or Rendirse (+3) when the engine says undoing costs cards.
    let undoLabel = g.undo_surrenders ? t("mani.p.btn.surrender") : t("mani.p.btn.undo");
    if (armed("undo")) undoLabel = t("mani.p.btn.confirm_surrender");
    const undoCls = `btn act act-undo${g.undo_surrenders ? " surrender" : ""}${armed("undo") ? " armed" : ""}`;
    // The middle button: Cerrar, Robar or Pasar, whichever the engine allows now.
    let mid = a.has("close") ? "close" : a.has("draw") ? "draw" : a.has("pass") ? "pass" : g.stock ? "draw" : "pass";
    let midLabel = t(`mani.p.btn.${mid}`);
    if ((mid === "draw" || mid === "pass") && armed(mid)) midLabel = t(`mani.p.btn.${mid}_anyway`);
    const midCls = `btn act act-${mid}${armed(mid) ? " armed" : ""}${!editing() && a.has(mid) ? " primary" : ""}`;
    el.actions.className = "mn-actions";
    el.actions.replaceChildren(
      h("button", { type: "button", class: undoCls, dataset: { act: "undo" }, disabled: off("undo"), text: undoLabel }),
      h("button", { type: "button", class: midCls, dataset: { act: mid }, disabled: off(mid), text: midLabel }),
      h("button", { type: "button", class: ["btn act act-done", editing() && "primary"], dataset: { act: "done" }, disabled: off("done"),
        text: t("mani.p.btn.done") }));
  }

  // ----- the joker-naming dialog -------------------------------------------------------------------------

  function renderOverlay() {
    const n = ui.naming;
    el.overlay.classList.toggle("hidden", !n);
    if (!n) return;
    const need = n.needs[0];
    const cards = need.cards?.length ? need.cards : groups()[need.group]?.cards || [];
    el.overlay.replaceChildren(h("div", { class: "modal-box mn-naming" },
      h("p", { class: "modal-title", text: t("mani.p.name_title") }),
      h("p", { class: "modal-sub", text: t("mani.p.name_group", { n: need.group + 1 }) }),
      h("div", { class: "naming-group" }, minis(cards, card)),
      h("div", { class: "naming-options" }, need.options.map((option, k) =>
        h("button", { type: "button", class: "btn naming-option", dataset: { option: String(k) } },
          h("span", { class: "naming-cards" }, minis(option.map((c) => `*${c}`), card)),
          h("span", { class: "naming-text", text: option.map(shortName).join(" ") })))),
      h("button", { type: "button", class: "btn secondary", dataset: { option: "cancel" }, text: t("mani.p.cancel") })));
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

  // ----- sending -----------------------------------------------------------------------------------

  const send = makeSender(ui, ctx, { busy: () => renderActions(), done: () => renderAll() });

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
    renderAll();
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
        renderAll();
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
      renderAll();
      return;
    }
    if (!p || p.src !== "group") return;
    clearPick();
    if (name === "split_before") await send({ type: "split", group: p.g, at: p.i });
    else if (name === "split_after") await send({ type: "split", group: p.g, at: p.i + 1 });
    else if (name === "to_hand") await send({ type: "move", card: p.code, from: p.g, to: "hand" });
    renderAll();
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
    renderAll();
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
    renderAll();
  }

  async function tapGroup(gi) {
    if (!canEdit()) return;
    if (ui.joinFrom != null) {
      const from = ui.joinFrom;
      ui.joinFrom = null;
      if (from !== gi) await send({ type: "join", group: from, with: gi });
      renderAll();
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
    renderAll();
  }

  function tapJoin(join) {
    if (!canEdit()) return;
    const gi = Number(join.dataset.join);
    if (ui.joinFrom === gi) ui.joinFrom = null;
    else if (ui.joinFrom != null) { tapGroup(gi); return; }
    else { ui.joinFrom = gi; ui.picked = null; }
    renderAll();
  }

  // After the naming dialog's options, and only while nothing is on its way.
  const routes = [
    [".hand-card", (node) => { tapHand(node.dataset.id, node.dataset.code); }],
    ["[data-join]", tapJoin],
    ["[data-loose]", (node) => { tapLoose(Number(node.dataset.loose)); }],
    [".mc[data-g]", (node) => { tapGroupCard(Number(node.dataset.g), Number(node.dataset.i)); }],
    ["[data-new]", () => { if (canEdit() && ui.picked) moveTo("new"); }],
    [".mg[data-group]", (node) => { tapGroup(Number(node.dataset.group)); }],
    ["[data-loose-box]", () => { if (canEdit() && ui.picked?.src === "group") moveTo("loose"); }],
    ["[data-tool]", (node) => { tool(node.dataset.tool); }],
  ];

  root.addEventListener("click", (event) => {
    if (!ui.state || !ui.state.game) return;
    const target = event.target;
    const option = target.closest("[data-option]");
    if (option) {
      chooseName(option.dataset.option);
      return;
    }
    if (ui.pending) return;
    if (routeTap(target, routes)) return;
    tapSortOrAct(target, ui, SORT_KEY, { resorted: renderAll, act: (button) => act(button.dataset.act) });
  });

  const unwatchResize = watchResize(() => ui.state && renderAll(), 120);

  // ----- timers (the pause after a round) --------------------------------------------------------------


  function updateCountdowns() {
    fillCountdowns(root, ui.deadlines, (node, left) => {
      node.textContent = t("mani.p.auto_next", { s: Math.ceil(left) });
    });
  }

  // ----- update from the server ----------------------------------------------------------------------

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

  function renderAll() {
    renderHeader();
    if (!playing()) results.update(ui.state);
    else renderTable();
    renderBar();
    renderActions();
    renderHand();
    renderOverlay();
    updateCountdowns();
    el.mn.classList.toggle("spectator", me() === null);
    el.mn.classList.toggle("ended", !playing());
    el.mn.classList.toggle("my-turn", myTurn());
    el.mn.classList.toggle("editing", editing());
  }

  function update(state) {
    if (!state.game) return;
    const firstUpdate = takeState(ui, state);
    reconcile();
    const mine = myTurn();
    if (mine && !ui.wasMyTurn && !firstUpdate) ctx.vibrate(400);
    ui.wasMyTurn = mine;
    renderAll();
    startTick(ui, 250, { countdowns: updateCountdowns, freshMs: FRESH_MS, redrawHand: renderHand });
  }

  // For the tests and the curious: the last thing the engine said about the table.
  root.dataset.ui = "manipulacion";

  return screenHandle(ui, root, { update, renderAll, cleanups: [table.destroy, unwatchResize] });
}
