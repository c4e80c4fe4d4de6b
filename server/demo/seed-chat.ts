// Demo chat: a few messages in a running demo tournament's room and in one of its games
// on the site, posted through the chat service, so a newcomer finds the chat in use.
import { and, asc, eq, isNotNull } from "drizzle-orm";
import type { Db } from "@/db/client";
import { games, tournaments, users } from "@/db/schema";
import type { SessionUser } from "@/server/auth/session";
import { postMessage } from "@/server/services/chat/post-message";

export async function seedDemoChat(db: Db, tournamentId: string): Promise<void> {
  const person = async (id: string): Promise<SessionUser> => {
    const [u] = await db.select({ id: users.id, username: users.username }).from(users).where(eq(users.id, id));
    return { ...u!, isAdmin: false };
  };
  const [t] = await db.select({ organizerId: tournaments.organizerId }).from(tournaments).where(eq(tournaments.id, tournamentId));
  const [game] = await db
    .select({ id: games.id, side1Id: games.side1Id, side2Id: games.side2Id })
    .from(games)
    .where(and(eq(games.tournamentId, tournamentId), eq(games.status, "active"), isNotNull(games.position)))
    .orderBy(asc(games.tournamentGameKey))
    .limit(1);
  if (!t || !game) return;
  const [organizer, side1, side2] = [await person(t.organizerId), await person(game.side1Id), await person(game.side2Id)];
  const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);
  const tournamentRoom = { kind: "tournament" as const, id: tournamentId };
  const gameRoom = { kind: "game" as const, id: game.id };
  await postMessage(db, organizer, tournamentRoom, "Welcome, everyone! Matches are one point each; ask here if anything is unclear.", minutesAgo(170));
  await postMessage(db, side1, tournamentRoom, "Thanks! Is the seed of the dice shown after the match?", minutesAgo(160));
  await postMessage(db, organizer, tournamentRoom, "Yes: the game page reveals it at the end, and /dice/verify checks every roll.", minutesAgo(155));
  await postMessage(db, side1, gameRoom, "Good luck!", minutesAgo(120));
  await postMessage(db, side2, gameRoom, "You too, have fun.", minutesAgo(119));
}
