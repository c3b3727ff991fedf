// The room's timers. The server sends each as {name, remaining, seconds, paused} with every
// state; we note when it arrived and count down locally, unless the game is paused: then the
// timer stands still at what it had left.
//
// TV style: setTimers(list) once a push; any element with data-timer="name" is kept current
// (a .ring from ring() drains, [data-timer-text] shows whole seconds left).
// Phone style: readDeadlines(state) and updateCountdowns(root, deadlines, fill) from a tick.
import { h, s } from "./dom.js";

const timers = new Map();
let frame = null;

export function setTimers(list) {
  const now = performance.now();
  const seen = new Set();
  for (const timer of list || []) {
    seen.add(timer.name);
    timers.set(timer.name, { seconds: timer.seconds, deadline: now + timer.remaining * 1000,
      frozen: timer.paused ? timer.remaining : null });
  }
  for (const name of [...timers.keys()]) if (!seen.has(name)) timers.delete(name);
  if (!frame) frame = requestAnimationFrame(tick);
}

// {remaining, seconds} in seconds, or null when the timer is not running.
export function timer(name) {
  const entry = timers.get(name);
  if (!entry) return null;
  const remaining = entry.frozen ?? (entry.deadline - performance.now()) / 1000;
  return { remaining: Math.max(0, remaining), seconds: entry.seconds };
}

const RING_R = 45;
const RING_LEN = 2 * Math.PI * RING_R;

function tick() {
  frame = null;
  for (const node of document.querySelectorAll("[data-timer]")) {
    const left = timer(node.dataset.timer);
    const fraction = left ? left.remaining / left.seconds : 0;
    if (node.classList.contains("ring")) {
      const arc = node.querySelector(".ring-arc");
      if (arc) arc.style.strokeDashoffset = String(RING_LEN * (1 - fraction));
      node.classList.toggle("urgent", !!left && left.remaining <= 2);
    } else {
      node.textContent = left ? String(Math.ceil(left.remaining)) : "0";
    }
  }
  if (timers.size) frame = requestAnimationFrame(tick);
}

// A circular countdown for timer `name`: drains clockwise from the top.
export function ring(name, extraClass = "") {
  return s("svg", { class: ["ring", extraClass], viewBox: "0 0 100 100", "aria-hidden": "true", dataset: { timer: name } },
    s("circle", { class: "ring-track", cx: 50, cy: 50, r: RING_R }),
    s("circle", { class: "ring-arc", cx: 50, cy: 50, r: RING_R, transform: "rotate(-90 50 50)",
      "stroke-dasharray": RING_LEN, "stroke-dashoffset": 0 }));
}

// Whole seconds left of timer `name`, kept current.
export function secondsLeft(name, extraClass = "") {
  const left = timer(name);
  return h("span", { class: ["seconds-left", extraClass], dataset: { timer: name, timerText: "" },
    text: left ? String(Math.ceil(left.remaining)) : "" });
}

// ----- phone style ------------------------------------------------------------------------------

// The room's timers as {name: {at, seconds, frozen}}, `at` on the performance.now() clock,
// `frozen` the seconds a paused timer stands at (null while it runs).
export function readDeadlines(state) {
  const received = state.received ?? performance.now();
  const deadlines = {};
  for (const timer of state.room.timers || []) {
    deadlines[timer.name] = { at: received + timer.remaining * 1000, seconds: timer.seconds,
      frozen: timer.paused ? timer.remaining : null };
  }
  return deadlines;
}

// Seconds left of deadline `d` (never below 0).
export function secondsOf(d, now = performance.now()) {
  return Math.max(0, d.frozen ?? (d.at - now) / 1000);
}

// Every [data-countdown] node under root: empty without its timer, else fill(node, left, d)
// with `left` the seconds left (never below 0).
export function updateCountdowns(root, deadlines, fill) {
  const now = performance.now();
  for (const node of root.querySelectorAll("[data-countdown]")) {
    const d = deadlines[node.dataset.countdown];
    if (!d) {
      node.textContent = "";
      continue;
    }
    fill(node, secondsOf(d, now), d);
  }
}
