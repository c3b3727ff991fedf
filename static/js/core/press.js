// A redraw between a press and its release would replace the button under the finger and
// lose the click. pressGuard(active) returns a function that puts a redraw off until the
// release (then a macrotask, after the click); a press held over HOLD_MS is no click.
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
  // true: `redraw` is put off (the caller draws nothing now)
  return (redraw) => {
    if (!pressing) return false;
    queued = redraw;
    return true;
  };
}
