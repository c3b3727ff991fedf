// Helpers the games' tables and end-of-round screens share, on the TV and on the phones
// (games/<name>/table.js, results.js); the TV's own ones are in tv-kit.js, which passes these on.
// Player names always go in through textContent (h(..., {text}) or string children).

import { signed } from "../core/numbers.js";
import { seatChip, seatVars } from "../core/seats.js";
import { h, markup } from "../core/dom.js";
import { t, tn } from "../core/i18n.js";
import { ring, secondsLeft } from "../core/timers.js";
import { cardScale } from "../core/display.js";

// The seat (room.seats entry) of game seat index `i`: seats keep their order once a game starts.
export function seatOf(room, index) {
  return (room && room.seats && room.seats[index]) || { name: `#${index + 1}`, color: "#888", id: null };
}

// A coloured dot plus the player's name.
export function nameTag(seat, extraClass = "") {
  return h("span", { class: ["name-tag", extraClass], vars: seatVars(seat) },
    seatChip(seat, "dot"), h("span", { class: "name", text: seat.name }));
}

// "Abuela, Tío y Chispas" (or "… and …").
export function joinNames(names) {
  if (names.length <= 1) return names.join("");
  return `${names.slice(0, -1).join(", ")} ${t("tv.and")} ${names[names.length - 1]}`;
}

// A number with a real minus sign: "−127".
export { signed };

// ----- places --------------------------------------------------------------------------------
// Competition ranking (1, 1, 3…) from scores where lower is better.
export function places(scores) {
  return scores.map((score) => 1 + scores.filter((other) => other < score).length);
}

const unitFor = (unit, n) => (typeof unit === "function" ? unit(n) : unit);

// A podium of the first three places; ties share a step. entries: [{seat, score}] (any order).
// options: higherWins (the highest score is first), unit (shown after each score: a word, or
// a function of the score for a word with a singular, "1 carta").
export function podium(entries, { higherWins = false, unit = null, format = signed } = {}) {
  const scores = entries.map((e) => e.score);
  const place = places(higherWins ? scores.map((s) => -s) : scores);
  const steps = [1, 2, 3].map((p) => entries.filter((_, i) => place[i] === p));
  // classic podium order: 2nd, 1st, 3rd
  const order = [[2, steps[1]], [1, steps[0]], [3, steps[2]]];
  return h("div", { class: "podium" },
    order.map(([p, who]) => h("div", { class: ["podium-step", `place-${p}`, who.length ? "" : "empty"] },
      h("div", { class: "podium-names" },
        who.map((e) => h("div", { class: "podium-who" },
          nameTag(e.seat), h("span", { class: "podium-score", text: `${format(e.score)} ${unitFor(unit ?? ((n) => tn("common.points", n)), e.score)}` })))),
      h("div", { class: "podium-block" }, h("span", { class: "podium-place", text: t("tv.place", { n: p }) })))));
}

// The TV's end of a round or of the game in root, drawn by the game's roundOver(ctx) or
// gameOver(ctx) (ctx from the push and `local.host`), long hands overlapped so they show whole.
export function drawTvResults(root, state, local, { roundOver, gameOver }) {
  const ctx = { host: local.host, state, room: state.room, view: state.game, isHost: !!state.host };
  root.replaceChildren(state.game.phase === "round_over" ? roundOver(ctx) : gameOver(ctx));
  squeezeHands(root);
}

// ----- pieces the games' tables draw alike -----------------------------------------------

// The name of game seat `seat` ("" for none).
export function nameOf(ctx, seat) {
  return seat == null ? "" : seatOf(ctx.room, seat).name;
}

// Bot / autoplay / away, whichever applies first.
export function seatBadges(seat) {
  const badges = [];
  if (seat.bot) badges.push(h("span", { class: "badge bot", text: t("tv.bot") }));
  else if (seat.autoplay) badges.push(h("span", { class: "badge auto", text: t("tv.autoplay") }));
  else if (!seat.connected) badges.push(h("span", { class: "badge away", text: t("tv.away") }));
  return badges;
}

// A card back (our own markup), the number of cards and their unit.
export function cardsStat(backIcon, n, unit) {
  return h("span", { class: "stat cards" }, markup(backIcon), h("b", { text: String(n) }), h("span", { class: "unit", text: unit }));
}

