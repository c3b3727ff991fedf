// Tren Mexicano's end of a round and of the game, on every screen:
//   mount(root, { density: "tv" | "phone" }) -> {update(state, local), relabel(), destroy()}
// "tv": who went out (or that nobody could play), the tiles left in every hand with their
// points, the standings, the podium and the host's buttons (`local.host`); "phone": this
// seat's tiles and points and the standings (`local.allHands`: everyone's tiles too).
// Reads only the view's `last_round` (the hands are shown at the table once the round is over).
import { component, h } from "../../core/dom.js";
import { getLang, t, tn } from "../../core/i18n.js";
import { seatChip, seatVars } from "../../core/seats.js";
import { tileEl } from "../../pieces/dominoes.js";
import { cardMaker, drawPhoneResults, medal, minis, othersLeft, stateReaders, swatch } from "../../shell/phone-kit.js";
import {
  autoNext, drawTvResults, gameResult, handName, newGameButton, nextRoundButton, places, podium, restList,
  quietHead, seatOf, signed, winnerLine,
} from "../../shell/table-kit.js";

const digitsOf = (view) => (view.rules || {}).faces === "digits";

// ----- end of a round ---------------------------------------------------------------------------------------

function headline(ctx, last) {
  if (last.winner == null) return h("p", { class: "ro-closer", text: t("tren.results.blocked") });
  const seat = seatOf(ctx.room, last.winner);
  return h("p", { class: "ro-closer", vars: seatVars(seat) }, seatChip(seat), " ",
    h("span", { text: t("tren.results.winner", { name: seat.name }) }));
}

// One row a player, in the order of the running total: the place, the name, the tiles left in
// the hand (lying as on the table, as large as fitHands lets every row show), the round's points
// and the total.
function standingsWithHands(ctx, last) {
  const view = ctx.view;
  const totals = last.totals;
  const place = places(totals);
  const order = totals.map((_, s) => s).sort((a, b) => totals[a] - totals[b] || a - b);
  return h("table", { class: "standings tren-standings" },
    h("colgroup", {}, h("col", { class: "c-place" }), h("col", { class: "c-who" }), h("col", {}),
      h("col", { class: "c-round" }), h("col", { class: "c-total" })),
    h("thead", {}, h("tr", {},
      quietHead("place"), quietHead("player"),
      h("th", { class: "left-head", text: t("tren.results.hands") }),
      h("th", { text: t("tren.results.this_round") }), h("th", { text: t("tren.results.total") }))),
    h("tbody", {}, order.map((s) => {
      const seat = seatOf(ctx.room, s);
      const hand = last.hands[s];
      return h("tr", { class: ["tren-hand", place[s] === 1 && "leader", s === last.winner && "closer"],
        vars: { "--seat": seat.color }, dataset: { seat: String(s) } },
      h("td", { class: "place", text: t("tv.place", { n: place[s] }) }),
      h("td", { class: "who" }, handName(seat, view, s)),
      h("td", { class: "left" }, h("div", { class: "tren-left" },
        hand.length ? hand.map((code) => tileEl(code, { lang: getLang(), digits: digitsOf(view) }))
          : h("span", { class: "prize-badge", text: t("tren.results.no_tiles") }))),
      h("td", { class: "round-pts", text: `+${last.points[s]}` }),
      h("td", { class: "total", text: signed(totals[s]) }));
    })));
}

function roundOver(ctx) {
  const view = ctx.view;
  const last = view.last_round;
  if (!last) return h("div", { class: "round-over" });
  return h("div", { class: "round-over tren-over" },
    h("div", { class: "ro-title" },
      h("h1", { text: t("tren.results.round_over", { n: last.round, total: view.rounds }) }),
      headline(ctx, last)),
    h("section", { class: "ro-hands tren-ro" }, standingsWithHands(ctx, last),
      h("p", { class: "lowest", text: t("tren.results.lowest_wins") })),
    h("div", { class: "ro-next" },
      nextRoundButton(ctx, t("tren.results.next_round")),
      autoNext(t("tren.results.auto_next"))));
}

// The tiles left in the hands: the same size in every row, from 6.5% of the screen's height down
// to the table's 4.5% (read from the sofa), a hand taking more lines where it needs them, as long
// as every row shows whole. A smaller screen (the replay's stage) makes them smaller still, to
// the largest size that spills least.
const LARGEST_SHARE = 0.065;
const SMALLEST_PX = 16;

function fitHands(root) {
  const box = root.querySelector(".tren-ro");
  const table = box?.querySelector(".tren-standings");
  if (!table || !table.querySelector("svg.domino")) return;
  const hands = [...table.querySelectorAll(".tren-left")];
  const spill = () => Math.max(0, box.scrollHeight - box.clientHeight - 1)
    + hands.reduce((sum, hand) => sum + Math.max(0, hand.scrollWidth - hand.clientWidth - 1), 0);
  const setSize = (px) => table.style.setProperty("--left-h", `${px}px`);
  let best = null;
  for (let size = Math.round(document.documentElement.clientHeight * LARGEST_SHARE); size >= SMALLEST_PX; size -= 2) {
    setSize(size);
    const over = spill();
    if (!over) return;
    if (!best || over < best.over) best = { size, over };
  }
  if (best) setSize(best.size);
}

