// Small helpers shared by every game's phone screen (games/<name>/phone.js). No rules here:
// only the plumbing both screens had written out twice (hand ids, stored sort, sending, resize).
import { h } from "../core/dom.js";
import { seatChip } from "../core/seats.js";
import { getLang, t } from "../core/i18n.js";
import { store } from "../core/storage.js";
import { readDeadlines } from "../core/timers.js";
import { eventName as nameAtEvent, ownEvent } from "./names.js";
import { cardScale } from "../core/display.js";

// card(code, extra): an element drawn with the given deck's cardEl, in the current language.
export function cardMaker(cardEl) {
  return (code, extra = {}) => cardEl(code, { lang: getLang(), ...extra });
}

// A hand button's name for a screen reader, in the reader's language: "7 de copas, seleccionada".
export function handName(name, picked) {
  return picked ? t("phone.picked", { name }) : name;
}

// Small cards in a row: <span class="mini">card</span> each (card() gives elements).
export function minis(codes, card) {
  return codes.map((c) => h("span", { class: "mini" }, card(c)));
}

// Everyone else's cards left at the end of a round, with their points (a screen with the room
// to show them as the TV does: the one-device page). `points(seat)` writes a seat's points.
export function othersLeft(round, me, { seatName, seatColor, seatAt, card, points }) {
  return h("ul", { class: "others-left" }, round.hands.map((hand, seat) => seat !== me && h("li", {
    class: "other-left", vars: { "--seat": seatColor(seat) } },
  h("span", { class: "other-name" }, swatch(seatAt(seat)), h("b", { text: seatName(seat) })),
  h("span", { class: "left-cards" }, hand.length ? minis(hand, card) : "—"),
  h("b", { class: "other-points", text: points(seat) }))));
}

// A seat's colour with its initial (core/seats.js), sized for the phone.
export function swatch(seat) {
  return seatChip(seat, "swatch");
}

// ----- the players' strip ---------------------------------------------------------------------

// The players a screen lists above its table, every one whole on the screen (never a scroll
// box) and in legible type, for 2 to 8 seats: up to four in one row, more in two rows. The seat's
// colour is the chip's edge.
// `players`, in the order to show them: {seat, name, color, you, turn, thinking, away,
// info: [text, …] (each kept whole, "13 cartas"), mark: a badge's words ("✓ Salió") or null}.
export function seatStrip(root, players) {
  const columns = players.length <= 4 ? players.length : Math.ceil(players.length / 2);
  root.classList.add("seat-strip");
  root.style.setProperty("--columns", String(Math.max(1, columns)));
  root.replaceChildren(...players.map((p) => h("li", {
    class: ["strip-seat", p.you && "you", p.turn && "turn", p.thinking && "thinking", p.away && "away"],
    vars: { "--seat": p.color }, dataset: { seat: String(p.seat) }, "aria-current": p.turn ? "true" : null,
  },
  h("b", { class: "strip-seat-name" }, p.chip && swatch(p.chip), h("span", { text: p.name })),
  h("span", { class: "strip-seat-info" }, p.info.map((text) => h("span", { text }))),
  p.mark && h("span", { class: "strip-seat-mark", text: p.mark }))));
}

// The hand's rows: <div class="hand-row"> each, cardNode(entry, k, style) a card.
export function handRows(list, { rows, perRow, cardW, step }, cardNode) {
  const out = [];
  for (let r = 0; r < rows; r++) {
    const slice = list.slice(r * perRow, (r + 1) * perRow);
    if (!slice.length) continue;
    out.push(h("div", { class: "hand-row" }, slice.map((e, k) =>
      cardNode(e, k, { width: `${cardW}px`, marginLeft: k ? `${(step - cardW).toFixed(1)}px` : "" }))));
  }
  return out;
}

// ----- the hand -------------------------------------------------------------------------------

