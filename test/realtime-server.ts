// A real Socket.IO server for a test file or a benchmark: the site's realtime setup
// (attachRealtime) on a bare HTTP server (no Next), on a free local port.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { Db, DbHandle } from "@/db/client";
import { attachRealtime, type MootIo } from "@/server/realtime/io";
import type { SharedRedis } from "@/server/redis";
import { openOwnTestDatabase, openTestDatabase } from "./db";

export interface RealtimeServer {
  h: DbHandle;
  server: MootIo;
  url: string;
  close(): Promise<void>;
}

/**
 * The site's Socket.IO server on `db`, listening on 127.0.0.1 at a port the OS picks.
 * It becomes the process's realtime server, so services called in this process publish to it
 * (with `redis`, to the other processes' sockets too).
 */
export async function listenRealtime(db: Db, redis?: SharedRedis): Promise<{ server: MootIo; url: string }> {
  const http = createServer((_req, res) => res.writeHead(404).end());
  const server = await attachRealtime(http, db, redis);
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  return { server, url: `http://127.0.0.1:${(http.address() as AddressInfo).port}` };
}

/** `ownDatabase`: a database of the file's own (openOwnTestDatabase), for files that sweep overdue games. */
export async function startRealtimeServer(opts: { ownDatabase?: boolean } = {}): Promise<RealtimeServer> {
  const h = await (opts.ownDatabase ? openOwnTestDatabase() : openTestDatabase());
  const { server, url } = await listenRealtime(h.db);
  return {
    h,
    server,
    url,
    async close() {
      await server.close();
      await h.close();
    },
  };
}
