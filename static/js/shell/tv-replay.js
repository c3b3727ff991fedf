// Replays on the TV, in a layer over the page: the slideshow of a finished game's key moments
// (before its podium, or on request from it) and any finished game of the history step by
// step (play, pause, step, speed). The host rebuilds the game and sends only the TV's public
// view of each step (/api/replays/…); the game's own TV screen draws it. This file knows no game:
// a game's tv.js may export shownPieces(codes, view) to draw the hand a closing moment shows.

import { h, s } from "../core/dom.js";
import { onLangChange, pick, registerStrings, t } from "../core/i18n.js";
import { seatChip, seatVars } from "../core/seats.js";
import { loadScreen } from "./games.js";
import strings from "./replay-strings.js";

registerStrings(strings);

export const MOMENT_MS = 7000;        // each moment of the slideshow
export const STEP_MS = 1400;          // one move, step by step at ×1
export const SPEEDS = [1, 2, 4, 8];
const BATCH = 40;                     // views fetched at once (the host sends at most 40)

let open = null;                      // the replay on screen: {close()}

// The controls' icons, drawn (a TV's fonts may lack the media symbols).
const SHAPES = {
  play: [["polygon", "6,3 21,12 6,21"]],
  pause: [["rect", 5, 4, 5, 16], ["rect", 14, 4, 5, 16]],
  start: [["rect", 3, 4, 3, 16], ["polygon", "13,4 6,12 13,20"], ["polygon", "21,4 14,12 21,20"]],
  round: [["polygon", "12,4 4,12 12,20"], ["polygon", "20,4 12,12 20,20"]],
  back: [["rect", 4, 4, 3, 16], ["polygon", "20,4 9,12 20,20"]],
  forward: [["polygon", "4,4 15,12 4,20"], ["rect", 17, 4, 3, 16]],
  previous: [["polygon", "18,4 6,12 18,20"]],
  next: [["polygon", "6,4 18,12 6,20"]],
};

function icon(name) {
  return s("svg", { class: "replay-icon", viewBox: "0 0 24 24", "aria-hidden": "true" },
    SHAPES[name].map(([tag, ...at]) => (tag === "rect"
      ? s("rect", { x: at[0], y: at[1], width: at[2], height: at[3], rx: 1 })
      : s("polygon", { points: at[0] }))));
}

// The kind of replay on screen ("moments" | "steps"), or null.
export const replayShown = () => open?.mode ?? null;

export function closeReplay() {
  open?.close({ silent: true });
}

// Open a replay: `source` {game: history id} or {room: code} (its game just finished);
// `mode` "moments" (the slideshow) or "steps". `onClose()` runs once it is closed, by a button,
// Escape, or the slideshow's end. Resolves false when there is nothing to show (`quiet`: the
// layer then just goes, with no message: the slideshow the TV plays by itself).
export async function openReplay({ source, mode, catalogue, onClose, quiet = false }) {
  if (open) open.close();
  const replay = new Replay(mode, catalogue, onClose);
  open = replay;
  replay.loading();
  const url = source.room ? `/api/replays/room/${encodeURIComponent(source.room)}` : `/api/replays/${Number(source.game)}`;
  let summary;
  try {
    summary = await getJSON(url);
  } catch (error) {
    if (quiet) replay.close({ silent: true });
    else replay.failed(error);
    return false;
  }
  if (open !== replay) return false;
  if (mode === "moments" && !summary.moments.length) {
    if (quiet) replay.close({ silent: true });
    else replay.failed(null);
    return false;
  }
  await replay.start(summary);
  return true;
}

async function getJSON(url) {
  const reply = await fetch(url, { cache: "no-store" });
  const body = await reply.json().catch(() => null);
  if (!reply.ok || !body || !body.ok) throw (body && body.error) || null;
  return body;
}

class Replay {
  constructor(mode, catalogue, onClose) {
    this.mode = mode;
    this.catalogue = catalogue || [];
    this.onClose = onClose;
    this.views = new Map();          // step -> view
    this.fetching = new Map();       // first step of a batch -> promise
    this.timer = null;
    this.playing = mode === "moments";
    this.speed = 1;
    this.at = 0;                     // the step (steps) or the moment (moments) shown
    this.screen = null;
    this.returnFocus = document.activeElement;
    this.layer = h("div", {
      class: ["replay-layer", `replay-${mode}`], role: "dialog", "aria-modal": "true",
      "aria-label": t(mode === "moments" ? "replay.moments_title" : "replay.steps_title"),
      on: { keydown: (event) => this.key(event) },
    });
    document.body.append(this.layer);
    document.body.classList.add("replaying");
    this.unlang = onLangChange(() => this.relabel());
  }

