// The pieces of a tournament that its page draws, cut from the engine state so a
// page carries only what it shows: the few facts every table reads (format, game
// type, status, round names, scoring) and one group of one round with its games
// and standing. The server builds them for the rows and groups in view; the demo
// page builds the same from a whole simulated state.

import { gamesOf, groupsOf, vecAt, type GameWithId, type GroupStanding, type StandingRow, type TournamentState } from "@/engine/formats";
import type { TournamentAuditAction } from "@/lib/contracts";

export type PlayerOutcome = "win" | "loss" | "draw";

/** The game's result for `player` (null while it is unplayed or when it was voided). */
export function outcomeFor(game: GameWithId, player: string): PlayerOutcome | null {
  if (!game.result || game.void) return null;
  const { outcome } = game.result;
  if (outcome === "draw") return "draw";
  const side1Won = outcome === "1-0";
  return (game.side1 === player) === side1Won ? "win" : "loss";
}

/** What the tables read about the tournament besides their rows (a whole TournamentState fits too). */
export type TableInfo = Pick<TournamentState, "format" | "gameType" | "status" | "settings"> & { readonly rounds: readonly { readonly name: string }[] };

export function tableInfo(state: TournamentState): TableInfo {
  return {
    format: state.format,
    gameType: state.gameType,
    status: state.status,
    settings: state.settings,
    rounds: state.rounds.map((r) => ({ name: r.name })),
  };
}

/** One group of a round as its cross-table draws it. */
export interface GroupView {
  /** 1-based round number. */
  readonly round: number;
  /** 0-based index of the group in the round. */
  readonly index: number;
  readonly name: string;
  /** In seed order for the round. */
  readonly players: readonly string[];
  readonly games: readonly GameWithId[];
  /** The group's standing (place, score, status per player). */
  readonly rows: readonly StandingRow[];
  readonly complete: boolean;
  /** The group's players who went on. */
  readonly advanced: readonly string[];
  /** The group's players who won the tournament (its last round, once finished). */
  readonly champions: readonly string[];
}

/**
 * The games of one group with their ids. Group games are numbered by position
 * (`r<round>-g<group>-<n>`, engine/formats/core.ts), the only place besides the
 * engine that spells the scheme, so a group is read without listing its round.
 */
export function groupGames(state: TournamentState, roundNumber: number, index: number): GameWithId[] {
  const round = state.rounds[roundNumber - 1];
  const group = round && vecAt(round.groups, index);
  return (group ? gamesOf(group) : []).map((g, n) => ({ id: `r${roundNumber}-g${index + 1}-${n + 1}`, ...g }));
}

/** Group `index` of round `roundNumber`, with its standing (from `roundStandings(state, roundNumber)[index]`). */
export function groupView(state: TournamentState, roundNumber: number, index: number, standing: GroupStanding | undefined): GroupView | null {
  const round = state.rounds[roundNumber - 1];
  const group = round && vecAt(round.groups, index);
  if (!round || !group) return null;
  const members = new Set(group.players);
  const lastRound = state.status === "finished" && roundNumber === state.rounds.length;
  return {
    round: roundNumber,
    index,
    name: group.name,
    players: group.players,
    games: groupGames(state, roundNumber, index),
    rows: standing?.rows ?? [],
    complete: round.status === "complete",
    advanced: (round.advanced ?? []).filter((p) => members.has(p)),
    champions: lastRound ? state.champions.filter((p) => members.has(p)) : [],
  };
}

/** The numbers a round's summary line says. */
export interface RoundSummary {
  readonly complete: boolean;
  readonly pending: number;
  readonly advanced: number;
  readonly eliminated: number;
  /** The champions, under the tournament's last round once it is finished. */
  readonly champions: readonly string[];
  /** Why several share the title (jointChampionsWhy), beside them. */
  readonly championsWhy: string | null;
}

/** "won 1 and lost 1", "drew 2". */
function recordWords(wins: number, draws: number, losses: number): string {
  const parts = [wins ? `won ${wins}` : "", draws ? `drew ${draws}` : "", losses ? `lost ${losses}` : ""].filter(Boolean);
  return parts.length <= 1 ? (parts[0] ?? "played no game") : `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}`;
}

