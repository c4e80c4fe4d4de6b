// Runs every bench/*.bench.ts in its own process, one after another, so each
// benchmark gets a clean heap and a failing one does not hide the others.
import { readdirSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import path from "node:path";

const dir = path.dirname(fileURLToPath(import.meta.url));
const only = process.argv.slice(2);
const files = readdirSync(dir)
  .filter((f) => f.endsWith(".bench.ts"))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort();

let failed = 0;
for (const file of files) {
  console.log(`\n=== ${file}`);
  const r = spawnSync(process.execPath, ["--import", "tsx", "--expose-gc", path.join(dir, file)], {
    stdio: "inherit",
  });
  if (r.status !== 0) failed++;
}
if (failed > 0) {
  console.error(`\n${failed} benchmark file(s) failed`);
  process.exit(1);
}
