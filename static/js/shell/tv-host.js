// The host's layer over any TV screen (lobby or table): take-over requests to answer, one
// host menu (who plays each seat, removing a person, letting latecomers in without asking,
// pairing screens with the house, damaged games), and the notice of a damaged games file.
// The house's parts (damaged games, notices, pairing another screen) only on a screen that
// holds the house key (state.house). Knows no game rules.

import { h } from "../core/dom.js";
import { getLang, pick, t } from "../core/i18n.js";
import { seatChip, seatVars } from "../core/seats.js";
import { store } from "../core/storage.js";
import { soundControls } from "./tv-sound.js";
import { watchersLine } from "./tv-watchers.js";

const SEEN_KEY = "sobremesa.tv.seen_notices";
let menuOpen = false;
let confirmRemove = null;          // the seat id whose "Quitar" was pressed once
let confirmLast = false;           // «Última ronda» pressed once
let confirmTimer = null;
let pairing = null;                // {code, until}: the code this house screen shows
let pairTyped = "";                // what a screen that is not the house's typed so far

function seenNotices() {
  const seen = store.getJSON(SEEN_KEY);
  return Array.isArray(seen) ? seen : [];
}

function markSeen(path) {
  store.setJSON(SEEN_KEY, [...seenNotices(), path].slice(-20));
}

// A game's title from the catalogue (its name when the catalogue has no such game).
function gameTitle(catalogue, name) {
  const info = (catalogue || []).find((g) => g.name === name);
  return info ? pick(info.title) : name;
}

// ctx = { state, host(command, args), house(command, args), pair(code), rerender(), catalogue }
export function renderHostLayer(layer, button, ctx) {
  const { state } = ctx;
  const isHost = !!(state && state.host);
  button.classList.toggle("hidden", !isHost);
  if (!isHost) {
    menuOpen = false;
    layer.replaceChildren(...[storageBanner(state)].filter(Boolean));
    return;
  }
  const damaged = state.house?.damaged || [];
  button.replaceChildren(...[h("span", { "aria-hidden": "true" }, "☰ "), t("tv.host_menu"),
    damaged.length && h("span", { class: "menu-alert", text: ` ⚠ ${damaged.length}` })].filter(Boolean));
  button.onclick = () => { menuOpen = !menuOpen; ctx.rerender(); };
  const typing = document.activeElement?.classList.contains("pair-input") ? document.activeElement.selectionStart : null;
  const parts = [storageBanner(state), noticeBanner(state, ctx), requestPrompts(state, ctx),
    menuOpen && hostMenu(state, ctx)].filter(Boolean);
  // A state the layer shows alike (the computers play on behind an open menu) leaves it as it
  // is: a click between its press and its release, or the volume being dragged, is not lost.
  // What a button does is drawn on it (its state, its seat), so the same drawing acts alike.
  if (sameDrawing(layer, parts)) return;
  layer.replaceChildren(...parts);
  const input = typing === null ? null : layer.querySelector(".pair-input");
  if (input) {             // a state pushed while a code is typed: the typing goes on
    input.focus();
    input.setSelectionRange(typing, typing);
  }
}

function sameDrawing(layer, parts) {
  const now = layer.children;
  return now.length === parts.length && parts.every((part, i) => part.isEqualNode(now[i]));
}

// The laptop cannot save (a full disk, the file held by another program): moves wait, and the
// whole room reads why. It goes by itself once the file takes writes again.
function storageBanner(state) {
  if (!state?.storage) return null;
  return h("div", { class: "house-notice storage-notice", role: "alert" },
    h("span", { class: "notice-icon", "aria-hidden": "true" }, "⚠"),
    h("p", { text: t(`tv.storage_${state.storage}`) }));
}

function noticeBanner(state, ctx) {
  const seen = seenNotices();
  const notice = (state.house?.notices || []).find((n) => !seen.includes(n.path));
  if (!notice) return null;
  return h("div", { class: "house-notice", role: "alert" },
    h("span", { class: "notice-icon", "aria-hidden": "true" }, "⚠"),
    h("p", { text: pick(notice) }),
    h("button", { type: "button", class: "notice-ok", on: { click: () => { markSeen(notice.path); ctx.rerender(); } } },
      t("tv.understood")));
}

