// Small helpers shared by the TV page and every game's TV screen (games/<name>/tv.js), with
// those of table-kit.js (the tables' and results' own, which the phones load without these).
// Player names always go in through textContent (h(..., {text}) or string children).

import { seatChip, seatVars } from "../core/seats.js";
import { h } from "../core/dom.js";
import { pick, t } from "../core/i18n.js";
import { eventName as nameAtEvent } from "./names.js";
import { seatOf } from "./table-kit.js";

export * from "./table-kit.js";

// A game's TV screen from draw(root, ctx, memory), called on every push with
//   ctx = { ...shell, state, room, view (state.game), isHost }
// and memory = init(ctx) made on the first push: the mount() every screen module exports.
export function tvScreen(draw, init) {
  return function mount(root, shell) {
    let memory = null;
    let last = null;
    const update = (state) => {
      last = state;
      const ctx = { ...shell, state, room: state.room, view: state.game, isHost: !!state.host };
      if (!memory) memory = init(ctx);
      draw(root, ctx, memory);
    };
    return {
      update,
      relabel() { if (last) update(last); },
      destroy() {
        if (memory && memory.timer) clearTimeout(memory.timer);
        root.replaceChildren();
      },
    };
  };
}

// The screen for the view's phase: at the end of a round or of the game the game's results
// component (games/<name>/results.js, mounted once on root), else play() draws the table.
export function phaseScreen(root, ctx, memory, mountResults, play) {
  const phase = ctx.view.phase;
  if (phase === "round_over" || phase === "game_over") {
    if (!memory.results) memory.results = mountResults(root, { density: "tv" });
    memory.results.update(ctx.state, { host: ctx.host });
  } else {
    play();
  }
}

// The game's table component (games/<name>/table.js), mounted once on an element of its own
// and updated with every push; `memory.fresh` says which parts just changed.
export function tableArea(ctx, memory, mountTable, tag, className) {
  if (!memory.table) {
    memory.tableRoot = h(tag, { class: className });
    memory.table = mountTable(memory.tableRoot, { density: "tv" });
  }
  memory.table.update(ctx.state, { fresh: memory.fresh });
  return memory.tableRoot;
}

// ----- pieces every game's TV screen draws alike -------------------------------------------

// On entering the end of a round or of the game, the toasts of the play go.
export function notePhase(ctx, memory) {
  const view = ctx.view;
  if (view.phase !== memory.phase) {
    if (view.phase === "round_over" || view.phase === "game_over") ctx.clearToasts();
    memory.phase = view.phase;
  }
}

// The number of the view's last event (-1 without any).
export function lastEventN(view) {
  const events = view.events || [];
  return events.length ? events[events.length - 1].n : -1;
}

// The events since the last call (memory.lastEvent), oldest first; notes the newest.
export function newEvents(view, memory) {
  const fresh = (view.events || []).filter((ev) => ev.n > memory.lastEvent);
  memory.lastEvent = lastEventN(view);
  return fresh;
}

// The name of the seat that made event `ev`, as it was then (the log after a take-over).
export function eventName(ctx, ev) {
  return nameAtEvent(ctx.room, ev);
}

// "▶ Name's turn", with any extra class and children.
export function turnPill(seat, extraClass, ...children) {
  return h("span", { class: ["turn-pill", extraClass], vars: seatVars(seat) },
    h("span", { class: "turn-arrow", "aria-hidden": "true" }, "▶"),
    h("span", { class: "turn-text", text: t("tv.turn_of", { name: seat.name }) }),
    children);
}

// Why a computer player made the move of event `ev` (the room's `reasons`, server/reasons.py:
// the why alone, as it goes under the move), in the reader's language, or "".
export function reasonOf(room, ev) {
  const line = (room?.reasons || []).find((r) => r.n === ev.n);
  return line ? pick(line.why || line) : "";
}

// The last `size` events, newest first; textOf(ev) says each, and a computer player's reason
// for a move goes under it, in a smaller line.
export function feed(ctx, textOf, size = 7) {
  const events = (ctx.view.events || []).slice(-size).reverse();
  return h("div", { class: "feed" },
    h("h2", { text: t("tv.feed") }),
    h("ol", {}, events.map((ev, i) => {
      const why = reasonOf(ctx.room, ev);
      return h("li", {
        class: ["feed-item", `ev-${ev.type}`, i === 0 && "latest", !!why && "has-why"],
        vars: ev.seat == null ? { "--seat": "transparent" } : seatVars(seatOf(ctx.room, ev.seat)),
      }, ev.seat == null ? h("span", { class: "dot" }) : seatChip(seatOf(ctx.room, ev.seat), "dot"),
      h("span", { class: "lines" },
        h("span", { class: "text", text: ev.es && ev.en ? pick(ev) : textOf(ev) }),
        why ? h("span", { class: "why", text: why }) : null));
    })));
}

// A one-line toast in the seat's colour.
export function toastLine(ctx, seat, text, options) {
  return ctx.toast(h("div", { class: "toast-line", vars: { "--seat": seat.color } }, h("span", { class: "who", text })), options);
}
