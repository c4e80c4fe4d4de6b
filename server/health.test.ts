// What the site says when its database is down: the health check reports it (503),
// and a sign-in attempt reads a sentence, never the database's error (SQL, parameters),
// which next-auth would otherwise put into the error page's URL.
import { describe, expect, it } from "vitest";
import { setSharedDatabase } from "@/db/client";
import { authOptions, SIGN_IN_UNAVAILABLE } from "@/server/auth/options";
import { openTestDatabase } from "@/test/db";
import { healthAnswer } from "./health";

describe("with the database down", () => {
  it("the health check answers 503 and says so; with it up, 200", async () => {
    const h = await openTestDatabase();
    expect(await healthAnswer(h.db, h.kind)).toEqual({ status: 200, body: { ok: true, database: h.kind } });
    await h.close();
    expect(await healthAnswer(h.db, h.kind)).toEqual({ status: 503, body: { ok: false, database: h.kind, error: "The database is not answering." } });
  });

  it("a sign-in attempt fails with a sentence that carries no database text", async () => {
    const h = await openTestDatabase();
    await h.close();
    setSharedDatabase(Promise.resolve(h));
    const provider = authOptions().providers[0] as unknown as {
      options: { authorize: (c: Record<string, string>, req: { headers: Record<string, string> }) => Promise<unknown> };
    };
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    try {
      await expect(provider.options.authorize({ username: "alice", password: "x' OR 1=1" }, { headers: {} })).rejects.toThrow(new Error(SIGN_IN_UNAVAILABLE));
    } finally {
      console.error = original;
    }
    // The real cause is logged for the operator.
    expect(errors).toHaveLength(1);
  });
});
