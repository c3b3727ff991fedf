// Keyboard play on the one-device page (/solo, a laptop). Knows no game and decides no rule: it
// moves the focus and clicks buttons the game's screen already shows.
//
//   installKeys(root, { layers }) → uninstall()
//     root    the game's stage: keys count only while it is shown
//     layers  a selector for the shell's own layers (the pause veil) besides [data-layer]
//
// What a game's screen marks, and what each key does:
//   .hand-card buttons (with a stable data-id)   ←/→ move between them, Home/End to the ends;
//                                                ↑/↓ go to the nearest focusable above or below
//                                                (the hand's other rows, the buttons, a picker)
//   any focused button                           Space or Enter clicks it
//   a button's data-key (a letter, a digit)      that key clicks it, if it is enabled (a button
//                                                that says why it cannot act is not disabled:
//                                                its click tells why)
//   data-key="esc"                               Esc clicks it (cancel, clear a selection)
//   [data-layer] (an overlay's or dialog's box)  while one is shown only its keys count
// Keys are left alone while typing in a field and with Ctrl, Alt or Meta. When a redraw takes
// away the focused element, the focus goes back to its replacement (the same data-* attributes),
// else to the hand card at the same place, so keyboard play keeps its place.

const TYPING = "input, textarea, select, [contenteditable]";
// A scroll box is focusable for Tab (to scroll it), not a stop for the arrows.
const FOCUSABLE = "button, [tabindex]:not([data-scroll-box]), a[href]";
const ARROWS = { ArrowLeft: "left", ArrowRight: "right", ArrowUp: "up", ArrowDown: "down", Home: "home", End: "end" };

const shown = (el) => !!el && el.isConnected && el.getClientRects().length > 0;
const tabbable = (el) => shown(el) && !el.disabled && el.tabIndex >= 0;

// The key as data-key names it: "esc", or one character in lower case; null for the others.
function keyName(event) {
  if (event.key === "Escape") return "esc";
  return event.key.length === 1 && event.key !== " " ? event.key.toLowerCase() : null;
}

// A selector for the element that replaces `el` after a redraw: its tag and data-* attributes
// (data-key aside: it changes with the language); null when it has none.
function identity(el) {
  const attrs = [...el.attributes].filter((a) => a.name.startsWith("data-") && a.name !== "data-key");
  if (!attrs.length) return null;
  return el.localName + attrs.map((a) => `[${a.name}="${CSS.escape(a.value)}"]`).join("");
}

// The box a hand card shows: the cards overlap, so up to where the next one starts.
function box(el) {
  const r = el.getBoundingClientRect();
  let right = r.right;
  const next = el.nextElementSibling;
  if (el.classList.contains("hand-card") && next?.classList.contains("hand-card")) {
    const left = next.getBoundingClientRect().left;
    if (left > r.left && left < right) right = left;
  }
  return { left: r.left, right, top: r.top, bottom: r.bottom, cx: (r.left + right) / 2, cy: (r.top + r.bottom) / 2 };
}

const gap = (a0, a1, b0, b1) => Math.max(0, b0 - a1, a0 - b1);

// The focusable nearest to `from` in direction `dir` ("left" | "right": in the same row).
function nearest(from, dir, candidates) {
  const a = box(from);
  let best = null;
  let bestScore = Infinity;
  for (const el of candidates) {
    if (el === from) continue;
    const b = box(el);
    let primary;
    let across;
    if (dir === "up" || dir === "down") {
      const dy = dir === "down" ? b.cy - a.cy : a.cy - b.cy;
      if (dy <= Math.min(a.bottom - a.top, b.bottom - b.top) / 2) continue;
      primary = dir === "down" ? Math.max(0, b.top - a.bottom) : Math.max(0, a.top - b.bottom);
      across = gap(a.left, a.right, b.left, b.right);
    } else {
      if (gap(a.top, a.bottom, b.top, b.bottom) > 0) continue;     // another row
      const dx = dir === "right" ? b.cx - a.cx : a.cx - b.cx;
      if (dx <= 0) continue;
      primary = dx;
      across = Math.abs(b.cy - a.cy);
    }
    const score = primary + 2 * across + Math.abs(b.cx - a.cx) / 1000;
    if (score < bestScore) {
      best = el;
      bestScore = score;
    }
  }
  return best;
}

