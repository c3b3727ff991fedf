// French-suited cards drawn as SVG by our own code (Rummy Manipulación): ♠ ♥ ♦ ♣ as paths,
// hearts and diamonds red, spades and clubs black, a large rank in the corner (the part that
// shows when cards overlap), jokers, and named jokers: a joker on the table that stands for a
// card shows that card's rank and suit, on a lilac face with a star, so it never passes for the
// real card.
// The same API as every deck in pieces/: parseCard, cardName, sortCards, cardEl.
//
// Codes follow the engine's French notation: rank (A 2..10 J Q K) + suit (s h d c), "*" is an
// unnamed joker, "*Qh" a joker standing for the queen of hearts.

import { markup } from "../core/dom.js";

export const DECK = "french";
const RED = "#c62828";
const BLACK = "#1b1b1b";
const JOKER_INK = "#6a1b9a";
const JOKER_FACE = "#f3e8ff";

export const SUITS = {
  s: { es: "picas", en: "spades", color: BLACK, symbol: "♠" },
  h: { es: "corazones", en: "hearts", color: RED, symbol: "♥" },
  d: { es: "diamantes", en: "diamonds", color: RED, symbol: "♦" },
  c: { es: "tréboles", en: "clubs", color: BLACK, symbol: "♣" },
};
export const SUIT_ORDER = ["s", "h", "d", "c"];
export const RANK_ORDER = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
const RANK_WORDS = {
  es: { A: "As", J: "Jota", Q: "Reina", K: "Rey" },
  en: { A: "Ace", J: "Jack", Q: "Queen", K: "King" },
};

// {joker, named, rank, suit}: "*" -> joker unnamed; "*Qh" -> joker named Q of h; "Qh" -> card.
export function parseCard(code) {
  if (!code || code === "*") return { joker: true, named: false, rank: null, suit: null };
  const named = code.startsWith("*");
  const body = named ? code.slice(1) : code;
  return { joker: named, named, rank: body.slice(0, -1).toUpperCase(), suit: body.slice(-1).toLowerCase() };
}

// "Reina de corazones", "Comodín (7 de picas)", "Joker".
export function cardName(code, lang = "es") {
  const card = parseCard(code);
  const joker = lang === "es" ? "Comodín" : "Joker";
  if (card.joker && !card.named) return joker;
  const rank = RANK_WORDS[lang]?.[card.rank] || card.rank;
  const suit = SUITS[card.suit]?.[lang] || card.suit;
  const plain = lang === "es" ? `${rank} de ${suit}` : `${rank} of ${suit}`;
  return card.named ? `${joker} (${plain})` : plain;
}

// A card in a sentence: "el 7 de corazones", "la Jota de picas", "the Queen of hearts", "el
// comodín"; and several: "el 5 de picas, el 6 de picas y el 7 de picas".
const FEMININE = new Set(["J", "Q"]);        // la Jota, la Reina; el As, el Rey, el 7

export function theCard(code, lang = "es") {
  const card = parseCard(code);
  if (card.joker && !card.named) return lang === "es" ? "el comodín" : "a joker";
  const name = cardName(code, lang);
  if (lang !== "es") return `the ${name}`;
  return `${FEMININE.has(card.rank) ? "la" : "el"} ${name}`;
}

export function theCards(codes, lang = "es") {
  const names = codes.map((code) => theCard(code, lang));
  if (names.length <= 1) return names.join("");
  return `${names.slice(0, -1).join(", ")} ${lang === "es" ? "y" : "and"} ${names[names.length - 1]}`;
}

// A short label for text: "Q♥", "10♠", "★Q♥" for a named joker, "★" for a joker.
export function shortName(code) {
  const card = parseCard(code);
  if (card.joker && !card.named) return "★";
  return `${card.named ? "★" : ""}${card.rank}${SUITS[card.suit]?.symbol || ""}`;
}

// ----- suit shapes: paths in a 20×21 box centred on (0, 0) -----------------------------------

