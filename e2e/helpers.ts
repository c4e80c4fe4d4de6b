// Shared steps for the e2e specs, done through the UI as a person would.
import { expect, type Browser, type Page } from "@playwright/test";
import type { TournamentState } from "../engine/formats";
import { trpcMutation } from "./api";

let n = 0;
export function freshUsername(prefix = "e2e"): string {
  n += 1;
  return `${prefix}${Date.now().toString(36).slice(-5)}${process.pid % 1000}${n}`.slice(0, 24);
}

// Signing up or in hashes or checks a password with argon2id, slow by design; on a
// loaded 2-core machine (two workers, two browsers, the server) it took over 10 s.
const SIGN_IN_TIMEOUT = 30_000;

export async function signUp(page: Page, username: string, password: string): Promise<void> {
  await page.goto("/signup");
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("Repeat password").fill(password);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByTestId("user-menu")).toHaveText(new RegExp(username, "i"), { timeout: SIGN_IN_TIMEOUT });
}

/**
 * Signs up and in through the same endpoints the form uses, from the page's own request
 * context (it shares the browser context's cookies), without loading a page: for tests
 * about something else. The form itself is covered by accounts.spec.ts. Leaves the page
 * where it was; the next `goto` shows the account signed in.
 */
export async function signUpByApi(page: Page, username: string, password: string): Promise<void> {
  await trpcMutation(page.request, "account.signUp", { username, password });
  const { csrfToken } = (await (await page.request.get("/api/auth/csrf")).json()) as { csrfToken: string };
  const res = await page.request.post("/api/auth/callback/credentials", { form: { csrfToken, username, password, json: "true" }, maxRedirects: 0 });
  expect(res.status(), `sign-in as ${username}`).toBeLessThan(400);
  const cookies = await page.context().cookies();
  expect(
    cookies.some((c) => c.name.includes("session-token")),
    `a session cookie for ${username}`,
  ).toBe(true);
}

export async function signIn(page: Page, username: string, password: string): Promise<void> {
  await page.goto("/signin");
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByTestId("user-menu")).toHaveText(new RegExp(username, "i"), { timeout: SIGN_IN_TIMEOUT });
}

export async function signOut(page: Page): Promise<void> {
  await page.getByTestId("user-menu").click();
  await page.getByRole("menuitem", { name: "Sign out" }).click();
  await expect(page.getByRole("link", { name: "Sign in" })).toBeVisible();
}

/** Who a session cookie stands for on a server: through tRPC, a server-rendered page and next-auth's own session endpoint. */
export async function whoIs(baseURL: string, cookie: string) {
  const me = await fetch(`${baseURL}/api/trpc/account.me`, { headers: { cookie } });
  const settings = await fetch(`${baseURL}/settings`, { headers: { cookie }, redirect: "manual" });
  const session = await fetch(`${baseURL}/api/auth/session`, { headers: { cookie } });
  return {
    trpc: ((await me.json()) as { result?: { data: { json: { username: string } | null } } }).result?.data.json?.username ?? null,
    settings: settings.status === 200 && /Signed in as/.test(await settings.text()) ? "signed in" : `not signed in (${settings.status})`,
    session: ((await session.json()) as { user?: { name: string } }).user?.name ?? null,
  };
}

/** A tournament as `tournament.get` answers it, the parts the specs read. */
export interface TournamentData {
  status: string;
  state: TournamentState | null;
  gameLinks: Record<string, string>;
  champions: string[];
  players: { id: string; username: string }[];
}

/**
 * A fresh organizer, in a browser context of their own, creates a tournament on the
 * form: the name is filled in, `choose` picks the game, format and settings, and the
 * tournament's page is open when this returns.
 */
export async function createOnForm(browser: Browser, namePrefix: string, choose: (form: Page) => Promise<void>) {
  const organizerPage = await (await browser.newContext()).newPage();
  await signUpByApi(organizerPage, freshUsername("Org"), "organizer password");
  await organizerPage.goto("/tournaments/new");
  const name = `${namePrefix} ${freshUsername("")}`;
  await organizerPage.getByLabel("Name", { exact: true }).fill(name);
  await choose(organizerPage);
  await organizerPage.getByRole("button", { name: "Create tournament" }).click();
  await expect(organizerPage.getByRole("heading", { name })).toBeVisible();
  const tournamentUrl = organizerPage.url();
  return { organizerPage, tournamentUrl, tournamentId: tournamentUrl.split("/").at(-1)! };
}
