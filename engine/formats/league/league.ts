// League: double round robin in phases (FORMATS.md §2).
//
// One round holding every phase, planned at the start: cycle 1 is the
// lexicographic table of league-schedule.ts (lower seed on side 1), cycle 2 the
// same pairings in the same order with sides reversed. Phase N+1 is released when
// every game of phase N has a result (or was voided). Standings: points, then
// wins, then wins as black (the game type says which side is black); rows still
// equal share the rank ("3=") and, at the top, the title.
//
// Withdrawal (**Decision** in the rule book): before playing half their games
// (fewer than X-1 results) all the player's games are voided, played ones
// included; from then on their remaining games are forfeited. A voided player is
// listed last in the standings with status "withdrawn"; a forfeiting one keeps
// their place on merit and is marked "withdrawn".

import {
  assertCanWithdraw,
  begin,
  closeIfDone,
  deepDraft,
  finish,
  gamesOf,
  phaseGameId,
  phasesOf,
  recordResults,
  roundGames,
  tallyGames,
  withdrawnSet,
  type DraftRound,
  type RoundHooks,
  type Tally,
} from "../core";
import { GAME_FAMILIES } from "../game-types";
import { leagueCycle } from "./league-schedule";
import { rankTable, standingRows, type RankEntry, type RankKey } from "../standings";
import { vec, vecAt, vecSize } from "../vec";
import { setting, settingsSchema } from "../settings";
import { clinchMarks, type ClinchInput } from "../clinch";
import { splitGames } from "../clinch-tables";
import type { z } from "zod";
import {
  FormatError,
  type AuditEntry,
  type EngineEvent,
  type Format,
  type Game,
  type Phase,
  type Round,
  type RankedRow,
  type Standings,
  type TournamentState,
} from "../types";

/** The league's settings: the points a win, a draw and a loss score. */
export const leagueSettings = settingsSchema({
  points: setting.group({
    label: "Points (win, draw, loss)",
    what: "league points",
    fields: {
      win: setting.number({ label: "Points for a win", what: "points for a win", default: 3, flag: "win-points" }),
      draw: setting.number({ label: "Points for a draw", what: "points for a draw", default: 1, flag: "draw-points" }),
      loss: setting.number({ label: "Points for a loss", what: "points for a loss", default: 0, flag: "loss-points" }),
    },
    check: ({ win, draw, loss }) =>
      win > draw && draw >= loss ? null : `points must reward a win above a draw and a draw at least as much as a loss (got ${win}/${draw}/${loss})`,
  }),
});
export type LeagueSettings = Readonly<z.output<typeof leagueSettings>>;

/** The whole league round: every phase planned, phase 1 released. */
export function planLeagueRound(seeds: readonly string[], ratings: readonly number[], audit: AuditEntry[]): Round {
  const cycle = leagueCycle(seeds.length);
  if (cycle.method === "circle") {
    audit.push({
      round: 1,
      what: "league schedule",
      decided: `circle method: the lexicographic pairing dead-ends at phase ${cycle.deadEndAtPhase} for ${seeds.length} players`,
    });
  }
  const count = cycle.phases.length;
  const phases: Phase[] = [];
  for (let cycleNo = 0; cycleNo < 2; cycleNo++) {
    cycle.phases.forEach((pairs, p) => {
      const number = cycleNo * count + p + 1;
      const games: Game[] = pairs.map(([a, b]) => {
        const [s1, s2] = cycleNo === 0 ? [a, b] : [b, a];
        return { side1: seeds[s1] as string, side2: seeds[s2] as string };
      });
      const bye = cycle.byes[p];
      phases.push({ number, byes: bye === null || bye === undefined ? [] : [seeds[bye] as string], games: vec(games) });
    });
  }
  return {
    number: 1,
    name: "League",
    seeds: seeds.slice(),
    ratings: ratings.slice(),
    groups: vec([]),
    phases: vec(phases),
    releasedPhases: 1,
    pending: phases[0] ? vecSize(phases[0].games) : 0,
    status: "playing",
  };
}

/** Releases the following phases until one has open games (or none is left). */
function releaseNext(round: DraftRound, events: EngineEvent[]): void {
  const phases = round.phases ?? vec<Phase>([]);
  while (round.pending === 0 && (round.releasedPhases ?? 0) < vecSize(phases)) {
    const phase = vecAt(phases, round.releasedPhases ?? 0) as Phase;
    round.releasedPhases = phase.number;
    round.pending = gamesOf(phase).filter((g) => !g.result && !g.void).length;
    events.push({ type: "phase-released", round: round.number, phase: phase.number });
  }
}

/** The tiebreaks; "wins as black" named after the game's side that counts as black (tafl: the attackers). */
function rankKeys(state: TournamentState): readonly RankKey[] {
  const type = GAME_FAMILIES[state.gameType];
  return [
    { name: "points", label: "points", better: "high" },
    { name: "wins", label: "wins", better: "high" },
    { name: "winsAsBlack", label: `wins as ${type.sides[type.blackSide - 1]}`, better: "high" },
  ];
}

function voidedPlayers(state: TournamentState): Set<string> {
  return new Set(state.withdrawals.filter((w) => w.treatment === "void").map((w) => w.player));
}

const VOIDED_WHY = "withdrew before playing half their games: all their games are voided";

