// The database client factory. PGlite (embedded PostgreSQL in a data folder) when no
// DATABASE_URL is given, node-postgres otherwise: same schema, same queries.
//
// The opened database is kept on globalThis because Next bundles its route handlers
// separately from the custom server: without a shared slot each bundle would open its
// own client, and PGlite must never be opened twice on one data folder.
import type { Pool } from "pg";
import path from "node:path";
import { existsSync, mkdirSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { entityKind } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import * as schema from "./schema";
import { recomputeRatingsIfPending } from "./recompute-ratings";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type DbKind = "pglite" | "postgres";

export interface DbHandle {
  db: Db;
  kind: DbKind;
  /**
   * Applies committed migrations, then any data rebuild a migration asked for
   * (db/recompute-ratings.ts); safe when several processes start together.
   */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export const MIGRATIONS_FOLDER = path.join(process.cwd(), "db", "migrations");
// Any constant works; it only has to be the same in every Moot process.
const MIGRATION_LOCK_KEY = 727_274_001;

export async function openDatabase(opts: { databaseUrl?: string; dataDir: string }): Promise<DbHandle> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl);
  return openPglite(opts.dataDir);
}

/** Databases whose statements outside a transaction run on connections of their own (PostgreSQL's pool), with the pool. */
const pools = new WeakMap<Db, Pool>();

/**
 * Whether a statement on `db` may run beside an open transaction of it: on PostgreSQL
 * it takes another connection of the pool; PGlite has one connection, and a statement
 * outside a transaction waits until the transaction has ended.
 */
export const runsBesideTransactions = (db: Db): boolean => pools.has(db);

/** node-postgres's pool behind `db` (not a transaction of it), for what Drizzle does not do (COPY); null on PGlite. */
export const poolOf = (db: Db): Pool | null => pools.get(db) ?? null;

/**
 * Whether `db` (a database or a transaction of one) talks to PostgreSQL through
 * node-postgres, which sends a Buffer parameter as it is, in binary format (PGlite
 * would serialize it as a value of its own).
 */
export const sendsBytesAsIs = (db: Db): boolean => (db._.session.constructor as unknown as Record<symbol, unknown>)[entityKind] === "NodePgSession";

/**
 * How long the pool keeps a connection nobody uses. node-postgres closes it after 10 s
 * by default, and a new one costs about 15 ms on loopback (a server process forked and
 * authenticated): 4 times a result's own work. Correspondence games' moves and
 * results come minutes apart, so each paid it, and a round's close after a quiet spell
 * paid it for each connection it opens beside its transaction. The pool hands out the
 * connection used last, so only the ones a burst needed time out.
 */
export const IDLE_CONNECTION_MS = 10 * 60_000;

async function openPostgres(url: string): Promise<DbHandle> {
  const pg = (await import("pg")).default;
  const { drizzle } = await import("drizzle-orm/node-postgres");
  const pool = new pg.Pool({ connectionString: url, max: 10, idleTimeoutMillis: IDLE_CONNECTION_MS });
  // An idle client losing its connection must not crash the process.
  pool.on("error", (err) => console.error("[db] idle client error:", err.message));
  const db = drizzle(pool, { schema }) as unknown as Db;
  pools.set(db, pool);
  return {
    db,
    kind: "postgres",
    async migrate() {
      const { migrate } = await import("drizzle-orm/node-postgres/migrator");
      // The advisory lock lives on one connection, so migrate through that same one.
      const client = await pool.connect();
      try {
        await client.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
        try {
          const locked = drizzle(client, { schema });
          await migrate(locked, { migrationsFolder: MIGRATIONS_FOLDER });
          await recomputeRatingsIfPending(locked as unknown as Db);
        } finally {
          await client.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]);
        }
      } finally {
        // Closed, not pooled: settings a migration gives the database (ALTER DATABASE
        // ... SET, e.g. wal_compression in 0010) apply to connections opened after it.
        client.release(true);
      }
    },
    close: () => pool.end(),
  };
}

/**
 * PGlite's settings where PostgreSQL's defaults cost the process memory it never gives
 * back (the WebAssembly heap only grows): 16 MB of shared buffers instead of 128 MB,
 * and index builds (migrations) in 16 MB instead of 64. The embedded database is for
 * trying Moot out and small installs; measured with bench/memory.bench.ts.
 */
const PGLITE_SETTINGS = ["shared_buffers=16MB", "maintenance_work_mem=16MB"];

/**
 * Creates a new PGlite data folder (initdb) in a child process: initdb takes about
 * 500 MB that the process would keep (a second WebAssembly instance, its compiled
 * code), and a child gives it all back when it exits.
 */
function initdbInChild(dir: string): void {
  const script = `import { PGlite } from "@electric-sql/pglite"; const db = new PGlite(process.argv[1]); await db.waitReady; await db.close();`;
  execFileSync(process.execPath, ["--input-type=module", "-e", script, dir], { stdio: ["ignore", "ignore", "inherit"], cwd: process.cwd() });
}

async function openPglite(dataDir: string): Promise<DbHandle> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  const inMemory = dataDir === "memory://";
  if (!inMemory) {
    mkdirSync(dataDir, { recursive: true });
    if (!existsSync(path.join(dataDir, "PG_VERSION"))) initdbInChild(path.resolve(dataDir));
  }
  const client = new PGlite(inMemory ? undefined : path.resolve(dataDir), {
    startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS.flatMap((setting) => ["-c", setting])],
  });
  await client.waitReady;
  const db = drizzle(client, { schema }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    async migrate() {
      // One process owns a PGlite folder, so no lock is needed.
      const { migrate } = await import("drizzle-orm/pglite/migrator");
      await migrate(drizzle(client, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
      await recomputeRatingsIfPending(db);
    },
    close: () => client.close(),
  };
}

const slot = globalThis as unknown as { __mootDb?: Promise<DbHandle> };

/** Installs the process-wide database (the server does this once at start). */
export function setSharedDatabase(handle: Promise<DbHandle>): void {
  slot.__mootDb = handle;
}

/** The process-wide database opened by the server entry. */
export async function sharedDatabase(): Promise<DbHandle> {
  if (!slot.__mootDb) throw new Error("The database has not been opened: start Moot through server/index.ts");
  return slot.__mootDb;
}
