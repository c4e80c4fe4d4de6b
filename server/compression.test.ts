// The custom server's gzip (server/compression.ts) over a real HTTP server and client:
// what is compressed and what is not, that a streamed answer's flushes reach the
// client before the answer ends, and that many flushed chunks still compress
// together (the history kept across flushes).
import { createServer, request, type IncomingHttpHeaders, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { createGunzip, gunzipSync, gzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { acceptsGzip, compressResponse } from "./compression";

let server: Server | null = null;
afterEach(() => {
  server?.close();
  server = null;
});

async function serve(handler: (res: ServerResponse, url: string) => void | Promise<void>): Promise<string> {
  server = createServer((req, res) => {
    compressResponse(req, res);
    void handler(res, req.url ?? "/");
  });
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  /** The bytes on the wire. */
  wire: Buffer;
  /** The body, decompressed when it came gzipped. */
  body: string;
}

function get(url: string, headers: Record<string, string> = { "accept-encoding": "gzip" }, method = "GET"): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        const wire = Buffer.concat(chunks);
        const body = res.headers["content-encoding"] === "gzip" ? gunzipSync(wire).toString() : wire.toString();
        resolve({ status: res.statusCode ?? 0, headers: res.headers, wire, body });
      });
    });
    req.on("error", reject);
    req.end();
  });
}

const SYNC_MARK = Buffer.from([0, 0, 0xff, 0xff]);

/** A body like an RSC payload: rows that repeat most of their text. */
const row = (i: number) =>
  `${i.toString(16)}:["$","tr",null,{"data-testid":"cross-row","data-player":"player-${i % 97}","children":["$","td",null,{"className":"px-2 text-right"}]}]\n`;

describe("acceptsGzip", () => {
  it("reads Accept-Encoding lists, q-values and the wildcard", () => {
    expect(acceptsGzip("gzip, deflate, br")).toBe(true);
    expect(acceptsGzip("br;q=1.0, gzip;q=0.5")).toBe(true);
    expect(acceptsGzip("gzip;q=0")).toBe(false);
    expect(acceptsGzip("br")).toBe(false);
    expect(acceptsGzip("*")).toBe(true);
    expect(acceptsGzip("*;q=0, br")).toBe(false);
    expect(acceptsGzip("identity")).toBe(false);
    expect(acceptsGzip(undefined)).toBe(false);
    expect(acceptsGzip("")).toBe(false);
  });
});

