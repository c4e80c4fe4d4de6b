// Inserting many rows at once: one array parameter per column, unpacked by
// PostgreSQL (INSERT … SELECT … FROM ROWS FROM (unnest($1::uuid[]), unnest($2::text[]),
// jsonb_array_elements($3::jsonb), …)). A
// 100,000-player tournament start inserts 300,000 games and 100,000 notifications;
// as VALUES lists that would be thousands of statements with a parameter per cell
// (PostgreSQL allows 65,535 per statement), as arrays it is a few statements.
//
// Columns with an application default (`$defaultFn`: the time-ordered ids of
// db/schema/ids.ts) get it here, as drizzle's own insert would give them.
import { getTableColumns, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { sendsBytesAsIs, type Db } from "@/db/client";
import { SLICE_ROWS, letGo } from "@/lib/let-go";

/**
 * Rows per statement. Up to ONE_STATEMENT rows go in one statement (a 10,000-player
 * round's games and notices: fewer round trips, and its building overlaps the
 * database's work); more go in statements of SLICE_ROWS, each built with the event loop
 * let go before it, so that no slice holds the server's other requests long (20,000
 * rows of a 100,000-player round took 0.4 s to build and encode with their garbage).
 */
export const ONE_STATEMENT = 20_000;

/**
 * Inserts the rows and returns what `returning` selects, e.g. sql`id, user_id as "userId"`
 * (null: nothing, for callers that know their rows already).
 * Columns no row names keep their database defaults; a column some rows leave out gets
 * NULL there (or its application default, `$defaultFn`).
 * With `query`, returns that query's rows instead: it reads the inserted rows (what
 * `returning` selects) as the table `inserted`, so a join with them costs no second
 * round trip and no list of ids sent back.
 */
export async function insertMany<T extends PgTable, R, E extends Partial<T["$inferInsert"]> = Record<never, never>>(
  tx: Db,
  table: T,
  rows: readonly Omit<T["$inferInsert"], keyof E>[],
  returning: SQL | null,
  options: { onConflictDoNothing?: boolean; onConflict?: SQL; query?: SQL; inEveryRow?: E } = {},
): Promise<R[]> {
  if (rows.length === 0) return [];
  // Values every row shares that the rows leave out (a notification's instant), so the caller needs no copy of each row to add them.
  const inEveryRow = (options.inEveryRow ?? {}) as Record<string, unknown>;
  const valueIn = (row: Record<string, unknown>, k: string) => (k in inEveryRow ? inEveryRow[k] : row[k]);
  const columns = getTableColumns(table) as Record<string, { name: string; defaultFn?: () => unknown; getSQLType(): string }>;
  const named = new Set<string>();
  for (const row of rows) for (const k in row) named.add(k);
  for (const k in inEveryRow) named.add(k);
  for (const k in columns) if (columns[k]!.defaultFn) named.add(k);
  const keys = [...named].filter((k) => columns[k]);
  // Instants as ISO text: the driver's own Date formatting costs more than the insert of a 300,000-row round.
  const cell = (k: string, v: unknown) => (v instanceof Date ? v.toISOString() : v === undefined ? (columns[k]!.defaultFn?.() ?? null) : v);
  const names = sql.join(
    keys.map((k) => sql.identifier(columns[k]!.name)),
    sql`, `,
  );
  const binary = sendsBytesAsIs(tx);
  const sent: Promise<R[]>[] = [];
  const size = rows.length <= ONE_STATEMENT ? rows.length : SLICE_ROWS;
  for (let i = 0; i < rows.length; i += size) {
    const chunk = rows.slice(i, i + size) as Record<string, unknown>[];
    // Each chunk's building is a slice of its own: the event loop goes between them.
    if (i > 0) await letGo();
    // A column with one value in every row (a tournament's games share type, clock,
    // start position, deadline, tournament…) is sent once, not as an array of thousands
    // of copies the driver quotes and the server parses; it is found before any array is
    // built, so none is (at 100,000 players, the arrays were most of a start's garbage).
    // At least one column stays an array.
    const same = keys.map((k) => k in inEveryRow || sameInEveryRow(chunk, k, !!columns[k]!.defaultFn));
    if (same.every(Boolean)) same[0] = false;
    const cells = keys.map((k, j) => (same[j] ? [cell(k, valueIn(chunk[0]!, k))] : chunk.map((r) => cell(k, valueIn(r, k)))));
    const type = (k: string) => sql.raw(columns[k]!.getSQLType());
    // A JSON column's values go as one JSON array, whose elements PostgreSQL unpacks
    // (json_array_elements): as an array literal each value's JSON would be quoted and
    // escaped once more. ROWS FROM zips it with the other columns' unnest, row by row.
    const json = (k: string) => JSON_TYPES.has(columns[k]!.getSQLType());
    // A uuid column's values go in binary where the driver sends bytes as they are
    // (writeUuidArray: a round's games send three such columns). Built at once, as the
    // rest of the statement: it is sent before the caller goes on (a round's close sends
    // its games before its notices, create-game.ts).
    const list = (k: string, values: unknown[]) =>
      binary && columns[k]!.getSQLType() === "uuid" ? uuidArrayBytesNow(values as (string | null)[]) : arrayLiteral(values);
    const arrays = sql.join(
      keys.flatMap((k, j) =>
        same[j] ? [] : [json(k) ? sql`${type(k)}_array_elements(${JSON.stringify(cells[j])}::${type(k)})` : sql`unnest(${list(k, cells[j]!)}::${type(k)}[])`],
      ),
      sql`, `,
    );
    const alias = (j: number) => sql.raw(`c${j}`);
    const aliases = sql.join(
      keys.flatMap((_, j) => (same[j] ? [] : [alias(j)])),
      sql`, `,
    );
    // JSON's null in such an array is SQL's NULL, as the driver sends a null value.
    const unpacked = (k: string, j: number) =>
      json(k) ? sql`case when ${type(k)}_typeof(u.${alias(j)}) = 'null' then null else u.${alias(j)} end` : sql`u.${alias(j)}`;
    const select = sql.join(
      keys.map((k, j) => (same[j] ? sql`${sql.param(cells[j]![0])}::${type(k)}` : unpacked(k, j))),
      sql`, `,
    );
    const conflict = options.onConflict ? sql` ${options.onConflict}` : options.onConflictDoNothing ? sql` on conflict do nothing` : sql``;
    const back = returning ? sql` returning ${returning}` : sql``;
    const insert = sql`insert into ${table} (${names}) select ${select} from rows from (${arrays}) as u(${aliases})${conflict}${back}`;
    // Sent as soon as the previous chunk is in: the database inserts one chunk while
    // this process builds the next, and the connection never has more than this
    // chunk waiting behind another (node-postgres deprecates queueing queries).
    const statement = options.query ? sql`with inserted as (${insert}) ${options.query}` : insert;
    const inserted = (sent.at(-1) ?? Promise.resolve()).then(() => tx.execute(statement)).then((r) => (r as unknown as { rows: R[] }).rows);
    // Awaited below; this only keeps a failure from counting as unhandled while later chunks are built.
    inserted.catch(() => undefined);
    sent.push(inserted);
  }
  const out: R[] = [];
  for (const rows of await Promise.all(sent)) for (const row of rows) out.push(row);
  return out;
}

/** Column types whose values insertMany sends as one JSON array. */
const JSON_TYPES = new Set(["json", "jsonb"]);

/** An element an array literal can hold as it is: nothing in it means something to PostgreSQL's array parser. */
const PLAIN = /^[^\s",{}\\]+$/;
const NULL_WORD = /^null$/i;

/**
 * A column's values as one PostgreSQL array literal ('{a,"b c",NULL}'), the text the
 * driver would make of the JavaScript array: strings as they are, JSON values (objects,
 * arrays) as their JSON, null and undefined as NULL, anything else as its text. Made
 * here because the driver quotes and escapes every element with two replacements and
 * grows the text one element at a time: at 100,000 players that was about 400 MB of
 * garbage in a round's close (a heap profile of the close), whose collection held
 * every request of the process. Here an id or a key goes in unquoted, a JSON payload
 * is escaped in one pass, and the text is joined once.
 */
export function arrayLiteral(values: readonly unknown[]): string {
  const elements = new Array<string>(values.length);
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (v === null || v === undefined) {
      elements[i] = "NULL";
      continue;
    }
    const text = typeof v === "string" ? v : typeof v === "object" ? JSON.stringify(v) : String(v);
    elements[i] = PLAIN.test(text) && !NULL_WORD.test(text) ? text : `"${text.replace(/["\\]/g, "\\$&")}"`;
  }
  return `{${elements.join(",")}}`;
}

/**
 * arrayLiteral in slices of SLICE_ROWS values, the event loop let go between them: a
 * 100,000-player round's notices send four lists of about 100,000 ids, whose literals
 * made at once held the process for a quarter of a second.
 */
export async function arrayLiteralInSlices(values: readonly unknown[]): Promise<string> {
  if (values.length <= SLICE_ROWS) return arrayLiteral(values);
  const parts: string[] = [];
  for (let i = 0; i < values.length; i += SLICE_ROWS) {
    if (i > 0) await letGo();
    parts.push(arrayLiteral(values.slice(i, i + SLICE_ROWS)).slice(1, -1));
  }
  return `{${parts.join(",")}}`;
}

/** PostgreSQL's oid of the uuid type: a binary array names its elements' type. */
const UUID_OID = 2950;

/** Each ASCII character's value as a hex digit (either case), or 255. */
const HEX_DIGIT = new Uint8Array(128).fill(255);
for (let d = 0; d < 16; d++) {
  HEX_DIGIT["0123456789abcdef".charCodeAt(d)] = d;
  HEX_DIGIT["0123456789ABCDEF".charCodeAt(d)] = d;
}
/** Where each of a uuid's 16 bytes begins in its text (8-4-4-4-12 hex digits, dashes between). */
const BYTE_AT = [0, 2, 4, 6, 9, 11, 14, 16, 19, 21, 24, 26, 28, 30, 32, 34];

/**
 * Writes the 16 bytes of a uuid's text (8-4-4-4-12 hex digits, either case) at `at`;
 * false, having written part of them, when `id` is not such a text. One pass over the
 * characters: an id checked by a regular expression and then written by five
 * Buffer.write(hex) calls took about a microsecond (this, a quarter of that), and a
 * 100,000-player start's notices send 700,000 ids.
 */
function writeUuid(id: string, out: Buffer, at: number): boolean {
  if (id.length !== 36 || id.charCodeAt(8) !== 45 || id.charCodeAt(13) !== 45 || id.charCodeAt(18) !== 45 || id.charCodeAt(23) !== 45) return false;
  for (let b = 0; b < 16; b++) {
    const i = BYTE_AT[b]!;
    const hi = id.charCodeAt(i);
    const lo = id.charCodeAt(i + 1);
    const h = hi < 128 ? HEX_DIGIT[hi]! : 255;
    const l = lo < 128 ? HEX_DIGIT[lo]! : 255;
    if (h === 255 || l === 255) return false;
    out[at + b] = (h << 4) | l;
  }
  return true;
}

/**
 * A list of ids as a uuid[] in PostgreSQL's binary format (array_recv: dimensions,
 * flags, element type, length and lower bound, then each element's length and 16
 * bytes, or -1 for a null), written in steps of SLICE_ROWS ids. Sent as a Buffer,
 * node-postgres copies it into its message as it is: a 100,000-player close's notices
 * sent four lists of about 100,000 ids as text, and the driver measured and encoded
 * their 15 MB in one go, the close's longest block (0.3 s of work, 0.7 s on a busy
 * machine). Half the bytes, and the database reads them three times faster than the
 * same ids' text (a round's 6,000 games' three id columns: 7 against 23 ms). Throws on
 * a value that is neither null nor a uuid's text, as PostgreSQL would.
 */
function* writeUuidArray(ids: readonly (string | null)[]): Generator<void, Buffer> {
  const header = ids.length === 0 ? 12 : 20;
  const out = Buffer.allocUnsafe(header + 20 * ids.length);
  let nulls = false;
  let at = header;
  for (let i = 0; i < ids.length; i++) {
    if (i > 0 && i % SLICE_ROWS === 0) yield;
    const id = ids[i];
    if (id === null) {
      out.writeInt32BE(-1, at);
      at += 4;
      nulls = true;
      continue;
    }
    out.writeInt32BE(16, at);
    if (typeof id !== "string" || !writeUuid(id, out, at + 4)) throw new Error(`not a uuid: ${JSON.stringify(id)}`);
    at += 20;
  }
  out.writeInt32BE(ids.length === 0 ? 0 : 1, 0);
  out.writeInt32BE(nulls ? 1 : 0, 4);
  out.writeInt32BE(UUID_OID, 8);
  if (ids.length > 0) {
    out.writeInt32BE(ids.length, 12);
    out.writeInt32BE(1, 16);
  }
  return at === out.length ? out : out.subarray(0, at);
}

/** writeUuidArray's bytes at once: for a statement built in one go (insertMany's, up to ONE_STATEMENT rows), like arrayLiteral. */
function uuidArrayBytesNow(ids: readonly (string | null)[]): Buffer {
  const steps = writeUuidArray(ids);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** writeUuidArray's bytes with the event loop let go after each SLICE_ROWS ids. */
export async function uuidArrayBytes(ids: readonly (string | null)[]): Promise<Buffer> {
  const steps = writeUuidArray(ids);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    await letGo();
  }
}

/**
 * Whether the rows hold one value in the column, as `cell` would send it: a scalar,
 * null, or the same instant. A missing value is null, unless the column's default
 * makes each row its own.
 */
function sameInEveryRow(rows: readonly Record<string, unknown>[], key: string, ownDefault: boolean): boolean {
  const value = (v: unknown) => (v === undefined && !ownDefault ? null : v);
  const first = value(rows[0]![key]);
  if (rows.length < 2 || first === undefined || (first !== null && typeof first === "object" && !(first instanceof Date))) return false;
  const at = first instanceof Date ? first.getTime() : null;
  for (let i = 1; i < rows.length; i++) {
    const v = value(rows[i]![key]);
    if (at === null ? v !== first : !(v instanceof Date && v.getTime() === at)) return false;
  }
  return true;
}

/** `column = any($1::uuid[])` (or `text[]`): one parameter however many values (inArray takes one per value, each built by Drizzle). */
export const anyOf = (column: AnyColumn, values: readonly string[], type: "uuid" | "text" = "uuid"): SQL =>
  sql`${column} = any(${arrayLiteral(values)}::${sql.raw(type)}[])`;
