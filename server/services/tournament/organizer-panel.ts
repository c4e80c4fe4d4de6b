// What only the organizer sees: the invite link's secret and the requests waiting for
// an answer.
import { and, asc, eq, isNull } from "drizzle-orm";
import type { Db } from "@/db/client";
import { tournamentRequests, users } from "@/db/schema";
import type { SessionUser } from "@/server/auth/session";
import { ratingsFor } from "../rating/player-ratings";
import { requireOrganizer } from "./require-organizer";
import { readTournament } from "./lock-tournament";

/** What only the organizer sees: the invite link's secret and the requests waiting for an answer. */
export async function organizerPanel(db: Db, user: SessionUser, tournamentId: string) {
  const t = await readTournament(db, tournamentId);
  requireOrganizer(t, user);
  const requests = await db
    .select({ id: users.id, username: users.username, requestedAt: tournamentRequests.requestedAt })
    .from(tournamentRequests)
    .innerJoin(users, eq(users.id, tournamentRequests.userId))
    .where(and(eq(tournamentRequests.tournamentId, t.id), isNull(tournamentRequests.declinedAt)))
    .orderBy(asc(tournamentRequests.requestedAt));
  // Ratings in the tournament's game, which its rating limits are about.
  const ratings = await ratingsFor(
    db,
    requests.map((r) => r.id),
    t.gameType,
  );
  return {
    inviteOnly: t.inviteOnly,
    inviteToken: t.inviteOnly ? t.inviteToken : null,
    requests: requests.map((r) => ({ ...r, rating: Math.round(ratings.get(r.id)?.rating ?? 1500) })),
  };
}
