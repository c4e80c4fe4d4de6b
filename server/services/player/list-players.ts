// The public player directory: search by name, paginated.
import { and, asc, count, ilike, isNull } from "drizzle-orm";
import type { Db } from "@/db/client";
import { users } from "@/db/schema";
import { containsPattern, pageCount } from "../listing";

export const PLAYERS_PAGE_SIZE = 25;

export async function listPlayers(db: Db, input: { search?: string; page: number }) {
  const search = input.search?.trim();
  const where = and(isNull(users.deletedAt), search ? ilike(users.username, containsPattern(search)) : undefined);
  const [rows, [total]] = await Promise.all([
    db
      .select({ id: users.id, username: users.username, createdAt: users.createdAt })
      .from(users)
      .where(where)
      .orderBy(asc(users.username))
      .limit(PLAYERS_PAGE_SIZE)
      .offset((input.page - 1) * PLAYERS_PAGE_SIZE),
    db.select({ n: count() }).from(users).where(where),
  ]);
  const totalCount = total?.n ?? 0;
  return {
    players: rows,
    page: input.page,
    pageCount: pageCount(totalCount, PLAYERS_PAGE_SIZE),
    total: totalCount,
  };
}
