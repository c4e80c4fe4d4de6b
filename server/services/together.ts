// Independent writes in one statement, so in one round trip. Every statement costs a
// round trip to the database (about 0.15–0.3 ms here, more than most of these writes
// take to run), and the node-postgres driver cannot pipeline; a game's end wrote its
// row, two ratings, the players' notices and the tournament's log in five. Each write
// becomes a part, a few data-modifying WITH queries; PostgreSQL runs every one of them
// exactly once whether or not the statement reads it.
//
// The parts must not depend on each other: all of them see the database as it was
// when the statement began and none sees another's changes, and no row may be changed
// by two of them. What a part returns comes back as JSON (uuid and text as strings,
// numbers, booleans, arrays), so a part's query names its columns as its reader expects.
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "@/db/client";
import { executePrepared } from "./prepared";

export interface Part<T> {
  /** Named WITH queries; names must be unique within a statement. */
  ctes: readonly (readonly [name: string, query: SQL])[];
  /** A query over them whose rows the part returns, or null for none. */
  rows: SQL | null;
  read: (rows: Record<string, unknown>[]) => T;
}

type Results<P> = { [K in keyof P]: P[K] extends Part<infer T> ? T : P[K] extends Part<infer T> | null ? T | null : never };

/**
 * Runs the parts (null ones are skipped) in one statement; each key gets its part's
 * result. `prepared`: as a prepared statement (prepared.ts), for a statement with few
 * shapes that runs often (a game's end).
 */
export async function runTogether<P extends Record<string, Part<unknown> | null>>(tx: Db, parts: P, opts: { prepared?: boolean } = {}): Promise<Results<P>> {
  const present = Object.entries(parts).filter((e): e is [string, Part<unknown>] => e[1] !== null);
  const ctes = present.flatMap(([, p]) => p.ctes);
  if (new Set(ctes.map(([name]) => name)).size !== ctes.length) throw new Error(`runTogether: two parts use one name (${ctes.map(([n]) => n).join(", ")})`);
  const reading = present.filter(([, p]) => p.rows !== null);
  const columns =
    reading.length === 0
      ? sql`1`
      : sql.join(
          reading.map(([key, p]) => sql`(select coalesce(json_agg(r), '[]'::json) from (${p.rows}) r) as ${sql.identifier(key)}`),
          sql`, `,
        );
  const withs = sql.join(
    ctes.map(([name, query]) => sql`${sql.identifier(name)} as (${query})`),
    sql`, `,
  );
  const statement = ctes.length > 0 ? sql`with ${withs} select ${columns}` : sql`select ${columns}`;
  const [row] = (opts.prepared ? await executePrepared(tx, statement) : ((await tx.execute(statement)) as unknown as { rows: Record<string, unknown>[] })).rows;
  const out: Record<string, unknown> = {};
  for (const [key, part] of Object.entries(parts)) {
    out[key] = part === null ? null : part.read((row?.[key] as Record<string, unknown>[] | undefined) ?? []);
  }
  return out as Results<P>;
}