describe("compressResponse", () => {
  it("gzips a text body that asks for it, with Vary, and leaves the rest alone", async () => {
    const text = Array.from({ length: 200 }, (_, i) => row(i)).join("");
    const base = await serve((res, url) => {
      if (url === "/small") {
        res.setHeader("content-type", "text/html");
        res.end("<p>hi</p>");
      } else if (url === "/png") {
        res.setHeader("content-type", "image/png");
        res.end(Buffer.alloc(5000, 7));
      } else if (url === "/no-transform") {
        res.writeHead(200, { "content-type": "text/plain", "cache-control": "public, no-transform" });
        res.end(text);
      } else if (url === "/not-modified") {
        res.writeHead(304, { "content-type": "text/html" });
        res.end();
      } else {
        res.writeHead(200, { "content-type": "text/x-component", "content-length": String(Buffer.byteLength(text)), vary: "RSC" });
        res.end(text);
      }
    });
    const big = await get(`${base}/`);
    expect(big.headers["content-encoding"]).toBe("gzip");
    expect(big.headers["content-length"]).toBeUndefined();
    expect(big.headers.vary).toBe("RSC, Accept-Encoding");
    expect(big.body).toBe(text);
    expect(big.wire.length).toBeLessThan(text.length / 4);

    const plain = await get(`${base}/`, {});
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers.vary).toBe("RSC, Accept-Encoding");
    expect(plain.body).toBe(text);
    expect((await get(`${base}/`, { "accept-encoding": "gzip;q=0, br" })).headers["content-encoding"]).toBeUndefined();
    const head = await get(`${base}/`, { "accept-encoding": "gzip" }, "HEAD");
    expect(head.headers["content-encoding"]).toBeUndefined();
    expect(head.wire.length).toBe(0);

    for (const path of ["/small", "/png", "/no-transform"]) {
      const answer = await get(`${base}${path}`);
      expect(answer.headers["content-encoding"], path).toBeUndefined();
      expect(answer.status, path).toBe(200);
    }
    expect((await get(`${base}/no-transform`)).body).toBe(text);
    expect((await get(`${base}/not-modified`)).status).toBe(304);
  });

  it("sends what was flushed before the answer ends (the client's reply lets the server go on)", async () => {
    let release: () => void = () => {};
    const second = new Promise<void>((resolve) => (release = resolve));
    const base = await serve(async (res) => {
      res.setHeader("content-type", "text/html; charset=utf-8");
      res.flushHeaders();
      res.write(`<p>first</p>${"x".repeat(2000)}`);
      (res as ServerResponse & { flush(): void }).flush();
      await second; // only once the client has read the first part
      res.end("<p>second</p>");
    });
    const text = await new Promise<string>((resolve, reject) => {
      request(`${base}/`, { headers: { "accept-encoding": "gzip" } }, (res) => {
        expect(res.headers["content-encoding"]).toBe("gzip");
        let out = "";
        const gunzip = createGunzip();
        res.pipe(gunzip);
        gunzip.on("data", (c: Buffer) => {
          out += c.toString();
          if (out.includes("<p>first</p>")) release();
        });
        gunzip.on("end", () => resolve(out));
        gunzip.on("error", reject);
      })
        .on("error", reject)
        .end();
    });
    expect(text).toBe(`<p>first</p>${"x".repeat(2000)}<p>second</p>`);
  });

  it("compresses a stream of many flushed chunks about as well as the whole body at once", async () => {
    const chunks = Array.from({ length: 300 }, (_, c) => Array.from({ length: 20 }, (_, i) => row(c * 20 + i)).join(""));
    const base = await serve(async (res) => {
      res.setHeader("content-type", "text/x-component");
      for (const chunk of chunks) {
        res.write(chunk);
        (res as ServerResponse & { flush(): void }).flush();
        // Each chunk in a turn of its own, as a renderer waiting on data writes them.
        await new Promise((resolve) => setImmediate(resolve));
        await new Promise((resolve) => setImmediate(resolve));
      }
      res.end();
    });
    const answer = await get(`${base}/`);
    const whole = chunks.join("");
    expect(answer.body).toBe(whole);
    // A flush that reset the history (Z_FULL_FLUSH) would make this about 5x the whole;
    // 300 flushes, each ending a block, cost about a fifth.
    expect(answer.wire.length).toBeLessThan(gzipSync(whole).length * 1.5);
  });

  it("flushes a long synchronous burst every FLUSH_AT bytes, not only when the turn ends", async () => {
    const chunks = Array.from({ length: 100 }, (_, c) => Array.from({ length: 20 }, (_, i) => row(c * 20 + i)).join(""));
    const base = await serve((res) => {
      res.setHeader("content-type", "text/x-component");
      // All in one turn, a flush asked for after each chunk, as Next does.
      for (const chunk of chunks) {
        res.write(chunk);
        (res as ServerResponse & { flush(): void }).flush();
      }
      res.end();
    });
    const answer = await get(`${base}/`);
    const whole = chunks.join("");
    expect(answer.body).toBe(whole);
    // Each Z_SYNC_FLUSH ends with an empty stored block, 00 00 ff ff.
    let syncFlushes = 0;
    for (let i = answer.wire.indexOf(SYNC_MARK); i >= 0; i = answer.wire.indexOf(SYNC_MARK, i + 1)) syncFlushes++;
    expect(whole.length).toBeGreaterThan(4 * 32 * 1024);
    expect(syncFlushes).toBeGreaterThanOrEqual(Math.floor(whole.length / (32 * 1024)) - 1);
    expect(answer.wire.length).toBeLessThan(gzipSync(whole).length * 1.2);
  });
});
