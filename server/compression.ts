// Gzip for what Next serves (pages, RSC payloads of link clicks, scripts, styles),
// done here instead of by Next's built-in `compress` (switched off in next.config.js).
//
// Why: Next streams a page and calls `res.flush()` after every chunk it writes, and
// its built-in compression answers each call with zlib's default flush, Z_FULL_FLUSH,
// which also throws away the compression history. A link click on a 100,000-player
// tournament streams its RSC payload in ~270 chunks of ~2 KB, each then compressed as
// if it were alone: 167 KB on the wire for a payload that gzips to 34 KB in one piece.
// Here a flush is Z_SYNC_FLUSH (the bytes so far go out, the history stays), and the
// flushes Next asks for are coalesced: at the end of the event loop's turn
// (setImmediate), or at once when FLUSH_AT bytes have been written since the last one.
// zlib works in libuv's thread pool, so compressed bytes reach the socket in a later
// turn anyway (with Next's compression too): flushing at the end of the turn delays
// nothing, and the byte bound keeps a long synchronous burst streaming as it goes.
//
// A first version (5ba0ca4, reverted in dba303d: e2e game tests took 41.7 s instead of
// 33.9 s) flushed only at the end of the turn; bench/browser.bench.ts and
// bench/tournament-page.bench.ts now measure pages and link clicks with each.
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import { constants, createGzip, type Gzip } from "node:zlib";

/** Bodies known to be shorter than this go as they are: gzip would not pay for itself. */
const MIN_BYTES = 1024;
/** Uncompressed bytes after which a requested flush happens at once rather than at the turn's end. */
const FLUSH_AT = 32 * 1024;
/** Types worth compressing; images, fonts and archives are compressed already. */
const COMPRESSIBLE = /^\s*(?:text\/|application\/(?:json|javascript|ecmascript|xml|manifest\+json|x-component)\b|image\/svg\+xml\b|[^;]*\+json\b)/i;

