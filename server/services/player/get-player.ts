// One player's public profile, with a rating for each game they have played rated.
import { and, isNull, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { users } from "@/db/schema";
import { AppError } from "../errors";
import { playerRatingsOf } from "../rating/player-ratings";

export async function getPlayer(db: Db, username: string) {
  const [row] = await db
    .select({ id: users.id, username: users.username, createdAt: users.createdAt })
    .from(users)
    .where(and(sql`lower(${users.username}) = ${username.toLowerCase()}`, isNull(users.deletedAt)));
  if (!row) throw new AppError("NOT_FOUND", `There is no player called “${username}”.`);
  return { ...row, ratings: await playerRatingsOf(db, row.id) };
}
