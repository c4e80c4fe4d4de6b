// The bracket against an independent implementation: brackets-manager builds the
// same single- and double-elimination brackets (configured with Moot's seed order
// and losers' drop orders, byes as BYE seeds at the bottom of the seeding), both
// play them through with the same winner for each pairing, and every match must
// pair the same players in the same slots: who meets whom, where each loser drops,
// who gets a bye, and whether the grand final is reset.

import { BracketsManager } from "brackets-manager";
import { InMemoryDatabase } from "brackets-memory-db";
import { describe, expect, it } from "vitest";
import { bracketSize, dropOrderName, log2, GRAND_FINAL, GRAND_FINAL_RESET } from "./bracket";
import { eliminationFormat } from "./elimination";
import { matchesOf, pairPick, playOut, winFor } from "./testing";

type Kind = "single" | "double";

interface Match {
  readonly id: number;
  readonly group_id: number;
  readonly round_id: number;
  readonly number: number;
  readonly status: number;
  readonly opponent1: { id: number | null; result?: string } | null;
  readonly opponent2: { id: number | null; result?: string } | null;
}

const READY = 2;

/** brackets-manager's matches after playing the bracket through: name -> players in slot order ("-" = empty). */
async function peerBracket(kind: Kind, n: number, reset: boolean, salt: number): Promise<Map<string, string[]>> {
  const size = bracketSize(n);
  const k = log2(size);
  const manager = new BracketsManager(new InMemoryDatabase());
  const names = Array.from({ length: n }, (_, i) => `p${i + 1}`);
  // Item 1: round 1's standard order; item 2: round 1's losers; then one per winners' round whose losers drop.
  const seedOrdering = kind === "single" ? ["inner_outer"] : ["inner_outer", ...Array.from({ length: Math.max(0, k - 1) }, (_, r) => dropOrderName(r + 1))];
  await manager.create.stage({
    tournamentId: 0,
    name: "oracle",
    type: kind === "single" ? "single_elimination" : "double_elimination",
    seeding: [...names, ...Array.from({ length: size - n }, () => null)],
    settings: { size, balanceByes: false, seedOrdering: seedOrdering as never, grandFinal: reset ? "double" : "simple" },
  });
  const data = await manager.get.stageData(0);
  const nameOf = new Map((data.participant as { id: number; name: string }[]).map((p) => [p.id, p.name]));
  for (;;) {
    const matches = (await manager.get.stageData(0)).match as unknown as Match[];
    const ready = matches.filter((m) => m.status === READY && m.opponent1?.id != null && m.opponent2?.id != null);
    if (ready.length === 0) break;
    for (const m of ready) {
      const a = nameOf.get(m.opponent1!.id!)!;
      const b = nameOf.get(m.opponent2!.id!)!;
      const first = pairPick(a, b, salt) === a;
      await manager.update.match({ id: m.id, opponent1: { result: first ? "win" : "loss" }, opponent2: { result: first ? "loss" : "win" } });
    }
  }
  const final = await manager.get.stageData(0);
  const roundNumber = new Map((final.round as { id: number; number: number }[]).map((r) => [r.id, r.number]));
  const groupNumber = new Map((final.group as { id: number; number: number }[]).map((g) => [g.id, g.number]));
  const out = new Map<string, string[]>();
  const all = final.match as unknown as Match[];
  // brackets-manager fills in the reset even when the winners' side won the grand final (it copies that result); it is played only if the losers' side won.
  const grandFinal = all.find((m) => groupNumber.get(m.group_id) === 3 && roundNumber.get(m.round_id) === 1);
  const resetPlayed = grandFinal?.opponent2?.result === "win";
  for (const m of all) {
    const slots = [m.opponent1?.id, m.opponent2?.id].map((id) => (id == null ? "-" : nameOf.get(id)!));
    if (slots.every((x) => x === "-")) continue;
    const group = groupNumber.get(m.group_id)!;
    const round = roundNumber.get(m.round_id)!;
    const name = group === 3 ? (round === 1 ? GRAND_FINAL : GRAND_FINAL_RESET) : `${group === 1 ? "W" : "L"}${round}-${m.number}`;
    if (group === 3 && round === 2 && !resetPlayed) continue;
    out.set(name, slots);
  }
  return out;
}

/** Moot's matches, played with the same winner per pairing. */
function mootBracket(kind: Kind, n: number, reset: boolean, salt: number): Map<string, string[]> {
  const players = Array.from({ length: n }, (_, i) => ({ id: `p${i + 1}`, rating: 3000 - i }));
  const start = eliminationFormat.start(players, { bracket: kind, grandFinalReset: reset }, "oracle");
  const end = playOut(start, (g) => winFor(g, pairPick(g.side1, g.side2, salt)));
  return new Map(matchesOf(end).map((m) => [m.name, m.players.slice()]));
}

/** Compares slot by slot; a one-player match (bye) has one player in Moot, in whichever slot brackets-manager put it. */
function compare(ours: Map<string, string[]>, peer: Map<string, string[]>): string[] {
  const problems: string[] = [];
  for (const [name, slots] of peer) {
    const mine = ours.get(name);
    const present = slots.filter((x) => x !== "-");
    if (!mine) problems.push(`${name}: brackets-manager has ${slots.join(" v ")}, Moot has no such match`);
    else if (present.length === 2 ? mine.join(" v ") !== slots.join(" v ") : mine.join() !== present.join()) {
      problems.push(`${name}: brackets-manager ${slots.join(" v ")}, Moot ${mine.join(" v ")}`);
    }
  }
  for (const name of ours.keys()) if (!peer.has(name)) problems.push(`${name}: only Moot has it (${ours.get(name)!.join(" v ")})`);
  return problems;
}

// Every field size to 96, then every seventh to 256 and the sizes around 128 and 256
// (all 255 sizes take brackets-manager half a minute; these, a few seconds).
const SIZES = [...new Set([...Array.from({ length: 95 }, (_, i) => i + 2), ...Array.from({ length: 23 }, (_, i) => 97 + 7 * i), 127, 128, 129, 255, 256])];

describe("elimination brackets equal brackets-manager's", () => {
  for (const kind of ["single", "double"] as const) {
    it(`${kind} elimination, ${SIZES.length} field sizes from 2 to 256`, { timeout: 120_000 }, async () => {
      const failures: string[] = [];
      for (const n of SIZES) {
        if (kind === "double" && n < 3) continue;
        for (const [salt, reset] of [
          [1, true],
          [2, false],
        ] as const) {
          if (kind === "single" && !reset) continue;
          const problems = compare(mootBracket(kind, n, reset, salt), await peerBracket(kind, n, reset, salt));
          if (problems.length > 0) failures.push(`${n} players${kind === "double" ? `, reset ${reset}` : ""}: ${problems.slice(0, 3).join("; ")}`);
        }
      }
      expect(failures).toEqual([]);
    });
  }
});
