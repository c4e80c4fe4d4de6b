import { z } from "zod";
import { GAME_RESULTS } from "@/lib/contracts";
import { plainText } from "@/lib/text-rules";
import { abortGame } from "@/server/services/play/abort-game";
import { answerDraw } from "@/server/services/play/draw-offer";
import { loadGameView } from "@/server/services/game/game-view";
import { listGamesInPlay, listLiveGames, listPlayerGames } from "@/server/services/game/list-games";
import { makeMove } from "@/server/services/play/make-move";
import { reportResult } from "@/server/services/play/report-result";
import { setResult } from "@/server/services/play/set-result";
import { answerReport } from "@/server/services/play/answer-report";
import { resignGame } from "@/server/services/play/resign-game";
import { setDiceSeed } from "@/server/services/play/set-dice-seed";
import { PLAYER_SEED } from "@/engine/verifiable-dice";
import { enforceLimit } from "@/server/services/rate-limit";
import { protectedProcedure, publicProcedure, router } from "../init";
import { gameAction, limits } from "../limits";

export const ZGameId = z.object({ gameId: z.uuid("That is not a game id.") });
const ZPage = z.number().int().min(1).max(10_000).default(1);
const ZResultInput = ZGameId.extend({
  result: z.enum(GAME_RESULTS, { error: "The result must be 1-0, 0-1 or draw." }),
  margin: z.number().int().min(0, "The margin cannot be negative.").max(10_000, "That margin is too large.").nullish(),
});

export const gameRouter = router({
  get: publicProcedure.input(ZGameId).query(({ ctx, input }) => loadGameView(ctx.db, input.gameId)),
  live: publicProcedure.input(z.object({ page: ZPage })).query(({ ctx, input }) => listLiveGames(ctx.db, input.page)),
  /** Up to `limit` games past both first moves, the most recently moved first (the home page's boards). */
  inPlay: publicProcedure
    .input(z.object({ limit: z.number().int().min(1).max(12).default(4) }))
    .query(({ ctx, input }) => listGamesInPlay(ctx.db, input.limit)),
  ofPlayer: publicProcedure.input(z.object({ userId: z.uuid(), page: ZPage })).query(({ ctx, input }) => listPlayerGames(ctx.db, input.userId, input.page)),

  /** Only the player whose turn it is; `ply` is the move count the player saw. */
  move: protectedProcedure
    .input(
      ZGameId.extend({
        ply: z.number().int().min(0).max(100_000),
        move: plainText(z.string().trim().min(2, "Write the move like d1-d3, e4 or 24/18 13/11.").max(60, "Write the move like d1-d3, e4 or 24/18 13/11."), {
          label: "The move",
        }),
      }),
    )
    .mutation(async ({ ctx, input }) => {
      await enforceLimit(`move:${ctx.user.id}`, limits.move());
      return makeMove(ctx.db, ctx.user.id, input);
    }),
  /** A player's own seed for a dice game's dice, only before the first roll (docs/dice.md); counted as a move (it publishes to the game's room). */
  setDiceSeed: protectedProcedure
    .input(ZGameId.extend({ seed: z.string().regex(PLAYER_SEED, "A seed is up to 64 letters, digits, - or _.") }))
    .mutation(async ({ ctx, input }) => {
      await enforceLimit(`move:${ctx.user.id}`, limits.move());
      return setDiceSeed(ctx.db, ctx.user.id, input);
    }),
  // Every action below notifies the opponent (or organizers): each is counted against the caller's hourly limit.
  resign: protectedProcedure.input(ZGameId).mutation(async ({ ctx, input }) => {
    await gameAction(ctx);
    return resignGame(ctx.db, ctx.user.id, input.gameId);
  }),
  /** A live challenge game, before both sides have moved: ends with no result, unrated. */
  abort: protectedProcedure.input(ZGameId).mutation(async ({ ctx, input }) => {
    await gameAction(ctx);
    return abortGame(ctx.db, ctx.user.id, input.gameId);
  }),
  draw: protectedProcedure.input(ZGameId.extend({ action: z.enum(["offer", "accept", "decline"]) })).mutation(async ({ ctx, input }) => {
    await gameAction(ctx);
    return answerDraw(ctx.db, ctx.user.id, input.gameId, input.action);
  }),

  /** Games played elsewhere: a player reports, the opponent confirms or disputes. */
  report: protectedProcedure.input(ZResultInput).mutation(async ({ ctx, input }) => {
    await gameAction(ctx);
    return reportResult(ctx.db, ctx.user.id, input);
  }),
  /** `reportId` names the report answered (GameView.report.id): one changed since is refused. */
  answerReport: protectedProcedure
    .input(
      ZGameId.extend({
        answer: z.enum(["confirm", "dispute"]),
        reportId: z.uuid("Say which report you answer: reload the game and try again."),
        reason: plainText(z.string().max(500, "Say why in at most 500 characters."), { label: "The reason", multiline: true }).optional(),
      }),
    )
    .mutation(async ({ ctx, input }) => {
      await gameAction(ctx);
      return answerReport(ctx.db, ctx.user.id, input);
    }),
  /** Site admins anywhere, organizers in their own tournaments (checked by the service). */
  setResult: protectedProcedure.input(ZResultInput).mutation(async ({ ctx, input }) => {
    await gameAction(ctx);
    return setResult(ctx.db, ctx.user, input);
  }),
});
