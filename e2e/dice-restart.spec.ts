// The server's dice across processes and restarts: two server processes on one
// PostgreSQL database take turns serving the players of a hypergammon match, then one
// is killed (SIGKILL) and started again; every acknowledged roll is still in the
// record, and once the game ends every roll recomputes from the revealed seed, so
// whichever process rolled, before or after the restart, rolled what the seeds say.
import { expect, test } from "./test";
import { onSiteGame } from "../engine/games/registry";
import { verifyDice } from "../engine/verifiable-dice";
import type { GameMove, GameUpdate, GameView } from "../lib/contracts";
import { diceRecordOf } from "../lib/dice-record";
import { createFreshDatabase, type FreshDatabase } from "../test/fresh-database";
import { HttpSession } from "../test/http-session";
import { freePort, startServer, type ServerProcess } from "./server-process";
import { freshUsername } from "./helpers";

const DATABASE_URL = process.env.DATABASE_URL;
test.skip(!DATABASE_URL, "needs DATABASE_URL (two processes share one PostgreSQL)");

const rules = onSiteGame("hypergammon")!;
const phaseOf = (position: string): string => (JSON.parse(position) as { phase: string }).phase;

test("rolls made by two processes and across a kill -9 all recompute from the revealed seed", async () => {
  test.setTimeout(180_000);
  const fresh: FreshDatabase = await createFreshDatabase(DATABASE_URL!, "moot_dice");
  const env = { DATABASE_URL: fresh.url, SEED_DEMO: "0", DATA_DIR: "/tmp/unused" };
  // Ports the OS says are free: a fixed range once hit another service of the machine.
  const ports = [await freePort(), await freePort()];
  const started = await Promise.all([startServer({ port: ports[0]!, env }), startServer({ port: ports[1]!, env })]);
  let one: ServerProcess = started[0];
  const two: ServerProcess = started[1];
  try {
    const name = [freshUsername("d1"), freshUsername("d2")];
    const on = (server: ServerProcess) => name.map(() => new HttpSession(server.url));
    let [p1, p2] = on(one);
    await p1!.signUp(name[0]!, "dice password one");
    await p2!.signUp(name[1]!, "dice password two");
    const ch = await p1!.mutation<{ id: string }>("challenge.create", { gameType: "hypergammon", timeControl: "3d+6h", side: "side1" });
    const { gameId } = await p2!.mutation<{ gameId: string }>("challenge.accept", { challengeId: ch.id });
    const [q1, q2] = on(two);
    await q1!.signIn(name[0]!, "dice password one");
    await q2!.signIn(name[1]!, "dice password two");

    const acknowledged: string[] = [];
    /** `count` actions, each through the process `pick` names for it. */
    const play = async (count: number, sessions: (i: number) => [HttpSession, HttpSession]) => {
      for (let i = 0; i < count; i++) {
        const [s1, s2] = sessions(i);
        const view = await s1.query<GameView>("game.get", { gameId });
        if (view.status !== "active") return;
        const pending = rules.chance!.pending(view.position!);
        const phase = phaseOf(view.position!);
        const move = pending ? "roll" : phase === "decide" ? "roll" : phase === "cube" ? "take" : rules.legalMoves(view.position!)[0]!;
        const update = await (view.clock.toMove === 1 ? s1 : s2).mutation<GameUpdate>("game.move", { gameId, ply: view.ply, move });
        if (update.board?.kind === "move")
          for (const entry of [update.board.move, ...(update.board.then ?? [])] as GameMove[]) acknowledged.push(entry.notation);
      }
    };
    // Alternating between the processes action by action.
    await play(12, (i) => (i % 2 === 0 ? [p1!, p2!] : [q1!, q2!]));
    await one.stop("SIGKILL");
    one = await startServer({ port: ports[0]!, env });
    [p1, p2] = on(one);
    await p1!.signIn(name[0]!, "dice password one");
    await p2!.signIn(name[1]!, "dice password two");
    const afterRestart = await p1!.query<GameView>("game.get", { gameId });
    expect(afterRestart.moves.map((m) => m.notation)).toEqual(acknowledged);
    await play(12, (i) => (i % 2 === 0 ? [p1!, p2!] : [q1!, q2!]));
    // Ending the match reveals the seed.
    if ((await p1!.query<GameView>("game.get", { gameId })).status === "active") await p1!.mutation("game.resign", { gameId });
    const end = await q1!.query<GameView>("game.get", { gameId });
    expect(end.moves.slice(0, acknowledged.length).map((m) => m.notation)).toEqual(acknowledged);
    const record = diceRecordOf(end)!;
    expect(record.rolls.length).toBeGreaterThan(4);
    expect(await verifyDice(record)).toMatchObject({ ok: true });
  } finally {
    await Promise.all([one?.stop("SIGKILL"), two?.stop("SIGKILL")]);
    await fresh.drop();
  }
});
