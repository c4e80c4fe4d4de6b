// A forced move and a pass recorded through the real game services on a real database
// (issue 21: "a forced move and a pass are recorded"). The server's dice cannot be
// steered, so the test does not steer them: it gives the game a chosen server seed in
// its setup (the game_dice row written directly, as dice.test.ts writes a position; no
// production path takes a chosen seed), sets the players' seeds through
// `setDiceSeed` and plays every player action through `makeMove`. The seeds are test
// data (test/forced-pass-seeds.ts) found once by scripts/find-forced-pass.ts: with them
// and test/dice-play.ts's policy (the first legal turn, never a double), the engine
// alone derives a record with a forced move and a pass from the bar within 31 actions.
// The test derives that record again offline and checks that the server recorded the
// same entries, that the pass and the forced move were played by the server, not sent,
// that the forced move was the one turn the dice allowed and the pass came with no turn
// allowed, that the rolls are the seeds' (and verify once the seed is revealed), and
// that the .mat export shows the pass as an empty roll ("32:") and the forced turn.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { DbHandle } from "@/db/client";
import { gameDice } from "@/db/schema";
import { BAR, SLOTS } from "@/engine/games/backgammon/moves";
import { onSiteGame, type SideNumber } from "@/engine/games/registry";
import { commitment, verifyDice } from "@/engine/verifiable-dice";
import type { GameMove, GameUpdate } from "@/lib/contracts";
import { diceRecordOf } from "@/lib/dice-record";
import { newPlayer } from "@/test/api-fixtures";
import { openTestDatabase } from "@/test/db";
import { firstLegalAction, holdsPassAndForced, passAndForced, playOffline, type OfflineEntry } from "@/test/dice-play";
import { FORCED_PASS } from "@/test/forced-pass-seeds";
import { createGame } from "../game/create-game";
import { loadGameView } from "../game/game-view";
import { makeMove } from "./make-move";
import { resignGame } from "./resign-game";
import { setDiceSeed } from "./set-dice-seed";

let h: DbHandle;
beforeAll(async () => {
  h = await openTestDatabase();
});
afterAll(() => h.close());

const rules = onSiteGame(FORCED_PASS.variant)!;
const seeds = { serverSeed: FORCED_PASS.serverSeed, playerSeeds: [FORCED_PASS.seed1, FORCED_PASS.seed2] as const };
const DAY = 86_400_000;

interface Position {
  board: string;
  phase: string;
  turn: SideNumber;
  dice: [number, number] | null;
}
const parse = (position: string): Position => JSON.parse(position) as Position;
const checkers = (position: Position, side: SideNumber, point: number): number => Number(position.board.split(",")[(side - 1) * SLOTS + point]);
const other = (side: SideNumber): SideNumber => (side === 1 ? 2 : 1);
/** The side a roll entry was for: the side whose turn waited for the dice. */
const roller = (entry: OfflineEntry): SideNumber => parse(entry.before).turn;
/** The record entries one change made: the sent action, then the server's rolls. */
const entriesOf = (update: GameUpdate): GameMove[] => (update.board?.kind === "move" ? [update.board.move, ...(update.board.then ?? [])] : []);
/** A .mat row's two cells, side 1's and side 2's (mat.ts: "  N) " then side 1's cell padded to 28). */
const cellsOf = (line: string): [string, string] => [line.slice(5, 33).trim(), line.slice(33).trim()];

