// A phone's reactions: its 😊 in the top bar (shell/phone.js) opens six faces, loaded with the
// first tap; a tap on a face shows it on the TV by the player's name (server/reactions.py: at
// most one every two seconds). Each face has its words for screen readers.
import { h } from "../core/dom.js";
import { registerStrings, t } from "../core/i18n.js";

export const FACES = ["👏", "😂", "😮", "😬", "🔥", "🙈"];

registerStrings({
  es: { "react.0": "Aplausos", "react.1": "Risa", "react.2": "Sorpresa", "react.3": "Nervios",
    "react.4": "¡Fuego!", "react.5": "No miro", "react.said": "{name}: {words}" },
  en: { "react.0": "Applause", "react.1": "Laughter", "react.2": "Surprise", "react.3": "Nerves",
    "react.4": "On fire!", "react.5": "Can't look", "react.said": "{name}: {words}" },
});

// The faces under `button`; send(face) -> Promise<reply>, refused(error) says why one was not shown.
export function reactionsPanel(button, send, refused) {
  const panel = h("div", { class: "react-panel hidden", role: "group" });
  button.after(panel);
  function open(on) {
    panel.classList.toggle("hidden", !on);
    button.setAttribute("aria-expanded", String(on));
  }
  async function pick(face) {
    open(false);
    const reply = await send(face);
    if (!reply?.ok) refused(reply?.error);
  }
  function relabel() {
    panel.setAttribute("aria-label", t("react.open"));
    panel.replaceChildren(...FACES.map((face, i) => h("button", { type: "button", class: "react-face",
      "aria-label": t(`react.${i}`), on: { click: () => pick(face) } }, face)));
  }
  relabel();
  return { open, relabel, toggle: () => open(panel.classList.contains("hidden")) };
}

// The words for face `face` ("" for none of the six).
export function faceWords(face) {
  const i = FACES.indexOf(face);
  return i < 0 ? "" : t(`react.${i}`);
}
