// Notifications that time alone triggers, queued by the sweeper in every process
// (each is created once: its dedupe key is unique): deadline reminders (by default
// 24 hours and 1 hour before the flag of the player to move falls), "starting soon"
// for tournaments an hour before their start, and the daily e-mail digests.
import { aliasedTable, and, eq, gt, inArray, isNotNull, isNull, lt, lte, or } from "drizzle-orm";
import type { Db } from "@/db/client";
import { gameDeadlines, games, notificationSettings, outbox, tournaments, users } from "@/db/schema";
import { DEFAULT_REMINDER_HOURS } from "@/lib/notification-kinds";
import { transaction } from "../transaction";
import { channels } from "./channels";
import { gameLink, gameSubject, notify, type NewNotification } from "./notify";
import { noticeStartingSoon } from "./tournament-notices";

const HOUR = 3_600_000;
/** Reminders may be asked for up to this many hours before the flag falls. */
export const MAX_REMINDER_HOURS = 72;
const SOON_MS = HOUR;
const DAY = 24 * HOUR;
const BATCH = 500;

/**
 * The reminder due now for a turn, or null: the smallest configured hour mark the
 * clock has passed, provided the turn began with more time than that left (a turn
 * starting with 20 hours left gets no "less than 24 hours" reminder: the "your move"
 * notice said it all).
 */
export function dueReminder(hours: readonly number[], deadline: number, turnStartedAt: number, now: number): number | null {
  const crossed = hours.filter((h) => deadline - now <= h * HOUR && deadline - turnStartedAt > h * HOUR && deadline > now);
  return crossed.length === 0 ? null : Math.min(...crossed);
}

export async function queueReminders(db: Db, now = new Date()): Promise<string[]> {
  const side1 = aliasedTable(users, "side1");
  const side2 = aliasedTable(users, "side2");
  const rows = await db
    .select({
      id: games.id,
      ply: games.ply,
      sideToMove: games.sideToMove,
      side1Id: games.side1Id,
      side2Id: games.side2Id,
      name1: side1.username,
      name2: side2.username,
      deadline: games.deadline,
      turnStartedAt: games.turnStartedAt,
      tournament: tournaments.name,
      tournamentId: tournaments.id,
    })
    .from(gameDeadlines)
    .innerJoin(games, eq(games.id, gameDeadlines.gameId))
    .innerJoin(side1, eq(side1.id, games.side1Id))
    .innerJoin(side2, eq(side2.id, games.side2Id))
    .leftJoin(tournaments, eq(tournaments.id, games.tournamentId))
    .where(
      and(
        eq(games.status, "active"),
        isNotNull(games.position),
        gt(gameDeadlines.deadline, now),
        lte(gameDeadlines.deadline, new Date(now.getTime() + MAX_REMINDER_HOURS * HOUR)),
      ),
    )
    .limit(BATCH);
  if (rows.length === 0) return [];
  const toMove = (g: (typeof rows)[number]) => (g.sideToMove === 1 ? g.side1Id : g.side2Id);
  const prefs = await db
    .select({ userId: notificationSettings.userId, hours: notificationSettings.reminderHours })
    .from(notificationSettings)
    .where(inArray(notificationSettings.userId, [...new Set(rows.map(toMove))]));
  const hoursOf = new Map(prefs.map((p) => [p.userId, p.hours ?? DEFAULT_REMINDER_HOURS]));
  const items: NewNotification[] = [];
  for (const g of rows) {
    const player = toMove(g);
    const h = dueReminder(hoursOf.get(player) ?? DEFAULT_REMINDER_HOURS, g.deadline!.getTime(), g.turnStartedAt!.getTime(), now.getTime());
    if (h === null) continue;
    items.push({
      userId: player,
      kind: "deadline",
      payload: {
        gameId: g.id,
        opponent: player === g.side1Id ? g.name2 : g.name1,
        hours: h,
        tournament: g.tournament ?? undefined,
        tournamentId: g.tournamentId ?? undefined,
      },
      link: gameLink(g.id),
      subject: gameSubject(g.id),
      dedupeKey: `reminder:${g.id}:${g.ply}:${h}`,
    });
  }
  return transaction(db, (tx) => notify(tx, items, now));
}

export async function queueStartingSoon(db: Db, now = new Date()): Promise<string[]> {
  const due = await db
    .select({ id: tournaments.id, name: tournaments.name, organizerId: tournaments.organizerId, startsAt: tournaments.startsAt })
    .from(tournaments)
    .where(and(eq(tournaments.status, "registering"), gt(tournaments.startsAt, now), lte(tournaments.startsAt, new Date(now.getTime() + SOON_MS))))
    .limit(50);
  const told: string[] = [];
  for (const t of due) told.push(...(await transaction(db, (tx) => noticeStartingSoon(tx, { ...t, startsAt: t.startsAt! }, now))));
  return told;
}

/** One digest a day for each user who asked for one (sent by the outbox, skipped when nothing is unread). */
export async function queueDigests(db: Db, now = new Date()): Promise<number> {
  if (!channels().email) return 0;
  const due = await db
    .select({ userId: notificationSettings.userId })
    .from(notificationSettings)
    .innerJoin(users, eq(users.id, notificationSettings.userId))
    .where(
      and(
        eq(notificationSettings.emailDigest, true),
        isNotNull(users.email),
        isNotNull(users.emailConfirmedAt),
        or(isNull(notificationSettings.lastDigestAt), lt(notificationSettings.lastDigestAt, new Date(now.getTime() - DAY))),
      ),
    )
    .limit(BATCH);
  if (due.length === 0) return 0;
  const day = now.toISOString().slice(0, 10);
  const rows = await db
    .insert(outbox)
    .values(due.map((d) => ({ userId: d.userId, channel: "digest" as const, dedupeKey: `digest:${d.userId}:${day}`, nextAttemptAt: now })))
    .onConflictDoNothing()
    .returning({ id: outbox.id });
  return rows.length;
}

const REMINDER_EVERY_MS = 30_000;
const slot = globalThis as unknown as { __mootNotificationSweep?: number };

/** The sweeper's entry: at most every 30 seconds per process (reminders need no more precision). */
export async function sweepNotifications(db: Db, now = new Date()): Promise<void> {
  if (now.getTime() - (slot.__mootNotificationSweep ?? 0) < REMINDER_EVERY_MS) return;
  slot.__mootNotificationSweep = now.getTime();
  await queueReminders(db, now);
  await queueStartingSoon(db, now);
  await queueDigests(db, now);
}
