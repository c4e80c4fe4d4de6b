// Makes the Swiss test fixtures from bbpPairings, the FIDE-endorsed Dutch engine
// (../shared/tools/bbpPairings, Apache-2.0; built, never copied). Not run by
// `npm test`: the tests read the fixtures this writes.
//
//   npx tsx scripts/swiss-fixtures.ts [--bbp PATH] [--count N] [--compare]
//
// bbpPairings' generator (-g with a configuration, -s seed) plays each tournament
// round by round, pairing every round with its Dutch engine and drawing results
// (draws, forfeits, zero- and half-point byes). The tables are written, one JSON
// line per tournament, to engine/formats/swiss/fixtures/bbp-generated.jsonl.gz;
// the test pairs every round again with our engine and expects bbpPairings'
// pairing. --compare only prints where our engine disagrees.

import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { gzipSync } from "node:zlib";
import { Prng } from "../engine/prng";
import { pairDutch } from "../engine/formats/swiss/dutch";
import { inputFor, pairingIn, parseTable, type Table, type TableEntry } from "../engine/formats/swiss/trf-table";
import { writeTrf } from "../engine/formats/swiss/trf";
import type { Colour } from "../engine/formats/swiss/history";

const args = process.argv.slice(2);
const flag = (name: string): string | undefined => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const compareOnly = args.includes("--compare");
const count = Number(flag("--count") ?? 240);
const firstSeed = Number(flag("--from") ?? 1);

function buildBbp(): string {
  const given = flag("--bbp");
  if (given) return resolve(given);
  const source = resolve("../shared/tools/bbpPairings");
  if (!existsSync(source)) throw new Error("bbpPairings not found: pass --bbp PATH to a built bbpPairings.exe, or run beside ../shared");
  const dir = mkdtempSync(join(tmpdir(), "bbp-"));
  execFileSync("cp", ["-r", source, dir]);
  execFileSync("make", ["-C", join(dir, "bbpPairings"), "-j2"], { stdio: "inherit" });
  return join(dir, "bbpPairings", "bbpPairings.exe");
}

export interface TrfPlayer {
  readonly startRank: number;
  readonly rating: number;
  readonly tokens: string[];
}

/** The 001 lines of a TRF file: start rank, rating and one "<opponent><colour><result>" token per round. */
export function parseTrf(text: string): TrfPlayer[] {
  const players: TrfPlayer[] = [];
  for (const line of text.split(/\r\n|\r|\n/)) {
    if (!line.startsWith("001")) continue;
    const tokens: string[] = [];
    for (let at = 91; at + 8 <= line.length + 1 && line.substring(at, at + 4).trim() !== ""; at += 10) {
      const opponent = Number(line.substring(at, at + 4).trim());
      const colour = line.charAt(at + 5) || "-";
      const result = line.charAt(at + 7) || "Z";
      tokens.push(`${opponent}${colour === " " ? "-" : colour}${result === " " ? "Z" : result}`);
    }
    players.push({ startRank: Number(line.substring(4, 8)), rating: Number(line.substring(48, 52).trim() || 0), tokens });
  }
  return players.sort((a, b) => a.startRank - b.startRank);
}

/**
 * The initial colour: the colour of the first player paired in round 1, whose
 * pairing number there is 1 (numbers count only the players paired so far).
 */
function initialColourOf(players: readonly TrfPlayer[]): Colour {
  for (const p of players) {
    const m = /^(\d+)([wb])/.exec(p.tokens[0] ?? "");
    if (m && Number(m[1]) > 0) return m[2] as Colour;
  }
  return "w";
}

interface FixtureLine {
  seed: number;
  rounds: number;
  initialColour: Colour;
  table: string[];
  /** Played tournaments only: each player's rating, the round they entered (1 = from the start) and the round they withdrew in (0 = never). */
  ratings?: number[];
  entered?: number[];
  withdrew?: number[];
}

const tokensOf = (entries: readonly (TableEntry | null)[]): string =>
  entries.map((e) => (e ? `${e.opponent + 1}${e.colour ?? "-"}${e.code}` : "0-Z")).join(" ");

/** Our TRF of a complete table must pass bbpPairings' checker: every round's pairing is the one it makes. */
function checkTrf(bbp: string, dir: string, name: string, table: Table, ratings: readonly number[]): void {
  const trf = join(dir, `${name}.export.trf`);
  writeFileSync(
    trf,
    writeTrf(table, {
      tournamentName: name,
      rounds: table.totalRounds,
      players: table.players.map((_, i) => ({ name: `Player ${i + 1}`, rating: ratings[i] ?? 0, rank: 0 })),
    }),
    "latin1",
  );
  const report = execFileSync(bbp, ["--dutch", trf, "-c"], { encoding: "latin1" });
  if (report.includes("Checker pairings")) throw new Error(`bbpPairings' checker disagrees with our TRF of ${name}:\n${report}`);
}

