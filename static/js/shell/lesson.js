// The guide of a lesson ("Aprende jugando") over a game's screen: the step's few words in a
// bubble, what to press outlined, the hint after a pause, Seguir on a step that is only read,
// and at the end the way on (next lesson, a real game). Everything it says comes from the
// room's `lesson` (the server's lesson run); the game's own screen, refusals and all, is the
// one the player will use at the table. Knows no game: it finds what to point at by the
// attributes the screens put on their pieces (data-act or data-lesson-act, data-id, data-meld,
// data-group, data-pile, data-countdown, data-tool, data-join, data-new, data-loose, a table
// card's data-g/data-i, a seat chip's data-seat, a train's data-train, the hub's data-hub, a
// player's kitty's data-kitty). The bubble sits at the top, or at the bottom when all it
// points at is in the top half of the screen; taps go through it to what it covers.
import { h } from "../core/dom.js";
import { pick, t } from "../core/i18n.js";

const TARGETS = {
  // A button of the action, or one that sends it from a screen's mode (data-lesson-act).
  act: (v) => `[data-act="${v}"], [data-lesson-act="${v}"]`,
  card: (v) => `[data-id="${v}"], [data-id^="${v}#"], [data-code="${v}"]`,
  meld: (v) => `[data-meld="${v}"]`,
  group: (v) => `[data-group="${v}"]`,
  pile: (v) => `[data-pile="${v}"]`,
  ring: (v) => `[data-countdown="${v === "buy" ? "buy_window" : v}"]`,
  seat: (v) => `.solo-seat[data-seat="${v}"]`,
  tool: (v) => `[data-tool="${v}"]`,
  join: (v) => `[data-join="${v}"]`,
  new: () => "[data-new]",
  loose: (v) => `[data-loose="${v}"]`,
  table_card: (v) => `[data-g="${v.split(":")[0]}"][data-i="${v.split(":")[1]}"]`,
  train: (v) => `[data-train="${v}"]`,
  hub: () => "[data-hub]",
  kitty: (v) => `[data-kitty="${v}"]`,
};

