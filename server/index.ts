// The one server process: Next.js pages, the tRPC API (/api/trpc), next-auth
// (/api/auth) and Socket.IO, all on one port. Opens the database, applies
// migrations, loads the session secret and seeds demo data before taking requests.
import { createServer, type IncomingMessage } from "node:http";
import { execFileSync } from "node:child_process";
import next from "next";
import { createHTTPHandler } from "@trpc/server/adapters/standalone";
import { openDatabase, setSharedDatabase } from "@/db/client";
import { demoDataDue, seedDemoData } from "@/server/demo/seed-demo";
import { loadAuthSecret } from "@/server/auth/secret";
import { CLIENT_IP_HEADER } from "@/server/auth/client-ip";
import { compressResponse } from "@/server/compression";
import { config, ConfigError } from "@/server/config";
import { refuseOversized, securityHeaders } from "@/server/http-guards";
import { healthAnswer } from "@/server/health";
import { attachRealtime } from "@/server/realtime/io";
import { connectRedis } from "@/server/redis";
import { listenForSessionChanges } from "@/server/auth/session-changes";
import { listenForSnapshots } from "@/server/services/tournament/snapshot-news";
import { isDevPage, testFeaturesEnabled } from "@/server/test-features";
import { sweepOverdue } from "@/server/services/play/sweep-overdue";
import { outboxWorkers } from "@/server/services/notification/deliver-outbox";
import { setUpChannels } from "@/server/services/notification/setup";
import { sweepNotifications } from "@/server/services/notification/sweep-notifications";
import { startScheduledTournaments } from "@/server/services/tournament/start-tournament";
import { closeDueRounds } from "@/server/services/tournament/close-round";
import { sweepSnapshots } from "@/server/services/snapshots";
import { settleCleanUps } from "@/server/services/transaction";
import { createContext } from "@/server/trpc/init";
import { appRouter } from "@/server/trpc/root";

function clientIp(req: IncomingMessage, trustProxy: boolean): string {
  const forwarded = req.headers["x-forwarded-for"];
  if (trustProxy && typeof forwarded === "string" && forwarded) return forwarded.split(",")[0]!.trim();
  return req.socket.remoteAddress ?? "unknown";
}

function decodablePath(url: string | undefined): boolean {
  try {
    decodeURIComponent((url ?? "/").split("?")[0]!);
    return true;
  } catch {
    return false;
  }
}

const SWEEP_INTERVAL_MS = 1_000;

function toHeaders(raw: IncomingMessage["headers"]): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else if (value !== undefined) headers.set(name, value);
  }
  return headers;
}

