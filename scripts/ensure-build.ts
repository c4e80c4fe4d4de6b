// Builds the Next.js site when there is no build yet or the sources are newer than it.
import { existsSync, readdirSync, statSync } from "node:fs";
import { spawnSync } from "node:child_process";
import path from "node:path";

const SOURCES = ["app", "components", "lib", "server", "db", "engine", "next.config.js", "package.json", "postcss.config.mjs"];

function newestMtime(p: string): number {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

export function ensureBuild(): void {
  const buildId = path.join(".next", "BUILD_ID");
  const stale = !existsSync(buildId) || Math.max(...SOURCES.map(newestMtime)) > statSync(buildId).mtimeMs;
  if (!stale) return;
  console.log("[moot] building the site (first start or sources changed)…");
  const r = spawnSync("npx", ["next", "build"], { stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } });
  if (r.status !== 0) {
    console.error("[moot] the build failed");
    process.exit(r.status ?? 1);
  }
}
