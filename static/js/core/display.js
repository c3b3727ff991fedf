// How this device draws the table, kept in its own localStorage (each phone and each TV its
// own): four-colour suits, extra-large cards, high contrast. Each option is a class on <html>
// (opt-four-colour, opt-large, opt-contrast) that css/display.css draws; the layouts that size
// cards in JS multiply their sizes by cardScale(). displayButton() is the page's "Aa" control.
import { h } from "./dom.js";
import { t } from "./i18n.js";
import { store } from "./storage.js";
import { setSound, soundSettings } from "./sound.js";

const KEY = "sobremesa.display";
export const OPTIONS = ["four_colour", "large", "contrast"];
const LARGE = 1.35;
const listeners = new Set();

let current = read();

function read() {
  const kept = store.getJSON(KEY) || {};
  return Object.fromEntries(OPTIONS.map((name) => [name, kept[name] === true]));
}

export function displayOptions() {
  return { ...current };
}

// How much larger this device wants its cards and tiles (1 unless extra-large).
export function cardScale() {
  return current.large ? LARGE : 1;
}

export function applyDisplay() {
  const root = document.documentElement;
  for (const name of OPTIONS) root.classList.toggle(`opt-${name.replace("_", "-")}`, current[name]);
}

export function setDisplayOption(name, on) {
  if (!OPTIONS.includes(name) || current[name] === !!on) return;
  current = { ...current, [name]: !!on };
  store.setJSON(KEY, current);
  applyDisplay();
  for (const fn of listeners) fn(displayOptions());
  // Every hand and table lays itself out again on a resize: so too for new sizes.
  window.dispatchEvent(new Event("resize"));
}

// Call fn(options) after each change (the page redraws: sizes computed in JS change).
export function onDisplayChange(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

// The "Aa" button and its dialog (a native modal <dialog>: focus kept inside, Esc closes).
// Keys pressed in the dialog stay in it (the one-device page's game keys never see them).
// With `sound`, the dialog also has this device's sound switch (a phone's).
export function displayButton(extraClass = "", { sound = false } = {}) {
  const dialog = h("dialog", { class: "display-dialog", "aria-labelledby": "display-title",
    on: { keydown: (event) => event.stopPropagation(), close: () => button.focus() } });
  const button = h("button", { type: "button", id: "display-btn", class: ["display-btn", extraClass],
    "aria-haspopup": "dialog", on: { click: () => open() } });
  const open = () => { draw(); dialog.showModal(); };
  const label = () => {
    button.textContent = t("display.button");
    button.setAttribute("aria-label", t(sound ? "display.name_sound" : "display.name"));
    button.title = t(sound ? "display.title_sound" : "display.title");
  };
  const option = (name, on, change) => h("label", { class: "display-option", dataset: { option: name } },
    h("input", { type: "checkbox", name, ...(on ? { checked: true } : {}),
      on: { change: (event) => change(event.target.checked) } }),
    h("span", { class: "display-words" },
      h("b", { text: t(`display.${name}`) }), h("span", { text: t(`display.${name}.hint`) })));
  function draw() {
    dialog.replaceChildren(
      h("h2", { id: "display-title", text: t(sound ? "display.title_sound" : "display.title") }),
      h("p", { class: "display-note", text: t("display.note") }),
      ...OPTIONS.map((name) => option(name, current[name], (on) => setDisplayOption(name, on))),
      ...(sound ? [option("sound", soundSettings().on, (on) => setSound({ on }))] : []),
      h("form", { method: "dialog" }, h("button", { type: "submit", class: "btn primary", text: t("display.done") })));
  }
  label();
  applyDisplay();
  return { button, dialog, open, relabel: () => { label(); if (dialog.open) draw(); } };
}

applyDisplay();
