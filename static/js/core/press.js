// A press (pointer down, then up) is not cut in two by a redraw: a redraw asked for in between
// would replace the button under the pointer, and the release would land on a new element, so
// the click would be lost. pressGuard(active) watches the page's presses while active() is
// true; the function it returns puts a redraw off until the release (a macrotask then: after
// the click that the release leads to). A press held longer than HOLD_MS is not a click: the
// redraw then runs anyway.
const HOLD_MS = 2000;

export function pressGuard(active) {
  let pressing = false;
  let queued = null;
  let timer = null;
  const release = () => {
    pressing = false;
    clearTimeout(timer);
    const redraw = queued;
    queued = null;
    if (redraw) setTimeout(redraw, 0);
  };
  window.addEventListener("pointerdown", () => {
    pressing = active();
    clearTimeout(timer);
    if (pressing) timer = setTimeout(release, HOLD_MS);
  }, true);
  window.addEventListener("pointerup", release, true);
  window.addEventListener("pointercancel", release, true);
  // true when `redraw` is put off until the press ends (the caller draws nothing now)
  return (redraw) => {
    if (!pressing) return false;
    queued = redraw;
    return true;
  };
}
