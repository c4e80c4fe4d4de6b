// A rough duration estimate for the tournament-creation preview: how long one
// game typically lasts under a Fischer time control, times the number of steps
// that must happen one after the other (games inside a step run in parallel,
// each with its own clock).
//
// The estimate, and why it is rough:
// - Correspondence (main time of a day or more, or an increment of an hour or
//   more): players answer long before their clock runs out, so a game lasts
//   about half the main time plus ~20 moves' worth of increment
//   (3 days + 6 hours ≈ 1.5 days + 5 days = 6.5 days).
// - Live play: both clocks run down in turn, so a game lasts about the main time
//   (half of it per player) plus ~30 moves a side of increment
//   (10 min + 5 s ≈ 10 min + 60 × 5 s = 15 min).
// - A step lasts about as long as one typical game; the slowest game of a round
//   decides it in reality, and nothing here counts breaks between rounds.

import { gamesOf, groupsOf, phasesOf, type TournamentState } from "@/engine/formats";

export interface TimeControl {
  readonly initialMs: number;
  readonly incrementMs: number;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export function isCorrespondence(tc: TimeControl): boolean {
  return tc.initialMs >= DAY || tc.incrementMs >= HOUR;
}

/** Typical wall-clock length of one game under the time control. */
export function typicalGameMs(tc: TimeControl): number {
  return isCorrespondence(tc) ? tc.initialMs / 2 + 20 * tc.incrementMs : tc.initialMs + 60 * tc.incrementMs;
}

/**
 * Steps that must follow one another: each round; each league phase; each extra
 * game of the longest knockout match (a drawn semi-final is replayed before the
 * final can start).
 */
export function sequentialSteps(state: TournamentState): number {
  let steps = 0;
  for (const round of state.rounds) {
    if (round.phases) {
      steps += phasesOf(round).length;
      continue;
    }
    // A replay starts only after the drawn game it replays: one more step each.
    steps += 1 + Math.max(0, ...groupsOf(round).map((g) => gamesOf(g).filter((game) => game.replayOf !== undefined).length));
  }
  return steps;
}

export function estimateDurationMs(steps: number, tc: TimeControl): number {
  return steps * typicalGameMs(tc);
}

/** "about 6 weeks", "about 3 days", "about 40 minutes": coarse on purpose. */
export function formatDuration(ms: number): string {
  const round = (x: number) => (x < 10 ? Math.round(x * 2) / 2 : Math.round(x));
  const unit = (x: number, word: string) => `about ${round(x)} ${word}${round(x) === 1 ? "" : "s"}`;
  if (ms < HOUR) return unit(Math.max(1, ms / MINUTE), "minute");
  if (ms < DAY) return unit(ms / HOUR, "hour");
  if (ms < 14 * DAY) return unit(ms / DAY, "day");
  if (ms < 120 * DAY) return unit(ms / (7 * DAY), "week");
  return unit(ms / (30 * DAY), "month");
}
