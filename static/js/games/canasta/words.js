// Canasta's cards and numbers in sentences: "el 7 de corazones", "la Jota de picas", "the
// Queen of hearts", "el comodín"; "20.000" (points grouped in thousands, as a family reads them).
import { getLang } from "../../core/i18n.js";
import { cardName, parseCard } from "../../pieces/french.js";

const FEMININE = new Set(["J", "Q"]);        // la Jota, la Reina; el As, el Rey, el 7

export function theCard(code, lang = getLang()) {
  const card = parseCard(code);
  if (card.joker && !card.named) return lang === "es" ? "el comodín" : "a joker";
  const name = cardName(code, lang);
  if (lang !== "es") return `the ${name}`;
  return `${FEMININE.has(card.rank) ? "la" : "el"} ${name}`;
}

export function theCards(codes, lang = getLang()) {
  const names = codes.map((code) => theCard(code, lang));
  if (names.length <= 1) return names.join("");
  return `${names.slice(0, -1).join(", ")} ${lang === "es" ? "y" : "and"} ${names[names.length - 1]}`;
}

// Points with a real minus sign and thousands grouped: "−1.250" / "−1,250".
export function points(n, lang = getLang()) {
  if (typeof n !== "number") return String(n ?? "");
  const grouped = String(Math.abs(n)).replace(/\B(?=(\d{3})+(?!\d))/g, lang === "es" ? "." : ",");
  return n < 0 ? `−${grouped}` : grouped;
}
