// Sizes that fit a box: each `fits(size)` call costs a layout of the page, so a search starts
// from the size found last time (usually still right between two moves: two layouts) instead of
// stepping down from the largest every time.

// The sizes from `max` down to `min`, each `factor` times the one before (the last may be
// under `min`, as a plain step-down loop ends).
export function steps(max, min, factor) {
  const sizes = [max];
  while (sizes[sizes.length - 1] > min) sizes.push(Math.floor(sizes[sizes.length - 1] * factor));
  return sizes;
}

// The first of `sizes` (largest first) that fits, the smallest when none does: the one a
// step-down from the largest finds, started from `guess` when it is one of them.
export function firstThatFits(sizes, fits, guess) {
  let i = Math.max(0, sizes.indexOf(guess));
  if (fits(sizes[i])) {
    while (i > 0 && fits(sizes[i - 1])) i -= 1;
    return sizes[i];
  }
  while (i < sizes.length - 1) {
    i += 1;
    if (fits(sizes[i])) return sizes[i];
  }
  return sizes[i];
}
