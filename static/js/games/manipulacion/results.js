// Rummy Manipulación's end of a round and of the game, on every screen:
//   mount(root, { density: "tv" | "phone" }) -> {update(state, local), relabel(), destroy()}
// "tv": why the round ended, the hands left, the standings as the rule set counts them, the
// podium and the host's buttons (`local.host`); "phone": this seat's points and the standings.
// Reads only the view (higher_wins, multi_round, scored).
import { component, h } from "../../core/dom.js";
import { t } from "../../core/i18n.js";
import { cardEl } from "../../pieces/french.js";
import { cardMaker, drawPhoneResults, medal, minis, othersLeft, stateReaders, swatch } from "../../shell/phone-kit.js";
import {
  autoNext, gameResult, handName, joinNames, nameOf, newGameButton, nextRoundButton, places, podium, restList, drawTvResults,
  quietHead, seatOf, signed, standingsRow, winnerLine,
} from "../../shell/table-kit.js";
import { hasScore, higherWins, multiRound, tc, winsLine } from "./common.js";

const card = cardMaker(cardEl);

// ----- end of a round ---------------------------------------------------------------------------------

// The headline: who went out, knocked, or why the round ended.
function reasonLine(ctx, last) {
  const name = (s) => nameOf(ctx, s);
  const winners = last.winners || [];
  const lines = [];
  if (last.out != null) lines.push(t("mani.res.out", { name: name(last.out) }));
  else if (last.closer != null) lines.push(t("mani.res.closed", { name: name(last.closer) }));
  else if (last.blocked) lines.push(t("mani.res.blocked"));
  else if (last.final_turns) lines.push(t("mani.res.final"));
  if (last.closer != null && !winners.includes(last.closer)) {
    lines.push(t("mani.res.counter", { names: joinNames(winners.map(name)) }));
  } else if (last.out == null && winners.length) {
    lines.push(t("mani.res.round_winner", { names: joinNames(winners.map(name)) }));
  }
  return lines.join(" · ");
}

function handsList(ctx, last, { showRoundPoints }) {
  const view = ctx.view;
  const scored = hasScore(view);
  const high = higherWins(view);
  const winners = new Set(last.winners || []);
  return h("ol", { class: "mani-hands", vars: { "--rows": String(last.hands.length) } }, last.hands.map((hand, s) => {
    const seat = seatOf(ctx.room, s);
    const pts = last.points[s];
    const handPts = last.hand_points ? last.hand_points[s] : null;
    const handInfo = !scored ? tc("mani.cards_n", hand.length)
      : handPts != null ? tc("mani.points_n", handPts) : "";
    const shown = high ? (pts > 0 ? `+${pts}` : signed(pts)) : signed(pts);
    return h("li", { class: ["hand-row", "mani-hand", winners.has(s) && "winner"], vars: { "--seat": seat.color } },
      handName(seat, view, s),
      h("div", { class: "hand-cards" },
        hand.length ? hand.map((code) => card(code)) : h("span", { class: "prize-badge", text: t("mani.res.empty_hand") })),
      h("span", { class: "hand-worth", text: hand.length ? handInfo : "" }),
      showRoundPoints && h("span", { class: ["hand-points", high && pts > 0 && "gain"], text: shown }));
  }));
}

function standingsTable(ctx, totals, last) {
  const view = ctx.view;
  const high = higherWins(view);
  const place = places(high ? totals.map((x) => -x) : totals);
  const order = totals.map((_, s) => s).sort((a, b) => place[a] - place[b] || a - b);
  const won = view.players.some((p) => "rounds_won" in p);
  return h("table", { class: "standings mani-standings" },
    h("colgroup", {}, h("col", { class: "c-place" }), h("col", {}), last && h("col", { class: "c-round" }),
      won && h("col", { class: "c-round" }), h("col", { class: "c-total" })),
    h("thead", {}, h("tr", {},
      quietHead("place"), quietHead("player"),
      last && h("th", { text: t("mani.res.this_round") }),
      won && h("th", { text: t("mani.res.rounds") }),
      h("th", { text: t("mani.res.total") }))),
    h("tbody", {}, order.map((s) => {
      const pts = last ? last.points[s] : null;
      return standingsRow(place[s], seatOf(ctx.room, s),
        last && h("td", { class: "round-pts", text: high && pts > 0 ? `+${pts}` : signed(pts) }),
        won && h("td", { class: "round-pts", text: String(view.players[s].rounds_won ?? 0) }),
        h("td", { class: "total", text: signed(totals[s]) }));
    })));
}

