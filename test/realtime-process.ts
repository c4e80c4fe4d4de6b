// A second server process for tests across processes: the site's Socket.IO setup with its
// own database pool and Redis connections, listening for session changes as the server
// does (server/index.ts), on 127.0.0.1 at a port the OS picks. Prints its URL as one line
// of JSON once it listens; ends on SIGTERM. Run with `node --import tsx`.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { openDatabase } from "@/db/client";
import { listenForSessionChanges } from "@/server/auth/session-changes";
import { attachRealtime } from "@/server/realtime/io";
import { connectRedis } from "@/server/redis";

const { DATABASE_URL, REDIS_URL } = process.env;
if (!DATABASE_URL || !REDIS_URL) throw new Error("test/realtime-process.ts needs DATABASE_URL and REDIS_URL");
const db = await openDatabase({ databaseUrl: DATABASE_URL, dataDir: "unused" });
const redis = await connectRedis(REDIS_URL);
await listenForSessionChanges(redis);
const http = createServer((_req, res) => res.writeHead(404).end());
const io = await attachRealtime(http, db.db, redis);
await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
console.log(JSON.stringify({ url: `http://127.0.0.1:${(http.address() as AddressInfo).port}` }));

process.once("SIGTERM", () => {
  void io
    .close()
    .then(() => Promise.allSettled([redis.close(), db.close()]))
    .finally(() => process.exit(0));
});
