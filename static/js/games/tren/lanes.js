// Tren Mexicano's table at phone density: one row per train (yours first, then the others in
// playing order, then the Mexican train). Each row shows its owner (the seat's chip and name),
// the marker as a little train in the owner's colour while it is out, the last few tiles with
// the open end largest, and the number the train asks for; with `counts`, under another seat's
// name its tiles in hand, its score once anybody has one, "desconectado", and an edge on the
// row whose owner's turn it is. A row is a button: the screen passes taps on it to the hand
// (hand.tapTable), which plays the selected tile there.
//
// mount(root, {density}) → {update(state, local), relabel(), destroy()}
//   local: {selected: tile code | null, fits: [train keys where the selected tile may go],
//           compact: true on a short screen: two trains a row, each with its open end only,
//           counts: true where the screen has no seats of its own (the phone; not /solo)}
// table.js delegates its density "phone" here.
//
// JS never decides a rule: which trains light up is the engine's `fits` (given through local),
// an open double to cover and the markers are the view's.
import { getLang, t, tn } from "../../core/i18n.js";
import { h } from "../../core/dom.js";
import { signed } from "../../core/numbers.js";
import { seatChip, seatVars } from "../../core/seats.js";
import { tileEl } from "../../pieces/dominoes.js";
import { MEXICAN, locomotive } from "./trains.js";

const SHOWN = { phone: 3, tv: 6 };     // tiles shown at the end of a train

// The trains in the order a seat reads them: its own, the others from the next seat on, the
// Mexican train last. A spectator reads them from seat 0.
export function trainOrder(view, me) {
  const n = view.trains.length;
  const from = me ?? 0;
  return [...Array.from({ length: n }, (_, k) => (from + k) % n), MEXICAN];
}

// "Tu tren", "Tren de Ana", "Tren mexicano": a train as a player reads it.
export function trainLabel(key, me, seatName) {
  if (key === MEXICAN) return t("tren.lanes.mexican");
  if (key === me) return t("tren.lanes.yours");
  return t("tren.lanes.of", { name: seatName(key) });
}

// Words for a screen reader only, inline: no space is heard between them and the name.
const unseen = (text) => text && h("span", { class: "tr-sr", text });

// The label's words before and after the name shown ("Tren de |Ana|", "|Mexican| train"); a
// name not in the label comes after it ("Tu tren, |Tú|").
function around(label, shown) {
  const at = label.toLowerCase().indexOf(shown.toLowerCase());
  const whole = at >= 0 && !/\p{L}/u.test(label[at + shown.length] || "");
  return whole ? [label.slice(0, at), label.slice(at + shown.length)] : [`${label}, `, ""];
}

// Under another seat's name: "3 fichas" (heard "le quedan 3 fichas"), its score, "desconectado"
// (and, heard only, that it is the seat's turn). Each fact is a box of its own, so a reader
// hears a space between them: the comma ends the one before.
function seatInfo(player, seat, scored, turn) {
  const one = player.tiles === 1 ? "_one" : "";
  const shown = t(`tren.lanes.tiles${one}`, { n: player.tiles });
  const [before, after] = around(t(`tren.lanes.left${one}`, { n: player.tiles }), shown);
  const facts = [[["tr-count", player.tiles === 1 && "one-left"], unseen(before), shown, unseen(after)]];
  if (scored) facts.push([null, tn("tren.lanes.points", player.score, { n: signed(player.score) })]);
  if (seat?.connected === false) facts.push(["tr-away", t("tren.lanes.offline")]);
  if (turn) facts.push(["tr-sr", t("tren.lanes.turn")]);
  return h("span", { class: "tr-lane-info" }, facts.map(([cls, ...words], k) =>
    h("span", { class: cls }, ...words, k < facts.length - 1 && unseen(","))));
}

