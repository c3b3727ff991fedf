// The TV's lobby: how to join, the games' tiles, the chosen game's options and house rules, and
// the seats (the latest games under them, from tv-history.js). Built anew on every render from
// the room's state, with ctx = { state, catalogue, host(command, args), rerender() }; what the
// lobby keeps between renders is `lobby`.

import { seatChip, seatVars } from "../core/seats.js";
import { h } from "../core/dom.js";
import { pick, t } from "../core/i18n.js";
import { watchersCount, watchersLine } from "./tv-watchers.js";

export const lobby = {
  botLevel: null,       // the level the next computer player is added at
  error: null,          // the last refused host command, shown under Empezar
  dragging: null,       // the seat id being dragged
};

// The lobby's four panels, the seats' with `recent` (the latest games) under them.
export function lobbyPanels(ctx, info, isHost, recent) {
  const room = ctx.state.room;
  return [joinPanel(ctx), tilesPanel(ctx, room.game, isHost), detailPanel(ctx, info, room, isHost),
    seatsPanel(ctx, info, room, isHost, recent)];
}

// What the lobby's panels need measured once they are on screen.
export function fitLobby(view) {
  for (const selector of [".room-code .code", ".join-url strong", ".join-panel h2"]) fitText(view.querySelector(selector));
  fitDetail(view.querySelector(".detail-panel"));
  fitRules(view.querySelector(".rules-card"));
  fitSeats(view.querySelector(".seats-panel"));
}

// Options and house rules that would need a scroll (a TV is not scrolled from the sofa): the
// tighter layout first.
function fitDetail(panel) {
  if (!panel) return;
  const page = panel.closest(".lobby");
  const overflows = (el) => !!el && el.scrollHeight > el.clientHeight + 1;
  const fits = () => !overflows(panel) && ![...panel.children].some(overflows);
  panel.classList.remove("compact", "split");
  page.classList.remove("tight", "tighter");
  if (fits()) return;
  panel.classList.add("compact");
  if (fits()) return;
  page.classList.add("tight");             // the games' tiles without their summaries
  if (fits()) return;
  // Still too tall (a game with many choices): options and house rules side by side.
  if (overflows(panel) || panel.querySelector(".options-card")?.offsetHeight > panel.clientHeight / 2) {
    panel.classList.add("split");
  }
  if (!fits()) page.classList.add("tighter");      // and the tiles' names a size smaller
}

// Six or more seated, or fewer in two lines each that leave no room for the latest game: one
// line each, so that it shows under them.
function fitSeats(panel) {
  const recent = panel?.querySelector(".recent-games");
  const game = recent?.querySelector(".recent-game");
  if (!game || panel.classList.contains("many")) return;
  if (recent.clientHeight < recent.querySelector("header").offsetHeight + game.offsetHeight + 8) {
    panel.classList.add("many");
    panel.querySelector(".seat-list")?.classList.add("many");
  }
}

// A long house-rules card: smaller type until it fits its box (down to a readable minimum).
function fitRules(card) {
  if (!card) return;
  const list = card.querySelector("ul");
  const start = parseFloat(getComputedStyle(list.firstElementChild || list).fontSize);
  let size = start;
  const set = (px) => {
    list.style.fontSize = px ? `${px}px` : "";
    for (const li of list.children) li.style.fontSize = px ? "inherit" : "";
  };
  while (card.scrollHeight > card.clientHeight + 1 && size > start * 0.85) {
    size *= 0.95;
    set(size);
  }
  if (card.scrollHeight > card.clientHeight + 1) set(null);   // no readable size fits: keep it big
}

// Shrink a one-line text until it fits its box (wide letters such as "WMWM" in the room code).
// The element needs white-space: nowrap, max-width: 100% and overflow: hidden.
export function fitText(node) {
  if (!node) return;
  node.style.fontSize = "";
  let size = parseFloat(getComputedStyle(node).fontSize);
  while (node.scrollWidth > node.clientWidth + 1 && size > 12) {
    size *= 0.92;
    node.style.fontSize = `${size}px`;
  }
}

