// /api/health: what a load balancer or monitor asks. "ok" means this process can
// serve requests, which it cannot without its database: that is checked each time.
import { sql } from "drizzle-orm";
import type { Db, DbKind } from "@/db/client";

const TIMEOUT_MS = 3_000;

export async function healthAnswer(db: Db, kind: DbKind): Promise<{ status: number; body: Record<string, unknown> }> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      db.execute(sql`select 1`),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error("timed out")), TIMEOUT_MS);
      }),
    ]);
    return { status: 200, body: { ok: true, database: kind } };
  } catch {
    return { status: 503, body: { ok: false, database: kind, error: "The database is not answering." } };
  } finally {
    clearTimeout(timer);
  }
}
