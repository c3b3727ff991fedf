// What every Tren screen says about trains alike: the Mexican train's key, a key read back from
// a data-train attribute, and the marker's drawing (a little locomotive in the owner's colour).
import { markup } from "../../core/dom.js";

export const MEXICAN = "mexican";

// A train's key as the engine names it, from a data-train value ("2" → 2, "mexican").
export function trainKey(value) {
  return value === MEXICAN ? MEXICAN : Number(value);
}

// The locomotive; its body takes the colour of the text around it (currentColor), so the
// screen gives it the owner's colour with CSS.
const LOCOMOTIVE =
  `<svg class="loco" viewBox="0 0 72 48" aria-hidden="true">` +
  `<rect x="2" y="38" width="68" height="3" rx="1.5" fill="#3e2723"/>` +
  `<rect class="loco-body" x="6" y="16" width="36" height="20" rx="4" fill="currentColor" stroke="#1b1b1b" stroke-width="2.5"/>` +
  `<rect class="loco-body" x="11" y="5" width="8" height="12" rx="1.5" fill="currentColor" stroke="#1b1b1b" stroke-width="2.5"/>` +
  `<rect class="loco-body" x="40" y="6" width="26" height="30" rx="3" fill="currentColor" stroke="#1b1b1b" stroke-width="2.5"/>` +
  `<rect x="45" y="11" width="16" height="10" rx="2" fill="#fffaf0" stroke="#1b1b1b" stroke-width="2"/>` +
  `<circle cx="16" cy="38" r="7" fill="#1b1b1b"/><circle cx="33" cy="38" r="7" fill="#1b1b1b"/>` +
  `<circle cx="55" cy="38" r="7" fill="#1b1b1b"/><circle cx="16" cy="38" r="2.5" fill="#bdbdbd"/>` +
  `<circle cx="33" cy="38" r="2.5" fill="#bdbdbd"/><circle cx="55" cy="38" r="2.5" fill="#bdbdbd"/></svg>`;

export function locomotive(extraClass = "") {
  const node = markup(LOCOMOTIVE);
  for (const name of String(extraClass).split(" ").filter(Boolean)) node.classList.add(name);
  return node;
}
