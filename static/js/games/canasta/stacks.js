// Canasta Ferroviaria's hand in stacks, one per rank: how they are formed, laid out and chosen,
// and how a proposal of the engine reads on its button. Pure functions, for hand.js.

export const rankOf = (code) => (code.startsWith("*") ? "*" : code.slice(0, -1));

// The hand as the engine orders it (by rank, wild cards last), in stacks of one rank:
// [{rank, entries: [{id, code}]}].
export function stacksOf(entries) {
  const stacks = new Map();
  for (const e of entries) {
    const rank = rankOf(e.code);
    if (!stacks.has(rank)) stacks.set(rank, { rank, entries: [] });
    stacks.get(rank).entries.push(e);
  }
  return [...stacks.values()];
}

// The widest card (between minW and maxW) with which `count` stacks fit in width × avail, in as
// few rows as that takes: {rows, perRow, w}. A row of cards narrower than maxW that fits the
// height beats the smallest cards.
export function usualStacks(count, width, avail, [minW, maxW, gap]) {
  let best = null;
  for (let rows = 1; rows <= 6; rows++) {
    const perRow = Math.ceil(count / rows);
    // as wide as the row lets it, and no taller than the rows' share of the height
    const tall = Math.floor(((avail - (rows - 1) * gap) / rows - 4) / 1.4);
    const w = Math.min(maxW, Math.floor((width - (perRow - 1) * gap) / perRow), tall);
    const fits = rows * (w * 1.4 + 4) + (rows - 1) * gap <= avail;
    if (w >= minW && fits && (!best || w > best.w)) best = { rows, perRow, w };
    if (perRow === 1) break;
  }
  if (best) return best;
  const perRow = Math.max(1, Math.floor((width + gap) / (minW + gap)));
  return { rows: Math.ceil(count / perRow), perRow, w: minW };
}

// How many cards of a stack are chosen after a tap, from `now` of `total`. Within a rank the
// cards are alike for every rule, so a natural stack is taken whole, then one card fewer a
// tap, to none; wild cards, which go one or two at a time (three at most in a meld), one more
// a tap, to none after all.
export function nextChosen(now, total, wild) {
  if (wild) return now >= total ? 0 : now + 1;
  return now ? now - 1 : total;
}

// A proposal's button, short enough for two on a phone's row, counted as the hand's stacks are:
// "K×4 · 9×3 · Q×2 ★ (140)", wild cards as ★, with its points.
export function proposalLabel(melds, wildRanks, value) {
  const counted = (rank, n) => (n > 1 ? `${rank}×${n}` : rank);
  const meld = (codes) => {
    const wilds = codes.filter((c) => wildRanks.has(rankOf(c))).length;
    const natural = codes.find((c) => !wildRanks.has(rankOf(c)));
    return [natural && counted(rankOf(natural), codes.length - wilds), wilds && counted("★", wilds)]
      .filter(Boolean).join(" ");
  };
  const points = melds.flat().reduce((sum, c) => sum + (value(c) || 0), 0);
  return `${melds.map(meld).join(" · ")} (${points})`;
}
