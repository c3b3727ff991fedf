// Measures a phone page as a finger and an eye meet it (run by tests/browser/test_phone_sizes.py):
// every tap target's visible part, and the font size of every text shown.
//
// A tap target is a button, [role=button], link, input, a hand or table card or a combination
// that can be picked. Its visible part is its box cut by the viewport and by every ancestor that
// clips (a scroll box, overflow: hidden), then narrowed to the points where a tap lands on it
// (document.elementFromPoint): a card half under the next one, or under an overlay, shows
// only what is left. Targets with no such point are not on the screen and are skipped. A target
// that a scroll box's edge cuts is measured as a player reaches it: scrolled into view (then
// the scroll box goes back where it was); what covers it there (a sticky prompt) still counts.
// Text in SVG drawings (the cards' own corners) is left out: the cards are measured as targets.
() => {
  const STEP = 4;
  const vw = document.documentElement.clientWidth;
  const vh = window.innerHeight;
  const TARGETS = "button, [role=button], a[href], input, select, textarea, .hand-card, .mc, .meld.pickable, [tabindex='0']";

  const shown = (el) => {
    const style = getComputedStyle(el);
    return style.visibility !== "hidden" && style.display !== "none" && el.getClientRects().length > 0;
  };

  function clipped(el) {
    const r = el.getBoundingClientRect();
    let box = { l: Math.max(0, r.left), t: Math.max(0, r.top), r: Math.min(vw, r.right), b: Math.min(vh, r.bottom) };
    if (getComputedStyle(el).position === "fixed") return box;
    for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
      const style = getComputedStyle(p);
      if (style.overflowX !== "visible" || style.overflowY !== "visible") {
        const pr = p.getBoundingClientRect();
        box = { l: Math.max(box.l, pr.left), t: Math.max(box.t, pr.top), r: Math.min(box.r, pr.right), b: Math.min(box.b, pr.bottom) };
      }
      if (style.position === "fixed") break;
    }
    return box;
  }

  // The scroll boxes (content larger than the box, overflow auto or scroll) that cut el.
  function cutBy(el) {
    const r = el.getBoundingClientRect();
    const boxes = [];
    for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
      const style = getComputedStyle(p);
      const scrolls = /(auto|scroll)/.test(style.overflowY + style.overflowX)
        && (p.scrollHeight > p.clientHeight + 1 || p.scrollWidth > p.clientWidth + 1);
      const pr = p.getBoundingClientRect();
      if (scrolls && (r.top < pr.top - 0.5 || r.bottom > pr.bottom + 0.5 || r.left < pr.left - 0.5 || r.right > pr.right + 0.5)) boxes.push(p);
      if (style.position === "fixed") break;
    }
    return boxes;
  }

  function reached(el) {
    const boxes = cutBy(el);
    if (!boxes.length) return visibleHere(el);
    const kept = boxes.map((p) => [p, p.scrollTop, p.scrollLeft]);
    el.scrollIntoView({ block: "nearest", inline: "nearest", behavior: "instant" });
    const size = visibleHere(el);
    for (const [p, top, left] of kept) { p.scrollTop = top; p.scrollLeft = left; }
    return size;
  }

  const hits = (el, x, y) => {
    const hit = document.elementFromPoint(x, y);
    return !!hit && (hit === el || el.contains(hit));
  };

  // The box of the points where a tap lands on el: found on a grid STEP px apart, then each
  // edge to the pixel.
  function visibleHere(el) {
    const box = clipped(el);
    if (box.r - box.l < 1 || box.b - box.t < 1) return null;
    const xs = [], ys = [];
    for (let x = box.l + 0.5; x < box.r; x += STEP) xs.push(x);
    for (let y = box.t + 0.5; y < box.b; y += STEP) ys.push(y);
    let l = Infinity, t = Infinity, r = -Infinity, b = -Infinity;
    for (const y of ys) for (const x of xs) {
      if (hits(el, x, y)) { l = Math.min(l, x); t = Math.min(t, y); r = Math.max(r, x); b = Math.max(b, y); }
    }
    if (l === Infinity) return null;
    const rowsIn = ys.filter((y) => y >= t && y <= b);
    const colsIn = xs.filter((x) => x >= l && x <= r);
    const anyRow = (x) => rowsIn.some((y) => hits(el, x, y));
    const anyCol = (y) => colsIn.some((x) => hits(el, x, y));
    // (Hit testing snaps to the device's pixels: an edge may land up to a pixel outside the box.)
    while (l - 1 > box.l - 1 && anyRow(l - 1)) l -= 1;
    while (r + 1 < box.r + 1 && anyRow(r + 1)) r += 1;
    while (t - 1 > box.t - 1 && anyCol(t - 1)) t -= 1;
    while (b + 1 < box.b + 1 && anyCol(b + 1)) b += 1;
    // To a tenth of a pixel: between the last point on it and the first one off it.
    const edge = (on, off, test) => {
      for (let k = 0; k < 5; k++) {
        const mid = (on + off) / 2;
        if (test(mid)) on = mid; else off = mid;
      }
      return (on + off) / 2;
    };
    // The row (column) nearest the middle that reaches that edge: away from rounded corners.
    const nearMiddle = (list) => [...list].sort((a, b) => Math.abs(a - (list[0] + list[list.length - 1]) / 2)
      - Math.abs(b - (list[0] + list[list.length - 1]) / 2));
    const rowAt = (x) => nearMiddle(rowsIn).find((y) => hits(el, x, y)) ?? rowsIn[0];
    const colAt = (y) => nearMiddle(colsIn).find((x) => hits(el, x, y)) ?? colsIn[0];
    const yl = rowAt(l), yr = rowAt(r), xt = colAt(t), xb = colAt(b);
    const left = edge(l, l - 1, (x) => hits(el, x, yl));
    const right = edge(r, r + 1, (x) => hits(el, x, yr));
    const top = edge(t, t - 1, (y) => hits(el, xt, y));
    const bottom = edge(b, b + 1, (y) => hits(el, xb, y));
    return { w: Math.min(right - left, box.r - box.l), h: Math.min(bottom - top, box.b - box.t) };
  }

  function describe(el) {
    const cls = typeof el.className === "string" && el.className ? "." + el.className.trim().split(/\s+/).join(".") : "";
    const data = Object.entries(el.dataset).slice(0, 2).map(([k, v]) => `[data-${k}="${v}"]`).join("");
    const text = (el.innerText || el.value || el.getAttribute("aria-label") || "").trim().replace(/\s+/g, " ").slice(0, 30);
    return `${el.tagName.toLowerCase()}${cls}${data}${text ? ` "${text}"` : ""}`;
  }

  const targets = [];
  const seen = new Set();
  for (const el of document.querySelectorAll(TARGETS)) {
    if (seen.has(el) || !shown(el)) continue;
    // A target inside another (a card's own button inside a combination) is measured once, as
    // the innermost: the outer one's visible part is what the inner leaves.
    seen.add(el);
    const size = reached(el);
    if (size) targets.push({ what: describe(el), w: Math.round(size.w * 10) / 10, h: Math.round(size.h * 10) / 10 });
  }

  const texts = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent.trim();
    const parent = node.parentElement;
    if (!text || !parent || parent.closest("svg, script, style, noscript") || !shown(parent)) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    if (!range.getClientRects().length) continue;
    const px = parseFloat(getComputedStyle(parent).fontSize);
    if (px === 0) continue;     // words for a screen reader only (Tren's trains): never seen
    texts.push({ what: `${describe(parent).split(" ")[0]} "${text.slice(0, 30)}"`, px });
  }
  return { targets, texts, viewport: { w: vw, h: vh } };
}
