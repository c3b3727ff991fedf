// Ferrocarril's end of a round and of the game, on every screen:
//   mount(root, { density: "tv" | "phone" }) -> {update(state, local), relabel(), destroy()}
// "tv": the hands left, the standings, the podium and the host's buttons (`local.host`);
// "phone": this seat's points and the standings (`local.allHands`: everyone's cards left too).
// Reads only the view.
import { component, h } from "../../core/dom.js";
import { getLang, t } from "../../core/i18n.js";
import { cardEl as deckCard } from "../../pieces/spanish.js";
import { cardMaker, drawPhoneResults, medal, minis, othersLeft, stateReaders, swatch } from "../../shell/phone-kit.js";
import {
  autoNext, gameResult, handName, nameOf, nameTag, newGameButton, nextRoundButton, places, podium, restList, drawTvResults, seatOf,
  quietHead, signed, standingsRow, winnerLine,
} from "../../shell/table-kit.js";

const minus = signed;
const cardEl = (code, options = {}) => deckCard(code, { lang: getLang(), ...options });
const card = cardMaker(deckCard);

// ----- end of a round ---------------------------------------------------------------------------------------

function roundOver(ctx) {
  const view = ctx.view;
  const last = view.last_round;
  if (!last) return h("div", { class: "round-over" });
  const closer = last.closer;
  const standings = standingsTable(ctx, last);

  const hands = last.hands.map((hand, s) => {
    const seat = seatOf(ctx.room, s);
    const isCloser = s === closer;
    return h("li", { class: ["hand-row", isCloser && "closer"], vars: { "--seat": seat.color } },
      handName(seat, view, s),
      h("div", { class: "hand-cards" },
        isCloser ? h("span", { class: "prize-badge", text: t("tv.prize_card") }) : hand.map((code) => cardEl(code, { index: "big" }))),
      h("span", { class: ["hand-points", last.points[s] < 0 && "negative"], text: minus(last.points[s]) }));
  });

  return h("div", { class: "round-over" },
    h("div", { class: "ro-title" },
      h("h1", { text: t("tv.round_over", { n: last.round }) }),
      closer == null
        ? h("p", { class: "ro-closer", text: t("tv.no_closer") })
        : h("p", { class: "ro-closer" }, nameTag(seatOf(ctx.room, closer), "who"), " ",
          h("span", { text: t("tv.closer", { prize: minus(last.points[closer]) }) }))),
    h("div", { class: "ro-grid" },
      h("section", { class: "ro-hands" }, h("h2", { text: t("tv.hands") }),
        h("ol", { vars: { "--rows": String(hands.length) } }, hands)),
      h("section", { class: "ro-standings" }, h("h2", { text: t("tv.standings") }), standings)),
    h("div", { class: "ro-next" },
      nextRoundButton(ctx, t("tv.next_round")),
      autoNext(t("tv.auto_next"))));
}

function standingsTable(ctx, last) {
  const totals = last.totals;
  const place = places(totals);
  const order = totals.map((_, s) => s).sort((a, b) => totals[a] - totals[b] || a - b);
  return h("table", { class: "standings" },
    h("colgroup", {}, h("col", { class: "c-place" }), h("col", {}), h("col", { class: "c-round" }), h("col", { class: "c-total" })),
    h("thead", {}, h("tr", {},
      quietHead("place"), quietHead("player"),
      h("th", { text: t("tv.this_round") }), h("th", { text: t("tv.total") }))),
    h("tbody", {}, order.map((s) => {
      return standingsRow(place[s], seatOf(ctx.room, s),
        h("td", { class: ["round-pts", last.points[s] < 0 && "negative"], text: minus(last.points[s]) }),
        h("td", { class: "total", text: minus(totals[s]) }));
    })));
}

// ----- end of the game ----------------------------------------------------------------------------------------

