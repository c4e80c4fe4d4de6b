import { z } from "zod";
import { TRPCError } from "@trpc/server";
import { GAME_IDS } from "@/engine/game-catalog";
import { FORMAT_IDS, ZCreateTournamentInput, ZEditTournamentInput } from "@/lib/tournament-rules";
import { MAX_PAGE, MAX_ROUND } from "@/lib/page-window";
import { plainText } from "@/lib/text-rules";
import { createTournament } from "@/server/services/tournament/create-tournament";
import { editTournament } from "@/server/services/tournament/edit-tournament";
import { myRequest } from "@/server/services/tournament/my-request";
import { organizerPanel } from "@/server/services/tournament/organizer-panel";
import { renewInviteLink } from "@/server/services/tournament/renew-invite-link";
import { removeRegistrant } from "@/server/services/tournament/remove-registrant";
import { answerRequest } from "@/server/services/tournament/answer-request";
import { requestToJoin } from "@/server/services/tournament/request-to-join";
import { chooseRole } from "@/server/services/tournament/choose-role";
import { cancelTournament } from "@/server/services/tournament/cancel-tournament";
import { withdrawPlayer } from "@/server/services/tournament/withdraw-player";
import { getTournament, listTournaments, tournamentClinch, tournamentSummary } from "@/server/services/tournament/read-tournament";
import { auditLogPage, standingsPage, tournamentPage } from "@/server/services/tournament/tournament-page";
import { leaveTournament } from "@/server/services/tournament/leave-tournament";
import { joinTournament } from "@/server/services/tournament/join-tournament";
import { startTournamentNow } from "@/server/services/tournament/start-tournament";
import { enforceLimit } from "@/server/services/rate-limit";
import { protectedProcedure, publicProcedure, router } from "../init";
import { gameAction, limits } from "../limits";

const ZTournamentId = z.object({ tournamentId: z.uuid("That is not a tournament id.") });

/** A page number of one of the tournament page's windows; past the last page is clamped to it. */
const ZPage = (what: string) =>
  z
    .number(`The ${what} page must be a number.`)
    .int(`The ${what} page must be a whole number.`)
    .min(1, `The ${what} page must be 1 or more.`)
    .max(MAX_PAGE, `The ${what} page is too large.`)
    .optional();

export const ZTournamentPageInput = ZTournamentId.extend({
  standings: ZPage("standings"),
  round: z
    .number("The round must be a number.")
    .int("The round must be a whole number.")
    .min(1, "The round must be 1 or more.")
    .max(MAX_ROUND, "There is no such round.")
    .optional(),
  groups: ZPage("groups"),
  players: ZPage("players"),
  q: plainText(z.string().trim().max(80, "Search text must be at most 80 characters."), { label: "Search text" }).optional(),
  balance: ZPage("side balance"),
  audit: ZPage("audit log"),
});

