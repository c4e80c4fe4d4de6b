// Vitest global setup: with DATABASE_URL, the run gets its own fresh database on that
// server (migrated once here, dropped at the end); without it, each test file opens
// an in-memory PGlite.
import type { TestProject } from "vitest/node";
import { openDatabase } from "@/db/client";
import { createFreshDatabase } from "./fresh-database";

declare module "vitest" {
  export interface ProvidedContext {
    testDatabaseUrl: string | null;
  }
}

export default async function setup(project: TestProject) {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    project.provide("testDatabaseUrl", null);
    return;
  }
  const fresh = await createFreshDatabase(serverUrl, "moot_test");
  const handle = await openDatabase({ databaseUrl: fresh.url, dataDir: "unused" });
  await handle.migrate();
  await handle.close();
  project.provide("testDatabaseUrl", fresh.url);
  return () => fresh.drop();
}
