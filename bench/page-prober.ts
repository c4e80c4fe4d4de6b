// A second server process reading a tournament's page again and again, 20 ms apart, for
// tournament.bench.ts: how long a page request served by another process waits during a
// round's close and right after it, when that process first reads the state the close
// saved (it did not make it: it reads the new snapshot). Its own database connections
// and its own remembered states, as another server process has; each read runs as the
// server runs a request (asRequest). It listens on Redis (REDIS_URL) for snapshot news
// as a server does (server/index.ts): it folds a close's round itself, or reads the
// written snapshot ahead (snapshot-news.ts).
// Arguments: database URL, tournament id, pause in ms. Says "ready" once it has read the
// page once; on "take" it answers with each wait in milliseconds since the last "take";
// on "take after" it answers once a read that began after the message has ended (the
// first read of whatever was committed before it); on "stop" it ends.
import { openDatabase } from "@/db/client";
import { asRequest } from "@/lib/let-go";
import { connectRedis } from "@/server/redis";
import { listenForSnapshots } from "@/server/services/tournament/snapshot-news";
import { tournamentPage } from "@/server/services/tournament/tournament-page";

const [url, tournamentId, pause] = process.argv.slice(2);
const handle = await openDatabase({ databaseUrl: url!, dataDir: "unused" });
const redis = await connectRedis(process.env.REDIS_URL ?? "redis://127.0.0.1:6379");
// Said on stderr, for the bench's reader: how the close's state was made here ahead (folded, or read).
await listenForSnapshots(redis, handle.db, (_id, made) =>
  console.error(`[page-prober] ${new Date().toISOString()} the closed round's state made ahead: ${made ? `by ${made.by}` : "not made"}`),
);
let waits: number[] = [];
let stopping = false;
/** When "take after" came, and no read begun since has ended yet. */
let takeAfter: number | null = null;
const read = () => asRequest(() => tournamentPage(handle.db, null, tournamentId!, {}));
process.on("message", (m) => {
  if (m === "take") {
    process.send!(waits);
    waits = [];
  }
  if (m === "take after") takeAfter = performance.now();
  if (m === "stop") stopping = true;
});
await read();
process.send!("ready");
while (!stopping) {
  const t0 = performance.now();
  await read();
  waits.push(performance.now() - t0);
  if (takeAfter !== null && t0 >= takeAfter) {
    takeAfter = null;
    process.send!(waits);
    waits = [];
  }
  await new Promise((resolve) => setTimeout(resolve, Number(pause)));
}
await redis.close();
await handle.close();
process.disconnect();