// ----- end of the game ----------------------------------------------------------------------------------------

function gameOver(ctx) {
  const view = ctx.view;
  const { result, entries, winnerNames, place, rest } = gameResult(ctx);
  const last = view.last_round;
  return h("div", { class: "game-over tren-game-over" },
    h("h1", { text: t("tren.results.game_over") }),
    winnerLine(result, winnerNames, "tren.results.tie", "tren.results.game_winner"),
    podium(entries),
    restList(ctx, rest, place, result.scores, (n) => tn("common.points", n)),
    h("p", { class: "lowest", text: [t("tren.results.lowest_wins"),
      last ? tn("tren.results.rounds_played", last.round) : ""].filter(Boolean).join(" · ") }),
    newGameButton(ctx));
}

// ----- the phone -----------------------------------------------------------------------------------------

function phoneResults(root, state, local) {
  const { game, me, seatName, seatColor, seatAt } = stateReaders({ state });
  const g = game();
  const res = g.last_round;
  const over = g.phase === "game_over";
  const card = cardMaker((code, extra) => tileEl(code, { digits: digitsOf(g), ...extra }));
  const head = [];
  if (over) {
    head.push(h("h2", { text: t("tren.results.game_over") }));
    const winners = g.result?.winners || [];
    if (winners.includes(me())) head.push(h("p", { class: "winner", text: t("tren.results.you_won") }));
    else if (winners.length > 1) head.push(h("p", { class: "winner", text: t("tren.results.tie", { names: winners.map(seatName).join(", ") }) }));
    else if (winners.length) head.push(h("p", { class: "winner", text: t("tren.results.game_winner", { name: seatName(winners[0]) }) }));
  } else {
    head.push(h("h2", { text: t("tren.results.round_over", { n: res?.round ?? g.round, total: g.rounds }) }));
  }
  const story = [];
  if (res) {
    const winner = res.winner;
    story.push(h("p", { class: "closer", text: winner == null ? t("tren.results.blocked")
      : winner === me() ? t("tren.results.you_out") : t("tren.results.winner", { name: seatName(winner) }) }));
    if (me() !== null && winner !== me()) {
      const left = res.hands[me()] || [];
      story.push(h("div", { class: "my-points" }, h("span", { text: t("tren.results.your_points") }), h("b", { text: `+${res.points[me()]}` })));
      if (left.length) story.push(h("div", { class: "left-cards" }, minis(left, card)));
    }
    if (local.allHands) story.push(othersLeft(res, me(), { seatName, seatColor, seatAt, card, points: (s) => `+${res.points[s]}` }));
  }
  const totals = g.players.map((p) => p.score);
  const ranking = g.result?.ranking || [...totals.keys()].sort((a, b) => totals[a] - totals[b] || a - b);
  const place = places(totals);
  const standings = h("table", { class: "standings" },
    h("thead", {}, h("tr", {}, quietHead("place"), h("th", { text: t("tren.results.player") }),
      res && h("th", { text: t("tren.results.this_round") }), h("th", { text: t("tren.results.total") }))),
    h("tbody", {}, ranking.map((s) => h("tr", { class: s === me() ? "me" : "" },
      h("td", {}, medal(place[s], over)),
      h("td", {}, swatch(seatAt(s)), seatName(s)),
      res && h("td", { text: `+${res.points[s]}` }),
      h("td", {}, h("b", { text: signed(totals[s]) }))))));
  drawPhoneResults(root, g, {
    head, story, standings,
    place: over && me() !== null && h("p", { class: "place", text: t("tren.results.your_place", { n: place[me()] }) }),
    foot: [h("p", { class: "muted small", text: t("tren.results.lowest_wins") }),
      !over && h("p", { class: "auto-next muted", dataset: { countdown: "next_round" } })],
  });
}

// ----- the component ---------------------------------------------------------------------------------

export function mount(root, { density }) {
  const screen = component(root, (state, local = {}) => {
    if (density !== "tv") {
      phoneResults(root, state, local);
      return;
    }
    drawTvResults(root, state, local, { roundOver, gameOver });
    fitHands(root);
  });
  if (density !== "tv") return screen;
  // Fitted again whenever the screen's size changes: a replay's stage shown, the window resized.
  let seen = "";
  const resized = new ResizeObserver(() => {
    const size = `${root.clientWidth}x${root.clientHeight}`;
    if (size !== seen) fitHands(root);
    seen = size;
  });
  resized.observe(root);
  return { ...screen, destroy() { resized.disconnect(); screen.destroy(); } };
}
