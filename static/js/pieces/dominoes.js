// Double-12 domino tiles drawn as SVG by our own code: ivory tiles, each number's pips in a
// colour of its own (as the rule text's "puntos de color"), or the number in digits for a
// room that reads better that way. Tile codes follow the engine's notation: "12-7", "9-9"
// (a train's tiles come oriented: "7-3" is laid with its 7 against the train).
// The same API as every deck in pieces/: parseCard, cardName, sortCards, cardEl.
import { markup } from "../core/dom.js";

export const DECK = "dominoes";
export const HIGHEST = 12;

// Distinct on the ivory face and from each other; the blank has no pips.
export const PIP_COLORS = [
  null, "#0277bd", "#2e7d32", "#c62828", "#6d4c41", "#283593", "#b28704",
  "#7b1fa2", "#00897b", "#ad1457", "#e65100", "#212121", "#546e7a",
];

const CODE = /^(\d{1,2})-(\d{1,2})$/;

export function parseTile(code) {
  const match = CODE.exec(String(code || ""));
  if (!match) return null;
  const a = Number(match[1]), b = Number(match[2]);
  if (a > HIGHEST || b > HIGHEST) return null;
  return { a, b, high: Math.max(a, b), low: Math.min(a, b), double: a === b, pips: a + b };
}
export const parseCard = parseTile;

// "el 12-7", "el doble 9", "el doble blanco" (as the engine's messages say it).
export function theTile(code, lang = "es") {
  const tile = parseTile(code);
  if (!tile) return "";
  const es = lang !== "en";
  if (tile.double) {
    if (tile.high === 0) return es ? "el doble blanco" : "the double blank";
    return es ? `el doble ${tile.high}` : `the double ${tile.high}`;
  }
  return es ? `el ${tile.high}-${tile.low}` : `the ${tile.high}-${tile.low}`;
}

// "12-7", "doble 9", "doble blanco": a tile on its own (a label, a button).
export function tileName(code, lang = "es") {
  return theTile(code, lang).replace(/^(el|the) /, "");
}
export const cardName = tileName;

export function theTiles(codes, lang = "es") {
  const names = codes.map((code) => theTile(code, lang));
  if (names.length <= 1) return names.join("");
  return `${names.slice(0, -1).join(", ")} ${lang === "en" ? "and" : "y"} ${names[names.length - 1]}`;
}

// "un 3", "a blank": the number an open end asks for.
export function numberName(n, lang = "es") {
  if (lang === "en") return n === 0 ? "a blank" : `${n === 8 || n === 11 ? "an" : "a"} ${n}`;
  return n === 0 ? "un blanco" : `un ${n}`;
}

// by "number": grouped by their higher number, doubles first within it (what goes on a 9?);
// by "pips": heaviest first (what to shed when a rival is close to going out).
export function sortTiles(codes, by = "number") {
  const key = (code) => {
    const tile = parseTile(code) || { high: -1, low: -1, double: false, pips: -1 };
    return by === "pips"
      ? [-tile.pips, -tile.high, 0]
      : [-tile.high, tile.double ? 0 : 1, -tile.low];
  };
  return [...codes].sort((x, y) => {
    const a = key(x), b = key(y);
    return a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
  });
}
export const sortCards = sortTiles;

