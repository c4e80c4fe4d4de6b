// The database a test file uses: the run's fresh PostgreSQL database, or an
// in-memory PGlite when DATABASE_URL is not set. Both are migrated.
import { inject } from "vitest";
import { openDatabase, type DbHandle } from "@/db/client";

export async function openTestDatabase(): Promise<DbHandle> {
  const url = inject("testDatabaseUrl");
  const handle = await openDatabase({ databaseUrl: url ?? undefined, dataDir: "memory://" });
  if (!url) await handle.migrate();
  return handle;
}

let counter = 0;
/** A username no other test (or earlier run) uses. */
export function uniqueName(prefix = "u"): string {
  counter += 1;
  return `${prefix}${process.pid.toString(36)}${Date.now().toString(36).slice(-4)}${counter}`.slice(0, 24);
}
