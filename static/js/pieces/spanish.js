// Spanish-suited cards drawn as SVG by our own code: large rank, suit colour and symbol.
// Card codes follow the engine's notation: rank (A 2..10 S C R) + suit (o c e b); "*" is a joker.
// The same API as every deck in pieces/: parseCard, cardName, sortCards, cardEl.
import { markup } from "../core/dom.js";

export const DECK = "spanish";

export const SUITS = {
  o: { es: "oros", en: "coins", color: "#b8860b" },
  c: { es: "copas", en: "cups", color: "#c62828" },
  e: { es: "espadas", en: "swords", color: "#1565c0" },
  b: { es: "bastos", en: "clubs", color: "#2e7d32" },
};
export const RANK_ORDER = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "S", "C", "R"];
const RANK_WORDS = {
  es: { A: "As", S: "Sota", C: "Caballo", R: "Rey" },
  en: { A: "Ace", S: "Jack", C: "Knight", R: "King" },
};

export function parseCard(code) {
  if (code === "*") return { joker: true, rank: null, suit: null };
  return { joker: false, rank: code.slice(0, -1), suit: code.slice(-1) };
}

// "Sota", "7": a rank in words (a group's rank, a joker standing for one).
export function rankName(rank, lang = "es") {
  return RANK_WORDS[lang]?.[rank] || rank;
}

export function cardName(code, lang = "es") {
  const card = parseCard(code);
  if (card.joker) return lang === "es" ? "Comodín" : "Joker";
  const rank = RANK_WORDS[lang][card.rank] || card.rank;
  const suit = SUITS[card.suit][lang];
  return lang === "es" ? `${rank} de ${suit}` : `${rank} of ${suit}`;
}

// A card named in a sentence, with its article: "el 7 de copas", "la Sota de bastos",
// "the Jack of clubs" (the Sota is feminine; every other rank and the comodín masculine).
export function theCard(code, lang = "es") {
  const name = cardName(code, lang);
  if (lang !== "es") return `the ${name}`;
  const card = parseCard(code);
  return card.joker ? "el comodín" : `${card.rank === "S" ? "la" : "el"} ${name}`;
}

// Several cards in a sentence, each with its article: "el 7 de oros y la Sota de copas".
export function theCards(codes, lang = "es") {
  const names = codes.map((code) => theCard(code, lang));
  if (names.length <= 1) return names.join("");
  return `${names.slice(0, -1).join(", ")} ${lang === "es" ? "y" : "and"} ${names[names.length - 1]}`;
}

function suitSymbol(suit, x, y, s) {
  const color = SUITS[suit].color;
  const t = (dx, dy) => `${x + dx * s},${y + dy * s}`;
  switch (suit) {
    case "o":
      return `<circle cx="${x}" cy="${y}" r="${10 * s}" fill="#f2c230" stroke="${color}" class="line-${suit}" stroke-width="${2.5 * s}"/>` +
        `<circle cx="${x}" cy="${y}" r="${4.5 * s}" fill="none" stroke="${color}" class="line-${suit}" stroke-width="${1.8 * s}"/>`;
    case "c":
      return `<path d="M${t(-10, -10)} L${t(10, -10)} Q${t(10, 3)} ${t(2, 5)} L${t(2, 9)} L${t(6, 11)} L${t(-6, 11)} L${t(-2, 9)} L${t(-2, 5)} Q${t(-10, 3)} ${t(-10, -10)} Z" fill="${color}" class="ink-${suit}"/>`;
    case "e":
      return `<path d="M${t(0, -13)} L${t(3, -8)} L${t(3, 5)} L${t(8, 5)} L${t(8, 8)} L${t(2, 8)} L${t(2, 13)} L${t(-2, 13)} L${t(-2, 8)} L${t(-8, 8)} L${t(-8, 5)} L${t(-3, 5)} L${t(-3, -8)} Z" fill="${color}" class="ink-${suit}"/>`;
    case "b":
      return `<path d="M${t(-3, 13)} L${t(-5, -6)} Q${t(-7, -13)} ${t(0, -13)} Q${t(7, -13)} ${t(5, -6)} L${t(3, 13)} Z" fill="${color}" class="ink-${suit}"/>` +
        `<circle cx="${x - 4 * s}" cy="${y - 2 * s}" r="${2 * s}" fill="#a5d6a7"/><circle cx="${x + 3 * s}" cy="${y + 4 * s}" r="${2 * s}" fill="#a5d6a7"/>`;
  }
  return "";
}

