// Reactions on the TV: a face with the player's name for three seconds, on the player's place at
// the table (the element the screen marks data-seat="<index>": a seat's row, area or train; in
// the lobby, the seat's line), or in the corner where the screen marks none. Never kept.
import { h } from "../core/dom.js";
import { t } from "../core/i18n.js";
import { faceWords } from "./react.js";

const SHOWN_MS = 3000;
const layer = h("div", { class: "reactions-layer", "aria-live": "polite" });
const corner = h("div", { class: "reactions-corner" });
layer.append(corner);
document.body.append(layer);

function placeOf(seat) {
  return [...document.querySelectorAll(`#screen [data-seat="${seat}"]`)]
    .find((el) => el.getClientRects().length && el.getBoundingClientRect().width > 0) || null;
}

// said = {seat, name, color, reaction} (the server's `reaction` event)
export function showReaction(said) {
  layer.querySelector(`.reaction[data-seat="${said.seat}"]`)?.remove();
  const bubble = h("div", { class: "reaction", dataset: { seat: String(said.seat) }, vars: { "--seat": said.color },
    "aria-label": t("react.said", { name: said.name, words: faceWords(said.reaction) }) },
  h("span", { class: "reaction-face", "aria-hidden": "true", text: said.reaction }),
  h("span", { class: "reaction-name", "aria-hidden": "true", text: said.name }));
  const place = placeOf(said.seat);
  if (place) {
    layer.append(bubble);
    const at = place.getBoundingClientRect();
    const left = Math.max(8, Math.min(at.right - bubble.offsetWidth - 12, innerWidth - bubble.offsetWidth - 8));
    bubble.style.left = `${left}px`;
    bubble.style.top = `${Math.max(8, Math.min(at.top + 8, innerHeight - bubble.offsetHeight - 8))}px`;
  } else {
    bubble.classList.add("in-corner");
    corner.append(bubble);
  }
  setTimeout(() => bubble.remove(), SHOWN_MS);
}
