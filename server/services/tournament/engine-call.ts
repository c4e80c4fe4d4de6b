// Calls into the format engine from the tournament services: the engine's refusals
// become sentences for the player, and a finished site game's result becomes the
// engine's.
import { FormatError, type FormatResult, type ResultReason } from "@/engine/formats";
import { NO_FIRST_MOVE, type EndReason } from "@/lib/game-endings";
import type { GameResult } from "@/lib/contracts";
import { AppError } from "../errors";

/**
 * Runs an engine call, turning the engine's refusal (a FormatError, written for
 * people) into a BAD_REQUEST: "<context>: <reason>." or, without context, the reason
 * as a sentence.
 */
export function engineCall<T>(f: () => T, context?: string): T {
  try {
    return f();
  } catch (err) {
    if (!(err instanceof FormatError)) throw err;
    const reason = context ? `${context}: ${err.message}` : `${err.message[0]!.toUpperCase()}${err.message.slice(1)}`;
    throw new AppError("BAD_REQUEST", `${reason}.`);
  }
}

/** A finished site game's result in the engine's terms. */
export function engineResult(result: GameResult, endReason: EndReason, margin: number | null): FormatResult {
  const reason: ResultReason =
    endReason === "timeout"
      ? "time"
      : endReason === "resignation"
        ? "resignation"
        : endReason === "set by organizer"
          ? "organizer"
          : endReason === "withdrawal"
            ? "withdrawal"
            : endReason === NO_FIRST_MOVE
              ? "forfeit"
              : "normal";
  return margin == null ? { outcome: result, reason } : { outcome: result, reason, margin };
}
