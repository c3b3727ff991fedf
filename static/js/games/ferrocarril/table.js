// Ferrocarril's table: every player's row with the combinations they have laid down, the same
// component on the TV, the phone and (next) the one-device screen:
//   mount(root, { density: "tv" | "phone" }) -> {update(state, local), relabel(), destroy()}
// `local` is what the screen adds: `fresh` (meld ids outlined as just changed, TV) and
// `picking` ("add" | "steal" while the hand picks a combination for its cards) and `counts`
// (phone: each other seat's cards in hand, away and turn under its name, where the screen has no
// seats of its own).
// "tv" draws every seat in seat order with its stats (css/table-tv.css; the one-device page
// shows it above the hand, `fitMelds` sizing the cards once it is on the page); "phone" is
// compact, your own row first.
// Reads only the view: who owns which combination and what a joker stands for.
import { component, h, markup } from "../../core/dom.js";
import { getLang, t, tn } from "../../core/i18n.js";
import { cardEl, cardName, rankName } from "../../pieces/spanish.js";
import { cardsStat, seatBadges, seatOf, shrinkToFit, signed } from "../../shell/table-kit.js";
import { minis, swatch } from "../../shell/phone-kit.js";
import { seatChip, seatVars } from "../../core/seats.js";

const PLAYING = new Set(["draw", "play"]);

const DEALER_ICON =
  `<svg class="icon-dealer" viewBox="0 0 40 32" aria-hidden="true">` +
  `<rect x="4" y="6" width="16" height="22" rx="3" transform="rotate(-14 12 17)" fill="#fffdf7" stroke="#333" stroke-width="1.5"/>` +
  `<rect x="13" y="4" width="16" height="22" rx="3" fill="#fffdf7" stroke="#333" stroke-width="1.5"/>` +
  `<rect x="22" y="6" width="16" height="22" rx="3" transform="rotate(14 30 17)" fill="#7b1e3a" stroke="#333" stroke-width="1.5"/></svg>`;
const BACK_ICON =
  `<svg class="icon-back" viewBox="0 0 20 28" aria-hidden="true"><rect x="1" y="1" width="18" height="26" rx="3" ` +
  `fill="#7b1e3a" stroke="#f2c230" stroke-width="1.5"/></svg>`;

const card = (code, options = {}) => cardEl(code, { lang: getLang(), ...options });

// What the joker of a combination stands for, in words ("7 de copas" in a run, "Sota" in a group).
export function jokerStands(meld) {
  if (!meld.joker_for) return null;
  return meld.kind === "run" ? cardName(meld.joker_for, getLang()) : rankName(meld.joker_for, getLang());
}

// A group's cards in any order: the joker goes last, where it shows whole (TV).
function displayOrder(meld) {
  if (meld.kind !== "group") return meld.cards;
  return [...meld.cards.filter((c) => c !== "*"), ...meld.cards.filter((c) => c === "*")];
}

// ----- density "tv" -----------------------------------------------------------------------------

// Which combinations a picker may take ("add": any, "steal": those holding a joker).
const pickableBy = (picking, meld) => picking === "add" || (picking === "steal" && meld.cards.includes("*"));

function tvMeld(meld, fresh, picking) {
  const stands = jokerStands(meld);
  const pickable = !!picking && pickableBy(picking, meld);
  return h(pickable ? "button" : "div", {
    class: ["meld", meld.kind, fresh.has(meld.id) && "fresh", pickable && "pickable", picking && !pickable && "dim"],
    type: pickable ? "button" : null, dataset: { meld: String(meld.id) },
  },
    h("div", { class: "meld-cards" }, displayOrder(meld).map((code) => card(code, { index: "big" }))),
    stands && h("span", { class: "meld-caption" },
      h("span", {}, h("span", { class: "star", "aria-hidden": "true" }, "★"), " ="), h("span", { text: stands })));
}

function tvRow(state, player, fresh, picking) {
  const view = state.game;
  const seat = seatOf(state.room, player.seat);
  const isTurn = view.turn === player.seat;
  const melds = view.table.filter((m) => m.owner === player.seat);
  return h("section", {
    class: ["player-row", isTurn && "turn", view.dealer === player.seat && "dealer"],
    vars: seatVars(seat), dataset: { seat: String(player.seat) },
  },
  h("div", { class: "pinfo" },
    h("div", { class: "pname" },
      isTurn && h("span", { class: "turn-flag", "aria-hidden": "true" }, "▶"),
      seatChip(seat),
      h("span", { class: "name", text: seat.name }),
      view.dealer === player.seat && h("span", { class: "dealer-badge", title: t("tv.dealer") },
        markup(DEALER_ICON), h("span", { text: t("tv.dealer") }))),
    h("div", { class: "pstats" },
      cardsStat(BACK_ICON, player.cards, tn("tv.cards", player.cards)),
      h("span", { class: "stat buys" }, h("b", { text: String(player.buys_left) }), h("span", { class: "unit", text: `/10 ${t("tv.buys")}` }))),
    h("div", { class: "pfoot" },
      h("span", { class: "score" }, h("b", { text: signed(player.score) }), h("span", { class: "unit", text: ` ${t("common.points")}` })),
      h("span", { class: ["stat", "salido", player.salido ? "yes" : "no"] }, player.salido ? `✓ ${t("tv.salido")}` : t("tv.not_salido")),
      seatBadges(seat))),
  h("div", { class: "melds" },
    melds.length ? melds.map((meld) => tvMeld(meld, fresh, picking)) : h("span", { class: "no-melds", text: t("tv.no_melds") })));
}

