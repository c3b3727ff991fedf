// A finished game's best moments on a page of their own, drawn by the games' TV screens: the
// one-device page (a laptop alone, with no TV) opens it from its podium. /replay?room=CODE
// plays the game that room has just finished; closing it goes back to that game on /solo.
import { applyDisplay } from "../core/display.js";
import { readCatalogue } from "./games.js";
import { openReplay } from "./tv-replay.js";

const room = (new URLSearchParams(location.search).get("room") || "").toUpperCase();
const back = /^[A-Z0-9]{1,8}$/.test(room) ? `/solo?room=${room}` : "/solo";

function leave() {
  location.assign(back);
}

// Nothing to show (an unknown room, a game not finished): the layer says why, and its Cerrar
// leads back all the same.
applyDisplay();
openReplay({ source: { room }, mode: "moments", catalogue: readCatalogue(), onClose: leave });