// Hand entries with stable ids from an already sorted hand: the k-th copy of a code is
// "code#k" (two packs: the same card twice).
export function tagIds(sorted) {
  const seen = {};
  return sorted.map((code) => {
    seen[code] = (seen[code] ?? -1) + 1;
    return { id: `${code}#${seen[code]}`, code };
  });
}

export function countCodes(codes) {
  const counts = {};
  for (const code of codes) counts[code] = (counts[code] || 0) + 1;
  return counts;
}

// The sort order ("rank" | "suit") remembered under `key`.
export function storedSort(key) {
  return store.get(key) === "suit" ? "suit" : "rank";
}

export function storeSort(key, by) {
  store.set(key, by);
}

// A tap on a sort button ([data-sort]): remembers its order under `key` and returns it;
// null for any other tap.
export function tappedSort(target, key) {
  const button = target.closest("[data-sort]");
  if (!button) return null;
  storeSort(key, button.dataset.sort);
  return button.dataset.sort;
}

// Mark in `fresh` (id -> time) the cards that arrived in `hand` since `before`.
export function markFresh(fresh, before, hand) {
  const was = countCodes(before);
  const now = countCodes(hand);
  const stamp = Date.now();
  for (const [code, n] of Object.entries(now)) {
    for (let k = was[code] || 0; k < n; k++) fresh.set(`${code}#${k}`, stamp);
  }
}

// True when every fresh mark is older than `ms` (and there is one at all).
export function freshOver(fresh, ms) {
  return fresh.size && [...fresh.values()].every((s) => s < Date.now() - ms);
}

// Of 1..maxRows rows, the one whose visible (tappable) card strips are largest, among those
// where every strip is at least minStep wide (a finger's width) when there is one.
// {rows, perRow, cardW, step, score}
export function pickHandLayout(count, width, avail, sizes, k = cardScale()) {
  if (k > 1) {         // extra-large: the usual layout's largest card, k times larger
    const cardW = Math.min(width, Math.round((Math.min(sizes.maxH, avail) / 1.4) * k));
    return largeLayout(pickHandLayout(count, width, avail, sizes, 1), count, width, sizes.minStep * k, cardW);
  }
  const { maxRows, gap, area } = sizes;
  const [minH, maxH, minStep, minW] = [sizes.minH, sizes.maxH, sizes.minStep, sizes.minW].map((v) => Math.round(v * k));
  let best = null;
  for (let rows = 1; rows <= maxRows; rows++) {
    const perRow = Math.ceil(count / rows);
    const cardH = Math.max(minH, Math.min(maxH, Math.floor((avail - (rows - 1) * gap) / rows)));
    let cardW = Math.floor(cardH / 1.4);
    let step = perRow > 1 ? Math.min(cardW + 4, (width - cardW) / (perRow - 1)) : cardW;
    if (step < minStep) {   // too tight: smaller cards rather than unreadable slivers
      cardW = Math.max(minW, Math.min(cardW, Math.floor(width - minStep * (perRow - 1))));
      step = perRow > 1 ? Math.min(cardW + 4, (width - cardW) / (perRow - 1)) : cardW;
    }
    const wide = step >= minStep - 0.01 && cardW >= minStep;
    const score = Math.min(step, cardW) * cardW * area;
    if (!best || (wide && !best.wide) || (wide === best.wide && score > best.score * 1.04)) {
      best = { rows, perRow, cardW, step, score, wide };
    }
    if (perRow === 1) break;
  }
  return best;
}

// Cards cardW wide in as few rows as leave each corner readable (strips minStep wide); the hand
// scrolls if the screen is too short for them (scrollHand).
function largeLayout(base, count, width, minStep, cardW) {
  for (let rows = 1; ; rows++) {
    const perRow = Math.ceil(count / rows);
    const step = perRow > 1 ? Math.min(cardW + 4, (width - cardW) / (perRow - 1)) : cardW;
    if (step >= minStep || perRow === 1) return { ...base, rows, perRow, cardW, step };
  }
}