/** One generated tournament: a random size, length and mix of results. */
function generate(bbp: string, seed: number, dir: string): FixtureLine {
  const rng = Prng.fromSeed(`swiss-fixture-${seed}`);
  // Sizes spread evenly on a log scale from 9 to 200, so small fields are as common as large ones.
  const players = Math.round(Math.exp(Math.log(9) + rng.float() * (Math.log(200) - Math.log(9))));
  const rounds = 5 + rng.int(7);
  const config = [
    `PlayersNumber=${players}`,
    `RoundsNumber=${rounds}`,
    `DrawPercentage=${10 + rng.int(40)}`,
    `ForfeitRate=${8 + rng.int(40)}`,
    `RetiredRate=${6 + rng.int(30)}`,
    `HalfPointByeRate=${rng.float() < 0.5 ? 1000 : 10 + rng.int(40)}`,
  ].join("\n");
  const cfg = join(dir, `${seed}.cfg`);
  const trf = join(dir, `${seed}.trf`);
  writeFileSync(cfg, config + "\n");
  execFileSync(bbp, ["--dutch", "-g", cfg, "-o", trf, "-s", String(seed)]);
  const parsed = parseTrf(readFileSync(trf, "latin1"));
  const line: FixtureLine = { seed, rounds, initialColour: initialColourOf(parsed), table: parsed.map((p) => p.tokens.join(" ")) };
  checkTrf(
    bbp,
    dir,
    `generated-${seed}`,
    parseTable(line),
    parsed.map((p) => p.rating),
  );
  return line;
}

/**
 * One tournament played as Moot plays it, paired round by round by bbpPairings from
 * the TRF our exporter writes: players enter late (inserted by rating) and
 * withdraw (their game of that round forfeited, absent after), games are won,
 * drawn or forfeited by one side. No half-point or zero-point byes: Moot has none.
 */
function play(bbp: string, seed: number, dir: string): FixtureLine {
  const rng = Prng.fromSeed(`swiss-played-${seed}`);
  const start = Math.round(Math.exp(Math.log(9) + rng.float() * (Math.log(200) - Math.log(9))));
  const rounds = 5 + rng.int(7);
  const late = rng.float() < 0.6 ? 1 + rng.int(3) : 0;
  const total = start + late;
  // Distinct ratings, so the initial order needs no draw.
  const pool = rng.shuffle(Array.from({ length: 1800 }, (_, i) => 1000 + i));
  const ratings = pool.slice(0, total);
  const entered = ratings.map((_, i) => (i < start ? 1 : 2 + rng.int(rounds - 1)));
  const withdrawRound = ratings.map(() => (rng.float() < 0.08 ? 1 + rng.int(rounds) : 0));
  const drawRate = 0.1 + rng.float() * 0.4;
  const forfeitRate = rng.float() * 0.06;
  const initialColour: Colour = rng.int(2) === 0 ? "w" : "b";
  // The list order: by rating (late entries are inserted where their rating puts them).
  const order = ratings.map((_, i) => i).sort((a, b) => ratings[b]! - ratings[a]!);
  const entries: (TableEntry | null)[][] = order.map(() => []);
  for (let round = 1; round <= rounds; round++) {
    const present = order.map((p) => entered[p]! <= round && !(withdrawRound[p]! > 0 && withdrawRound[p]! < round));
    const table: Table = { totalRounds: rounds, initialColour, players: entries.map((e) => e.map((x) => x ?? { opponent: -1, colour: null, code: "Z" })) };
    const trf = join(dir, `played-${seed}-${round}.trf`);
    const text = writeTrf(table, {
      tournamentName: `played ${seed}`,
      rounds: round - 1,
      players: order.map((p) => ({ name: `Player ${p}`, rating: ratings[p]!, rank: 0 })),
      // Absent from the round being paired: not yet entered, or withdrawn.
      absentNext: present.map((x) => !x),
    });
    writeFileSync(trf, text, "latin1");
    const out = join(dir, `played-${seed}-${round}.out`);
    execFileSync(bbp, ["--dutch", trf, "-p", out]);
    const lines = readFileSync(out, "latin1").trim().split(/\s*\n/).slice(1);
    const roundEntries: (TableEntry | null)[] = order.map(() => null);
    for (const l of lines) {
      const [w, b] = l.trim().split(/\s+/).map(Number) as [number, number];
      if (b === 0) {
        roundEntries[w - 1] = { opponent: -1, colour: null, code: "U" };
        continue;
      }
      const pw = order[w - 1]!;
      const pb = order[b - 1]!;
      let white: string;
      let black: string;
      const withdrawing = (p: number) => withdrawRound[p] === round;
      if (withdrawing(pw) || withdrawing(pb) || rng.float() < forfeitRate) {
        const whiteLoses = withdrawing(pw) && !withdrawing(pb) ? true : withdrawing(pb) && !withdrawing(pw) ? false : rng.int(2) === 0;
        [white, black] = whiteLoses ? ["-", "+"] : ["+", "-"];
      } else if (rng.float() < drawRate) [white, black] = ["=", "="];
      else {
        const expected = 1 / (1 + 10 ** ((ratings[pb]! - ratings[pw]!) / 400));
        [white, black] = rng.float() < expected ? ["1", "0"] : ["0", "1"];
      }
      roundEntries[w - 1] = { opponent: b - 1, colour: "w", code: white };
      roundEntries[b - 1] = { opponent: w - 1, colour: "b", code: black };
    }
    // A player withdrawing in a round without a game (the bye, or no opponent) simply stops.
    entries.forEach((e, i) => e.push(roundEntries[i] ?? null));
  }
  const table: Table = { totalRounds: rounds, initialColour, players: entries.map((e) => e.map((x) => x ?? { opponent: -1, colour: null, code: "Z" })) };
  checkTrf(
    bbp,
    dir,
    `played-${seed}`,
    table,
    order.map((p) => ratings[p]!),
  );
  return {
    seed,
    rounds,
    initialColour,
    table: entries.map(tokensOf),
    ratings: order.map((p) => ratings[p]!),
    entered: order.map((p) => entered[p]!),
    withdrew: order.map((p) => withdrawRound[p]!),
  };
}

