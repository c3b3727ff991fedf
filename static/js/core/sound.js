// Cues synthesized with the Web Audio API (no sound files): defineCues(), then playCue(name).
// Silent before the page's first tap or key (the browsers' rule), where audio is refused, and
// while this device has sound off. Reduced motion does not silence it.
import { store } from "./storage.js";

const KEY = "sobremesa.sound";
const LOUDEST = 0.3;        // quiet enough to talk over
const cues = {};
let audio = null;
let refused = false;
const played = [];          // the browser tests read it

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

// {name: [[Hz, start s, length s, wave, loudness, slide to Hz], ...]}
export function defineCues(table) {
  Object.assign(cues, table);
}

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

// False when nothing sounded.
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
