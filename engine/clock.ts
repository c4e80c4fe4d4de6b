// Fischer clock arithmetic, pure functions over plain data, shared by the
// server (the authority: it charges time, adds increments and stores the
// `deadline` its sweeper queries) and the browser (which counts down locally
// from the last clock state the server sent).
//
// A clock is the remaining milliseconds of each side, the Fischer increment,
// whose turn it is and the instant (epoch ms) that turn started; `now` is
// always passed in, so nothing here reads the time itself. Time on the current
// turn is never stored: it is `now - turnStartedAt`. Sides are numbered 1 and
// 2 (side 1 moves first; in hnefatafl side 1 is the attackers).

export type ClockSide = 1 | 2;

export interface ClockState {
  /** Milliseconds left for [side 1, side 2] as of the start of the current turn. */
  readonly remainingMs: readonly [number, number];
  /** Added to the mover's time after each move. */
  readonly incrementMs: number;
  /** When the side to move started thinking (epoch ms); null while stopped. */
  readonly turnStartedAt: number | null;
  readonly toMove: ClockSide;
  /**
   * Set while the side to move has not moved yet in a live game: instead of its main
   * time, a countdown of this many milliseconds (firstMoveMs) runs from `turnStartedAt`,
   * as on lichess. Its main time is not charged; when the countdown runs out the game
   * is aborted.
   */
  readonly firstMoveMs?: number;
}

