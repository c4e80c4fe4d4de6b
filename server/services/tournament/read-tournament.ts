// Reading tournaments: the browse list with tabs, search and pages; one tournament
// with its players, engine state, audit trail and game links; and standings, made once
// per state because computing them for thousands of players is the expensive part and
// they only change when the state does.
import type { GameTypeId } from "@/engine/game-catalog";
import { and, asc, count, desc, eq, exists, ilike, inArray, or, type SQL } from "drizzle-orm";
import type { Db } from "@/db/client";
import { playerRatings, tournamentAudit, tournamentPlayers, tournaments, users, type TournamentRow, ratingOf, ratingColumns } from "@/db/schema";
import { champions, clinchTables, standingsSteps, type ClinchTable, type FormatName, type Standings, type TournamentState } from "@/engine/formats";
import { runInSlices } from "@/lib/let-go";
import { isSiteAdmin } from "../admin/site-admins";
import { TOURNAMENT_STATUSES, type TournamentStatus } from "@/lib/contracts";
import { containsPattern, pageCount } from "../listing";
import { liveState, type StatePointer } from "./live-state";
import { gameLinks } from "./game-links";
import { readTournament } from "./lock-tournament";

export const TOURNAMENTS_PAGE_SIZE = 20;
/** "all" searches every tab at once (a search should not depend on the tab you were on). */
export type TournamentTab = "registering" | "running" | "finished" | "all";

export interface TournamentListQuery {
  tab: TournamentTab;
  search?: string;
  page: number;
  /** Only tournaments of this game. */
  gameType?: GameTypeId;
  /** Only tournaments of this format. */
  format?: FormatName;
  /** Only tournaments this user organizes or has joined. */
  mineOf?: string;
}

export async function listTournaments(db: Db, input: TournamentListQuery) {
  const statuses: TournamentStatus[] = input.tab === "all" ? [...TOURNAMENT_STATUSES] : input.tab === "finished" ? ["finished", "cancelled"] : [input.tab];
  const where: SQL | undefined = and(
    inArray(tournaments.status, statuses),
    input.search ? ilike(tournaments.name, containsPattern(input.search)) : undefined,
    input.gameType ? eq(tournaments.gameType, input.gameType) : undefined,
    input.format ? eq(tournaments.format, input.format) : undefined,
    input.mineOf
      ? or(
          eq(tournaments.organizerId, input.mineOf),
          exists(
            db
              .select({ one: tournamentPlayers.userId })
              .from(tournamentPlayers)
              .where(and(eq(tournamentPlayers.tournamentId, tournaments.id), eq(tournamentPlayers.userId, input.mineOf))),
          ),
        )
      : undefined,
  );
  const players = db
    .select({ tournamentId: tournamentPlayers.tournamentId, n: count().as("n") })
    .from(tournamentPlayers)
    .groupBy(tournamentPlayers.tournamentId)
    .as("players");
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: tournaments.id,
        name: tournaments.name,
        format: tournaments.format,
        gameType: tournaments.gameType,
        status: tournaments.status,
        initialMs: tournaments.initialMs,
        incrementMs: tournaments.incrementMs,
        maxPlayers: tournaments.maxPlayers,
        startsAt: tournaments.startsAt,
        createdAt: tournaments.createdAt,
        inviteOnly: tournaments.inviteOnly,
        players: players.n,
      })
      .from(tournaments)
      .leftJoin(players, eq(players.tournamentId, tournaments.id))
      .where(where)
      .orderBy(input.tab === "registering" ? asc(tournaments.createdAt) : desc(tournaments.createdAt), asc(tournaments.id))
      .limit(TOURNAMENTS_PAGE_SIZE)
      .offset((input.page - 1) * TOURNAMENTS_PAGE_SIZE),
    db.select({ n: count() }).from(tournaments).where(where),
  ]);
  return {
    tournaments: rows.map((r) => ({ ...r, players: Number(r.players ?? 0) })),
    page: input.page,
    pageCount: pageCount(total?.n ?? 0, TOURNAMENTS_PAGE_SIZE),
  };
}

/** What every reading of one tournament says about it: its settings, status and organizer. */
export function tournamentAbout(t: TournamentRow, organizer: { id: string; username: string }) {
  return {
    id: t.id,
    name: t.name,
    description: t.description,
    organizer,
    format: t.format,
    settings: t.settings,
    gameType: t.gameType,
    gameSettings: t.gameSettings,
    initialMs: t.initialMs,
    incrementMs: t.incrementMs,
    rated: t.rated,
    inviteOnly: t.inviteOnly,
    minPlayers: t.minPlayers,
    maxPlayers: t.maxPlayers,
    minRating: t.minRating,
    maxRating: t.maxRating,
    registrationClosesAt: t.registrationClosesAt,
    startsAt: t.startsAt,
    status: t.status,
    seed: t.seed,
    version: t.version,
    createdAt: t.createdAt,
    startedAt: t.startedAt,
    finishedAt: t.finishedAt,
  };
}

/**
 * A tournament's settings, status, organizer and number of players: a few hundred
 * bytes at any size (the edit page, API clients that need no more).
 */
