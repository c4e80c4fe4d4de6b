// Every procedure runs as a request (lib/let-go.ts): background work waits while it is in
// flight. The procedure builders carry the lane, so a procedure cannot be declared
// without it.
import { describe, expect, it } from "vitest";
import { currentLane } from "@/lib/let-go";
import type { Context } from "./init";
import { adminProcedure, createCallerFactory, protectedProcedure, publicProcedure, router } from "./init";

const lanes = router({
  anyone: publicProcedure.query(() => currentLane()),
  signedIn: protectedProcedure.query(() => currentLane()),
  admin: adminProcedure.mutation(async () => {
    // Still the request's lane after an await.
    await new Promise((resolve) => setTimeout(resolve, 1));
    return currentLane();
  }),
});

// The lane middleware reads nothing of the context: who calls only passes the builders' checks.
const context = (isAdmin: boolean): Context => ({
  db: undefined as never,
  dbKind: "pglite",
  user: { id: "00000000-0000-7000-8000-000000000000", username: "lane", isAdmin },
  clientIp: null,
});

describe("procedures run as requests", () => {
  it("in the request lane, from every builder", async () => {
    const caller = createCallerFactory(lanes)(context(true));
    expect(await caller.anyone()).toBe("request");
    expect(await caller.signedIn()).toBe("request");
    expect(await caller.admin()).toBe("request");
    // And the caller's own code, outside the procedure, is not.
    expect(currentLane()).toBe("background");
  });
});