/** Whether an Accept-Encoding header allows gzip (listed, or `*`, with a q-value above 0). */
export function acceptsGzip(header: string | string[] | undefined): boolean {
  const value = Array.isArray(header) ? header.join(",") : header;
  if (!value) return false;
  let star = false;
  for (const part of value.split(",")) {
    const [name = "", ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const allowed = q === undefined || Number(q.slice(2)) > 0;
    if (name.trim() === "gzip" || name.trim() === "x-gzip") return allowed;
    if (name.trim() === "*") star = allowed;
  }
  return star;
}

function addVary(res: ServerResponse): void {
  const vary = res.getHeader("vary");
  const list = (Array.isArray(vary) ? vary.join(",") : String(vary ?? ""))
    .split(",")
    .map((v) => v.trim())
    .filter(Boolean);
  if (list.includes("*") || list.some((v) => v.toLowerCase() === "accept-encoding")) return;
  res.setHeader("Vary", [...list, "Accept-Encoding"].join(", "));
}

type WriteCallback = (error?: Error | null) => void;

/**
 * Gzips this response if the client accepts it and the body is worth it. Decided
 * when the headers go out (status, type and length known), like the `compression`
 * middleware; `res.flush()` is added for Next's streaming (see above).
 */
export function compressResponse(req: IncomingMessage, res: ServerResponse): void {
  const accepted = req.method !== "HEAD" && acceptsGzip(req.headers["accept-encoding"]);
  // The response's own methods, called with whatever arguments the caller gave.
  const rawWriteHead = res.writeHead as (this: ServerResponse, ...args: unknown[]) => ServerResponse;
  const rawWrite = res.write as (this: ServerResponse, ...args: unknown[]) => boolean;
  const rawEnd = res.end as (this: ServerResponse, ...args: unknown[]) => ServerResponse;
  let gzip: Gzip | null = null;
  let decided = false;
  /** The body's length when res.end() brings all of it before the headers went out. */
  let knownLength: number | undefined;
  let flushQueued = false;
  /** Bytes given to the compressor since its last flush. */
  let unflushed = 0;
  const flushNow = () => {
    unflushed = 0;
    if (gzip && !gzip.writableEnded && !gzip.destroyed) gzip.flush(constants.Z_SYNC_FLUSH);
  };

  const decide = () => {
    decided = true;
    const status = res.statusCode;
    const type = String(res.getHeader("content-type") ?? "");
    if (status < 200 || status === 204 || status === 304 || !COMPRESSIBLE.test(type)) return;
    addVary(res);
    if (!accepted) return;
    const encoding = String(res.getHeader("content-encoding") ?? "identity").toLowerCase();
    if (encoding !== "identity") return;
    if (/(?:^|,)\s*no-transform\s*(?:,|$)/i.test(String(res.getHeader("cache-control") ?? ""))) return;
    const declared = res.getHeader("content-length");
    const length = declared !== undefined ? Number(declared) : knownLength;
    if (length !== undefined && length < MIN_BYTES) return;

    res.setHeader("Content-Encoding", "gzip");
    res.removeHeader("Content-Length");
    const stream = createGzip();
    gzip = stream;
    stream.on("data", (chunk: Buffer) => {
      // The socket is full: stop compressing until it drains.
      if (!rawWrite.call(res, chunk)) stream.pause();
    });
    stream.on("end", () => rawEnd.call(res));
    stream.on("error", (err) => res.destroy(err));
    // Writers wait for the response's "drain" (Next does): the socket's comes by
    // itself, the compressor's is passed on.
    res.on("drain", () => stream.resume());
    stream.on("drain", () => res.emit("drain"));
    // A client that went away leaves the compressor unfinished: free it.
    res.once("close", () => {
      if (!res.writableFinished) stream.destroy();
    });
  };

  // Every way headers go out passes through writeHead (write, end and flushHeaders
  // call it implicitly), so the decision is made there, with any headers it is given.
  res.writeHead = function (this: ServerResponse, statusCode: number, ...rest: unknown[]) {
    if (!decided) {
      const reason = typeof rest[0] === "string" ? rest[0] : undefined;
      const headers = (typeof rest[0] === "string" ? rest[1] : rest[0]) as OutgoingHttpHeaders | (string | string[])[] | undefined;
      this.statusCode = statusCode;
      if (Array.isArray(headers)) {
        // Raw header lists are rare (Next sets headers one by one): send them untouched, uncompressed.
        decided = true;
        return rawWriteHead.call(this, statusCode, ...rest);
      }
      for (const [name, value] of Object.entries(headers ?? {})) if (value !== undefined) this.setHeader(name, value);
      decide();
      return reason === undefined ? rawWriteHead.call(this, statusCode) : rawWriteHead.call(this, statusCode, reason);
    }
    return rawWriteHead.call(this, statusCode, ...rest);
  } as ServerResponse["writeHead"];

  const toBuffer = (chunk: unknown, encoding: unknown): Buffer =>
    Buffer.isBuffer(chunk)
      ? chunk
      : typeof chunk === "string"
        ? Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8")
        : Buffer.from(chunk as Uint8Array);

  res.write = function (this: ServerResponse, chunk: unknown, encoding?: unknown, cb?: unknown) {
    if (!this.headersSent) this.writeHead(this.statusCode);
    if (!gzip) return rawWrite.call(this, chunk, encoding, cb);
    const done = (typeof encoding === "function" ? encoding : cb) as WriteCallback | undefined;
    const bytes = toBuffer(chunk, encoding);
    unflushed += bytes.length;
    return gzip.write(bytes, done);
  } as ServerResponse["write"];

  res.end = function (this: ServerResponse, chunk?: unknown, encoding?: unknown, cb?: unknown) {
    if (typeof chunk === "function") [chunk, cb] = [undefined, chunk];
    else if (typeof encoding === "function") [encoding, cb] = [undefined, encoding];
    if (!this.headersSent) {
      knownLength = chunk === undefined || chunk === null ? 0 : toBuffer(chunk, encoding).length;
      this.writeHead(this.statusCode);
    }
    if (!gzip) return rawEnd.call(this, chunk, encoding, cb);
    if (typeof cb === "function") this.once("finish", cb as () => void);
    if (chunk !== undefined && chunk !== null) gzip.end(toBuffer(chunk, encoding));
    else gzip.end();
    return this;
  } as ServerResponse["end"];

  // Called by Next after each chunk of a streamed answer: see the header.
  Object.assign(res, {
    flush() {
      if (!gzip || unflushed === 0) return;
      if (unflushed >= FLUSH_AT) return flushNow();
      if (flushQueued) return;
      flushQueued = true;
      setImmediate(() => {
        flushQueued = false;
        if (unflushed > 0) flushNow();
      });
    },
  });
}
