// Primary keys of tables that grow by appending (games, notifications and their
// deliveries, rating history, tournament audit): a time-ordered UUID (version 7) made
// by the application, so consecutive rows go to the last page of the primary-key
// index rather than a random page of a large one. A 300,000-game round touches a few
// hundred index pages instead of tens of thousands, and a single result dirties (and,
// after a checkpoint, logs whole to the WAL) fewer pages. Rows inserted by plain SQL
// still get the database default, a random UUID.
import { uuid } from "drizzle-orm/pg-core";
import { v7 } from "uuid";

/** A new time-ordered id, for code that must know a row's id before inserting it. */
export const newRowId = (): string => v7();

export const timeOrderedId = () => uuid("id").primaryKey().defaultRandom().$defaultFn(newRowId);
