// `npm run replay -- <csv> [--json]`: replays recorded Copenhagen games through
// the engine and prints how many replay fully, how many moves were accepted,
// capture mismatches, result disagreements and why the others stopped. With
// --json it prints exactly one JSON document (the ReplaySummary) for tools.
import { readFileSync } from "node:fs";
import { parseRecords, replayGame, summarizeReplays, type GameReplay } from "../engine/games/tafl/replay";

const USAGE = "usage: npm run replay -- <games.csv> [--json]";

function fail(message: string, code: number): never {
  console.error(message);
  process.exit(code);
}

const args = process.argv.slice(2);
const json = args.includes("--json");
const files = args.filter((arg) => arg !== "--json");
if (files.length !== 1 || files[0]?.startsWith("-")) fail(USAGE, 2);
const file = files[0] as string;

let text: string;
try {
  text = readFileSync(file, "utf8");
} catch (error) {
  fail(`cannot read ${file}: ${(error as Error).message}\n${USAGE}`, 2);
}

let replays: GameReplay[];
try {
  replays = parseRecords(text).map(replayGame);
} catch (error) {
  fail(`${file}: ${(error as Error).message}`, 1);
}
const summary = summarizeReplays(replays);

if (json) {
  console.log(JSON.stringify(summary));
} else {
  const rows: [string, number][] = [
    ["games", summary.games],
    ["fully replayed", summary.fullyReplayed],
    ["moves replayed", summary.movesReplayed],
    ["capture mismatches", summary.captureMismatches],
    ["result disagreements", summary.resultDisagreements],
  ];
  console.log(`Replay of ${file}`);
  for (const [label, value] of rows) console.log(`  ${label.padEnd(22)}${value}`);
  const reasons = Object.entries(summary.stopped);
  console.log(`  ${"stopped early".padEnd(22)}${summary.games - summary.fullyReplayed}`);
  for (const [reason, count] of reasons) console.log(`    ${reason.padEnd(20)}${count}`);
  const notable = replays.map((replay, index) => ({ replay, game: index + 1 })).filter(({ replay }) => replay.detail !== null);
  if (notable.length > 0) console.log("\nDetails:");
  for (const { replay, game } of notable) {
    console.log(`  game ${game}: ${replay.stopReason ?? "result"}: ${replay.detail}`);
  }
}
