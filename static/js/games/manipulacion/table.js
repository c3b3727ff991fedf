// Rummy Manipulación's table: the groups on it and Tahití's loose cards, the same component on
// the TV, the phone and (next) the one-device screen:
//   mount(root, { density: "tv" | "phone" }) -> {update(state, local), relabel(), destroy()}
// "tv" lays the groups out in lanes (runs by suit, tríos by rank), `local.fresh` outlining the
// groups that just changed. "phone" lists them numbered, as the seat's working copy while it
// edits (`view.copy`), with what the phone adds in `local`: the picked card (`picked`), the
// group waiting to be joined (`joinFrom`), the groups a hint points at (`hinted`), whether this
// seat may edit now (`edit`), the width to lay a group's cards out in (`width`) and, on a roomy
// screen, their width (`cardW`).
// Reads only the view: which group is valid, needs a name, which cards were placed this turn.
import { component, h } from "../../core/dom.js";
import { getLang, t } from "../../core/i18n.js";
import { cardEl, suitIcon } from "../../pieces/french.js";
import { countCodes } from "../../shell/phone-kit.js";
import { groupKey, lanesOf } from "./common.js";

const card = (code, options = {}) => cardEl(code, { lang: getLang(), ...options });

// The groups and loose cards shown: the working copy's while this seat edits, else the table's.
function shown(view) {
  const copy = view.copy;
  return { editing: !!copy, groups: (copy ? copy.table : view.table) || [], loose: (copy ? copy.loose : view.loose) || [] };
}

// ----- density "tv" -----------------------------------------------------------------------------

function laneEl(lane, fresh) {
  const label = lane.kind === "run" ? suitIcon(lane.suit, "lane-suit") : h("span", { class: "lane-word", text: t("mani.trios") });
  return h("div", { class: ["lane", `lane-${lane.kind}`] },
    h("div", { class: "lane-label" }, label),
    h("div", { class: "lane-groups" }, lane.groups.map((group) => h("div", {
      class: ["mgroup", group.kind, fresh.has(groupKey(group)) && "fresh"],
      dataset: { index: String(group.index) },
    }, group.cards.map((c) => card(c, { index: "big" }))))));
}

function tvTable(view, { fresh = new Map() }) {
  const { groups, loose } = shown(view);
  const lanes = lanesOf(groups, view.ruleset?.ace);
  return [
    h("div", { class: "mani-lanes", vars: { "--lanes": String(Math.max(1, lanes.length)) } },
      lanes.length ? lanes.map((lane) => laneEl(lane, fresh)) : h("p", { class: "mani-empty", text: t("mani.empty_table") })),
    (loose.length || view.loose_area) && h("div", { class: "mani-loose" },
      h("span", { class: "mani-loose-label", text: t("mani.loose") }),
      h("div", { class: "mani-loose-cards" }, loose.length ? loose.map((c) => card(c)) : h("span", { class: "mani-none", text: "—" }))),
  ];
}

// ----- density "phone" ----------------------------------------------------------------------------

// Which cards of the copy came from the hand this turn: one mark per placed card.
function placedMarks(view, groups) {
  if (!view.copy) return new Set();
  const left = countCodes((view.copy.placed || []).map((c) => (c.startsWith("*") ? "*" : c)));
  const marks = new Set();
  groups.forEach((group, gi) => group.cards.forEach((code, ci) => {
    const key = code.startsWith("*") ? "*" : code;
    if (left[key] > 0) {
      left[key] -= 1;
      marks.add(`${gi}:${ci}`);
    }
  }));
  return marks;
}

// A group's cards, overlapping so that each shows a strip wide enough to read and to tap
// (on a phone 44 px, a finger's width); a long group goes on more rows rather than into slivers.
const PHONE_CARD_W = 52;
const PHONE_STEP = 44;

