// Rummy Manipulación helpers shared by the TV and the phone: how a rule set scores (for the
// labels), event sentences and the display order of the table's groups. No rule is decided
// here: everything comes from the engine's view.
import { getLang, hasKey, t } from "../../core/i18n.js";
import { parseCard, RANK_ORDER, SUIT_ORDER, theCards } from "../../pieces/french.js";

// t() for counts: key_one for 1, key otherwise.
export function countKey(key, n) {
  return n === 1 && hasKey(`${key}_one`) ? `${key}_one` : key;
}

// How the standings read, as the engine's view says: higher totals win (Carrusel), there is
// a score at all, more than one round is played.
export const higherWins = (view) => !!view.higher_wins;
export const hasScore = (view) => view.scored !== false;
export const multiRound = (view) => !!view.multi_round;

// "Gana el total más bajo" and the like, for the end screens.
export function winsLine(view) {
  if (!hasScore(view)) return t("mani.no_score");
  if (higherWins(view)) return t("mani.highest_wins");
  return multiRound(view) ? t("mani.lowest_wins") : t("mani.fewest_wins");
}

export function tc(key, n, vars = {}) {
  return t(countKey(key, n), { n, ...vars });
}

// nameOf(ev): who made the event, under the name the seat had then.
export function eventText(ev, nameOf) {
  const name = nameOf(ev);
  switch (ev.type) {
    case "deal": return t("mani.ev.deal", { name, round: ev.round });
    case "draw": return ev.cards === 1 ? t("mani.ev.draw", { name }) : t("mani.ev.draw_n", { name, n: ev.cards });
    case "play": return t("mani.ev.play", { name, cards: theCards(ev.cards || [], getLang()) });
    case "pass": return t("mani.ev.pass", { name });
    case "surrender": return t("mani.ev.surrender", { name, n: ev.cards });
    case "close": return t("mani.ev.close", { name });
    case "final_turns": return t("mani.ev.final_turns");
    case "round_end": return t("mani.ev.round_end", { round: ev.round });
    case "game_end": return t("mani.ev.game_end");
    default: return "";
  }
}

// The rank index used to order groups: A 2 … K, the ace after the king when it plays high.
function rankIndex(rank, aceHigh) {
  const i = RANK_ORDER.indexOf(rank);
  return aceHigh && i === 0 ? 13 : i;
}

// Lanes for display: runs by suit (♠ ♥ ♦ ♣), each lane ordered by its first card, then the
// tríos ordered by rank. Anything else (never on a committed table) goes last as it is.
// groups: [{cards, kind, ...}]; each entry keeps its engine index as `index`.
export function lanesOf(groups, ace) {
  const aceHigh = ace === "high";
  const lanes = Object.fromEntries(SUIT_ORDER.map((s) => [s, []]));
  const trios = [];
  const other = [];
  groups.forEach((group, index) => {
    const item = { ...group, index };
    const cards = group.cards.map(parseCard).filter((c) => c.rank);
    if (group.kind === "run" && cards.length) {
      const first = cards[0];
      // A run that starts with an ace followed by a two plays the ace low.
      const low = first.rank === "A" && cards[1]?.rank === "2";
      item.sortKey = low ? -1 : rankIndex(first.rank, true);
      lanes[first.suit]?.push(item);
    } else if (group.kind === "trio" && cards.length) {
      item.sortKey = rankIndex(cards[0].rank, aceHigh);
      trios.push(item);
    } else {
      other.push(item);
    }
  });
  const byKey = (a, b) => a.sortKey - b.sortKey || a.index - b.index;
  const result = [];
  for (const suit of SUIT_ORDER) if (lanes[suit].length) result.push({ kind: "run", suit, groups: lanes[suit].sort(byKey) });
  if (trios.length) result.push({ kind: "trio", groups: trios.sort(byKey) });
  if (other.length) result.push({ kind: "other", groups: other });
  return result;
}

export const groupKey = (group) => group.cards.join(" ");
