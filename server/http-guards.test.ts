// The request guards in front of the API, on a real HTTP server with the real tRPC
// handler: oversized bodies refused (413) before the handler reads them, long batches
// refused (400), security headers (HSTS only for an https site), and the test-only
// features hidden from a production server.
import { createServer, request, type Server } from "node:http";
import { connect, type AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHTTPHandler } from "@trpc/server/adapters/standalone";
import { setSharedDatabase, type DbHandle } from "@/db/client";
import { parseConfig } from "@/server/config";
import { isDevPage, usableClockPreset } from "@/server/test-features";
import { createContext } from "@/server/trpc/init";
import { appRouter } from "@/server/trpc/root";
import { openTestDatabase } from "@/test/db";
import { refuseOversized, securityHeaders } from "./http-guards";

const LIMITS = { maxBodyBytes: 64 * 1024, maxBatchCalls: 20 };
let h: DbHandle;
let server: Server;
let port: number;
let bodiesRead = 0;
beforeAll(async () => {
  h = await openTestDatabase();
  setSharedDatabase(Promise.resolve(h));
  const trpc = createHTTPHandler({
    router: appRouter,
    basePath: "/api/trpc/",
    maxBodySize: LIMITS.maxBodyBytes,
    maxBatchSize: LIMITS.maxBatchCalls,
    createContext: ({ req }) => createContext(new Headers(req.headers as Record<string, string>)),
  });
  server = createServer((req, res) => {
    if (refuseOversized(req, res, LIMITS)) return;
    req.once("data", () => (bodiesRead += 1));
    trpc(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await h.close();
});

/** A raw request; `chunked` sends the body without a declared length. */
function send(opts: { method: string; path: string; body?: Buffer; chunked?: boolean }): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = { "content-type": "application/json" };
    if (opts.body && !opts.chunked) headers["content-length"] = opts.body.length;
    const req = request({ host: "127.0.0.1", port, method: opts.method, path: opts.path, headers }, (res) => {
      let text = "";
      res.on("data", (d) => (text += d));
      res.on("end", () => resolve({ status: res.statusCode!, text }));
    });
    req.on("error", reject);
    if (opts.body) req.write(opts.body);
    req.end();
  });
}

describe("request limits on /api/trpc", () => {
  it("refuses a body over the limit with 413 and a sentence, before the handler reads it", async () => {
    const before = bodiesRead;
    const r = await send({ method: "POST", path: "/api/trpc/account.signUp", body: Buffer.alloc(LIMITS.maxBodyBytes + 1, 0x20) });
    expect(r.status).toBe(413);
    expect(JSON.parse(r.text).error.json.message).toBe("The request is too large: at most 64 KB may be sent at once.");
    expect(bodiesRead).toBe(before);
  });

  it("lets a client finish sending a refused body, so it reads the 413 instead of a broken pipe", async () => {
    // A raw socket that sends a 2 MB body in slices, as a client on a slower link does
    // (Playwright's request client failed so in CI): a server that answered and closed
    // at once made the client's later writes fail with EPIPE before it read the answer.
    const size = 2 << 20;
    const slice = Buffer.alloc(64 << 10, 0x20);
    for (let i = 0; i < 5; i++) {
      const { text, error } = await new Promise<{ text: string; error?: string }>((resolve) => {
        // allowHalfOpen: the client goes on sending after the server's FIN, as a client does that reads only afterwards.
        const socket = connect({ port, host: "127.0.0.1", allowHalfOpen: true });
        let text = "";
        let error: string | undefined;
        socket.on("error", (e: NodeJS.ErrnoException) => (error = e.code));
        socket.on("data", (d) => (text += d));
        socket.on("close", () => resolve({ text, error }));
        socket.write(`POST /api/trpc/account.signUp HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\ncontent-length: ${size}\r\n\r\n`);
        let sent = 0;
        const more = () => {
          if (socket.destroyed) return;
          if (sent >= size) return void socket.end();
          socket.write(slice);
          sent += slice.length;
          setTimeout(more, 2);
        };
        more();
      });
      expect(error).toBeUndefined();
      expect(text).toMatch(/^HTTP\/1\.1 413 /);
    }
  });

  it("cuts off a body sent without a declared length at the limit", async () => {
    const r = await send({ method: "POST", path: "/api/trpc/account.signUp", body: Buffer.alloc(LIMITS.maxBodyBytes * 2, 0x20), chunked: true });
    expect(r.status).toBe(413);
  });

  it("refuses a batch of more than 20 calls with 400, and serves 20", async () => {
    const paths = (n: number) => Array.from({ length: n }, () => "tournament.list").join(",");
    const input = (n: number) => encodeURIComponent(JSON.stringify(Object.fromEntries(Array.from({ length: n }, (_, i) => [i, { json: {} }]))));
    const tooMany = await send({ method: "GET", path: `/api/trpc/${paths(21)}?batch=1&input=${input(21)}` });
    expect(tooMany.status).toBe(400);
    expect(JSON.parse(tooMany.text).error.json.message).toBe("Too many calls in one request: at most 20 may be batched together.");
    const fine = await send({ method: "GET", path: `/api/trpc/${paths(20)}?batch=1&input=${input(20)}` });
    expect(fine.status).toBe(200);
    expect(JSON.parse(fine.text)).toHaveLength(20);
  });

  it("refuses next-auth POSTs over the limit, and ones without a declared length", async () => {
    expect((await send({ method: "POST", path: "/api/auth/callback/credentials", body: Buffer.alloc(LIMITS.maxBodyBytes + 1) })).status).toBe(413);
    expect((await send({ method: "POST", path: "/api/auth/callback/credentials", body: Buffer.alloc(10), chunked: true })).status).toBe(411);
  });
});

describe("security headers", () => {
  it("sends HSTS only when the site's public URL is https", () => {
    const names = (https: boolean) => securityHeaders({ dev: false, https }).map(([n]) => n);
    expect(names(true)).toContain("Strict-Transport-Security");
    expect(names(false)).not.toContain("Strict-Transport-Security");
    expect(Object.fromEntries(securityHeaders({ dev: false, https: true }))["Strict-Transport-Security"]).toBe("max-age=31536000; includeSubDomains");
  });
});

describe("test-only features", () => {
  const production = parseConfig({ NODE_ENV: "production" });
  const productionUnderTest = parseConfig({ NODE_ENV: "production", MOOT_TEST_FEATURES: "1" });

  it("refuses the 5-second clock on a production server, offers it to tests", () => {
    expect(() => usableClockPreset("test-5s+1s", production)).toThrow("Choose a time control from the list.");
    expect(usableClockPreset("test-5s+1s", productionUnderTest).initialMs).toBe(5_000);
    expect(usableClockPreset("3d+6h", production).id).toBe("3d+6h");
    expect(() => usableClockPreset("nonsense", productionUnderTest)).toThrow("Choose a time control from the list.");
  });

  it("knows the /dev pages", () => {
    expect(["/dev", "/dev/board", "/dev/tournaments?x=1"].every(isDevPage)).toBe(true);
    expect(["/devices", "/", "/players/dev"].some(isDevPage)).toBe(false);
  });
});
