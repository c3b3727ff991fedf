// Sound made here: each cue is a few notes synthesized with the Web Audio API (no sound files).
// A page defines its cues (defineCues) and plays them by name (playCue). Nothing sounds before
// the first tap or key on the page (browsers allow audio only after a gesture), nor where the
// browser refuses audio, nor while this device has sound off. Each device keeps its own switch
// and volume. Reduced motion is about motion: it does not silence anything.
import { store } from "./storage.js";

const KEY = "sobremesa.sound";
const LOUDEST = 0.3;        // the master gain at full volume: quiet enough to talk over
const cues = {};
let audio = null;           // the AudioContext, made at the first gesture
let refused = false;
const played = [];          // the cues synthesized, in order: the browser tests read it

function read() {
  const kept = store.getJSON(KEY) || {};
  const volume = Number(kept.volume);
  return { on: kept.on !== false, volume: volume >= 0 && volume <= 1 ? volume : 0.7, speak: kept.speak === true };
}

let settings = read();

export function soundSettings() {
  return { ...settings };
}

export function setSound(change) {
  settings = { ...settings, ...change };
  store.setJSON(KEY, settings);
}

// cues = {name: [[frequency Hz, start s, length s, wave, loudness 0-1, slide to Hz], ...]}
export function defineCues(table) {
  Object.assign(cues, table);
}

// The longest a cue sounds, in seconds (its last note's end).
export function cueLength(name) {
  return Math.max(0, ...(cues[name] || []).map(([, start, length]) => start + length));
}

function unlock() {
  if (audio || refused) return;
  try {
    const Context = window.AudioContext || window.webkitAudioContext;
    audio = Context ? new Context() : null;
    refused = !audio;
    audio?.resume?.()?.catch?.(() => {});
  } catch {
    audio = null;
    refused = true;
  }
}

for (const type of ["pointerdown", "keydown"]) addEventListener(type, unlock, { capture: true, passive: true });

// Plays cue `name` now; false when nothing sounded (off, silent volume, no audio yet or ever).
export function playCue(name) {
  const notes = cues[name];
  if (!notes || !settings.on || settings.volume <= 0 || !audio) return false;
  try {
    const now = audio.currentTime + 0.02;
    const master = audio.createGain();
    master.gain.value = LOUDEST * settings.volume;
    master.connect(audio.destination);
    for (const [frequency, start, length, wave = "sine", loud = 1, slide] of notes) {
      const at = now + start;
      const tone = audio.createOscillator();
      const shape = audio.createGain();
      tone.type = wave;
      tone.frequency.setValueAtTime(frequency, at);
      if (slide) tone.frequency.exponentialRampToValueAtTime(slide, at + length);
      shape.gain.setValueAtTime(0.0001, at);
      shape.gain.exponentialRampToValueAtTime(loud, at + 0.01);
      shape.gain.exponentialRampToValueAtTime(0.0001, at + length);
      tone.connect(shape).connect(master);
      tone.start(at);
      tone.stop(at + length + 0.05);
    }
  } catch {
    return false;
  }
  played.push(name);
  return true;
}

window.sobremesaSound = { played, cueLength, get unlocked() { return !!audio; } };
