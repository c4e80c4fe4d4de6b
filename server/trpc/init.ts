// tRPC setup: context (database + who is calling), error shaping, and the procedure
// builders. Every procedure declares who may call it by the builder it starts from:
// publicProcedure (anyone), protectedProcedure (signed in), adminProcedure (site admin).
import { initTRPC, TRPCError } from "@trpc/server";
import superjson from "superjson";
import { ZodError } from "zod";
import type { Db, DbKind } from "@/db/client";
import { sharedDatabase } from "@/db/client";
import { sessionUserFromCookies, type SessionUser } from "@/server/auth/session";
import { AppError } from "@/server/services/errors";
import { asRequest } from "@/lib/let-go";

export interface Context {
  db: Db;
  dbKind: DbKind;
  user: SessionUser | null;
  clientIp: string | null;
  /** The Host header the caller reached the site by (for links shown back to them: originFor). */
  host?: string | null;
}

export async function createContext(headers: Headers): Promise<Context> {
  const { db, kind } = await sharedDatabase();
  return {
    db,
    dbKind: kind,
    user: await sessionUserFromCookies(db, headers.get("cookie")),
    clientIp: headers.get("x-moot-client-ip"),
    host: headers.get("host"),
  };
}

/** The first zod problem, as the sentence the user reads. */
function zodMessage(err: ZodError): string {
  const issue = err.issues[0];
  if (!issue) return "The request was not valid.";
  const field = issue.path.length > 0 ? issue.path.join(".") : null;
  // Our schemas write whole sentences; zod's own defaults get the field name prefixed.
  return /[.!?]$/.test(issue.message) || !field ? issue.message : `${field}: ${issue.message}.`;
}

const t = initTRPC.context<Context>().create({
  transformer: superjson,
  errorFormatter({ shape, error }) {
    const zod = error.cause instanceof ZodError ? error.cause : null;
    return {
      ...shape,
      // Never leak internals: an unexpected error reads as a plain apology.
      message: error.code === "INTERNAL_SERVER_ERROR" ? "Something went wrong on our side. Please try again." : shape.message,
      data: {
        code: shape.data.code,
        httpStatus: shape.data.httpStatus,
        fieldErrors: zod ? zod.issues.map((i) => ({ path: i.path.join("."), message: i.message })) : undefined,
      },
    };
  },
});

/**
 * Turns refusals into errors a person can read: invalid input becomes BAD_REQUEST with
 * the first problem as a sentence, a service's AppError keeps its code and message,
 * and anything else is logged as a bug.
 */
const errorMapping = t.middleware(async ({ next, path }) => {
  const result = await next();
  if (!result.ok) {
    const cause = result.error.cause;
    if (cause instanceof ZodError) {
      throw new TRPCError({ code: "BAD_REQUEST", message: zodMessage(cause), cause });
    }
    if (cause instanceof AppError) {
      throw new TRPCError({ code: cause.code, message: cause.message, cause });
    }
    if (result.error.code === "INTERNAL_SERVER_ERROR") console.error(`[trpc] ${path}:`, cause ?? result.error);
  }
  return result;
});

/**
 * A procedure's work is a request's: its slices go first, and background work (a
 * round's close, what the close reads ahead) waits while it is in flight
 * (lib/let-go.ts).
 */
const requestLane = t.middleware(({ next }) => asRequest(() => next()));

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const publicProcedure = t.procedure.use(requestLane).use(errorMapping);

export const protectedProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.user) throw new TRPCError({ code: "UNAUTHORIZED", message: "Please sign in first." });
  return next({ ctx: { ...ctx, user: ctx.user } });
});

export const adminProcedure = protectedProcedure.use(({ ctx, next }) => {
  if (!ctx.user.isAdmin) throw new TRPCError({ code: "FORBIDDEN", message: "Only site administrators may do that." });
  return next();
});
