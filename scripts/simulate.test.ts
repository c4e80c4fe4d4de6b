// The CLI end to end: one JSON document with --json, exit code 2 on bad flags.
import { describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";

const run = (...args: string[]) => spawnSync(process.execPath, ["--import", "tsx", "scripts/simulate.ts", ...args], { encoding: "utf8" });

describe("simulate CLI", () => {
  it("prints exactly one JSON document with --json", () => {
    const r = run("--format", "diagonal", "--players", "24", "--opponents", "4", "--later-opponents", "2", "--seed", "s", "--json");
    expect(r.status).toBe(0);
    const doc = JSON.parse(r.stdout) as { format: string; rounds: Array<{ groups: Array<{ players: string[] }> }>; champions: string[] };
    expect(doc.format).toBe("diagonal");
    expect(doc.rounds[0]?.groups[0]?.players.slice(0, 3)).toEqual(["p1", "p2", "p3"]);
    expect(doc.champions).toHaveLength(1);
  });

  it("prints a readable account without --json", () => {
    const r = run("--format", "groups", "--players", "9", "--seed", "1", "--partition", "balanced", "--max-group-size", "8");
    expect(r.status).toBe(0);
    expect(r.stdout).toContain("== Round 1: 9 players");
    expect(r.stdout).toMatch(/Champion|Joint champions/);
  });

  it("exits with 2 and the usage on bad flags or settings", () => {
    for (const args of [
      ["--format", "groups", "--players", "9", "--seed", "1", "--opponents", "4"],
      ["--players", "9"],
      ["--format", "league", "--players", "40", "--seed", "1"],
    ]) {
      const r = run(...args);
      expect(r.status).toBe(2);
      expect(r.stderr).toContain("usage:");
      expect(r.stdout).toBe("");
    }
  });
});
