// Notifications about tournaments, written in the transaction that changed the
// tournament: started, new games of a round or phase (one notice per player and
// release, not per game), advanced, eliminated, champion, and organizer
// announcements. A round of thousands of games costs a few statements.
import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { anyOf } from "../bulk-insert";
import type { CreatedGame } from "../game/create-game";
import { SLICE_ROWS, letGo } from "@/lib/let-go";
import { tournamentPlayers, users } from "@/db/schema";
import type { EngineEvent, TournamentState } from "@/engine/formats";
import { gameLink, gameSubject, notify, tournamentLink, tournamentSubject, type NewNotification } from "./notify";

interface TournamentRef {
  id: string;
  name: string;
  organizerId: string;
}

async function namesOf(tx: Db, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(anyOf(users.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r.username]));
}

export async function playersOf(tx: Db, tournamentId: string): Promise<string[]> {
  const rows = await tx.select({ id: tournamentPlayers.userId }).from(tournamentPlayers).where(eq(tournamentPlayers.tournamentId, tournamentId));
  return rows.map((r) => r.id);
}

/** Each player's new games, in the order the engine released them (in slices: a 100,000-player round's are up to 300,000). */
async function gamesByPlayer(created: readonly CreatedGame[]): Promise<Map<string, CreatedGame[]>> {
  const by = new Map<string, CreatedGame[]>();
  for (let i = 0; i < created.length; i++) {
    const g = created[i]!;
    if (i > 0 && i % SLICE_ROWS === 0) await letGo();
    for (const p of [g.side1Id, g.side2Id]) {
      const mine = by.get(p);
      if (mine) mine.push(g);
      else by.set(p, [g]);
    }
  }
  return by;
}

/**
 * One notice per player for a release of games, however many games it gives them
 * (a 100,000-player start is 100,000 notices, not 700,000): with one game it names
 * the opponent and leads to the game (and is resolved when the game is played, as a
 * challenge's new game is); with several it counts them and leads to the tournament.
 * Keyed by the player's first new game, which is created once.
 */
async function gameItems(reader: Db, t: TournamentRef, created: readonly CreatedGame[], round: number | undefined): Promise<NewNotification[]> {
  const by = await gamesByPlayer(created);
  const single = [...by].filter(([, mine]) => mine.length === 1);
  const names = await namesOf(
    reader,
    single.map(([p, [g]]) => (g!.side1Id === p ? g!.side2Id : g!.side1Id)),
  );
  const items: NewNotification[] = [];
  for (const [player, mine] of by) {
    // In slices: a 100,000-player round's notices, with the event loop let go between them.
    if (items.length > 0 && items.length % SLICE_ROWS === 0) await letGo();
    const first = mine[0]!;
    const opponent = first.side1Id === player ? first.side2Id : first.side1Id;
    const one = mine.length === 1;
    items.push({
      userId: player,
      kind: "game-created",
      payload: one
        ? { gameId: first.id, opponent: names.get(opponent) ?? "your opponent", tournament: t.name, tournamentId: t.id, round }
        : { games: mine.length, tournament: t.name, tournamentId: t.id, round },
      link: one ? gameLink(first.id) : tournamentLink(t.id),
      subject: one ? gameSubject(first.id) : tournamentSubject(t.id),
      dedupeKey: `created:${first.id}:${player}`,
    });
  }
  return items;
}

const tournamentItem = (
  t: TournamentRef,
  userId: string,
  kind: NewNotification["kind"],
  extra: NewNotification["payload"] = {},
  dedupe?: string,
): NewNotification => ({
  userId,
  kind,
  payload: { tournament: t.name, tournamentId: t.id, ...extra },
  link: tournamentLink(t.id),
  subject: tournamentSubject(t.id),
  dedupeKey: dedupe,
});

/** The tournament started: every player (the caller has just read them) hears it once, with how many games round 1 gives them. */
export async function noticeStarted(tx: Db, t: TournamentRef, players: readonly string[], created: readonly CreatedGame[], now: Date): Promise<string[]> {
  const by = await gamesByPlayer(created);
  return notify(
    tx,
    players.map((p) => tournamentItem(t, p, "tournament-started", { round: 1, games: by.get(p)?.length ?? 0 }, `started:${t.id}:${p}`)),
    now,
  );
}

/**
 * After a result changed the engine state: new games, who advanced or is out, champions.
 * `reader` reads the opponents' names: the transaction, or the database beside it (a
 * round's close, whose games are still being inserted on the transaction's connection).
 */
export async function noticeProgress(
  tx: Db,
  t: TournamentRef,
  next: TournamentState,
  events: readonly EngineEvent[],
  created: readonly CreatedGame[],
  now: Date,
  reader: Db = tx,
): Promise<string[]> {
  const released = events.find((e) => e.type === "round-released" || e.type === "phase-released");
  // Not push(...): spreading a 100,000-player round's notices overflows the call stack.
  const items: NewNotification[] = await gameItems(reader, t, created, released && "round" in released ? released.round : undefined);
  // In slices too: a 100,000-player round's close tells about 100,000 players who advanced or are out.
  const add = async (item: NewNotification) => {
    if (items.length % SLICE_ROWS === 0) await letGo();
    items.push(item);
  };
  for (const e of events) {
    if (e.type === "round-released") items.push(tournamentItem(t, t.organizerId, "round-released", { round: e.round }, `round:${t.id}:${e.round}`));
    if (e.type === "round-complete") {
      const round = next.rounds[e.round - 1];
      // The last round's survivors are the champions, told below.
      if (round && next.status !== "finished")
        for (const p of round.advanced ?? []) await add(tournamentItem(t, p, "advanced", { round: e.round }, `advanced:${t.id}:${e.round}:${p}`));
      for (const p of round?.eliminated ?? []) await add(tournamentItem(t, p, "eliminated", { round: e.round }, `eliminated:${t.id}:${p}`));
    }
    if (e.type === "finished") for (const p of e.champions) items.push(tournamentItem(t, p, "champion", {}, `champion:${t.id}:${p}`));
  }
  return notify(tx, items, now);
}

/** Players of tournaments starting within the hour hear it once (the sweeper calls this). */
export async function noticeStartingSoon(tx: Db, t: TournamentRef & { startsAt: Date }, now: Date): Promise<string[]> {
  const players = await playersOf(tx, t.id);
  return notify(
    tx,
    players.map((p) => tournamentItem(t, p, "tournament-soon", { at: t.startsAt.getTime() }, `soon:${t.id}:${p}`)),
    now,
  );
}
