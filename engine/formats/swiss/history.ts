// What the Dutch rules read from a player's past rounds (C.04.3, 2025 text, Art.
// 1.4-1.8): score, colour difference and preference, floats, whom they met, whether
// they may still get the pairing-allocated bye, how many rounds they did not play.
//
// Played games only count for colours and for "met before": a forfeited game is
// not a game (C.04.2: unplayed rounds are skipped in the colour history, and the
// two may be paired again). Floats (Art. 1.4): after a game between players of
// different scores the higher one got a downfloat, the lower one an upfloat; a
// player who scored without playing more than a loss (the bye, a forfeit win, a
// half-point bye) got a downfloat; nobody else floats.

export type Colour = "w" | "b";

export interface RoundRecord {
  /** Index of the opponent in the players array, or -1 (bye, absence). */
  readonly opponent: number;
  /** Colour given for a game (also for a forfeited one); null without a game. */
  readonly colour: Colour | null;
  /** Points scored in the round, in the tournament's units (see PairingInput.winPoints). */
  readonly points: number;
  /** A game actually played over the board (false for forfeits, byes, absences). */
  readonly played: boolean;
  /** The pairing-allocated bye. */
  readonly pab: boolean;
}

export interface PairingPlayer {
  /** Place in the initial ranking list (1 = first); late entries are inserted by rating. */
  readonly tpn: number;
  /** One record per round already played. */
  readonly history: readonly RoundRecord[];
  /** Paired in the round being made (false: withdrawn, absent, not yet entered). */
  readonly present: boolean;
}

export type Strength = 0 | 1 | 2 | 3; // none, mild, strong, absolute
export type Float = 0 | 1 | 2; // none, down, up

export interface PlayerState {
  readonly index: number;
  readonly tpn: number;
  readonly score: number;
  /** Colours of the played games, oldest first. */
  readonly colours: readonly Colour[];
  /** Games with white minus games with black. */
  readonly cd: number;
  readonly prefColour: Colour | null;
  readonly strength: Strength;
  /** Floats of the previous round and of the round before it. */
  readonly float1: Float;
  readonly float2: Float;
  /** Indices of the players met in played games. */
  readonly met: ReadonlySet<number>;
  readonly byeEligible: boolean;
  readonly unplayed: number;
  readonly topscorer: boolean;
}

/** The state of every player (present or not) before the round `round` is paired. */
export function playerStates(players: readonly PairingPlayer[], round: number, totalRounds: number, winPoints: number): PlayerState[] {
  const n = players.length;
  const played = round - 1;
  // Score of each player before each round, for the floats.
  const before: Float64Array[] = [];
  const running = new Float64Array(n);
  for (let r = 0; r < played; r++) {
    before.push(running.slice());
    for (let i = 0; i < n; i++) running[i]! += players[i]!.history[r]?.points ?? 0;
  }
  const floatOf = (i: number, r: number): Float => {
    if (r < 0) return 0;
    const rec = players[i]!.history[r];
    if (!rec) return 0;
    if (rec.played && rec.opponent >= 0) {
      const mine = before[r]![i]!;
      const theirs = before[r]![rec.opponent]!;
      return mine > theirs ? 1 : mine < theirs ? 2 : 0;
    }
    return rec.points > 0 ? 1 : 0;
  };
  const final = round === totalRounds;
  // Pairing numbers count only the players in the pairing so far: those paired this
  // round or in an earlier one (a game, even forfeited, or the bye). A player who has
  // never been paired, absent or entered late, takes no number yet.
  const effective = new Map<number, number>();
  const order = players.map((_, i) => i).sort((a, b) => players[a]!.tpn - players[b]!.tpn);
  for (const i of order) {
    const p = players[i]!;
    if (p.present || p.history.some((rec) => rec.opponent >= 0 || rec.pab)) effective.set(i, effective.size + 1);
  }
  return players.map((p, i) => {
    const colours: Colour[] = [];
    const met = new Set<number>();
    let byeEligible = true;
    let unplayed = 0;
    for (let r = 0; r < played; r++) {
      const rec = p.history[r];
      if (!rec) {
        unplayed++;
        continue;
      }
      if (rec.played && rec.colour) {
        colours.push(rec.colour);
        met.add(rec.opponent);
      } else {
        unplayed++;
        if (rec.pab || rec.points >= winPoints) byeEligible = false;
      }
    }
    const score = running[i]!;
    let cd = 0;
    for (const c of colours) cd += c === "w" ? 1 : -1;
    const last = colours[colours.length - 1];
    const secondLast = colours[colours.length - 2];
    let prefColour: Colour | null = null;
    let strength: Strength = 0;
    if (last) {
      if (cd < -1 || cd > 1) {
        prefColour = cd < 0 ? "w" : "b";
        strength = 3;
      } else if (last === secondLast) {
        prefColour = last === "w" ? "b" : "w";
        strength = 3;
      } else if (cd !== 0) {
        prefColour = cd < 0 ? "w" : "b";
        strength = 2;
      } else {
        prefColour = last === "w" ? "b" : "w";
        strength = 1;
      }
    }
    return {
      index: i,
      tpn: effective.get(i) ?? players.length + i + 1,
      score,
      colours,
      cd,
      prefColour,
      strength,
      float1: floatOf(i, played - 1),
      float2: floatOf(i, played - 2),
      met,
      byeEligible,
      unplayed,
      topscorer: final && 2 * score > played * winPoints,
    };
  });
}

