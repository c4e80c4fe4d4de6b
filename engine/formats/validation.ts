// The problems with a tournament's settings and player count, each a sentence:
// what a format's settings schema refuses (settings.ts) and the format's player limits.

import { settingsProblems, type SettingsSchema } from "./settings";
import type { Problem } from "./types";

/** What validation reads of a format. */
export interface Validated<S = unknown> {
  readonly noun: string;
  readonly settings: SettingsSchema<S>;
  readonly minPlayers: number;
  readonly maxPlayers: number;
  checkSettings?(settings: S, playerCount: number): Problem[];
}

export function checkPlayerCount(problems: Problem[], count: number, min: number, max: number, format: string): void {
  if (!Number.isInteger(count) || count < min) {
    problems.push({ field: "players", message: `${format} needs at least ${min} players (got ${count})` });
  } else if (count > max) {
    problems.push({ field: "players", message: `${format} takes at most ${max} players (got ${count})` });
  }
}

/** Every problem with these settings (missing ones take their defaults) and this many players. */
export function formatProblems<S>(format: Validated<S>, input: unknown, playerCount: number): Problem[] {
  const problems = settingsProblems(format.settings, input, format.noun);
  checkPlayerCount(problems, playerCount, format.minPlayers, format.maxPlayers, format.noun);
  if (problems.length === 0 && format.checkSettings) problems.push(...format.checkSettings(format.settings.parse(input ?? {}), playerCount));
  return problems;
}