// A hand taller than its room (extra-large cards) scrolls in it, its buttons still in sight.
export function scrollHand(hand, room) {
  hand.style.maxHeight = cardScale() > 1 ? `${Math.round(room)}px` : "";
}

// ----- state, sending -------------------------------------------------------------------

// Readers of the current state kept in ui.state.
export function stateReaders(ui) {
  const game = () => ui.state.game;
  const me = () => (ui.state.you ? ui.state.you.index : null);
  const allowed = () => new Set(game().allowed || []);
  const seatName = (i) => (i == null ? "" : ui.state.room.seats[i]?.name ?? `#${i + 1}`);
  const seatColor = (i) => ui.state.room.seats[i]?.color ?? "#999";
  const seatAt = (i) => (i == null ? null : ui.state.room.seats[i] ?? null);
  // Who made event `ev`, under the name the seat had then (the log after a take-over).
  const eventName = (ev) => nameAtEvent(ui.state.room, ev);
  // An event in words for this seat's screen: its own moves in the second person (the string
  // table's `${key}_you`: «Pones el doble 12…»), the others' with the name ({name}).
  const narrate = (ev, key, vars = {}) => (ownEvent(ui.state.room, ev, me())
    ? t(`${key}_you`, vars) : t(key, { name: eventName(ev), ...vars }));
  return { game, me, allowed, seatName, seatColor, seatAt, eventName, narrate };
}

// One action at a time for a screen and every component on it (the hand, an overlay):
// send(action, handle) refuses while another is on its way; each listener(phase) redraws on
// "busy" and on "done". A refusal goes to the banner unless handle(error) takes it.
export function makeLine(ctx) {
  let pending = null;          // the promise of the action in flight
  let pendingType = null;
  const listeners = new Set();
  const notify = (phase) => { for (const listener of [...listeners]) listener(phase); };
  return {
    pending: () => pending !== null,
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async send(action, handle) {
      // The same move twice (a double tap) goes once; another move waits for the one in
      // flight (a quick "draw, then discard" on the keyboard loses neither).
      while (pending) {
        if (pendingType === action?.type) return null;
        await pending.catch(() => {});
      }
      pendingType = action?.type ?? null;
      pending = ctx.send(action);
      notify("busy");
      let reply;
      try {
        reply = await pending;
      } finally {
        pending = null;
        pendingType = null;
      }
      if (!reply.ok && !(handle && handle(reply.error))) ctx.banner(reply.error);
      notify("done");
      return reply;
    },
  };
}

// Calls fn `ms` after the last resize; returns the function that stops watching.
export function watchResize(fn, ms) {
  let resizeTimer = null;
  const onResize = () => {
    clearTimeout(resizeTimer);
    resizeTimer = setTimeout(fn, ms);
  };
  window.addEventListener("resize", onResize);
  return () => window.removeEventListener("resize", onResize);
}

// A new state for the screen: kept in ui.state, its timers read into ui.deadlines. True for
// the screen's first state.
export function takeState(ui, state) {
  const first = !ui.state;
  ui.state = state;
  ui.deadlines = readDeadlines(state);
  return first;
}

// The screen's (or a component's) tick: countdowns kept current, fresh marks dropped once they
// are old (either may be absent).
export function startTick(ui, ms, { countdowns, freshMs, redrawHand }) {
  if (ui.tick) return;
  ui.tick = setInterval(() => {
    if (countdowns) countdowns();
    if (ui.fresh && freshOver(ui.fresh, freshMs)) {
      ui.fresh.clear();
      if (ui.state) redrawHand();
    }
  }, ms);
}

// A tap handled by the first route whose selector the tapped element is inside:
// routes = [[selector, handler(node)], ...]; a handler that returns false passes the tap on.
// True when a route took it.
export function routeTap(target, routes) {
  for (const [selector, handler] of routes) {
    const node = target.closest(selector);
    if (node && handler(node) !== false) return true;
  }
  return false;
}

