// What a browser sees of the site's defences: security headers, user text rendered as
// text, and session cookies that scripts cannot read.
import { expect, test } from "./test";
import { trpcMutation } from "./api";
import { HttpSession } from "../test/http-session";
import { freshUsername, signUp, signUpByApi, whoIs } from "./helpers";

test("security headers on pages and the API", async ({ request }) => {
  for (const path of ["/", "/api/trpc/tournament.list?input=%7B%22json%22%3A%7B%7D%7D"]) {
    const res = await request.get(path);
    const h = res.headers();
    expect(h["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(h["content-security-policy"]).toContain("default-src 'self'");
    expect(h["x-frame-options"]).toBe("DENY");
    expect(h["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(h["x-content-type-options"]).toBe("nosniff");
  }
});

test("user text is shown as text, never run", async ({ page }) => {
  await signUpByApi(page, freshUsername("Xss"), "xss password");
  const hostile = `<img src=x onerror="window.__pwned=1">`;
  const t = await trpcMutation<{ id: string }>(page.request, "tournament.create", {
    name: `Cup ${hostile}`.slice(0, 80),
    description: `<script>window.__pwned=1</script> **bold**`,
    format: "league",
    gameType: "chess-elsewhere",
    timeControl: "3d+6h",
    minPlayers: 4,
    maxPlayers: 8,
  });
  await page.goto(`/tournaments/${t.id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Cup ${hostile}`);
  await expect(page.getByText("<script>window.__pwned=1</script>", { exact: false })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
});

test("the session cookie is http-only", async ({ page }) => {
  await signUp(page, freshUsername("Ck"), "cookie password");
  const session = (await page.context().cookies()).find((c) => c.name.includes("session-token"));
  expect(session?.httpOnly).toBe(true);
  expect(session?.sameSite).toBe("Lax");
  expect(await page.evaluate(() => document.cookie)).not.toContain("session-token");
});

test("addresses that are not valid percent-encoding are not-found pages, not errors", async ({ request }) => {
  for (const path of ["/games/%ZZ", "/tournaments/%ZZ", "/players/%ZZ", "/players/%25ZZ", "/%E0%A4%A", "/tournaments/%"]) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(404);
    expect(await res.text(), path).toContain("There is nothing at this address.");
  }
});

test("search boxes drop characters the API refuses instead of failing", async ({ page }) => {
  for (const path of ["/players?q=a%00b", "/tournaments?q=%00%E2%80%AE"]) {
    const res = await page.goto(path);
    expect(res?.status(), path).toBe(200);
  }
});

test("after sign-in, every callback address stays on this site, as Chromium parses it", async ({ page, baseURL }) => {
  await signUp(page, freshUsername("Cb"), "callback password");
  const origin = new URL(baseURL!).origin;
  for (const cb of [
    "%2F%09%2Fevil.example",
    "%2F%0A%2Fevil.example",
    "%2F%0D%0A%2Fevil.example",
    "%2F%5Cevil.example",
    "%5C%2Fevil.example",
    "%2F%09%5Cevil.example",
    "%2F%2Fevil.example",
    "https%3A%2F%2Fevil.example",
  ]) {
    await page.goto(`/signin?callbackUrl=${cb}`);
    await page.waitForURL((url) => url.pathname !== "/signin");
    expect(new URL(page.url()).origin, cb).toBe(origin);
    expect(new URL(page.url()).pathname, cb).toBe("/");
  }
  await page.goto("/signin?callbackUrl=%2Fsettings");
  await expect(page).toHaveURL(`${origin}/settings`);
});

test("Socket.IO's polling responses carry the security headers too", async ({ request }) => {
  const res = await request.get("/socket.io/?EIO=4&transport=polling");
  expect(res.status()).toBe(200);
  const h = res.headers();
  expect(h["content-security-policy"]).toContain("frame-ancestors 'none'");
  expect(h["x-frame-options"]).toBe("DENY");
  expect(h["x-content-type-options"]).toBe("nosniff");
  // An engine.io error answer too.
  const bad = await request.get("/socket.io/?EIO=4&transport=bogus");
  expect(bad.status()).toBe(400);
  expect(bad.headers()["x-frame-options"]).toBe("DENY");
});

test("the API refuses oversized bodies (413) and long batches (400) on the real server", async ({ request }) => {
  const big = await request.post("/api/trpc/account.signUp", { data: "x".repeat(2 * 1024 * 1024), headers: { "content-type": "application/json" } });
  expect(big.status()).toBe(413);
  const calls = Array.from({ length: 21 }, () => "tournament.list").join(",");
  const input = encodeURIComponent(JSON.stringify(Object.fromEntries(Array.from({ length: 21 }, (_, i) => [i, { json: {} }]))));
  const long = await request.get(`/api/trpc/${calls}?batch=1&input=${input}`);
  expect(long.status()).toBe(400);
  expect(await long.text()).toContain("at most 20 may be batched together");
});

test("the health check reports the database", async ({ request }) => {
  const res = await request.get("/api/health");
  expect(res.status()).toBe(200);
  expect(await res.json()).toMatchObject({ ok: true });
});

/** Who a session cookie stands for on each endpoint that reads one, over real HTTP. */
test("a copied session cookie stops working after sign-out, 'sign out everywhere' and a password change", async ({ baseURL }) => {
  const name = freshUsername("Sess");
  const password = "session password";
  const signedIn = async () => {
    const s = new HttpSession(baseURL!);
    await s.signIn(name, password);
    return s;
  };
  const live = { trpc: name, settings: "signed in", session: name };
  const dead = { trpc: null, settings: expect.stringMatching(/^not signed in/), session: null };

  const first = new HttpSession(baseURL!);
  await first.signUp(name, password);
  const second = await signedIn();
  const copied = first.cookie;
  expect(await whoIs(baseURL!, copied)).toEqual(live);
  // Sign-out ends that session, wherever its cookie was copied to, and no other.
  await first.signOut();
  expect(await whoIs(baseURL!, copied)).toEqual(dead);
  expect(await whoIs(baseURL!, second.cookie)).toEqual(live);

  // "Sign out everywhere" ends every session, the caller's too.
  const third = await signedIn();
  await second.mutation("account.signOutEverywhere", undefined);
  expect(await whoIs(baseURL!, second.cookie)).toEqual(dead);
  expect(await whoIs(baseURL!, third.cookie)).toEqual(dead);

  // A password change ends every session signed in with the old password.
  const [fourth, fifth] = [await signedIn(), await signedIn()];
  await fourth.mutation("account.changePassword", { currentPassword: password, newPassword: "a new session password" });
  expect(await whoIs(baseURL!, fifth.cookie)).toEqual(dead);
  expect(await whoIs(baseURL!, fourth.cookie)).toEqual(dead);
});

test("Settings: the button signs out everywhere, and a saved address shows it awaits confirmation", async ({ page, baseURL }) => {
  const name = freshUsername("Evr");
  await signUpByApi(page, name, "everywhere password");
  const other = new HttpSession(baseURL!);
  await other.signIn(name, "everywhere password");
  await page.goto("/settings");
  await page.getByLabel("E-mail address").fill(`${name}@example.org`);
  await page.getByRole("button", { name: "Save notification settings" }).click();
  await expect(page.getByTestId("email-state")).toContainText("Not confirmed yet");
  await page.getByRole("button", { name: "Sign out everywhere" }).click();
  await expect(page).toHaveURL(/\/signin/);
  expect((await whoIs(baseURL!, other.cookie)).trpc).toBeNull();
});
