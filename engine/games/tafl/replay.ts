// Replays recorded games through the engine to check it against real play:
// every move must be legal, every capture the record shows must be exactly
// what the engine captures, and wherever the engine ends a game its winner
// must be the recorded one. Pure: callers read the file (the test, the
// `npm run replay` script, the benchmark) and pass the text in.
//
// Record format (data/copenhagen-games.csv, no header): the space-separated
// moves, attacker capture count, defender capture count, final status
// (Black = attackers won, White = defenders won, Draw, Ongoing). Some records
// end with the token `timeout`: the side to move lost on time. Records list a
// square twice when one capture is both custodial and part of a shield wall
// (`e7-k7xk6xk6`), and the counts include the repeats, so captures are
// compared as sets. A king capture on the last move is not written, and
// resignations are not marked, so a record may end before the engine sees an
// end; that is not a disagreement.

import { ATTACKERS, type SideCode } from "./board";
import { formatMove, parseMove } from "./notation";
import { applyMove, checkMove, createPosition, DRAW, ONGOING, type Position } from "./position";

export type RecordedResult = "attackers" | "defenders" | "draw" | "ongoing";

export interface GameRecord {
  readonly moves: readonly string[];
  readonly attackerCaptures: number;
  readonly defenderCaptures: number;
  readonly result: RecordedResult;
  /** The record ends with `timeout`: the side to move after the last move lost on time. */
  readonly timedOut: boolean;
}

const RESULT_BY_TEXT: Record<string, RecordedResult> = {
  Black: "attackers",
  White: "defenders",
  Draw: "draw",
  Ongoing: "ongoing",
};

/** Parses the CSV text; throws on a malformed line, naming it. */
export function parseRecords(csv: string): GameRecord[] {
  const records: GameRecord[] = [];
  csv.split(/\r?\n/).forEach((line, index) => {
    if (line.trim() === "") return;
    const [moves, attackerCaptures, defenderCaptures, status, ...rest] = line.split(",");
    const result = RESULT_BY_TEXT[status?.trim() ?? ""];
    if (moves === undefined || result === undefined || rest.length > 0) {
      throw new Error(`line ${index + 1}: expected "moves,attacker captures,defender captures,status"`);
    }
    const tokens = moves
      .trim()
      .split(/\s+/)
      .filter((t) => t !== "");
    const timedOut = tokens[tokens.length - 1] === "timeout";
    records.push({
      moves: timedOut ? tokens.slice(0, -1) : tokens,
      attackerCaptures: Number(attackerCaptures),
      defenderCaptures: Number(defenderCaptures),
      result,
      timedOut,
    });
  });
  return records;
}

export interface GameReplay {
  /** Moves the engine accepted and agreed with. */
  readonly movesReplayed: number;
  /** Why the replay stopped before the end of the record; null if it replayed fully. */
  readonly stopReason: string | null;
  /** Details of the stop, e.g. the move and what the engine captured instead. */
  readonly detail: string | null;
  readonly captureMismatch: boolean;
  /** How the engine ended the game, if it did (also for a timeout it was told about). */
  readonly engineResult: RecordedResult | null;
  readonly engineReason: string | null;
  /** The engine ended the game with a different winner from the record's. */
  readonly resultDisagreement: boolean;
}

function resultOf(position: Position): RecordedResult | null {
  if (position.result === ONGOING) return null;
  if (position.result === DRAW) return "draw";
  return position.result === ATTACKERS ? "attackers" : "defenders";
}

function sameSquares(engine: Int16Array, engineCount: number, recorded: readonly number[]): boolean {
  const expected = new Set(recorded);
  if (expected.size !== engineCount) return false;
  for (let i = 0; i < engineCount; i++) if (!expected.has(engine[i] as number)) return false;
  return true;
}

export function replayGame(record: GameRecord): GameReplay {
  const position = createPosition();
  let stopReason: string | null = null;
  let detail: string | null = null;
  let captureMismatch = false;
  let movesReplayed = 0;
  for (const text of record.moves) {
    const move = parseMove(text);
    if (move === null) {
      stopReason = "unreadable move";
      detail = text;
      break;
    }
    const illegal = checkMove(position, move.from, move.to);
    if (illegal !== null) {
      stopReason = illegal;
      detail = `move ${movesReplayed + 1} ${text}`;
      break;
    }
    applyMove(position, move.from, move.to);
    if (!sameSquares(position.captures, position.captureCount, move.captures)) {
      captureMismatch = true;
      stopReason = "capture mismatch";
      const engine = Array.from(position.captures.subarray(0, position.captureCount));
      detail = `move ${movesReplayed + 1} ${text}: engine played ${formatMove(move.from, move.to, engine)}`;
      break;
    }
    movesReplayed++;
  }
  let engineResult = resultOf(position);
  let engineReason = position.reason as string | null;
  if (engineResult === null && record.timedOut && stopReason === null) {
    // The side to move ran out of time: the engine's verdict is the other side.
    const loser: SideCode = position.toMove;
    engineResult = loser === ATTACKERS ? "defenders" : "attackers";
    engineReason = "timeout";
  }
  const resultDisagreement = engineResult !== null && engineResult !== record.result;
  if (resultDisagreement && detail === null) {
    detail = `engine: ${engineResult} (${engineReason}), record: ${record.result}`;
  }
  return { movesReplayed, stopReason, detail, captureMismatch, engineResult, engineReason, resultDisagreement };
}

export interface ReplaySummary {
  readonly games: number;
  readonly fullyReplayed: number;
  readonly movesReplayed: number;
  readonly captureMismatches: number;
  readonly resultDisagreements: number;
  /** Why the other games stopped early, with how many games each. */
  readonly stopped: Record<string, number>;
}

export function summarizeReplays(replays: readonly GameReplay[]): ReplaySummary {
  const stopped: Record<string, number> = {};
  let fullyReplayed = 0;
  let movesReplayed = 0;
  let captureMismatches = 0;
  let resultDisagreements = 0;
  for (const replay of replays) {
    movesReplayed += replay.movesReplayed;
    if (replay.captureMismatch) captureMismatches++;
    if (replay.resultDisagreement) resultDisagreements++;
    if (replay.stopReason === null) fullyReplayed++;
    else stopped[replay.stopReason] = (stopped[replay.stopReason] ?? 0) + 1;
  }
  return { games: replays.length, fullyReplayed, movesReplayed, captureMismatches, resultDisagreements, stopped };
}

export function replayAll(records: readonly GameRecord[]): ReplaySummary {
  return summarizeReplays(records.map(replayGame));
}
