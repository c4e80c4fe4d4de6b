// Durability: every acknowledged move survives the server process being killed
// (SIGKILL, no chance to flush anything) and restarted on the same database; the
// clock charges the real time that passed while it was down.
import { expect, test } from "./test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { legalMoves, newGame, tryMove, type GameState } from "../engine/games/tafl";
import { createFreshDatabase, type FreshDatabase } from "../test/fresh-database";
import { HttpSession } from "../test/http-session";
import type { GameUpdate } from "../lib/contracts";
import { freePort, startServer, type ServerProcess } from "./server-process";

test("acknowledged moves survive kill -9 of the server", async () => {
  test.setTimeout(180_000);
  const fresh: FreshDatabase | null = process.env.DATABASE_URL ? await createFreshDatabase(process.env.DATABASE_URL, "moot_restart") : null;
  const dataDir = mkdtempSync(path.join(tmpdir(), "moot-restart-"));
  const port = await freePort();
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
        const update = await who.mutation<GameUpdate>("game.move", { gameId, ply: state.ply, move: `${move.from}-${move.to}` });
        if (update.board?.kind === "move") acknowledged.push(update.board.move.notation);
        state = next.state;
      }
      await server.stop("SIGKILL");
      server = await startServer({ port, env });
      const view = await new HttpSession(server.url).query<{ moves: { notation: string }[]; status: string; clock: { remaining1Ms: number } }>("game.get", {
        gameId,
      });
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

test("kill -9 in the middle of a stream of moves, results and registrations loses nothing acknowledged", async () => {
  test.setTimeout(180_000);
  const fresh: FreshDatabase | null = process.env.DATABASE_URL ? await createFreshDatabase(process.env.DATABASE_URL, "moot_kill") : null;
  const dataDir = mkdtempSync(path.join(tmpdir(), "moot-kill-"));
  const port = await freePort();
  const env = { DATABASE_URL: fresh?.url ?? "", DATA_DIR: dataDir, SEED_DEMO: "0" };
  let server: ServerProcess = await startServer({ port, env });
  try {
    const [att, def, org] = [new HttpSession(server.url), new HttpSession(server.url), new HttpSession(server.url)];
    await att.signUp("kill_att", "attacker password");
    await def.signUp("kill_def", "defender password");
    await org.signUp("kill_org", "organizer password");
    const ch = await att.mutation<{ id: string }>("challenge.create", { gameType: "hnefatafl", timeControl: "1d+2h", side: "side1" });
    const { gameId } = await def.mutation<{ gameId: string }>("challenge.accept", { challengeId: ch.id });
    const registering = await org.mutation<{ id: string }>("tournament.create", {
      name: "Kill cup",
      format: "groups",
      gameType: "chess-elsewhere",
      timeControl: "3d+6h",
      minPlayers: 2,
      maxPlayers: 500,
    });
    const results = await org.mutation<{ id: string }>("tournament.create", {
      name: "Kill league",
      format: "league",
      gameType: "chess-elsewhere",
      timeControl: "3d+6h",
      minPlayers: 4,
      maxPlayers: 30,
    });
    const leaguePlayers: HttpSession[] = [];
    for (let i = 0; i < 6; i++) {
      const p = new HttpSession(server.url);
      await p.signUp(`kill_l${i}`, "league password");
      await p.mutation("tournament.join", { tournamentId: results.id });
      leaguePlayers.push(p);
    }
    await org.mutation("tournament.start", { tournamentId: results.id });
    const league = await org.query<{ gameLinks: Record<string, string> }>("tournament.get", { tournamentId: results.id });
    const leagueGames = Object.values(league.gameLinks);

    // Three streams at once; each records what the server acknowledged.
    const ackedMoves: string[] = [];
    const ackedResults: string[] = [];
    const ackedJoins: string[] = [];
    let killed = false;
    const moves = (async () => {
      let state: GameState = newGame();
      while (!killed) {
        const candidates = legalMoves(state);
        const move = candidates[(state.ply * 5) % candidates.length]!;
        const next = tryMove(state, move);
        if (!next.ok || next.status.over) return;
        try {
          const update = await (state.toMove === "attackers" ? att : def).mutation<GameUpdate>("game.move", {
            gameId,
            ply: state.ply,
            move: `${move.from}-${move.to}`,
          });
          if (update.board?.kind === "move") ackedMoves.push(update.board.move.notation);
          state = next.state;
        } catch {
          return;
        }
      }
    })();
    const resultStream = (async () => {
      for (const id of leagueGames) {
        if (killed) return;
        try {
          await org.mutation("game.setResult", { gameId: id, result: "1-0" });
          ackedResults.push(id);
        } catch {
          return;
        }
      }
    })();
    const joins = (async () => {
      for (let i = 0; !killed && i < 200; i++) {
        const p = new HttpSession(server.url);
        try {
          await p.signUp(`kill_j${i}`, "joiner password");
          await p.mutation("tournament.join", { tournamentId: registering.id });
          ackedJoins.push(`kill_j${i}`);
        } catch {
          return;
        }
      }
    })();
    await new Promise((r) => setTimeout(r, 2_500));
    killed = true;
    await server.stop("SIGKILL");
    await Promise.all([moves, resultStream, joins]);
    expect(ackedMoves.length + ackedResults.length + ackedJoins.length).toBeGreaterThan(0);

    server = await startServer({ port, env });
    const observer = new HttpSession(server.url);
    const view = await observer.query<{ moves: { notation: string }[] }>("game.get", { gameId });
    // Every acknowledged move is there (one more may have been stored just before the kill, unacknowledged).
    expect(view.moves.slice(0, ackedMoves.length).map((m) => m.notation)).toEqual(ackedMoves);
    for (const id of ackedResults) {
      expect((await observer.query<{ status: string; result: string }>("game.get", { gameId: id })).result).toBe("1-0");
    }
    const cup = await observer.query<{ players: { username: string }[] }>("tournament.get", { tournamentId: registering.id });
    const names = new Set(cup.players.map((p) => p.username));
    for (const name of ackedJoins) expect(names.has(name)).toBe(true);
  } finally {
    await server.stop("SIGKILL");
    await fresh?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
