// Migration 0026 moves each tournament's engine state out of its row into
// tournament_snapshots, the row pointing at it: a tournament stored before comes out
// with the same state, read through the pointer, and one not started with none; the
// snapshots are compressed with lz4, as the column they leave was (migration 0012).
// Migration 0027 stores the state as text: a snapshot written as json reads the same
// after it, and the column is compressed with lz4 still.
import { afterEach, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { DbHandle } from "./client";
import { tournamentSnapshots } from "./schema";
import { newPlayer } from "@/test/api-fixtures";
import { migrateBefore, openEmptyDatabase } from "@/test/migrations";
import { readSnapshot } from "@/server/services/snapshots";

let h: DbHandle | null = null;
afterEach(async () => {
  await h?.close();
  h = null;
});

describe("migration 0026: tournament snapshots", () => {
  it("moves every stored state into a snapshot the tournament points at", async () => {
    h = await openEmptyDatabase("moot_snapshots");
    await migrateBefore(h, "_tournament_snapshots");
    const organizer = await newPlayer(h);
    // Any JSON the engine wrote: the migration moves it whole, never reads inside.
    const state = { format: "league", status: "playing", players: [{ id: "p1" }, { id: "p2" }], rounds: [{ pending: 1 }] };
    const insert = async (name: string, stored: object | null, foldedSeq: number) => {
      const inserted = await h!.db.execute(
        sql`insert into tournaments (name, organizer_id, format, settings, game_type, initial_ms, increment_ms, min_players, max_players, seed, state, folded_seq, status)
          values (${name}, ${organizer.id}, 'league', '{}', 'chess', 60000, 0, 2, 8, ${name}, ${stored === null ? null : JSON.stringify(stored)}::json, ${foldedSeq},
            ${stored === null ? "registering" : "running"}) returning id`,
      );
      return (inserted as unknown as { rows: { id: string }[] }).rows[0]!.id;
    };
    const running = await insert("running cup", state, 7);
    const registering = await insert("registering cup", null, 0);

    await h.migrate();
    expect(await readSnapshot(h.db, running)).toMatchObject({ state, foldedSeq: 7 });
    expect(await readSnapshot(h.db, registering)).toBeNull();
    expect(await h.db.select({ tournamentId: tournamentSnapshots.tournamentId }).from(tournamentSnapshots)).toEqual([{ tournamentId: running }]);
    // Compressed with lz4 where the server has it (PostgreSQL here; PGlite keeps pglz).
    if (h.kind === "postgres") {
      const column = await h.db.execute(sql`select attcompression from pg_attribute where attrelid = 'tournament_snapshots'::regclass and attname = 'state'`);
      expect((column as unknown as { rows: { attcompression: string }[] }).rows).toEqual([{ attcompression: "l" }]);
    }
  });

  it("0027 keeps every snapshot's text as it was, and lz4", async () => {
    h = await openEmptyDatabase("moot_snapshots");
    await migrateBefore(h, "_snapshot_text");
    const organizer = await newPlayer(h);
    const made = await h.db.execute(
      sql`insert into tournaments (name, organizer_id, format, settings, game_type, initial_ms, increment_ms, min_players, max_players, seed, folded_seq, status)
        values ('cup', ${organizer.id}, 'league', '{}', 'chess', 60000, 0, 2, 8, 'cup', 3, 'running') returning id`,
    );
    const tournamentId = (made as unknown as { rows: { id: string }[] }).rows[0]!.id;
    // Written as the json column kept it: its text, spacing and key order as they came.
    const text = '{"format": "league", "rounds": [{"pending": 2}], "players": [{"id": "p1"}]}';
    const stored = await h.db.execute(sql`insert into tournament_snapshots (tournament_id, state) values (${tournamentId}, ${text}::json) returning id`);
    const snapshotId = (stored as unknown as { rows: { id: string }[] }).rows[0]!.id;
    await h.db.execute(sql`update tournaments set snapshot_id = ${snapshotId} where id = ${tournamentId}`);

    await h.migrate();
    const column = await h.db.execute(
      sql`select format_type(atttypid, atttypmod) as type, attcompression as compression from pg_attribute where attrelid = 'tournament_snapshots'::regclass and attname = 'state'`,
    );
    expect((column as unknown as { rows: { type: string; compression: string }[] }).rows).toEqual([
      { type: "text", compression: h.kind === "postgres" ? "l" : "" },
    ]);
    const [row] = await h.db.select({ text: sql<string>`${tournamentSnapshots.state}` }).from(tournamentSnapshots);
    expect(row!.text).toBe(text);
    expect(await readSnapshot(h.db, tournamentId)).toMatchObject({ state: JSON.parse(text), foldedSeq: 3, snapshotId });
  });
});
