// Points as every screen writes them: a real minus sign ("−20", the same on the TV and the
// phones), and a plus for a gain where the screen asks for it ("+35").
import { getLang } from "./i18n.js";

export function signed(n, { plus = false } = {}) {
  if (typeof n !== "number") return String(n ?? "");
  if (n < 0) return `−${Math.abs(n)}`;
  return plus && n > 0 ? `+${n}` : String(n);
}

// Points with thousands grouped, as a family reads big scores: "−1.250" / "−1,250".
export function grouped(n, lang = getLang()) {
  if (typeof n !== "number") return String(n ?? "");
  const digits = String(Math.abs(n)).replace(/\B(?=(\d{3})+(?!\d))/g, lang === "es" ? "." : ",");
  return n < 0 ? `−${digits}` : digits;
}