const SHAPES = {
  h: "M0,9.5 C-4,5.6 -10,1.6 -10,-3.8 C-10,-7.8 -7.2,-10 -4.6,-10 C-2.6,-10 -0.9,-8.9 0,-7 " +
     "C0.9,-8.9 2.6,-10 4.6,-10 C7.2,-10 10,-7.8 10,-3.8 C10,1.6 4,5.6 0,9.5 Z",
  d: "M0,-10.5 Q3.6,-4.6 7.6,0 Q3.6,4.6 0,10.5 Q-3.6,4.6 -7.6,0 Q-3.6,-4.6 0,-10.5 Z",
  s: "M0,-10.5 C-3,-6 -10,-2.6 -10,2.4 C-10,6 -7.4,8 -4.8,8 C-3,8 -1.4,7.1 -0.7,5.8 " +
     "C-0.9,8 -1.9,9.6 -3.8,10.8 L3.8,10.8 C1.9,9.6 0.9,8 0.7,5.8 C1.4,7.1 3,8 4.8,8 " +
     "C7.4,8 10,6 10,2.4 C10,-2.6 3,-6 0,-10.5 Z",
  c: "M-0.9,1.5 C-1.1,6 -2.1,8.6 -4.2,10.8 L4.2,10.8 C2.1,8.6 1.1,6 0.9,1.5 Z",
};

// The fill of a suit's ink, with class ink-<suit> when it is the suit's own colour (so that
// css/display.css can give each suit its colour: four-colour suits, high contrast).
function ink(suit, color) {
  return color === SUITS[suit]?.color ? `fill="${color}" class="ink-${suit}"` : `fill="${color}"`;
}

// One suit symbol centred at (x, y), `s` times the 20-unit size.
export function suitShape(suit, x, y, s, color) {
  const fill = color || SUITS[suit]?.color || BLACK;
  const at = `transform="translate(${x} ${y}) scale(${s})"`;
  if (suit === "c") {
    return `<g ${at} ${ink(suit, fill)}><circle cx="0" cy="-5.3" r="4.7"/><circle cx="-5.2" cy="1.9" r="4.7"/>` +
      `<circle cx="5.2" cy="1.9" r="4.7"/><circle cx="0" cy="0.6" r="2.6"/><path d="${SHAPES.c}"/></g>`;
  }
  return `<path ${at} d="${SHAPES[suit] || ""}" ${ink(suit, fill)}/>`;
}

// A five-pointed star centred at (x, y) with outer radius r.
function star(x, y, r, fill, extra = "") {
  const points = [];
  for (let k = 0; k < 10; k++) {
    const radius = k % 2 ? r * 0.45 : r;
    const angle = -Math.PI / 2 + (k * Math.PI) / 5;
    points.push(`${(x + radius * Math.cos(angle)).toFixed(1)},${(y + radius * Math.sin(angle)).toFixed(1)}`);
  }
  return `<polygon points="${points.join(" ")}" fill="${fill}" ${extra}/>`;
}

const FONT = `font-family="system-ui, 'Segoe UI', Roboto, 'Noto Sans', sans-serif"`;

// The corner index: a large rank and its suit under it, in the card's left strip. The "big"
// index (a table seen from across the room) makes the rank as large as that strip allows.
function corner(card, color, big = false) {
  const ten = card.rank === "10";
  if (big) {
    const squeeze = ten ? ` textLength="46" lengthAdjust="spacingAndGlyphs"` : "";
    return `<text data-rank="" x="5" y="60" font-size="62" font-weight="800" ${ink(card.suit, color)} ${FONT}${squeeze}>${card.rank}</text>` +
      suitShape(card.suit, 21, 82, 0.95, color);
  }
  const size = ten ? 33 : 40;
  const x = ten ? 4 : 7;
  return `<text data-rank="" x="${x}" y="38" font-size="${size}" font-weight="800" ${ink(card.suit, color)} ${FONT} ` +
    `letter-spacing="${ten ? -2.5 : 0}">${card.rank}</text>` + suitShape(card.suit, 18, 55, 0.8, color);
}

// The middle of a card: one big pip, or for J Q K a framed letter (with the big index, a
// pip low on the right: the corner already says the rank).
function middle(card, color, big = false) {
  if (big) return suitShape(card.suit, 66, 110, 1.3, color);
  if (["J", "Q", "K"].includes(card.rank)) {
    return `<rect x="36" y="52" width="54" height="76" rx="6" fill="none" stroke="${color}" class="line-${card.suit}" stroke-width="2.5" opacity="0.55"/>` +
      `<text x="63" y="104" text-anchor="middle" font-size="44" font-weight="800" ${ink(card.suit, color)} ${FONT}>${card.rank}</text>` +
      suitShape(card.suit, 63, 66, 0.55, color) + suitShape(card.suit, 63, 118, 0.55, color);
  }
  return suitShape(card.suit, 62, 94, 1.75, color);
}