/** Whether a ranks above b in the pairing order (Art. 1.2: score, then pairing number). */
export const ranksAbove = (a: PlayerState, b: PlayerState): boolean => a.score > b.score || (a.score === b.score && a.tpn < b.tpn);

/**
 * The colours a pair gets (Art. 5.2): both preferences; else the stronger one (two
 * absolute ones: the larger colour difference); else alternate from the latest
 * round in which they had different colours (played games aligned at the end);
 * else the higher-ranked player's preference; else the higher-ranked player gets
 * the initial colour with an odd pairing number, the other colour with an even one.
 * Returns the colour of `a`.
 */
export function allocateColour(a: PlayerState, b: PlayerState, initialColour: Colour): Colour {
  const pa = a.prefColour;
  const pb = b.prefColour;
  if (pa && pb && pa !== pb) return pa;
  if (pa && !pb) return pa;
  if (!pa && pb) return pb === "w" ? "b" : "w";
  if (pa && pb) {
    if (a.strength !== b.strength) return a.strength > b.strength ? pa : flip(pa);
    if (a.strength === 3 && Math.abs(a.cd) !== Math.abs(b.cd)) return Math.abs(a.cd) > Math.abs(b.cd) ? pa : flip(pa);
    for (let i = a.colours.length - 1, j = b.colours.length - 1; i >= 0 && j >= 0; i--, j--) {
      if (a.colours[i] !== b.colours[j]) return flip(a.colours[i]!);
    }
    return ranksAbove(a, b) ? pa : flip(pa);
  }
  const higher = ranksAbove(a, b) ? a : b;
  const higherColour = higher.tpn % 2 === 1 ? initialColour : flip(initialColour);
  return higher === a ? higherColour : flip(higherColour);
}

export const flip = (c: Colour): Colour => (c === "w" ? "b" : "w");

/** C1 and C3: the two have not played each other, and are not two non-topscorers with the same absolute colour preference. */
export function mayMeet(a: PlayerState, b: PlayerState): boolean {
  if (a.met.has(b.index)) return false;
  return a.topscorer || b.topscorer || a.strength !== 3 || b.strength !== 3 || a.prefColour !== b.prefColour;
}

/**
 * Colour failures of a pair, as bits: C10 count (bits 0-1: players of a topscorer's
 * pair ending with a colour difference beyond ±2), C11 count (bits 2-3: same colour
 * three times running), C12 (bit 4: someone misses their preference), C13 (bit 5:
 * someone misses a strong or absolute preference).
 */
export function colourFailures(a: PlayerState, b: PlayerState, initialColour: Colour): number {
  const ca = allocateColour(a, b, initialColour);
  const cb: Colour = ca === "w" ? "b" : "w";
  let c10 = 0;
  let c11 = 0;
  if (a.topscorer || b.topscorer) {
    for (const [s, c] of [
      [a, ca],
      [b, cb],
    ] as const) {
      const cd = s.cd + (c === "w" ? 1 : -1);
      if (cd > 2 || cd < -2) c10++;
      const n = s.colours.length;
      if (n >= 2 && s.colours[n - 1] === c && s.colours[n - 2] === c) c11++;
    }
  }
  let c12 = 0;
  let c13 = 0;
  for (const [s, c] of [
    [a, ca],
    [b, cb],
  ] as const) {
    if (s.prefColour && s.prefColour !== c) {
      c12 = 1;
      if (s.strength >= 2) c13 = 1;
    }
  }
  return c10 | (c11 << 2) | (c12 << 4) | (c13 << 5);
}

/**
 * The graph of a pairing: an edge between every two players who may meet (unless
 * `skip` says otherwise) and, when their number is odd, from every player `byeOk`
 * accepts to a bye vertex numbered players.length.
 */
export function meetingGraph(
  players: readonly PlayerState[],
  byeOk: (p: PlayerState) => boolean,
  skip?: (a: number, b: number) => boolean,
): { n: number; u: Int32Array; v: Int32Array } {
  const k = players.length;
  const odd = k % 2 === 1;
  const u: number[] = [];
  const v: number[] = [];
  for (let a = 0; a < k; a++) {
    for (let b = a + 1; b < k; b++) {
      if (skip?.(a, b) || !mayMeet(players[a]!, players[b]!)) continue;
      u.push(a);
      v.push(b);
    }
    if (odd && byeOk(players[a]!)) {
      u.push(a);
      v.push(k);
    }
  }
  return { n: odd ? k + 1 : k, u: Int32Array.from(u), v: Int32Array.from(v) };
}
