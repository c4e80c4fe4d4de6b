import { z } from "zod";
import { ZUsername } from "@/lib/account-rules";
import { plainText } from "@/lib/text-rules";
import { getPlayer } from "@/server/services/player/get-player";
import { listPlayers } from "@/server/services/player/list-players";
import { ratingHistoryOf } from "@/server/services/game/list-games";
import { publicProcedure, router } from "../init";

export const ZListPlayersInput = z.object({
  search: plainText(z.string().trim().max(50, "Search text must be at most 50 characters."), { label: "Search text" }).optional(),
  page: z.number().int().min(1).max(100_000).default(1),
});

export const playerRouter = router({
  list: publicProcedure.input(ZListPlayersInput).query(({ ctx, input }) => listPlayers(ctx.db, input)),
  byUsername: publicProcedure
    .input(z.object({ username: ZUsername }))
    .query(({ ctx, input }) => getPlayer(ctx.db, input.username)),
  ratingHistory: publicProcedure.input(z.object({ userId: z.uuid() })).query(({ ctx, input }) => ratingHistoryOf(ctx.db, input.userId)),
});
