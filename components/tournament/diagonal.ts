// One diagonal-race round as rows of the circle: each player's position, their
// opponents with the results, wins and losses this round, the losses that count
// towards elimination (carried over from earlier rounds when the settings say
// so, restarting at a play-off), and what the round did to them.

import { vecAt, type DiagonalSettings, type GameWithId, type TournamentState } from "@/engine/formats";
import { gamesByContainer, outcomeFor, type PlayerOutcome } from "./model";

export interface DiagonalOpponent {
  readonly opponent: string;
  readonly game: GameWithId;
  /** Circle distance to the opponent (the offset that paired them). */
  readonly offset: number;
  readonly outcome: PlayerOutcome | null;
}

export interface DiagonalRow {
  readonly position: number;
  readonly player: string;
  readonly opponents: readonly DiagonalOpponent[];
  readonly wins: number;
  readonly losses: number;
  /** Losses counted for elimination up to and including this round. */
  readonly countedLosses: number;
  readonly fate: "playing" | "through" | "out" | "champion" | "withdrawn";
}

function lossesIn(state: TournamentState, roundNumber: number): Map<string, number> {
  const out = new Map<string, number>();
  for (const group of gamesByContainer(state, roundNumber).groups) {
    for (const g of group) {
      for (const p of [g.side1, g.side2]) if (outcomeFor(g, p) === "loss") out.set(p, (out.get(p) ?? 0) + 1);
    }
  }
  return out;
}

export function diagonalRows(state: TournamentState, roundNumber: number): DiagonalRow[] {
  const round = state.rounds[roundNumber - 1];
  const circle = round && vecAt(round.groups, 0);
  if (!round || !circle) return [];
  const settings = state.settings as DiagonalSettings;
  const games = gamesByContainer(state, roundNumber).groups[0] ?? [];
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

  return circle.players.map((player, i) => {
    const opponents: DiagonalOpponent[] = [];
    for (const game of games) {
      if (game.side1 !== player && game.side2 !== player) continue;
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
    return { position: i, player, opponents, wins, losses, countedLosses: counted.get(player) ?? 0, fate };
  });
}
