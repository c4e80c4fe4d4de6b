import { z } from "zod";
import { inboxSummary, listInbox, markAllRead, markRead } from "@/server/services/notification/inbox";
import { protectedProcedure, router } from "../init";

export const notificationRouter = router({
  /** The bell: unread count and the newest unread items. */
  summary: protectedProcedure.input(z.void()).query(({ ctx }) => inboxSummary(ctx.db, ctx.user.id)),
  list: protectedProcedure
    .input(z.object({ page: z.number().int().min(1).max(10_000).default(1) }))
    .query(({ ctx, input }) => listInbox(ctx.db, ctx.user.id, input.page)),
  markRead: protectedProcedure
    .input(z.object({ id: z.uuid("That is not a notification id.") }))
    .mutation(({ ctx, input }) => markRead(ctx.db, ctx.user.id, input.id)),
  markAllRead: protectedProcedure.input(z.void()).mutation(({ ctx }) => markAllRead(ctx.db, ctx.user.id)),
});
