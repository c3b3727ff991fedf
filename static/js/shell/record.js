// After the podium: this player's own record in this game, from the family history (the
// server sends it to a seat once its game is over), on the phone and on the one-device page.
import { h } from "../core/dom.js";
import { pick, t } from "../core/i18n.js";

// `extra`: a node the page adds after the record (the one-device page's "best moments").
export function drawRecord(bar, state, extra = null) {
  const record = state.history?.record;
  const on = !!(record && record.played && state.room.status === "finished");
  bar.classList.toggle("hidden", !on);
  if (!on) return;
  const key = record.played === 1 ? (record.wins ? "phone.record_first_win" : "phone.record_first")
    : record.wins === 1 ? "phone.record_win" : "phone.record_wins";
  bar.replaceChildren(
    h("strong", { text: t("phone.record_title", { game: pick(record.title) || state.room.game }) }),
    h("span", { class: "record-wins", text: t(key, { wins: record.wins, played: record.played }) }),
    record.best_place ? h("span", { class: "record-best", text: t("phone.record_best", { place: record.best_place }) }) : "",
    extra || "");
}
