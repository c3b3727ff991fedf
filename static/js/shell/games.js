// Loads a game's screens by the name the server gives (its catalogue, or the room's game):
// games/<name>/manifest.js, whose default export is
//   { name, strings: {es, en}, tv: () => import(screen), phone: () => import(screen),
//     styles: {tv: "<file in static/css>", phone: "<file>"} }   (optional: loaded with the screen)
// and each screen module exports mount(root, ctx) -> {update(state), relabel(), destroy()}.
// The shells name no game: whatever the server registers is found here.
import { registerStrings } from "../core/i18n.js";

const manifests = new Map();
const GAME_NAME = /^[a-z][a-z0-9_]*$/;

// The server's catalogue of games, written into the page (<script id="catalogue">).
export function readCatalogue() {
  try {
    return JSON.parse(document.getElementById("catalogue").textContent) || [];
  } catch {
    return [];
  }
}

// The manifest of game `name` (null when there is none, or it fails to load).
export function loadManifest(name) {
  if (!GAME_NAME.test(name || "")) return Promise.resolve(null);
  if (!manifests.has(name)) {
    manifests.set(name, import(`../games/${name}/manifest.js`).then((module) => {
      const manifest = module.default;
      registerStrings(manifest.strings);
      return manifest;
    }).catch((error) => {
      console.error(error);
      return null;
    }));
  }
  return manifests.get(name);
}

// One game's screen at a time in `root`: mounting another game first destroys the one there.
// `ctx()` gives the screen its ctx when it is mounted; `missing()` the words shown when the
// game has no screen for this device.
export function screenSlot(root, device, ctx, missing) {
  let current = null;      // {name, ui}
  let loading = null;
  return {
    async mount(name) {
      if (current && current.name === name) return current.ui;
      if (loading === name) return null;
      this.clear();
      loading = name;
      try {
        const module = await loadScreen(name, device);
        if (!module) {
          root.textContent = missing();
          return null;
        }
        root.replaceChildren();
        const ui = module.mount(root, ctx());
        current = { name, ui };
        return ui;
      } finally {
        loading = null;
      }
    },
    clear() {
      if (current) current.ui.destroy();
      current = null;
    },
    relabel() {
      current?.ui.relabel?.();
    },
  };
}

// A game's own style sheet, linked once, resolved when it has loaded (or failed: the screen
// still works, plainer). Only the games played on a page cost its bytes.
const sheets = new Map();
function loadStyles(file) {
  if (!file || !/^[a-z0-9-]+\.css$/.test(file)) return Promise.resolve();
  if (!sheets.has(file)) {
    sheets.set(file, new Promise((resolve) => {
      const link = document.createElement("link");
      link.rel = "stylesheet";
      link.href = `/static/css/${file}`;
      link.addEventListener("load", resolve);
      link.addEventListener("error", resolve);
      document.head.append(link);
    }));
  }
  return sheets.get(file);
}

// The screen module of `name` for `device` ("tv" | "phone"), or null.
export async function loadScreen(name, device) {
  const manifest = await loadManifest(name);
  if (!manifest || typeof manifest[device] !== "function") return null;
  try {
    const [module] = await Promise.all([manifest[device](), loadStyles(manifest.styles?.[device])]);
    return module;
  } catch (error) {
    console.error(error);
    return null;
  }
}