// The last two things every phone screen's tap handler checks: a sort button (remembered
// under `sortKey`, then resorted()), an action button at rest (its reason goes to say(reason),
// see atRest) or an enabled action button (act(button)). True when the tap was one of them.
export function tapSortOrAct(target, ui, sortKey, { resorted, act, say }) {
  const sortBy = tappedSort(target, sortKey);
  if (sortBy) {
    ui.sortBy = sortBy;
    resorted();
    return true;
  }
  const button = target.closest("[data-act]");
  if (button && button.hasAttribute("data-at-rest")) {
    const reason = whyNot(ui.state?.game, button.dataset.act);
    if (reason) say(reason);
    return true;
  }
  if (button && !button.disabled) {
    act(button);
    return true;
  }
  return false;
}

// ----- buttons at rest --------------------------------------------------------------------------

// Why the seat may not try action `type` now, in the engine's words (the view's `actions`, see
// docs/engine.md): {code, es, en}, or null when it may.
export function whyNot(game, type) {
  const state = game?.actions?.[type];
  return state && state.enabled === false ? state.reason || null : null;
}

// The attributes of an action button the engine has at rest (`resting`: its type is not in the
// view's `allowed`): aria-disabled rather than disabled, so that a tap still reaches the screen,
// which says why (tapSortOrAct), and data-at-rest, which draws it at rest (base.css). Spread
// them last into the button's attributes.
export function atRest(resting) {
  return resting ? { "aria-disabled": "true", "data-at-rest": "" } : {};
}

// What a tap on a button at rest shows: the engine's reason, in a short line that goes by
// itself (the banner: a live region, so it is read out too).
export function sayWhy(ctx, reason) {
  ctx.banner(reason, "info");
}

// What a phone screen's mount() returns: update, relabel (redraw in the new language) and
// destroy (stops the tick, runs each cleanup, empties root).
export function screenHandle(ui, root, { update, renderAll, cleanups }) {
  return {
    update,
    relabel() { if (ui.state) renderAll(); },
    destroy() {
      clearInterval(ui.tick);
      for (const cleanup of cleanups) cleanup();
      root.replaceChildren();
    },
  };
}

// ----- a screen with a hand -------------------------------------------------------------------

// What a hand's mount() returns (games/<name>/hand.js): update keeps the state, reconcile()s the
// hand's own state (picks, modes) with it, render()s and starts the fresh-mark tick; relabel
// redraws; destroy runs each cleanup and empties root and the panel. `parts` are the hand's own
// (local, panelReplacesTable, tapTable).
export function handHandle(ui, root, { reconcile, render, redrawHand, tickMs, freshMs, panel, cleanups }, parts) {
  return {
    update(state) {
      if (!state.game) return;
      ui.state = state;
      reconcile();
      render();
      startTick(ui, tickMs, { freshMs, redrawHand });
    },
    relabel() { if (ui.state) render(); },
    destroy() {
      clearInterval(ui.tick);
      for (const cleanup of cleanups) cleanup();
      root.replaceChildren();
      panel.replaceChildren();
    },
    panel,
    ...parts,
  };
}

// A phone screen of a header, the hand and the rest (the table, overlays): update keeps the
// state, draws the header, then the hand (it measures the header for its room), then calls
// turned(firstUpdate) (the vibrations) and draws the rest; relabel redraws all three.
// It has just become this seat's turn: a buzz (`pattern`) and the turn chime (where the
// screen's ctx has sound: the phone's).
export function yourTurn(ctx, pattern = 400) {
  ctx.vibrate(pattern);
  ctx.sound?.("turn");
}

