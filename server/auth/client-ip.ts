// The client address for throttling. The custom server stamps every request with the
// socket's address in x-moot-client-ip (overwriting anything a client sent); behind a
// trusted proxy (TRUST_PROXY=1) the first X-Forwarded-For entry is used instead.
export const CLIENT_IP_HEADER = "x-moot-client-ip";

type HeaderBag = Headers | Record<string, string | string[] | undefined>;

function header(h: HeaderBag, name: string): string | undefined {
  if (h instanceof Headers) return h.get(name) ?? undefined;
  const v = h[name];
  return Array.isArray(v) ? v[0] : v;
}

export function clientIpFromHeaders(h: HeaderBag): string | null {
  return header(h, CLIENT_IP_HEADER) ?? null;
}
