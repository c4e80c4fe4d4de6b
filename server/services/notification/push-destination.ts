// Where Web Push may go: public HTTPS on port 443 only. A push endpoint is an address
// the browser hands us, so anyone can hand us one; without this a subscription could
// make the server connect inside its own network (the database's port, Redis, a cloud
// metadata address). Checked twice: when a browser registers (a sentence for the
// user), and at connect time by the HTTPS agent every push goes through, on the
// address actually connected to (a name is resolved once, by the agent's own lookup,
// and refused if any address it resolves to is not public; no rebinding window), so a
// name that resolves to a private address, or changes to one later, is refused too.
//
// The policy is a value: production uses the default (nothing allowed beyond public
// addresses on 443); tests add the exact host:port of their local push service.
import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { Agent, type AgentOptions, type RequestOptions } from "node:https";
import type { Duplex } from "node:stream";
import { isIP, type LookupFunction } from "node:net";
import ipaddr from "ipaddr.js";

export interface PushPolicy {
  /** Exact `host:port` destinations allowed although not public or not on 443: tests' local push service only. */
  allow: readonly string[];
}

const DEFAULT_PUSH_POLICY: PushPolicy = { allow: [] };

/** In-flight pushes per destination (push service origin) and process: the agent's sockets per host. */
export const PUSH_SOCKETS_PER_DESTINATION = 2;

/**
 * True for an address on the public internet: ipaddr.js names every special range
 * (loopback, private, link-local, carrier-grade NAT, unique-local, multicast,
 * reserved, 6to4, NAT64 …) and calls only the rest "unicast". IPv4-mapped IPv6
 * addresses are judged as the IPv4 address they carry.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === "unicast";
}

/** `host:port` as the URL parser normalised it (IPv6 in brackets, the default port filled in). */
const hostPort = (host: string, port: string | number) => `${host}:${port}`;

/** Why this push address is refused, as a sentence, or null when it may be used. */
export function refusePushEndpoint(endpoint: string, policy: PushPolicy = DEFAULT_PUSH_POLICY): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return "The browser's push address is not a URL.";
  }
  if (url.protocol !== "https:") return "Push addresses must use https.";
  if (url.username || url.password) return "A push address cannot carry a user name or password.";
  if (policy.allow.includes(hostPort(url.hostname, url.port || 443))) return null;
  if (url.port && url.port !== "443") return "Push addresses must use the standard https port (443).";
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (isIP(host) ? !isPublicAddress(host) : /(^|\.)localhost\.?$/i.test(host)) return "Push addresses must be on the public internet.";
  return null;
}

export class RefusedDestination extends Error {
  constructor(host: string, why: string) {
    super(`refused to connect to ${host}: ${why}`);
    this.name = "RefusedDestination";
  }
}

/**
 * A lookup that refuses a name if any address it resolves to is not public. The
 * connection then goes to the address returned here, so what was checked is what
 * is connected to. `resolve` is Node's dns.lookup (tests pass a resolver of their own
 * to name private ranges without a DNS server).
 */
function publicOnlyLookup(resolve: typeof dnsLookup = dnsLookup): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, { ...options, all: true }, (err, addresses: LookupAddress[]) => {
      if (err) return callback(err, "", 0);
      const bad = addresses.find((a) => !isPublicAddress(a.address));
      if (bad || addresses.length === 0) {
        const refused = new RefusedDestination(hostname, bad ? `it resolves to ${bad.address}, which is not a public address` : "it resolves to no address");
        return callback(refused as NodeJS.ErrnoException, "", 0);
      }
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

/**
 * The HTTPS agent every push goes through: refuses, at connect time, ports other than
 * 443 and addresses that are not public, unless `host:port` is in the policy's allow
 * list. Keeps connections alive and opens at most PUSH_SOCKETS_PER_DESTINATION per
 * push service, so an announcement to many browsers reuses a few connections.
 */
export class PushAgent extends Agent {
  readonly policy: PushPolicy;
  readonly #lookup: LookupFunction;

  constructor(policy: PushPolicy = DEFAULT_PUSH_POLICY, options: AgentOptions & { resolve?: typeof dnsLookup } = {}) {
    const { resolve, ...tls } = options;
    super({ keepAlive: true, maxSockets: PUSH_SOCKETS_PER_DESTINATION, ...tls });
    this.policy = policy;
    this.#lookup = publicOnlyLookup(resolve);
  }

  override createConnection(options: RequestOptions, callback?: (err: Error | null, stream: Duplex) => void): Duplex | null | undefined {
    const host = String(options.host ?? options.hostname ?? "").replace(/^\[|\]$/g, "");
    const port = Number(options.port ?? 443);
    const allowed = this.policy.allow.includes(hostPort(isIP(host) === 6 ? `[${host}]` : host, port));
    let refusal: string | null = null;
    if (!allowed && port !== 443) refusal = `port ${port} is not the https port 443`;
    else if (!allowed && isIP(host) && !isPublicAddress(host)) refusal = "it is not a public address";
    if (refusal) {
      // Answering through the callback makes the request fail with this error (Agent.createSocket).
      if (!callback) throw new RefusedDestination(host, refusal);
      callback(new RefusedDestination(host, refusal), undefined as unknown as Duplex);
      return undefined;
    }
    // An allowed destination is the tests' own service on loopback: connect as given.
    return super.createConnection(allowed ? options : { ...options, lookup: this.#lookup }, callback);
  }
}
