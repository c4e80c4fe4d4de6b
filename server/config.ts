// Configuration, read and validated once. A bad variable stops the server with one
// sentence that names it, instead of failing later somewhere deep in a request.
import { z } from "zod";

const ZConfig = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
    .optional(),
  DATA_DIR: z.string().min(1).default("./data"),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, "must be a redis:// or rediss:// URL")
    .optional(),
  // Optional: when unset, a random secret is generated once and stored in the database,
  // so `npm start` works with no set-up and sessions survive restarts.
  NEXTAUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  NEXTAUTH_URL: z.string().url().optional(),
  // Account ids (not names: a name can be registered by anyone once it is free) that
  // are site admins in addition to those granted with `npm run admin -- grant NAME`.
  ADMIN_ACCOUNT_IDS: z
    .string()
    .default("")
    .transform((s) =>
      s
        .split(",")
        .map((id) => id.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(z.array(z.uuid("must be a comma-separated list of account ids"))),
  // Trust X-Forwarded-For for the client address only behind a proxy we control.
  TRUST_PROXY: z
    .enum(["0", "1", "true", "false"])
    .default("0")
    .transform((v) => v === "1" || v === "true"),
  // Request limits on the API: bodies over MAX_BODY_BYTES are refused (413) before being
  // read, batches of more than MAX_BATCH_CALLS calls with 400.
  MAX_BODY_BYTES: z.coerce
    .number()
    .int()
    .min(1024, "must be at least 1024")
    .default(1 << 20),
  MAX_BATCH_CALLS: z.coerce.number().int().min(1).max(1000).default(20),
  // Test-only features (the /dev pages, the 5-second clock) in a production build;
  // set by the test harness only. Outside production they are always on.
  MOOT_TEST_FEATURES: z.enum(["0", "1"]).default("0"),
  SEED_DEMO: z.enum(["auto", "0", "1"]).default("auto"),
  // Abuse limits (per fixed window: shared by all processes through Redis with REDIS_URL,
  // else the one process's own; server/services/rate-limit.ts).
  SIGNUPS_PER_IP_PER_HOUR: z.coerce.number().int().min(1).default(20),
  MOVES_PER_USER_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  TOURNAMENTS_PER_USER_PER_DAY: z.coerce.number().int().min(1).default(10),
  CHALLENGES_PER_USER_PER_HOUR: z.coerce.number().int().min(1).default(60),
  // Actions that notify someone else: result reports and answers, resignations, aborts, draw
  // offers and answers, accepted challenges, results set, tournament starts.
  GAME_ACTIONS_PER_USER_PER_HOUR: z.coerce.number().int().min(1).default(120),
  ANNOUNCEMENTS_PER_USER_PER_HOUR: z.coerce.number().int().min(1).default(10),
  /** Chat messages one user may post per minute, over every room together. */
  CHAT_MESSAGES_PER_USER_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  // Notifications delivered beyond the page (e-mail, push) to one user per clock hour;
  // the rest stay in the inbox and go into one digest e-mail at the end of the hour.
  DELIVERIES_PER_USER_PER_HOUR: z.coerce.number().int().min(1).default(30),
  // E-mail notifications: off unless an SMTP server is given.
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL")
    .optional(),
  MAIL_FROM: z.string().min(3).default("Moot <noreply@localhost>"),
  // Web Push: both keys, or neither (then a pair is generated once and kept in the database).
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{80,100}$/, "must be a URL-safe base64 P-256 public key")
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{40,50}$/, "must be a URL-safe base64 P-256 private key")
    .optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)/, "must start with mailto: or https://")
    .default("mailto:noreply@localhost"),
});

export type Config = z.infer<typeof ZConfig>;

const ZConfigChecked = ZConfig.refine((c) => !c.VAPID_PUBLIC_KEY === !c.VAPID_PRIVATE_KEY, {
  message: "and VAPID_PRIVATE_KEY must be set together (or neither)",
  path: ["VAPID_PUBLIC_KEY"],
});

export class ConfigError extends Error {}

/** Parses an environment; throws ConfigError with one sentence naming the bad variable. */
export function parseConfig(env: Record<string, string | undefined>): Config {
  // `FOO= npm start` means "no FOO", not "FOO is the empty string".
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const result = ZConfigChecked.safeParse(present);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const name = String(issue.path[0] ?? "configuration");
  throw new ConfigError(`Invalid configuration: ${name} ${issue.message.replace(/^Invalid input: /, "")}.`);
}

const cache = globalThis as unknown as { __mootConfig?: Config };

/** The process's configuration (parsed on first use, then shared by every bundle). */
export function config(): Config {
  cache.__mootConfig ??= parseConfig(process.env);
  return cache.__mootConfig;
}
