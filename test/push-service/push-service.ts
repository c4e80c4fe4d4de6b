// A stand-in for a browser vendor's push service: an HTTPS endpoint that holds the
// browser's side of each subscription (its P-256 key pair and auth secret), checks
// the VAPID signature and decrypts every request as the browser would (RFC 8291 with
// RFC 8188 aes128gcm), using node:crypto only.
import { createECDH, createDecipheriv, createPublicKey, hkdfSync, randomBytes, verify, type ECDH } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:https";
import type { AddressInfo } from "node:net";
import path from "node:path";

export const PUSH_CA = readFileSync(path.join(import.meta.dirname, "cert.pem"));

export interface ReceivedPush {
  subscription: string;
  headers: Record<string, string | string[] | undefined>;
  /** The decrypted payload. */
  body: string;
  /** The VAPID JWT's claims, after its signature was checked against `k`. */
  claims: { aud: string; exp: number; sub: string };
  vapidKey: string;
}

const b64u = (b: Buffer) => b.toString("base64url");

function hkdf(salt: Buffer, ikm: Buffer, info: Buffer, length: number): Buffer {
  return Buffer.from(hkdfSync("sha256", ikm, salt, info, length));
}

/** RFC 8291 §3.4 + RFC 8188 §2: one record, padding delimiter 0x02. */
export function decryptAes128gcm(body: Buffer, ua: ECDH, authSecret: Buffer): string {
  const salt = body.subarray(0, 16);
  const idlen = body[20]!;
  const asPublic = body.subarray(21, 21 + idlen);
  const ciphertext = body.subarray(21 + idlen);
  const ecdhSecret = ua.computeSecret(asPublic);
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), ua.getPublicKey(), asPublic]);
  const ikm = hkdf(authSecret, ecdhSecret, keyInfo, 32);
  const cek = hkdf(salt, ikm, Buffer.from("Content-Encoding: aes128gcm\0"), 16);
  const nonce = hkdf(salt, ikm, Buffer.from("Content-Encoding: nonce\0"), 12);
  const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error("the last record's padding delimiter is missing");
  return padded.subarray(0, end).toString("utf8");
}

/** Checks an ES256 VAPID JWT against the raw public key from the `k=` parameter. */
function verifyVapid(authorization: string): { claims: ReceivedPush["claims"]; key: string } {
  const m = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization);
  if (!m) throw new Error(`not a VAPID authorization: ${authorization}`);
  const [header, payload, signature] = m[1]!.split(".");
  const raw = Buffer.from(m[2]!, "base64url");
  const key = createPublicKey({ key: { kty: "EC", crv: "P-256", x: b64u(raw.subarray(1, 33)), y: b64u(raw.subarray(33, 65)) }, format: "jwk" });
  const ok = verify("sha256", Buffer.from(`${header}.${payload}`), { key, dsaEncoding: "ieee-p1363" }, Buffer.from(signature!, "base64url"));
  if (!ok) throw new Error("the VAPID signature does not verify");
  return { claims: JSON.parse(Buffer.from(payload!, "base64url").toString()), key: m[2]! };
}

export interface PushService {
  origin: string;
  /** `127.0.0.1:<port>`, for the push policy's allow list (PushPolicy.allow). */
  host: string;
  received: ReceivedPush[];
  errors: string[];
  /** A new subscription as a browser would hand it to the page. */
  subscribe(name: string): { endpoint: string; keys: { p256dh: string; auth: string } };
  /** Makes the next requests to this subscription answer with `status` (e.g. 410 Gone). */
  answer(name: string, status: number): void;
  close(): Promise<void>;
}

export async function startPushService(): Promise<PushService> {
  const subs = new Map<string, { ua: ECDH; auth: Buffer; status: number }>();
  const received: ReceivedPush[] = [];
  const errors: string[] = [];
  const server: Server = createServer({ key: readFileSync(path.join(import.meta.dirname, "key.pem")), cert: PUSH_CA }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const name = decodeURIComponent((req.url ?? "").replace(/^\/push\//, ""));
      const sub = subs.get(name);
      try {
        if (!sub) throw new Error(`unknown subscription ${name}`);
        if (req.headers["content-encoding"] !== "aes128gcm") throw new Error(`content-encoding ${req.headers["content-encoding"]}`);
        const vapid = verifyVapid(String(req.headers.authorization));
        received.push({
          subscription: name,
          headers: req.headers,
          body: decryptAes128gcm(Buffer.concat(chunks), sub.ua, sub.auth),
          claims: vapid.claims,
          vapidKey: vapid.key,
        });
        res.writeHead(sub.status).end();
      } catch (err) {
        errors.push(String(err));
        res.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    host: new URL(origin).host,
    received,
    errors,
    subscribe(name) {
      const ua = createECDH("prime256v1");
      ua.generateKeys();
      const auth = randomBytes(16);
      subs.set(name, { ua, auth, status: 201 });
      return { endpoint: `${origin}/push/${encodeURIComponent(name)}`, keys: { p256dh: b64u(ua.getPublicKey()), auth: b64u(auth) } };
    },
    answer(name, status) {
      subs.get(name)!.status = status;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
