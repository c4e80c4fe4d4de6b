// Calling the tRPC API over HTTP from a test, as the browser context's signed-in user
// (APIRequestContext shares the context's cookies). superjson wraps input as {json}.
import { expect, type APIRequestContext } from "@playwright/test";
import { HttpSession } from "../test/http-session";
import { freshUsername } from "./helpers";

export async function trpcMutation<T = unknown>(request: APIRequestContext, path: string, input: unknown): Promise<T> {
  const res = await request.post(`/api/trpc/${path}`, { data: { json: input } });
  const body = await res.json();
  expect(res.ok(), `${path}: ${JSON.stringify(body?.error?.json?.message ?? body)}`).toBe(true);
  return body.result.data.json as T;
}

export async function trpcQuery<T = unknown>(request: APIRequestContext, path: string, input: unknown): Promise<T> {
  const res = await request.get(`/api/trpc/${path}?input=${encodeURIComponent(JSON.stringify({ json: input }))}`);
  const body = await res.json();
  expect(res.ok(), `${path}: ${JSON.stringify(body?.error?.json?.message ?? body)}`).toBe(true);
  return body.result.data.json as T;
}

/**
 * A tournament set up through the API and started: an organizer creates it from
 * `input` (its name made unique; an unrated 3d+6h tournament unless `input` says
 * otherwise), `players` players sign up and join, each with their own session (by
 * username), and the organizer starts it.
 */
export async function startedOverApi(baseURL: string, input: Record<string, unknown> & { name: string }, players: number) {
  const organizer = new HttpSession(baseURL);
  await organizer.signUp(freshUsername("O"), "organizer password");
  const { id } = await organizer.mutation<{ id: string }>("tournament.create", {
    timeControl: "3d+6h",
    rated: false,
    ...input,
    name: `${input.name} ${freshUsername("")}`,
  });
  const sessions = new Map<string, HttpSession>();
  for (let i = 0; i < players; i++) {
    const p = new HttpSession(baseURL);
    const username = freshUsername(`P${i}`);
    await p.signUp(username, "player password");
    await p.mutation("tournament.join", { tournamentId: id });
    sessions.set(username, p);
  }
  await organizer.mutation("tournament.start", { tournamentId: id });
  return { organizer, id, sessions };
}