describe("a forced move and a pass on the site", () => {
  it("are played by the server, recorded as the rules say, with the rolls the seeds give, and exported to .mat", async () => {
    const offline = await playOffline(rules, seeds, FORCED_PASS.actions, holdsPassAndForced);
    const { pass, forced } = passAndForced(offline.entries);
    // Move generation or the policy changed: find new seeds with scripts/find-forced-pass.ts.
    expect(pass && forced, "the seeds no longer lead to a forced move and a pass: run scripts/find-forced-pass.ts").toBeTruthy();

    const [side1, side2] = [await newPlayer(h), await newPlayer(h)];
    const player = (side: SideNumber) => (side === 1 ? side1 : side2);
    const game = await h.db.transaction((tx) =>
      createGame(tx, { gameType: rules.id, side1Id: side1.id, side2Id: side2.id, rated: true, initialMs: 3 * DAY, incrementMs: 0 }, new Date()),
    );
    const gameId = game.id;
    // Test setup only: the game's committed server seed replaced by the test's.
    await h.db
      .update(gameDice)
      .set({ serverSeed: seeds.serverSeed, commitment: await commitment(seeds.serverSeed) })
      .where(eq(gameDice.gameId, gameId));
    await setDiceSeed(h.db, side1.id, { gameId, seed: seeds.playerSeeds[0] });
    const opened = await setDiceSeed(h.db, side2.id, { gameId, seed: seeds.playerSeeds[1] });
    expect(opened.moves[0]!.notation).toBe(offline.entries[0]!.notation);

    // The players' actions, by the same policy, through the game service.
    const sent: { by: SideNumber; move: string; update: GameUpdate }[] = [];
    for (let view = opened; view.moves.length < offline.entries.length; view = await loadGameView(h.db, gameId)) {
      expect(sent.length).toBeLessThan(offline.actions);
      const by = view.clock.toMove;
      const move = firstLegalAction(rules, view.position!);
      sent.push({ by, move, update: await makeMove(h.db, player(by).id, { gameId, ply: view.ply, move }) });
    }
    const view = await loadGameView(h.db, gameId);
    const notations = view.moves.map((m) => m.notation);

    // The record is the one the engine alone derives from the seeds.
    expect(notations).toEqual(offline.entries.map((e) => e.notation));
    expect(sent.length).toBe(offline.actions);
    // Every entry that is not a roll is an action a player sent: the pass and the forced turn were not sent.
    expect(notations.filter((n) => rules.chance!.readRoll(n) === null)).toEqual(sent.map((s) => s.move));
    const positions = rules.replay(notations);

    for (const [entry, kind] of [
      [pass!, "pass"],
      [forced!, "forced"],
    ] as const) {
      const at = offline.entries.indexOf(entry);
      const side = roller(entry);
      // The change that holds it is the roller's own "roll" (declining to double) or the
      // other side's turn; either way the roller sent no turn for these dice.
      const change = sent.find((s) => entriesOf(s.update).some((m) => m.ply === at + 1))!;
      expect(change, `no change of the service holds the ${kind}`).toBeDefined();
      expect(entriesOf(change.update).map((m) => m.notation)).toContain(entry.notation);
      expect(change.move === "roll" ? change.by : other(change.by)).toBe(side);
      // The dice with the turn to play them, as a player would see it if the server had waited.
      const dice = entry.roll!.dice as [number, number];
      const waiting = JSON.stringify({ ...JSON.parse(entry.before), phase: "move", dice });
      if (kind === "pass") {
        expect(entry.notation).toBe(`roll ${dice.join("-")} (no move)`);
        expect(rules.legalMoves(waiting)).toEqual([]);
        // Why, checked on the board itself: a checker on the bar, and the other side
        // holds both entry points (die d enters on the other side's d-point).
        const before = parse(entry.before);
        expect(checkers(before, side, BAR)).toBeGreaterThan(0);
        for (const d of dice) expect(checkers(before, other(side), d)).toBeGreaterThanOrEqual(2);
        // The board is unchanged, and the turn went to the other side.
        expect(parse(positions[at + 1]!).board).toBe(before.board);
        expect(rules.toMove(positions[at + 1]!)).toBe(other(side));
      } else {
        const [only, ...more] = rules.legalMoves(waiting);
        expect(more).toEqual([]);
        expect(entry.notation).toBe(`roll ${dice.join("-")} (forced ${only})`);
        // The server played exactly that turn for the side.
        const played = rules.play(waiting, only!);
        expect(played.ok && parse(played.position)).toEqual(parse(positions[at + 1]!));
      }
    }

    // The rolls in the record (the dice record the page downloads) are the offline derivation's.
    const rolls = offline.entries.flatMap((e) => (e.roll ? [{ n: e.roll.n, dice: e.roll.dice }] : []));
    expect(diceRecordOf(view)!.rolls).toEqual(rolls);
    expect(view.dice).toMatchObject({ serverSeed: null, rolls: rolls.length, playerSeeds: seeds.playerSeeds });

    // The .mat export (the record download): the pass is the dice with no move, the forced turn is written out.
    const mat = rules.exportRecord(
      { side1: "one", side2: "two", result: null, endReason: null, startedAt: view.createdAt, event: null, site: "Moot", moves: notations },
      view.position!,
    );
    const rows = mat.split("\n").filter((line) => /^ {0,2}\d+\) /.test(line));
    const diceText = (dice: readonly number[]) => `${Math.max(...dice)}${Math.min(...dice)}:`;
    const cell = (entry: OfflineEntry) => (row: string) => cellsOf(row)[roller(entry) - 1];
    expect(rows.map(cell(pass!))).toContain(diceText(pass!.roll!.dice));
    // gnubg writes the hops one by one, the bar as 25 and off as 0: "66: 7/1 7/1 7/1 7/1".
    const forcedTurn = /\(forced (.*)\)$/.exec(forced!.notation)![1]!;
    const hops = rules.parts!.split(JSON.stringify({ ...JSON.parse(forced!.before), phase: "move", dice: forced!.roll!.dice }), forcedTurn);
    const gnubgHops = hops.map((hop) => hop.replace("bar", "25").replace("off", "0")).join(" ");
    expect(rows.map(cell(forced!))).toContain(`${diceText(forced!.roll!.dice)} ${gnubgHops}`);

    // Once the game is over the server seed is revealed, and every roll verifies.
    const end = await resignGame(h.db, side1.id, gameId);
    expect(end.dice!.serverSeed).toBe(seeds.serverSeed);
    expect(await verifyDice(diceRecordOf(end)!)).toMatchObject({ ok: true });
  });
});
