// Points as every screen writes them: a real minus sign ("−20", the same on the TV and the
// phones), and a plus for a gain where the screen asks for it ("+35").
export function signed(n, { plus = false } = {}) {
  if (typeof n !== "number") return String(n ?? "");
  if (n < 0) return `−${Math.abs(n)}`;
  return plus && n > 0 ? `+${n}` : String(n);
}