function requestPrompts(state, ctx) {
  const requests = state.room.requests || [];
  if (!requests.length) return null;
  return h("div", { class: "requests", role: "alertdialog", "aria-live": "assertive" }, requests.map((request) => {
    const seat = state.room.seats.find((s) => s.id === request.seat);
    return h("div", { class: "request", vars: { "--seat": seat ? seat.color : "#888" } },
      h("p", { class: "request-text" }, t("tv.request_text", { name: request.name, seat: seat ? seat.name : "?" })),
      h("div", { class: "request-buttons" },
        h("button", { type: "button", class: "accept", dataset: { request: request.id },
          on: { click: () => ctx.host("approve", { request: request.id }) } }, t("tv.request_accept")),
        h("button", { type: "button", class: "deny", dataset: { request: request.id },
          on: { click: () => ctx.host("deny", { request: request.id }) } }, t("tv.request_deny"))));
  }));
}

function hostMenu(state, ctx) {
  const room = state.room;
  const close = () => { menuOpen = false; ctx.rerender(); };
  return h("div", { class: "host-menu-backdrop", on: { click: (event) => { if (event.target === event.currentTarget) close(); } } },
    h("section", { class: "host-menu", role: "dialog", "aria-label": t("tv.host_menu") },
      h("header", {},
        h("h2", { text: t("tv.host_menu") }),
        h("button", { type: "button", class: "menu-close", "aria-label": t("tv.close"), on: { click: close } }, "✕")),
      room.seats.length > 0 && h("h3", { text: t("tv.menu_seats") }),
      room.seats.length > 0 && h("ul", { class: "menu-seats" }, room.seats.map((seat) => seatItem(seat, room, ctx))),
      watchersLine(room),
      h("div", { class: "menu-option" },
        h("div", {},
          h("strong", { text: t("tv.open_takeover") }),
          h("p", { text: t("tv.open_takeover_hint") })),
        h("button", { type: "button", class: ["switch", room.open_takeover && "on"], "aria-pressed": String(!!room.open_takeover),
          on: { click: () => ctx.host("set_takeover", { open: !room.open_takeover }) } }, room.open_takeover ? "✓" : "✕")),
      state.game?.last_round_open && lastRound(ctx),
      soundControls(h, ctx.rerender),
      state.house ? pairOther(ctx) : pairThis(ctx),
      damagedList(state, ctx),
      h("p", { class: "menu-version", text: t("tv.version", { version: document.body.dataset.version || "?" }) })));
}

// «Última ronda»: a second tap within four seconds calls it (the game ends with this round).
function lastRound(ctx) {
  return h("div", { class: "menu-option" },
    h("div", {},
      h("strong", { text: t("tv.last_round") }),
      h("p", { text: t("tv.last_round_hint") })),
    h("button", { type: "button", class: ["last-round", confirmLast && "armed"], on: { click: () => {
      clearTimeout(confirmTimer);
      if (confirmLast) {
        confirmLast = false;
        ctx.host("last_round");
      } else {
        confirmLast = true;
        confirmTimer = setTimeout(() => { confirmLast = false; ctx.rerender(); }, 4000);
        ctx.rerender();
      }
    } } }, confirmLast ? t("tv.last_round_sure") : `⏳ ${t("tv.last_round")}`));
}

// A house screen shows a code for another screen (a smart TV's browser, a second laptop).
function pairOther(ctx) {
  const shown = pairing && pairing.until > Date.now() ? pairing : null;
  return h("div", { class: "menu-pair" },
    h("div", {},
      h("strong", { text: t("tv.pair_other") }),
      h("p", { text: shown ? t("tv.pair_other_code_hint", { minutes: Math.ceil((shown.until - Date.now()) / 60000) })
        : t("tv.pair_other_hint") })),
    shown ? h("output", { class: "pair-code", text: `${shown.code.slice(0, 3)} ${shown.code.slice(3)}` })
      : h("button", { type: "button", class: "pair-new", on: { click: async () => {
        const reply = await ctx.house("pair_code");
        if (reply.ok) {
          pairing = { code: reply.code, until: Date.now() + reply.seconds * 1000 };
          setTimeout(ctx.rerender, reply.seconds * 1000 + 100);
          ctx.rerender();
        }
      } } }, t("tv.pair_new")));
}

