// game_deadlines (migration 0010): the database keeps exactly the active games that
// have a deadline there, whatever writes games, so the sweeps can find due games by
// its index while games itself has no index on the columns a move or a result
// changes. On a PostgreSQL server, also that a move and a game's end are HOT updates
// of games (no index entry written), the point of the table.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql, TransactionRollbackError } from "drizzle-orm";
import { inject } from "vitest";
import type { Db, DbHandle } from "@/db/client";
import { gameDeadlines, games } from "@/db/schema";
import { openOwnTestDatabase } from "@/test/db";
import { newPlayer } from "@/test/api-fixtures";
import { createGame } from "../game/create-game";
import { makeMove } from "./make-move";
import { resignGame } from "./resign-game";
import { sweepOverdue } from "./sweep-overdue";

let h: DbHandle;
beforeAll(async () => {
  // Its own database: it sweeps overdue games with the clock moved ahead (see openOwnTestDatabase).
  h = await openOwnTestDatabase();
});
afterAll(() => h.close());

const DAY = 86_400_000;

async function newGame(db: Db = h.db, at = new Date()) {
  const [a, b] = [await newPlayer(h), await newPlayer(h)];
  const game = await db.transaction((tx) =>
    createGame(tx, { gameType: "hnefatafl", side1Id: a.id, side2Id: b.id, rated: true, initialMs: 3 * DAY, incrementMs: DAY / 4 }, at),
  );
  return { game, attacker: a, defender: b };
}

async function deadlineRow(gameId: string): Promise<Date | null> {
  const [row] = await h.db.select({ deadline: gameDeadlines.deadline }).from(gameDeadlines).where(eq(gameDeadlines.gameId, gameId));
  return row?.deadline ?? null;
}

async function gameDeadline(gameId: string): Promise<Date | null> {
  const [row] = await h.db.select({ deadline: games.deadline }).from(games).where(eq(games.id, gameId));
  return row!.deadline;
}

describe("game_deadlines", () => {
  it("follows a game's deadline from creation through each move, and lets go when it ends", async () => {
    const t0 = new Date();
    const { game, attacker, defender } = await newGame(h.db, t0);
    expect(await deadlineRow(game.id)).toEqual(await gameDeadline(game.id));
    expect((await deadlineRow(game.id))!.getTime()).toBe(t0.getTime() + 3 * DAY);

    await makeMove(h.db, attacker.id, { gameId: game.id, ply: 0, move: "d1-d3" }, new Date(t0.getTime() + 1000));
    const afterMove = await gameDeadline(game.id);
    expect(afterMove!.getTime()).not.toBe(t0.getTime() + 3 * DAY);
    expect(await deadlineRow(game.id)).toEqual(afterMove);

    await resignGame(h.db, defender.id, game.id);
    expect(await deadlineRow(game.id)).toBeNull();
  });

  it("takes the games of a multi-row insert, only the active ones with a deadline", async () => {
    const [a, b] = [await newPlayer(h), await newPlayer(h)];
    const common = { gameType: "hnefatafl" as const, side1Id: a.id, side2Id: b.id, initialMs: DAY, incrementMs: 0, remaining1Ms: DAY, remaining2Ms: DAY };
    const due = new Date(Date.now() + DAY);
    const rows = await h.db
      .insert(games)
      .values([
        { ...common, deadline: due },
        { ...common, deadline: null },
        { ...common, deadline: due, status: "finished" as const, result: "1-0" as const },
      ])
      .returning({ id: games.id });
    expect(await deadlineRow(rows[0]!.id)).toEqual(due);
    expect(await deadlineRow(rows[1]!.id)).toBeNull();
    expect(await deadlineRow(rows[2]!.id)).toBeNull();
    await h.db.delete(games).where(eq(games.id, rows[0]!.id));
    expect(await deadlineRow(rows[0]!.id)).toBeNull();
  });

  it("is where the sweep finds games that ran out of time", async () => {
    const { game } = await newGame();
    const swept = await sweepOverdue(h.db, new Date(Date.now() + 3 * DAY + 60_000));
    expect(swept).toContain(game.id);
    expect(await deadlineRow(game.id)).toBeNull();
    const [row] = await h.db.select({ status: games.status }).from(games).where(eq(games.id, game.id));
    expect(row!.status).not.toBe("active");
  });
});

// The counts of this transaction's updates of games, HOT or not: a savepoint around the
// real services, inside a transaction that reads PostgreSQL's per-transaction counters.
describe.runIf(inject("testDatabaseUrl"))("games updates on a PostgreSQL server", () => {
  const counts = async (tx: Db) => {
    const r = (await tx.execute(
      sql`select pg_stat_get_xact_tuples_updated('games'::regclass)::int as updated, pg_stat_get_xact_tuples_hot_updated('games'::regclass)::int as hot`,
    )) as unknown as { rows: { updated: number; hot: number }[] };
    return r.rows[0]!;
  };

  it("a move and a resignation change games without writing an index entry (HOT updates)", async () => {
    const { game, attacker, defender } = await newGame();
    await h.db
      .transaction(async (tx) => {
        const before = await counts(tx);
        await makeMove(tx, attacker.id, { gameId: game.id, ply: 0, move: "d1-d3" });
        await resignGame(tx, defender.id, game.id);
        const after = await counts(tx);
        expect(after.updated - before.updated).toBeGreaterThanOrEqual(2);
        expect(after.hot - before.hot).toBe(after.updated - before.updated);
        tx.rollback();
      })
      .catch((e: unknown) => {
        // rollback() ends the transaction by throwing this; anything else is a failure.
        if (!(e instanceof TransactionRollbackError)) throw e;
      });
  });
});