let pairingMs = 0;
let pairedRounds = 0;

function compare(line: FixtureLine): string[] {
  const table: Table = parseTable(line);
  const problems: string[] = [];
  for (let round = 1; round <= line.rounds; round++) {
    const expected = pairingIn(table, round);
    let got;
    try {
      const input = inputFor(table, round);
      const t0 = performance.now();
      got = pairDutch(input);
      pairingMs += performance.now() - t0;
      pairedRounds++;
    } catch (e) {
      problems.push(`seed ${line.seed} round ${round}: ${(e as Error).message}`);
      break;
    }
    const mine = [...got.pairs].map((p) => [p[0], p[1]] as [number, number]).sort((a, b) => a[0] - b[0]);
    const same = got.bye === expected.bye && JSON.stringify(mine) === JSON.stringify(expected.pairs);
    if (!same) {
      const fmt = (ps: [number, number][], bye: number | null) => ps.map(([w, b]) => `${w + 1}-${b + 1}`).join(" ") + (bye === null ? "" : ` bye ${bye + 1}`);
      problems.push(
        `seed ${line.seed} round ${round} (${table.players.length} players):\n  bbp  ${fmt(expected.pairs, expected.bye)}\n  moot ${fmt(mine, got.bye)}`,
      );
      break;
    }
  }
  return problems;
}

const bbp = buildBbp();
const dir = mkdtempSync(join(tmpdir(), "swiss-fixtures-"));
const playedCount = Number(flag("--played") ?? 120);

function run(kind: "generated" | "played", wanted: number): FixtureLine[] {
  const lines: FixtureLine[] = [];
  let disagreements = 0;
  let skipped = 0;
  for (let seed = firstSeed; lines.length < wanted; seed++) {
    let line: FixtureLine;
    try {
      line = kind === "generated" ? generate(bbp, seed, dir) : play(bbp, seed, dir);
    } catch (e) {
      // Exit code 1: no valid pairing exists for some round (a small field, many rounds).
      if ((e as { status?: number }).status !== 1) throw e;
      skipped++;
      continue;
    }
    lines.push(line);
    if (compareOnly) {
      const problems = compare(line);
      if (problems.length > 0) {
        disagreements++;
        console.log(`${kind}: ${problems.join("\n")}`);
      }
    }
  }
  console.log(`${kind}: ${skipped} seeds skipped (bbpPairings found no valid pairing for one of their rounds)`);
  if (compareOnly)
    console.log(`${kind}: ${wanted - disagreements} of ${wanted} tournaments agree; our pairing took ${Math.round(pairingMs)} ms for ${pairedRounds} rounds`);
  return lines;
}

const generated = run("generated", count);
const played = run("played", playedCount);
if (!compareOnly) {
  for (const [name, lines] of [
    ["bbp-generated", generated],
    ["bbp-played", played],
  ] as const) {
    const out = resolve(`engine/formats/swiss/fixtures/${name}.jsonl.gz`);
    writeFileSync(out, gzipSync(lines.map((l) => JSON.stringify(l)).join("\n") + "\n", { level: 9 }));
    console.log(`wrote ${lines.length} tournaments to ${out}`);
  }
}
