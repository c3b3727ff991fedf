// Tren Mexicano's hand: the player's tiles, large (every one whole, in rows, no sideways
// scrolling), sortable by number or by pips; the line above them (what to do now, the sort) and
// the buttons below (Jugar, Robar, Pasar; between rounds Siguiente ronda). Any screen mounts it
// beside the table (the phone; the one-device page).
//
// mount(root, ctx) → {update(state), relabel(), destroy(), local(), panel, panelReplacesTable(), tapTable(target)}
//   ctx.line        the screen's makeLine() (or ctx.send(action) → reply, and a line of its own);
//                   ctx.send, when given too, asks the engine why a tile fits nowhere
//   ctx.banner(message, kind), ctx.vibrate(pattern), ctx.errorText(error)
//   ctx.drawTable() called each time the hand draws, before it measures its room: draw the table
//                   with local()
//   ctx.room()      the height in px the line, the tiles and the buttons may take together
//   local()         what the table needs: {selected: tile code | null, fits: [train keys]}
//   tapTable(target) a tap on a train (a [data-train] element): plays the selected tile there
//
// Playing: tap a tile and the trains where it fits (the view's `fits`) light up; tap a lit train
// to play it there. When it fits only one train, a second tap on the same tile (or on Jugar,
// which then names the train) plays it: a mistaken tap among fifteen tiles never lays a tile for
// good, and nobody has to look for the train. A tile that fits nowhere gets the engine's reason.
//
// JS never decides a rule: where a tile goes is the view's `fits`, which buttons show is its
// `allowed`, a refusal or a button at rest shows the engine's own words.
import { getLang, t, tn } from "../../core/i18n.js";
import { h } from "../../core/dom.js";
import { store } from "../../core/storage.js";
import { sortTiles, theTile, tileEl, tileName } from "../../pieces/dominoes.js";
import {
  atRest, handHandle, handName, idleActions, makeLine, routeTap, sayWhy, scrollHand, stateReaders, tapSortOrAct,
  watchResize, whyNot,
} from "../../shell/phone-kit.js";
import { MEXICAN, trainKey } from "./trains.js";
import { cardScale } from "../../core/display.js";

const SORT_KEY = "sobremesa.sort.dominoes";
const FRESH_MS = 6000;
const GAP = 4;
const MIN_H = 44;            // a finger's width: no tile button is shorter
const MAX_H = 78;

export function storedTileSort() {
  return store.get(SORT_KEY) === "pips" ? "pips" : "number";
}

// The largest tile buttons (height bh, a tile across is twice as wide) whose rows, every tile
// whole and wrapped, fit `avail` px; never smaller than MIN_H. {bh, bw, perRow, rows}
export function layoutTiles(count, width, avail, k = cardScale()) {
  let best = null;
  if (k > 1) {        // extra-large: the usual tiles k times larger; the hand scrolls if it must
    const bh = Math.round(layoutTiles(count, width, avail, 1).bh * k);
    const perRow = Math.max(1, Math.floor((width + GAP) / (2 * bh - 4 + GAP)));
    return { bh, bw: 2 * bh - 4, perRow, rows: Math.ceil(Math.max(count, 1) / perRow) };
  }
  for (let bh = MAX_H; bh >= MIN_H; bh--) {
    const bw = 2 * bh - 4;
    const perRow = Math.max(1, Math.floor((width + GAP) / (bw + GAP)));
    const rows = Math.ceil(Math.max(count, 1) / perRow);
    best = { bh, bw, perRow, rows };
    if (rows * bh + (rows - 1) * GAP <= avail) return best;
  }
  return best;
}

