// The tournament page's view model: what the page draws and nothing more. A
// 100,000-player tournament has 100,000 standings rows, 25,000 groups per round
// and 300,000 games; the page shows the top of the standings, one page of them
// and the viewer's own place, the viewer's group and one page of groups of one
// round, one page of players, of side-balance records and of the audit log, with
// names and game links for exactly those. Windows come from the URL (?standings=,
// ?round=, ?groups=, ?players=, ?q=, ?balance=, ?audit=), so pages are links.
// Every result is a new state: the standings and side balance are remembered once
// per state (read-tournament.ts; a start and a round's close make them ahead,
// readAhead) and rebuilt from what the engine remembers per (immutable) group, and
// only the groups shown are ranked (docs/architecture.md).

import { and, asc, count, desc, eq, ilike, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { games, playerRatings, tournamentAudit, tournamentPlayers, tournaments, users, ratingOf, ratingColumns } from "@/db/schema";
import {
  findGame,
  groupIndexOf,
  gamesOf,
  groupsOf,
  lateEntryRound,
  placeOf,
  rowAt,
  rowOf,
  rowCount,
  playableGames,
  vecAt,
  sideBalanceReader,
  warmSideBalances,
  warmGroupIndex,
  warmPlaceIndex,
  standingRow,
  type AuditEntry,
  type ClinchTable,
  type SideBalanceReader,
  type StandingRow,
  type Standings,
  type TournamentState,
} from "@/engine/formats";
import { roundPanel, roundTabs, standingsInfo, type RoundPanel } from "@/components/formats/pages";
import { tabIndexFor } from "@/components/formats/round-tabs";
import { setBounded } from "@/lib/bounded-map";
import { inBackground, letGoIfDue, needed, stepInSlices } from "@/lib/let-go";
import { clampPage, pageSpan, pagesFor, pinnedWindow, spanIndexes, type Span } from "@/lib/page-window";
import { auditReferences, type ActorKind, type AuditItem, jointChampionsWhy, roundSummary, tableInfo, type TableInfo } from "@/lib/tournament-view";
import { isSiteAdmin } from "../admin/site-admins";
import { anyOf } from "../bulk-insert";
import { containsPattern } from "../listing";
import { liveState } from "./live-state";
import { clinchOf, perState, standingsOf, tournamentAbout, tournamentStandings } from "./read-tournament";
import { readTournament } from "./lock-tournament";

/** Page sizes and pinned rows of the page's windows (a round's own window is its format's: components/formats/<name>/page.ts). */
export const PAGE_SIZES = { standings: 50, standingsTop: 10, standingsAround: 3, players: 50, balance: 50, audit: 25 } as const;

export interface PageQuery {
  readonly standings?: number;
  /** The round tab: a round number (the staged knockout is round 4). */
  readonly round?: number;
  readonly groups?: number;
  readonly players?: number;
  readonly q?: string;
  readonly balance?: number;
  readonly audit?: number;
}

export interface Viewer {
  readonly id: string;
  readonly isAdmin: boolean;
}

type Names = Record<string, { username: string; rating: number }>;

/** Ids and game keys the page will show, collected while the windows are cut. */
class Shown {
  readonly players = new Set<string>();
  readonly gameKeys = new Set<string>();
  addPlayers(ids: Iterable<string>) {
    for (const id of ids) this.players.add(id);
  }
  addGames(keys: Iterable<string>) {
    for (const k of keys) this.gameKeys.add(k);
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Players' names and current ratings in the tournament's game type, for the ids shown. */
async function namesOf(db: Db, ids: Iterable<string>, gameType: string): Promise<Names> {
  const list = [...ids].filter((id) => UUID.test(id));
  if (list.length === 0) return {};
  const rows = await db
    .select({ id: users.id, username: users.username, ...ratingColumns(playerRatings) })
    .from(users)
    .leftJoin(playerRatings, ratingOf(playerRatings, users.id, gameType))
    .where(anyOf(users.id, list));
  return Object.fromEntries(rows.map((r) => [r.id, { username: r.username, rating: Math.round(r.rating) }]));
}

/** The site game behind each engine game key shown (games not started on the site have none). */
async function linksOf(db: Db, tournamentId: string, keys: Iterable<string>): Promise<Record<string, string>> {
  const list = [...keys];
  if (list.length === 0) return {};
  const rows = await db
    .select({ id: games.id, key: games.tournamentGameKey })
    .from(games)
    .where(and(eq(games.tournamentId, tournamentId), anyOf(games.tournamentGameKey, list, "text")));
  return Object.fromEntries(rows.filter((r) => r.key).map((r) => [r.key!, r.id]));
}

/** Rows of the standings in the window, each with its "why": positions where rows were left out, and the real next player at each gap. */
function windowRows(table: Standings, spans: readonly Span[]) {
  const rows: StandingRow[] = [];
  const gapsBefore: number[] = [];
  const nextPlayer: Record<string, string> = {};
  for (const s of spans) {
    if (s.start > 0) gapsBefore.push(rows.length);
    for (let i = s.start; i < s.end; i++) rows.push(standingRow(table, i));
    const after = rowAt(table, s.end);
    if (after && s.end > s.start) nextPlayer[rowAt(table, s.end - 1)!.player] = after.player;
  }
  return { rows, gapsBefore, nextPlayer };
}

/**
 * The places (0-based) of these players in a list (the seeds), in one pass that stops
 * once all are found: a page of players in seed order is found in the first rows.
 */
function placesOf<T>(list: readonly T[], idOf: (item: T) => string, players: Iterable<string>): Map<string, number> {
  const wanted = new Set(players);
  const places = new Map<string, number>();
  for (let i = 0; i < list.length && places.size < wanted.size; i++) {
    const id = idOf(list[i]!);
    if (wanted.has(id)) places.set(id, i);
  }
  return places;
}
const seedPlayer = (p: { id: string }) => p.id;

/** The viewer's released games without a result in the current round, by engine key. */
function openGameKeys(state: TournamentState, me: string): string[] {
  if (state.status === "finished" || state.rounds.length === 0) return [];
  const round = state.rounds[state.rounds.length - 1]!;
  // League phases are released one by one: ask the engine (a league has at most 30 players).
  if (round.phases)
    return playableGames(state)
      .filter((g) => g.side1 === me || g.side2 === me)
      .map((g) => g.id);
  const gi = groupIndexOf(round, me);
  const group = gi >= 0 ? vecAt(round.groups, gi) : undefined;
  if (!group) return [];
  return gamesOf(group).flatMap((g, n) => (!g.result && !g.void && (g.side1 === me || g.side2 === me) ? [`r${round.number}-g${gi + 1}-${n + 1}`] : []));
}

/**
 * "Your next game": of the viewer's open games in the current round, the most urgent
 * for them: one waiting on them (their move on the site, or a game played elsewhere
 * to report) before one waiting on the opponent, then the least time left, then the
 * engine's order. `others` counts the rest, and how many of those wait on the viewer.
 */
async function nextGameFor(db: Db, tournamentId: string, state: TournamentState, me: string) {
  const keys = openGameKeys(state, me);
  if (keys.length === 0) return null;
  const rows = await db
    .select({
      id: games.id,
      key: games.tournamentGameKey,
      side1: games.side1Id,
      sideToMove: games.sideToMove,
      position: games.position,
      deadline: games.deadline,
    })
    .from(games)
    .where(and(eq(games.tournamentId, tournamentId), anyOf(games.tournamentGameKey, keys, "text"), eq(games.status, "active")));
  if (rows.length === 0) return null;
  const order = new Map(keys.map((k, i) => [k, i]));
  const waitsOnMe = (r: (typeof rows)[number]) => r.position === null || r.sideToMove === (r.side1 === me ? 1 : 2);
  const timeLeft = (r: (typeof rows)[number]) => r.deadline?.getTime() ?? Number.POSITIVE_INFINITY;
  const ranked = [...rows].sort(
    (a, b) => Number(waitsOnMe(b)) - Number(waitsOnMe(a)) || timeLeft(a) - timeLeft(b) || (order.get(a.key!) ?? 0) - (order.get(b.key!) ?? 0),
  );
  const [first, ...rest] = ranked;
  return { gameId: first!.id, others: rest.length, othersOnMe: rest.filter(waitsOnMe).length };
}

// ---------------------------------------------------------------- audit

/** The site's "round started" actions of the tournament: when each round after the first began (depends on the tournament's id alone). */
function roundStarts(db: Db, tournamentId: string) {
  return db
    .select({ at: tournamentAudit.at, detail: tournamentAudit.detail })
    .from(tournamentAudit)
    .where(and(eq(tournamentAudit.tournamentId, tournamentId), eq(tournamentAudit.action, "round started")));
}

/** When each round started, and how many recorded actions came before each of those instants and in all: what the audit log is merged by. */
interface AuditClock {
  readonly roundTimes: ReadonlyMap<number, Date>;
  readonly actions: number;
  /** Recorded actions before the instant `x` (ms), one of roundTimes'. */
  before(x: number): number;
}

/** The audit's clock, in one query, from the round starts read with the tournament (roundStarts). */
async function auditClock(db: Db, t: { id: string; startedAt: Date | null }, starts: readonly { at: Date; detail: string }[]): Promise<AuditClock> {
  const roundTimes = new Map<number, Date>();
  if (t.startedAt) roundTimes.set(1, t.startedAt);
  for (const s of starts) {
    const m = /^Round (\d+)/.exec(s.detail);
    if (m) roundTimes.set(Number(m[1]), s.at);
  }
  // How many recorded actions come before each round's start, in one query.
  const times = [...new Set([...roundTimes.values()].map((d) => d.getTime()))];
  const counts = await db
    .select({
      total: count(),
      ...Object.fromEntries(
        times.map((x, k) => [`b${k}`, sql<number>`count(*) filter (where ${tournamentAudit.at} < ${new Date(x).toISOString()})`.mapWith(Number)]),
      ),
    })
    .from(tournamentAudit)
    .where(eq(tournamentAudit.tournamentId, t.id));
  const row = (counts[0] ?? { total: 0 }) as Record<string, number>;
  const actions = Number(row.total ?? 0);
  return { roundTimes, actions, before: (x) => Number(row[`b${times.indexOf(x)}`] ?? 0) };
}

/**
 * One page of the merged audit log (the engine's entries, timed by their round's
 * start, and the site's recorded actions, by time; an action at the instant a
 * round starts comes after the round's entries; engine entries of rounds without
 * a known start come last), reading only that page's rows from the database.
 */
async function auditPage(
  db: Db,
  t: { id: string; organizerId: string },
  state: TournamentState | null,
  requested: number | undefined,
  { roundTimes, actions, before: beforeTime }: AuditClock,
) {
  // Engine entries in blocks of equal time, in time order (untimed last).
  const engine: readonly AuditEntry[] = state?.audit ?? [];
  const timeOf = (e: AuditEntry) => roundTimes.get(e.round)?.getTime() ?? Number.POSITIVE_INFINITY;
  const ordered = engine.map((e, i) => ({ e, i })).sort((a, b) => timeOf(a.e) - timeOf(b.e) || a.i - b.i);
  const blockTimes = [...new Set(ordered.map(({ e }) => timeOf(e)))];
  const before = (x: number) => (Number.isFinite(x) ? beforeTime(x) : actions);

  // The merged list as runs: actions [from, to) of the recorded ones, or engine entries [from, to) of `ordered`.
  type Run = { kind: "actions" | "engine"; from: number; to: number };
  const runs: Run[] = [];
  let actionAt = 0;
  let engineAt = 0;
  for (const x of blockTimes) {
    const upTo = before(x);
    if (upTo > actionAt) runs.push({ kind: "actions", from: actionAt, to: upTo });
    actionAt = Math.max(actionAt, upTo);
    const size = ordered.filter(({ e }) => timeOf(e) === x).length;
    runs.push({ kind: "engine", from: engineAt, to: engineAt + size });
    engineAt += size;
  }
  if (actions > actionAt) runs.push({ kind: "actions", from: actionAt, to: actions });
  const total = actions + engine.length;
  const pageCount = pagesFor(total, PAGE_SIZES.audit);
  // Opens on the latest page: what happened most recently is what people look for.
  const page = clampPage(requested, pageCount, pageCount);
  const want = pageSpan(page, PAGE_SIZES.audit, total);

  const pieces: { kind: Run["kind"]; from: number; to: number }[] = [];
  let at = 0;
  for (const r of runs) {
    const len = r.to - r.from;
    const lo = Math.max(want.start, at);
    const hi = Math.min(want.end, at + len);
    if (lo < hi) pieces.push({ kind: r.kind, from: r.from + (lo - at), to: r.from + (hi - at) });
    at += len;
  }
  const actionPieces = pieces.filter((p) => p.kind === "actions");
  const firstAction = actionPieces[0]?.from ?? 0;
  const lastAction = actionPieces.at(-1)?.to ?? 0;
  const recorded =
    lastAction > firstAction
      ? await db
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
          .orderBy(asc(tournamentAudit.at), asc(tournamentAudit.id))
          .offset(firstAction)
          .limit(lastAction - firstAction)
      : [];
  const items: AuditItem[] = [];
  for (const p of pieces) {
    for (let i = p.from; i < p.to; i++) {
      if (p.kind === "engine") {
        const { e, i: index } = ordered[i]!;
        const time = roundTimes.get(e.round);
        items.push({ kind: "engine", key: `e${index}`, round: e.round, what: e.what, decided: e.decided, ...(time ? { at: time.toISOString() } : {}) });
      } else {
        const a = recorded[i - firstAction];
        if (!a) continue;
        // An admin acting in someone else's tournament acts as its organizer.
        const actor: ActorKind =
          a.actorId === null ? "system" : a.actorId === t.organizerId || isSiteAdmin({ id: a.actorId, role: a.actorRole ?? "user" }) ? "organizer" : "player";
        items.push({ kind: "organizer", key: `o${i}`, at: a.at.toISOString(), who: a.actor ?? "Moot", what: a.detail, actor, action: a.action });
      }
    }
  }
  return { page, pageCount, total, items };
}

/** One page of the tournament's players: in seed order once started (by rating before), or those matching a search. */
async function playerList(
  db: Db,
  t: { id: string; gameType: string; status: string },
  state: TournamentState | null,
  query: PageQuery,
  playerCount: number,
  statusOf: (id: string) => string | undefined,
) {
  const search = query.q?.trim() ?? "";
  let playerIds: string[];
  let playerTotal: number;
  let playerPage: number;
  let playerPageCount: number;
  if (search) {
    const matches = await db
      .select({ id: tournamentPlayers.userId })
      .from(tournamentPlayers)
      .innerJoin(users, eq(users.id, tournamentPlayers.userId))
      .where(and(eq(tournamentPlayers.tournamentId, t.id), ilike(users.username, containsPattern(search))));
    const ids = matches.map((m) => m.id);
    const seedIndex = state ? placesOf(state.players, seedPlayer, ids) : null;
    if (seedIndex) ids.sort((a, b) => (seedIndex.get(a) ?? 0) - (seedIndex.get(b) ?? 0));
    playerTotal = ids.length;
    playerPageCount = pagesFor(playerTotal, PAGE_SIZES.players);
    playerPage = clampPage(query.players, playerPageCount);
    const s = pageSpan(playerPage, PAGE_SIZES.players, playerTotal);
    playerIds = ids.slice(s.start, s.end);
  } else if (state) {
    playerTotal = state.players.length;
    playerPageCount = pagesFor(playerTotal, PAGE_SIZES.players);
    playerPage = clampPage(query.players, playerPageCount);
    const s = pageSpan(playerPage, PAGE_SIZES.players, playerTotal);
    playerIds = state.players.slice(s.start, s.end).map((p) => p.id);
  } else {
    playerTotal = Number(playerCount);
    playerPageCount = pagesFor(playerTotal, PAGE_SIZES.players);
    playerPage = clampPage(query.players, playerPageCount);
    const rows = await db
      .select({ id: tournamentPlayers.userId })
      .from(tournamentPlayers)
      .leftJoin(playerRatings, ratingOf(playerRatings, tournamentPlayers.userId, t.gameType))
      .where(eq(tournamentPlayers.tournamentId, t.id))
      .orderBy(desc(ratingColumns(playerRatings).rating), asc(tournamentPlayers.joinedAt), asc(tournamentPlayers.userId))
      .limit(PAGE_SIZES.players)
      .offset((playerPage - 1) * PAGE_SIZES.players);
    playerIds = rows.map((r) => r.id);
  }
  const playerInfo = playerIds.length
    ? await db
        .select({ id: users.id, username: users.username, ...ratingColumns(playerRatings) })
        .from(users)
        .leftJoin(playerRatings, ratingOf(playerRatings, users.id, t.gameType))
        .where(anyOf(users.id, playerIds))
    : [];
  const infoOf = new Map(playerInfo.map((p) => [p.id, p]));
  const seedOf = state ? placesOf(state.players, seedPlayer, playerIds) : null;
  const withdrawn = new Set(state?.withdrawals.map((w) => w.player) ?? []);
  const firstSeed = (playerPage - 1) * PAGE_SIZES.players;
  const playerRows = playerIds.flatMap((id, i) => {
    const p = infoOf.get(id);
    if (!p) return [];
    const seedIndex = seedOf?.get(id);
    return [
      {
        id,
        username: p.username,
        /** Place in the list: the seed once started, else the place by rating. */
        number: seedIndex !== undefined ? seedIndex + 1 : firstSeed + i + 1,
        rating: { rating: p.rating, rd: p.rd },
        seedRating: seedIndex !== undefined ? (state!.players[seedIndex]?.rating ?? null) : null,
        withdrawn: withdrawn.has(id),
        stillPlaying: t.status === "running" && statusOf(id) === "playing",
      },
    ];
  });

  return { page: playerPage, pageCount: playerPageCount, total: playerTotal, q: search, rows: playerRows };
}

/**
 * Entrants' counts by tournament, for the version they were counted at: every entry and
 * every leave bumps the tournament's version, so a version's count stays true. Counted
 * once per version in each process, not on every page read: at 100,000 players a count
 * visits 100,000 index entries, and the pages' counts were the database's largest
 * work beside a round's close (344 of 1,300 samples of its busy backends).
 */
const entrantCounts = new Map<string, { version: number; n: Promise<number> }>();
const ENTRANT_COUNTS_KEPT = 1000;

function entrantCount(db: Db, t: { id: string; version: number }): Promise<number> {
  const known = entrantCounts.get(t.id);
  if (known?.version === t.version) return known.n;
  const n = db
    .select({ n: count() })
    .from(tournamentPlayers)
    .where(eq(tournamentPlayers.tournamentId, t.id))
    .then(([row]) => Number(row?.n ?? 0));
  // A count that failed is not kept: the next read counts again.
  n.catch(() => entrantCounts.get(t.id)?.n === n && entrantCounts.delete(t.id));
  setBounded(entrantCounts, t.id, { version: t.version, n }, ENTRANT_COUNTS_KEPT);
  return n;
}

// ---------------------------------------------------------------- the page

/**
 * What the page reads of a state beyond its windows, made once per state
 * (read-tournament.ts, perState): the standings; each player's place in them (the page
 * looks up the viewer and a page of players, who may be anywhere among 100,000 rows: a
 * scan per lookup took 50 ms a page at that size); and the side balance, each group's
 * counted ahead in slices.
 */
export async function pageReadings(state: TournamentState) {
  // Awaited as a request's: what a read ahead began in the background goes on unheld (lib/let-go.ts).
  const standings = await needed(standingsOf(state));
  const balance = await needed(
    perState<Promise<SideBalanceReader>>(state, "side balance", async () => {
      await stepInSlices(warmSideBalances(state));
      return sideBalanceReader(state);
    }),
  );
  // The reader's list, kept with its tally: nothing to remember beside it.
  return { standings, balance, played: balance.players() };
}

/**
 * pageReadings of a state this process has just made and is about to save (a start, a
 * round's close), begun once `idle` settles; resolves once made: started when the caller's
 * own work is done and it waits on the database (its snapshot's JSON made, its inserts
 * sent), they are ready when the state is, and a reader who comes sooner awaits only
 * what is not done yet (at 100,000 players, the first page read after a close took
 * 0.45 s instead of 0.1). Begun at once, they took the processor from the close's own
 * work, and a 10,000-player close was a third longer. Begun once the database had the
 * whole snapshot, at 100,000 players they began with the commit, and the first page read
 * after it waited for them (about 1 s). A close commits once they are made
 * (close-round.ts). The round's panel as the first view shows it (firstPanel) is made
 * after that, unawaited.
 */
export function readAhead(state: TournamentState, idle: Promise<unknown>): Promise<void> {
  // If what it waits for fails, so has the caller, who reports it: nothing is read ahead.
  // Background work, also after a start a request made: a page read meanwhile goes first.
  // Settles once done (or failed: never rejects).
  const failed = (err: unknown) => console.error("reading a tournament state ahead failed", err);
  return inBackground(() =>
    idle.then(
      () =>
        firstReadings(state).then(() => {
          void firstPanel(state).catch(failed);
        }, failed),
      () => undefined,
    ),
  );
}

/**
 * What the first view of a new state's page reads beyond its windows, but for its
 * round's panel: pageReadings, the players' place index (made at the first lookup: 45
 * ms at 100,000 players; here in steps), and the current round's group index, which a
 * signed-in viewer's panel looks their group up in.
 */
async function firstReadings(state: TournamentState): Promise<void> {
  const { standings } = await pageReadings(state);
  await stepInSlices(warmPlaceIndex(standings));
  const round = state.rounds.at(-1);
  if (round) await stepInSlices(warmGroupIndex(round));
}

/**
 * The current round's panel as an anonymous viewer first opens it, with its clinch
 * marks (for a new round of groups, the 13 groups a page shows: 7 ms warm at 2,000
 * players, 60 ms at 100,000 when the marks' code is cold). Not awaited by a close: at
 * 2,000 players, waiting for it before the commit made a close up to 40 ms longer, and a
 * reader who comes sooner works out the same few groups' marks (remembered per group).
 */
async function firstPanel(state: TournamentState): Promise<void> {
  await roundsPanel(state, {
    round: undefined,
    me: undefined,
    page: undefined,
    running: state.status === "playing",
    clinch: async () => clinchOf(state),
    show: () => undefined,
  });
}

/** The round tabs and the selected tab's panel, cut by the tournament's format (what tournamentPage shows of the rounds). */
async function roundsPanel(
  state: TournamentState,
  view: {
    round: number | undefined;
    me: string | undefined;
    page: number | undefined;
    running: boolean;
    clinch: () => Promise<readonly ClinchTable[]>;
    show: (players: readonly string[], games?: readonly string[]) => void;
  },
): Promise<{ tabs: ReturnType<typeof roundTabs>; index: number; panel: RoundPanel }> {
  const tabs = roundTabs(state);
  const index = tabIndexFor(tabs, view.round);
  const tab = tabs[index]!;
  const panel: RoundPanel =
    tab.upcoming || !state.rounds[tab.round - 1]
      ? { kind: "empty", text: tab.emptyText ?? "This round has not been planned yet." }
      : await roundPanel({
          state,
          round: tab.round,
          me: view.me,
          page: view.page,
          running: view.running,
          tournamentClinch: view.clinch,
          remember: async (key, make) => perState(state, key, make),
          show: view.show,
          pause: async () => letGoIfDue(),
        });
  return { tabs, index, panel };
}

/** The window's key: the same window however its query is spelled. */
const pageKey = (tournamentId: string, query: PageQuery) => `${tournamentId} ${JSON.stringify(query, Object.keys(query).sort())}`;

/**
 * The parts of a page's answer that depend on the tournament's version and the window
 * alone, whoever reads it: the entrants' count, the page of players and the page of the
 * audit log (three of a page read's four round trips in a row). Kept per window after
 * every read, for ANONYMOUS_STALE_MS, so that a signed-in viewer's page at a version
 * already read reads only what is theirs or may have changed without a new version:
 * the tournament, whether they joined, their next game, and every name shown (a
 * player list's names included). Two round trips in a row, where a whole read is four;
 * during a 100,000-player round's close each waits behind the close's inserts.
 */
interface SharedParts {
  readonly version: number;
  readonly at: number;
  readonly playerCount: number;
  readonly players: PlayerListView;
  readonly audit: AuditView;
}
type PlayerListView = Awaited<ReturnType<typeof playerList>>;
type AuditView = Awaited<ReturnType<typeof auditPage>>;
const sharedParts = new Map<string, SharedParts>();

/** How long an anonymous page's answer is served without being read again, and how long, read again in the background, it may be served at most. */
const ANONYMOUS_FRESH_MS = 1_000;
const ANONYMOUS_STALE_MS = 10_000;
/** Anonymous answers kept per process (a key per tournament and window: ?q= makes them unbounded). */
const ANONYMOUS_PAGES = 64;

type PageAnswer = Awaited<ReturnType<typeof readPage>>;
interface AnonymousPage {
  readonly version: number;
  readonly at: number;
  readonly answer: Promise<PageAnswer>;
  refreshing?: boolean;
}
const anonymousPages = new Map<string, AnonymousPage>();

/**
 * The tournament page's data for a viewer. An anonymous viewer's answer depends on the
 * tournament's version and the window asked for alone, and on the players' names and
 * ratings, which change without a new version: it is kept per process and served again
 * while the version is the same (one round trip, for the version), read again in the
 * background once it is a second old, and not served after ten. Every live page reads
 * its tournament again when the version moves (one socket message to all of them at
 * once: they wait for one read), and during a 100,000-player round's close each read
 * waited behind the close's inserts at each of its four round trips (over 250 ms). A
 * signed-in viewer's page is theirs (their row, group and next game) and is read whole.
 */
export async function tournamentPage(db: Db, viewer: Viewer | null, tournamentId: string, query: PageQuery): Promise<PageAnswer> {
  if (viewer) return readPage(db, viewer, tournamentId, query);
  const [row] = await db.select({ version: tournaments.version }).from(tournaments).where(eq(tournaments.id, tournamentId));
  // No such tournament: the read says so in words.
  if (!row) return readPage(db, null, tournamentId, query);
  const key = pageKey(tournamentId, query);
  const kept = anonymousPages.get(key);
  const age = kept ? Date.now() - kept.at : Infinity;
  if (kept && kept.version === row.version && age < ANONYMOUS_STALE_MS) {
    if (age >= ANONYMOUS_FRESH_MS && !kept.refreshing) {
      kept.refreshing = true;
      const started = Date.now();
      // Served as kept meanwhile. Its data is at least as new as the version it is kept
      // under (the version only grows), so a newer reader reads again rather than get older data.
      inBackground(() => readPage(db, null, tournamentId, query)).then(
        (answer) => {
          if (anonymousPages.get(key) === kept)
            setBounded(anonymousPages, key, { version: row.version, at: started, answer: Promise.resolve(answer) }, ANONYMOUS_PAGES);
        },
        () => (kept.refreshing = false),
      );
    }
    return kept.answer;
  }
  const answer = readPage(db, null, tournamentId, query);
  const entry: AnonymousPage = { version: row.version, at: Date.now(), answer };
  setBounded(anonymousPages, key, entry, ANONYMOUS_PAGES);
  // A failed read is not kept: the next reader reads again (and is told why, as this one).
  answer.catch(() => anonymousPages.get(key) === entry && anonymousPages.delete(key));
  return answer;
}

async function readPage(db: Db, viewer: Viewer | null, tournamentId: string, query: PageQuery) {
  const me = viewer?.id;
  const key = pageKey(tournamentId, query);
  // What a read of this window kept, if it may still be served: its round starts are not
  // needed then (if the version has moved meanwhile, they are read after the row).
  const kept = sharedParts.get(key);
  const keptFresh = kept !== undefined && Date.now() - kept.at < ANONYMOUS_STALE_MS;
  // The reads are sent together where they do not depend on each other: four round trips
  // in a row, where there were eight (two with the window's shared parts kept). During a
  // 100,000-player round's close each waits behind the close's inserts, and the page
  // waited for each in turn. Then the state, the audit log's counts and the entrants'
  // count (once per version), given the row.
  const [t, [organizer], joinedRows, startsRead] = await Promise.all([
    readTournament(db, tournamentId),
    db
      .select({ id: users.id, username: users.username })
      .from(tournaments)
      .innerJoin(users, eq(users.id, tournaments.organizerId))
      .where(eq(tournaments.id, tournamentId)),
    me
      ? db
          .select({ id: tournamentPlayers.userId })
          .from(tournamentPlayers)
          .where(and(eq(tournamentPlayers.tournamentId, tournamentId), eq(tournamentPlayers.userId, me)))
      : Promise.resolve([]),
    keptFresh ? null : roundStarts(db, tournamentId),
  ]);
  const shared = keptFresh && kept.version === t.version ? kept : null;
  const [state, clock, playerCount] = await Promise.all([
    liveState(db, t.id, t),
    shared ? null : (async () => auditClock(db, t, startsRead ?? (await roundStarts(db, tournamentId))))(),
    shared ? shared.playerCount : entrantCount(db, t),
  ]);
  const shown = new Shown();
  const isOrganizer = !!viewer && (viewer.id === t.organizerId || viewer.isAdmin);

  // Standings and side balance: made once per state.
  const read = state ? await pageReadings(state) : null;
  const table: Standings = read?.standings ?? { rows: [], why: () => "" };
  const total = rowCount(table);
  // The viewer's row (placeOf: an index kept per tournament, not a map of every row per state).
  const viewerPlace = me !== undefined ? placeOf(table, me) : undefined;
  const running = !!state && t.status === "running";
  // Marks of every live table, remembered per version: for the formats that read them
  // (small ones; group elimination marks only the groups it shows).
  const clinch = async (): Promise<readonly ClinchTable[]> => (running ? clinchOf(state) : []);

  let standingsView = null;
  if (state) {
    const w = pinnedWindow({
      total,
      page: query.standings,
      pageSize: PAGE_SIZES.standings,
      top: PAGE_SIZES.standingsTop,
      ...(viewerPlace !== undefined ? { viewer: viewerPlace } : {}),
      around: PAGE_SIZES.standingsAround,
    });
    const cut = windowRows(table, w.spans);
    shown.addPlayers(cut.rows.map((r) => r.player));
    shown.addPlayers(Object.values(cut.nextPlayer));
    // The standings of a format that is one live table (the league, the Swiss) carry its clinch marks.
    const live = standingsInfo(state.format).liveTable ? (await clinch()).find((c) => c.group === null) : undefined;
    // Only the marks of the rows shown: a Swiss of 10,000 marks every player.
    const onPage = new Set(cut.rows.map((r) => r.player));
    const liveTable = live && { ...live, marks: live.marks.filter((m) => onPage.has(m.player)) };
    if (liveTable) shown.addPlayers(liveTable.marks.flatMap((m) => [m.player, ...m.rivals, ...m.swings.flatMap((s) => [s.side1, s.side2])]));
    standingsView = {
      page: w.page,
      pageCount: w.pageCount,
      total,
      viewerPage: w.viewerPage ?? null,
      ...cut,
      clinch: liveTable ?? null,
      testId: standingsInfo(state.format).testId,
    };
  }

  // Rounds: the selected tab's panel only, cut by the tournament's format.
  let roundsView = null;
  if (state) {
    const { tabs, index, panel } = await roundsPanel(state, {
      round: query.round,
      me,
      page: query.groups,
      running,
      clinch,
      show: (players, games) => {
        shown.addPlayers(players);
        if (games) shown.addGames(games);
      },
    });
    const summary = panel.kind === "round" ? roundSummary(state, panel.summaryRound) : null;
    if (summary) shown.addPlayers(summary.champions);
    roundsView = { tabs, index, panel, summary };
  }

  const statusOf = (id: string) => rowOf(table, id)?.status;
  // The viewer's next game, read beside what follows (its last round trip is the names').
  const nextGameRead = me && state && t.status === "running" ? nextGameFor(db, t.id, state, me) : null;
  nextGameRead?.catch(() => undefined); // awaited below; not unhandled if a read before that fails
  // A page of players and a page of the audit log: a round trip or two each, read together
  // (kept with the window once read at this version).
  const [players, audit] = shared
    ? [shared.players, shared.audit]
    : await Promise.all([playerList(db, t, state, query, Number(playerCount), statusOf), auditPage(db, t, state, query.audit, clock!)]);
  // Names as they are now, the list's too (kept, it may be older: a rename makes no new version).
  if (shared) shown.addPlayers(players.rows.map((r) => r.id));
  else setBounded(sharedParts, key, { version: t.version, at: Date.now(), playerCount: Number(playerCount), players, audit }, ANONYMOUS_PAGES);

  // Side balance: totals of every game and one page of players (in seed order).
  let balanceView = null;
  if (read) {
    const { balance, played } = read;
    const pageCount = pagesFor(played.length, PAGE_SIZES.balance);
    const page = clampPage(query.balance, pageCount);
    const s = pageSpan(page, PAGE_SIZES.balance, played.length);
    const players = played.slice(s.start, s.end).map((id) => ({ id, record: balance.record(id)! }));
    shown.addPlayers(players.map((p) => p.id));
    balanceView = { games: balance.games, sides: balance.sides, playerCount: played.length, players, page, pageCount };
  }

  // Audit: one page, with what its sentences mention.
  const refs = auditReferences(audit.items.flatMap((i) => (i.kind === "engine" ? [i.what, i.decided] : [i.what])));
  shown.addPlayers(refs.words);
  shown.addGames(refs.gameKeys);
  const auditGames: Record<string, { side1: string; side2: string }> = {};
  const auditGroups: Record<number, { name: string; players: readonly string[] }[]> = {};
  if (state) {
    for (const key of refs.gameKeys) {
      const game = findGame(state, key);
      if (game) {
        auditGames[key] = { side1: game.side1, side2: game.side2 };
        shown.addPlayers([game.side1, game.side2]);
      }
    }
    // The staged grouping draws name the groups they made (at most 32 players).
    for (const item of audit.items) {
      const m = item.kind === "engine" ? /^round (\d) grouping$/.exec(item.what) : null;
      const round = m ? state.rounds[Number(m[1]) - 1] : undefined;
      if (round) {
        auditGroups[round.number] = groupsOf(round).map((g) => ({ name: g.name, players: g.players }));
        shown.addPlayers(groupsOf(round).flatMap((g) => g.players));
      }
    }
  }

  const champions = state?.status === "finished" ? state.champions : [];
  shown.addPlayers(champions);

  const [names, links, nextGame] = await Promise.all([namesOf(db, shown.players, t.gameType), linksOf(db, t.id, shown.gameKeys), nextGameRead]);
  const info: TableInfo | null = state ? tableInfo(state) : null;
  const playersView = shared ? { ...players, rows: players.rows.map((r) => ({ ...r, username: names[r.id]?.username ?? r.username })) } : players;

  return {
    ...tournamentAbout(t, organizer!),
    playerCount: Number(playerCount),
    joined: joinedRows.length > 0,
    isOrganizer,
    /** Running and taking late entries (the Swiss, as set): the round a player joining now plays first. */
    lateEntryRound: running ? lateEntryRound(state) : null,
    /** The viewer may withdraw (a player still in play). */
    canWithdraw: viewerPlace !== undefined && t.status === "running" && rowAt(table, viewerPlace)?.status === "playing",
    champions,
    /** Why several share the title, when they do. */
    championsWhy: state ? jointChampionsWhy(state) : null,
    info,
    names,
    /** Engine game key -> the site game's id, for the games shown. */
    gameLinks: links,
    /** The viewer's most urgent open game here, and how many other open games they have (and of those, on their move). */
    nextGame,
    players: playersView,
    standings: standingsView,
    rounds: roundsView,
    sideBalance: balanceView,
    audit: { ...audit, games: auditGames, groups: auditGroups },
  };
}

/** One page of the tournament standings with the players' names (tournament.standings). */
export async function standingsPage(db: Db, tournamentId: string, requested: number | undefined) {
  const t = await readTournament(db, tournamentId);
  const table = await tournamentStandings(db, tournamentId, t);
  const { version } = t;
  const total = rowCount(table);
  const pageCount = pagesFor(total, PAGE_SIZES.standings);
  const page = clampPage(requested, pageCount);
  const s = pageSpan(page, PAGE_SIZES.standings, total);
  const shownRows = spanIndexes([s]).map((i) => standingRow(table, i));
  const names = await namesOf(
    db,
    shownRows.map((r) => r.player),
    t.gameType,
  );
  return { version, page, pageCount, total, rows: shownRows.map((r) => ({ ...r, username: names[r.player]?.username ?? null })) };
}

/** One page of the merged audit log (tournament.audit); the latest page when none is asked for. */
export async function auditLogPage(db: Db, tournamentId: string, requested: number | undefined) {
  const [t, starts] = await Promise.all([readTournament(db, tournamentId), roundStarts(db, tournamentId)]);
  const [state, clock] = await Promise.all([liveState(db, t.id, t), auditClock(db, t, starts)]);
  return auditPage(db, t, state, requested, clock);
}
