// The tafl games behind the game contract (engine/games/contract.ts): Copenhagen
// hnefatafl 11×11 and Brandubh 7×7, two variants of the one rules module
// (variant.ts), through the immutable state API of game.ts, with sides as 1
// (attackers) and 2 (defenders), and records in the notation of the recorded
// games (replay.ts).

import type { CommonEndReason, GameRules, PositionStatus, RecordInfo, SideNumber } from "../contract";
import {
  agreeDraw,
  deserializeState,
  legalMoves,
  newGame,
  resign,
  serializeState,
  timeout,
  tryMove,
  type EndReason,
  type GameState,
  type TaflStatus,
  type Side,
} from "./game";
import type { VariantId } from "./variant";

function sideNumber(side: Side): SideNumber {
  return side === "attackers" ? 1 : 2;
}
function sideOf(side: SideNumber): Side {
  return side === 1 ? "attackers" : "defenders";
}
function statusOf(status: TaflStatus): PositionStatus<EndReason> {
  return status.over ? { over: true, winner: status.winner === null ? null : sideNumber(status.winner), reason: status.reason } : { over: false };
}

function end(state: GameState, winner: SideNumber | null, reason: CommonEndReason): GameState {
  const ended =
    reason === "agreement" || winner === null
      ? agreeDraw(state)
      : reason === "resignation"
        ? resign(state, sideOf(winner === 1 ? 2 : 1))
        : timeout(state, sideOf(winner === 1 ? 2 : 1));
  return ended.ok ? ended.state : state;
}

/**
 * One line as in the recorded games (../shared/data, see replay.ts): the moves,
 * the attackers' and defenders' capture counts, and the status (Black =
 * attackers won, White = defenders won, Draw, Ongoing); a game lost on time
 * ends with the token `timeout`.
 */
function exportRecord(info: RecordInfo): string {
  let attackerCaptures = 0;
  let defenderCaptures = 0;
  info.moves.forEach((move, index) => {
    const captures = move.split("x").length - 1;
    if (index % 2 === 0) attackerCaptures += captures;
    else defenderCaptures += captures;
  });
  const status = info.result === "1-0" ? "Black" : info.result === "0-1" ? "White" : info.result === "draw" ? "Draw" : "Ongoing";
  const moves = [...info.moves, ...(info.endReason === "timeout" ? ["timeout"] : [])].join(" ");
  return `${moves},${attackerCaptures},${defenderCaptures},${status}\n`;
}

/** The contract for one tafl variant, stored under the game type id `id`. */
function taflGame(variant: VariantId, id: string, name: string, moveExample: string): GameRules<GameState, Exclude<EndReason, CommonEndReason>> {
  return {
    id,
    name,
    family: "tafl",
    sideNames: ["Attackers", "Defenders"],
    drawsPossible: true,
    moveExample,
    record: { extension: "csv", mimeType: "text/csv" },
    reasons: {
      "king captured": "the king was captured",
      encircled: "the defenders were encircled",
      "king escaped": "the king escaped to a corner",
      "exit fort": "the king built an exit fort",
      "no attackers left": "no attackers were left",
      "no legal moves": "the side to move had no legal move",
    },
    setup: () => newGame(variant),
    serialize: serializeState,
    parse: (text) => deserializeState(text, variant),
    toMove: (state) => sideNumber(state.toMove),
    ply: (state) => state.ply,
    status: (state) => statusOf(state.status),
    legalMoves: (state) => legalMoves(state).map((move) => `${move.from}-${move.to}`),
    play(state, move) {
      const outcome = tryMove(state, move);
      if (!outcome.ok) return { ok: false, reason: outcome.reason };
      return { ok: true, state: outcome.state, notation: outcome.notation, status: statusOf(outcome.status) };
    },
    end,
    exportRecord,
  };
}

export const copenhagen = taflGame("copenhagen", "hnefatafl", "Copenhagen Hnefatafl 11×11", "d1-d3");
export const brandubh = taflGame("brandubh", "brandubh", "Brandubh 7×7", "d2-b2");
