// Late entries in a running Swiss, through the server on a real database: a
// tournament of the committed bbpPairings fixtures (issue 25, item 4) is replayed on
// the site, its late entrants joining with the ordinary join procedure while the
// round before their first is in play; every round pairs as bbpPairings paired it,
// and the TRF export's rounds are the fixture's (the rounds a late entrant missed
// are "0000 - Z", zero points, as bbpPairings reads them). Then the refusals: past
// the organizer's limit, by invitation only, and a Swiss set to take none.
import { readFileSync } from "node:fs";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "@/db/client";
import { games, tournamentAudit, tournamentPlayers, tournaments } from "@/db/schema";
import { gamesOf, groupsOf, type TournamentState } from "@/engine/formats";
import { startSwiss } from "@/engine/formats/swiss/swiss";
import { parseTable } from "@/engine/formats/swiss/trf-table";
import { writeTrf } from "@/engine/formats/swiss/trf";
import { formatFiles } from "@/components/formats/pages";
import type { SessionUser } from "@/server/auth/session";
import { apiFor, newPlayer } from "@/test/api-fixtures";
import { openTestDatabase, uniqueName } from "@/test/db";
import { liveState } from "./live-state";

let h: DbHandle;
beforeAll(async () => {
  h = await openTestDatabase();
});
afterAll(() => h.close());

const GAME = "chess";

interface PlayedLine {
  seed: number;
  rounds: number;
  initialColour: "w" | "b";
  table: string[];
  ratings: number[];
  entered: number[];
  withdrew: number[];
}

const fixtures = gunzipSync(readFileSync(path.join(import.meta.dirname, "../../../engine/formats/swiss/fixtures/bbp-played.jsonl.gz")))
  .toString("utf8")
  .trim()
  .split("\n")
  .map((line) => JSON.parse(line) as PlayedLine);

const SITE_RESULT: Record<string, "1-0" | "0-1" | "draw"> = { "1": "1-0", "0": "0-1", "=": "draw" };

async function swiss(organizer: SessionUser, settings: Record<string, unknown>, inviteOnly = false) {
  return apiFor(h, organizer).tournament.create({
    name: `Swiss ${uniqueName("")}`,
    description: "",
    format: "swiss",
    settings: settings as never,
    gameType: GAME,
    timeControl: "3d+6h",
    rated: false,
    minPlayers: 2,
    maxPlayers: 32,
    inviteOnly,
  });
}

const state = async (id: string) => (await liveState(h.db, id)) as TournamentState<"swiss">;