export async function tournamentSummary(db: Db, tournamentId: string) {
  const t = await readTournament(db, tournamentId);
  const [[organizer], [joined]] = await Promise.all([
    db.select({ id: users.id, username: users.username }).from(users).where(eq(users.id, t.organizerId)),
    db.select({ n: count() }).from(tournamentPlayers).where(eq(tournamentPlayers.tournamentId, t.id)),
  ]);
  return { ...tournamentAbout(t, organizer!), playerCount: Number(joined?.n ?? 0) };
}

/**
 * The whole record: every player, the live engine state, the audit log (first
 * 1,000) and every game link. Its size grows with the tournament (about 45 MB at
 * 100,000 players): for the CSV export and API clients that want everything; pages
 * read tournament.page (tournament-page.ts) or the summary instead.
 */
export async function getTournament(db: Db, tournamentId: string) {
  const t = await readTournament(db, tournamentId);
  const [state, players, auditRows, links, [organizer]] = await Promise.all([
    liveState(db, t.id),
    db
      .select({ id: users.id, username: users.username, ...ratingColumns(playerRatings), joinedAt: tournamentPlayers.joinedAt })
      .from(tournamentPlayers)
      .innerJoin(users, eq(users.id, tournamentPlayers.userId))
      .leftJoin(playerRatings, ratingOf(playerRatings, tournamentPlayers.userId, t.gameType))
      .where(eq(tournamentPlayers.tournamentId, t.id))
      .orderBy(desc(ratingColumns(playerRatings).rating), asc(tournamentPlayers.joinedAt)),
    db
      .select({
        at: tournamentAudit.at,
        action: tournamentAudit.action,
        detail: tournamentAudit.detail,
        actor: users.username,
        actorId: tournamentAudit.actorId,
        actorRole: users.role,
      })
      .from(tournamentAudit)
      .leftJoin(users, eq(users.id, tournamentAudit.actorId))
      .where(eq(tournamentAudit.tournamentId, t.id))
      .orderBy(asc(tournamentAudit.at))
      .limit(1000),
    gameLinks(db, t.id),
    db.select({ id: users.id, username: users.username }).from(users).where(eq(users.id, t.organizerId)),
  ]);
  return {
    ...tournamentAbout(t, organizer!),
    players,
    state,
    champions: state ? champions(state) : [],
    // An admin acting in someone else's tournament acts as its organizer.
    audit: auditRows.map(({ actorRole, ...a }) => ({ ...a, actorIsAdmin: a.actorId !== null && isSiteAdmin({ id: a.actorId, role: actorRole }) })),
    gameLinks: links,
  };
}

/**
 * What pages read of a tournament's state, remembered per state object. A process's
 * live state is one object until the next result or change (live-state.ts), so each
 * reading is made once per change, and whoever has the next state first can make them
 * ahead (readAhead): a round's close does, while the database inserts its games.
 */
interface Readings {
  standings?: Promise<Standings>;
  clinch?: ClinchTable[];
  /** Other readings, by name (tournament-page.ts). */
  more: Map<string, unknown>;
}
const readings = new WeakMap<TournamentState, Readings>();

function readingsOf(state: TournamentState): Readings {
  let r = readings.get(state);
  if (!r) readings.set(state, (r = { more: new Map() }));
  return r;
}

/**
 * The state's standings, made once per state: every row in order and each row's "why"
 * written on demand (`why(index)`), for the rows a page shows.
 */
export function standingsOf(state: TournamentState): Promise<Standings> {
  const r = readingsOf(state);
  // Made in slices: when every group is new to this process (a restart, a snapshot read
  // after another process's close), what the standings remember per group took a
  // quarter of a second at 100,000 players, and a new round's whole sort a tenth.
  r.standings ??= runInSlices(standingsSteps(state));
  return r.standings;
}

/** The tournament's standings (standingsOf its live state); none before the start. */
export async function tournamentStandings(db: Db, tournamentId: string, pointer?: StatePointer): Promise<Standings> {
  const state = await liveState(db, tournamentId, pointer);
  return state ? standingsOf(state) : { rows: [], why: () => "" };
}

/** Clinched / out / open for every live table of the state (engine/formats/clinch.ts), made once per state. */
export function clinchOf(state: TournamentState): ClinchTable[] {
  const r = readingsOf(state);
  r.clinch ??= clinchTables(state);
  return r.clinch;
}

/** clinchOf the tournament's live state, with the version it was read at. */
export async function tournamentClinch(db: Db, tournamentId: string) {
  const [state, t] = await Promise.all([liveState(db, tournamentId), readTournament(db, tournamentId)]);
  return { version: t.version, tables: state ? clinchOf(state) : [] };
}

/**
 * A reading of a state remembered with it: `compute` runs once per state and name (the
 * round standings of a 100,000-player round, the side balance, each player's place).
 */
export function perState<T>(state: TournamentState, name: string, compute: () => T): T {
  const { more } = readingsOf(state);
  if (!more.has(name)) more.set(name, compute());
  return more.get(name) as T;
}
