// Small checks that build the "clear message per problem" lists of validate().

import type { Problem } from "./types";

export function checkInteger(problems: Problem[], field: string, value: unknown, min: number, max: number, what: string): void {
  if (typeof value !== "number" || !Number.isInteger(value)) {
    problems.push({ field, message: `${what} must be a whole number (got ${JSON.stringify(value)})` });
  } else if (value < min || value > max) {
    problems.push({ field, message: `${what} must be between ${min} and ${max} (got ${value})` });
  }
}

export function checkPlayerCount(problems: Problem[], count: number, min: number, max: number, format: string): void {
  if (!Number.isInteger(count) || count < min) {
    problems.push({ field: "players", message: `${format} needs at least ${min} players (got ${count})` });
  } else if (count > max) {
    problems.push({ field: "players", message: `${format} takes at most ${max} players (got ${count})` });
  }
}

/** Names settings the format does not know, so a typo does not pass silently. */
export function checkKnownKeys(problems: Problem[], input: object | undefined, known: readonly string[], format: string): void {
  if (!input) return;
  for (const key of Object.keys(input)) {
    if (!known.includes(key)) problems.push({ field: key, message: `${format} has no setting "${key}" (known: ${known.join(", ") || "none"})` });
  }
}
