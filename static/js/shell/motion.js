// Cards seen moving: on the one-device page a computer player's draw, discard or play flies
// between the piles and the player's seat, so that its turn can be followed. The game's screen
// says which events move what (it knows its piles); this module finds the new events and
// draws the flights. Nothing moves for someone who asked for reduced motion.
import { h } from "../core/dom.js";

const reduced = () => !!window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;

// The events of the view newer than those seen at the last call. The first call only notes
// where the log stands: a screen opening on a game in progress replays nothing.
export function eventFollower() {
  let last = null;
  return (view) => {
    const events = view.events || [];
    const newest = events.length ? events[events.length - 1].n : -1;
    const fresh = last === null ? [] : events.filter((ev) => ev.n > last);
    last = newest;
    return fresh;
  };
}

const centre = (rect) => ({ x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 });

// Fly `face` (a card's drawing) from element `from` to element `to` over `ms`. The card keeps
// the width of the pile end (`pile`: "from" or "to"; `sized`: false keeps the face's own) and
// shrinks into the other end, a seat's chip. The pile is hidden until the card lands on it
// (`land`: false for a wide target such as the whole table).
export function fly(from, to, face, { ms = 520, pile = "to", land = true, sized = true } = {}) {
  if (!from || !to || !face || reduced() || document.hidden) return;
  const a = from.getBoundingClientRect();
  const b = to.getBoundingClientRect();
  if (!a.width || !b.width) return;
  const home = pile === "from" ? a : b;
  const away = pile === "from" ? b : a;
  const ghost = h("div", { class: "flying-card", "aria-hidden": "true",
    style: sized ? { width: `${home.width}px` } : {} }, face);
  document.body.append(ghost);
  const size = ghost.getBoundingClientRect();
  const [p, q] = [centre(home), centre(away)];
  Object.assign(ghost.style, { left: `${p.x - size.width / 2}px`, top: `${p.y - size.height / 2}px` });
  const shrink = Math.max(0.35, Math.min(1, away.height / Math.max(1, size.height)));
  const far = `translate(${(q.x - p.x).toFixed(1)}px, ${(q.y - p.y).toFixed(1)}px) scale(${shrink.toFixed(2)})`;
  const frames = pile === "from" ? [{ transform: "none" }, { transform: far, opacity: 0.4 }]
    : [{ transform: far, opacity: 0.5 }, { transform: "none", opacity: 1 }];
  const flight = ghost.animate(frames, { duration: ms, easing: "cubic-bezier(0.25, 0.7, 0.3, 1)" });
  flight.onfinish = flight.oncancel = () => ghost.remove();
  if (pile === "to" && land) to.animate([{ opacity: 0 }, { opacity: 0, offset: 0.9 }, { opacity: 1 }], { duration: ms });
}

// Each of `events` through `show(ev)`, one after another when a push brought several.
export function inTurn(events, show, ms) {
  events.forEach((ev, i) => (i ? setTimeout(() => show(ev), i * ms * 0.8) : show(ev)));
}
