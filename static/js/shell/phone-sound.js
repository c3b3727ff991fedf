// The phone's own sounds: a chime when it becomes your turn and when a ¡Compro! window asks
// you, a tick in the window's last two seconds. Nothing for other people's moves: the TV
// sounds those for the whole room.
import { defineCues, playCue } from "../core/sound.js";

defineCues({
  turn: [[880, 0, 0.3, "sine", 0.8], [1175, 0.1, 0.45, "sine", 0.7]],
  ask: [[1047, 0, 0.16, "triangle"], [1319, 0.08, 0.16, "triangle"], [1568, 0.16, 0.35, "triangle"]],
  tick: [[1200, 0, 0.05, "square", 0.2]],
});

export const phoneSound = playCue;
