// What a player's own screen (the phone, the solo page) shows of a refusal or a notice: a
// banner at the top that goes by itself, and a vibration where the device has one.
import { pick } from "../core/i18n.js";

export function vibrate(pattern) {
  try {
    if (navigator.vibrate) navigator.vibrate(pattern);
  } catch { /* not allowed yet: no user gesture */ }
}

export function errorText(error) {
  if (!error) return "";
  if (typeof error === "string") return error;
  return pick({ es: error.es, en: error.en }) || error.code || "";
}

let bannerTimer = null;
export function banner(message, kind = "error") {
  const el = document.getElementById("banner");
  el.textContent = errorText(message);
  el.className = `banner ${kind}`;
  el.onclick = () => el.classList.add("hidden");
  clearTimeout(bannerTimer);
  bannerTimer = setTimeout(() => el.classList.add("hidden"), kind === "error" ? 6000 : 3500);
}