function gameOver(ctx) {
  const view = ctx.view;
  const { result, entries, winnerNames, place, rest } = gameResult(ctx);
  const last = view.last_round;

  return h("div", { class: "game-over" },
    h("h1", { text: t("tv.game_over") }),
    winnerLine(result, winnerNames, "tv.tie", "tv.winner"),
    podium(entries),
    restList(ctx, rest, place, result.scores, t("common.points")),
    h("p", { class: "lowest" }, t("tv.lowest_wins"),
      last && last.closer != null ? ` · ${t("ev.round_end", { name: nameOf(ctx, last.closer), round: last.round })} (${minus(last.points[last.closer])})` : ""),
    newGameButton(ctx));
}

// ----- the phone -----------------------------------------------------------------------------------------

function phoneResults(root, state, local) {
  const { game, me, seatName, seatColor, seatAt } = stateReaders({ state });
  const g = game();
  const res = g.last_round;
  const over = g.phase === "game_over";
  const head = [];
  if (over) {
    head.push(h("h2", { text: t("phone.fc.res.game_over") }));
    const winners = g.result?.winners || [];
    if (winners.includes(me())) head.push(h("p", { class: "winner", text: t("phone.fc.res.you_won") }));
    else if (winners.length > 1) head.push(h("p", { class: "winner", text: t("phone.fc.res.tie", { names: winners.map(seatName).join(", ") }) }));
    else if (winners.length) head.push(h("p", { class: "winner", text: t("phone.fc.res.winner", { name: seatName(winners[0]) }) }));
  } else {
    head.push(h("h2", { text: t("phone.fc.res.round_over", { n: res?.round ?? g.round }) }));
  }
  const story = [];
  if (res) {
    const closer = res.closer;
    story.push(h("p", { class: "closer", text: closer == null ? t("phone.fc.res.no_closer")
      : closer === me() ? t("phone.fc.res.you_closed", { prize: minus(res.points[closer]) })
        : t("phone.fc.res.closer", { name: seatName(closer), prize: minus(res.points[closer]) }) }));
    if (me() !== null && closer !== me()) {
      const left = res.hands[me()] || [];
      story.push(h("div", { class: "my-points" }, h("span", { text: t("phone.fc.res.your_points") }), h("b", { text: signed(res.points[me()], { plus: true }) })));
      if (left.length) story.push(h("div", { class: "left-cards" }, minis(left, card)));
    }
    if (local.allHands) story.push(othersLeft(res, me(), { seatName, seatColor, seatAt, card, points: (s) => minus(res.points[s]) }));
  }
  const totals = g.players.map((p) => p.score);
  const ranking = g.result?.ranking || [...totals.keys()].sort((a, b) => totals[a] - totals[b] || a - b);
  const standings = h("table", { class: "standings" },
    h("thead", {}, h("tr", {}, quietHead("place"), h("th", { text: t("phone.fc.res.player") }),
      res && h("th", { text: t("phone.fc.res.round") }), h("th", { text: t("phone.fc.res.total") }))),
    h("tbody", {}, ranking.map((s, pos) => {
      const pts = res ? res.points[s] : null;
      return h("tr", { class: s === me() ? "me" : "" },
        h("td", {}, medal(pos + 1, over)),
        h("td", {}, swatch(seatAt(s)), seatName(s)),
        res && h("td", { text: signed(pts, { plus: true }) }),
        h("td", {}, h("b", { text: signed(totals[s]) })));
    })));
  drawPhoneResults(root, g, {
    head, story, standings,
    place: over && me() !== null && h("p", { class: "place", text: t("phone.fc.res.your_place", { n: ranking.indexOf(me()) + 1 }) }),
    foot: [h("p", { class: "muted small", text: t("phone.fc.res.lowest") }),
      !over && h("p", { class: "auto-next muted", dataset: { countdown: "next_round" } })],
  });
}

// ----- the component ---------------------------------------------------------------------------------

export function mount(root, { density }) {
  return component(root, (state, local = {}) => (density === "tv"
    ? drawTvResults(root, state, local, { roundOver, gameOver }) : phoneResults(root, state, local)));
}
