// What a transaction runs once it has committed, and in which order: the tasks as
// added, then the clean-up (cleanUpAfterCommit), however early it was added; nothing
// when it rolls back.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { DbHandle } from "@/db/client";
import { openTestDatabase } from "@/test/db";
import { afterCommit, cleanUpAfterCommit, transaction } from "./transaction";

let h: DbHandle;
beforeAll(async () => {
  h = await openTestDatabase();
});
afterAll(async () => {
  await h.close();
});

describe("after-commit work", () => {
  it("runs the tasks in the order added and the clean-up after them, before transaction() returns", async () => {
    const ran: string[] = [];
    await transaction(h.db, async (tx) => {
      await tx.execute(sql`select 1`);
      afterCommit(tx, () => void ran.push("remember"));
      // Added before the announcement, as a save adds its replaced snapshot's delete.
      cleanUpAfterCommit(tx, async () => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        ran.push("clean up");
      });
      afterCommit(tx, () => void ran.push("announce"));
    });
    expect(ran).toEqual(["remember", "announce", "clean up"]);
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
