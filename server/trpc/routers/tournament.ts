import { z } from "zod";
import { ZCreateTournamentInput } from "@/lib/tournament-rules";
import { plainText } from "@/lib/text-rules";
import { createTournament } from "@/server/services/tournament/create-tournament";
import { cancelTournament, chooseRole, withdrawPlayer } from "@/server/services/tournament/organizer-actions";
import { getTournament, listTournaments, tournamentClinch, tournamentStandings } from "@/server/services/tournament/read-tournament";
import { joinTournament, leaveTournament } from "@/server/services/tournament/registration";
import { startTournamentNow } from "@/server/services/tournament/start-tournament";
import { enforceLimit } from "@/server/services/rate-limit";
import { protectedProcedure, publicProcedure, router } from "../init";
import { limits } from "../limits";

const ZTournamentId = z.object({ tournamentId: z.uuid("That is not a tournament id.") });

export const tournamentRouter = router({
  list: publicProcedure
    .input(
      z.object({
        tab: z.enum(["registering", "running", "finished", "all"]).default("registering"),
        search: plainText(z.string().trim().max(80, "Search text must be at most 80 characters."), { label: "Search text" }).optional(),
        page: z.number().int().min(1).max(10_000).default(1),
      }),
    )
    .query(({ ctx, input }) => listTournaments(ctx.db, input)),
  get: publicProcedure.input(ZTournamentId).query(({ ctx, input }) => getTournament(ctx.db, input.tournamentId)),
  standings: publicProcedure.input(ZTournamentId).query(({ ctx, input }) => tournamentStandings(ctx.db, input.tournamentId)),
  /** Clinched / out / open for every player of the live tables, with what would settle it. */
  clinch: publicProcedure.input(ZTournamentId).query(({ ctx, input }) => tournamentClinch(ctx.db, input.tournamentId)),

  /** Any signed-in user may organize. */
  create: protectedProcedure.input(ZCreateTournamentInput).mutation(async ({ ctx, input }) => {
    await enforceLimit(ctx.db, `tournament:${ctx.user.id}`, limits.tournament());
    return createTournament(ctx.db, ctx.user, input);
  }),
  join: protectedProcedure.input(ZTournamentId).mutation(({ ctx, input }) => joinTournament(ctx.db, ctx.user.id, input.tournamentId)),
  leave: protectedProcedure.input(ZTournamentId).mutation(({ ctx, input }) => leaveTournament(ctx.db, ctx.user.id, input.tournamentId)),
  /** Organizer or admin (checked by the services). */
  start: protectedProcedure.input(ZTournamentId).mutation(async ({ ctx, input }) => {
    const started = await startTournamentNow(ctx.db, ctx.user, input.tournamentId);
    return { games: started.created.length };
  }),
  cancel: protectedProcedure.input(ZTournamentId).mutation(({ ctx, input }) => cancelTournament(ctx.db, ctx.user, input.tournamentId)),
  /** A player withdraws themself; the organizer may withdraw or disqualify anyone. */
  withdraw: protectedProcedure
    .input(ZTournamentId.extend({ playerId: z.uuid(), disqualify: z.boolean().default(false) }))
    .mutation(({ ctx, input }) => withdrawPlayer(ctx.db, ctx.user, input)),
  /** Staged format: the higher seed picks A or B before the game. */
  chooseRole: protectedProcedure
    .input(z.object({ gameId: z.uuid(), role: z.enum(["A", "B"]) }))
    .mutation(({ ctx, input }) => chooseRole(ctx.db, ctx.user, input.gameId, input.role)),
});
