// The verify-dice command end to end on the example record of docs/dice.md.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

const run = (...args: string[]) => spawnSync(process.execPath, ["--import", "tsx", "scripts/verify-dice.ts", ...args], { encoding: "utf8" });
const EXAMPLE = "docs/examples/dice-record.json";

describe("verify-dice CLI", () => {
  it("confirms the example record", () => {
    const r = run(EXAMPLE);
    expect(r.stdout).toBe("The server seed matches the commitment and all 4 rolls match the seeds.\n");
    expect(r.status).toBe(0);
  });

  it("names a changed roll and exits with 1", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "dice-"));
    const file = path.join(dir, "record.json");
    writeFileSync(file, readFileSync(EXAMPLE, "utf8").replace("[2, 4]", "[4, 2]"));
    const r = run(file);
    expect(r.stdout).toBe("Roll 4 was 4-2, but the seeds give 2-4.\n");
    expect(r.status).toBe(1);
  });

  it("exits with 2 and the usage when the file is missing or not a record", () => {
    for (const args of [[], ["/nonexistent/record.json"], ["package.json"]]) {
      const r = run(...args);
      expect(r.status).toBe(2);
      expect(r.stderr).toContain("usage:");
    }
  });
});
