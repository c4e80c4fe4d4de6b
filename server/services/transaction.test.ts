// What a transaction runs once it has committed, and in which order: the tasks as
// added, then, CLEAN_UP_DELAY_MS later, the clean-up (cleanUpAfterCommit), however
// early it was added; nothing when it rolls back.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { DbHandle } from "@/db/client";
import { openTestDatabase } from "@/test/db";
import { afterCommit, cleanUpAfterCommit, CLEAN_UP_DELAY_MS, settleCleanUps, transaction } from "./transaction";

let h: DbHandle;
beforeAll(async () => {
  h = await openTestDatabase();
});
afterAll(async () => {
  await h.close();
});

describe("after-commit work", () => {
  it("runs the tasks in the order added before transaction() returns, and the clean-up after them, later or when settled", async () => {
    const ran: string[] = [];
    const cleanUp = (name: string) => async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      ran.push(name);
    };
    await transaction(h.db, async (tx) => {
      await tx.execute(sql`select 1`);
      afterCommit(tx, () => void ran.push("remember"));
      // Added before the announcement, as a save adds its replaced snapshot's delete.
      cleanUpAfterCommit(tx, cleanUp("clean up"));
      afterCommit(tx, () => void ran.push("announce"));
    });
    expect(ran).toEqual(["remember", "announce"]);
    await settleCleanUps();
    expect(ran).toEqual(["remember", "announce", "clean up"]);
    // Left alone, it runs CLEAN_UP_DELAY_MS after the commit.
    await transaction(h.db, async (tx) => {
      cleanUpAfterCommit(tx, cleanUp("on its own"));
    });
    await new Promise((resolve) => setTimeout(resolve, CLEAN_UP_DELAY_MS / 2));
    expect(ran).not.toContain("on its own");
    await expect.poll(() => ran, { timeout: 4 * CLEAN_UP_DELAY_MS, interval: 50 }).toContain("on its own");
    await settleCleanUps();
  });

  it("runs none of it when the transaction rolls back", async () => {
    const ran: string[] = [];
    await expect(
      transaction(h.db, async (tx) => {
        afterCommit(tx, () => void ran.push("announce"));
        cleanUpAfterCommit(tx, () => void ran.push("clean up"));
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(ran).toEqual([]);
  });

  it("outside a transaction, runs the clean-up at once", async () => {
    const ran: string[] = [];
    cleanUpAfterCommit(h.db, () => void ran.push("clean up"));
    await Promise.resolve();
    expect(ran).toEqual(["clean up"]);
  });
});
