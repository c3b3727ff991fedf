// Ferrocarril's ¡Compro! window as one seat follows it: when a window this seat may answer
// opens, whether it shows, and what came of it once it closed. No drawing here: the phone shows
// it as an overlay, and any other screen can follow the window with the same functions.
import { t } from "../../core/i18n.js";
import { secondsOf } from "../../core/timers.js";

// One window: the round, the discard count, the card and who discarded it.
export function windowKey(view) {
  const w = view.buy_window;
  return w ? `${view.round}:${view.discard}:${w.card}:${w.discarder}` : null;
}

function lastEventN(view) {
  const evs = view.events || [];
  return evs.length ? evs[evs.length - 1].n : -1;
}

// The followed window after a new view: {buy, opened, closed}. `buy` is null or {key, sinceN,
// pressed, passed, outcome, outcomeUntil, card, discarder}. A window the seat pressed ¡Compro! in
// keeps, once closed, its outcome (the bought / no_buy event) for outcomeMs (`closed` is true
// then); the answer flags are set on `buy` itself, so a press in flight sees the outcome.
export function followWindow(buy, view, allowed, outcomeMs) {
  const key = windowKey(view);
  if (buy && buy.outcome && buy.outcome.n !== undefined) {
    // A ¡Compro! pressed at the same instant as a higher priority's is heard just after the
    // sale: the sale's event then lists this seat among those outbid.
    const later = (view.events || []).find((e) => e.n === buy.outcome.n);
    if (later) buy.outcome = later;
  }
  if (key && allowed.has("buy") && (!buy || buy.key !== key)) {
    return { opened: true, closed: false, buy: { key, sinceN: lastEventN(view), pressed: false, passed: false,
      outcome: null, card: view.buy_window.card, discarder: view.buy_window.discarder } };
  }
  if (buy && !buy.outcome && buy.key !== key) {
    if (!buy.pressed) return { opened: false, closed: false, buy: null };
    const ev = [...(view.events || [])].reverse()
      .find((e) => e.n > buy.sinceN && (e.type === "bought" || e.type === "no_buy"));
    buy.outcome = ev || { type: "unknown" };
    buy.outcomeUntil = Date.now() + outcomeMs;
    return { opened: false, closed: true, buy };
  }
  return { opened: false, closed: false, buy };
}

// Whether this seat sees the window: its outcome, or the open window it has not passed.
export function windowShows(buy, view, me) {
  return !!(view && buy && me !== null && (buy.outcome || (!buy.passed && windowKey(view) === buy.key)));
}

// Whether the open window asks now. The round's first one opens with the deal: for its first
// `shown_after` seconds the new hand stays in sight, then the player has the window's own
// `seconds` to answer. Without a running clock (a lesson) it asks at once. `deadline` is the
// buy_window timer as core/timers.js readDeadlines() gives it.
export function windowAsks(view, deadline) {
  const w = view.buy_window;
  if (!w || !w.shown_after || !deadline) return true;
  return secondsOf(deadline) <= w.seconds + 0.05;
}

// What the outcome says to this seat: {text, won}.
export function outcomeLine(outcome, me, seatName) {
  if (outcome.type === "bought" && outcome.seat === me) {
    return { won: true, text: outcome.extra ? t("phone.fc.buy.yours_extra", { extra: outcome.extra }) : t("phone.fc.buy.yours") };
  }
  if (outcome.type === "bought") {
    const key = (outcome.outbid || []).includes(me) ? "phone.fc.buy.other_priority" : "phone.fc.buy.other";
    return { won: false, text: t(key, { name: seatName(outcome.seat) }) };
  }
  return { won: false, text: t("phone.fc.buy.nobody") };
}
