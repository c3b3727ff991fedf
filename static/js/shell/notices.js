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
let aboutTheMoment = false;      // the banner shows a game screen's refusal or reason
export function banner(message, kind = "error", { moment = false } = {}) {
  const el = document.getElementById("banner");
  el.textContent = errorText(message);
  el.className = `banner ${kind}`;
  el.onclick = () => el.classList.add("hidden");
  clearTimeout(bannerTimer);
  bannerTimer = setTimeout(() => el.classList.add("hidden"), kind === "error" ? 6000 : 3500);
  aboutTheMoment = moment;
}

// The banner of a game's screen (its ctx.banner): a refusal or a reason is about the moment it
// was given ("Te faltan 20 puntos" for the cards then chosen), so it goes once the player does
// something else or the game moves on (dropMoment), where a shell's own notice stays its time.
export function momentBanner(message, kind = "error") {
  banner(message, kind, { moment: true });
}

export function dropMoment() {
  if (!aboutTheMoment) return;
  aboutTheMoment = false;
  clearTimeout(bannerTimer);
  document.getElementById("banner").classList.add("hidden");
}

// The player's next tap on the game or key (before the screen handles it, which may give a
// new refusal) drops the last one.
export function dropMomentOnInput(gameRoot) {
  gameRoot.addEventListener("pointerdown", dropMoment, true);
  document.addEventListener("keydown", (event) => {
    if (!["Tab", "Shift", "Control", "Alt", "Meta"].includes(event.key)) dropMoment();
  }, true);
}