// Any other screen may become the house's with that code.
function pairThis(ctx) {
  const submit = async (event) => {
    event.preventDefault();
    const input = event.currentTarget.querySelector("input");
    const reply = await ctx.pair(input.value.replace(/\D/g, ""));
    pairTyped = "";
    if (!reply.ok) {
      input.value = "";
      input.setAttribute("aria-invalid", "true");
      input.closest(".menu-pair").querySelector(".pair-error").textContent = pickError(reply);
    }
  };
  return h("form", { class: "menu-pair", on: { submit } },
    h("div", {},
      h("strong", { text: t("tv.pair_this") }),
      h("p", { text: t("tv.pair_this_hint") }),
      h("p", { class: "pair-error", role: "alert" })),
    h("input", { type: "text", inputmode: "numeric", autocomplete: "off", maxlength: "7", class: "pair-input",
      "aria-label": t("tv.pair_code_label"), placeholder: "000 000", value: pairTyped,
      on: { input: (event) => { pairTyped = event.target.value; } } }),
    h("button", { type: "submit", class: "pair-go" }, t("tv.pair_go")));
}

function pickError(reply) {
  return reply.error ? pick(reply.error) : t("common.reconnecting");
}

function seatItem(seat, room, ctx) {
  const playing = room.status !== "lobby";
  const status = seat.bot ? t("tv.bot")
    : seat.autoplay ? t("tv.autoplay") : seat.connected ? t("tv.phone") : t("tv.away");
  const actions = [];
  if (!seat.bot && playing) {
    actions.push(seat.autoplay
      ? h("button", { type: "button", dataset: { seat: seat.id }, on: { click: () => ctx.host("to_human", { seat: seat.id }) } }, t("tv.to_human"))
      : h("button", { type: "button", dataset: { seat: seat.id }, on: { click: () => ctx.host("to_bot", { seat: seat.id }) } }, t("tv.to_bot")));
  }
  if (!seat.bot || !playing) {
    const armed = confirmRemove === seat.id;
    actions.push(h("button", { type: "button", class: ["remove", armed && "armed"], dataset: { remove: seat.id },
      on: { click: () => {
        clearTimeout(confirmTimer);
        if (armed) {
          confirmRemove = null;
          ctx.host("remove", { seat: seat.id });
        } else {
          confirmRemove = seat.id;
          confirmTimer = setTimeout(() => { confirmRemove = null; ctx.rerender(); }, 4000);
          ctx.rerender();
        }
      } } }, armed ? t("tv.remove_sure") : playing ? t("tv.remove_to_bot") : t("tv.remove")));
  }
  return h("li", { class: "menu-seat", vars: seatVars(seat) },
    seatChip(seat, "swatch"),
    h("span", { class: "menu-name", text: seat.name }),
    h("span", { class: "menu-status", text: status }),
    h("span", { class: "menu-actions" }, actions));
}

function damagedList(state, ctx) {
  const damaged = state.house?.damaged || [];
  if (!damaged.length) return null;
  const dateText = (seconds) => seconds ? new Date(seconds * 1000).toLocaleString(getLang() === "es" ? "es-ES" : "en-GB", { dateStyle: "medium", timeStyle: "short" }) : "?";
  return h("div", { class: "menu-damaged" },
    h("h3", { text: t("tv.damaged_title") }),
    h("p", { class: "hint", text: t("tv.damaged_hint") }),
    h("ul", {}, damaged.map((room) => h("li", {},
      h("span", { class: "damaged-what" },
        h("strong", { text: room.game ? gameTitle(ctx.catalogue, room.game) : t("tv.damaged_unknown_game") }),
        ` · ${room.code} · ${dateText(room.date)}`),
      h("span", { class: "damaged-who", text: room.players.length ? room.players.join(", ") : "—" }),
      h("button", { type: "button", on: { click: () => ctx.house("dismiss_damaged", { code: room.code }) } },
        t("tv.damaged_dismiss"))))));
}
