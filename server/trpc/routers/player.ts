import { z } from "zod";
import { GAME_IDS } from "@/engine/game-catalog";
import { ZUsername } from "@/lib/account-rules";
import { plainText } from "@/lib/text-rules";
import { getPlayer } from "@/server/services/player/get-player";
import { LEADERBOARD_SORTS, listPlayers } from "@/server/services/player/list-players";
import { playerSideBalance } from "@/server/services/player/side-balance";
import { ratingHistoryOf } from "@/server/services/rating/player-ratings";
import { playerHome } from "@/server/services/player/player-home";
import { protectedProcedure, publicProcedure, router } from "../init";

const ZGameType = z.enum(GAME_IDS, { error: "Unknown game." });

export const ZListPlayersInput = z.object({
  gameType: ZGameType.default(GAME_IDS[0]),
  search: plainText(z.string().trim().max(50, "Search text must be at most 50 characters."), { label: "Search text" }).optional(),
  sort: z.enum(LEADERBOARD_SORTS, { error: "Sort by rating, games or name." }).default("rating"),
  direction: z.enum(["asc", "desc"], { error: "The direction is asc or desc." }).optional(),
  page: z.number().int().min(1).max(100_000).default(1),
});

export const playerRouter = router({
  /** The signed-in player's home: what waits on them, their tournaments with their place, the next deadlines. */
  home: protectedProcedure.input(z.void()).query(({ ctx }) => playerHome(ctx.db, ctx.user.id)),
  /** The leaderboard of one game; names sort A–Z and numbers high-to-low unless told otherwise. */
  list: publicProcedure
    .input(ZListPlayersInput)
    .query(({ ctx, input }) => listPlayers(ctx.db, { ...input, direction: input.direction ?? (input.sort === "name" ? "asc" : "desc") })),
  byUsername: publicProcedure.input(z.object({ username: ZUsername })).query(({ ctx, input }) => getPlayer(ctx.db, input.username)),
  ratingHistory: publicProcedure
    .input(z.object({ userId: z.uuid(), gameType: ZGameType }))
    .query(({ ctx, input }) => ratingHistoryOf(ctx.db, input.userId, input.gameType)),
  /** The player's wins, draws and losses on each side, per game. */
  sideBalance: publicProcedure
    .input(z.object({ userId: z.uuid("That is not a player id.") }))
    .query(({ ctx, input }) => playerSideBalance(ctx.db, input.userId)),
});
