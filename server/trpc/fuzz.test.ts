// Hostile input to every procedure: random values of every type, huge strings,
// negative and enormous numbers, unicode, HTML and SQL fragments, in the right and the
// wrong places. Each answer must be a success or a clear client error (never an
// internal error), and a refused call must leave the database as it was.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { sql } from "drizzle-orm";
import { TRPCError } from "@trpc/server";
import type { DbHandle } from "@/db/client";
import type { SessionUser } from "@/server/auth/session";
import { apiFor, newPlayer, runningTournament } from "@/test/api-fixtures";
import { openOwnTestDatabase } from "@/test/db";
import { appRouter } from "./root";

let h: DbHandle;
let stranger: SessionUser;
let ids: string[];
beforeAll(async () => {
  // Its own database: the fingerprint reads whole tables, which other files running at the same time write.
  h = await openOwnTestDatabase();
  stranger = await newPlayer(h);
  const t = await runningTournament(h, "league", "hnefatafl", 4);
  // Real ids mixed into the inputs, so some hostile calls reach real rows.
  ids = [t.tournamentId, t.game.id, t.side1.id, t.organizer.id];
});
afterAll(() => h.close());

const CLIENT_ERRORS = new Set(["BAD_REQUEST", "UNAUTHORIZED", "FORBIDDEN", "NOT_FOUND", "CONFLICT", "TOO_MANY_REQUESTS", "PARSE_ERROR"]);

// Counters that are meant to move on abuse (rate limits, sign-in throttling) are left out.
const TABLES = [
  "users",
  "games",
  "game_moves",
  "challenges",
  "game_reports",
  "rating_history",
  "player_ratings",
  "tournaments",
  "tournament_players",
  "tournament_audit",
  "app_settings",
  "chat_messages",
  "chat_blocks",
  "chat_reports",
];

async function fingerprint(): Promise<string> {
  const parts: string[] = [];
  for (const table of TABLES) {
    const r = await h.db.execute(sql.raw(`select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as f from ${table} t`));
    parts.push(String((r as unknown as { rows: { f: string }[] }).rows[0]!.f));
  }
  return parts.join(",");
}

const hostileString = fc.oneof(
  fc.string(),
  fc.string({ unit: "grapheme", maxLength: 50 }),
  fc.constantFrom(
    "",
    " ",
    "<script>alert(1)</script>",
    "'; DROP TABLE users; --",
    '" OR 1=1 --',
    "%_\\",
    "\u0000",
    "𝕄𝕠𝕠𝕥 🏆",
    "../../etc/passwd",
    "00000000-0000-0000-0000-000000000000",
    "d1-d3",
    "1-0",
    "x".repeat(10_000),
  ),
);
const hostileNumber = fc.oneof(fc.integer(), fc.double(), fc.constantFrom(-1, 0, 2 ** 53, -(2 ** 53), Number.MAX_VALUE, Infinity, -Infinity, NaN));
const hostileValue = fc.oneof(hostileString, hostileNumber, fc.boolean(), fc.constant(null), fc.constant(undefined), fc.anything({ maxDepth: 2 }));
const FIELDS = [
  "username",
  "password",
  "email",
  "currentPassword",
  "newPassword",
  "search",
  "page",
  "gameId",
  "ply",
  "move",
  "action",
  "result",
  "margin",
  "answer",
  "userId",
  "challengeId",
  "gameType",
  "timeControl",
  "side",
  "rated",
  "tournamentId",
  "playerId",
  "disqualify",
  "role",
  "tab",
  "name",
  "description",
  "format",
  "settings",
  "minPlayers",
  "maxPlayers",
  "minRating",
  "maxRating",
  "startsAt",
  "registrationClosesAt",
  "room",
  "text",
  "messageId",
  "reason",
  "before",
];
const hostileInput = (realIds: () => string[]) =>
  fc.oneof(hostileValue, fc.dictionary(fc.constantFrom(...FIELDS), fc.oneof(hostileValue, fc.constantFrom(...realIds())), { maxKeys: 8 }));

const procedures = Object.entries((appRouter as unknown as { _def: { procedures: Record<string, { _def: { type: string } }> } })._def.procedures);

function callPath(user: SessionUser | null, path: string, input: unknown): Promise<unknown> {
  let target: unknown = apiFor(h, user);
  for (const part of path.split(".")) target = (target as Record<string, unknown>)[part];
  return (target as (i: unknown) => Promise<unknown>)(input);
}

describe("hostile input to every procedure", () => {
  for (const [path, proc] of procedures) {
    it(`${path} answers with a clear client error and changes nothing`, async () => {
      await fc.assert(
        fc.asyncProperty(
          hostileInput(() => ids),
          fc.boolean(),
          async (input, signedIn) => {
            const before = proc._def.type === "mutation" ? await fingerprint() : "";
            try {
              await callPath(signedIn ? stranger : null, path, input);
              return; // a valid call by chance: allowed to succeed
            } catch (err) {
              expect(err).toBeInstanceOf(TRPCError);
              const e = err as TRPCError;
              if (!CLIENT_ERRORS.has(e.code)) throw new Error(`${path} answered ${e.code}: ${e.message}`);
              expect(e.message.length).toBeGreaterThan(0);
              expect(e.message).not.toMatch(/\n\s+at /); // no stack traces in messages
            }
            if (proc._def.type === "mutation") expect(await fingerprint()).toBe(before);
          },
        ),
        { numRuns: proc._def.type === "mutation" ? 25 : 40, seed: 20261122 },
      );
    });
  }
});
