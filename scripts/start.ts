// `npm start`: builds the site when there is no build or the sources are newer than
// it, then runs the server in production mode. One command on a fresh clone.
import { existsSync, readdirSync, statSync } from "node:fs";
import { spawnSync } from "node:child_process";
import path from "node:path";

const SOURCES = ["app", "lib", "server", "db", "engine", "next.config.js", "package.json", "postcss.config.mjs"];

function newestMtime(p: string): number {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

const buildId = path.join(".next", "BUILD_ID");
const stale = !existsSync(buildId) || Math.max(...SOURCES.map(newestMtime)) > statSync(buildId).mtimeMs;
if (stale) {
  console.log("[moot] building the site (first start or sources changed)…");
  const r = spawnSync("npx", ["next", "build"], { stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
// Next reads NODE_ENV when the server module loads; its types mark it read-only.
Object.assign(process.env, { NODE_ENV: "production" });
await import("../server/index");
