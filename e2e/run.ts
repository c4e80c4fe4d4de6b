// Runs the Playwright suite against the real server process: builds if needed, starts
// `server/index.ts` on a free port with a fresh database (a new database on the
// DATABASE_URL server, or a temporary PGlite folder), runs the specs, cleans up.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { ensureBuild } from "../scripts/ensure-build";
import { createFreshDatabase, type FreshDatabase } from "../test/fresh-database";
import { freePort, startServer } from "./server-process";

ensureBuild();
const fresh: FreshDatabase | null = process.env.DATABASE_URL ? await createFreshDatabase(process.env.DATABASE_URL, "moot_e2e") : null;
const dataDir = mkdtempSync(path.join(tmpdir(), "moot-e2e-"));
const port = await freePort();
const server = await startServer({
  port,
  env: { DATABASE_URL: fresh?.url ?? "", DATA_DIR: dataDir, SEED_DEMO: "1" },
});
let code = 1;
try {
  const r = spawnSync("npx", ["playwright", "test", ...process.argv.slice(2)], {
    stdio: "inherit",
    // The server's database, for the few specs that must set what no page can (a site
    // admin's role, granted only by the operator's command); absent on PGlite.
    env: { ...process.env, BASE_URL: `http://localhost:${port}`, ...(fresh ? { E2E_DATABASE_URL: fresh.url } : {}) },
  });
  code = r.status ?? 1;
} finally {
  await server.stop();
  await fresh?.drop();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(code);
