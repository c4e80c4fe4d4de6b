// Hostile addresses for every page route: odd path segments (bad percent-encoding,
// NUL, traversal, huge, unicode, markup) and odd query values. Every answer must be a
// page or a clear refusal, never a server error (status ≥ 500).
import { expect, test } from "./test";
import fc from "fast-check";

const SEGMENTS = [
  "%ZZ",
  "%",
  "%00",
  "%E0%A4%A",
  "..%2F..%2Fetc%2Fpasswd",
  "%2e%2e",
  "a%2Fb",
  "x".repeat(3000),
  "%F0%9D%95%84%F0%9F%8F%86",
  "%3Cscript%3Ealert(1)%3C%2Fscript%3E",
  "'%20OR%201%3D1",
  "00000000-0000-0000-0000-000000000000",
  "-1",
  "NaN",
  "%E2%80%AE",
];
const QUERY_VALUES = ["%ZZ", "%00", "-1", "0", "1e309", "99999999999999999999", "%E2%80%AE", "x".repeat(3000), "%2F%2Fevil.example", "[]", "true"];
const QUERY_NAMES = ["page", "q", "tab", "game", "sort", "direction", "callbackUrl", "kind", "status"];
const ROUTES = [
  "/",
  "/play",
  "/players",
  "/players/:s",
  "/games/:s",
  "/tournaments",
  "/tournaments/:s",
  "/tournaments/:s/edit",
  "/tournaments/:s/export/:s",
  "/tournaments/new",
  "/my-turn",
  "/inbox",
  "/settings",
  "/signin",
  "/signup",
  "/dice/verify",
  "/rules",
  "/rules/:s",
  "/formats",
  "/formats/:s",
  "/about",
  "/api/calendar/:s",
  "/api/calendar/tournament/:s",
  "/api/unsubscribe",
  "/:s",
];

test("no page route answers a hostile address with a server error", async ({ request }) => {
  test.setTimeout(300_000);
  const cases = fc.sample(
    fc.record({
      route: fc.constantFrom(...ROUTES),
      segment: fc.constantFrom(...SEGMENTS),
      query: fc.array(fc.tuple(fc.constantFrom(...QUERY_NAMES), fc.constantFrom(...QUERY_VALUES)), { maxLength: 3 }),
    }),
    { numRuns: 250, seed: 20261123 },
  );
  const failures: string[] = [];
  for (const c of cases) {
    const path = c.route.replaceAll(":s", c.segment);
    const query = c.query.map(([k, v]) => `${k}=${v}`).join("&");
    const url = query ? `${path}?${query}` : path;
    const res = await request.get(url, { maxRedirects: 0 });
    if (res.status() >= 500) failures.push(`${res.status()} ${url.slice(0, 200)}`);
  }
  expect(failures).toEqual([]);
});
