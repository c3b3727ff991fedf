// The phones «Solo mirar» (server/watchers.py), listed apart from the seats: on the start screen
// and in the host menu.
import { h } from "../core/dom.js";
import { t } from "../core/i18n.js";

export function watchersLine(room) {
  const names = (room.watchers || []).map((w) => w.name);
  return names.length ? h("p", { class: "watchers", text: `👀 ${t("tv.watchers", { names: names.join(", ") })}` }) : null;
}