// The drawing of one card, from constants and a validated rank and suit only: the label
// and the code go on the element afterwards (cardEl), never into the markup.
function drawing(code, options) {
  const lang = options.lang || "es";
  const classes = ["card", "french", options.selected && "selected", options.extraClass].filter(Boolean).join(" ");
  const frame = (inner, fill = "#fffdf7", stroke = "#333", strokeWidth = 2) =>
    `<svg class="${classes}" viewBox="0 0 100 140" role="img">` +
    `<rect x="2" y="2" width="96" height="136" rx="10" fill="${fill}" stroke="${stroke}" stroke-width="${strokeWidth}"/>${inner}</svg>`;
  if (options.faceDown || !code) {
    return frame(`<rect x="10" y="10" width="80" height="120" rx="6" fill="none" stroke="#cfe3ff" stroke-width="3"/>` +
      `<path d="M10 40 L60 10 M10 75 L90 28 M10 110 L90 63 M30 130 L90 98" stroke="#cfe3ff" stroke-width="2.5" opacity="0.7"/>` +
      star(50, 70, 16, "#cfe3ff"), "#1d4e89");
  }
  const card = parseCard(code);
  if (card.joker && !card.named) {
    const word = lang === "en" ? "JOKER" : "COMODÍN";
    return frame(
      star(22, 26, 15, JOKER_INK) +
      star(54, 74, 32, JOKER_INK) +
      `<text x="50" y="126" text-anchor="middle" font-size="${lang === "en" ? 17 : 15}" font-weight="800" ` +
      `fill="${JOKER_INK}" ${FONT} letter-spacing="1">${word}</text>`,
      JOKER_FACE, JOKER_INK, 3);
  }
  if (!SUITS[card.suit] || !RANK_ORDER.includes(card.rank)) return frame("");
  const color = SUITS[card.suit].color;
  const big = options.index === "big";
  if (card.named && big) {
    return frame(corner(card, color, true) + star(66, 110, 24, JOKER_INK) +
      `<text x="94" y="20" text-anchor="end" font-size="13" font-weight="800" fill="${JOKER_INK}" ${FONT}>★</text>`,
      JOKER_FACE, JOKER_INK, 3.5);
  }
  if (card.named) {
    // The card it stands for in the corner, a star under it, and a big star with the rank.
    return frame(
      corner(card, color) +
      star(18, 80, 11, JOKER_INK) +
      star(62, 96, 34, JOKER_INK) +
      `<text x="62" y="${card.rank === "10" ? 107 : 109}" text-anchor="middle" font-size="${card.rank === "10" ? 25 : 30}" ` +
      `font-weight="800" fill="#fff" ${FONT}>${card.rank}</text>` +
      suitShape(card.suit, 80, 122, 0.62, color) +
      `<text x="94" y="20" text-anchor="end" font-size="11" font-weight="800" fill="${JOKER_INK}" ${FONT}>★</text>`,
      JOKER_FACE, JOKER_INK, 3.5);
  }
  return frame(corner(card, color, big) + middle(card, color, big));
}

// One card as an SVG element. options: {selected, faceDown, title, lang, extraClass, index: "big"}
export function cardEl(code, options = {}) {
  const node = markup(drawing(code, options));
  const label = options.title || (code ? cardName(code, options.lang || "es") : "");
  // A face-down piece has no name: a picture the reader skips (the count beside it says it).
  if (label) node.setAttribute("aria-label", label);
  else { node.removeAttribute("role"); node.setAttribute("aria-hidden", "true"); }
  node.dataset.card = code || "";
  return node;
}

// A suit symbol alone, as an SVG element (a lane's label on the table).
export function suitIcon(suit, extraClass = "") {
  if (!SUITS[suit]) return markup(`<svg class="${extraClass}" viewBox="-12 -12 24 24" aria-hidden="true"></svg>`);
  return markup(`<svg class="${extraClass}" viewBox="-12 -12 24 24" aria-hidden="true">${suitShape(suit, 0, 0, 0.95)}</svg>`);
}

// Sort a hand for display. by: "rank" | "suit"; aceHigh puts the ace after the king.
// Jokers go last.
export function sortCards(codes, by = "rank", { aceHigh = false } = {}) {
  const rankIndex = (rank) => {
    const i = RANK_ORDER.indexOf(rank);
    return aceHigh && i === 0 ? 13 : i;
  };
  const key = (code) => {
    const card = parseCard(code);
    if (card.joker && !card.named) return [99, 99];
    const r = rankIndex(card.rank);
    const s = SUIT_ORDER.indexOf(card.suit);
    return by === "suit" ? [s, r] : [r, s];
  };
  return [...codes].sort((a, b) => {
    const [a1, a2] = key(a);
    const [b1, b2] = key(b);
    return a1 - b1 || a2 - b2;
  });
}
