// `npm start`: builds the site if needed, then runs the server in production mode. One
// command on a fresh clone. The server runs in a child process started with the memory
// settings of scripts/server-launch.ts, which Node and the C library read only when a
// process starts; this one only waits for it and passes signals on.
import { spawn } from "node:child_process";
import { constants } from "node:os";
import { ensureBuild } from "./ensure-build";
import { serverLaunch } from "./server-launch";

ensureBuild();
const { args, env } = serverLaunch(process.env);
const server = spawn(process.execPath, args, { stdio: "inherit", env });
// Ctrl-C reaches both processes (one process group); a signal sent to this one alone
// (kill PID, a service manager) must reach the server too. It shuts down once.
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? 128 + (signal ? constants.signals[signal] : 1)));
