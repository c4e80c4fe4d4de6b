// Fresh, uniquely named databases on the PostgreSQL server of DATABASE_URL, for test
// runs that must not see each other's data or leave anything behind.
import { randomBytes } from "node:crypto";
import pg from "pg";

export interface FreshDatabase {
  url: string;
  /** One statement on its own short-lived connection (tests that inspect a server's data). */
  query<T>(text: string, values?: unknown[]): Promise<T[]>;
  drop(): Promise<void>;
}

async function once<T>(connectionString: string, run: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString });
  await c.connect();
  try {
    return await run(c);
  } finally {
    await c.end();
  }
}

export async function createFreshDatabase(serverUrl: string, prefix: string): Promise<FreshDatabase> {
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(3).toString("hex")}`;
  await once(serverUrl, (c) => c.query(`CREATE DATABASE "${name}"`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    query: <T>(text: string, values: unknown[] = []) => once(url.toString(), async (c) => (await c.query(text, values)).rows as T[]),
    async drop() {
      await once(serverUrl, (c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    },
  };
}
