// .mat export: the layout, and GNU Backgammon importing our matches with the same
// moves and score. The gnubg half needs gnubg (`apt-get install gnubg`; CI installs
// it): without it the half is skipped locally and fails under CI.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { onSiteGame } from "../registry";
import { backgammonRules, type BackgammonRules } from "./game";
import { gameLogs } from "./mat";
import { randomMatch } from "./random-match";
import type { VariantId } from "./variant";

const info = (moves: readonly string[]) => ({
  side1: "Ann Lee",
  side2: "Bo",
  result: null,
  endReason: null,
  startedAt: Date.UTC(2026, 10, 24),
  event: null,
  site: "Moot",
  moves,
});

describe(".mat export", () => {
  it("writes the header, each game's score and the actions in two columns", () => {
    const rules = backgammonRules("backgammon", 3);
    const text = rules.exportRecord(info(["roll 3-3 (opening tie)", "roll 1-3", "8/5 6/5", "double", "take", "roll 6-6", "24/18(2) 13/7(2)"]));
    expect(text).toBe(
      [
        '; [Site "Moot"]',
        '; [Player 1 "Ann Lee"]',
        '; [Player 2 "Bo"]',
        '; [EventDate "2026.11.24"]',
        "",
        " 3 point match",
        "",
        " Game 1",
        " Ann_Lee : 0                    Bo : 0",
        "  1)                             31: 6/5 8/5",
        "  2)  Doubles => 2                Takes",
        "  3) 66: 24/18 24/18 13/7 13/7",
        "",
        "",
      ].join("\n"),
    );
  });

  it("says where a record stops replaying", () => {
    const rules = backgammonRules("backgammon", 3);
    expect(() => rules.exportRecord(info(["roll 1-3", "24/18"]))).toThrow(/does not replay at "24\/18": the roll 1-3 does not allow 24\/18/);
  });
});

function findGnubg(): string | null {
  for (const dir of [...(process.env.PATH ?? "").split(":"), "/usr/games"]) if (dir && existsSync(path.join(dir, "gnubg"))) return path.join(dir, "gnubg");
  return null;
}
const gnubg = findGnubg();
if (!gnubg && process.env.CI) throw new Error("gnubg is not installed, and CI must run the .mat import test: apt-get install -y gnubg");

interface GnubgMatch {
  length: number;
  names: [string, string];
  games: { before: [number, number]; winner: "X" | "O"; points: number; actions: number }[];
}

function gnubgImport(matText: string): GnubgMatch {
  const dir = mkdtempSync(path.join(tmpdir(), "mat-"));
  const file = path.join(dir, "match.mat");
  writeFileSync(file, matText);
  const run = spawnSync(gnubg!, ["-t", "-q", "-p", path.join(import.meta.dirname, "../../../scripts/gnubg-import-mat.py")], {
    encoding: "utf8",
    env: { ...process.env, MAT_FILE: file },
    timeout: 120_000,
  });
  const line = run.stdout.split("\n").find((l) => l.startsWith("RESULT "));
  if (!line) throw new Error(`gnubg did not import the match: ${run.stderr}${run.stdout.slice(-2000)}`);
  return JSON.parse(line.slice("RESULT ".length)) as GnubgMatch;
}

/** What gnubg should find: each game's score before it, its winner and points, and the number of actions. */
function expected(rules: BackgammonRules, entries: readonly string[]) {
  // A drop's "Wins" is a cell of its own in the .mat file, not one of gnubg's actions.
  return gameLogs(rules, entries).map((log) => ({ before: [...log.score], actions: log.actions.filter((a) => !a.text.startsWith(" Wins")).length }));
}

describe.skipIf(!gnubg)("GNU Backgammon imports our .mat files", () => {
  // Seeds picked so that the matches span several games with gammons, backgammons,
  // doubles taken and dropped, and a Crawford game (7, 11 points and hypergammon).
  const cases: [VariantId, number, number][] = [
    ["backgammon", 7, 11],
    ["backgammon", 11, 15],
    ["nackgammon", 5, 13],
    ["hypergammon", 5, 14],
  ];
  it.each(cases)("%s, %i points, seed %i: same games, actions, scores and winner", (variant, length, seed) => {
    const rules = backgammonRules(variant, length);
    const { entries, final } = randomMatch(rules, seed);
    const mat = rules.exportRecord(info(entries));
    const ours = expected(rules, entries);
    // Without the "Wins" lines gnubg scores each game from its own replay of the moves.
    for (const text of [mat, mat.replace(/^ +Wins .*\n/gm, "")]) {
      const imported = gnubgImport(text);
      expect(imported.length).toBe(length);
      expect(imported.games.map((g) => ({ before: g.before, actions: g.actions }))).toEqual(ours);
      const won = (side: "X" | "O") => imported.games.filter((g) => g.winner === side).reduce((sum, g) => sum + g.points, 0);
      expect([won("X"), won("O")]).toEqual(final.score);
    }
  });

  it("the site's backgammon exports a match of the length its tournament set, read from the match's own position", () => {
    const rules = backgammonRules("backgammon", 5);
    const { entries, final } = randomMatch(rules, 11);
    const site = onSiteGame("backgammon")!;
    expect(site.setup()).not.toBe(rules.serialize(rules.setup()));
    const imported = gnubgImport(site.exportRecord(info(entries), rules.serialize(final)));
    expect(imported.length).toBe(5);
    expect(imported.games.map((g) => ({ before: g.before, actions: g.actions }))).toEqual(expected(rules, entries));
  });
});