function leagueStandings(state: TournamentState<"league">): Standings {
  const round = state.rounds[0];
  if (!round) return { rows: [], why: () => "" };
  const { win, draw, loss } = state.settings.points;
  const voided = voidedPlayers(state);
  const withdrawn = withdrawnSet(state);
  const tallies = tallyGames(round.seeds, roundGames(round), GAME_FAMILIES[state.gameType].blackSide);
  const entries: RankEntry[] = round.seeds
    .filter((p) => !voided.has(p))
    .map((p) => {
      const t = tallies.get(p) as Tally;
      return {
        player: p,
        status: state.champions.includes(p) ? "champion" : withdrawn.has(p) ? "withdrawn" : "playing",
        values: {
          points: t.wins * win + t.draws * draw + t.losses * loss,
          wins: t.wins,
          winsAsBlack: t.winsAsBlack,
          played: t.played,
          draws: t.draws,
          losses: t.losses,
        },
      };
    });
  const ranked = rankTable(entries, rankKeys(state));
  const rows: RankedRow[] = ranked.rows.slice();
  for (const p of round.seeds) {
    if (!voided.has(p)) continue;
    const rank = rows.length + 1;
    rows.push({
      player: p,
      rank,
      rankLabel: String(rank),
      values: { points: 0, wins: 0, winsAsBlack: 0, played: 0, draws: 0, losses: 0 },
      status: "withdrawn",
    });
  }
  return { rows, why: (i) => (i < ranked.rows.length ? ranked.why(i) : i < rows.length ? VOIDED_WHY : "") };
}

const hooks: RoundHooks<"league"> = {
  afterResult(_s, round, _container, _game, events) {
    releaseNext(round, events);
  },
  closeRound(s, _options, events) {
    const index = s.rounds.length - 1;
    const round = s.rounds[index] as DraftRound;
    s.rounds[index] = { ...round, status: "complete", advanced: [], eliminated: [] };
    events.push({ type: "round-complete", round: round.number });
    const { rows } = leagueStandings(s as TournamentState<"league">);
    finish(
      s,
      rows.filter((r) => r.rank === 1 && r.status !== "withdrawn").map((r) => r.player),
      events,
    );
  },
};

export const leagueFormat: Format<"league", LeagueSettings> = {
  name: "league",
  title: "League (double round robin)",
  defaultGameType: "chess",
  label: "League (double round-robin)",
  noun: "the league",
  settings: leagueSettings,
  minPlayers: 4,
  maxPlayers: 30,

  start(players, settings, seed, options) {
    const { state, rng, seeds, ratings } = begin(leagueFormat, players, settings, seed, options);
    state.rounds.push(planLeagueRound(seeds, ratings, state.audit) as DraftRound);
    state.prng = rng.state;
    return state as TournamentState<"league">;
  },

  recordResults(state, results, options) {
    return recordResults(state, results, hooks, options);
  },

  withdraw(state, playerId, options = {}) {
    assertCanWithdraw(state, playerId);
    const s = deepDraft(state);
    const round = s.rounds[0] as DraftRound;
    const phases = phasesOf(round as Round);
    const mine = (g: Game) => g.side1 === playerId || g.side2 === playerId;
    let played = 0;
    for (const p of phases) for (const g of gamesOf(p)) if (mine(g) && g.result && !g.void) played++;
    const voiding = played < round.seeds.length - 1;
    round.phases = vec(
      phases.map((phase) => {
        const open = phase.number <= (round.releasedPhases ?? 0);
        const games = gamesOf(phase).map((g): Game => {
          if (!mine(g) || g.void) return g;
          if (open && !g.result) round.pending--;
          if (voiding) return { ...g, void: true };
          return g.result ? g : { ...g, result: { outcome: g.side1 === playerId ? "0-1" : "1-0", reason: "withdrawal" } };
        });
        return { ...phase, games: vec(games) };
      }),
    );
    s.withdrawals.push({ player: playerId, round: 1, treatment: voiding ? "void" : "forfeit" });
    const events: EngineEvent[] = [];
    releaseNext(round, events);
    closeIfDone(s, hooks, options, events);
    return { state: s as TournamentState<"league">, events };
  },

  standings: leagueStandings,

  // One table: the title goes to the top place (points, then wins, then wins as black).
  clinchTables(state, round) {
    const voided = new Set(state.withdrawals.filter((w) => w.treatment === "void").map((w) => w.player));
    const games = phasesOf(round).flatMap((phase) => splitGames(gamesOf(phase), (n) => phaseGameId(round.number, phase.number, n)));
    const input: ClinchInput = {
      players: round.seeds.filter((p) => !voided.has(p)),
      cannotQualify: [...withdrawnSet(state)],
      played: games.flatMap((x) => x.played),
      remaining: games.flatMap((x) => x.remaining),
      drawsPossible: GAME_FAMILIES[state.gameType].drawsPossible,
      rule: {
        kind: "points",
        points: state.settings.points,
        tiebreaks: ["wins", "winsAsBlack"],
        blackSide: GAME_FAMILIES[state.gameType].blackSide,
        places: 1,
      },
    };
    return [{ round: round.number, group: null, goal: "win", places: 1, remaining: input.remaining.length, marks: clinchMarks(input) }];
  },

  roundStandings(state, roundNumber) {
    if (roundNumber !== 1) throw new FormatError(`the league has one round, not ${roundNumber}`);
    return [{ name: "League", rows: standingRows(leagueStandings(state)) }];
  },
};
