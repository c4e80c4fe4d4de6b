// A second server process for tests of snapshot news across processes
// (server/services/tournament/snapshot-news.test.ts): its own database pool, Redis
// connections and remembered states, listening for snapshot news as the server does
// (server/index.ts). Run with `node --import tsx` as a forked child (IPC). Sends
// "ready" once listening; on { read: id } reads the tournament as a page does and
// answers { read: id }; on each "folded" news it heard, sends { made: id, by, state }
// (the state as JSON); on { take: id } reads the tournament again and answers
// { took: id, state, same } (same: the very state the news made); ends on "stop".
import { openDatabase } from "@/db/client";
import type { TournamentState } from "@/engine/formats";
import { connectRedis } from "@/server/redis";
import { liveState } from "@/server/services/tournament/live-state";
import { listenForSnapshots } from "@/server/services/tournament/snapshot-news";

const { DATABASE_URL, REDIS_URL } = process.env;
if (!DATABASE_URL || !REDIS_URL) throw new Error("test/snapshot-process.ts needs DATABASE_URL and REDIS_URL");
const db = await openDatabase({ databaseUrl: DATABASE_URL, dataDir: "unused" });
const redis = await connectRedis(REDIS_URL);
const made = new Map<string, TournamentState>();
await listenForSnapshots(redis, db.db, (id, m) => {
  if (m) made.set(id, m.state);
  process.send!({ made: id, by: m?.by ?? null, state: m ? JSON.stringify(m.state) : null });
});

type Ask = { read: string } | { take: string } | "stop";
process.on("message", (m: Ask) => {
  void (async () => {
    if (m === "stop") {
      await Promise.allSettled([redis.close(), db.close()]);
      process.disconnect();
    } else if ("read" in m) {
      await liveState(db.db, m.read);
      process.send!({ read: m.read });
    } else {
      const state = await liveState(db.db, m.take);
      process.send!({ took: m.take, state: JSON.stringify(state), same: state !== null && state === made.get(m.take) });
    }
  })();
});
process.send!("ready");