// Pip centres on a 3×3 grid (0..2) for 0-9 and a 3×4 grid (rows 0..3) for 10-12, so that
// every number keeps the shape players know.
const NINE = {
  0: [], 1: [[1, 1]], 2: [[0, 0], [2, 2]], 3: [[0, 0], [1, 1], [2, 2]],
  4: [[0, 0], [2, 0], [0, 2], [2, 2]], 5: [[0, 0], [2, 0], [1, 1], [0, 2], [2, 2]],
  6: [[0, 0], [0, 1], [0, 2], [2, 0], [2, 1], [2, 2]],
  7: [[0, 0], [0, 1], [0, 2], [1, 1], [2, 0], [2, 1], [2, 2]],
  8: [[0, 0], [0, 1], [0, 2], [1, 0], [1, 2], [2, 0], [2, 1], [2, 2]],
  9: [[0, 0], [0, 1], [0, 2], [1, 0], [1, 1], [1, 2], [2, 0], [2, 1], [2, 2]],
};
const column = (x, rows) => rows.map((y) => [x, y]);
const TWELVE = {
  10: [...column(0, [0, 1, 2, 3]), ...column(2, [0, 1, 2, 3]), ...column(1, [1, 2])],
  11: [...column(0, [0, 1, 2, 3]), ...column(2, [0, 1, 2, 3]), ...column(1, [0, 1.5, 3])],
  12: [...column(0, [0, 1, 2, 3]), ...column(1, [0, 1, 2, 3]), ...column(2, [0, 1, 2, 3])],
};

// One half (a 100×100 square at x0, y0): its pips, or its digits.
function half(n, x0, y0, digits) {
  if (digits) {
    if (n === 0) return "";
    const size = n >= 10 ? 62 : 72;
    return `<text data-number="" x="${x0 + 50}" y="${y0 + 50}" dy="0.35em" text-anchor="middle" ` +
      `font-size="${size}" font-weight="800" font-family="sans-serif" fill="${PIP_COLORS[n]}">${n}</text>`;
  }
  const color = PIP_COLORS[n];
  if (n <= 9) {
    return NINE[n].map(([c, r]) =>
      `<circle cx="${x0 + 22 + c * 28}" cy="${y0 + 22 + r * 28}" r="10.5" fill="${color}"/>`).join("");
  }
  return TWELVE[n].map(([c, r]) =>
    `<circle cx="${x0 + 22 + c * 28}" cy="${y0 + 17 + r * 22}" r="9" fill="${color}"/>`).join("");
}

// The drawing, from two validated numbers and constants only: labels go on afterwards.
// A tile lies "across" (wide, its first number on the left) or "along" (tall, first on top).
function drawing(tile, options) {
  const along = options.orientation === "along";
  const width = along ? 100 : 200, height = along ? 200 : 100;
  const classes = ["domino", options.selected && "selected", tile?.double && "double",
    options.extraClass].filter(Boolean).join(" ");
  const frame = (inner, fill = "#fffaf0") =>
    `<svg class="${classes}" viewBox="0 0 ${width} ${height}" role="img">` +
    `<rect x="2" y="2" width="${width - 4}" height="${height - 4}" rx="12" fill="${fill}" ` +
    `stroke="#3e2723" stroke-width="3"/>${inner}</svg>`;
  if (options.faceDown || !tile) {
    return frame(`<rect x="12" y="12" width="${width - 24}" height="${height - 24}" rx="8" ` +
      `fill="none" stroke="#f2c230" stroke-width="3"/>`, "#7b1e3a");
  }
  const [a, b] = [tile.a, tile.b];
  const line = along
    ? `<line x1="14" y1="100" x2="86" y2="100" stroke="#8d6e63" stroke-width="3"/>`
    : `<line x1="100" y1="14" x2="100" y2="86" stroke="#8d6e63" stroke-width="3"/>`;
  const second = along ? half(b, 0, 100, options.digits) : half(b, 100, 0, options.digits);
  return frame(half(a, 0, 0, options.digits) + line + second);
}

// One tile as an SVG element. options: {selected, faceDown, title, lang, extraClass,
// orientation: "across" | "along", digits}
export function tileEl(code, options = {}) {
  const tile = parseTile(code);
  const node = markup(drawing(tile, options));
  const label = options.title || (tile ? tileName(code, options.lang || "es") : "");
  // A face-down piece has no name: a picture the reader skips (the count beside it says it).
  if (label) node.setAttribute("aria-label", label);
  else { node.removeAttribute("role"); node.setAttribute("aria-hidden", "true"); }
  node.dataset.tile = tile ? `${tile.a}-${tile.b}` : "";
  return node;
}
export const cardEl = tileEl;
