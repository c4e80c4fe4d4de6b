// What the HTTP server does to every request before any handler sees it: security
// headers (pages, API and Socket.IO alike), and refusing API requests that are too
// large or batch too many calls before a byte of their body is read.
import type { IncomingMessage, ServerResponse } from "node:http";

/**
 * Security headers. Next's App Router hydrates with inline scripts, hence
 * 'unsafe-inline' for scripts; everything else is same-origin only, and no site may
 * frame Moot. HSTS only when the site's public URL is https (sending it over plain
 * http would be ignored at best and lock out a misconfigured site at worst).
 */
export function securityHeaders(opts: { dev: boolean; https: boolean }): [string, string][] {
  const csp = [
    "default-src 'self'",
    `script-src 'self' 'unsafe-inline'${opts.dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    "connect-src 'self' ws: wss:",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join("; ");
  return [
    ["Content-Security-Policy", csp],
    ["X-Frame-Options", "DENY"],
    ["Referrer-Policy", "strict-origin-when-cross-origin"],
    ["X-Content-Type-Options", "nosniff"],
    ["Permissions-Policy", "camera=(), microphone=(), geolocation=()"],
    ...(opts.https ? ([["Strict-Transport-Security", "max-age=31536000; includeSubDomains"]] as [string, string][]) : []),
  ];
}

export interface RequestLimits {
  maxBodyBytes: number;
  maxBatchCalls: number;
}

const TRPC_PREFIX = "/api/trpc/";

function refuse(res: ServerResponse, status: number, code: string, message: string): true {
  // The tRPC error shape, so the site's own client shows the sentence.
  res.writeHead(status, { "content-type": "application/json", connection: "close" });
  res.end(JSON.stringify({ error: { json: { message, code: -32600, data: { code, httpStatus: status } } } }));
  return true;
}

/**
 * A refused body is read and thrown away before the answer goes out, up to this many
 * bytes: a server that closes the connection while the client is still sending makes
 * the client's next write fail (EPIPE or a reset), and the client never sees the
 * answer. Past this many bytes the connection is cut; nothing is kept either way.
 */
const DRAIN_AT_MOST = 16 << 20;

function refuseAfterBody(req: IncomingMessage, res: ServerResponse, status: number, code: string, message: string): true {
  const declared = Number(req.headers["content-length"] ?? 0);
  if (declared > DRAIN_AT_MOST) return refuse(res, status, code, message);
  let seen = 0;
  req.on("error", () => undefined);
  req.on("data", (chunk: Buffer) => {
    seen += chunk.length;
    if (seen > DRAIN_AT_MOST) req.destroy();
  });
  req.once("end", () => refuse(res, status, code, message));
  return true;
}

function sizeInWords(bytes: number): string {
  return bytes >= 1 << 20 && bytes % (1 << 20) === 0 ? `${bytes / (1 << 20)} MB` : bytes >= 1024 ? `${Math.floor(bytes / 1024)} KB` : `${bytes} bytes`;
}

/**
 * Answers API requests (tRPC, and next-auth's POSTs) that declare a body over the limit
 * (413) or batch more calls than allowed (400), without handing the body to anything
 * that would buffer it: a refused body is discarded as it arrives (refuseAfterBody).
 * A body sent without a declared length is cut off at the limit by tRPC's own
 * maxBodySize, and refused up front on next-auth (which would buffer it). Returns true
 * when it answered.
 */
export function refuseOversized(req: IncomingMessage, res: ServerResponse, limits: RequestLimits): boolean {
  const url = req.url ?? "/";
  const trpc = url.startsWith(TRPC_PREFIX);
  const authPost = url.startsWith("/api/auth/") && req.method === "POST";
  if (!trpc && !authPost) return false;
  const declared = req.headers["content-length"];
  if (declared !== undefined && Number(declared) > limits.maxBodyBytes) {
    return refuseAfterBody(req, res, 413, "PAYLOAD_TOO_LARGE", `The request is too large: at most ${sizeInWords(limits.maxBodyBytes)} may be sent at once.`);
  }
  if (authPost && declared === undefined && req.headers["transfer-encoding"] !== undefined) {
    return refuseAfterBody(req, res, 411, "BAD_REQUEST", "Please send the request with its length (Content-Length).");
  }
  if (trpc) {
    const { pathname, searchParams } = new URL(url, "http://moot.invalid");
    if (searchParams.get("batch") === "1") {
      const calls = pathname.slice(TRPC_PREFIX.length).split(",").length;
      if (calls > limits.maxBatchCalls) {
        return refuse(res, 400, "BAD_REQUEST", `Too many calls in one request: at most ${limits.maxBatchCalls} may be batched together.`);
      }
    }
  }
  return false;
}