// ----- density "phone" ----------------------------------------------------------------------------

// A combination: a button only while a picker may take it.
function phoneMeld(meld, pickable, dim) {
  const stands = jokerStands(meld);
  return h(pickable ? "button" : "div", { type: pickable ? "button" : null, class: ["meld", pickable && "pickable", dim && "dim"],
    dataset: { meld: String(meld.id) } },
  h("span", { class: "meld-cards" }, minis(meld.cards, card)),
  stands && h("span", { class: "joker-for", text: t("phone.fc.joker_is", { card: stands }) }));
}

// Words for a screen reader only, inline: no space is heard between them and the words beside.
const unseen = (text) => text && h("span", { class: "fc-sr", text });

// Under another seat's name: "13 cartas" (heard "le quedan 13 cartas"; one card left stands out),
// "✓ Salió", "sin conexión" and, heard only, that it is the seat's turn ("…, le toca"). Each
// fact is a box of its own, so a reader hears a space between them: the comma ends the one
// before. Your own row (and, with no `counts`, every row: the one-device page's seats bar has
// them) shows only Salió.
function seatFacts(p, seat, { counts, turn }) {
  const facts = [];
  if (counts) {
    const one = p.cards === 1 ? "_one" : "";
    const shown = t(`phone.fc.cards${one}`, { n: p.cards });
    const [before, after] = t(`phone.fc.left${one}`, { n: p.cards }).split(shown);
    facts.push([["count", one && "one-left"], unseen(before), shown, unseen(after)]);
  }
  if (p.salido) facts.push(["badge", h("span", { "aria-hidden": "true" }, "✓ "), t("phone.fc.salido")]);
  if (counts && seat.connected === false) facts.push(["away", t("phone.fc.offline")]);
  const last = counts && turn ? `, ${t("phone.fc.their_turn")}` : "";
  return facts.length > 0 && h("span", { class: "tinfo" }, facts.map(([cls, ...words], k) =>
    h("span", { class: cls }, ...words, unseen(k < facts.length - 1 ? "," : last))));
}

function phoneRow(state, i, { picking = null, counts = false } = {}) {
  const view = state.game;
  const me = state.you ? state.you.index : null;
  const p = view.players[i];
  const seat = state.room.seats[i] || {};
  const melds = view.table.filter((m) => m.owner === i);
  const turn = view.turn === i && PLAYING.has(view.phase);
  const name = `fc-who-${i}`;
  const facts = seatFacts(p, seat, { counts: counts && i !== me, turn });
  // A group named by its name and facts, as shown, with a reader's words around them
  // ("Robotina, le quedan 13 cartas, Salió").
  return h("div", { class: ["trow", turn && "turn", i === me && "me"], vars: seatVars(seat), dataset: { seat: String(i) },
    role: "group", "aria-labelledby": name, "aria-current": turn ? "true" : null },
    h("div", { class: "tname", id: name },
      h("span", { class: "who" }, swatch(seat),
        h("b", {}, i === me ? t("phone.fc.you") : seat.name ?? `#${i + 1}`, facts && unseen(","))),
      facts),
    h("div", { class: "tmelds" },
      melds.length ? melds.map((m) => {
        const ok = pickableBy(picking, m);
        return phoneMeld(m, ok, picking && !ok);
      }) : h("span", { class: "nothing", text: "—" })));
}

// Your own row first, then the others in playing order from you.
function phoneOrder(state) {
  const n = state.game.players.length;
  const start = state.you ? state.you.index : 0;
  return Array.from({ length: n }, (_, k) => (start + k) % n);
}

// ----- the component ---------------------------------------------------------------------------------

const FRESH_MS = 3500;          // a combination that just changed stays outlined this long

// A tracker of the combinations that just changed: call it with each view; it returns the ids
// to outline (`local.fresh` of the "tv" density), none on the first view.
export function freshMelds() {
  const melds = new Map();
  const fresh = new Map();
  let seeded = false;
  return (view) => {
    const now = performance.now();
    const ids = new Set();
    for (const meld of view.table) {
      ids.add(meld.id);
      const key = meld.cards.join(" ");
      if (seeded && melds.get(meld.id) !== key) fresh.set(meld.id, now + FRESH_MS);
      melds.set(meld.id, key);
    }
    for (const id of [...melds.keys()]) if (!ids.has(id)) melds.delete(id);
    seeded = true;
    for (const [id, until] of fresh) if (until < now) fresh.delete(id);
    return fresh;
  };
}

// Fit each row's combinations: the biggest cards that fit, overlapping them more before
// making them smaller. Squeeze 1 still shows every corner rank; squeeze 2 overlaps the cards of
// a group (one rank, the joker drawn last) down to their edges.
export function fitMelds(root) {
  for (const area of root.querySelectorAll(".melds")) {
    if (!area.querySelector(".meld")) continue;
    shrinkToFit(area, Math.min(190, Math.max(60, area.clientHeight - 6)), 48, 0.93);
  }
}

export function mount(root, { density }) {
  if (density === "tv") root.classList.add("fc-table-tv");
  return component(root, (state, local = {}) => {
    const view = state.game;
    if (density === "tv") {
      root.style.setProperty("--rows", String(view.players.length));
      root.replaceChildren(...view.players.map((player) => tvRow(state, player, local.fresh || new Map(), local.picking || null)));
      if (root.isConnected) fitMelds(root);
    } else {
      root.replaceChildren(...phoneOrder(state).map((i) => phoneRow(state, i, local)));
    }
  });
}
