// The family history on the TV: "Últimas partidas" in the lobby (the last nights, each game's
// winner and scores) and the table of honour ("Cuadro de honor") over it, where the host
// merges two spellings of one person and removes a game, and the export is offered.
// The host serves the data (/api/history); this file only shows it.

import { h } from "../core/dom.js";
import { getLang, pick, t, tn } from "../core/i18n.js";
import { seatChip } from "../core/seats.js";
import { openReplay } from "./tv-replay.js";

let data = null;              // the last /api/history answer
let loadedVersion = null;     // the history version it answers
let loading = false;
let open = false;             // the table of honour is on screen
let shownGame = null;         // the game whose table is shown
let merging = null;           // the name whose "Unir" was pressed: the next name tapped joins it

// Fetch again when the host says the history changed (a game ended, a merge, a removal).
export function refreshHistory(version, rerender) {
  if (loading || (data && version === loadedVersion)) return;
  loading = true;
  fetch("/api/history", { cache: "no-store" })
    .then((reply) => (reply.ok ? reply.json() : null))
    .then((answer) => {
      if (answer) { data = answer; loadedVersion = version; }
    })
    .catch(() => {})
    .finally(() => { loading = false; rerender(); });
}

function gameTitle(catalogue, name) {
  const info = (catalogue || []).find((g) => g.name === name);
  return info ? pick(info.title) : name;
}

function byPlace(players) {
  return [...players].sort((a, b) => a.place - b.place || a.seat - b.seat);
}

function playerName(player) {
  return player.bot ? `${player.name} (${t("tv.history_computer")})` : player.name;
}

// "Hoy", "Ayer", or the weekday and date of an earlier night.
function nightOf(seconds) {
  const day = new Date(seconds * 1000);
  const today = new Date();
  const midnight = (d) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
  const ago = Math.round((midnight(today) - midnight(day)) / 86400000);
  if (ago === 0) return t("tv.history_today");
  if (ago === 1) return t("tv.history_yesterday");
  return day.toLocaleDateString(getLang() === "en" ? "en-GB" : "es-ES",
    { weekday: "short", day: "numeric", month: "short" });
}

// The lobby's panel: the latest games, newest first, as many as fit (fitRecent trims).
export function recentPanel(ctx) {
  const recent = data?.recent || [];
  const honourButton = h("button", { type: "button", class: "honour-open", disabled: !recent.length,
    on: { click: () => { open = true; merging = null; ctx.rerender(); } } },
  h("span", { class: "star", "aria-hidden": "true" }, "★"), " ", t("tv.honour"));
  return h("section", { class: "recent-games", "aria-label": t("tv.recent_games") },
    h("header", {}, h("h3", { text: t("tv.recent_games") }), honourButton),
    recent.length ? recent.map((game) => recentGame(game, ctx))
      : h("p", { class: "recent-empty", text: data ? t("tv.history_empty") : "…" }));
}

function who(player) {
  return h("span", { class: "who" }, seatChip(player, "mini"),
    h("span", { class: "name", text: player.name }), h("span", { class: "score", text: String(player.score) }));
}

// "▶ Repetir": the game step by step (shell/tv-replay.js), for a game whose moves were kept.
function replayButton(game, ctx, withText) {
  if (!game.replay) return null;
  const label = `${t("replay.watch_game")}: ${gameTitle(ctx.catalogue, game.game)}, ${nightOf(game.finished)}`;
  return h("button", { type: "button", class: "replay-game", "aria-label": label, title: t("replay.watch_game"),
    on: { click: () => openReplay({ source: { game: game.id }, mode: "steps", catalogue: ctx.catalogue }) } },
  h("span", { "aria-hidden": "true" }, "▶"), withText ? ` ${t("replay.watch")}` : "");
}

function recentGame(game, ctx) {
  const players = byPlace(game.players);
  return h("div", { class: "recent-game", dataset: { id: String(game.id), game: game.game } },
    h("p", { class: "recent-head" },
      h("span", { class: "recent-title", text: gameTitle(ctx.catalogue, game.game) }),
      game.kind === "solo" && h("span", { class: "solo-mark", text: t("tv.history_solo") }),
      h("span", { class: "recent-day", text: nightOf(game.finished) }),
      replayButton(game, ctx, true)),
    h("p", { class: "recent-scores" },
      h("span", { class: "star", "aria-hidden": "true" }, "★"),
      players.map((p) => h("span", { class: ["standing", p.winner && "winner"] }, who(p)))));
}

