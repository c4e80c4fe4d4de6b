import { z } from "zod";
import { ZChangePasswordInput, ZDeleteAccountInput, ZSignUpInput } from "@/lib/account-rules";
import { changePassword } from "@/server/services/account/change-password";
import { deleteAccount } from "@/server/services/account/delete-account";
import { signOutEverywhere } from "@/server/services/account/sign-out-everywhere";
import { signUp } from "@/server/services/account/sign-up";
import { enforceLimit } from "@/server/services/rate-limit";
import { protectedProcedure, publicProcedure, router } from "../init";
import { limits } from "../limits";

export const accountRouter = router({
  /** Anyone may create an account; signing in afterwards goes through next-auth. */
  signUp: publicProcedure.input(ZSignUpInput).mutation(async ({ ctx, input }) => {
    await enforceLimit(`signup:${ctx.clientIp ?? "unknown"}`, limits.signUp());
    return signUp(ctx.db, input);
  }),
  me: publicProcedure.input(z.void()).query(({ ctx }) => ctx.user),
  changePassword: protectedProcedure.input(ZChangePasswordInput).mutation(({ ctx, input }) => changePassword(ctx.db, ctx.user.id, input)),
  /** Ends every session of the account, this one too; the browser then signs out. */
  signOutEverywhere: protectedProcedure.input(z.void()).mutation(({ ctx }) => signOutEverywhere(ctx.db, ctx.user.id)),
  delete: protectedProcedure.input(ZDeleteAccountInput).mutation(({ ctx, input }) => deleteAccount(ctx.db, ctx.user.id, input)),
});
