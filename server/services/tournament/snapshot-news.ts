// Snapshots told to the other server processes before they are committed. A round's
// close (and a start) writes the new state's snapshot before it commits, beside its
// transaction, and makes the pages' readings of it ahead in its own process
// (tournament-page.ts, readAhead). Another process serving the tournament read the
// snapshot only when a page asked for it after the commit: at 100,000 players its first
// read waited 2.3 s, parsing tens of MB and making every reading afresh.
//
// So the others are told through Redis (REDIS_URL, the channel the processes share for
// Socket.IO), and each process that has read the tournament lately makes the new state
// ahead in the background lane, and the pages' first readings of it. Its first read
// after the commit takes that state (live-state.ts, expectRead). Two pieces of news:
// - "folded": a close has folded the round, as soon as the engine has planned the next
//   one, before anything is written. A process that has the state the close started
//   from (it served the round's pages) folds the same log rows with the same ratings
//   (their digest tells it that it read the same ones) and has the same state, the
//   engine being deterministic, without reading the 50 MB snapshot (live-state.ts,
//   foldAhead). On a 2-core machine, reading the snapshot shared the cores with the
//   close and was not done when the close committed.
// - "written": the snapshot's row is written (a start; a close, for the processes that
//   could not fold it): the row is read ahead, parsed in slices.
// A close that fails leaves a state nobody points at: it is never taken. Without Redis
// there is one process, which made the state itself.
import { randomUUID } from "node:crypto";
import type { Db } from "@/db/client";
import { UUID_TEXT } from "@/db/schema/ids";
import { inBackground } from "@/lib/let-go";
import type { SharedRedis } from "@/server/redis";
import { sharedRedis } from "@/server/redis";
import type { TournamentState } from "@/engine/formats";
import { readSnapshotById } from "../snapshots";
import { readRatings } from "./current-ratings";
import { expectRead, foldAhead, hasSnapshot, readLately, unexpect } from "./live-state";
import { readTournament } from "./lock-tournament";
import { readAhead } from "./tournament-page";

const CHANNEL = "moot:snapshot-news";
/** This process, so that it does not read ahead what it wrote itself. */
const origin = randomUUID();

/** A piece of news: "written" (the row of `snapshotId` is written) or, with `folded`, a close's fold. */
interface News {
  origin: string;
  tournamentId: string;
  snapshotId: string;
  /** Present on a close's "folded" news: what it folded. */
  folded?: Folded;
}

/** A close's fold: from the snapshot `from` with the log up to `seq`, with the ratings whose digest is `ratings` (current-ratings.ts). */
export interface Folded {
  from: string;
  seq: number;
  ratings: string;
}

/** A message's `folded` field: undefined when there is none (a "written" news), null when it is not well formed. */
function parseFolded(m: unknown): Folded | null | undefined {
  if (m === undefined) return undefined;
  const f = m as Record<string, unknown> | null;
  if (typeof f?.from === "string" && UUID_TEXT.test(f.from) && Number.isSafeInteger(f.seq) && typeof f.ratings === "string") {
    return { from: f.from, seq: f.seq as number, ratings: f.ratings };
  }
  return null;
}

function parseNews(message: string): News | null {
  try {
    const m = JSON.parse(message) as Record<string, unknown>;
    const folded = parseFolded(m.folded);
    if (
      typeof m.origin === "string" &&
      typeof m.tournamentId === "string" &&
      UUID_TEXT.test(m.tournamentId) &&
      typeof m.snapshotId === "string" &&
      UUID_TEXT.test(m.snapshotId) &&
      folded !== null
    ) {
      return { origin: m.origin, tournamentId: m.tournamentId, snapshotId: m.snapshotId, ...(folded ? { folded } : {}) };
    }
  } catch {
    // not ours
  }
  return null;
}

/** Publishes news on the channel; only an ahead reading is lost if it fails: the others read the snapshot when asked. */
async function tell(news: Omit<News, "origin">): Promise<void> {
  const redis = sharedRedis();
  if (!redis) return;
  await redis.client
    .publish(CHANNEL, JSON.stringify({ origin, ...news } satisfies News))
    .catch((err: unknown) => console.error("[snapshots] could not tell of a new snapshot:", err));
}

