// The tournament list's filters on a real database, through tournament.list: by game,
// by format and "mine" (organized or joined), combined with the tabs and the search;
// unknown values are refused with a sentence, and "mine" needs an account.
import type { GameTypeId } from "@/engine/game-catalog";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "@/db/client";
import type { SessionUser } from "@/server/auth/session";
import { apiFor, newPlayer } from "@/test/api-fixtures";
import { openTestDatabase, uniqueName } from "@/test/db";

let h: DbHandle;
let organizer: SessionUser;
let player: SessionUser;
let stranger: SessionUser;
// Every tournament of this file carries this word, so other files' tournaments do not count.
const tag = uniqueName("Filt");
const ids: Record<string, string> = {};

const create = (by: SessionUser, name: string, gameType: GameTypeId, format: "groups" | "league", inviteOnly = false) =>
  apiFor(h, by).tournament.create({
    name: `${tag} ${name}`,
    description: "",
    gameType,
    timeControl: "3d+6h",
    rated: false,
    minPlayers: 4,
    maxPlayers: 16,
    format,
    settings: (format === "groups" ? { groupSize: 4 } : {}) as never,
    inviteOnly,
  });

beforeAll(async () => {
  h = await openTestDatabase();
  [organizer, player, stranger] = [await newPlayer(h), await newPlayer(h), await newPlayer(h)];
  ids.chessGroups = (await create(organizer, "chess groups", "chess-elsewhere", "groups")).id;
  ids.chessLeague = (await create(organizer, "chess league", "chess-elsewhere", "league")).id;
  ids.taflLeague = (await create(stranger, "tafl league", "hnefatafl", "league", true)).id;
  ids.taflGroups = (await create(stranger, "tafl groups", "hnefatafl", "groups")).id;
  await apiFor(h, player).tournament.join({ tournamentId: ids.taflGroups });
});
afterAll(() => h.close());

async function names(user: SessionUser | null, filters: { gameType?: GameTypeId; format?: "groups" | "league"; mine?: boolean }) {
  const list = await apiFor(h, user).tournament.list({ tab: "registering", search: tag, page: 1, ...filters });
  return list.tournaments.map((t) => t.name.slice(tag.length + 1)).sort();
}

describe("tournament.list filters", () => {
  it("filters by game, by format, and by both", async () => {
    expect(await names(null, {})).toEqual(["chess groups", "chess league", "tafl groups", "tafl league"]);
    expect(await names(null, { gameType: "chess-elsewhere" })).toEqual(["chess groups", "chess league"]);
    expect(await names(null, { format: "league" })).toEqual(["chess league", "tafl league"]);
    expect(await names(null, { gameType: "hnefatafl", format: "groups" })).toEqual(["tafl groups"]);
    expect(await names(null, { gameType: "backgammon" })).toEqual([]);
  });

  it("'mine' is what the caller organizes or has joined", async () => {
    expect(await names(organizer, { mine: true })).toEqual(["chess groups", "chess league"]);
    expect(await names(player, { mine: true })).toEqual(["tafl groups"]);
    expect(await names(stranger, { mine: true })).toEqual(["tafl groups", "tafl league"]);
    expect(await names(stranger, { mine: true, format: "league" })).toEqual(["tafl league"]);
    // Joining is what counts, not the tab: a running tournament the player is in is on the running tab.
    const running = await apiFor(h, player).tournament.list({ tab: "running", search: tag, page: 1, mine: true });
    expect(running.tournaments).toEqual([]);
  });

  it("says which tournaments are invite-only", async () => {
    const list = await apiFor(h, null).tournament.list({ tab: "registering", search: tag, page: 1 });
    const invite = Object.fromEntries(list.tournaments.map((t) => [t.id, t.inviteOnly]));
    expect(invite).toEqual({ [ids.chessGroups!]: false, [ids.chessLeague!]: false, [ids.taflLeague!]: true, [ids.taflGroups!]: false });
  });

  it("refuses an unknown game or format, and 'mine' without an account, with a sentence", async () => {
    await expect(apiFor(h, null).tournament.list({ tab: "registering", page: 1, gameType: "tiddlywinks" } as never)).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: expect.stringContaining("Choose a game from the list."),
    });
    await expect(apiFor(h, null).tournament.list({ tab: "registering", page: 1, format: "chess960" } as never)).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: expect.stringContaining("Choose a format from the list."),
    });
    await expect(apiFor(h, null).tournament.list({ tab: "registering", page: 1, mine: true })).rejects.toMatchObject({
      code: "UNAUTHORIZED",
      message: "Sign in to see your own tournaments.",
    });
  });
});