export const tournamentRouter = router({
  list: publicProcedure
    .input(
      z.object({
        tab: z.enum(["registering", "running", "finished", "all"]).default("registering"),
        search: plainText(z.string().trim().max(80, "Search text must be at most 80 characters."), { label: "Search text" }).optional(),
        page: z.number().int().min(1).max(10_000).default(1),
        gameType: z.enum(GAME_IDS, { error: "Choose a game from the list." }).optional(),
        format: z.enum(FORMAT_IDS, { error: "Choose a format from the list." }).optional(),
        /** Only the caller's own tournaments: organized or joined. */
        mine: z.boolean().default(false),
      }),
    )
    .query(({ ctx, input }) => {
      if (input.mine && !ctx.user) throw new TRPCError({ code: "UNAUTHORIZED", message: "Sign in to see your own tournaments." });
      const { mine, ...query } = input;
      return listTournaments(ctx.db, { ...query, mineOf: mine ? ctx.user!.id : undefined });
    }),
  /** The whole record (every player, the engine state, every game link): grows with the tournament. */
  get: publicProcedure.input(ZTournamentId).query(({ ctx, input }) => getTournament(ctx.db, input.tournamentId)),
  /** Settings, status, organizer and the number of players: small at any size. */
  summary: publicProcedure.input(ZTournamentId).query(({ ctx, input }) => tournamentSummary(ctx.db, input.tournamentId)),
  /**
   * What the tournament page shows, for one set of windows (standings page, round
   * and groups page, players page or search, side-balance page, audit page): the
   * viewer's own row and group and the top are always included.
   */
  page: publicProcedure.input(ZTournamentPageInput).query(({ ctx, input }) => {
    const { tournamentId, ...query } = input;
    return tournamentPage(ctx.db, ctx.user ? { id: ctx.user.id, isAdmin: ctx.user.isAdmin } : null, tournamentId, query);
  }),
  /** One page of the standings (50 rows), with names. */
  standings: publicProcedure
    .input(ZTournamentId.extend({ page: ZPage("standings") }))
    .query(({ ctx, input }) => standingsPage(ctx.db, input.tournamentId, input.page)),
  /** One page of the audit log (25 entries); the latest when no page is given. */
  audit: publicProcedure
    .input(ZTournamentId.extend({ page: ZPage("audit log") }))
    .query(({ ctx, input }) => auditLogPage(ctx.db, input.tournamentId, input.page)),
  /** Clinched / out / open for every player of the live tables, with what would settle it. */
  clinch: publicProcedure.input(ZTournamentId).query(({ ctx, input }) => tournamentClinch(ctx.db, input.tournamentId)),

  /** Any signed-in user may organize. */
  create: protectedProcedure.input(ZCreateTournamentInput).mutation(async ({ ctx, input }) => {
    await enforceLimit(`tournament:${ctx.user.id}`, limits.tournament());
    return createTournament(ctx.db, ctx.user, input);
  }),
  join: protectedProcedure.input(ZTournamentId).mutation(({ ctx, input }) => joinTournament(ctx.db, ctx.user.id, input.tournamentId)),
  leave: protectedProcedure.input(ZTournamentId).mutation(({ ctx, input }) => leaveTournament(ctx.db, ctx.user.id, input.tournamentId)),
  /** Organizer or admin (checked by the services). */
  start: protectedProcedure.input(ZTournamentId).mutation(async ({ ctx, input }) => {
    await gameAction(ctx);
    const started = await startTournamentNow(ctx.db, ctx.user, input.tournamentId);
    return { games: started.created.length };
  }),
  cancel: protectedProcedure.input(ZTournamentId).mutation(({ ctx, input }) => cancelTournament(ctx.db, ctx.user, input.tournamentId)),
  /** A player withdraws themself; the organizer may withdraw or disqualify anyone. */
  withdraw: protectedProcedure
    .input(ZTournamentId.extend({ playerId: z.uuid(), disqualify: z.boolean().default(false) }))
    .mutation(({ ctx, input }) => withdrawPlayer(ctx.db, ctx.user, input)),
  /** Organizer or admin, before the start: every field of the creation form (checked again). */
  edit: protectedProcedure.input(ZEditTournamentInput).mutation(({ ctx, input }) => editTournament(ctx.db, ctx.user, input)),
  /** Organizer or admin: the invite link's secret and the join requests waiting for an answer. */
  organizerPanel: protectedProcedure.input(ZTournamentId).query(({ ctx, input }) => organizerPanel(ctx.db, ctx.user, input.tournamentId)),
  /** Whether the caller asked to join an invite-only tournament and waits for the answer. */
  myRequest: protectedProcedure.input(ZTournamentId).query(({ ctx, input }) => myRequest(ctx.db, ctx.user.id, input.tournamentId)),
  /** A player who followed the invite link asks to join. */
  requestToJoin: protectedProcedure
    .input(
      ZTournamentId.extend({
        token: plainText(z.string().min(1, "The invite link is incomplete.").max(100, "The invite link is not valid."), { label: "The invite link" }),
      }),
    )
    .mutation(({ ctx, input }) => requestToJoin(ctx.db, ctx.user, input)),
  /** Organizer or admin: approve (enter) or decline a join request. */
  answerRequest: protectedProcedure
    .input(ZTournamentId.extend({ userId: z.uuid("That is not a player id."), approve: z.boolean() }))
    .mutation(({ ctx, input }) => answerRequest(ctx.db, ctx.user, input)),
  /** Organizer or admin, before the start: take a registered player off the list. */
  removeRegistrant: protectedProcedure
    .input(ZTournamentId.extend({ userId: z.uuid("That is not a player id.") }))
    .mutation(({ ctx, input }) => removeRegistrant(ctx.db, ctx.user, input)),
  /** Organizer or admin: a new invite link (the old one stops working). */
  renewInviteLink: protectedProcedure.input(ZTournamentId).mutation(({ ctx, input }) => renewInviteLink(ctx.db, ctx.user, input.tournamentId)),
  /** Staged format: the higher seed picks A or B before the game. */
  chooseRole: protectedProcedure
    .input(z.object({ gameId: z.uuid(), role: z.enum(["A", "B"]) }))
    .mutation(({ ctx, input }) => chooseRole(ctx.db, ctx.user, input.gameId, input.role)),
});
