// Primary keys of tables that grow by appending (games, notifications and their
// deliveries, rating history, tournament audit): a time-ordered UUID (version 7) made
// by the application, so consecutive rows go to the last page of the primary-key
// index rather than a random page of a large one. A 300,000-game round touches a few
// hundred index pages instead of tens of thousands, and a single result dirties (and,
// after a checkpoint, logs whole to the WAL) fewer pages. Rows inserted by plain SQL
// still get the database default, a random UUID.
import { sql, type SQL } from "drizzle-orm";
import { uuid } from "drizzle-orm/pg-core";
import { v7 } from "uuid";

/** A uuid's text as PostgreSQL prints it and newRowId writes it (lowercase): what ids from outside are checked against. */
export const UUID_TEXT = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Each byte's two lowercase hex digits, as character codes. */
const HEX = new Uint8Array(512);
for (let i = 0; i < 256; i++)
  HEX.set(
    [...(i + 0x100).toString(16).slice(1)].map((c) => c.charCodeAt(0)),
    2 * i,
  );
const bytes = new Uint8Array(16);
const text = Buffer.alloc(36);

/**
 * A new time-ordered id, for code that must know a row's id before inserting it. The
 * uuid library makes its bytes (its version 7, monotonic within a millisecond); the
 * text is written here, into one buffer read out as one string: the library's
 * stringify joins twenty pieces and lowercases the result, about 1.2 KB of garbage per
 * id, and a 100,000-player round's close makes 220,000 of them (a quarter as much here).
 */
export function newRowId(): string {
  v7(undefined, bytes);
  let at = 0;
  for (let i = 0; i < 16; i++) {
    text[at++] = HEX[2 * bytes[i]!]!;
    text[at++] = HEX[2 * bytes[i]! + 1]!;
    if (i === 3 || i === 5 || i === 7 || i === 9) text[at++] = 0x2d; // "-"
  }
  return text.toString("latin1", 0, 36);
}

export const timeOrderedId = () => uuid("id").primaryKey().defaultRandom().$defaultFn(newRowId);

/**
 * The first 11 bytes of a fresh newRowId (26 characters of its text), to which a block
 * of ids adds a number in the last 5 (ten hex digits, 1 to 2^40 - 1). The uuid
 * library's version 7 keeps the millisecond and a counter it steps on every id in those
 * 11 bytes, so no other id this process makes starts with them, and every later one
 * sorts after the whole block: the block's ids stay time-ordered (see above).
 */
const blockPrefix = () => newRowId().slice(0, 26);

/** How many ids a block can hold: its numbers are the last five bytes. */
const BLOCK_SIZE = 2 ** 40;

/**
 * An id for each row of the select it is part of, made by the database from the row's
 * number (row_number(): 1, 2, …) after a block's prefix (blockPrefix): no value per row
 * sent from here. The database's own gen_random_uuid() cost 1.2 µs a row on this
 * machine and lands each row on a random page of the index; this is text and one cast.
 */
export function idPerRow(): SQL {
  return sql`(${blockPrefix()} || lpad(to_hex(row_number() over ()), 10, '0'))::uuid`;
}

/**
 * New ids one after another, in order: a block's prefix (blockPrefix) and the numbers
 * 1, 2, …, as idPerRow numbers the rows of a select, for rows whose ids this process
 * must know before it inserts them (a round's games). newRowId each time cost about
 * 0.5 µs an id (the uuid library draws 16 random bytes for each, from the operating
 * system every 16 ids), a quarter of the building of a 2,000-player start's 6,000
 * games before its first insert; this, a seventh of that (6,000 ids: 0.4 against 2.6 ms).
 */
export function rowIdBlock(): () => string {
  const id = Buffer.from(`${blockPrefix()}0000000000`, "latin1");
  let made = 0;
  return () => {
    if (++made >= BLOCK_SIZE) throw new RangeError("a block holds fewer than 2^40 ids");
    // The number's ten hex digits written over the last ten characters, in two halves of
    // 20 bits (bitwise operators take 32), and the id read out as one flat string (a
    // concatenation would be a pair of strings, flattened again by every reader).
    const low = made % 2 ** 20;
    const high = Math.floor(made / 2 ** 20);
    for (let d = 0; d < 5; d++) {
      id[35 - d] = HEX[2 * ((low >>> (4 * d)) & 15) + 1]!;
      id[30 - d] = HEX[2 * ((high >>> (4 * d)) & 15) + 1]!;
    }
    return id.toString("latin1");
  };
}
