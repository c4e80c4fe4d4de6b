// The push policy: what the default refuses, when a browser registers and at connect
// time on the address actually connected to. Traffic goes to loopback only: refused
// private addresses are refused before any connection, and names that resolve to
// private ranges come from a resolver of the test's own (no DNS server is asked).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LookupAddress, lookup as dnsLookup } from "node:dns";
import { get, type Agent } from "node:https";
import { PUSH_CA, startPushService, type PushService } from "@/test/push-service/push-service";
import { isPublicAddress, PushAgent, RefusedDestination, refusePushEndpoint } from "./push-destination";

let service: PushService;
beforeAll(async () => {
  service = await startPushService();
});
afterAll(() => service.close());

const PRIVATE = [
  "127.0.0.1",
  "127.255.255.254",
  "10.0.0.1",
  "10.255.255.255",
  "172.16.0.1",
  "172.31.255.255",
  "192.168.0.1",
  "192.168.255.255",
  "169.254.169.254",
  "100.64.0.1",
  "100.127.255.255",
  "0.0.0.0",
  "0.1.2.3",
  "255.255.255.255",
  "224.0.0.1",
  "192.0.2.1",
  "198.18.0.1",
  "::1",
  "::",
  "fc00::1",
  "fdff:ffff::1",
  "fe80::1",
  "febf::1",
  "ff02::1",
  "::ffff:127.0.0.1",
  "::ffff:10.1.2.3",
  "::ffff:7f00:1",
  "64:ff9b::a00:1",
  "2002:a00:1::1",
  "2001:db8::1",
];
const PUBLIC = ["8.8.8.8", "142.250.74.138", "17.253.144.10", "2a00:1450:4001:82b::200a", "2606:4700::1"];

/** What a request through the agent ends in: the status, or the error. */
function fetchThrough(agent: Agent, url: string): Promise<number | Error> {
  return new Promise((resolve) => {
    const req = get(url, { agent, timeout: 5_000 }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on("error", resolve);
    req.on("timeout", () => req.destroy(new Error("timeout")));
  });
}

/** A resolver answering from a table, for names in private ranges without a DNS server. */
function resolverOf(table: Record<string, string[]>): typeof dnsLookup {
  return ((hostname: string, _options: unknown, callback: (err: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void) => {
    const addresses = table[hostname];
    if (!addresses) return callback(Object.assign(new Error(`no such name ${hostname}`), { code: "ENOTFOUND" }), []);
    callback(
      null,
      addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 })),
    );
  }) as unknown as typeof dnsLookup;
}

describe("the push policy", () => {
  it("counts only public unicast addresses as public, IPv4-mapped ones as the IPv4 address they carry", () => {
    for (const a of PRIVATE) expect(isPublicAddress(a), a).toBe(false);
    for (const a of PUBLIC) expect(isPublicAddress(a), a).toBe(true);
    expect(isPublicAddress("::ffff:8.8.8.8")).toBe(true);
    expect(isPublicAddress("not an address")).toBe(false);
  });

  it("refuses at registration every literal private address, other ports and other schemes, and accepts the vendors' services", () => {
    for (const a of PRIVATE) {
      const host = a.includes(":") ? `[${a}]` : a;
      expect(refusePushEndpoint(`https://${host}/push/1`), a).toBe("Push addresses must be on the public internet.");
    }
    // Other spellings the URL parser turns into loopback.
    for (const endpoint of ["https://2130706433/", "https://0x7f.1/", "https://127.1/", "https://LOCALHOST./x", "https://a.localhost/x"]) {
      expect(refusePushEndpoint(endpoint), endpoint).toBe("Push addresses must be on the public internet.");
    }
    for (const endpoint of [
      "https://fcm.googleapis.com:8443/x",
      "https://127.0.0.1:5432/",
      "https://localhost:6379/x",
      "https://[::1]:4203/",
      `${service.origin}/push/x`,
    ]) {
      expect(refusePushEndpoint(endpoint), endpoint).toBe("Push addresses must use the standard https port (443).");
    }
    expect(refusePushEndpoint("http://fcm.googleapis.com/x")).toBe("Push addresses must use https.");
    expect(refusePushEndpoint("https://a:b@fcm.googleapis.com/x")).toMatch(/user name or password/);
    expect(refusePushEndpoint("not a url")).toMatch(/not a URL/);
    for (const endpoint of [
      "https://fcm.googleapis.com/fcm/send/abc",
      "https://fcm.googleapis.com:443/x",
      "https://updates.push.services.mozilla.com/wpush/v2/x",
      "https://web.push.apple.com/x",
      "https://8.8.8.8/x",
      "https://[2606:4700::1]/x",
    ]) {
      expect(refusePushEndpoint(endpoint), endpoint).toBeNull();
    }
    // A test's allow list names one exact host:port, nothing beside it.
    expect(refusePushEndpoint(`${service.origin}/push/x`, { allow: [service.host] })).toBeNull();
    expect(refusePushEndpoint("https://127.0.0.1/push/x", { allow: [service.host] })).not.toBeNull();
  });

  it("refuses at connect time a port other than 443 and a private literal address, before connecting", async () => {
    const agent = new PushAgent(undefined, { ca: PUSH_CA });
    const before = service.received.length + service.errors.length;
    for (const url of [`${service.origin}/push/x`, "https://127.0.0.1/x", "https://[::1]/x", "https://[::ffff:127.0.0.1]/x"]) {
      const result = await fetchThrough(agent, url);
      expect(result, url).toBeInstanceOf(RefusedDestination);
    }
    expect(service.received.length + service.errors.length).toBe(before);
    agent.destroy();
  });

  it("refuses at connect time a name that resolves to a loopback address (localhost, from the system's resolver)", async () => {
    const agent = new PushAgent(undefined, { ca: PUSH_CA });
    const result = await fetchThrough(agent, "https://localhost/push/x");
    expect(result).toBeInstanceOf(RefusedDestination);
    expect(String(result)).toMatch(/localhost: it resolves to (127\.0\.0\.1|::1), which is not a public address/);
    agent.destroy();
  });

  it("refuses at connect time names that resolve to any private range, also when only one of their addresses does", async () => {
    const names: Record<string, string[]> = Object.fromEntries(PRIVATE.map((a, i) => [`inside-${i}.example`, [a]]));
    names["mixed.example"] = ["8.8.8.8", "10.0.0.1"];
    const agent = new PushAgent(undefined, { resolve: resolverOf(names) });
    for (const name of Object.keys(names)) {
      const result = await fetchThrough(agent, `https://${name}/push/x`);
      expect(result, name).toBeInstanceOf(RefusedDestination);
    }
    agent.destroy();
  });

  it("reaches the test service its allow list names", async () => {
    const allowed = new PushAgent({ allow: [service.host] }, { ca: PUSH_CA });
    // The service answers 400 to a request that is not a push: it was reached.
    expect(await fetchThrough(allowed, `${service.origin}/push/unknown`)).toBe(400);
    allowed.destroy();
  });
});
