// A production server as an operator runs it (no test features): the /dev pages and
// the 5-second test clock do not exist, and a second server started on a port that is
// already taken stops with a sentence instead of running without listening.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "./test";
import { HttpSession } from "../test/http-session";
import { freePort, startServer } from "./server-process";

test("test-only features are unreachable in production, and a taken port stops the server", async () => {
  test.setTimeout(240_000);
  const dirs = [mkdtempSync(path.join(tmpdir(), "moot-prod-")), mkdtempSync(path.join(tmpdir(), "moot-prod-"))];
  // A port the OS says is free: a fixed range once hit a NATS server listening on 4222.
  const port = await freePort();
  const server = await startServer({ port, env: { DATABASE_URL: "", DATA_DIR: dirs[0]!, SEED_DEMO: "0", MOOT_TEST_FEATURES: "0" } });
  try {
    for (const page of ["/dev/board", "/dev/tournaments"]) {
      const res = await fetch(`${server.url}${page}`);
      expect(res.status, page).toBe(404);
    }
    expect(await (await fetch(`${server.url}/play`)).text()).not.toContain("(tests)");
    const me = new HttpSession(server.url);
    await me.signUp("prod_player", "production password");
    await expect(me.mutation("challenge.create", { gameType: "hnefatafl", timeControl: "test-5s+1s", side: "side1" })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: "challenge.create: Choose a time control from the list.",
    });

    // The same port again: the second process must exit 1 and say why.
    const second = spawn(process.execPath, ["--import", "tsx", "server/index.ts"], {
      env: { ...process.env, DATABASE_URL: "", DATA_DIR: dirs[1]!, SEED_DEMO: "0", NODE_ENV: "production", PORT: String(port) },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    second.stdout!.on("data", (d: Buffer) => (output += d.toString()));
    second.stderr!.on("data", (d: Buffer) => (output += d.toString()));
    const code = await new Promise<number | null>((resolve) => second.once("exit", resolve));
    expect(code).toBe(1);
    expect(output).toContain(`Port ${port} on 0.0.0.0 is already in use: stop the other process or set PORT to a free port.`);
    // The first server is unaffected.
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
  } finally {
    await server.stop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
});
