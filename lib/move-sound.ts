// Move sounds: a short click, synthesized with the Web Audio API (no audio file to
// ship), when a move arrives on a game page. On by default, as on lichess, with a
// toggle on the game page; the choice is kept in this browser (localStorage), since it
// belongs to the device (a phone on silent, a laptop in a library) more than to the
// account. Several tabs may show the same game: a hidden tab plays a move only if no
// other tab played it, so one move makes at most one sound among hidden tabs.

const STORAGE_KEY = "moot:move-sounds";
const LAST_PLAYED_KEY = "moot:move-sound-last";

import { useSyncExternalStore } from "react";

const CHANGED = "moot:move-sounds-changed";

export function soundsEnabled(): boolean {
  try {
    return window.localStorage.getItem(STORAGE_KEY) !== "off";
  } catch {
    return true;
  }
}

export function setSoundsEnabled(on: boolean): void {
  try {
    window.localStorage.setItem(STORAGE_KEY, on ? "on" : "off");
  } catch {
    // Storage refused (private mode, quota): nothing to keep it in.
  }
  window.dispatchEvent(new Event(CHANGED));
}

function subscribe(onChange: () => void): () => void {
  // This tab's toggle, and another tab's (the storage event).
  window.addEventListener(CHANGED, onChange);
  window.addEventListener("storage", onChange);
  return () => {
    window.removeEventListener(CHANGED, onChange);
    window.removeEventListener("storage", onChange);
  };
}

/** The toggle's state, the same in every tab of this browser; on while the server renders. */
export function useSoundsEnabled(): boolean {
  return useSyncExternalStore(subscribe, soundsEnabled, () => true);
}

/**
 * Whether this tab sounds the move `key` ("<game>:<ply>"): a visible tab always does; a
 * hidden one only if no tab has sounded that move (`lastPlayed`, shared between tabs).
 */
export function shouldSound(opts: { enabled: boolean; hidden: boolean; key: string; lastPlayed: string | null }): boolean {
  if (!opts.enabled) return false;
  return !opts.hidden || opts.lastPlayed !== opts.key;
}

let context: AudioContext | null = null;

/** Plays the click for the move `key`, if the toggle and the other tabs allow it. */
export function soundMove(key: string): void {
  if (typeof window === "undefined" || typeof window.AudioContext !== "function") return;
  let lastPlayed: string | null = null;
  try {
    lastPlayed = window.localStorage.getItem(LAST_PLAYED_KEY);
  } catch {
    // No storage: every tab decides alone.
  }
  if (!shouldSound({ enabled: soundsEnabled(), hidden: document.hidden, key, lastPlayed })) return;
  try {
    window.localStorage.setItem(LAST_PLAYED_KEY, key);
  } catch {
    // As above.
  }
  context ??= new AudioContext();
  // A browser keeps audio suspended until the page has had a click or a key; the
  // promise is left alone then, and the click is simply not heard.
  if (context.state === "suspended") void context.resume().catch(() => undefined);
  const at = context.currentTime;
  // A wooden "tock": a short sine drop from 900 to 300 Hz, gone in 80 ms.
  const osc = context.createOscillator();
  const gain = context.createGain();
  osc.type = "sine";
  osc.frequency.setValueAtTime(900, at);
  osc.frequency.exponentialRampToValueAtTime(300, at + 0.06);
  gain.gain.setValueAtTime(0.0001, at);
  gain.gain.exponentialRampToValueAtTime(0.35, at + 0.005);
  gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.08);
  osc.connect(gain).connect(context.destination);
  osc.start(at);
  osc.stop(at + 0.09);
  // Counted for the e2e test, which cannot hear.
  (window as unknown as { __mootMoveSounds?: number }).__mootMoveSounds = ((window as unknown as { __mootMoveSounds?: number }).__mootMoveSounds ?? 0) + 1;
}