const SAFE = /^[\w*#:-]+$/;
const MARGIN = 8;            // px between the bubble and the screen's edge or a target

const visible = (node) => !!(node.offsetWidth || node.offsetHeight) && !node.closest(".hidden");

// The elements a step points at: one per kind it names, the first in sight of each
// ({"card": "2b", "act": "discard"}: the card, and the button that plays it).
export function findTargets(scope, point) {
  const found = [];
  for (const [kind, value] of Object.entries(point || {})) {
    const selector = TARGETS[kind];
    if (!selector || !SAFE.test(String(value))) continue;
    const node = [...scope.querySelectorAll(selector(String(value)))].find(visible);
    if (node) found.push(node);
  }
  return found;
}

// mount(stage, {next, done}) → {update(state), destroy()}: `next()` sends Seguir; `done(lesson)`
// gives the buttons for the end (an array of {label, primary, run}).
export function mountGuide(stage, { next, done }) {
  const bubble = h("div", { class: "lesson-bubble", role: "status", "aria-live": "polite" });
  stage.append(bubble);
  let shown = null;          // "id:step" of the step on screen
  let since = 0;             // when it was shown (performance.now)
  let hintTimer = null;
  let lesson = null;
  let targets = [];

  function outline() {
    const now = lesson && !lesson.waiting && !lesson.done ? findTargets(document, lesson.point) : [];
    if (now.length !== targets.length || now.some((node, i) => node !== targets[i])) {
      for (const node of targets) node.classList.remove("lesson-target");
      targets = now;
      for (const node of targets) node.classList.add("lesson-target");
    }
    place();        // its words or the pieces may have moved even when the targets are the same
  }

  // Out of the way of what it points at: at the top of the screen, else just below or above
  // one of the targets (beside what it speaks of), else at the bottom — the first place that
  // covers none of them (the least covered one when every place covers some).
  function place() {
    const area = stage.getBoundingClientRect();
    const top = Math.max(area.top, 0) + MARGIN;
    const bottom = Math.min(area.bottom, window.innerHeight) - MARGIN - bubble.offsetHeight;
    const boxes = targets.map((node) => node.getBoundingClientRect()).filter((r) => r.height > 0);
    const covered = (y) => boxes.reduce((sum, r) =>
      sum + Math.max(0, Math.min(r.bottom, y + bubble.offsetHeight) - Math.max(r.top, y)), 0);
    const places = [top, ...boxes.flatMap((r) => [r.bottom + MARGIN, r.top - MARGIN - bubble.offsetHeight]), bottom]
      .filter((y) => y >= top - 0.5 && y <= bottom + 0.5);
    const free = places.find((y) => covered(y) === 0);
    const y = free ?? places.reduce((best, y) => (covered(y) < covered(best) ? y : best), top);
    bubble.style.top = `${Math.round(y - area.top)}px`;
    bubble.classList.toggle("low", y > top + 0.5);
  }
  // The screens redraw their pieces (a tapped card, a new hand): outline the new ones.
  let queued = false;
  const watcher = new MutationObserver(() => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(() => { queued = false; outline(); });
  });
  watcher.observe(stage, { childList: true, subtree: true });

  function draw() {
    if (!lesson) return;
    const key = `${lesson.id}:${lesson.step}:${lesson.done}`;
    if (key !== shown) {
      shown = key;
      since = performance.now();
      clearTimeout(hintTimer);
      if (lesson.hint && !lesson.done) {
        hintTimer = setTimeout(draw, (lesson.hint_after || 8) * 1000 + 50);
      }
    }
    const hinting = lesson.hint && !lesson.waiting && !lesson.done
      && performance.now() - since >= (lesson.hint_after || 8) * 1000;
    const counter = h("span", { class: "lesson-count",
      text: lesson.done ? t("lesson.done_count") : t("lesson.step_of", { n: lesson.step + 1, total: lesson.steps }) });
    const parts = [h("div", { class: "lesson-head" }, h("span", { class: "lesson-title", text: pick(lesson.title) }), counter)];
    if (lesson.done) {
      parts.push(h("p", { class: "lesson-say", text: t("lesson.well_done") }));
      parts.push(h("div", { class: "lesson-buttons" }, done(lesson).map((b) => h("button", {
        type: "button", class: ["btn", b.primary ? "primary" : "secondary"],
        dataset: { lessonEnd: b.name, key: t(`lesson.key.${b.name}`) }, on: { click: b.run } }, b.label))));
    } else {
      parts.push(h("p", { class: "lesson-say", text: pick(lesson.say) }));
      if (lesson.waiting) parts.push(h("p", { class: "lesson-wait" }, h("span", { class: "dots" }), t("lesson.watch")));
      if (hinting) {
        parts.push(h("p", { class: "lesson-hint" }, h("b", { text: `${t("lesson.hint")} ` }), pick(lesson.hint)));
      }
      if (lesson.read_only && !lesson.waiting) {
        parts.push(h("div", { class: "lesson-buttons" }, h("button", {
          type: "button", class: "btn primary", dataset: { lessonNext: "1", key: t("lesson.key.read") },
          on: { click: next } }, t("lesson.next"))));
      }
    }
    // A step to read, or the end: the bubble's buttons are the only ones (its keys alone count).
    const modal = !!lesson.done || (lesson.read_only && !lesson.waiting);
    if (modal) bubble.dataset.layer = "lesson";
    else delete bubble.dataset.layer;
    bubble.classList.toggle("hinting", !!hinting);
    bubble.classList.toggle("finished", !!lesson.done);
    bubble.replaceChildren(...parts);
    outline();
  }

  return {
    update(state) {
      lesson = state.room.lesson || null;
      bubble.classList.toggle("hidden", !lesson);
      draw();
      // The game's screen draws after the shell: outline its new pieces once they are there.
      requestAnimationFrame(outline);
    },
    relabel: draw,
    destroy() {
      clearTimeout(hintTimer);
      watcher.disconnect();
      for (const node of targets) node.classList.remove("lesson-target");
      bubble.remove();
    },
  };
}