// The biggest cards (--card-h from `size` down to `min`, times `factor` a step) that let
// `area` fit, overlapping them more (data-squeeze 0, 1, 2) before making them smaller.
export function shrinkToFit(area, size, min, factor) {
  [size, min] = [size, min].map((v) => Math.round(v * cardScale()));
  const fits = () => area.scrollHeight <= area.clientHeight + 1 && area.scrollWidth <= area.clientWidth + 1;
  for (;;) {
    area.style.setProperty("--card-h", `${size}px`);
    let fitted = false;
    for (const squeeze of ["0", "1", "2"]) {
      area.dataset.squeeze = squeeze;
      if (fits()) { fitted = true; break; }
    }
    if (fitted || size <= min) break;
    size = Math.floor(size * factor);
  }
}

// Overlap the cards of a long hand more, so that all of it shows.
export function squeezeHands(root) {
  for (const row of root.querySelectorAll(".hand-cards")) {
    const cards = row.querySelectorAll("svg.card");
    if (cards.length < 2 || row.scrollWidth <= row.clientWidth) continue;
    const width = cards[0].getBoundingClientRect().width;
    const step = (row.clientWidth - width) / (cards.length - 1);
    row.style.setProperty("--overlap", `${Math.min(0, step - width)}px`);
  }
}

// ----- end of a round / of the game ----------------------------------------------------------

// "Ready" beside a seat that has asked for the next round.
export function readyBadge(view, s) {
  return (view.ready || []).includes(s) && h("span", { class: "ready-badge", text: t("tv.ready") });
}

// The name cell of a round-end row: the name, and under it "✓ Listo" once that seat is ready
// (one cell, so the row's columns never shift).
export function handName(seat, view, s) {
  return h("span", { class: "hand-name" },
    h("span", { class: "who" }, seatChip(seat), h("span", { text: seat.name })), readyBadge(view, s));
}

// The header of a column whose cells say what they are (a place, a name tag): heard, not seen.
export function quietHead(what) {
  return h("th", {}, h("span", { class: "sr-only", text: t(`tv.col_${what}`) }));
}

// A standings row: place, name, then the given cells.
export function standingsRow(place, seat, ...cells) {
  return h("tr", { class: place === 1 && "leader" },
    h("td", { class: "place", text: t("tv.place", { n: place }) }),
    h("td", { class: "who" }, nameTag(seat)),
    cells);
}

// The host's next-round button (false for the others).
export function nextRoundButton(ctx, label) {
  return ctx.isHost && h("button", { type: "button", class: "big-button next-round",
    on: { click: () => ctx.host("act", { action: { type: "next_round" } }) } }, label);
}

// The next round starts by itself: a small ring and the seconds left.
export function autoNext(label) {
  return h("div", { class: "auto-next" },
    h("div", { class: "mini-ring" }, ring("next_round")),
    h("span", { text: label }), " ",
    secondsLeft("next_round", "inline"), h("span", { text: " s" }));
}

// The game's result and what the end screen draws from it: entries for podium(), the
// winners' names, each seat's place and the seats below the podium.
export function gameResult(ctx, higherWins = false) {
  const view = ctx.view;
  const result = view.result || { scores: view.players.map((p) => p.score), winners: [], ranking: [], tie: false };
  const entries = result.scores.map((score, s) => ({ seat: seatOf(ctx.room, s), score, index: s }));
  const winnerNames = result.winners.map((s) => nameOf(ctx, s));
  const place = places(higherWins ? result.scores.map((x) => -x) : result.scores);
  const rest = (result.ranking.length ? result.ranking : entries.map((e) => e.index)).filter((s) => place[s] > 3);
  return { result, entries, winnerNames, place, rest };
}

// "Abuela wins" or "Abuela and Tío tie" (i18n keys for each, with {name} / {names}).
export function winnerLine(result, winnerNames, tieKey, winnerKey) {
  return h("p", { class: ["winner-line", result.tie && "tie"],
    text: result.tie ? t(tieKey, { names: joinNames(winnerNames) }) : t(winnerKey, { name: winnerNames[0] || "" }) });
}

// The seats below the podium, each with its place and score (null when there are none).
export function restList(ctx, rest, place, scores, unit) {
  return rest.length ? h("ol", { class: "rest" }, rest.map((s) => h("li", {},
    h("span", { class: "place", text: t("tv.place", { n: place[s] }) }), nameTag(seatOf(ctx.room, s)),
    h("span", { class: "score", text: `${signed(scores[s])} ${unitFor(unit, scores[s])}` })))) : null;
}

// The host's buttons at the end of a game (false for the others): «Otra partida», the same
// players and options dealt at once by the next dealer, and back to the lobby for another game.
export function newGameButton(ctx) {
  return ctx.isHost && h("div", { class: "new-game" },
    h("button", { type: "button", class: "big-button rematch", on: { click: () => ctx.host("rematch") } }, t("tv.rematch")),
    h("button", { type: "button", class: "big-button other-game", on: { click: () => ctx.host("new_game") } }, t("tv.new_game")));
}