export function installKeys(root, { layers = "" } = {}) {
  let keyboard = false;          // the last input was the keyboard: keep the focus in place
  let lastMain = null;           // {selector, hand}: what had the focus outside any layer
  let lastLayer = null;          // the same inside the open layer
  let inLayer = false;           // whether the focus was last inside a layer
  let swallowSpace = false;      // a Space that did nothing: its keyup must not click either

  const focusables = (scope) => [...scope.querySelectorAll(FOCUSABLE)].filter(tabbable);
  const handCards = (scope) => [...scope.querySelectorAll(".hand-card")].filter(tabbable);
  const layerSelector = ["[data-layer]", layers].filter(Boolean).join(", ");

  // The open layer on top (the last shown in document order), or null.
  function openLayer() {
    const open = [...root.querySelectorAll(layerSelector)].filter(shown);
    return open.length ? open[open.length - 1] : null;
  }

  function memo(el, scope) {
    return { selector: identity(el), hand: handCards(scope).indexOf(el) };
  }

  function found(scope, remembered) {
    if (!remembered?.selector) return null;
    return [...scope.querySelectorAll(remembered.selector)].find(tabbable) || null;
  }

  // Where the focus goes when what had it was redrawn away: back where it was, in the layer
  // or behind it (a layer that opens does not take the focus: a Space meant for a card must
  // not answer it).
  function replacement() {
    const layer = inLayer && openLayer();
    if (layer) {
      const again = found(layer, lastLayer) || focusables(layer)[0];
      if (again) return again;
    }
    const again = found(root, lastMain);
    if (again && !openLayerOf(again)) return again;
    const cards = handCards(root);
    if (cards.length) return cards[Math.min(Math.max(lastMain?.hand ?? 0, 0), cards.length - 1)];
    return focusables(root).find((el) => !openLayerOf(el)) || null;
  }

  function openLayerOf(el) {
    const layer = el.closest(layerSelector);
    return layer && root.contains(layer) ? layer : null;
  }

  function lost() {
    const el = document.activeElement;
    if (!el || el === document.body || !el.isConnected) return true;
    return root.contains(el) && !tabbable(el);
  }

  function onFocusIn(event) {
    const el = event.target;
    const layer = openLayerOf(el);
    inLayer = !!layer;
    if (layer) lastLayer = memo(el, layer);
    else lastMain = memo(el, root);
  }

  const observer = new MutationObserver(() => {
    if (!keyboard || !shown(root) || !lost()) return;
    const el = replacement();
    if (el) el.focus();
  });

  function move(dir, scope) {
    const current = document.activeElement;
    const cards = handCards(scope);
    if (!current || !scope.contains(current) || !tabbable(current)) {
      const start = cards.length ? cards : focusables(scope);
      const el = dir === "left" || dir === "end" ? start[start.length - 1] : start[0];
      el?.focus();
      return;
    }
    const k = cards.indexOf(current);
    if (dir === "home" || dir === "end") {
      const line = cards.length ? cards : focusables(scope);
      line[dir === "home" ? 0 : line.length - 1]?.focus();
    } else if (k >= 0 && (dir === "left" || dir === "right")) {
      cards[Math.min(cards.length - 1, Math.max(0, k + (dir === "right" ? 1 : -1)))].focus();
    } else {
      nearest(current, dir, focusables(scope))?.focus();
    }
  }

  function onKeyDown(event) {
    if (event.defaultPrevented || event.isComposing || event.ctrlKey || event.altKey || event.metaKey) return;
    if (!shown(root) || event.target.closest?.(TYPING)) return;
    const scope = openLayer() || root;
    if (event.key === "Tab") {
      keyboard = true;
      return;
    }
    const dir = ARROWS[event.key];
    if (dir) {
      keyboard = true;
      event.preventDefault();
      move(dir, scope);
      return;
    }
    if (event.key === " " || event.key === "Enter") {
      const el = document.activeElement;
      if (!el || !root.contains(el)) return;
      keyboard = true;
      event.preventDefault();        // the click is ours, at once: a redraw before keyup loses none
      swallowSpace = event.key === " ";
      if (!event.repeat && scope.contains(el) && tabbable(el)) el.click();
      return;
    }
    const name = keyName(event);
    if (!name) return;
    const button = [...scope.querySelectorAll(`[data-key="${CSS.escape(name)}"]`)].find(shown);
    if (!button) return;
    keyboard = true;
    event.preventDefault();
    if (!event.repeat && !button.disabled) button.click();
  }

  function onKeyUp(event) {
    if (event.key === " " && swallowSpace) {
      swallowSpace = false;
      event.preventDefault();
    }
  }

  function onPointer() {
    keyboard = false;
  }

  document.addEventListener("keydown", onKeyDown);
  document.addEventListener("keyup", onKeyUp);
  document.addEventListener("pointerdown", onPointer, true);
  root.addEventListener("focusin", onFocusIn);
  observer.observe(root, { childList: true, subtree: true, attributes: true, attributeFilter: ["class", "disabled"] });
  return function uninstall() {
    observer.disconnect();
    document.removeEventListener("keydown", onKeyDown);
    document.removeEventListener("keyup", onKeyUp);
    document.removeEventListener("pointerdown", onPointer, true);
    root.removeEventListener("focusin", onFocusIn);
  };
}
