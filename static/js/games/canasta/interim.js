// TEMPORARY, for the phone's branch only: the melds as a plain list and the end of a round as
// the scores, until the TV helper's table.js and results.js are on this branch. phone.js
// switches to them by one import line; then this file goes.
//   mountTable(root, {density}) -> {update(state, local), relabel(), destroy()}
//   mountResults(root, {density}) -> {update(state, local), relabel(), destroy()}
// The table keeps the shared conventions: each player's area data-seat, each meld data-meld
// (class pickable when local.pickable lists it).
import { h } from "../../core/dom.js";
import { t } from "../../core/i18n.js";
import { stateReaders } from "../../shell/phone-kit.js";

export function mountTable(root) {
  const ui = { state: null };
  const { game, me, seatName } = stateReaders(ui);
  let local = {};
  function draw() {
    const g = game();
    const order = [...g.players.keys()].sort((a, b) => (b === me()) - (a === me()));
    root.replaceChildren(h("div", { class: "cn-interim" }, order.map((seat) => {
      const melds = g.melds.filter((m) => m.owner === seat);
      return h("div", { class: ["cn-area", seat === me() && "mine"], dataset: { seat: String(seat) } },
        h("b", { class: "cn-area-name", text: seat === me() ? t("canasta.phone.interim.yours") : t("canasta.phone.interim.of", { name: seatName(seat) }) }),
        h("div", { class: "cn-area-melds" }, melds.length ? melds.map((m) => h("button", {
          type: "button", class: ["cn-meld", "meld", m.complete && "complete", (local.pickable || []).includes(m.id) && "pickable"],
          dataset: { meld: String(m.id), kind: m.kind || "" },
          text: `${m.rank === "wild" ? "★" : m.rank} ×${m.count}${m.complete ? ` ${t("canasta.phone.interim.complete")}` : ""}`,
        })) : h("span", { class: "cn-area-none", text: t("canasta.phone.interim.none") })));
    })));
  }
  return {
    update(state, more = {}) {
      ui.state = state;
      local = more;
      if (state.game) draw();
    },
    relabel() { if (ui.state?.game) draw(); },
    destroy() { root.replaceChildren(); },
  };
}

export function mountResults(root) {
  const ui = { state: null };
  const { game, seatName } = stateReaders(ui);
  function draw() {
    const g = game();
    root.replaceChildren(h("div", { class: "cn-interim results" },
      h("p", { class: "cn-area-name", text: t("canasta.phone.interim.round_over", { n: g.last_round?.round ?? g.round }) }),
      h("ul", {}, g.players.map((p) => h("li", { text: t("canasta.phone.interim.score", { name: seatName(p.seat), score: p.score }) })))));
  }
  return {
    update(state) {
      ui.state = state;
      if (state.game) draw();
    },
    relabel() { if (ui.state?.game) draw(); },
    destroy() { root.replaceChildren(); },
  };
}
