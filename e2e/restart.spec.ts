// Durability: every acknowledged move survives the server process being killed
// (SIGKILL, no chance to flush anything) and restarted on the same database; the
// clock charges the real time that passed while it was down.
import { expect, test } from "@playwright/test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { legalMoves, newGame, tryMove, type GameState } from "../engine/hnefatafl";
import { createFreshDatabase, type FreshDatabase } from "../test/fresh-database";
import { HttpSession } from "../test/http-session";
import { startServer, type ServerProcess } from "./server-process";

test("acknowledged moves survive kill -9 of the server", async () => {
  test.setTimeout(180_000);
  const fresh: FreshDatabase | null = process.env.DATABASE_URL ? await createFreshDatabase(process.env.DATABASE_URL, "moot_restart") : null;
  const dataDir = mkdtempSync(path.join(tmpdir(), "moot-restart-"));
  const port = 3400 + Math.floor(Math.random() * 500);
  const env = { DATABASE_URL: fresh?.url ?? "", DATA_DIR: dataDir, SEED_DEMO: "0" };
  let server: ServerProcess = await startServer({ port, env });
  try {
    const a = new HttpSession(server.url);
    const d = new HttpSession(server.url);
    await a.signUp("restart_att", "attacker password");
    await d.signUp("restart_def", "defender password");
    const ch = await a.mutation<{ id: string }>("challenge.create", { gameType: "hnefatafl", timeControl: "1d+2h", side: "side1" });
    const { gameId } = await d.mutation<{ gameId: string }>("challenge.accept", { challengeId: ch.id });

    // A deterministic stream of legal moves, acknowledged one by one; the server is
    // killed without warning every few moves and restarted.
    let state: GameState = newGame();
    const acknowledged: string[] = [];
    for (let round = 0; round < 4; round++) {
      for (let i = 0; i < 5; i++) {
        const candidates = legalMoves(state);
        const move = candidates[(acknowledged.length * 7) % candidates.length]!;
        const next = tryMove(state, move);
        if (!next.ok || next.status.over) break;
        const who = state.toMove === "attackers" ? a : d;
        const view = await who.mutation<{ moves: { notation: string }[] }>("game.move", { gameId, ply: state.ply, move: `${move.from}-${move.to}` });
        acknowledged.push(view.moves.at(-1)!.notation);
        state = next.state;
      }
      await server.stop("SIGKILL");
      server = await startServer({ port, env });
      const view = await new HttpSession(server.url).query<{ moves: { notation: string }[]; status: string; clock: { remaining1Ms: number } }>("game.get", { gameId });
      expect(view.moves.map((m) => m.notation)).toEqual(acknowledged);
      expect(view.status).toBe("active");
    }
    // Sessions survive restarts too (the secret is stored, not regenerated).
    const me = await a.query<{ username: string } | null>("account.me");
    expect(me?.username).toBe("restart_att");
  } finally {
    await server.stop("SIGKILL");
    await fresh?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