function roundOver(ctx) {
  const view = ctx.view;
  const last = view.last_round;
  if (!last) return h("div", { class: "round-over" });
  const totals = last.totals || view.players.map((p) => p.score);
  return h("div", { class: "round-over mani-over" },
    h("div", { class: "ro-title" },
      h("h1", { text: t("mani.res.round_over", { n: last.round }) }),
      h("p", { class: "ro-closer", text: reasonLine(ctx, last) })),
    h("div", { class: "ro-grid" },
      h("section", { class: "ro-hands" }, h("h2", { text: t("mani.res.hands") }), handsList(ctx, last, { showRoundPoints: true })),
      h("section", { class: "ro-standings" }, h("h2", { text: t("mani.res.standings") }),
        standingsTable(ctx, totals, last),
        h("p", { class: "wins-line", text: winsLine(view) }))),
    h("div", { class: "ro-next" },
      nextRoundButton(ctx, t("mani.res.next_round")),
      ctx.isHost && view.host_ends_game && h("button", { type: "button", class: "big-button end-game",
        on: { click: () => ctx.host("act", { action: { type: "end_game" } }) } }, t("mani.res.end_game")),
      autoNext(t("mani.res.auto_next"))));
}

// ----- end of the game --------------------------------------------------------------------------------

function gameOver(ctx) {
  const view = ctx.view;
  const high = higherWins(view);
  const scored = hasScore(view);
  const unit = scored ? (n) => tc("mani.points", n) : (n) => tc("mani.cards_unit", n);
  const { result, entries, winnerNames, place, rest } = gameResult(ctx, high);
  const last = view.last_round;

  let details;
  if (!multiRound(view) && last) {
    details = h("section", { class: "ro-hands go-details" },
      h("h2", { text: reasonLine(ctx, last) || t("mani.res.hands") }),
      handsList(ctx, last, { showRoundPoints: scored }));
  } else if (high && result.points) {
    details = h("section", { class: "ro-standings go-details" }, h("h2", { text: t("mani.res.standings") }), carruselBreakdown(ctx, result));
  } else {
    details = h("section", { class: "ro-standings go-details" }, h("h2", { text: t("mani.res.standings") }),
      standingsTable(ctx, result.scores, null));
  }

  return h("div", { class: "game-over mani-game-over" },
    h("div", { class: "go-podium" },
      h("h1", { text: t("mani.res.game_over") }),
      winnerLine(result, winnerNames, "mani.res.tie", "mani.res.winner"),
      podium(entries, { higherWins: high, unit }),
      restList(ctx, rest, place, result.scores, unit),
      h("p", { class: "lowest", text: winsLine(view) }),
      newGameButton(ctx)),
    details);
}

// Carrusel's final count: points, the 100 for reaching 150, 25 a round won.
function carruselBreakdown(ctx, result) {
  const order = result.ranking.length ? result.ranking : result.scores.map((_, s) => s);
  const place = places(result.scores.map((x) => -x));
  return h("table", { class: "standings mani-standings breakdown" },
    h("colgroup", {}, h("col", { class: "c-place" }), h("col", {}), h("col", { class: "c-round" }),
      h("col", { class: "c-round" }), h("col", { class: "c-round" }), h("col", { class: "c-total" })),
    h("thead", {}, h("tr", {},
      quietHead("place"), quietHead("player"),
      h("th", { text: t("mani.res.points") }),
      h("th", { text: "+100" }),
      h("th", { text: t("mani.res.rounds") }),
      h("th", { text: t("mani.res.final_score") }))),
    h("tbody", {}, order.map((s) => {
      const points = result.points[s];
      const won = result.rounds_won[s];
      const goal = result.scores[s] - points - 25 * won;
      return standingsRow(place[s], seatOf(ctx.room, s),
        h("td", { class: "round-pts", text: String(points) }),
        h("td", { class: "round-pts", text: goal ? `+${goal}` : "—" }),
        h("td", { class: "round-pts", text: won ? `${won}×25` : "—" }),
        h("td", { class: "total", text: String(result.scores[s]) }));
    })));
}

// ----- the phone -----------------------------------------------------------------------------------------

