// One live region per page for what a screen-reader user must hear without looking: "your
// turn", the ¡Compro! window. announce(text) says it once (the same words again are said again).
import { h } from "./dom.js";

let region = null;
let pending = [];

export function announce(text) {
  if (!region) {
    region = h("div", { id: "announce", class: "announce", role: "status", "aria-live": "assertive", "aria-atomic": "true" });
    document.body.append(region);
  }
  pending.push(text);
  if (pending.length > 1) return;          // said together with the one already waiting
  region.textContent = "";
  // A beat between clearing and writing, so that a repeated message is a change the reader hears.
  setTimeout(() => { region.textContent = pending.join(" "); pending = []; }, 60);
}

// Follows the states pushed to a seat and calls sayTurn(name) when its turn comes (once: not
// again while it lasts). A turn is the view's `turn` at the seat in a playing phase.
const PLAYING = new Set(["draw", "play"]);
export function turnAnnouncer(sayTurn) {
  let mine = false;
  return (state) => {
    const me = state?.you ? state.you.index : null;
    const g = state?.game;
    const now = me !== null && !!g && g.turn === me && PLAYING.has(g.phase);
    if (now && !mine) sayTurn(state.room.seats[me]?.name ?? "");
    mine = now;
  };
}
