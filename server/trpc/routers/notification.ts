import { z } from "zod";
import { ZEmail } from "@/lib/account-rules";
import { plainText } from "@/lib/text-rules";
import { NOTIFICATION_KINDS } from "@/lib/notification-kinds";
import { listAnnouncements } from "@/server/services/tournament/list-announcements";
import { postAnnouncement } from "@/server/services/tournament/post-announcement";
import { resendConfirmation } from "@/server/services/notification/resend-confirmation";
import { retryDelivery } from "@/server/services/notification/retry-delivery";
import { listFailedDeliveries } from "@/server/services/notification/list-failed-deliveries";
import { markAllRead } from "@/server/services/notification/mark-all-read";
import { markRead } from "@/server/services/notification/mark-read";
import { listInbox } from "@/server/services/notification/list-inbox";
import { inboxSummary } from "@/server/services/notification/inbox-summary";
import { originFor } from "@/server/public-origin";
import { rotateCalendarToken } from "@/server/services/notification/rotate-calendar-token";
import { unsubscribePush } from "@/server/services/notification/unsubscribe-push";
import { subscribePush } from "@/server/services/notification/subscribe-push";
import { updateSettings } from "@/server/services/notification/update-settings";
import { getSettings } from "@/server/services/notification/get-settings";
import { MAX_REMINDER_HOURS } from "@/server/services/notification/sweep-notifications";
import { waitingCount, waitingOn } from "@/server/services/notification/waiting";
import { enforceLimit } from "@/server/services/rate-limit";
import { adminProcedure, protectedProcedure, publicProcedure, router } from "../init";
import { limits } from "../limits";

const ZPage = z.number().int().min(1).max(10_000).default(1);
const ZTournamentId = z.uuid("That is not a tournament id.");
const ZBase64Url = z.string().regex(/^[A-Za-z0-9_=-]{8,200}$/, "The browser sent a push subscription key that does not look right.");

export const notificationRouter = router({
  /** The bell: unread count and the newest unread items. */
  summary: protectedProcedure.input(z.void()).query(({ ctx }) => inboxSummary(ctx.db, ctx.user.id)),
  list: protectedProcedure.input(z.object({ page: ZPage })).query(({ ctx, input }) => listInbox(ctx.db, ctx.user.id, input.page)),
  markRead: protectedProcedure
    .input(z.object({ id: z.uuid("That is not a notification id.") }))
    .mutation(({ ctx, input }) => markRead(ctx.db, ctx.user.id, input.id)),
  markAllRead: protectedProcedure.input(z.void()).mutation(({ ctx }) => markAllRead(ctx.db, ctx.user.id)),

  /** "Your turn": games waiting on the caller, and the organizer's queues. */
  waiting: protectedProcedure.input(z.void()).query(({ ctx }) => waitingOn(ctx.db, ctx.user)),
  waitingCount: protectedProcedure.input(z.void()).query(({ ctx }) => waitingCount(ctx.db, ctx.user)),

  settings: protectedProcedure.input(z.void()).query(({ ctx }) => getSettings(ctx.db, ctx.user.id, originFor(ctx.host))),
  updateSettings: protectedProcedure
    .input(
      z.object({
        email: z.union([z.literal("").transform(() => null), ZEmail]),
        emailKinds: z.array(z.enum(NOTIFICATION_KINDS, { error: "That is not a kind of notification." })).max(NOTIFICATION_KINDS.length),
        emailDigest: z.boolean(),
        reminderHours: z
          .array(
            z
              .number()
              .int("Reminder hours must be whole hours.")
              .min(1, "A reminder comes at least 1 hour before the deadline.")
              .max(MAX_REMINDER_HOURS, `Reminders can come at most ${MAX_REMINDER_HOURS} hours before the deadline.`),
          )
          .max(3, "At most three reminders per game."),
      }),
    )
    .mutation(({ ctx, input }) => updateSettings(ctx.db, ctx.user.id, input)),
  /** Sends the confirmation link for the caller's unconfirmed address again (limited per account and address). */
  resendConfirmation: protectedProcedure.input(z.void()).mutation(({ ctx }) => resendConfirmation(ctx.db, ctx.user.id)),
  subscribePush: protectedProcedure
    .input(
      z.object({
        endpoint: plainText(z.url("The browser's push address is not a URL.").max(1000).startsWith("https://", "Push addresses must use https."), {
          label: "The push address",
        }),
        keys: z.object({ p256dh: ZBase64Url, auth: ZBase64Url }),
      }),
    )
    .mutation(({ ctx, input }) => subscribePush(ctx.db, ctx.user.id, input)),
  unsubscribePush: protectedProcedure
    .input(z.object({ endpoint: plainText(z.string().max(1000, "That is not a push address."), { label: "The push address" }) }))
    .mutation(({ ctx, input }) => unsubscribePush(ctx.db, ctx.user.id, input.endpoint)),
  rotateCalendar: protectedProcedure.input(z.void()).mutation(({ ctx }) => rotateCalendarToken(ctx.db, ctx.user.id, originFor(ctx.host))),

  /** Organizer announcements: posted by the organizer (or an admin), read by anyone. */
  announce: protectedProcedure
    .input(
      z.object({
        tournamentId: ZTournamentId,
        message: plainText(z.string().trim().min(1, "Write a message first.").max(2000, "Keep announcements under 2,000 characters."), {
          label: "The announcement",
          multiline: true,
        }),
      }),
    )
    .mutation(async ({ ctx, input }) => {
      await enforceLimit(`announcement:${ctx.user.id}`, limits.announcement());
      return postAnnouncement(ctx.db, ctx.user, input.tournamentId, input.message);
    }),
  announcements: publicProcedure.input(z.object({ tournamentId: ZTournamentId })).query(({ ctx, input }) => listAnnouncements(ctx.db, input.tournamentId)),

  /** Site admins: deliveries that failed for good, and putting one back in the queue. */
  failures: adminProcedure.input(z.object({ page: ZPage })).query(({ ctx, input }) => listFailedDeliveries(ctx.db, input.page)),
  retryDelivery: adminProcedure.input(z.object({ id: z.uuid() })).mutation(({ ctx, input }) => retryDelivery(ctx.db, input.id)),
});
