import { z } from "zod";
import { usableClockPreset } from "@/server/test-features";
import { GAME_IDS } from "@/engine/game-catalog";
import { acceptChallenge, cancelChallenge, createChallenge, listOpenChallenges } from "@/server/services/challenge/challenges";
import { enforceLimit } from "@/server/services/rate-limit";
import { protectedProcedure, publicProcedure, router } from "../init";
import { limits } from "../limits";

const ZChallengeId = z.object({ challengeId: z.uuid("That is not a challenge id.") });

export const challengeRouter = router({
  list: publicProcedure.input(z.void()).query(({ ctx }) => listOpenChallenges(ctx.db)),
  create: protectedProcedure
    .input(
      z.object({
        gameType: z.enum(GAME_IDS, { error: "Choose a game from the list." }),
        timeControl: z.string().max(20),
        side: z.enum(["side1", "side2", "random"]).default("random"),
        rated: z.boolean().default(true),
      }),
    )
    .mutation(async ({ ctx, input }) => {
      const preset = usableClockPreset(input.timeControl);
      await enforceLimit(ctx.db, `challenge:${ctx.user.id}`, limits.challenge());
      return createChallenge(ctx.db, ctx.user.id, { ...input, initialMs: preset.initialMs, incrementMs: preset.incrementMs });
    }),
  accept: protectedProcedure.input(ZChallengeId).mutation(({ ctx, input }) => acceptChallenge(ctx.db, ctx.user.id, input.challengeId)),
  cancel: protectedProcedure.input(ZChallengeId).mutation(({ ctx, input }) => cancelChallenge(ctx.db, ctx.user.id, input.challengeId)),
});