function joinPanel({ state }) {
  const { links, room } = state;
  return h("section", { class: ["panel", "join-panel", links.wifi_qr && "has-wifi"] },
    h("h2", { text: t("tv.join_title") }),
    h("div", { class: "qr-frame" }, h("img", { class: "qr", src: links.qr, alt: links.join_url })),
    h("p", { class: "scan", text: t("tv.join_scan") }),
    h("div", { class: "room-code" },
      h("span", { class: "label", text: t("tv.room_code") }),
      h("span", { class: "code", text: room.code })),
    h("p", { class: "join-url" }, h("span", { text: t("tv.or_open") }),
      h("strong", { text: links.join_url.replace(/^https?:\/\//, "") })),
    links.wifi_qr && h("div", { class: "wifi" },
      h("div", { class: "qr-frame small" }, h("img", { class: "qr", src: links.wifi_qr, alt: "Wi-Fi" })),
      h("div", { class: "wifi-text" },
        h("strong", { text: t("tv.wifi_title") }),
        links.wifi_ssid && h("span", { text: t("tv.wifi_ssid", { ssid: links.wifi_ssid }) }))));
}

// One tile per catalogue entry, in the server's order; upcoming games are disabled tiles.
function tilesPanel({ catalogue, host }, selected, isHost) {
  const tiles = catalogue.map((info) => {
    const name = info.name;
    const soon = !!info.upcoming;
    const title = pick(info.title);
    const summary = pick(info.summary);
    const data = info;
    return h("button", {
      type: "button",
      class: ["tile", soon && "soon", name === selected && "selected"],
      disabled: soon || !isHost,
      "aria-pressed": String(name === selected),
      dataset: { game: name },
      on: { click: () => name !== selected && host("set_game", { game: name }) },
    },
    h("span", { class: "tile-head" },
      h("img", { class: "tile-emblem", src: `/static/media/games/${name}.svg`, alt: "", "aria-hidden": "true",
        width: 120, height: 90,          // the pictures' shape: room kept while they load
        on: { error: (event) => event.target.remove() } }),
      h("span", { class: "tile-text" },
        h("span", { class: "tile-title", text: title }),
        h("span", { class: "tile-meta" },
          h("span", { class: "tile-players", text: t("common.players_range", { min: data.min_players, max: data.max_players }) }),
          soon && h("span", { class: "tile-soon", text: t("tv.soon") })))),
    h("span", { class: "tile-summary", text: summary }));
  });
  return h("section", { class: "tiles" }, tiles);
}

function optionValues(info, room) {
  const values = {};
  for (const option of info?.options || []) values[option.name] = option.default;
  return { ...values, ...(room.options || {}) };
}

function detailPanel({ host }, info, room, isHost) {
  if (!info) return h("section", { class: "panel detail-panel" });
  const values = optionValues(info, room);
  const setOption = (name, value) => host("set_options", { options: { ...values, [name]: value } });
  // An option that lists the rule sets it applies to ("rulesets") shows only under those.
  const applies = (option) => !Array.isArray(option.rulesets) || !("ruleset" in values)
    || option.rulesets.includes(values.ruleset);
  const options = (info.options || []).filter(applies).map((option) => {
    const value = values[option.name];
    let control;
    if (option.type === "int" || option.type === "number") {
      const step = option.step || 1;
      control = h("div", { class: "stepper" },
        h("button", { type: "button", class: "step", disabled: !isHost || value <= option.min, "aria-label": "−",
          on: { click: () => setOption(option.name, Math.max(option.min, value - step)) } }, "−"),
        h("output", { class: "step-value", text: String(value), dataset: { option: option.name } }),
        h("button", { type: "button", class: "step", disabled: !isHost || value >= option.max, "aria-label": "+",
          on: { click: () => setOption(option.name, Math.min(option.max, value + step)) } }, "+"));
    } else if (option.type === "bool") {
      control = h("button", { type: "button", class: ["switch", value && "on"], disabled: !isHost,
        "aria-pressed": String(!!value), on: { click: () => setOption(option.name, !value) } },
      value ? "✓" : "✕");
    } else if (Array.isArray(option.choices)) {
      // Many choices (a rule set) wrap in a grid, with the chosen one's summary under it.
      const many = option.choices.length > 3;
      let summary = null;
      control = h("div", { class: ["segmented", many && "choice-grid"] }, option.choices.map((choice) => {
        const v = typeof choice === "object" ? choice.value : choice;
        const label = typeof choice === "object" ? pick(choice.label) || String(v) : String(v);
        if (v === value && typeof choice === "object" && choice.summary) summary = pick(choice.summary);
        return h("button", { type: "button", class: v === value && "on", disabled: !isHost,
          "aria-pressed": String(v === value), dataset: { option: option.name, value: String(v) },
          on: { click: () => setOption(option.name, v) } }, label);
      }));
      if (many) {
        return h("div", { class: "option wide" }, h("span", { class: "option-label", text: pick(option.label) }), control,
          summary && h("p", { class: "choice-summary", text: summary }));
      }
    } else {
      control = h("output", { class: "step-value", text: String(value) });
    }
    return h("div", { class: "option" }, h("span", { class: "option-label", text: pick(option.label) }), control);
  });
  const rules = (info.house_rules || []).filter(applies).map((rule) => h("li", { text: pick(rule) }));
  return h("section", { class: "panel detail-panel" },
    options.length ? h("div", { class: "options-card" }, h("h3", { text: t("tv.options") }), options) : null,
    rules.length ? h("div", { class: "rules-card" }, h("h3", { text: t("tv.house_rules") }), h("ul", {}, rules)) : null);
}

function seatsPanel(ctx, info, room, isHost, recent) {
  const { host, rerender } = ctx;
  const seats = room.seats;
  const max = info ? info.max_players : 8;
  const min = info ? info.min_players : 2;
  const levels = info?.bot_levels?.length ? info.bot_levels : ["facil", "normal"];
  if (!levels.includes(lobby.botLevel)) lobby.botLevel = levels[0];
  const order = seats.map((s) => s.id);
  const move = (index, delta) => {
    const next = [...order];
    const [id] = next.splice(index, 1);
    next.splice(index + delta, 0, id);
    host("reorder", { order: next });
  };

  // Beyond five seats each is one line, so that Empezar stays on screen with eight.
  const list = h("ol", { class: ["seat-list", seats.length > 5 && "many"], title: isHost ? t("tv.drag_hint") : null }, seats.map((seat, index) => {
    const badges = [];
    if (seat.bot) {
      const nextLevel = levels[(levels.indexOf(seat.bot) + 1) % levels.length];
      badges.push(h("button", {
        type: "button", class: "badge bot", disabled: !isHost || levels.length < 2,
        title: t("tv.level"), on: { click: () => host("set_bot", { seat: seat.id, level: nextLevel }) },
        "aria-label": `${t("tv.bot")} · ${t(`common.level.${seat.bot}`)}`,
      }, h("span", { class: "bot-word", text: `${t("tv.bot")} · ` }), t(`common.level.${seat.bot}`)));
    } else {
      badges.push(h("span", { class: ["badge", seat.connected ? "phone" : "away"],
        text: seat.connected ? t("tv.phone") : t("tv.away") }));
    }
    return h("li", {
      class: "seat", draggable: isHost ? "true" : null, dataset: { id: seat.id, seat: String(index) }, vars: seatVars(seat),
    },
    h("span", { class: "pos", text: String(index + 1) }),
    seatChip(seat, "swatch"),
    h("span", { class: "seat-who" },
      h("span", { class: "seat-name", text: seat.name }),
      h("span", { class: "seat-meta" }, badges, isHost && seatActions(seat, index))));
  }));
  function seatActions(seat, index) {
    return h("span", { class: "seat-actions" },
      h("button", { type: "button", class: "icon", title: t("tv.move_up"), "aria-label": t("tv.move_up"),
        disabled: index === 0, on: { click: () => move(index, -1) } }, "▲"),
      h("button", { type: "button", class: "icon", title: t("tv.move_down"), "aria-label": t("tv.move_down"),
        disabled: index === seats.length - 1, on: { click: () => move(index, +1) } }, "▼"),
      h("button", { type: "button", class: "icon remove", title: t("tv.remove"), "aria-label": t("tv.remove"),
        on: { click: () => host("remove", { seat: seat.id }) } }, "✕"));
  }
  if (isHost) enableDrag(ctx, list);

  const full = seats.length >= max;
  const countOk = seats.length >= min && seats.length <= max;
  const many = seats.length > 5;
  return h("section", { class: ["panel", "seats-panel", many && "many"] },
    h("h2", {}, t("tv.seats"), " ", h("span", { class: "count", text: t("tv.seats_count", { n: seats.length, max }) }),
      many && watchersCount(room)),
    seats.length ? list : h("p", { class: "empty", text: t("tv.no_seats") }),
    !many && watchersLine(room),
    info?.seating_tip && h("p", { class: "tip", text: pick(info.seating_tip) }),
    isHost && h("div", { class: "add-bot" },
      h("div", { class: "segmented", role: "group", "aria-label": t("tv.level") }, levels.map((level) =>
        h("button", { type: "button", class: level === lobby.botLevel && "on", "aria-pressed": String(level === lobby.botLevel),
          on: { click: () => { lobby.botLevel = level; rerender(); } } }, t(`common.level.${level}`)))),
      h("button", { type: "button", class: "add", disabled: full,
        on: { click: () => { lobby.error = null; host("add_bot", { level: lobby.botLevel }); } } }, "+ ", t("tv.add_bot"))),
    recent,
    isHost ? h("div", { class: "start-row" },
      // Not enough players yet: the button looks at rest (a tap still says why, from the host).
      h("button", { type: "button", class: "start", id: "start", "aria-disabled": countOk ? null : "true",
        on: { click: () => { lobby.error = null; host("start"); } } }, t("tv.start")),
      lobby.error ? h("p", { class: "error", role: "alert", text: lobby.error })
        : !countOk && h("p", { class: "hint", text: t("tv.need_players", { min, max }) }))
      : h("p", { class: "hint", text: t("tv.watching") }));
}

// Drag a seat to reorder: the list moves live under the pointer, the order is sent on drop.
function enableDrag({ host, rerender }, list) {
  let moved = false;
  const finish = () => {
    const id = lobby.dragging;
    lobby.dragging = null;
    list.querySelectorAll(".dragging").forEach((n) => n.classList.remove("dragging"));
    if (moved && id) {
      const order = [...list.children].map((li) => li.dataset.id);
      host("reorder", { order });
    }
    moved = false;
    rerender();
  };
  list.addEventListener("dragstart", (event) => {
    const li = event.target.closest("li.seat");
    if (!li) return;
    lobby.dragging = li.dataset.id;
    moved = false;
    li.classList.add("dragging");
    event.dataTransfer.effectAllowed = "move";
    event.dataTransfer.setData("text/plain", li.dataset.id);
  });
  list.addEventListener("dragover", (event) => {
    if (!lobby.dragging) return;
    event.preventDefault();
    const li = event.target.closest("li.seat");
    const source = list.querySelector(`li.seat[data-id="${CSS.escape(lobby.dragging)}"]`);
    if (!li || !source || li === source) return;
    const box = li.getBoundingClientRect();
    const after = event.clientY > box.top + box.height / 2;
    const anchor = after ? li.nextSibling : li;
    if (anchor !== source && anchor !== source.nextSibling) {
      list.insertBefore(source, anchor);
      moved = true;
      [...list.children].forEach((n, i) => { const pos = n.querySelector(".pos"); if (pos) pos.textContent = String(i + 1); });
    }
  });
  list.addEventListener("drop", (event) => {
    event.preventDefault();
    finish();
  });
  list.addEventListener("dragend", () => {
    if (lobby.dragging) finish();
  });
}