  loading() {
    this.layer.replaceChildren(this.topBar(), h("p", { class: "replay-message", text: t("replay.loading") }));
    this.layer.querySelector(".replay-close")?.focus();
  }

  failed(error) {
    const text = error ? pick(error) : t("replay.nothing");
    this.layer.replaceChildren(this.topBar(), h("p", { class: "replay-message", role: "alert", text }));
    this.layer.querySelector(".replay-close")?.focus();
  }

  async start(summary) {
    this.summary = summary;
    this.room = {
      code: "", game: summary.game, kind: summary.kind, status: "finished", seats: summary.seats,
      renames: summary.renames, timers: [], version: 0, requests: [],
    };
    this.moments = summary.moments;
    this.momentAt = new Map(summary.moments.map((m, i) => [m.index + 1, i]));
    this.stage = h("div", { class: ["replay-stage", "game-root", `game-${summary.game}`] });
    this.gameHeader = h("div", { class: "replay-game-header" });
    this.toasts = h("div", { class: "replay-toasts toasts", "aria-hidden": "true" });
    this.bar = h("footer", { class: "replay-bar" });
    this.layer.replaceChildren(this.topBar(), this.stage, this.bar, this.toasts);
    this.layer.setAttribute("aria-label", this.title());
    this.module = await loadScreen(summary.game, "tv");
    if (!this.module || open !== this) {
      if (open === this) this.failed(null);
      return;
    }
    if (this.mode === "moments") this.showMoment(0);
    else await this.goTo(0, { fresh: true });
    this.layer.querySelector(".replay-play, .replay-close")?.focus();
  }

  // ----- what is on the stage ---------------------------------------------------------------------

  // The game's screen, mounted afresh (a jump: no toasts for everything in between).
  remount() {
    if (this.screen) this.screen.destroy();
    this.toasts.replaceChildren();
    this.screen = this.module.mount(this.stage, {
      host: async () => ({ ok: false }),
      setHeader: (...nodes) => this.gameHeader.replaceChildren(...nodes.flat().filter(Boolean)),
      toast: (content, { kind = "info", ms = 3000 } = {}) => this.toast(content, kind, ms),
      clearToasts: () => this.toasts.replaceChildren(),
      catalogue: this.catalogue.find((g) => g.name === this.summary.game) || null,
    });
  }

  toast(content, kind, ms) {
    if (this.mode === "steps" && this.playing && this.speed > 2 && kind !== "error") return h("div");   // too fast to read
    const node = h("div", { class: ["toast", kind] }, content);
    this.toasts.append(node);
    while (this.toasts.children.length > 2) this.toasts.firstElementChild.remove();
    setTimeout(() => node.remove(), Math.min(ms, 2500));
    return node;
  }

  show(view, fresh) {
    if (fresh || !this.screen) this.remount();
    try {
      this.screen.update({ room: this.room, game: view, host: false });
    } catch (error) {
      console.error("replay render failed", error);
    }
    this.stage.dataset.phase = view.phase || "";
  }

  // ----- the slideshow ------------------------------------------------------------------------------

  showMoment(i) {
    this.at = Math.max(0, Math.min(i, this.moments.length - 1));
    const moment = this.moments[this.at];
    // A moment of the game's last move is shown as its round's end: the podium comes after.
    const view = moment.view.phase === "game_over"
      ? { ...moment.view, phase: "round_over" } : moment.view;
    this.show(view, true);
    this.stage.dataset.moment = moment.kind;
    this.draw();
    this.schedule();
  }

  // ----- step by step -------------------------------------------------------------------------------

  async view(step) {
    if (this.views.has(step)) return this.views.get(step);
    const first = step - (step % BATCH);
    if (!this.fetching.has(first)) {
      const url = `/api/replays/${this.summary.id}/views?from=${first}&count=${BATCH}`;
      this.fetching.set(first, getJSON(url).then((body) => {
        body.views.forEach((v, k) => this.views.set(body.from + k, v));
      }).finally(() => this.fetching.delete(first)));
    }
    await this.fetching.get(first);
    return this.views.get(step);
  }

  // The game's last move is shown twice, as at the table: first as its round's end (the
  // hands laid down), then one place further as the podium.
  get podiumAt() { return this.summary.steps; }

  async goTo(at, { fresh = false } = {}) {
    const last = this.summary.steps - 1;
    at = Math.max(0, Math.min(at, this.podiumAt));
    const step = Math.min(at, last);
    const next = fresh || at !== this.at + 1;
    this.at = at;
    this.drawing = at;
    let view;
    try {
      view = await this.view(step);
    } catch (error) {
      this.pause();
      this.toast(pick(error) || t("common.reconnecting"), "error", 4000);
      return;
    }
    if (open !== this || this.drawing !== at) return;          // overtaken by a later step
    if (at === last && view.phase === "game_over") view = { ...view, phase: "round_over" };
    this.show(view, next);
    const moment = at === this.podiumAt ? null : this.momentAt.get(step);
    this.stage.dataset.moment = moment == null ? "" : this.moments[moment].kind;
    if (at === this.podiumAt) this.playing = false;
    this.draw();
    this.schedule();
    if (step + BATCH / 2 <= last) this.view(Math.min(last, step + BATCH / 2)).catch(() => {});
  }

