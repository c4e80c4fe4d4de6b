"use client";
// Recomputes a dice record's commitment and rolls with Web Crypto in the browser, with
// the same module the server and `npm run verify-dice` use.
import { useCallback, useEffect, useState } from "react";
import { rollDice, verifyDice, type DiceCheck, type DiceRecord } from "@/engine/verifiable-dice";

/** Each roll of a record beside the roll its seeds give. */
type RollCheck = { n: number; recorded: string; recomputed: string };

/** A sentence saying why the text is not a dice record, or the record. */
function readRecord(text: string): DiceRecord | string {
  let parsed: Partial<DiceRecord>;
  try {
    parsed = JSON.parse(text) as Partial<DiceRecord>;
  } catch {
    return "This is not JSON: paste the dice record as downloaded.";
  }
  if (
    typeof parsed !== "object" ||
    parsed === null ||
    typeof parsed.scheme !== "string" ||
    typeof parsed.commitment !== "string" ||
    typeof parsed.serverSeed !== "string" ||
    !Array.isArray(parsed.playerSeeds) ||
    parsed.playerSeeds.length !== 2 ||
    !Array.isArray(parsed.rolls)
  ) {
    return "This is not a dice record: it needs scheme, commitment, serverSeed, playerSeeds (two) and rolls.";
  }
  return parsed as DiceRecord;
}

/** `initial`: a game's record to check at once (the game page's "Verify the dice" link). */
export function DiceVerifier({ initial = null }: { initial?: string | null }) {
  const [text, setText] = useState(initial ?? "");
  const [check, setCheck] = useState<DiceCheck | null>(null);
  const [rolls, setRolls] = useState<RollCheck[]>([]);
  const [busy, setBusy] = useState(false);

  const verify = useCallback(async (text: string) => {
    const record = readRecord(text);
    setRolls([]);
    if (typeof record === "string") return setCheck({ ok: false, findings: [record] });
    setBusy(true);
    try {
      setCheck(await verifyDice(record));
      const seeds = { serverSeed: record.serverSeed, playerSeeds: record.playerSeeds };
      setRolls(
        await Promise.all(
          record.rolls.map(async (roll) => ({
            n: roll.n,
            recorded: roll.dice.join("-"),
            recomputed: (await rollDice(seeds, roll.n, roll.dice.length, record.faces ?? 6)).join("-"),
          })),
        ),
      );
    } catch (error) {
      setCheck({ ok: false, findings: [`The record's seeds are not valid: ${(error as Error).message}.`] });
    } finally {
      setBusy(false);
    }
  }, []);
  useEffect(() => {
    if (initial) void verify(initial);
  }, [initial, verify]);

  return (
    <div className="space-y-4">
      <label className="block space-y-1">
        <span className="font-medium">Dice record (JSON)</span>
        <textarea className="input h-56 w-full font-mono text-sm" value={text} onChange={(e) => setText(e.target.value)} spellCheck={false} />
      </label>
      <div className="flex flex-wrap items-center gap-3">
        <label className="text-sm">
          Or open a file <input type="file" accept="application/json,.json" onChange={(e) => void e.target.files?.[0]?.text().then(setText)} />
        </label>
        <button type="button" className="btn-primary" disabled={busy || text.trim() === ""} onClick={() => void verify(text)}>
          Verify
        </button>
      </div>
      {check && (
        <div role="status" data-testid="dice-check" className={`card ${check.ok ? "border-green-600" : "border-red-600"}`}>
          <p className="font-semibold">{check.ok ? "The dice match." : "The dice do not match."}</p>
          <ul className="list-disc pl-5">
            {check.findings.map((finding) => (
              <li key={finding}>{finding}</li>
            ))}
          </ul>
        </div>
      )}
      {rolls.length > 0 && (
        <table className="text-sm" data-testid="dice-rolls">
          <thead>
            <tr>
              <th className="pr-4 text-left">Roll</th>
              <th className="pr-4 text-left">Recorded</th>
              <th className="pr-4 text-left">Recomputed</th>
            </tr>
          </thead>
          <tbody>
            {rolls.map((roll) => (
              <tr key={roll.n} data-match={roll.recorded === roll.recomputed ? "yes" : "no"}>
                <td className="pr-4">{roll.n}</td>
                <td className="pr-4">{roll.recorded}</td>
                <td className="pr-4">{roll.recomputed}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
