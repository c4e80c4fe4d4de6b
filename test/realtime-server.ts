// A real Socket.IO server for a test file: the site's realtime setup (attachRealtime)
// on a bare HTTP server (no Next) over the test database, on a free local port.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { DbHandle } from "@/db/client";
import { attachRealtime, type MootIo } from "@/server/realtime/io";
import { openTestDatabase } from "./db";

export interface RealtimeServer {
  h: DbHandle;
  server: MootIo;
  url: string;
  close(): Promise<void>;
}

export async function startRealtimeServer(): Promise<RealtimeServer> {
  const h = await openTestDatabase();
  const http = createServer((_req, res) => res.writeHead(404).end());
  const server = await attachRealtime(http, h.db);
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  return {
    h,
    server,
    url: `http://127.0.0.1:${(http.address() as AddressInfo).port}`,
    async close() {
      await server.close();
      await h.close();
    },
  };
}
