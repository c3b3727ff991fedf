// A seat's colour never comes alone: it is a chip with the seat's initial on it (the server
// sends both, and the ink that reads on the colour), so a colour-blind player tells seats by
// the letter. Every screen draws seats' colours through here.
import { h } from "./dom.js";

export function seatVars(seat) {
  return { "--seat": seat?.color ?? "#999999", "--seat-ink": seat?.ink ?? "#1b1b1b" };
}

export function seatChip(seat, extraClass = null) {
  // The letter is drawn by CSS (::before), so it never joins the text beside it (a name, a line).
  return h("span", { class: ["seat-chip", extraClass], vars: seatVars(seat), "aria-hidden": "true",
    dataset: { initial: seat?.initial ?? "?" } });
}