function phoneResults(root, state, local) {
  const { game, me, seatName, seatColor, seatAt } = stateReaders({ state });
  const g = game();
  const res = g.last_round;
  const over = g.phase === "game_over";
  const high = higherWins(g);
  const scored = hasScore(g);
  const head = [];
  if (over) {
    head.push(h("h2", { text: t("mani.res.game_over") }));
    const winners = g.result?.winners || [];
    if (winners.includes(me())) head.push(h("p", { class: "winner", text: winners.length > 1 ? t("mani.res.you_tied") : t("mani.res.you_won") }));
    else if (winners.length > 1) head.push(h("p", { class: "winner", text: t("mani.res.tie", { names: winners.map(seatName).join(", ") }) }));
    else if (winners.length) head.push(h("p", { class: "winner", text: t("mani.res.winner", { name: seatName(winners[0]) }) }));
  }
  const story = [];
  if (res) {
    const name = (s) => (s === me() ? t("mani.p.you") : seatName(s));
    let reason = "";
    if (res.out != null) reason = res.out === me() ? t("mani.res.you_out") : t("mani.res.out", { name: seatName(res.out) });
    else if (res.closer != null) reason = res.closer === me() ? t("mani.res.you_closed") : t("mani.res.closed", { name: seatName(res.closer) });
    else if (res.blocked) reason = t("mani.res.blocked");
    else if (res.final_turns) reason = t("mani.res.final");
    story.push(h("p", { class: "closer", text: reason }));
    if (res.closer != null && !res.winners.includes(res.closer)) {
      story.push(h("p", { class: "closer", text: t("mani.res.counter", { names: res.winners.map(name).join(", ") }) }));
    } else if (res.out == null && res.winners?.length) {
      story.push(h("p", { class: "closer", text: t("mani.res.round_winner", { names: res.winners.map(name).join(", ") }) }));
    }
    if (me() !== null && scored) {
      const pts = res.points[me()];
      story.push(h("div", { class: "my-points" }, h("span", { text: t("mani.p.your_points") }), h("b", { text: signed(pts, { plus: high }) })));
    }
    const left = me() !== null ? res.hands[me()] || [] : [];
    if (left.length) story.push(h("div", { class: "left-cards" }, minis(left, card)));
    if (local.allHands) {
      const points = (s) => (scored ? signed(res.points[s], { plus: high }) : "");
      story.push(othersLeft(res, me(), { seatName, seatColor, seatAt, card, points }));
    }
  }
  const scores = over && g.result ? g.result.scores : (res?.totals || g.players.map((p) => p.score));
  const order = scores.map((_, s) => s).sort((a, b) => (high ? scores[b] - scores[a] : scores[a] - scores[b]) || a - b);
  const showRound = !!res && !(over && !multiRound(g));
  let standings = null;
  if (scored || !over) {
    let place = 0;
    standings = h("table", { class: "standings" },
      h("thead", {}, h("tr", {}, quietHead("place"), quietHead("player"),
        showRound && h("th", { text: t("mani.res.this_round") }),
        h("th", { text: over && !multiRound(g) ? (!scored ? t("mani.cards") : t("mani.res.points")) : t("mani.res.total") }))),
      h("tbody", {}, order.map((s, k) => {
        if (k === 0 || scores[s] !== scores[order[k - 1]]) place = k + 1;
        const pts = res ? res.points[s] : 0;
        return h("tr", { class: s === me() ? "me" : "" },
          h("td", {}, medal(place, over)),
          h("td", {}, swatch(seatAt(s)), seatName(s)),
          showRound && h("td", { text: signed(pts, { plus: high }) }),
          h("td", {}, h("b", { text: String(scores[s]) })));
      })));
  }
  const placed = over && me() !== null && scored && !(g.result?.winners || []).includes(me());
  drawPhoneResults(root, g, {
    head, story, standings,
    place: placed && h("p", { class: "place", text: t("mani.res.your_place", {
      n: 1 + scores.filter((x) => (high ? x > scores[me()] : x < scores[me()])).length }) }),
    foot: [h("p", { class: "muted small", text: winsLine(g) }),
      !over && h("p", { class: "auto-next muted", dataset: { countdown: "next_round" } })],
  });
}

// ----- the component ---------------------------------------------------------------------------------

export function mount(root, { density }) {
  return component(root, (state, local = {}) => (density === "tv"
    ? drawTvResults(root, state, local, { roundOver, gameOver }) : phoneResults(root, state, local)));
}
