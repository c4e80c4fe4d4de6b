// How `npm start` starts the server process (scripts/start.ts): settings that keep the
// default install (embedded PGlite, demo data) small and that must be given before Node
// starts. Measured with `npm run bench -- memory` (README, Performance), which starts the
// server through `npm start`; each took tens of MB off the server's resident memory there.
//
// - MALLOC_ARENA_MAX=2: glibc's malloc gives each thread that allocates (Node's libuv
//   pool, V8's compiler and garbage-collector helpers) an arena of its own, up to eight
//   per core, and each keeps the memory freed in it. The environment's value wins.
// - --liftoff-only: PGlite's WebAssembly stays in V8's baseline compiler's code, which
//   V8 would otherwise compile again, optimized, for the functions it runs most (the
//   page loads measured took no longer).
// - --optimize-for-size, --max-semi-space-size=2 (MB): V8 grows its heaps less eagerly
//   and keeps a young generation of 2 MB halves instead of 16, trading some garbage
//   collection time for memory.
// The Node flags trade speed for memory (a young generation an eighth the size means
// more collections; unoptimized WebAssembly, slower queries in PGlite), so they are for
// the embedded database only: with DATABASE_URL the server is a deployment on
// PostgreSQL, whose speed issue 26 measures, and keeps V8's defaults.
// MOOT_NODE_FLAGS, when set (even empty), replaces these flags in either case.
const NODE_FLAGS = ["--liftoff-only", "--optimize-for-size", "--max-semi-space-size=2"];

export interface ServerLaunch {
  /** Node's arguments: flags, then the server's entry. */
  args: string[];
  env: NodeJS.ProcessEnv;
}

export function serverLaunch(parentEnv: NodeJS.ProcessEnv): ServerLaunch {
  const own = parentEnv.MOOT_NODE_FLAGS;
  const embedded = !parentEnv.DATABASE_URL;
  const flags = own === undefined ? (embedded ? NODE_FLAGS : []) : own.split(/\s+/).filter(Boolean);
  return {
    args: [...flags, "--import", "tsx", "server/index.ts"],
    env: { MALLOC_ARENA_MAX: "2", ...parentEnv, NODE_ENV: "production" },
  };
}
