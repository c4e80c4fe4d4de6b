// Chat: history and posting per room, hiding and the moderation queue, reports, blocks.
// Who may do what is decided in server/services/chat/chat-room.ts; posting is limited
// per user and minute (CHAT_MESSAGES_PER_USER_PER_MINUTE).
import { z } from "zod";
import { CHAT_ROOM_KINDS, MAX_CHAT_LENGTH, MAX_REPORT_REASON_LENGTH } from "@/lib/chat";
import { plainText } from "@/lib/text-rules";
import { listBlocks } from "@/server/services/chat/list-blocks";
import { unblockUser } from "@/server/services/chat/unblock-user";
import { blockUser } from "@/server/services/chat/block-user";
import { hideMessage } from "@/server/services/chat/hide-message";
import { listMessages } from "@/server/services/chat/list-messages";
import { postMessage } from "@/server/services/chat/post-message";
import { reportMessage } from "@/server/services/chat/report-message";
import { keepMessage, reportedMessages } from "@/server/services/chat/reported-messages";
import { enforceLimit } from "@/server/services/rate-limit";
import { protectedProcedure, publicProcedure, router } from "../init";
import { limits } from "../limits";

const ZRoom = z.object({
  kind: z.enum(CHAT_ROOM_KINDS, { error: "That is not a kind of chat room." }),
  id: z.uuid("That is not a chat room id."),
});
const ZMessageId = z.object({ messageId: z.uuid("That is not a message id.") });
const ZUserId = z.object({ userId: z.uuid("That is not a player id.") });

export const chatRouter = router({
  /** A page of a room's history (the newest, or the one before `before`), with what the caller may do there. */
  history: publicProcedure
    .input(z.object({ room: ZRoom, before: z.uuid("That is not a message id.").optional() }))
    .query(({ ctx, input }) => listMessages(ctx.db, ctx.user, input.room, input.before)),
  post: protectedProcedure
    .input(
      z.object({
        room: ZRoom,
        text: plainText(z.string().trim().min(1, "Write a message first.").max(MAX_CHAT_LENGTH, `Keep chat messages to ${MAX_CHAT_LENGTH} characters.`), {
          label: "The message",
        }),
      }),
    )
    .mutation(async ({ ctx, input }) => {
      await enforceLimit(`chat:${ctx.user.id}`, limits.chatMessage());
      return postMessage(ctx.db, ctx.user, input.room, input.text);
    }),
  hide: protectedProcedure.input(ZMessageId).mutation(({ ctx, input }) => hideMessage(ctx.db, ctx.user, input.messageId)),
  report: protectedProcedure
    .input(
      ZMessageId.extend({
        reason: plainText(z.string().trim().max(MAX_REPORT_REASON_LENGTH, `Keep the reason to ${MAX_REPORT_REASON_LENGTH} characters.`), {
          label: "The reason",
        }).default(""),
      }),
    )
    .mutation(({ ctx, input }) => reportMessage(ctx.db, ctx.user, input.messageId, input.reason)),
  /** Reported messages the caller may hide (organizers: their tournaments' rooms; admins: all); empty for anyone else. */
  reported: protectedProcedure.input(z.void()).query(({ ctx }) => reportedMessages(ctx.db, ctx.user)),
  keep: protectedProcedure.input(ZMessageId).mutation(({ ctx, input }) => keepMessage(ctx.db, ctx.user, input.messageId)),
  block: protectedProcedure.input(ZUserId).mutation(({ ctx, input }) => blockUser(ctx.db, ctx.user, input.userId)),
  unblock: protectedProcedure.input(ZUserId).mutation(({ ctx, input }) => unblockUser(ctx.db, ctx.user, input.userId)),
  blocks: protectedProcedure.input(z.void()).query(({ ctx }) => listBlocks(ctx.db, ctx.user)),
});
