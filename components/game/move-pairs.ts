// Groups a game's moves into numbered rows for the move list: each row holds
// the attackers' move (they move first) and the defenders' reply, if made.

export interface MovePair {
  /** 1-based row number. */
  number: number;
  attackers: string;
  defenders: string | null;
}

export function pairMoves(moves: readonly string[]): MovePair[] {
  const pairs: MovePair[] = [];
  for (let i = 0; i < moves.length; i += 2) {
    pairs.push({ number: i / 2 + 1, attackers: moves[i] as string, defenders: moves[i + 1] ?? null });
  }
  return pairs;
}
