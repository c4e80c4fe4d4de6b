// The database a test file uses: the run's fresh PostgreSQL database, or an
// in-memory PGlite when DATABASE_URL is not set. Both are migrated.
import { inject } from "vitest";
import { openDatabase, type DbHandle } from "@/db/client";
import { createFreshDatabase } from "./fresh-database";

export async function openTestDatabase(): Promise<DbHandle> {
  const url = inject("testDatabaseUrl");
  const handle = await openDatabase({ databaseUrl: url ?? undefined, dataDir: "memory://" });
  if (!url) await handle.migrate();
  return handle;
}

/**
 * A database of the test file's own. For files that sweep overdue games with the clock
 * moved ahead (sweepOverdue ends every game overdue by then): in the run's shared
 * database that ended other files' games running at the same time, and other files'
 * sweeps ended theirs (a tournament game with the default 3 d + 6 h clock, swept by a
 * file whose own game had the same clock). With DATABASE_URL a fresh database on the
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
