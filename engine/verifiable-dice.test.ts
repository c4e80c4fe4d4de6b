// Known answers computed with Python's hmac and hashlib (an implementation apart
// from ours; the script is in docs/dice.md), a statistical sanity check, and the
// verification of a record.
import { describe, expect, it } from "vitest";
import { commitment, rollDice, verifyDice, type DiceRecord } from "./verifiable-dice";

const ZERO = "00".repeat(32);
const SEED = "b3253887b19cdcded45113ca47d7f99032e2ec98b7b0f98793a8604e099e58f3";
const seeds = { serverSeed: SEED, playerSeeds: ["alice", "bob-42"] as const };

describe("verifiable dice", () => {
  it("commits to the server seed with SHA-256 of its bytes", async () => {
    expect(await commitment(ZERO)).toBe("66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925");
    expect(await commitment(SEED)).toBe("ab72c4d8180d668da4430433fc2bb2aabed39472a06d965a3adcb72e1b102509");
  });

  it("gives the known rolls", async () => {
    const rolls = async (s: { serverSeed: string; playerSeeds: readonly [string, string] }) => Promise.all([1, 2, 3, 4, 5, 6, 7, 8].map((n) => rollDice(s, n)));
    expect(await rolls({ serverSeed: ZERO, playerSeeds: ["", ""] })).toEqual([
      [1, 2],
      [6, 6],
      [1, 4],
      [1, 4],
      [5, 6],
      [2, 6],
      [3, 3],
      [4, 6],
    ]);
    expect(await rolls(seeds)).toEqual([
      [5, 5],
      [6, 1],
      [3, 4],
      [2, 4],
      [4, 3],
      [3, 2],
      [1, 5],
      [1, 1],
    ]);
  });

  it("skips the bytes that would bias the faces and reads on into the next block", async () => {
    // Roll 35's first byte is 0xff (≥ 252): skipped, not taken modulo 6.
    expect(await rollDice(seeds, 35)).toEqual([6, 3]);
    expect(await rollDice(seeds, 1, 3, 20)).toEqual([11, 9, 16]);
    // 40 dice need more than the 32 bytes of one HMAC block.
    expect((await rollDice(seeds, 1, 40)).join("")).toBe("5563112433135463354332335422341261163336");
  });

  it("changes every roll when a player changes their seed", async () => {
    const other = { ...seeds, playerSeeds: ["alice", "bob-43"] as const };
    const a = await Promise.all([1, 2, 3, 4, 5, 6].map((n) => rollDice(seeds, n)));
    const b = await Promise.all([1, 2, 3, 4, 5, 6].map((n) => rollDice(other, n)));
    expect(a).not.toEqual(b);
  });

  it("gives each face equally often (chi-square over 30,000 seeded dice)", async () => {
    const counts = [0, 0, 0, 0, 0, 0];
    for (let n = 1; n <= 15_000; n++) for (const v of await rollDice(seeds, n)) counts[v - 1]!++;
    const expected = 30_000 / 6;
    const chi2 = counts.reduce((sum, c) => sum + (c - expected) ** 2 / expected, 0);
    // 5 degrees of freedom: 20.52 is the 0.1% critical value.
    expect(chi2).toBeLessThan(20.52);
  });

  it("refuses seeds outside the scheme", async () => {
    await expect(rollDice({ serverSeed: "abc", playerSeeds: ["", ""] }, 1)).rejects.toThrow(/64/);
    await expect(rollDice({ serverSeed: ZERO, playerSeeds: ["a:b", ""] }, 1)).rejects.toThrow(/player seed/);
    await expect(rollDice(seeds, 0)).rejects.toThrow(/from 1/);
  });
});

describe("verifying a record", () => {
  const record: DiceRecord = {
    scheme: "moot-dice/1",
    commitment: "ab72c4d8180d668da4430433fc2bb2aabed39472a06d965a3adcb72e1b102509",
    serverSeed: SEED,
    playerSeeds: ["alice", "bob-42"],
    rolls: [
      { n: 1, dice: [5, 5] },
      { n: 2, dice: [6, 1] },
      { n: 3, dice: [3, 4] },
    ],
  };

  it("accepts an honest record", async () => {
    expect(await verifyDice(record)).toEqual({ ok: true, findings: ["The server seed matches the commitment and all 3 rolls match the seeds."] });
  });

  it("finds a changed roll, a seed that is not the committed one and a roll left out", async () => {
    const changed = await verifyDice({ ...record, rolls: [record.rolls[0]!, { n: 2, dice: [6, 6] }, record.rolls[2]!] });
    expect(changed).toEqual({ ok: false, findings: ["Roll 2 was 6-6, but the seeds give 6-1."] });
    const swapped = await verifyDice({ ...record, commitment: "66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925" });
    expect(swapped.ok).toBe(false);
    expect(swapped.findings[0]).toMatch(/does not match the commitment/);
    const gap = await verifyDice({ ...record, rolls: [record.rolls[0]!, record.rolls[2]!] });
    expect(gap.findings).toEqual(["Roll 2 of the record is numbered 3: rolls are numbered 1, 2, 3, … with none left out."]);
  });

  it("says so when the server seed is not revealed yet", async () => {
    expect(await verifyDice({ ...record, serverSeed: "" })).toEqual({
      ok: false,
      findings: ["The server seed has not been revealed (or is not 64 hex digits)."],
    });
  });
});
