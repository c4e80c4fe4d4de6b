// Statements a hot path runs again and again, as named prepared statements: node-postgres
// parses a named statement once per connection, and PostgreSQL then stops planning it
// at every call (after five runs it keeps a generic plan when that costs no more). In a
// result set by an organizer, planning was about 0.35 ms of the game's lock and 0.5 ms
// of the finishing statement (EXPLAIN ANALYZE, 2,000 players), as much as running them.
// The name is a hash of the text, so each shape of a statement (which parts a finish
// has) gets one prepared statement per connection, and a new shape simply another: only
// statements with a few shapes may use it, never one whose text grows with its data.
// PGlite ignores the name.
import { createHash } from "node:crypto";
import type { SQL } from "drizzle-orm";
import type { PgDialect, PgSession } from "drizzle-orm/pg-core";
import type { Db } from "@/db/client";

/** Runs `query` as `db.execute` does, as a prepared statement named by its text. */
export async function executePrepared(db: Db, query: SQL): Promise<{ rows: Record<string, unknown>[] }> {
  // Drizzle's execute takes no name; its session's prepareQuery does (the same call execute makes).
  const { session, dialect } = db as unknown as { session: PgSession; dialect: PgDialect };
  const built = dialect.sqlToQuery(query);
  const name = `moot_${createHash("sha1").update(built.sql).digest("base64url")}`;
  return (await session.prepareQuery(built, undefined, name, false).execute()) as { rows: Record<string, unknown>[] };
}
