// Property tests of the move core on random playouts: the generator, the
// validator and the applier must agree with each other, and the incremental
// bookkeeping (hash, piece counts, snapshots, serialization) with a recount.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { EMPTY, sideOf } from "./board";
import { deserializeState, legalMoves, legalTargets, newGame, serializeState, tryMove, type GameState } from "./game";
import {
  applyMove,
  checkMove,
  createPosition,
  createSnapshot,
  generateMoves,
  hashBoard,
  MAX_MOVES,
  moveFrom,
  moveTo,
  ONGOING,
  restoreSnapshot,
  saveSnapshot,
  type Position,
} from "./position";

const choices = fc.array(fc.nat(), { minLength: 1, maxLength: 200 });

/** Plays the chosen moves (index modulo the legal moves) and calls `visit` on each position before moving. */
function playout(picks: readonly number[], visit: (position: Position, moves: Uint16Array, count: number) => void): void {
  const position = createPosition();
  const moves = new Uint16Array(MAX_MOVES);
  for (const pick of picks) {
    const count = generateMoves(position, moves);
    visit(position, moves, count);
    if (count === 0) break;
    const move = moves[pick % count] as number;
    applyMove(position, moveFrom(move), moveTo(move));
  }
}

describe("move core properties", () => {
  it("generates exactly the moves the validator accepts", () => {
    fc.assert(
      fc.property(choices, (picks) => {
        playout(picks, (position, moves, count) => {
          const generated = new Set(Array.from(moves.subarray(0, count)));
          for (let from = 0; from < position.v.cells; from++) {
            if (sideOf(position.board[from] as number) !== position.toMove) continue;
            for (let to = 0; to < position.v.cells; to++) {
              const legal = checkMove(position, from, to) === null;
              if (legal !== generated.has(from * 128 + to)) {
                throw new Error(`from ${from} to ${to}: validator ${legal}, generator ${!legal}`);
              }
            }
          }
          if (position.result === ONGOING) expect(count).toBeGreaterThan(0);
        });
      }),
      { numRuns: 25 },
    );
  });

  it("keeps hash and piece counts in step with the board, and snapshots restore exactly", () => {
    const snapshot = createSnapshot();
    fc.assert(
      fc.property(choices, (picks) => {
        playout(picks, (position, moves, count) => {
          const { hi, lo } = hashBoard(position.board, position.toMove);
          expect([position.hashHi, position.hashLo]).toEqual([hi, lo]);
          if (count === 0) return;
          const before = { board: position.board.slice(), history: [...position.history], hi, lo };
          saveSnapshot(position, snapshot);
          const move = moves[0] as number;
          const pieces = position.attackers + position.defenders;
          applyMove(position, moveFrom(move), moveTo(move));
          expect(position.attackers + position.defenders).toBe(pieces - position.captureCount);
          for (let i = 0; i < position.captureCount; i++) expect(position.board[position.captures[i] as number]).toBe(EMPTY);
          restoreSnapshot(position, snapshot);
          expect(position.board).toEqual(before.board);
          expect(position.history).toEqual(before.history);
          expect([position.hashHi, position.hashLo]).toEqual([before.hi, before.lo]);
        });
      }),
      { numRuns: 40 },
    );
  });

  it("plays random games through the immutable API, serializing every state losslessly", () => {
    fc.assert(
      fc.property(fc.array(fc.nat(), { minLength: 1, maxLength: 80 }), (picks) => {
        let state: GameState = newGame();
        for (const pick of picks) {
          const options = legalMoves(state);
          if (options.length === 0) break;
          const move = options[pick % options.length];
          if (move === undefined) break;
          expect(legalTargets(state, move.from)).toContain(move.to);
          const outcome = tryMove(state, move);
          if (!outcome.ok) throw new Error(`legal move refused: ${outcome.reason}`);
          expect(deserializeState(serializeState(outcome.state))).toEqual(outcome.state);
          expect(outcome.notation.startsWith(`${move.from}-${move.to}`)).toBe(true);
          state = outcome.state;
        }
      }),
      { numRuns: 30 },
    );
  });
});