  // The next (or previous) key moment's step from the step shown.
  momentStep(direction) {
    const steps = this.moments.map((m) => m.index + 1);
    return direction > 0 ? steps.find((x) => x > this.at) : [...steps].reverse().find((x) => x < this.at);
  }

  roundStep(direction) {
    const starts = this.summary.rounds.map((r) => r.step);
    return direction > 0 ? starts.find((x) => x > this.at) : [...starts].reverse().find((x) => x < this.at);
  }

  // ----- playing ----------------------------------------------------------------------------------

  schedule() {
    clearTimeout(this.timer);
    this.timer = null;
    if (!this.playing) return;
    if (this.mode === "moments") {
      this.timer = setTimeout(() => {
        if (this.at + 1 < this.moments.length) this.showMoment(this.at + 1);
        else this.close();
      }, MOMENT_MS);
    } else {
      // A key moment stays a little longer, so its words can be read.
      const pause = this.momentAt.has(this.at) ? 3 : 1;
      this.timer = setTimeout(() => this.goTo(this.at + 1), (STEP_MS * pause) / this.speed);
    }
  }

  play() {
    if (this.mode === "steps" && this.at >= this.podiumAt) this.at = -1;   // from the start again
    this.playing = true;
    if (this.mode === "steps" && this.at < 0) this.goTo(0, { fresh: true });
    else this.schedule();
    this.draw();
  }

  pause() {
    this.playing = false;
    clearTimeout(this.timer);
    this.draw();
  }

  toggle() {
    if (this.playing) this.pause();
    else this.play();
  }

  step(direction) {
    if (this.mode === "moments") this.showMoment(this.at + direction);
    else this.goTo(this.at + direction);
  }

  key(event) {
    if (event.key === "Tab") {                 // the focus stays in the layer (a modal dialog)
      const stops = [...this.layer.querySelectorAll("button:not(:disabled), input")];
      const [first, last] = [stops[0], stops[stops.length - 1]];
      if (event.shiftKey ? document.activeElement === first : document.activeElement === last) {
        event.preventDefault();
        (event.shiftKey ? last : first)?.focus();
      }
      return;
    }
    const actions = {
      Escape: () => this.close(),
      " ": () => this.toggle(),
      ArrowRight: () => this.step(1),
      ArrowLeft: () => this.step(-1),
    };
    const target = event.target;
    if (event.key === " " && target instanceof HTMLButtonElement) return;   // the button's own press
    if ((event.key === "ArrowRight" || event.key === "ArrowLeft") && target instanceof HTMLInputElement) return;
    const act = actions[event.key];
    if (!act) return;
    event.preventDefault();
    event.stopPropagation();
    act();
  }

  close({ silent = false } = {}) {
    if (open !== this) return;
    open = null;
    clearTimeout(this.timer);
    this.unlang();
    if (this.screen) this.screen.destroy();
    this.layer.remove();
    document.body.classList.remove("replaying");
    if (this.returnFocus && this.returnFocus.isConnected) this.returnFocus.focus?.();
    if (!silent && this.onClose) this.onClose();
  }

  // ----- the bars ---------------------------------------------------------------------------------

  // The layer's name for a screen reader: what it is, and of which game (the table's own
  // header says the game on screen).
  title() {
    const info = this.summary && this.catalogue.find((g) => g.name === this.summary.game);
    const what = t(this.mode === "moments" ? "replay.moments_title" : "replay.steps_title");
    return info ? `${what} · ${pick(info.title)}` : what;
  }

  topBar() {
    const closeLabel = this.mode === "moments" && this.onClose ? t("replay.to_podium") : t("replay.close");
    return h("header", { class: "replay-top" },
      h("h2", { class: "replay-title" }, h("span", { class: "replay-mark", "aria-hidden": "true" }, this.mode === "moments" ? "★" : "▶"),
        " ", t(this.mode === "moments" ? "replay.moments_title" : "replay.steps_title")),
      this.gameHeader || null,
      h("button", { type: "button", class: "replay-close", on: { click: () => this.close() } }, closeLabel));
  }

  relabel() {
    const top = this.layer.querySelector(".replay-top");
    if (top) top.replaceWith(this.topBar());
    this.layer.setAttribute("aria-label", this.title());
    this.screen?.relabel?.();
    this.draw();
  }