/**
 * Why a finished tournament has joint champions, in a sentence; null with one champion
 * or none. Only group elimination shares a title (engine/formats/groups.ts): every
 * player left level on wins, draws and losses in the last round, which no tiebreak
 * separates, or two rounds in a row that put nobody out.
 */
export function jointChampionsWhy(state: TournamentState): string | null {
  if (state.status !== "finished" || state.champions.length < 2) return null;
  const end = [...state.audit].reverse().find((a) => a.what === "end of the tournament");
  if (end?.decided.startsWith("two consecutive rounds")) {
    return "Two rounds in a row put nobody out, so by the rules the tournament ends and everyone still in shares the title.";
  }
  if (end?.decided.startsWith("nobody could be separated")) {
    const games = (state.rounds.at(-1) ? groupsOf(state.rounds.at(-1)!) : []).flatMap((g) => gamesOf(g) as GameWithId[]);
    const records = new Set(
      state.champions.map((p) => {
        const mine = games.map((g) => (g.side1 === p || g.side2 === p ? outcomeFor(g, p) : null));
        return recordWords(mine.filter((o) => o === "win").length, mine.filter((o) => o === "draw").length, mine.filter((o) => o === "loss").length);
      }),
    );
    const all = state.champions.length === 2 ? "Both" : `All ${state.champions.length}`;
    const why = "level on points, wins and losses, which is every tiebreak group elimination has, so they share the title.";
    // Groups of different sizes can each end level with different records.
    return records.size === 1 ? `${all} ${[...records][0]} in the last round: ${why}` : `Every group of the last round ended with its players ${why}`;
  }
  return null;
}

export function roundSummary(state: TournamentState, roundNumber: number): RoundSummary | null {
  const round = state.rounds[roundNumber - 1];
  if (!round) return null;
  return {
    complete: round.status === "complete",
    pending: round.pending,
    advanced: round.advanced?.length ?? 0,
    eliminated: round.eliminated?.length ?? 0,
    champions: state.status === "finished" && roundNumber === state.rounds.length ? state.champions : [],
    championsWhy: roundNumber === state.rounds.length ? jointChampionsWhy(state) : null,
  };
}

/** Audit texts split into words by this; a word may be a player id or a game's engine id. */
export const AUDIT_TOKEN = /([A-Za-z0-9_-]+)/;
/** An engine game id: `r2-g15-3` (a group's game) or `r1-p4-2` (a league phase's). */
export const GAME_KEY = /^r\d+-[gp]\d+-\d+$/;

/** An engine game id in words: `r2-g15-3` → "round 2, group 15, game 3"; `r1-p4-2` → "round 1, phase 4, game 2". */
/** A game's number in its group or phase, in words ("game 3"), for tables whose other columns name the round and group. */
export function gameNumberWords(key: string): string {
  const match = /^r(\d+)-([gp])(\d+)-(\d+)$/.exec(key);
  return match ? `game ${match[4]}` : key;
}

export function gameKeyWords(key: string): string {
  const match = /^r(\d+)-([gp])(\d+)-(\d+)$/.exec(key);
  if (!match) return key;
  return `round ${match[1]}, ${match[2] === "g" ? "group" : "phase"} ${match[3]}, game ${match[4]}`;
}

/** The words of audit texts that may name players (every other word) and the game ids among them. */
export function auditReferences(texts: Iterable<string>): { words: Set<string>; gameKeys: Set<string> } {
  const words = new Set<string>();
  const gameKeys = new Set<string>();
  for (const text of texts) {
    for (const part of text.split(AUDIT_TOKEN)) {
      if (GAME_KEY.test(part)) gameKeys.add(part);
      else if (part.length >= 8 && /^[A-Za-z0-9_-]+$/.test(part)) words.add(part);
    }
  }
  return { words, gameKeys };
}

/** Who did a recorded action: the organizer (or an admin), a player, or the site by itself. */
export type ActorKind = "organizer" | "player" | "system";

/** An entry of the merged audit log: an engine decision (timed by its round's start, when known) or an action the site recorded. */
export type AuditItem =
  | { readonly kind: "engine"; readonly key: string; readonly round: number; readonly what: string; readonly decided: string; readonly at?: string }
  | {
      readonly kind: "organizer";
      readonly key: string;
      readonly at: string;
      readonly who: string;
      readonly what: string;
      readonly actor: ActorKind;
      readonly action?: TournamentAuditAction;
    };
