// Two processes starting together must not both migrate: on PostgreSQL an advisory
// lock serialises them and both come up with one schema.
import { describe, expect, it } from "vitest";
import { inject } from "vitest";
import { sql } from "drizzle-orm";
import { openDatabase } from "./client";
import { createFreshDatabase } from "@/test/fresh-database";

describe("migrations", () => {
  it.skipIf(!process.env.DATABASE_URL)("run once when several processes start at the same time (PostgreSQL)", async () => {
    expect(inject("testDatabaseUrl")).toBeTruthy();
    const fresh = await createFreshDatabase(process.env.DATABASE_URL!, "moot_migrate");
    const handles = await Promise.all([1, 2, 3].map(() => openDatabase({ databaseUrl: fresh.url, dataDir: "unused" })));
    try {
      await Promise.all(handles.map((h) => h.migrate()));
      const rows = await handles[0]!.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
      const n = (rows as unknown as { rows: { n: number }[] }).rows[0]!.n;
      const { readdirSync } = await import("node:fs");
      expect(n).toBe(readdirSync("db/migrations").filter((f) => f.endsWith(".sql")).length);
    } finally {
      await Promise.all(handles.map((h) => h.close()));
      await fresh.drop();
    }
  });

  it("apply to an empty embedded database", async () => {
    const h = await openDatabase({ dataDir: "memory://" });
    await h.migrate();
    await h.migrate(); // idempotent
    await h.close();
  });
});