async function main() {
  const cfg = config();
  if (process.env.ADMIN_USERNAMES) {
    console.warn("[moot] ADMIN_USERNAMES is no longer read: grant admin rights with `npm run admin -- grant NAME` (see README).");
  }
  const dev = cfg.NODE_ENV !== "production";

  const open = () => {
    const opened = openDatabase({ databaseUrl: cfg.DATABASE_URL, dataDir: cfg.DATA_DIR });
    setSharedDatabase(opened);
    return opened;
  };
  let dbHandle = await open();
  await dbHandle.migrate();

  process.env.NEXTAUTH_SECRET = await loadAuthSecret(dbHandle.db, cfg.NEXTAUTH_SECRET);
  await setUpChannels(dbHandle.db, cfg, process.env.NEXTAUTH_SECRET);
  // Without a configured public URL, next-auth takes the origin from the Host header.
  if (!cfg.NEXTAUTH_URL) process.env.AUTH_TRUST_HOST = "true";

  const seed = cfg.SEED_DEMO === "1" || (cfg.SEED_DEMO === "auto" && dbHandle.kind === "pglite");
  if (seed && (await demoDataDue(dbHandle.db))) {
    if (dbHandle.kind === "pglite") {
      // In a child process, whose memory goes back to the system (server/demo/seed-in-child.ts);
      // PGlite allows one process per folder, so this one lets go of it meanwhile.
      await dbHandle.close();
      execFileSync(process.execPath, ["--import", "tsx", "server/demo/seed-in-child.ts"], { stdio: "inherit", cwd: process.cwd() });
      dbHandle = await open();
    } else {
      await seedDemoData(dbHandle.db);
    }
    console.log("[moot] seeded demo players, games and tournaments");
  }

  const app = next({ dev, hostname: "localhost", port: cfg.PORT });
  await app.prepare();
  const handle = app.getRequestHandler();

  // The API is served here rather than through a Next route handler: same router and
  // context, without ~10 ms of Next routing per call (measured: bench/realtime-move).
  const trpc = createHTTPHandler({
    router: appRouter,
    basePath: "/api/trpc/",
    // Backstops to refuseOversized: a body without a declared length is cut off here.
    maxBodySize: cfg.MAX_BODY_BYTES,
    maxBatchSize: cfg.MAX_BATCH_CALLS,
    createContext: ({ req }) => createContext(toHeaders(req.headers)),
  });

  const headers = securityHeaders({ dev, https: !!cfg.NEXTAUTH_URL?.startsWith("https:") });
  const testFeatures = testFeaturesEnabled(cfg);
  const limits = { maxBodyBytes: cfg.MAX_BODY_BYTES, maxBatchCalls: cfg.MAX_BATCH_CALLS };
  const server = createServer((req, res) => {
    // Overwrite whatever the client sent: only the server may say where a request came from.
    req.headers[CLIENT_IP_HEADER] = clientIp(req, cfg.TRUST_PROXY);
    if (req.url === "/api/health") {
      void healthAnswer(dbHandle.db, dbHandle.kind).then(({ status, body }) => {
        res.writeHead(status, { "content-type": "application/json", "cache-control": "no-store" });
        res.end(JSON.stringify(body));
      });
      return;
    }
    if (refuseOversized(req, res, limits)) return;
    if (req.url?.startsWith("/api/trpc/")) {
      trpc(req, res);
      return;
    }
    // A path that is not valid percent-encoding (/games/%ZZ) names no page: Next would
    // fail decoding its parameters with a 500, so answer with the not-found page here.
    // So do the /dev pages on a production server, unless tests asked for them.
    // Next's own compression is off (next.config.js): see server/compression.ts.
    compressResponse(req, res);
    if (!decodablePath(req.url) || (!testFeatures && isDevPage(req.url ?? "/"))) {
      res.statusCode = 404;
      void app.render404(req, res);
      return;
    }
    void handle(req, res);
  });
  // Node closes an idle keep-alive connection after 5 s; a client that sends its next
  // request on it just then reads ECONNRESET (seen in e2e under load, and behind load
  // balancers whose idle timeout is 60 s). Keep connections longer than any client or
  // proxy does, so the client is always the side that closes them.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  // With REDIS_URL: Socket.IO's relay, session changes, written snapshots and rate limits between processes.
  const redis = cfg.REDIS_URL ? await connectRedis(cfg.REDIS_URL) : undefined;
  if (redis) await Promise.all([listenForSessionChanges(redis), listenForSnapshots(redis, dbHandle.db)]);
  await attachRealtime(server, dbHandle.db, redis);
  // Security headers on every response. Socket.IO takes /socket.io requests before the
  // handler above ever sees them, so the headers are stamped by a listener placed first.
  server.prependListener("request", (_req, res) => {
    for (const [name, value] of headers) res.setHeader(name, value);
  });
  if (dev) {
    // Next's dev server needs its own websocket (hot reload); Socket.IO handles /socket.io.
    const upgrade = app.getUpgradeHandler();
    server.on("upgrade", (req, socket, head) => {
      if (!req.url?.startsWith("/socket.io")) void upgrade(req, socket, head);
    });
  }

  // Flags lost-on-time games, confirms old reports, starts scheduled tournaments,
  // closes rounds whose close never committed (its process stopped), deletes state
  // snapshots no tournament points at (hourly), queues
  // reminders and digests, delivers the outbox. Safe in every process at once.
  // Each tick starts the outbox workers that are idle; one stuck on a slow peer is
  // left to finish (deliver-outbox.ts), so a slow push service cannot pile up runs.
  const outboxWorkersOfProcess = outboxWorkers(dbHandle.db);
  const sweeper = setInterval(() => {
    sweepOverdue(dbHandle.db).catch((err) => console.error("[sweeper]", err));
    startScheduledTournaments(dbHandle.db).catch((err) => console.error("[sweeper] scheduled starts:", err));
    closeDueRounds(dbHandle.db).catch((err) => console.error("[sweeper] round closes:", err));
    sweepSnapshots(dbHandle.db).catch((err) => console.error("[sweeper] snapshots:", err));
    sweepNotifications(dbHandle.db).catch((err) => console.error("[sweeper] notifications:", err));
    outboxWorkersOfProcess.run().catch((err) => console.error("[outbox]", err));
  }, SWEEP_INTERVAL_MS);
  sweeper.unref();

  // Without this, a port already taken leaves a process that runs but serves nothing.
  server.once("error", (err: NodeJS.ErrnoException) => {
    console.error(
      err.code === "EADDRINUSE"
        ? `[moot] Port ${cfg.PORT} on ${cfg.HOST} is already in use: stop the other process or set PORT to a free port.`
        : `[moot] Could not listen on ${cfg.HOST}:${cfg.PORT}: ${err.message}`,
    );
    process.exit(1);
  });
  server.listen(cfg.PORT, cfg.HOST, () => {
    console.log(`[moot] ready on http://localhost:${cfg.PORT} (${dev ? "development" : "production"}, ${dbHandle.kind})`);
  });

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    clearInterval(sweeper);
    console.log(`[moot] ${signal}: shutting down`);
    server.close();
    server.closeAllConnections();
    // Replaced snapshots waiting to be deleted (transaction.ts) are deleted first; whatever fails is the sweeper's.
    void settleCleanUps()
      .then(() => dbHandle.close())
      .finally(() => process.exit(0));
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

main().catch((err) => {
  if (err instanceof ConfigError) {
    console.error(err.message);
  } else {
    console.error("[moot] failed to start:", err);
  }
  process.exit(1);
});
