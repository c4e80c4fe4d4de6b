// Tournaments: settings, registrations, the engine's state, and the organizer's audit
// trail. The engine state (engine/formats TournamentState, plain JSON) is the one
// source of truth for pairings and standings; site games point back to it by key.
import { sql } from "drizzle-orm";
import { bigint, boolean, customType, index, integer, jsonb, pgTable, primaryKey, real, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./users";
import type { FormatName, FormatSettings, ResultReason, TournamentState } from "../../engine/formats";
import type { GameTypeId } from "../../engine/game-catalog";
import { TOURNAMENT_STATUSES, type GameResult, type TournamentAuditAction } from "../../lib/contracts";
import { timeOrderedId } from "./ids";

export const tournaments = pgTable(
  "tournaments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    organizerId: uuid("organizer_id")
      .notNull()
      .references(() => users.id),
    /** engine format name (engine/formats/registry.ts) */
    format: text("format").$type<FormatName>().notNull(),
    /** The format's settings, resolved (every default filled in) when the tournament was created or edited. */
    settings: jsonb("settings").$type<FormatSettings>().notNull(),
    /** engine/game-catalog.ts id */
    gameType: text("game_type").$type<GameTypeId>().notNull(),
    /** The game's own settings (a backgammon match's length), checked by checkGameSettings; {} for games without any. */
    gameSettings: jsonb("game_settings").$type<Record<string, number>>().notNull().default({}),
    initialMs: bigint("initial_ms", { mode: "number" }).notNull(),
    incrementMs: bigint("increment_ms", { mode: "number" }).notNull(),
    rated: boolean("rated").notNull().default(true),
    minPlayers: integer("min_players").notNull(),
    maxPlayers: integer("max_players").notNull(),
    minRating: integer("min_rating"),
    maxRating: integer("max_rating"),
    registrationClosesAt: timestamp("registration_closes_at", { withTimezone: true, mode: "date" }),
    /** Starts by itself at this instant when set; otherwise the organizer starts it. */
    startsAt: timestamp("starts_at", { withTimezone: true, mode: "date" }),
    /** registering | running | finished | cancelled */
    status: text("status", { enum: TOURNAMENT_STATUSES }).notNull().default("registering"),
    /** Invite-only: players join through the invite link and the organizer approves them. */
    inviteOnly: boolean("invite_only").notNull().default(false),
    /** The secret in the invite link (set while invite-only; a new one revokes the old link). */
    inviteToken: text("invite_token"),
    /** The PRNG seed: every random decision of the engine follows from it (logged). */
    seed: text("seed").notNull(),
    /**
     * The snapshot of the engine state as of the last fold (round or phase closed,
     * start, or an organizer action): a row of tournament_snapshots. Results since are
     * rows of tournament_results with seq > folded_seq. Read it through
     * server/services/tournament/live-state.ts. A pointer, not the state itself: a
     * round's close writes the new snapshot (tens of MB at 100,000 players) before it
     * takes this row's lock, and under the lock only moves the pointer.
     */
    snapshotId: uuid("snapshot_id"),
    /** The last tournament_results.seq folded into the snapshot. */
    foldedSeq: bigint("folded_seq", { mode: "number" }).notNull().default(0),
    /** Released games of the current round (phase) still without a result, counted down per result. */
    pending: integer("pending").notNull().default(0),
    /** Grows with every change; live pages refetch when it moves. */
    version: integer("version").notNull().default(1),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp("started_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    index("tournaments_status_idx").on(t.status, t.createdAt),
    index("tournaments_starts_idx")
      .on(t.startsAt)
      .where(sql`${t.status} = 'registering'`),
  ],
);

/** A tournament as the services read it: every column (the engine state is a row of tournament_snapshots). */
export type TournamentRow = typeof tournaments.$inferSelect;

/**
 * A snapshot's state: its JSON, stored as `text`. It is written and read whole, never
 * queried inside, and written only by this application's own serializer
 * (server/services/snapshots.ts), so the database has nothing to check in it: as
 * `json` (migration 0026) PostgreSQL parsed every snapshot to validate it, 0.47 s of
 * the database's processor for 53 MB (a 100,000-player state is about 50 MB), against
 * 0.07 s to store the same text, in the middle of a round's close (migration 0027);
 * `jsonb` also parses, and converts back to text on every read. Read through Drizzle
 * (a test's select, readSnapshots) it is parsed here; the snapshot reader parses its
 * text in slices.
 */
const stateJson = customType<{ data: TournamentState; driverData: string }>({
  dataType: () => "text",
  toDriver: (state) => JSON.stringify(state),
  fromDriver: (text) => JSON.parse(text) as TournamentState,
});

/**
 * Snapshots of tournaments' engine states; `tournaments.snapshot_id` names the current
 * one. A new snapshot is a new row (written before the tournament's lock is taken by a
 * round's close); the older rows of a tournament are deleted once the pointer has moved
 * (save-tournament.ts).
 */
export const tournamentSnapshots = pgTable(
  "tournament_snapshots",
  {
    id: timeOrderedId(),
    // No foreign key, as for games: tournaments are never removed, and a key's check
    // takes a share lock on the tournament row, which a close writing its snapshot
    // before it takes the tournament's lock would wait for, behind an action that
    // holds that lock and waits for the close's games: a deadlock.
    tournamentId: uuid("tournament_id").notNull(),
    state: stateJson("state").notNull(),
  },
  (t) => [index("tournament_snapshots_tournament_idx").on(t.tournamentId)],
);

export const tournamentPlayers = pgTable(
  "tournament_players",
  {
    tournamentId: uuid("tournament_id")
      .notNull()
      .references(() => tournaments.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    joinedAt: timestamp("joined_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tournamentId, t.userId] }), index("tournament_players_user_idx").on(t.userId)],
);

/** Who did what and when: organizer actions and automatic steps, shown publicly. */
export const tournamentAudit = pgTable(
  "tournament_audit",
  {
    id: timeOrderedId(),
    tournamentId: uuid("tournament_id")
      .notNull()
      .references(() => tournaments.id, { onDelete: "cascade" }),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    /** null for what the site did by itself (scheduled start, new round). */
    actorId: uuid("actor_id").references(() => users.id),
    action: text("action").$type<TournamentAuditAction>().notNull(),
    detail: text("detail").notNull().default(""),
  },
  (t) => [index("tournament_audit_idx").on(t.tournamentId, t.at)],
);

/**
 * The result log: one row per result of a tournament game, appended in the same
 * transaction that finishes the game, under the tournament row's lock (so seq grows
 * in commit order per tournament). Recording a result writes this row and counts
 * `tournaments.pending` down; the engine state is folded (snapshot rewritten) only
 * when a round or phase closes. See docs/architecture.md, "Tournaments".
 */
export const tournamentResults = pgTable(
  "tournament_results",
  {
    seq: bigint("seq", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    tournamentId: uuid("tournament_id")
      .notNull()
      .references(() => tournaments.id, { onDelete: "cascade" }),
    /** The engine's game id (r1-g2-3). */
    gameKey: text("game_key").notNull(),
    outcome: text("outcome").$type<GameResult>().notNull(),
    reason: text("reason").$type<ResultReason>().notNull(),
    margin: real("margin"),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("tournament_results_key_idx").on(t.tournamentId, t.gameKey), index("tournament_results_seq_idx").on(t.tournamentId, t.seq)],
);

/** Invite-only tournaments: players who followed the invite link, waiting for the organizer's approval. */
export const tournamentRequests = pgTable(
  "tournament_requests",
  {
    tournamentId: uuid("tournament_id")
      .notNull()
      .references(() => tournaments.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    requestedAt: timestamp("requested_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * Set when the organizer declines: the row stays, so the player may ask again only
     * after a cooldown (invitations.ts); null while the request waits for an answer.
     */
    declinedAt: timestamp("declined_at", { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.tournamentId, t.userId] })],
);
