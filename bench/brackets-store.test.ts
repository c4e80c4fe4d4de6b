// The benches' brackets-manager storage behaves as the library's own memory
// database: the same double elimination, played the same way on both, leaves the
// same rows in every table.
import { BracketsManager } from "brackets-manager";
import { InMemoryDatabase } from "brackets-memory-db";
import type { CrudInterface } from "brackets-model";
import { describe, expect, it } from "vitest";
import { IndexedStore } from "./brackets-store";

async function played(storage: CrudInterface): Promise<unknown> {
  const manager = new BracketsManager(storage);
  const names = Array.from({ length: 27 }, (_, i) => `p${i + 1}`);
  await manager.create.stage({
    tournamentId: 0,
    name: "store",
    type: "double_elimination",
    seeding: [...names, ...Array.from({ length: 5 }, () => null)],
    settings: { size: 32, balanceByes: false, grandFinal: "double", seedOrdering: ["inner_outer", "natural", "reverse", "half_shift", "reverse_half_shift"] },
  });
  for (let turn = 0; ; turn++) {
    const ready = ((await manager.get.stageData(0)).match as unknown as { id: number; status: number }[]).filter((m) => m.status === 2);
    if (ready.length === 0) break;
    for (const m of ready) {
      const first = (m.id + turn) % 3 !== 0;
      await manager.update.match({ id: m.id, opponent1: { result: first ? "win" : "loss" }, opponent2: { result: first ? "loss" : "win" } });
    }
  }
  return manager.get.stageData(0);
}

describe("IndexedStore", () => {
  it("leaves the same stage as brackets-memory-db after the same bracket is played", async () => {
    expect(await played(new IndexedStore())).toEqual(await played(new InMemoryDatabase()));
  });
});