export function screenWithHand(ui, root, { header, hand, rest, turned, tickMs, countdowns, cleanups }) {
  function update(state) {
    if (!state.game) return;
    const firstUpdate = takeState(ui, state);
    header();
    hand.update(state);
    turned(firstUpdate);
    rest();
    startTick(ui, tickMs, { countdowns });
  }
  const renderAll = () => { header(); hand.relabel(); rest(); };
  return screenHandle(ui, root, { update, renderAll, cleanups: [hand.destroy, ...cleanups] });
}

// ----- between rounds -------------------------------------------------------------------------

// The action bar when there is no move to offer: hidden for a spectator, and between rounds
// the next-round button or "waiting for others" (class `${barClass} single`). True when it
// drew one of those; false while playing, when the screen draws its own buttons.
export function idleActions(bar, barClass, { spectator, playing, allowed, phase, pending, nextLabel, nextKey, waitingLabel }) {
  bar.classList.toggle("hidden", spectator);
  if (spectator) return true;
  if (playing) return false;
  bar.className = `${barClass} single`;
  bar.replaceChildren(...[betweenRounds(allowed, phase, pending, nextLabel, waitingLabel, nextKey)].filter(Boolean));
  return true;
}

// The action bar between rounds: the next-round button (with its key, on the one-device page)
// when allowed, else "waiting for others".
export function betweenRounds(allowed, phase, pending, nextLabel, waitingLabel, nextKey) {
  if (allowed.has("next_round")) {
    const dataset = nextKey ? { act: "next_round", key: nextKey } : { act: "next_round" };
    return h("button", { type: "button", class: "btn primary wide", dataset, disabled: pending, text: nextLabel });
  }
  if (phase === "round_over") {
    // While the others get ready: a lesson, in a tab of its own (the seat here stays taken).
    return h("div", { class: "waiting-others" }, h("p", { text: waitingLabel }),
      h("a", { class: "learn-link", href: "/solo#aprende", target: "_blank", rel: "noopener", text: t("phone.learn") }));
  }
  return null;
}

// A standings row's place number (a medal for the first three at the end of the game).
export function medal(place, over) {
  return h("span", { class: ["place-n", over && place <= 3 && `medal-${place}`], text: String(place) });
}

// The phone's end of a round or of the game (`g` the game's view), in the order a player reads
// it: at the game's end the title, the winner, the final standings and your place first (in
// sight on the smallest phone), then how the last round ended; at a round's end the round's
// story first. A new screen opens at its top, its title in sight, wherever the box it replaced
// was scrolled to; a redraw of the same screen keeps the player's scroll.
export function drawPhoneResults(root, g, { head, story, standings, place, foot }) {
  const over = g.phase === "game_over";
  const parts = over ? [head, standings, place, story, foot] : [head, story, standings, place, foot];
  root.replaceChildren(h("div", { class: "results" }, parts.flat().filter(Boolean)));
  const key = `${g.phase}:${g.last_round?.round ?? g.round}`;
  if (root.dataset.shown === key) return;
  root.dataset.shown = key;
  requestAnimationFrame(() => {
    for (let box = root; box && box !== document.body; box = box.parentElement) {
      if (/(auto|scroll)/.test(getComputedStyle(box).overflowY)) box.scrollTop = 0;
    }
  });
}

// A phone's end-of-round screen (games/<name>/results.js) is fetched when a round first ends,
// not on the way from the QR code to a hand. `load` imports the module; it draws into `box`
// (display: contents unless given), which the caller places. Until it arrives the last update
// waits; a phone back at the table before then leaves the box detached, so nothing shows late.
export function laterResults(load, options, box = h("div", { class: "results-box", style: { display: "contents" } })) {
  let real = null;
  let asked = null;
  let loading = null;
  return {
    box,
    update(...args) {
      if (real) return real.update(...args);
      asked = args;
      loading ??= load().then(({ mount }) => {
        real = mount(box, options);
        if (asked) real.update(...asked);
      });
    },
    relabel() { real?.relabel(); },
    destroy() { asked = null; real?.destroy(); },
  };
}
