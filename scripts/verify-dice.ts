// `npm run verify-dice -- FILE`: recomputes a game's dice from its downloaded dice
// record (a JSON file, format in docs/dice.md) with the same code the "Verify the
// dice" page runs in the browser. Exit 0 when the commitment and every roll match,
// 1 when something does not, 2 when the file cannot be read.
import { readFileSync } from "node:fs";
import { verifyDice, type DiceRecord } from "../engine/verifiable-dice";

const USAGE = "usage: npm run verify-dice -- <dice-record.json>";

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

const files = process.argv.slice(2);
if (files.length !== 1 || files[0]!.startsWith("-")) fail(USAGE);
const file = files[0]!;

let record: DiceRecord;
try {
  const parsed = JSON.parse(readFileSync(file, "utf8")) as Partial<DiceRecord>;
  if (
    typeof parsed.scheme !== "string" ||
    typeof parsed.commitment !== "string" ||
    typeof parsed.serverSeed !== "string" ||
    !Array.isArray(parsed.playerSeeds) ||
    parsed.playerSeeds.length !== 2 ||
    !Array.isArray(parsed.rolls)
  ) {
    throw new Error("it lacks scheme, commitment, serverSeed, playerSeeds (two) or rolls");
  }
  record = parsed as DiceRecord;
} catch (error) {
  fail(`cannot read ${file} as a dice record: ${(error as Error).message}\n${USAGE}`);
}

try {
  const check = await verifyDice(record);
  for (const finding of check.findings) console.log(finding);
  process.exit(check.ok ? 0 : 1);
} catch (error) {
  fail(`the record's seeds are not valid: ${(error as Error).message}`);
}