export interface ClockPreset {
  readonly id: string;
  readonly label: string;
  readonly initialMs: number;
  readonly incrementMs: number;
  /** Only for automated tests: never offered, and refused by a production server. */
  readonly testOnly?: true;
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * Time controls offered when creating a tournament. Correspondence play is the
 * default (3 days, plus 6 hours a move); the short ones suit live events; the
 * tiny one lets end-to-end tests see a flag fall within seconds.
 */
export const CLOCK_PRESETS: readonly ClockPreset[] = [
  { id: "3d+6h", label: "3 days + 6 hours per move", initialMs: 3 * DAY, incrementMs: 6 * HOUR },
  { id: "1d+2h", label: "1 day + 2 hours per move", initialMs: DAY, incrementMs: 2 * HOUR },
  { id: "10m+5s", label: "10 minutes + 5 seconds per move", initialMs: 10 * MINUTE, incrementMs: 5 * SECOND },
  { id: "3m+2s", label: "3 minutes + 2 seconds per move", initialMs: 3 * MINUTE, incrementMs: 2 * SECOND },
  { id: "test-5s+1s", label: "5 seconds + 1 second per move (tests)", initialMs: 5 * SECOND, incrementMs: SECOND, testOnly: true },
];

/** The time controls people are offered (the test-only ones left out). */
export const OFFERED_CLOCK_PRESETS: readonly ClockPreset[] = CLOCK_PRESETS.filter((p) => !p.testOnly);

export const DEFAULT_CLOCK_PRESET_ID = "3d+6h";

/**
 * Live time controls (minutes, under an hour of main time) are played in one sitting;
 * the longer ones are correspondence, where a side has its whole main time to make
 * even its first move.
 */
export function isLiveControl(control: Pick<ClockPreset, "initialMs">): boolean {
  return control.initialMs < HOUR;
}

/** How long each side of a live game has for its first move; its main clock waits meanwhile. */
export const FIRST_MOVE_MS = 30 * SECOND;

/** The first-move countdown of a live control: FIRST_MOVE_MS, never longer than the main time. */
export function firstMoveMs(control: Pick<ClockPreset, "initialMs">): number {
  return Math.min(FIRST_MOVE_MS, control.initialMs);
}

/**
 * Whether the side to move at `ply` is on its first-move countdown: a live game whose
 * side 1 (ply 0) or side 2 (ply 1) has not moved yet. `countdown` is false where the
 * caller does not use the rule (the server keeps it to challenge games).
 */
export function firstMovePending(control: Pick<ClockPreset, "initialMs">, ply: number, countdown = true): boolean {
  return countdown && isLiveControl(control) && ply < 2;
}

export function clockPreset(id: string): ClockPreset | undefined {
  return CLOCK_PRESETS.find((preset) => preset.id === id);
}

/**
 * A fresh clock: both sides get the preset's time; side 1 is to move. Pass
 * `startedAt` to start side 1's clock at once, or null to start it later with
 * `startClock` (e.g. when both players have joined).
 */
export function createClock(preset: Pick<ClockPreset, "initialMs" | "incrementMs">, startedAt: number | null): ClockState {
  return {
    remainingMs: [preset.initialMs, preset.initialMs],
    incrementMs: preset.incrementMs,
    turnStartedAt: startedAt,
    toMove: 1,
  };
}

function other(side: ClockSide): ClockSide {
  return side === 1 ? 2 : 1;
}

/** The stored milliseconds of `side` (as of the start of the current turn). */
function stored(clock: ClockState, side: ClockSide): number {
  return side === 1 ? clock.remainingMs[0] : clock.remainingMs[1];
}

/** The remaining times with `side`'s replaced. */
function withRemaining(clock: ClockState, side: ClockSide, ms: number): [number, number] {
  return side === 1 ? [ms, clock.remainingMs[1]] : [clock.remainingMs[0], ms];
}

/**
 * Time the side to move has used on this turn. A `now` before the turn start
 * (clock skew between machines) counts as no time, never as time gained.
 */
export function timeUsed(clock: ClockState, now: number): number {
  // On the first-move countdown the main time is not running: nothing to charge.
  return clock.turnStartedAt === null || clock.firstMoveMs !== undefined ? 0 : Math.max(0, now - clock.turnStartedAt);
}

/** Milliseconds left for `side` at `now`, never below zero: what a clock face shows. */
export function remainingAt(clock: ClockState, side: ClockSide, now: number): number {
  return Math.max(0, stored(clock, side) - (side === clock.toMove ? timeUsed(clock, now) : 0));
}

/**
 * The instant the side to move runs out of time (the moment the flag falls),
 * or null while the clock is stopped. The server stores it in the game's
 * `deadline` column.
 */
export function deadline(clock: ClockState): number | null {
  if (clock.turnStartedAt === null) return null;
  return clock.turnStartedAt + (clock.firstMoveMs ?? stored(clock, clock.toMove));
}

/** The side to move has flagged: its time is used up at `now` (reaching zero exactly counts). */
export function isFlagged(clock: ClockState, now: number): boolean {
  const due = deadline(clock);
  return due !== null && now >= due;
}

/** The side that has lost on time at `now`, if any (only the side to move can). */
export function flaggedSide(clock: ClockState, now: number): ClockSide | null {
  return isFlagged(clock, now) ? clock.toMove : null;
}

export type ClockMoveOutcome = { readonly ok: true; readonly clock: ClockState } | { readonly ok: false; readonly reason: "time is up" };

/**
 * The side to move moves at `now`: its time used is subtracted, the increment
 * added, and the other side's turn starts at `now`. A move made at or after
 * the deadline is refused: the mover has already lost on time. A stopped
 * clock is started by the move instead (nothing is charged).
 *
 * A first move on the countdown charges nothing and adds no increment: the mover's
 * main clock has not started. After side 1's first move, side 2's countdown runs;
 * after side 2's, the main clocks do.
 */
export function afterMove(clock: ClockState, now: number): ClockMoveOutcome {
  if (isFlagged(clock, now)) return { ok: false, reason: "time is up" };
  const mover = clock.toMove;
  const first = clock.firstMoveMs;
  const left = first !== undefined ? stored(clock, mover) : stored(clock, mover) - timeUsed(clock, now) + clock.incrementMs;
  const remainingMs = withRemaining(clock, mover, left);
  const { firstMoveMs: _done, ...rest } = clock;
  const next = { ...rest, remainingMs, toMove: other(mover), turnStartedAt: now };
  return { ok: true, clock: first !== undefined && mover === 1 ? { ...next, firstMoveMs: first } : next };
}

/** Starts (or restarts) the side to move's turn at `now`, e.g. when a game begins. */
export function startClock(clock: ClockState, now: number): ClockState {
  return { ...clock, turnStartedAt: now };
}

/**
 * Stops the clock at `now` (game over, or paused by an arbiter): the side to
 * move is charged the time used so far, floored at zero, and nothing runs.
 */
export function stopClock(clock: ClockState, now: number): ClockState {
  const remainingMs = withRemaining(clock, clock.toMove, remainingAt(clock, clock.toMove, now));
  return { ...clock, remainingMs, turnStartedAt: null };
}

/**
 * Clock-face text: "2d 05:59:59" from a day up, "1:02:03" from an hour,
 * "9:58" below, and tenths under ten seconds ("0:07.3"), when they matter.
 * Time is rounded down, so a clock never shows time that is not there.
 */
export function formatClock(ms: number): string {
  const clamped = Math.max(0, Math.floor(ms));
  const days = Math.floor(clamped / DAY);
  const hours = Math.floor((clamped % DAY) / HOUR);
  const minutes = Math.floor((clamped % HOUR) / MINUTE);
  const seconds = Math.floor((clamped % MINUTE) / SECOND);
  const two = (n: number): string => String(n).padStart(2, "0");
  if (days > 0) return `${days}d ${two(hours)}:${two(minutes)}:${two(seconds)}`;
  if (hours > 0) return `${hours}:${two(minutes)}:${two(seconds)}`;
  if (clamped < 10 * SECOND) return `0:0${seconds}.${Math.floor((clamped % SECOND) / 100)}`;
  return `${minutes}:${two(seconds)}`;
}