// The drawing of one card, from constants and a validated rank and suit only: the label
// and the code go on the element afterwards (cardEl), never into the markup.
function drawing(code, options) {
  const classes = ["card", options.selected && "selected", options.extraClass].filter(Boolean).join(" ");
  const frame = (inner, fill = "#fffdf7") =>
    `<svg class="${classes}" viewBox="0 0 100 140" role="img">` +
    `<rect x="2" y="2" width="96" height="136" rx="10" fill="${fill}" stroke="#333" stroke-width="2"/>${inner}</svg>`;
  if (options.faceDown || !code) {
    return frame(`<rect x="10" y="10" width="80" height="120" rx="6" fill="none" stroke="#f2c230" stroke-width="3"/>` +
      `<path d="M20 30 L80 110 M80 30 L20 110" stroke="#f2c230" stroke-width="3"/>`, "#7b1e3a");
  }
  const card = parseCard(code);
  const jokerWord = options.lang === "en" ? "JOKER" : "COMODÍN";
  if (card.joker && options.index === "big") {
    return frame(`<text x="6" y="58" font-size="60" fill="#6a1b9a">★</text>` +
      `<text x="50" y="118" text-anchor="middle" font-size="15" font-weight="700" fill="#6a1b9a" font-family="sans-serif">${jokerWord}</text>`);
  }
  if (card.joker) {
    return frame(`<text x="50" y="62" text-anchor="middle" font-size="54" fill="#6a1b9a">★</text>` +
      `<text x="50" y="104" text-anchor="middle" font-size="15" font-weight="700" fill="#6a1b9a" font-family="sans-serif">${jokerWord}</text>`);
  }
  if (!SUITS[card.suit] || !RANK_ORDER.includes(card.rank)) return frame("");
  const color = SUITS[card.suit].color;
  if (options.index === "big") return frame(bigIndex(card, color));
  const small = card.rank.length > 1 ? 34 : 40;
  return frame(
    `<text data-rank="" x="10" y="44" font-size="${small}" font-weight="800" fill="${color}" class="ink-${card.suit}" font-family="sans-serif">${card.rank}</text>` +
    suitSymbol(card.suit, 72, 28, 1.1) +
    suitSymbol(card.suit, 50, 96, 2.2));
}

// The face for a table seen from across the room (the TV): the rank as large as the card's
// width allows, its suit under it, both in the strip an overlapping card leaves in sight.
function bigIndex(card, color) {
  const squeeze = card.rank.length > 1 ? ` textLength="58" lengthAdjust="spacingAndGlyphs"` : "";
  return `<text data-rank="" x="6" y="61" font-size="64" font-weight="800" fill="${color}" class="ink-${card.suit}" font-family="sans-serif"${squeeze}>${card.rank}</text>` +
    suitSymbol(card.suit, 22, 86, 1.15) +
    suitSymbol(card.suit, 66, 110, 1.45);
}

// One card as an SVG element. options: {selected, faceDown, title, lang, extraClass, index: "big"}
export function cardEl(code, options = {}) {
  const card = code ? parseCard(code) : null;
  const known = card && (card.joker || (SUITS[card.suit] && RANK_ORDER.includes(card.rank)));
  const node = markup(drawing(code, options));
  const label = options.title || (known ? cardName(code, options.lang || "es") : "");
  // A face-down piece has no name: a picture the reader skips (the count beside it says it).
  if (label) node.setAttribute("aria-label", label);
  else { node.removeAttribute("role"); node.setAttribute("aria-hidden", "true"); }
  node.dataset.card = code || "";
  return node;
}

export function sortCards(codes, by = "rank") {
  const suitOrder = "oceb";
  const key = (code) => {
    const card = parseCard(code);
    if (card.joker) return [99, 99];
    const r = RANK_ORDER.indexOf(card.rank), s = suitOrder.indexOf(card.suit);
    return by === "suit" ? [s, r] : [r, s];
  };
  return [...codes].sort((a, b) => {
    const [a1, a2] = key(a), [b1, b2] = key(b);
    return a1 - b1 || a2 - b2;
  });
}
