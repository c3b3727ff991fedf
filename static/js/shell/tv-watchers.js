// The phones «Solo mirar» (server/watchers.py), listed apart from the seats: on the start screen
// and in the host menu: the first few by name and a count of the rest, so that twelve long names
// still fit on two lines; beside the seats' count only, when six seats or more fill the panel.
import { h } from "../core/dom.js";
import { t } from "../core/i18n.js";

const NAMED = 3;

export function watchersLine(room) {
  const names = (room.watchers || []).map((w) => w.name);
  if (!names.length) return null;
  const named = names.length > NAMED + 1
    ? t("tv.watchers_more", { names: names.slice(0, NAMED).join(", "), n: names.length - NAMED })
    : names.join(", ");
  return h("p", { class: "watchers", text: `👀 ${t("tv.watchers", { names: named })}` });
}

export function watchersCount(room) {
  const n = (room.watchers || []).length;
  return n ? h("span", { class: "watchers-count", text: t("tv.watchers_count", { n }) }) : null;
}
