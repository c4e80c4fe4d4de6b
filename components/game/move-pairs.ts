// Groups a game's moves into numbered rows for the move list: each row holds
// side 1's move (it moves first) and side 2's reply, if made.

export interface MovePair {
  /** 1-based row number. */
  number: number;
  first: string;
  second: string | null;
}

export function pairMoves(moves: readonly string[]): MovePair[] {
  const pairs: MovePair[] = [];
  for (let i = 0; i < moves.length; i += 2) {
    pairs.push({ number: i / 2 + 1, first: moves[i] as string, second: moves[i + 1] ?? null });
  }
  return pairs;
}
