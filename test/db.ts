// The database a test file uses: the run's fresh PostgreSQL database, or an
// in-memory PGlite when DATABASE_URL is not set. Both are migrated.
import { inject } from "vitest";
import { openDatabase, type Db, type DbHandle } from "@/db/client";
import * as schema from "@/db/schema";
import { settleCleanUps } from "@/server/services/transaction";
import { createFreshDatabase } from "./fresh-database";

export async function openTestDatabase(): Promise<DbHandle> {
  const url = inject("testDatabaseUrl");
  const handle = await openDatabase({ databaseUrl: url ?? undefined, dataDir: "memory://" });
  if (!url) await handle.migrate();
  return {
    ...handle,
    // The clean-ups still waiting (transaction.ts) run first, not on a closed database.
    async close() {
      await settleCleanUps();
      await handle.close();
    },
  };
}

/**
 * A database of the test file's own, for files that run a worker over the whole
 * database: sweepOverdue ends every game overdue by the (moved-ahead) clock it is given,
 * deliverOutbox claims every due delivery. In the run's shared database they ended or
 * sent other files' games and mail running at the same time (a tournament game with
 * the default 3 d + 6 h clock swept by a file whose own game had the same clock; a
 * confirmation mail sent through another file's SMTP peer). With DATABASE_URL a fresh database on the
 * same server, migrated here and dropped on close; without it in-memory PGlite, which
 * is the file's own anyway.
 */
export async function openOwnTestDatabase(): Promise<DbHandle> {
  const shared = inject("testDatabaseUrl");
  if (!shared) return openTestDatabase();
  const fresh = await createFreshDatabase(shared, "moot_test_own");
  const handle = await openDatabase({ databaseUrl: fresh.url, dataDir: "unused" });
  await handle.migrate();
  return {
    ...handle,
    async close() {
      await settleCleanUps();
      await handle.close();
      await fresh.drop();
    },
  };
}

let counter = 0;
/** A username no other test (or earlier run) uses. */
export function uniqueName(prefix = "u"): string {
  counter += 1;
  return `${prefix}${process.pid.toString(36)}${Date.now().toString(36).slice(-4)}${counter}`.slice(0, 24);
}

/**
 * The same database through a second Drizzle instance that records the text of every
 * statement it sends (`sent`): for tests of what a read asks the database, not how long it takes.
 */
export async function recordingDb(h: DbHandle): Promise<{ db: Db; sent: string[] }> {
  const sent: string[] = [];
  const logger = { logQuery: (query: string) => void sent.push(query) };
  const client = (h.db as unknown as { $client: unknown }).$client;
  const db =
    h.kind === "pglite"
      ? (await import("drizzle-orm/pglite")).drizzle(client as never, { schema, logger })
      : (await import("drizzle-orm/node-postgres")).drizzle(client as never, { schema, logger });
  return { db: db as unknown as Db, sent };
}
