// Small helpers shared by the TV page and every game's TV renderer (tv-<game>.js).
// Player names always go in through textContent (h(..., {text}) or string children).

import { cardSVG } from "./cards.js";
import { getLang, t } from "./i18n.js";

// h("div", {class: "x", text: "hi", on: {click}}, child, "text", [more children])
// `html` is for our own trusted markup only (card SVGs), never for player text.
export function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value == null || value === false) continue;
    if (key === "class") node.className = Array.isArray(value) ? value.filter(Boolean).join(" ") : value;
    else if (key === "text") node.textContent = value;
    else if (key === "html") node.innerHTML = value;
    else if (key === "style" && typeof value === "object") Object.assign(node.style, value);
    else if (key === "vars") for (const [k, v] of Object.entries(value)) node.style.setProperty(k, v);
    else if (key === "dataset") Object.assign(node.dataset, value);
    else if (key === "on") for (const [event, fn] of Object.entries(value)) node.addEventListener(event, fn);
    else if (value === true) node.setAttribute(key, "");
    else node.setAttribute(key, value);
  }
  append(node, children);
  return node;
}

function append(node, children) {
  for (const child of children) {
    if (child == null || child === false) continue;
    if (Array.isArray(child)) append(node, child);
    else if (child instanceof Node) node.appendChild(child);
    else node.appendChild(document.createTextNode(String(child)));
  }
}

// An element from our own SVG markup (e.g. cards.js output).
export function fromMarkup(markup) {
  const template = document.createElement("template");
  template.innerHTML = markup.trim();
  return template.content.firstElementChild;
}

export function cardEl(code, options = {}) {
  return fromMarkup(cardSVG(code, { lang: getLang(), ...options }));
}

// The seat (room.seats entry) of game seat index `i`: seats keep their order once a game starts.
export function seatOf(room, index) {
  return (room && room.seats && room.seats[index]) || { name: `#${index + 1}`, color: "#888", id: null };
}

// A coloured dot plus the player's name.
export function nameTag(seat, extraClass = "") {
  return h("span", { class: ["name-tag", extraClass], vars: { "--seat": seat.color } },
    h("span", { class: "dot" }), h("span", { class: "name", text: seat.name }));
}

// "Abuela, Tío y Chispas" (or "… and …").
export function joinNames(names) {
  if (names.length <= 1) return names.join("");
  return `${names.slice(0, -1).join(", ")} ${t("tv.and")} ${names[names.length - 1]}`;
}

// ----- timers -------------------------------------------------------------------------------
// The server sends each running timer as {name, remaining, seconds} with every state. We note
// when it arrived and count down locally; any element with data-timer="name" is kept current:
//   .ring  (an SVG from ring()) drains, [data-timer-text] shows whole seconds left.

const timers = new Map();
let frame = null;

export function setTimers(list) {
  const now = performance.now();
  const seen = new Set();
  for (const timer of list || []) {
    seen.add(timer.name);
    timers.set(timer.name, { seconds: timer.seconds, deadline: now + timer.remaining * 1000 });
  }
  for (const name of [...timers.keys()]) if (!seen.has(name)) timers.delete(name);
  if (!frame) frame = requestAnimationFrame(tick);
}

// {remaining, seconds} in seconds, or null when the timer is not running.
export function timer(name) {
  const entry = timers.get(name);
  if (!entry) return null;
  return { remaining: Math.max(0, (entry.deadline - performance.now()) / 1000), seconds: entry.seconds };
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
  const node = fromMarkup(
    `<svg class="ring ${extraClass}" viewBox="0 0 100 100" aria-hidden="true">` +
    `<circle class="ring-track" cx="50" cy="50" r="${RING_R}"/>` +
    `<circle class="ring-arc" cx="50" cy="50" r="${RING_R}" transform="rotate(-90 50 50)" ` +
    `stroke-dasharray="${RING_LEN}" stroke-dashoffset="0"/></svg>`);
  node.dataset.timer = name;
  return node;
}

// Whole seconds left of timer `name`, kept current.
export function secondsLeft(name, extraClass = "") {
  const left = timer(name);
  return h("span", { class: ["seconds-left", extraClass], dataset: { timer: name, timerText: "" },
    text: left ? String(Math.ceil(left.remaining)) : "" });
}

// A number with a real minus sign: "−127".
export function signed(n) {
  return n < 0 ? `−${Math.abs(n)}` : String(n);
}

// ----- places --------------------------------------------------------------------------------
// Competition ranking (1, 1, 3…) from scores where lower is better.
export function places(scores) {
  return scores.map((score) => 1 + scores.filter((other) => other < score).length);
}

// A podium of the first three places; ties share a step. entries: [{seat, score}] (any order).
// options: higherWins (the highest score is first), unit (shown after each score).
export function podium(entries, { higherWins = false, unit = null } = {}) {
  const scores = entries.map((e) => e.score);
  const place = places(higherWins ? scores.map((s) => -s) : scores);
  const steps = [1, 2, 3].map((p) => entries.filter((_, i) => place[i] === p));
  // classic podium order: 2nd, 1st, 3rd
  const order = [[2, steps[1]], [1, steps[0]], [3, steps[2]]];
  return h("div", { class: "podium" },
    order.map(([p, who]) => h("div", { class: ["podium-step", `place-${p}`, who.length ? "" : "empty"] },
      h("div", { class: "podium-names" },
        who.map((e) => h("div", { class: "podium-who" },
          nameTag(e.seat), h("span", { class: "podium-score", text: `${signed(e.score)} ${unit ?? t("common.points")}` })))),
      h("div", { class: "podium-block" }, h("span", { class: "podium-place", text: t("tv.place", { n: p }) })))));
}