// Drop the oldest games that do not fit the panel, all of them if need be (many seats): the
// heading and its "Cuadro de honor" stay.
export function fitRecent(panel) {
  if (!panel) return;
  const fits = () => panel.scrollHeight <= panel.clientHeight + 1;
  const games = [...panel.querySelectorAll(".recent-game")];
  while (!fits() && games.length) games.pop().remove();
}

// The table of honour, over the lobby; nothing when it is closed.
export function honourLayer(ctx) {
  if (!open || !data) return null;
  const names = Object.keys(data.games || {});
  if (!names.length) return null;
  if (!names.includes(shownGame)) shownGame = names.includes(ctx.selected) ? ctx.selected : names[0];
  const table = data.honour[shownGame] || [];
  const games = data.games[shownGame] || [];
  const close = () => { open = false; merging = null; ctx.rerender(); };
  const isHouse = ctx.isHouse;
  return h("div", { class: "honour-backdrop", on: { click: (event) => { if (event.target === event.currentTarget) close(); } } },
    h("section", { class: "honour", role: "dialog", "aria-label": t("tv.honour") },
      h("header", {},
        h("h2", {}, h("span", { class: "star", "aria-hidden": "true" }, "★"), " ", t("tv.honour")),
        h("div", { class: "honour-tabs", role: "group" }, names.map((name) =>
          h("button", { type: "button", class: name === shownGame && "on", "aria-pressed": String(name === shownGame),
            on: { click: () => { shownGame = name; merging = null; ctx.rerender(); } } }, gameTitle(ctx.catalogue, name)))),
        h("button", { type: "button", class: "menu-close", "aria-label": t("tv.close"), on: { click: close } }, "✕")),
      h("div", { class: "honour-body" },
        h("ol", { class: "honour-table" }, table.map((row, index) => honourRow(row, index, ctx))),
        h("div", { class: "honour-side" },
          isHouse && h("p", { class: "honour-hint", text: merging
            ? t("tv.merge_pick", { name: merging }) : t("tv.merge_hint") }),
          h("h3", { text: t("tv.history_games") }),
          h("ul", { class: "honour-games" }, games.map((game) => playedItem(game, ctx))),
          h("p", { class: "export" }, t("tv.export"), " ",
            h("a", { href: "/history.csv", download: "", class: "export-link" }, "CSV"), " · ",
            h("a", { href: "/history.json", download: "", class: "export-link" }, "JSON"))))));
}

function honourRow(row, index, ctx) {
  const chosen = merging === row.name;
  const action = ctx.isHouse && h("button", {
    type: "button", class: ["merge", chosen && "on"],
    on: { click: () => {
      if (merging === null) merging = row.name;
      else if (chosen) merging = null;
      else if (window.confirm(t("tv.merge_confirm", { from: merging, into: row.name }))) {
        const from = merging;
        merging = null;
        ctx.house("history_merge", { from, into: row.name });
      }
      ctx.rerender();
    } },
  }, chosen ? t("tv.merge_cancel") : merging ? t("tv.merge_into") : t("tv.merge"));
  return h("li", { class: ["honour-row", index === 0 && row.wins > 0 && "first"] },
    h("span", { class: "place", text: String(index + 1) }),
    h("span", { class: "name", text: row.name }),
    h("span", { class: "wins" }, h("strong", { text: String(row.wins) }), " ",
      t(row.wins === 1 ? "tv.win" : "tv.wins")),
    h("span", { class: "played", text: tn("tv.of_games", row.played) }),
    action);
}

function playedItem(game, ctx) {
  const winners = game.players.filter((p) => p.winner).map(playerName).join(", ");
  const scores = byPlace(game.players).map((p) => `${playerName(p)} ${p.score}`).join(" · ");
  const when = new Date(game.finished * 1000).toLocaleDateString(getLang() === "en" ? "en-GB" : "es-ES",
    { day: "numeric", month: "short" });
  return h("li", { dataset: { id: String(game.id) } },
    h("span", { class: "when", text: when }),
    h("span", { class: "what" }, h("span", { class: "star", "aria-hidden": "true" }, "★"), ` ${scores}`),
    replayButton(game, ctx, false),
    ctx.isHouse && h("button", { type: "button", class: "remove-game", "aria-label": t("tv.remove_game"),
      title: t("tv.remove_game"),
      on: { click: () => {
        if (window.confirm(t("tv.remove_game_confirm", { winners, when }))) ctx.house("history_remove", { id: game.id });
      } } }, "✕"));
}
