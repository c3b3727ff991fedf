// A phone's reactions: a button in the top bar opens six faces; a tap shows the face on the TV
// by the player's name (server/reactions.py: at most one every two seconds). Each face has its
// words for screen readers.
import { h } from "../core/dom.js";
import { t } from "../core/i18n.js";

export const FACES = ["👏", "😂", "😮", "😬", "🔥", "🙈"];

// send(face) -> Promise<reply>; refused(error) says why a face was not shown.
export function reactionsButton(send, refused) {
  const panel = h("div", { class: "react-panel hidden", role: "group" });
  const button = h("button", { type: "button", class: "react-btn hidden", "aria-expanded": "false",
    on: { click: () => open(panel.classList.contains("hidden")) } }, "😊");
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
    button.setAttribute("aria-label", t("react.open"));
    button.title = t("react.open");
    panel.setAttribute("aria-label", t("react.open"));
    panel.replaceChildren(...FACES.map((face, i) => h("button", { type: "button", class: "react-face",
      "aria-label": t(`react.${i}`), on: { click: () => pick(face) } }, face)));
  }
  relabel();
  return { button, panel, relabel, show(on) { button.classList.toggle("hidden", !on); if (!on) open(false); } };
}

// The words for face `face` ("" for none of the six).
export function faceWords(face) {
  const i = FACES.indexOf(face);
  return i < 0 ? "" : t(`react.${i}`);
}
