// Canasta Ferroviaria's end of a round and of the game, on every screen:
//   mount(root, { density: "tv" | "phone" }) -> {update(state, local), relabel(), destroy()}
// "tv": who went out, then a row per player with the round's breakdown (melded cards,
// canasta bonuses, red 3s, going out, minus the hand and the kitty), the round's total and the
// running total, highest first; the podium at the game's end (highest wins) and the host's
// buttons (`local.host`). "phone": the same breakdown, compact, this seat's row marked, the
// round's points and the total first.
// Reads only the view's `last_round` (each seat's breakdown, as the engine scored it).
import { component, h } from "../../core/dom.js";
import { t } from "../../core/i18n.js";
import { seatChip, seatVars } from "../../core/seats.js";
import { drawPhoneResults, medal, stateReaders, swatch } from "../../shell/phone-kit.js";
import {
  autoNext, drawTvResults, gameResult, handName, newGameButton, nextRoundButton, places, podium, restList,
  seatOf, winnerLine,
} from "../../shell/table-kit.js";
import { points } from "./words.js";

// The parts of a seat's round, in the order the table reads them.
export const PARTS = ["melds", "bonuses", "red_threes", "going_out", "hand", "kitty"];

const part = (n) => (n > 0 ? `+${points(n)}` : n < 0 ? points(n) : "0");

// Highest total first (seat order among equals).
function order(totals) {
  return totals.map((_, s) => s).sort((a, b) => totals[b] - totals[a] || a - b);
}

function headline(ctx, last) {
  if (last.out == null) return h("p", { class: "ro-closer", text: t("canasta.results.nobody_out") });
  const seat = seatOf(ctx.room, last.out);
  return h("p", { class: "ro-closer", vars: seatVars(seat) }, seatChip(seat), " ",
    h("span", { text: t("canasta.results.out", { name: seat.name }) }));
}

function breakdownTable(ctx, last, nameCell) {
  const place = places(last.totals.map((x) => -x));
  return h("table", { class: "standings canasta-breakdown" },
    h("thead", {}, h("tr", {},
      h("th", { class: "who", text: t("canasta.results.player") }),
      PARTS.map((p) => h("th", { class: `part-${p}`, text: t(`canasta.results.${p}`) })),
      h("th", { class: "round-pts", text: t("canasta.results.round") }),
      h("th", { class: "total", text: t("canasta.results.total") }))),
    h("tbody", {}, order(last.totals).map((s) => {
      const parts = last.breakdown[s];
      return h("tr", { class: [place[s] === 1 && "leader", s === last.out && "closer"], dataset: { seat: String(s) },
        vars: seatVars(seatOf(ctx.room, s)) },
      h("td", { class: "who" }, nameCell(s)),
      PARTS.map((p) => h("td", { class: ["part", `part-${p}`, !parts[p] && "zero", parts[p] < 0 && "minus"],
        dataset: { part: p, value: String(parts[p]) }, text: part(parts[p]) })),
      h("td", { class: ["round-pts", last.points[s] < 0 && "minus"], dataset: { value: String(last.points[s]) },
        text: part(last.points[s]) }),
      h("td", { class: "total", dataset: { value: String(last.totals[s]) }, text: points(last.totals[s]) }));
    })));
}

function roundOver(ctx) {
  const view = ctx.view;
  const last = view.last_round;
  if (!last) return h("div", { class: "round-over" });
  return h("div", { class: "round-over canasta-over" },
    h("div", { class: "ro-title" },
      h("h1", { text: t("canasta.results.round_over", { n: last.round }) }),
      headline(ctx, last)),
    h("section", { class: "ro-standings canasta-ro" },
      breakdownTable(ctx, last, (s) => handName(seatOf(ctx.room, s), view, s)),
      h("p", { class: "lowest", text: t("canasta.results.target", { n: points(view.target) }) })),
    h("div", { class: "ro-next" },
      nextRoundButton(ctx, t("canasta.results.next_round")),
      autoNext(t("canasta.results.auto_next"))));
}