  draw() {
    if (!this.summary || !this.bar) return;
    const focused = document.activeElement?.dataset?.control;
    this.bar.replaceChildren(this.caption(), this.mode === "moments" ? this.momentControls() : this.stepControls());
    if (focused) this.bar.querySelector(`[data-control="${focused}"]`)?.focus();
  }

  // The words of the moment on screen (none between moments, step by step).
  caption() {
    const index = this.mode === "moments" ? this.at
      : this.at === this.podiumAt ? null : this.momentAt.get(this.at);
    const moment = index == null ? null : this.moments[index];
    if (!moment) return h("div", { class: "replay-caption empty" });
    const seat = moment.seats.length ? this.summary.seats[moment.seats[0]] : null;
    const shown = moment.kind === "closing" && moment.detail.shown?.length && this.module?.shownPieces
      ? this.module.shownPieces(moment.detail.shown, moment.view) : null;
    return h("div", { class: ["replay-caption", `moment-${moment.kind}`], vars: seat ? seatVars(seat) : {},
      role: "status", dataset: { kind: moment.kind, index: String(moment.index) } },
    seat && seatChip(seat, "big"),
    h("p", { class: "replay-words", text: pick(moment) }),
    shown && h("div", { class: "replay-shown", "aria-label": t("replay.hand_shown") }, shown));
  }

  button(control, label, text, onClick, extra = {}) {
    return h("button", { type: "button", class: ["replay-button", `replay-${control}`], "aria-label": label,
      title: label, dataset: { control }, on: { click: onClick }, ...extra }, text);
  }

  playButton() {
    return this.button("play", t(this.playing ? "replay.pause" : "replay.play"), icon(this.playing ? "pause" : "play"),
      () => this.toggle(), { "aria-pressed": String(this.playing) });
  }

  momentControls() {
    const n = this.moments.length;
    return h("div", { class: "replay-controls" },
      this.button("back", t("replay.previous_moment"), icon("previous"), () => this.step(-1), { disabled: this.at === 0 }),
      this.playButton(),
      this.button("forward", t("replay.next_moment"), icon("next"), () => this.step(1), { disabled: this.at >= n - 1 }),
      h("span", { class: "replay-count", text: t("replay.moment_of", { n: this.at + 1, total: n }) }),
      h("ol", { class: "replay-dots", "aria-hidden": "true" }, this.moments.map((_, i) =>
        h("li", { class: [i < this.at && "done", i === this.at && "now", i === this.at && this.playing && "running"],
          vars: { "--moment-ms": `${MOMENT_MS}ms` } }))));
  }

  stepControls() {
    const last = this.summary.steps - 1;
    const round = [...this.summary.rounds].reverse().find((r) => r.step <= this.at);
    const jump = (step) => { if (step != null) this.goTo(step); };
    const where = this.at === this.podiumAt ? t("replay.podium") : t("replay.step_of", { n: this.at, total: last });
    const slider = h("input", {
      type: "range", class: "replay-seek", min: "0", max: String(this.podiumAt), value: String(this.at), step: "1",
      "aria-label": t("replay.seek"), dataset: { control: "seek" },
      "aria-valuetext": where,
      on: { change: (event) => this.goTo(Number(event.target.value)) },
    });
    return h("div", { class: "replay-controls" },
      this.button("start", t("replay.to_start"), icon("start"), () => this.goTo(0), { disabled: this.at === 0 }),
      this.button("previous-round", t("replay.previous_round"), icon("round"), () => jump(this.roundStep(-1)),
        { disabled: this.roundStep(-1) == null }),
      this.button("back", t("replay.step_back"), icon("back"), () => this.step(-1), { disabled: this.at === 0 }),
      this.playButton(),
      this.button("forward", t("replay.step_forward"), icon("forward"), () => this.step(1), { disabled: this.at >= this.podiumAt }),
      this.button("next-moment", t("replay.next_moment"), [h("span", { class: "star", "aria-hidden": "true" }, "★"), icon("next")], () => jump(this.momentStep(1)),
        { disabled: this.momentStep(1) == null }),
      h("div", { class: "replay-speeds", role: "group", "aria-label": t("replay.speed") },
        SPEEDS.map((x) => h("button", { type: "button", class: ["replay-speed", x === this.speed && "on"],
          "aria-pressed": String(x === this.speed), dataset: { control: `speed-${x}` },
          on: { click: () => { this.speed = x; this.schedule(); this.draw(); } } }, `×${x}`))),
      h("div", { class: "replay-where" },
        slider,
        h("span", { class: "replay-count", text: [
          where,
          round && this.at !== this.podiumAt ? t("replay.round", { n: round.round }) : "",
        ].filter(Boolean).join(" · ") })));
  }
}
