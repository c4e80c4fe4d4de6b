// A signed-in HTTP client for tests and benchmarks that talk to a running server:
// signs up / in through the real endpoints and calls tRPC with the session cookie.
export class HttpSession {
  cookie = "";
  constructor(readonly baseUrl: string) {}

  private absorb(res: Response): void {
    for (const c of res.headers.getSetCookie()) {
      const pair = c.split(";")[0]!;
      const name = pair.split("=")[0]!;
      const rest = this.cookie.split("; ").filter((p) => p && !p.startsWith(`${name}=`));
      this.cookie = [...rest, pair].join("; ");
    }
  }

  async signUp(username: string, password: string): Promise<void> {
    await this.mutation("account.signUp", { username, password });
    await this.signIn(username, password);
  }

  private async csrfToken(): Promise<string> {
    const res = await fetch(`${this.baseUrl}/api/auth/csrf`, { headers: { cookie: this.cookie } });
    this.absorb(res);
    return ((await res.json()) as { csrfToken: string }).csrfToken;
  }

  async signIn(username: string, password: string): Promise<void> {
    const csrfToken = await this.csrfToken();
    const res = await fetch(`${this.baseUrl}/api/auth/callback/credentials`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: this.cookie },
      body: new URLSearchParams({ csrfToken, username, password, json: "true" }),
    });
    this.absorb(res);
    if (!this.cookie.includes("session-token")) throw new Error(`sign-in as ${username} failed (${res.status})`);
  }

  /** Signs out through next-auth's endpoint, as the browser's "Sign out" does. */
  async signOut(): Promise<void> {
    const csrfToken = await this.csrfToken();
    const res = await fetch(`${this.baseUrl}/api/auth/signout`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: this.cookie },
      body: new URLSearchParams({ csrfToken, json: "true" }),
    });
    this.absorb(res);
    if (res.status >= 400) throw new Error(`sign-out failed (${res.status})`);
  }

  async mutation<T = unknown>(path: string, input: unknown): Promise<T> {
    const res = await fetch(`${this.baseUrl}/api/trpc/${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie: this.cookie },
      body: JSON.stringify({ json: input }),
    });
    return this.unwrap<T>(path, res);
  }

  async query<T = unknown>(path: string, input?: unknown): Promise<T> {
    const q = input === undefined ? "" : `?input=${encodeURIComponent(JSON.stringify({ json: input }))}`;
    const res = await fetch(`${this.baseUrl}/api/trpc/${path}${q}`, { headers: { cookie: this.cookie } });
    return this.unwrap<T>(path, res);
  }

  private async unwrap<T>(path: string, res: Response): Promise<T> {
    const body = (await res.json()) as { result?: { data: { json: T } }; error?: { json: { message: string; data: { code: string } } } };
    if (!res.ok || !body.result) {
      throw Object.assign(new Error(`${path}: ${body.error?.json.message ?? res.status}`), { code: body.error?.json.data.code, status: res.status });
    }
    return body.result.data.json;
  }
}
