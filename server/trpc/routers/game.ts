import { z } from "zod";
import { answerDraw } from "@/server/services/game/draw-offer";
import { loadGameView } from "@/server/services/game/game-view";
import { listLiveGames, listPlayerGames } from "@/server/services/game/list-games";
import { makeMove } from "@/server/services/game/make-move";
import { answerReport, reportResult, setResult } from "@/server/services/game/report-result";
import { resignGame } from "@/server/services/game/resign-game";
import { enforceLimit } from "@/server/services/rate-limit";
import { protectedProcedure, publicProcedure, router } from "../init";
import { limits } from "../limits";

export const ZGameId = z.object({ gameId: z.uuid("That is not a game id.") });
const ZPage = z.number().int().min(1).max(10_000).default(1);
const ZResultInput = ZGameId.extend({
  result: z.enum(["1-0", "0-1", "draw"], { error: "The result must be 1-0, 0-1 or draw." }),
  margin: z.number().int().min(0, "The margin cannot be negative.").max(10_000, "That margin is too large.").nullish(),
});

export const gameRouter = router({
  get: publicProcedure.input(ZGameId).query(({ ctx, input }) => loadGameView(ctx.db, input.gameId)),
  live: publicProcedure.input(z.object({ page: ZPage })).query(({ ctx, input }) => listLiveGames(ctx.db, input.page)),
  ofPlayer: publicProcedure
    .input(z.object({ userId: z.uuid(), page: ZPage }))
    .query(({ ctx, input }) => listPlayerGames(ctx.db, input.userId, input.page)),

  /** Only the player whose turn it is; `ply` is the move count the player saw. */
  move: protectedProcedure
    .input(
      ZGameId.extend({
        ply: z.number().int().min(0).max(100_000),
        move: z.string().trim().min(2, "Write the move like d1-d3 or e4.").max(20, "Write the move like d1-d3 or e4."),
      }),
    )
    .mutation(async ({ ctx, input }) => {
      await enforceLimit(ctx.db, `move:${ctx.user.id}`, limits.move());
      return makeMove(ctx.db, ctx.user.id, input);
    }),
  resign: protectedProcedure.input(ZGameId).mutation(({ ctx, input }) => resignGame(ctx.db, ctx.user.id, input.gameId)),
  draw: protectedProcedure
    .input(ZGameId.extend({ action: z.enum(["offer", "accept", "decline"]) }))
    .mutation(({ ctx, input }) => answerDraw(ctx.db, ctx.user.id, input.gameId, input.action)),

  /** Games played elsewhere: a player reports, the opponent confirms or disputes. */
  report: protectedProcedure.input(ZResultInput).mutation(({ ctx, input }) => reportResult(ctx.db, ctx.user.id, input)),
  answerReport: protectedProcedure
    .input(ZGameId.extend({ answer: z.enum(["confirm", "dispute"]) }))
    .mutation(({ ctx, input }) => answerReport(ctx.db, ctx.user.id, input.gameId, input.answer)),
  /** Site admins anywhere, organizers in their own tournaments (checked by the service). */
  setResult: protectedProcedure.input(ZResultInput).mutation(({ ctx, input }) => setResult(ctx.db, ctx.user, input)),
});