describe("late entries in a running Swiss", () => {
  it("pairs late entrants from the next round as bbpPairings did, and the TRF export is the fixture's", async () => {
    // 17 players, 6 rounds, three late entrants (two for round 3, one for round 4),
    // no forfeits: within the default limit (a 6-round Swiss takes entries until round 4 is paired).
    const line = fixtures.find((l) => l.seed === 104)!;
    expect(line.entered.filter((r) => r > 1)).toEqual([3, 4, 3]);
    const organizer = await newPlayer(h);
    const t = await swiss(organizer, { rounds: line.rounds });
    const people: SessionUser[] = [];
    for (const rating of line.ratings) people.push(await newPlayer(h, { ratings: { [GAME]: rating } }));
    const index = new Map(people.map((p, i) => [p.id, i]));
    const initial = people.filter((_, i) => line.entered[i] === 1);
    for (const p of initial) await apiFor(h, p).tournament.join({ tournamentId: t.id });
    // The fixture's initial colour: a seed that draws it (the seed is the tournament's one random input).
    const players = initial.map((p) => ({ id: p.id, rating: line.ratings[index.get(p.id)!]! }));
    const colour = (seed: string) =>
      startSwiss(players, { rounds: line.rounds }, seed).audit.find((a) => a.what === "initial colour")!.decided[0] === "w" ? "w" : "b";
    let seed = 0;
    while (colour(`late-${seed}`) !== line.initialColour) seed++;
    await h.db
      .update(tournaments)
      .set({ seed: `late-${seed}` })
      .where(eq(tournaments.id, t.id));
    await apiFor(h, organizer).tournament.start({ tournamentId: t.id });

    const name = (id: string) => `p${index.get(id)! + 1}`;
    for (let round = 1; round <= line.rounds; round++) {
      const s = await state(t.id);
      const page = await apiFor(h, organizer).tournament.page({ tournamentId: t.id });
      expect(page.lateEntryRound).toBe(round + 1 <= 4 ? round + 1 : null);
      const group = groupsOf(s.rounds[round - 1]!)[0]!;
      const got = gamesOf(group)
        .map((g) => `${name(g.side1)}-${name(g.side2)}`)
        .sort();
      const want = parseTable(line).players.flatMap((rows, i) => {
        const e = rows[round - 1]!;
        return e.opponent >= 0 && e.colour === "w" ? [`p${i + 1}-p${e.opponent + 1}`] : [];
      });
      expect(got, `round ${round}`).toEqual(want.sort());
      // Late entrants for the next round join while this round is in play.
      for (const [i, p] of people.entries()) if (line.entered[i] === round + 1) await apiFor(h, p).tournament.join({ tournamentId: t.id });
      if (round === 4) {
        // Round 5 is past the limit: refused, and nothing changes.
        const late = await newPlayer(h, { ratings: { [GAME]: 1500 } });
        await expect(apiFor(h, late).tournament.join({ tournamentId: t.id })).rejects.toThrow("The tournament has started and takes no more players.");
        expect((await state(t.id)).players).toHaveLength(line.ratings.length);
      }
      const site = await h.db
        .select({ id: games.id, key: games.tournamentGameKey })
        .from(games)
        .where(and(eq(games.tournamentId, t.id), eq(games.status, "active")));
      for (const { id, key } of site) {
        const g = gamesOf(group)[Number(key!.split("-")[2]) - 1]!;
        const code = parseTable(line).players[index.get(g.side1)!]![round - 1]!.code;
        await apiFor(h, organizer).game.setResult({ gameId: id, result: SITE_RESULT[code]! });
      }
    }
    const final = await state(t.id);
    expect(final.status).toBe("finished");

    // The TRF export: every player's rounds are the fixture's (late entrants' missed rounds "0000 - Z").
    const record = await apiFor(h, organizer).tournament.get({ tournamentId: t.id });
    const trf = formatFiles("swiss")
      .find((f) => f.kind === "trf")!
      .write(record.state!, record.name, (id) => id);
    const expected = writeTrf(parseTable(line), {
      tournamentName: record.name,
      rounds: line.rounds,
      players: line.ratings.map((rating, i) => ({ name: `p${i + 1}`, rating, rank: 0 })),
    });
    const rounds = (text: string) =>
      text
        .split("\n")
        .filter((l) => l.startsWith("001") || l.startsWith("XX"))
        .map((l) => (l.startsWith("001") ? `${l.slice(4, 8)} ${l.slice(91)}` : l));
    expect(rounds(trf)).toEqual(rounds(expected));
    expect(trf).toContain("0000 - Z  0000 - Z  0000 - Z    17 w =");

    // Audited like an approval, with the round the entrant plays from.
    const audited = await h.db
      .select()
      .from(tournamentAudit)
      .where(and(eq(tournamentAudit.tournamentId, t.id), eq(tournamentAudit.action, "late entry")));
    expect(audited.map((a) => a.detail).sort()).toEqual(
      people
        .filter((_, i) => line.entered[i]! > 1)
        .map((p) => `Player ${p.id} entered late and plays from round ${line.entered[index.get(p.id)!]}.`)
        .sort(),
    );
  }, 120_000);

  it("refuses a late entry by invitation only without the organizer, one into a Swiss that takes none, and a second entry", async () => {
    const organizer = await newPlayer(h);
    const field = [];
    for (let i = 0; i < 4; i++) field.push(await newPlayer(h));
    const closed = await swiss(organizer, { rounds: 3, lateEntries: "none" });
    const invited = await swiss(organizer, { rounds: 3 }, true);
    for (const t of [closed, invited]) {
      for (const p of field) {
        if (t === invited) {
          await apiFor(h, p).tournament.requestToJoin({
            tournamentId: t.id,
            token: (await apiFor(h, organizer).tournament.organizerPanel({ tournamentId: t.id })).inviteToken!,
          });
          await apiFor(h, organizer).tournament.answerRequest({ tournamentId: t.id, userId: p.id, approve: true });
        } else await apiFor(h, p).tournament.join({ tournamentId: t.id });
      }
      await apiFor(h, organizer).tournament.start({ tournamentId: t.id });
    }
    const late = await newPlayer(h);
    await expect(apiFor(h, late).tournament.join({ tournamentId: closed.id })).rejects.toThrow("takes no more players");
    expect((await apiFor(h, late).tournament.page({ tournamentId: closed.id })).lateEntryRound).toBeNull();
    await expect(apiFor(h, late).tournament.join({ tournamentId: invited.id })).rejects.toThrow("by invitation");
    await expect(apiFor(h, field[0]!).tournament.join({ tournamentId: closed.id })).rejects.toThrow();

    // By invitation: the player asks through the link while it runs, the organizer approves, and they enter for round 2.
    const { inviteToken } = await apiFor(h, organizer).tournament.organizerPanel({ tournamentId: invited.id });
    await apiFor(h, late).tournament.requestToJoin({ tournamentId: invited.id, token: inviteToken! });
    expect((await state(invited.id)).players.map((p) => p.id)).not.toContain(late.id);
    await apiFor(h, organizer).tournament.answerRequest({ tournamentId: invited.id, userId: late.id, approve: true });
    expect((await state(invited.id)).players.map((p) => p.id)).toContain(late.id);
    const [entry] = await h.db
      .select()
      .from(tournamentPlayers)
      .where(and(eq(tournamentPlayers.tournamentId, invited.id), eq(tournamentPlayers.userId, late.id)));
    expect(entry).toBeDefined();
  }, 60_000);
});
