// The embedded database's memory settings (db/client.ts): a new data folder is made by
// a child process (its initdb's memory is not this process's), and PGlite runs with
// small buffers. bench/memory.bench.ts measures what they save.
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { openDatabase } from "./client";

const setting = async (h: Awaited<ReturnType<typeof openDatabase>>, name: string) =>
  ((await h.db.execute(sql.raw(`show ${name}`))) as unknown as { rows: Record<string, string>[] }).rows[0]![name];

describe("the embedded database", () => {
  it("makes a new folder, keeps its data across a reopen, and runs with 16 MB of shared buffers", async () => {
    const dir = path.join(mkdtempSync(path.join(tmpdir(), "moot-pglite-")), "data");
    try {
      const h = await openDatabase({ dataDir: dir });
      expect(existsSync(path.join(dir, "PG_VERSION"))).toBe(true);
      expect(await setting(h, "shared_buffers")).toBe("16MB");
      expect(await setting(h, "maintenance_work_mem")).toBe("16MB");
      await h.db.execute(sql`create table kept (n int)`);
      await h.db.execute(sql`insert into kept values (7)`);
      await h.close();
      const again = await openDatabase({ dataDir: dir });
      const rows = (await again.db.execute(sql`select n from kept`)) as unknown as { rows: { n: number }[] };
      expect(rows.rows).toEqual([{ n: 7 }]);
      await again.close();
    } finally {
      rmSync(path.dirname(dir), { recursive: true, force: true });
    }
  }, 120_000);
});

describe("the PostgreSQL pool", () => {
  it.skipIf(!process.env.DATABASE_URL)(
    "keeps an unused connection past node-postgres's default of 10 s (a new one costs about 15 ms)",
    async () => {
      const h = await openDatabase({ databaseUrl: process.env.DATABASE_URL!, dataDir: "unused" });
      const backend = async () => ((await h.db.execute(sql`select pg_backend_pid() as pid`)) as unknown as { rows: { pid: number }[] }).rows[0]!.pid;
      try {
        const before = await backend();
        await new Promise((resolve) => setTimeout(resolve, 11_000));
        expect(await backend()).toBe(before);
      } finally {
        await h.close();
      }
    },
    30_000,
  );
});
