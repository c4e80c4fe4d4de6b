// "Your turn": everything waiting on a user, most urgent deadline first: games on the
// site to move in, games played elsewhere to play and report, reported results to
// confirm, the staged format's A/B role choices; and, for organizers (and site
// admins), a queue per tournament of disputed results and games past their deadline
// with no result, each settled with one click (game.setResult, which is audited), and
// the number of reported chat messages they may hide.
import { aliasedTable, and, asc, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { gameReports, games, tournaments, users } from "@/db/schema";
import { choosesRoles, findGame } from "@/engine/formats";
import type { SessionUser } from "@/server/auth/session";
import type { GameResult, ReportStatus } from "@/lib/contracts";
import type { WaitingReason } from "@/lib/waiting";
import { reportedMessages } from "../chat/reported-messages";
import { readSnapshots } from "../snapshots";

export type QueueReason = "disputed" | "overdue";

const LIMIT = 200;
const side1 = aliasedTable(users, "w_side1");
const side2 = aliasedTable(users, "w_side2");

function columns() {
  return {
    id: games.id,
    gameType: games.gameType,
    ply: games.ply,
    sideToMove: games.sideToMove,
    onSite: sql<boolean>`${games.position} is not null`,
    deadline: games.deadline,
    side1Id: games.side1Id,
    side2Id: games.side2Id,
    name1: side1.username,
    name2: side2.username,
    tournamentId: games.tournamentId,
    tournamentGameKey: games.tournamentGameKey,
    tournament: tournaments.name,
    format: tournaments.format,
    reporterId: gameReports.reporterId,
    reportedResult: gameReports.result,
    reportStatus: gameReports.status,
    disputeReason: gameReports.disputeReason,
  };
}

function base(db: Db) {
  return db
    .select(columns())
    .from(games)
    .innerJoin(side1, eq(side1.id, games.side1Id))
    .innerJoin(side2, eq(side2.id, games.side2Id))
    .leftJoin(tournaments, eq(tournaments.id, games.tournamentId))
    .leftJoin(gameReports, eq(gameReports.gameId, games.id));
}

/** Staged role choices: who may still pick A or B, per game key (states of staged tournaments only; small). */
async function choosers(db: Db, tournamentIds: string[]): Promise<(tournamentId: string, key: string) => string | null> {
  if (tournamentIds.length === 0) return () => null;
  const states = await readSnapshots(db, tournamentIds);
  return (id, key) => {
    const state = states.get(id);
    return state ? (findGame(state, key)?.chooser ?? null) : null;
  };
}

/** The games waiting on this player, most urgent deadline first (home page and "Your turn"). */
export async function waitingItems(db: Db, userId: string) {
  const user = { id: userId };
  const mine = await base(db)
    .where(and(eq(games.status, "active"), or(eq(games.side1Id, user.id), eq(games.side2Id, user.id))))
    .orderBy(asc(games.deadline))
    .limit(LIMIT);
  const chooserOf = await choosers(db, [
    ...new Set(mine.filter((g) => g.format && choosesRoles(g.format) && g.ply === 0 && g.tournamentId).map((g) => g.tournamentId!)),
  ]);
  const items = [];
  for (const g of mine) {
    const side = g.side1Id === user.id ? 1 : 2;
    let reason: WaitingReason | null = null;
    if (g.format && choosesRoles(g.format) && g.ply === 0 && g.tournamentGameKey && chooserOf(g.tournamentId!, g.tournamentGameKey) === user.id)
      reason = "choose-role";
    else if (g.onSite) reason = g.sideToMove === side ? "move" : null;
    else if (!g.reporterId) reason = "report";
    else if (g.reporterId !== user.id && g.reportStatus === "pending") reason = "confirm";
    if (!reason) continue;
    items.push({
      gameId: g.id,
      reason,
      gameType: g.gameType,
      opponent: side === 1 ? g.name2 : g.name1,
      tournament: g.tournamentId ? { id: g.tournamentId, name: g.tournament! } : null,
      deadline: g.deadline,
      reportedResult: g.reportedResult,
      /** The report as the player reads it: who won, never "1-0". */
      reported:
        g.reportedResult === null
          ? null
          : g.reportedResult === "draw"
            ? "a draw"
            : g.reportedResult === (side === 1 ? "1-0" : "0-1")
              ? "you won"
              : `${side === 1 ? g.name2 : g.name1} won`,
    });
  }
  return items;
}

export async function waitingOn(db: Db, user: SessionUser, now = new Date()) {
  const [items, queues, reported] = await Promise.all([waitingItems(db, user.id), organizerQueues(db, user, now), reportedMessages(db, user)]);
  // Reported chat messages in rooms the user moderates (listed by chat.reported): counted, so badge and page agree.
  return { items, queues, reportedMessages: reported.length };
}

/** Disputes and games past their deadline without a result, in tournaments the user runs. */
async function organizerQueues(db: Db, user: SessionUser, now: Date) {
  const needsDecision = or(eq(gameReports.status, "disputed"), and(isNull(games.position), lt(games.deadline, now)));
  // Site admins settle disputes of games outside tournaments too.
  const scope = user.isAdmin ? or(eq(tournaments.organizerId, user.id), isNull(games.tournamentId)) : eq(tournaments.organizerId, user.id);
  const rows = await base(db)
    .where(
      and(
        eq(games.status, "active"),
        needsDecision,
        scope,
        user.isAdmin ? or(isNull(games.tournamentId), eq(tournaments.status, "running")) : eq(tournaments.status, "running"),
      ),
    )
    .orderBy(asc(games.deadline))
    .limit(LIMIT);
  const byTournament = new Map<
    string,
    {
      tournament: { id: string; name: string } | null;
      items: {
        gameId: string;
        reason: QueueReason;
        players: string;
        sides: [string, string];
        gameKey: string | null;
        gameType: string;
        deadline: Date | null;
        reportedResult: GameResult | null;
        reportStatus: ReportStatus | null;
        disputeReason: string | null;
      }[];
    }
  >();
  for (const g of rows) {
    const key = g.tournamentId ?? "";
    if (!byTournament.has(key)) byTournament.set(key, { tournament: g.tournamentId ? { id: g.tournamentId, name: g.tournament! } : null, items: [] });
    byTournament.get(key)!.items.push({
      gameId: g.id,
      reason: g.reportStatus === "disputed" ? "disputed" : "overdue",
      players: `${g.name1} vs ${g.name2}`,
      sides: [g.name1, g.name2],
      gameKey: g.tournamentGameKey,
      gameType: g.gameType,
      deadline: g.deadline,
      reportedResult: g.reportedResult,
      reportStatus: g.reportStatus,
      disputeReason: g.reportStatus === "disputed" ? g.disputeReason : null,
    });
  }
  return [...byTournament.values()];
}

/** The number on the header's "Your turn" badge. */
export async function waitingCount(db: Db, user: SessionUser, now = new Date()): Promise<number> {
  const { items, queues, reportedMessages } = await waitingOn(db, user, now);
  return items.length + queues.reduce((n, q) => n + q.items.length, 0) + reportedMessages;
}
