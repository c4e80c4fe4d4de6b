// Starts and stops a real Moot server process (production build) for tests.
import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  output: () => string;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/**
 * `command`: what to run instead of the server's entry, e.g. `npm start` with everything
 * it starts (the memory bench). It runs in a process group of its own, which `stop` signals
 * whole: signalling npm alone leaves the server running.
 */
export async function startServer(opts: { port: number; env: Record<string, string>; command?: [string, ...string[]] }): Promise<ServerProcess> {
  // MOOT_CPU_PROF=DIR: the server writes a V8 CPU profile there when it stops (finding where a bench's time goes).
  const profile = process.env.MOOT_CPU_PROF ? ["--cpu-prof", `--cpu-prof-dir=${process.env.MOOT_CPU_PROF}`] : [];
  const [file, ...args] = opts.command ?? [process.execPath, ...profile, "--import", "tsx", "server/index.ts"];
  const child = spawn(file, args, {
    detached: opts.command !== undefined,
    // Tests and benchmarks sign up many players and move fast from one address; the
    // limits themselves are tested directly (server/trpc/abuse.test.ts).
    // MOOT_TEST_FEATURES: the /dev pages and the 5-second clock, hidden from real production.
    env: {
      SIGNUPS_PER_IP_PER_HOUR: "100000",
      MOVES_PER_USER_PER_MINUTE: "100000",
      MOOT_TEST_FEATURES: "1",
      ...process.env,
      ...opts.env,
      NODE_ENV: "production",
      PORT: String(opts.port),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const signal = (sig: NodeJS.Signals) => (opts.command ? process.kill(-child.pid!, sig) : child.kill(sig));
  let log = "";
  child.stdout!.on("data", (d: Buffer) => (log += d.toString()));
  child.stderr!.on("data", (d: Buffer) => (log += d.toString()));
  const url = `http://localhost:${opts.port}`;
  // Generous: on a loaded machine a start (migrations, Next preparing) can take over a minute.
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited during start:\n${log}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      signal("SIGKILL");
      throw new Error(`The server did not become healthy within 180 s:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    child,
    output: () => log,
    async stop(sig = "SIGTERM") {
      if (!opts.command) {
        if (child.exitCode !== null || child.signalCode !== null) return;
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill(sig);
        await exited;
        return;
      }
      // The group is gone once its last process is (npm may exit before the server has).
      const alive = () => {
        try {
          process.kill(-child.pid!, 0);
          return true;
        } catch {
          return false;
        }
      };
      if (alive()) signal(sig);
      while (alive()) await new Promise((r) => setTimeout(r, 100));
    },
  };
}

/** A TCP port nobody listens on right now (the OS picks it). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on("error", reject);
  });
}
