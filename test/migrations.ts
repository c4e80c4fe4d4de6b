// Databases for tests of what a migration does to the data it finds: an empty database
// of the test's own, and the committed migrations applied up to just before one of them
// (so the test can write rows in the old shape, then migrate the rest of the way).
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { MIGRATIONS_FOLDER, openDatabase, type DbHandle } from "@/db/client";
import { recomputeRatingsIfPending } from "@/db/recompute-ratings";
import { createFreshDatabase } from "./fresh-database";

/** An empty database, unmigrated: a fresh one on DATABASE_URL's server (dropped on close), else in-memory PGlite. */
export async function openEmptyDatabase(prefix: string): Promise<DbHandle> {
  const fresh = process.env.DATABASE_URL ? await createFreshDatabase(process.env.DATABASE_URL, prefix) : null;
  const h = await openDatabase({ databaseUrl: fresh?.url, dataDir: "memory://" });
  return {
    ...h,
    async close() {
      await h.close();
      await fresh?.drop();
    },
  };
}

/**
 * Applies the committed migrations before the one whose tag ends with `tagEnd`, from a
 * copy of the folder holding only those, then the rebuild they asked for, as a process
 * of that time would have (DbHandle.migrate).
 */
export async function migrateBefore(h: DbHandle, tagEnd: string): Promise<void> {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, "meta/_journal.json"), "utf8")) as { entries: { tag: string }[] };
  const cut = journal.entries.findIndex((e) => e.tag.endsWith(tagEnd));
  if (cut <= 0) throw new Error(`No migration before one tagged …${tagEnd}.`);
  const before = mkdtempSync(path.join(tmpdir(), "moot-migrations-"));
  try {
    mkdirSync(path.join(before, "meta"));
    for (const e of journal.entries.slice(0, cut)) copyFileSync(path.join(MIGRATIONS_FOLDER, `${e.tag}.sql`), path.join(before, `${e.tag}.sql`));
    writeFileSync(path.join(before, "meta/_journal.json"), JSON.stringify({ ...journal, entries: journal.entries.slice(0, cut) }));
    if (h.kind === "postgres") {
      const { migrate } = await import("drizzle-orm/node-postgres/migrator");
      await migrate(h.db as never, { migrationsFolder: before });
    } else {
      const { migrate } = await import("drizzle-orm/pglite/migrator");
      await migrate(h.db as never, { migrationsFolder: before });
    }
    await recomputeRatingsIfPending(h.db);
  } finally {
    rmSync(before, { recursive: true, force: true });
  }
}