export function mount(root, ctx = {}) {
  const density = ctx.density === "tv" ? "tv" : "phone";
  const box = h("div", { class: ["tr-lanes", density === "tv" && "roomy"] });
  root.replaceChildren(box);
  let last = null;

  function draw(state, local = {}) {
    const view = state.game;
    if (!view || !view.trains) {
      box.replaceChildren();
      return;
    }
    const me = state.you ? state.you.index : null;
    const seats = state.room?.seats || [];
    const seatName = (i) => seats[i]?.name ?? `#${i + 1}`;
    const digits = view.rules?.faces === "digits";
    const lit = new Set((local.fits || []).map(String));
    const picking = !!local.selected;
    const cover = view.open_double ? String(view.open_double.train) : null;
    const compact = density === "phone" && !!local.compact;
    const count = compact ? 1 : SHOWN[density];
    box.classList.toggle("compact", compact);
    const lastPlay = [...(view.events || [])].reverse().find((ev) => ev.type === "play");
    const scored = (view.players || []).some((p) => p.score);
    const turn = view.phase === "play" ? view.turn : null;

    box.replaceChildren(...trainOrder(view, me).map((key) => {
      const mexican = key === MEXICAN;
      const train = mexican ? view.mexican : view.trains[key];
      const id = String(key);
      const fits = lit.has(id);
      const label = trainLabel(key, me, seatName);
      const shownName = mexican ? t("tren.lanes.mexican_short") : key === me ? t("tren.lanes.you") : seatName(key);
      const [before, after] = around(label, shownName);
      const name = h("span", { class: "tr-lane-name" }, unseen(before), shownName,
        unseen(`${after}${train.marker ? `, ${t("tren.lanes.open")}` : ""}:`));
      const owner = mexican
        ? h("span", { class: "tr-lane-owner" }, h("span", { class: "tr-mexican-chip" }, locomotive()), name)
        : h("span", { class: "tr-lane-owner" }, seatChip(seats[key]), name,
          train.marker && h("span", { class: "tr-marker", title: t("tren.lanes.marker") }, locomotive()));
      const shown = train.tiles.slice(-count);
      const hidden = train.tiles.length - shown.length;
      const tiles = h("span", { class: "tr-lane-tiles", "aria-hidden": "true" },
        hidden > 0 && h("span", { class: "tr-more", text: t("tren.lanes.more", { n: hidden }) }),
        shown.map((code, k) => {
          const end = k === shown.length - 1;
          const [a, b] = code.split("-");
          return tileEl(code, { lang: getLang(), digits, orientation: a === b ? "along" : "across",
            extraClass: end ? "tr-end" : "tr-older" });
        }),
        !train.tiles.length && h("span", { class: "tr-empty", text: t("tren.lanes.empty") }));
      const player = local.counts && !mexican && key !== me && view.players?.[key];
      const info = player && seatInfo(player, seats[key], scored, key === turn);
      const covering = id === cover && !train.open_double;
      const ask = h("span", { class: "tr-lane-ask" },
        h("span", { class: "tr-ask-label", text: train.open_double ? t("tren.lanes.cover") : t("tren.lanes.asks") }),
        h("b", { class: "tr-ask-n" }, String(train.open), info && !covering && unseen(",")),
        covering && unseen(`${t("tren.lanes.cover")}${info ? "," : ""}`));
      // The button is named by what it shows (owner, "pide 5", "3 fichas"), with the words a
      // reader needs around them hidden on screen: "Tren de Ana, abierto: pide 5, le quedan 3
      // fichas" (label in name). The seat's facts come last in the markup, shown under the name.
      return h("button", {
        type: "button",
        class: ["tr-lane", key === me && "mine", mexican && "mexican", fits && "fits", picking && !fits && "dim",
          id === cover && "cover", train.marker && "marked", lastPlay && String(lastPlay.train) === id && "last",
          info && "counted", info && key === turn && "turn"],
        dataset: { train: id }, vars: mexican ? {} : seatVars(seats[key]),   // the seat's colour on the left edge
      }, owner, tiles, ask, info);
    }));
  }

  return {
    update(state, local) {
      last = [state, local];
      draw(state, local);
    },
    relabel() { if (last) draw(...last); },
    destroy() { root.replaceChildren(); },
  };
}