function gameOver(ctx) {
  const view = ctx.view;
  const { result, entries, winnerNames, place, rest } = gameResult(ctx, true);
  const last = view.last_round;
  return h("div", { class: "game-over canasta-game-over" },
    h("h1", { text: t("canasta.results.game_over") }),
    winnerLine(result, winnerNames, "canasta.results.tie", "canasta.results.game_winner"),
    podium(entries, { higherWins: true, format: (n) => points(n) }),
    restList(ctx, rest, place, result.scores, t("common.points")),
    last && h("p", { class: "lowest", text: t(last.round === 1 ? "canasta.results.rounds_played_one" : "canasta.results.rounds_played",
      { n: last.round }) }),
    newGameButton(ctx));
}

// ----- the phone -----------------------------------------------------------------------------------------

// The phone's breakdown: the name with the round's parts under it, in words (those that scored),
// then the round's points and the total, so that the table fits a narrow screen's width.
function phoneBreakdown(last, me, { seatName, seatAt }) {
  return h("table", { class: "standings canasta-breakdown cn-phone-breakdown" },
    h("thead", {}, h("tr", {},
      h("th", { class: "who", text: t("canasta.results.player") }),
      h("th", { class: "round-pts", text: t("canasta.results.round") }),
      h("th", { class: "total", text: t("canasta.results.total") }))),
    h("tbody", {}, order(last.totals).map((s) => {
      const parts = last.breakdown[s];
      return h("tr", { class: [s === me && "me"], dataset: { seat: String(s) } },
        h("td", { class: "who" }, h("span", { class: "cn-who" }, swatch(seatAt(s)), seatName(s)),
          h("ul", { class: "cn-parts" }, PARTS.filter((p) => parts[p]).map((p) => h("li", {
            class: [parts[p] < 0 && "minus"], dataset: { part: p, value: String(parts[p]) } },
          `${t(`canasta.results.${p}`)} `, h("b", { text: part(parts[p]) }))))),
        h("td", { class: ["round-pts", last.points[s] < 0 && "minus"], dataset: { value: String(last.points[s]) },
          text: part(last.points[s]) }),
        h("td", { class: "total", dataset: { value: String(last.totals[s]) }, text: points(last.totals[s]) }));
    })));
}

function phoneResults(root, state) {
  const { game, me, seatName, seatAt } = stateReaders({ state });
  const g = game();
  const last = g.last_round;
  const over = g.phase === "game_over";
  const head = [h("h2", { text: over ? t("canasta.results.game_over") : t("canasta.results.round_over", { n: last?.round ?? g.round }) })];
  if (over) {
    const winners = g.result?.winners || [];
    if (winners.includes(me())) head.push(h("p", { class: "winner", text: t("canasta.results.you_won") }));
    else if (winners.length) head.push(h("p", { class: "winner", text: t("canasta.results.game_winner", { name: seatName(winners[0]) }) }));
  }
  const place = last && places(last.totals.map((x) => -x));
  drawPhoneResults(root, g, {
    head,
    story: last && h("p", { class: "closer", text: last.out == null ? t("canasta.results.nobody_out")
      : t("canasta.results.out", { name: seatName(last.out) }) }),
    standings: last && phoneBreakdown(last, me(), { seatName, seatAt }),
    place: last && over && me() !== null
      && h("p", { class: "place" }, medal(place[me()], true), t("canasta.results.your_place", { n: place[me()] })),
    foot: !over && h("p", { class: "auto-next muted", dataset: { countdown: "next_round" } }),
  });
}

// ----- the component ---------------------------------------------------------------------------------

export function mount(root, { density }) {
  return component(root, (state, local = {}) => {
    if (density !== "tv") phoneResults(root, state);
    else drawTvResults(root, state, local, { roundOver, gameOver });
  });
}
