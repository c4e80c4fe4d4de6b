import { z } from "zod";
import { CHALLENGE_SIDES } from "@/lib/contracts";
import { plainText } from "@/lib/text-rules";
import { usableClockPreset } from "@/server/test-features";
import { GAME_IDS } from "@/engine/game-catalog";
import { ZUsername } from "@/lib/account-rules";
import { ZGameSettings } from "@/lib/tournament-rules";
import { rematchOf } from "@/server/services/challenge/rematch-of";
import { listOpenChallenges } from "@/server/services/challenge/list-open-challenges";
import { cancelChallenge } from "@/server/services/challenge/cancel-challenge";
import { declineChallenge } from "@/server/services/challenge/decline-challenge";
import { acceptChallenge } from "@/server/services/challenge/accept-challenge";
import { offerRematch } from "@/server/services/challenge/offer-rematch";
import { createChallenge } from "@/server/services/challenge/create-challenge";
import { enforceLimit } from "@/server/services/rate-limit";
import { protectedProcedure, publicProcedure, router } from "../init";
import { gameAction, limits } from "../limits";

const ZChallengeId = z.object({ challengeId: z.uuid("That is not a challenge id.") });
const ZGameId = z.object({ gameId: z.uuid("That is not a game id.") });

export const challengeRouter = router({
  /** Open challenges to anyone, and the directed ones the viewer opened or was sent. */
  list: publicProcedure.input(z.void()).query(({ ctx }) => listOpenChallenges(ctx.db, ctx.user?.id ?? null)),
  create: protectedProcedure
    .input(
      z.object({
        gameType: z.enum(GAME_IDS, { error: "Choose a game from the list." }),
        timeControl: plainText(z.string().max(20, "Choose a time control from the list."), { label: "The time control" }),
        side: z.enum(CHALLENGE_SIDES).default("random"),
        rated: z.boolean().default(true),
        /** The game's own settings (a backgammon match's length); checked by the game's rules. */
        gameSettings: ZGameSettings.optional(),
        /** A directed challenge: the one player who may accept it (from their profile). */
        opponent: ZUsername.optional(),
      }),
    )
    .mutation(async ({ ctx, input }) => {
      const preset = usableClockPreset(input.timeControl);
      await enforceLimit(`challenge:${ctx.user.id}`, limits.challenge());
      return createChallenge(ctx.db, ctx.user.id, { ...input, initialMs: preset.initialMs, incrementMs: preset.incrementMs });
    }),
  /** The same game again against the same opponent, sides swapped (a directed challenge). */
  rematch: protectedProcedure.input(ZGameId).mutation(async ({ ctx, input }) => {
    await enforceLimit(`challenge:${ctx.user.id}`, limits.challenge());
    return offerRematch(ctx.db, ctx.user.id, input.gameId);
  }),
  /** The latest rematch of a game as one of its players sees it; null for anyone else. */
  rematchOf: protectedProcedure.input(ZGameId).query(({ ctx, input }) => rematchOf(ctx.db, ctx.user.id, input.gameId)),
  accept: protectedProcedure.input(ZChallengeId).mutation(async ({ ctx, input }) => {
    await gameAction(ctx);
    return acceptChallenge(ctx.db, ctx.user.id, input.challengeId);
  }),
  decline: protectedProcedure.input(ZChallengeId).mutation(({ ctx, input }) => declineChallenge(ctx.db, ctx.user.id, input.challengeId)),
  cancel: protectedProcedure.input(ZChallengeId).mutation(({ ctx, input }) => cancelChallenge(ctx.db, ctx.user.id, input.challengeId)),
});