export function mount(root, ctx) {
  const el = {
    bar: h("div", { class: "tr-bar" }), hint: h("p", { class: "tr-hint", "aria-live": "polite" }),
    tools: h("div", { class: "tr-tools" }),
    hand: h("div", { class: "tr-hand" }), actions: h("div", { class: "tr-actions" }),
    panel: h("div", { class: "tr-hand-panel", style: { display: "contents" } }),
  };
  el.bar.append(el.hint, el.tools);
  root.replaceChildren(el.bar, el.hand, el.actions);

  const ui = {
    state: null,
    sortBy: storedTileSort(),
    selected: null,          // the tile code held
    fresh: new Map(),        // tile code -> when it arrived (the drawn tile)
    prev: null,              // {round, hand}
    tick: null,
  };
  const line = ctx.line || makeLine(ctx);
  const send = line.send;
  const errorText = ctx.errorText || ((e) => (typeof e === "string" ? e : e?.es || ""));

  const { game, me, allowed, seatName } = stateReaders(ui);
  const playing = () => game().phase === "play";
  const myTurn = () => me() !== null && game().turn === me() && playing();
  const hand = () => game().hand || [];
  const fitsOf = (code) => (code && game().fits?.[code]) || [];
  const digits = () => game().rules?.faces === "digits";
  // "tu tren", "el tren mexicano", "el tren de Ana": a train inside a sentence.
  const trainName = (key) => (key === MEXICAN ? t("tren.hand.on.mexican")
    : key === me() ? t("tren.hand.on.yours") : t("tren.hand.on.of", { name: seatName(key) }));

  // ----- the line above the tiles: what to do now, the sort ------------------------------------

  function hintText() {
    const g = game();
    const a = allowed();
    if (!myTurn()) return t("tren.hand.hint.wait");
    if (!a.has("play")) {
      const reason = errorText(whyNot(g, "play"));
      if (g.opening) return t("tren.hand.hint.opening_end", { reason });
      return a.has("draw") ? t("tren.hand.hint.draw", { reason }) : t("tren.hand.hint.pass", { reason });
    }
    if (ui.selected) {
      const fits = fitsOf(ui.selected);
      if (fits.length === 1) return t("tren.hand.hint.one_train", { train: trainName(fits[0]) });
      if (fits.length > 1) return t("tren.hand.hint.many_trains");
      return t("tren.hand.hint.fits_nowhere");
    }
    if (g.open_double) return t("tren.hand.hint.cover", { double: theTile(g.open_double.tile, getLang()) });
    if (g.opening) return t("tren.hand.hint.opening", { double: theTile(g.hub, getLang()) });
    if (a.has("pass")) return t("tren.hand.hint.stop");
    return t("tren.hand.hint.pick");
  }

  function renderBar() {
    const hide = me() === null || !playing();
    el.bar.classList.toggle("hidden", hide);
    if (hide) return;
    el.hint.textContent = hintText();
    // One button: the order it sorts by when tapped.
    const other = ui.sortBy === "pips" ? "number" : "pips";
    el.tools.replaceChildren(...[
      ui.selected && h("button", { type: "button", class: "tool cancel", dataset: { clear: "1", key: "esc" },
        "aria-label": t("tren.hand.cancel"), title: t("tren.hand.cancel"), text: "✕" }),
      h("button", { type: "button", class: "tool sort", dataset: { sort: other }, text: t(`tren.hand.sort_${other}`) })].filter(Boolean));
  }

  // ----- the tiles -----------------------------------------------------------------------------

  function renderHand() {
    const hide = me() === null || !playing();
    el.hand.classList.toggle("hidden", hide);
    if (hide) return;
    const codes = sortTiles(hand(), ui.sortBy);
    const width = Math.max(240, (el.hand.clientWidth || root.clientWidth || 360) - 8);
    const avail = Math.max(MIN_H, ctx.room() - el.bar.offsetHeight - el.actions.offsetHeight - 8);
    const { bh, bw } = layoutTiles(codes.length, width, avail);
    scrollHand(el.hand, avail + 8);
    el.hand.style.setProperty("--tile-h", `${bh}px`);
    el.hand.style.setProperty("--tile-w", `${bw}px`);
    const now = Date.now();
    const turn = myTurn();
    el.hand.replaceChildren(...(codes.length ? codes.map((code) => {
      const sel = ui.selected === code;
      const fresh = (ui.fresh.get(code) || 0) > now - FRESH_MS;
      return h("button", {
        type: "button", class: ["hand-card", "tr-tile", sel && "selected", fresh && "fresh",
          fresh && turn && fitsOf(code).length && "fits-now",
          turn && !sel && !fitsOf(code).length && "no-fit"],
        dataset: { id: code }, "aria-pressed": String(sel), "aria-label": handName(tileName(code, getLang()), sel),
      }, tileEl(code, { selected: sel, lang: getLang(), digits: digits() }));
    }) : [h("p", { class: "tr-empty-hand", text: t("tren.hand.empty") })]));
  }

  // ----- the buttons -----------------------------------------------------------------------------

  function renderActions() {
    const g = game();
    const a = allowed();
    if (idleActions(el.actions, "tr-actions", { spectator: me() === null, playing: playing(), allowed: a, phase: g.phase,
      pending: line.pending(), nextLabel: t("tren.hand.btn.next_round"), nextKey: t("tren.key.round.next_round"),
      waitingLabel: t("tren.hand.waiting_others") })) return;
    el.actions.className = "tr-actions";
    if (!myTurn()) {
      el.actions.replaceChildren(...(g.hand_points != null
        ? [h("p", { class: "tr-points", text: tn("tren.hand.points", g.hand_points) })] : []));
      return;
    }
    const pending = line.pending();
    const fits = fitsOf(ui.selected);
    // Jugar: ready when the held tile fits one train (it names it); else at rest, and a tap
    // says what to do (or the engine's reason when no tile of the hand fits).
    const ready = a.has("play") && fits.length === 1;
    const playLabel = ready ? t("tren.hand.btn.play_on", { train: trainName(fits[0]) }) : t("tren.hand.btn.play");
    const buttons = [h("button", { type: "button", class: ["btn act act-play", ready && "primary"],
      dataset: { act: "play", key: t("tren.key.hand.play") }, disabled: pending && ready, text: playLabel, ...atRest(!ready) })];
    // Robar and Pasar only when the rules allow them (drawing and passing are two taps).
    if (a.has("draw")) {
      buttons.push(h("button", { type: "button", class: "btn act act-draw primary", dataset: { act: "draw", key: t("tren.key.hand.draw") },
        disabled: pending, text: t("tren.hand.btn.draw") }));
    }
    if (a.has("pass")) {
      // Stopping rather than passing: the first turn's run of tiles on your own train, or the
      // turn that opened the round with the hub double (no marker either way).
      const stop = a.has("play");
      const label = g.opening ? "tren.hand.btn.end_turn" : stop ? "tren.hand.btn.stop" : "tren.hand.btn.pass";
      buttons.push(h("button", { type: "button", class: ["btn act act-pass", !stop && "primary", stop && "secondary"],
        dataset: { act: "pass", key: t("tren.key.hand.pass") }, disabled: pending, text: t(label) }));
    }
    el.actions.replaceChildren(...buttons);
  }

  // ----- acting --------------------------------------------------------------------------------

  const unlisten = line.listen((phase) => {
    if (!ui.state) return;
    if (phase === "busy") renderActions();
    else render();
  });

  async function play(tile, train) {
    const reply = await send({ type: "play", tile, train });
    if (reply?.ok && ui.selected === tile) ui.selected = null;
    if (ui.state) render();
  }

  // A tile that fits nowhere: the engine says why, for the player's own train (its first
  // refusal is the double to cover when there is one). Nothing changes: the move is refused.
  // Asked beside the line (ctx.send where the screen gives it), so that the next tap, a play,
  // is never held back behind the question.
  async function askWhy(tile) {
    const action = { type: "play", tile, train: me() };
    if (!ctx.send) {
      send(action);
      return;
    }
    const reply = await ctx.send(action);
    if (reply && !reply.ok) ctx.banner(reply.error);
    else if (ui.state) render();
  }

  function tapTile(code) {
    if (me() === null || !playing()) return;
    const a = allowed();
    if (ui.selected === code) {
      const fits = fitsOf(code);
      if (myTurn() && a.has("play") && fits.length === 1) {
        play(code, fits[0]);
        return;
      }
      if (myTurn() && fits.length > 1) {
        ctx.banner(t("tren.hand.hint.many_trains"), "info");
        return;
      }
      ui.selected = null;
      render();
      return;
    }
    ui.selected = code;
    render();
    if (!myTurn()) return;
    if (!a.has("play")) sayWhy(ctx, whyNot(game(), "play"));
    else if (!fitsOf(code).length) askWhy(code);
  }

  function act(button) {
    const type = button.dataset.act;
    if (type === "play") {
      const fits = fitsOf(ui.selected);
      if (fits.length === 1) play(ui.selected, fits[0]);
      return;
    }
    if (type === "draw" || type === "pass" || type === "next_round") {
      ui.selected = null;
      send({ type });
    }
  }

  // Jugar at rest while the rules allow a play: what to do instead (tap a tile, or a train).
  function playAtRest(target) {
    const button = target.closest('[data-act="play"][data-at-rest]');
    if (!button || !allowed().has("play")) return false;
    const fits = fitsOf(ui.selected);
    ctx.banner(t(fits.length > 1 ? "tren.hand.hint.many_trains" : "tren.hand.pick_fitting"), "info");
    return true;
  }

  const routes = [
    [".hand-card", (node) => { tapTile(node.dataset.id); }],
    ["[data-clear]", () => { ui.selected = null; render(); }],
  ];

  function onTap(event) {
    if (!ui.state || !ui.state.game) return;
    const target = event.target;
    if (line.pending()) return;
    if (routeTap(target, routes) || playAtRest(target)) return;
    tapSortOrAct(target, ui, SORT_KEY, { resorted: render, act, say: (reason) => sayWhy(ctx, reason) });
  }
  root.addEventListener("click", onTap);

  // A tap on the table: a train plays the held tile there (the engine refuses a wrong one in
  // words). True when the hand took it.
  function tapTable(target) {
    if (!ui.state || !ui.state.game || me() === null || !playing()) return false;
    const row = target.closest("[data-train]");
    if (!row) return false;
    if (line.pending()) return true;
    if (!ui.selected) {
      if (myTurn() && allowed().has("play")) ctx.banner(t("tren.hand.pick_first"), "info");
      else if (myTurn()) sayWhy(ctx, whyNot(game(), "play"));
      return true;
    }
    const value = row.dataset.train;
    play(ui.selected, value === MEXICAN ? MEXICAN : trainKey(value));
    return true;
  }

  const unwatchResize = watchResize(() => ui.state && render(), 120);

  // The tile just drawn (a new tile in the hand in the player's own turn, after a draw): held
  // at once when it fits, so that its trains light up; else Pasar is the next step, and the
  // banner says why in the engine's words.
  function followDraw(drawn) {
    const g = game();
    if (!drawn.length || !myTurn() || !g.drawn) return;
    const tile = drawn[drawn.length - 1];
    const words = theTile(tile, getLang());
    if (fitsOf(tile).length) {
      ui.selected = tile;
      ctx.banner(t("tren.hand.drew_fits", { tile: words }), "info");
    } else {
      ctx.banner(t("tren.hand.drew_no_fit", { tile: words, reason: errorText(whyNot(g, "play")) }), "info");
    }
  }

  function reconcile() {
    const g = game();
    const now = hand();
    let drawn = [];
    if (ui.prev && ui.prev.round === g.round && me() !== null) {
      const before = new Set(ui.prev.hand);
      drawn = now.filter((code) => !before.has(code));
      const stamp = Date.now();
      for (const code of drawn) ui.fresh.set(code, stamp);
    } else {
      ui.fresh.clear();
    }
    for (const code of [...ui.fresh.keys()]) if (!now.includes(code)) ui.fresh.delete(code);
    ui.prev = { round: g.round, hand: [...now] };
    if (ui.selected && !now.includes(ui.selected)) ui.selected = null;
    if (!playing()) ui.selected = null;
    followDraw(drawn);
  }

  // The table first (it shows where the held tile goes), then the hand, which measures what
  // is left for it.
  function render() {
    ctx.drawTable();
    renderBar();
    renderActions();
    renderHand();
  }

  return handHandle(ui, root, {
    reconcile, render, redrawHand: renderHand, tickMs: 500, freshMs: FRESH_MS, panel: el.panel,
    cleanups: [unwatchResize, unlisten, () => root.removeEventListener("click", onTap)],
  }, {
    local: () => ({ selected: ui.selected, fits: myTurn() ? fitsOf(ui.selected) : [] }),
    panelReplacesTable: () => false,
    tapTable,
  });
}
