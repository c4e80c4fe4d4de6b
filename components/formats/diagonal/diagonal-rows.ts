// One diagonal-race round as rows of the circle: each player's position, their
// opponents with the results, wins and losses this round, the losses that count
// towards elimination (carried over from earlier rounds when the settings say
// so, restarting at a play-off), and what the round did to them.

import { vecAt, type DiagonalPattern, type GameWithId, type TournamentState } from "@/engine/formats";
import type { DiagonalSettings } from "@/engine/formats/diagonal/diagonal";
import { groupGames, outcomeFor, type PlayerOutcome } from "@/lib/tournament-view";

export interface DiagonalOpponent {
  readonly opponent: string;
  readonly game: GameWithId;
  /** Circle distance to the opponent (the offset that paired them). */
  readonly offset: number;
  readonly outcome: PlayerOutcome | null;
}

export interface DiagonalRow {
  /** Place in the circle (rating order), counted from 1 as people count. */
  readonly position: number;
  readonly player: string;
  readonly opponents: readonly DiagonalOpponent[];
  readonly wins: number;
  readonly losses: number;
  /** Losses counted for elimination up to and including this round. */
  readonly countedLosses: number;
  readonly fate: "playing" | "through" | "out" | "champion" | "withdrawn";
}

/** What the diagonal round's view draws: the round's pattern and fate, and its rows (all, or a window of them). */
export interface DiagonalRoundView {
  readonly number: number;
  readonly name: string;
  readonly complete: boolean;
  readonly pattern?: DiagonalPattern;
  readonly settings: DiagonalSettings;
  /** Players in the circle. */
  readonly total: number;
  readonly rows: readonly DiagonalRow[];
  /** Positions in `rows` where rows of the circle were left out before. */
  readonly gapsBefore?: readonly number[];
  /** Who went out this round (withdrawn or eliminated), in circle order. */
  readonly out: readonly string[];
}

/** The whole round (every row), for pages that hold the state. */
export function diagonalRoundView(state: TournamentState, roundNumber: number): DiagonalRoundView | null {
  const round = state.rounds[roundNumber - 1];
  if (!round) return null;
  const rows = diagonalRows(state, roundNumber);
  return {
    number: round.number,
    name: round.name,
    complete: round.status === "complete",
    ...(round.pattern ? { pattern: round.pattern } : {}),
    settings: state.settings as DiagonalSettings,
    total: rows.length,
    rows,
    out: rows.filter((r) => r.fate === "out" || r.fate === "withdrawn").map((r) => r.player),
  };
}

function lossesIn(state: TournamentState, roundNumber: number): Map<string, number> {
  const out = new Map<string, number>();
  // A diagonal round is one group: the circle.
  for (const g of groupGames(state, roundNumber, 0)) {
    for (const p of [g.side1, g.side2]) if (outcomeFor(g, p) === "loss") out.set(p, (out.get(p) ?? 0) + 1);
  }
  return out;
}

export function diagonalRows(state: TournamentState, roundNumber: number): DiagonalRow[] {
  const round = state.rounds[roundNumber - 1];
  const circle = round && vecAt(round.groups, 0);
  if (!round || !circle) return [];
  const settings = state.settings as DiagonalSettings;
  const games = groupGames(state, roundNumber, 0);
  const n = circle.players.length;
  const position = new Map(circle.players.map((p, i) => [p, i]));
  const from = round.pattern?.countLossesFrom ?? roundNumber;
  const counted = new Map<string, number>();
  const first = settings.lossesCarryOver ? from : roundNumber;
  for (let r = first; r <= roundNumber; r++) for (const [p, l] of lossesIn(state, r)) counted.set(p, (counted.get(p) ?? 0) + l);
  const withdrawn = new Set(state.withdrawals.filter((w) => w.round <= roundNumber).map((w) => w.player));
  const eliminated = new Set(round.eliminated ?? []);
  const advanced = new Set(round.advanced ?? []);
  const lastRound = roundNumber === state.rounds.length;

  // Each player's games, found in one pass (a large circle has hundreds of thousands).
  const gamesOf = new Map<string, GameWithId[]>();
  for (const game of games) {
    for (const p of [game.side1, game.side2]) {
      const list = gamesOf.get(p);
      if (list) list.push(game);
      else gamesOf.set(p, [game]);
    }
  }

  return circle.players.map((player, i) => {
    const opponents: DiagonalOpponent[] = [];
    for (const game of gamesOf.get(player) ?? []) {
      const opponent = game.side1 === player ? game.side2 : game.side1;
      const d = Math.abs((position.get(opponent) ?? 0) - i);
      opponents.push({ opponent, game, offset: Math.min(d, n - d), outcome: outcomeFor(game, player) });
    }
    opponents.sort((a, b) => (position.get(a.opponent) ?? 0) - (position.get(b.opponent) ?? 0));
    const wins = opponents.filter((o) => o.outcome === "win").length;
    const losses = opponents.filter((o) => o.outcome === "loss").length;
    const fate: DiagonalRow["fate"] = withdrawn.has(player)
      ? "withdrawn"
      : lastRound && state.champions.includes(player)
        ? "champion"
        : eliminated.has(player)
          ? "out"
          : advanced.has(player)
            ? "through"
            : "playing";
    return { position: i + 1, player, opponents, wins, losses, countedLosses: counted.get(player) ?? 0, fate };
  });
}
