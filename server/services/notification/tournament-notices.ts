// Notifications about tournaments, written in the transaction that changed the
// tournament: started, new games of a round or phase, advanced, eliminated,
// champion, and organizer announcements. One query for all names, so a round of
// thousands of games costs a few statements, not one per game.
import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { anyOf } from "../bulk-insert";
import { tournamentPlayers, users } from "@/db/schema";
import type { EngineEvent, TournamentState } from "@/engine/formats";
import { gameLink, gameSubject, notify, tournamentLink, tournamentSubject, type NewNotification } from "./notify";

interface TournamentRef {
  id: string;
  name: string;
  organizerId: string;
}

interface CreatedGame {
  id: string;
  side1Id: string;
  side2Id: string;
}

async function namesOf(tx: Db, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await tx.select({ id: users.id, username: users.username }).from(users).where(anyOf(users.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r.username]));
}

export async function playersOf(tx: Db, tournamentId: string): Promise<string[]> {
  const rows = await tx.select({ id: tournamentPlayers.userId }).from(tournamentPlayers).where(eq(tournamentPlayers.tournamentId, tournamentId));
  return rows.map((r) => r.id);
}

function gameItems(t: TournamentRef, created: readonly CreatedGame[], names: Map<string, string>, round: number | undefined): NewNotification[] {
  const items: NewNotification[] = [];
  for (const g of created) {
    for (const [player, opponent] of [
      [g.side1Id, g.side2Id],
      [g.side2Id, g.side1Id],
    ] as const) {
      items.push({
        userId: player,
        kind: "game-created",
        payload: { gameId: g.id, opponent: names.get(opponent) ?? "your opponent", tournament: t.name, tournamentId: t.id, round },
        link: gameLink(g.id),
        subject: gameSubject(g.id),
        dedupeKey: `created:${g.id}:${player}`,
      });
    }
  }
  return items;
}

const tournamentItem = (t: TournamentRef, userId: string, kind: NewNotification["kind"], extra: NewNotification["payload"] = {}, dedupe?: string): NewNotification => ({
  userId,
  kind,
  payload: { tournament: t.name, tournamentId: t.id, ...extra },
  link: tournamentLink(t.id),
  subject: tournamentSubject(t.id),
  dedupeKey: dedupe,
});

/** The tournament started: every player hears it, and each gets their first game. */
export async function noticeStarted(tx: Db, t: TournamentRef, created: readonly CreatedGame[], now: Date): Promise<string[]> {
  const players = await playersOf(tx, t.id);
  const names = await namesOf(tx, created.flatMap((g) => [g.side1Id, g.side2Id]));
  return notify(tx, [...players.map((p) => tournamentItem(t, p, "tournament-started", {}, `started:${t.id}:${p}`)), ...gameItems(t, created, names, 1)], now);
}

/** After a result changed the engine state: new games, who advanced or is out, champions. */
export async function noticeProgress(tx: Db, t: TournamentRef, next: TournamentState, events: readonly EngineEvent[], created: readonly CreatedGame[], now: Date): Promise<string[]> {
  const names = await namesOf(tx, created.flatMap((g) => [g.side1Id, g.side2Id]));
  const released = events.find((e) => e.type === "round-released" || e.type === "phase-released");
  // Not push(...): spreading a 100,000-player round's game notices overflows the call stack.
  const items: NewNotification[] = gameItems(t, created, names, released && "round" in released ? released.round : undefined);
  for (const e of events) {
    if (e.type === "round-released") items.push(tournamentItem(t, t.organizerId, "round-released", { round: e.round }, `round:${t.id}:${e.round}`));
    if (e.type === "round-complete") {
      const round = next.rounds[e.round - 1];
      // The last round's survivors are the champions, told below.
      if (round && next.status !== "finished") for (const p of round.advanced ?? []) items.push(tournamentItem(t, p, "advanced", { round: e.round }, `advanced:${t.id}:${e.round}:${p}`));
      for (const p of round?.eliminated ?? []) items.push(tournamentItem(t, p, "eliminated", { round: e.round }, `eliminated:${t.id}:${p}`));
    }
    if (e.type === "finished") for (const p of e.champions) items.push(tournamentItem(t, p, "champion", {}, `champion:${t.id}:${p}`));
  }
  return notify(tx, items, now);
}

/** Players of tournaments starting within the hour hear it once (the sweeper calls this). */
export async function noticeStartingSoon(tx: Db, t: TournamentRef & { startsAt: Date }, now: Date): Promise<string[]> {
  const players = await playersOf(tx, t.id);
  return notify(tx, players.map((p) => tournamentItem(t, p, "tournament-soon", { at: t.startsAt.getTime() }, `soon:${t.id}:${p}`)), now);
}