/**
 * Tells the other processes that a close has folded the round into what will be the
 * snapshot `snapshotId`, before it is written. Nothing without Redis. Never fails.
 */
export async function tellFolded(tournamentId: string, snapshotId: string, folded: Folded): Promise<void> {
  await tell({ tournamentId, snapshotId, folded });
}

/**
 * Tells the other processes, once `written` gives the row's id (snapshotBeside's
 * `beside`), that the tournament's next snapshot is written. Nothing without Redis, or
 * where the snapshot is written in the transaction (PGlite: one process). Never fails.
 */
export async function tellWritten(tournamentId: string, written: Promise<string | null> | null): Promise<void> {
  if (!sharedRedis() || !written) return;
  const snapshotId = await written;
  if (snapshotId) await tell({ tournamentId, snapshotId });
}

/** Whether a process makes the tournament's new state ahead: it has read it lately and is not making that state already. */
const wanted = (tournamentId: string, snapshotId: string) => readLately(tournamentId) && !hasSnapshot(tournamentId, snapshotId);

/** Once a state is made ahead, the pages' first readings of it (tournament-page.ts). */
function withReadings(state: TournamentState | null): TournamentState | null {
  if (state) readAhead(state, Promise.resolve());
  return state;
}

/**
 * What a process does on hearing of another's snapshot: when it has read the tournament
 * lately and is not reading that snapshot already, reads it ahead in the background lane
 * and makes the pages' first readings of it. Returns the reading, or null when it reads nothing.
 */
export function heardWritten(db: Db, tournamentId: string, snapshotId: string): Promise<TournamentState | null> | null {
  if (!wanted(tournamentId, snapshotId)) return null;
  return expectRead(tournamentId, snapshotId, () => inBackground(() => readSnapshotById(db, snapshotId))).then(withReadings);
}

/** A state made ahead on a close's "folded" news, and how: folded here, or read from the row. */
export interface Made {
  state: TournamentState;
  by: "fold" | "reading";
}

/**
 * What a process does on hearing of another's fold: when it has read the tournament
 * lately, folds the same rows from its own state of the same snapshot with the same
 * ratings (foldAhead), in the background lane, and makes the pages' first readings of
 * the state. If it cannot (it does not have that state, or reads other ratings: a game
 * of one of the players ended meanwhile), it reads the snapshot's row if it is written
 * by then, or leaves it to the "written" news. Returns what it made, or null when it
 * makes nothing.
 */
export function heardFolded(db: Db, tournamentId: string, snapshotId: string, folded: Folded): Promise<Made | null> | null {
  if (!wanted(tournamentId, snapshotId)) return null;
  let by: Made["by"] = "fold";
  const making = expectRead(tournamentId, snapshotId, () =>
    inBackground(async () => {
      const head = await readTournament(db, tournamentId);
      const { ratings, digest } = await readRatings(db, head);
      const state = digest === folded.ratings ? await foldAhead(db, tournamentId, { snapshotId: folded.from, seq: folded.seq }, ratings) : null;
      if (state) return state;
      by = "reading";
      return readSnapshotById(db, snapshotId);
    }),
  );
  return making.then((state) => {
    // Nothing made: the "written" news, when it comes, reads the row.
    if (!state) {
      unexpect(tournamentId, snapshotId);
      return null;
    }
    withReadings(state);
    return { state, by };
  });
}

/**
 * Listens for other processes' news of snapshots (called once at start, with REDIS_URL).
 * `madeOnFold`: told what each "folded" news made (a test's second process reports it).
 */
export async function listenForSnapshots(redis: SharedRedis, db: Db, madeOnFold?: (tournamentId: string, made: Made | null) => void): Promise<void> {
  await redis.subscriber.subscribe(CHANNEL, (message: string) => {
    const news = parseNews(message);
    if (!news || news.origin === origin) return;
    if (!news.folded) {
      void heardWritten(db, news.tournamentId, news.snapshotId);
      return;
    }
    const making = heardFolded(db, news.tournamentId, news.snapshotId, news.folded);
    if (madeOnFold) void (making ?? Promise.resolve(null)).then((made) => madeOnFold(news.tournamentId, made));
  });
}