function groupCards(group, gi, marks, width, picked, wide) {
  const n = group.cards.length;
  const cardW = wide || PHONE_CARD_W;
  const room = Math.max(cardW, width - 8);
  const minStep = wide ? Math.round(wide * 0.52) : PHONE_STEP;
  const perRow = Math.max(1, Math.min(n, Math.floor((room - cardW) / minStep) + 1));
  const rows = Math.ceil(n / perRow);
  const inRow = Math.ceil(n / rows);
  const step = inRow > 1 ? Math.min(Math.max(minStep, cardW * 0.64), (room - cardW) / (inRow - 1)) : cardW;
  const out = [];
  for (let r = 0; r < rows; r++) {
    const row = h("div", { class: "mg-row" });
    for (let ci = r * inRow; ci < Math.min(n, (r + 1) * inRow); ci++) {
      const code = group.cards[ci];
      const on = picked?.src === "group" && picked.g === gi && picked.i === ci;
      row.append(h("button", { type: "button", class: ["mc", on && "picked", marks.has(`${gi}:${ci}`) && "placed"],
        dataset: { g: String(gi), i: String(ci) }, "aria-pressed": String(on),
        style: { width: `${cardW}px`, marginLeft: ci > r * inRow ? `${(step - cardW).toFixed(1)}px` : "" } },
      card(code, { selected: on })));
    }
    out.push(row);
  }
  return out;
}

function markOf(group, editing) {
  if (!editing) return null;
  if (group.needs_name) return h("span", { class: "mg-mark name", title: t("mani.p.kind.needs_name"), text: "★" });
  if (group.kind) return h("span", { class: "mg-mark ok", title: t(`mani.p.kind.${group.kind}`), text: "✓" });
  return h("span", { class: "mg-mark bad", title: t("mani.p.kind.invalid"), text: "✗" });
}

const GROUP_HEAD_W = 44;      // the group's number and mark, with the box's padding (css .mg-head)
const JOIN_W = 74;            // Unir and the gap before it (css .mg-join)

function phoneTable(view, { picked = null, joinFrom = null, hinted = new Set(), edit = false, width = 344, cardW = null }) {
  const { editing, groups, loose } = shown(view);
  const marks = placedMarks(view, groups);
  const target = edit && (picked || joinFrom != null);
  const box = h("div", { class: "mn-groups" }, groups.map((group, gi) => {
    const state = !editing ? null : group.needs_name ? "needs-name" : group.valid && group.kind ? "valid" : "invalid";
    const from = picked?.src === "group" && picked.g === gi;
    const joining = joinFrom === gi;
    const isTarget = target && !from && !joining;
    // Unir sits beside the group, outside its tap area (a tap anywhere on the group puts the
    // picked card there).
    const join = edit && groups.length > 1;
    return h("div", { class: "mg-line" },
      h("div", { class: ["mg", state, isTarget && "target", from && "source", joining && "joining", hinted.has(gi) && "hinted"],
        dataset: { group: String(gi) } },
      h("div", { class: "mg-head" }, h("span", { class: "mg-n", text: String(gi + 1) }), markOf(group, editing)),
      h("div", { class: "mg-cards" }, groupCards(group, gi, marks, width - GROUP_HEAD_W - (join ? JOIN_W : 0), picked, cardW))),
      join && h("button", { type: "button", class: ["mg-join", joining && "on"], dataset: { join: String(gi) },
        text: t("mani.p.join") }));
  }));
  if (edit) {
    box.append(h("button", { type: "button", class: ["mg-newgroup", picked && "target"], dataset: { new: "1" }, text: t("mani.p.new_group") }));
  }
  const out = [box];
  if (!groups.length && !edit) out.push(h("p", { class: "mn-empty", text: t("mani.empty_table") }));
  if (loose.length || view.loose_area) {
    const looseTarget = edit && picked && picked.src === "group";
    out.push(h("div", { class: ["mn-loose", looseTarget && "target"], dataset: { looseBox: "1" } },
      h("span", { class: "mn-loose-label", text: t("mani.loose") }),
      h("div", { class: "mn-loose-cards" }, loose.length ? loose.map((code, i) => {
        const on = picked?.src === "loose" && picked.i === i;
        return h("button", { type: "button", class: ["mc", "loose", on && "picked"], dataset: { loose: String(i) },
          "aria-pressed": String(on) }, card(code, { selected: on }));
      }) : h("span", { class: "mn-none", text: "—" }))));
  }
  return out;
}

// ----- the component ---------------------------------------------------------------------------------

export function mount(root, { density }) {
  return component(root, (state, local = {}) => {
    const nodes = density === "tv" ? tvTable(state.game, local) : phoneTable(state.game, local);
    root.replaceChildren(...nodes.filter(Boolean));
  });
}
