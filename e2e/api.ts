// Calling the tRPC API over HTTP from a test, as the browser context's signed-in user
// (APIRequestContext shares the context's cookies). superjson wraps input as {json}.
import { expect, type APIRequestContext } from "@playwright/test";

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
