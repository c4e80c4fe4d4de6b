// Games (played on the site or reported), their moves, challenges, result reports
// and rating history.
import { sql } from "drizzle-orm";
import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, real, smallint, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./users";
import { CHALLENGE_SIDES, CHALLENGE_STATUSES, GAME_RESULTS, GAME_STATUSES, REPORT_STATUSES } from "../../lib/contracts";
import { timeOrderedId } from "./ids";
import type { GameTypeId } from "../../engine/game-catalog";
import type { SideNumber } from "../../engine/games/registry";
import type { EndReason } from "../../lib/game-endings";

export const games = pgTable(
  "games",
  {
    id: timeOrderedId(),
    /** The game's id in engine/game-catalog.ts (played on the site or reported). */
    gameType: text("game_type").$type<GameTypeId>().notNull(),
    /** Side 1 moves first: the attackers in hnefatafl, white in chess, A in A/B games. */
    // The players (users.id). No foreign keys, for the reason at notifications.userId:
    // accounts are never removed, and a key locked both players' rows, random pages of
    // users, for each of the 300,000 games a 100,000-player start inserts.
    side1Id: uuid("side1_id").notNull(),
    side2Id: uuid("side2_id").notNull(),
    /**
     * "active", "finished", "void" (removed by a tournament's withdrawal rule) or
     * "aborted" (a challenge game whose side to move ran out of time before its first move,
     * or that a player aborted before both sides had moved).
     */
    status: text("status", { enum: GAME_STATUSES }).notNull().default("active"),
    /** "1-0", "0-1" or "draw" once finished. */
    result: text("result", { enum: GAME_RESULTS }),
    /** Why it ended: the engine's reason, or resignation / timeout / agreement / reported / organizer. */
    endReason: text("end_reason").$type<EndReason>(),
    /** Pieces left / points difference where the game type has one. */
    margin: integer("margin"),
    rated: boolean("rated").notNull().default(true),
    initialMs: bigint("initial_ms", { mode: "number" }).notNull(),
    incrementMs: bigint("increment_ms", { mode: "number" }).notNull(),
    /** The engine's serialized state; null for games played elsewhere. */
    position: text("position"),
    ply: integer("ply").notNull().default(0),
    /**
     * The side to move, as the game's rules say (`toMove`), written with every position.
     * Not the ply's parity: in the four-colour game B may move twice in a row and passes
     * break the alternation, and in a dice game rolls are plies too.
     */
    sideToMove: smallint("side_to_move").$type<1 | 2>().notNull().default(1),
    remaining1Ms: bigint("remaining1_ms", { mode: "number" }).notNull(),
    remaining2Ms: bigint("remaining2_ms", { mode: "number" }).notNull(),
    /** When the side to move started thinking. */
    turnStartedAt: timestamp("turn_started_at", { withTimezone: true, mode: "date" }),
    /**
     * The absolute instant the side to move runs out of time (for reported games: the
     * end of the main time). Absolute, so server downtime is charged as real time.
     */
    deadline: timestamp("deadline", { withTimezone: true, mode: "date" }),
    /** The side whose draw offer stands, if any. */
    drawOfferBy: smallint("draw_offer_by").$type<SideNumber>(),
    /** Grows by one with every change; clients use it to spot missed events. */
    version: integer("version").notNull().default(1),
    /** Set for tournament games: the tournament and the engine's game id (r1-g2-3). */
    // No foreign key, as for the players: tournaments are never removed, and a key made
    // each of the 300,000 games a 100,000-player start inserts run its own check of
    // the tournament row (migration 0011).
    tournamentId: uuid("tournament_id"),
    tournamentGameKey: text("tournament_game_key"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  // No index reads status or deadline (the sweeps find due games in game_deadlines):
  // a move or a game's end then changes no indexed column, and with the room the
  // fillfactor leaves (migration 0010) the row's new version stays on its page, a HOT
  // update that writes no index entry. Before, each move and each result wrote a new
  // entry in all five indexes, random pages each, whole pages in the WAL after a
  // checkpoint.
  (t) => [
    uniqueIndex("games_tournament_key_idx").on(t.tournamentId, t.tournamentGameKey),
    index("games_side1_idx").on(t.side1Id, t.createdAt),
    index("games_side2_idx").on(t.side2Id, t.createdAt),
  ],
);

/** A game as stored: every service reads and writes games by this one type. */
export type GameRow = typeof games.$inferSelect;

/**
 * The deadline of every active game that has one, kept by triggers on games (migration
 * 0010): a row appears when a game is created active with a deadline, follows each
 * change of its deadline, and goes when the game ends. The sweeps (lost on time,
 * deadline reminders) read due games from here by the deadline index, so games itself
 * needs no index on its changing columns. Written only by those triggers.
 */
export const gameDeadlines = pgTable(
  "game_deadlines",
  {
    gameId: uuid("game_id").primaryKey(),
    deadline: timestamp("deadline", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [index("game_deadlines_deadline_idx").on(t.deadline)],
);

export const gameMoves = pgTable(
  "game_moves",
  {
    gameId: uuid("game_id")
      .notNull()
      .references(() => games.id, { onDelete: "cascade" }),
    /** 1 for the first move. The primary key makes "applied twice" impossible. */
    ply: integer("ply").notNull(),
    notation: text("notation").notNull(),
    remaining1Ms: bigint("remaining1_ms", { mode: "number" }).notNull(),
    remaining2Ms: bigint("remaining2_ms", { mode: "number" }).notNull(),
    playedAt: timestamp("played_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.gameId, t.ply] })],
);

/**
 * The dice of a game with chance (docs/dice.md, commit–reveal), one row per such game,
 * made with the game. Kept out of `games` so that no query of the game row (views,
 * lists, the sweeps) can carry the secret server seed by accident: only
 * server/services/game/dice.ts reads `server_seed`, and the view shows it once the game
 * is over.
 */
export const gameDice = pgTable("game_dice", {
  gameId: uuid("game_id")
    .primaryKey()
    .references(() => games.id, { onDelete: "cascade" }),
  /** 32 random bytes as 64 hex digits: secret until the game ends. */
  serverSeed: text("server_seed").notNull(),
  /** SHA-256 of the server seed's bytes, published from the start. */
  commitment: text("commitment").notNull(),
  /** Each player's own seed; null = not given (counts as empty once the dice roll). */
  seed1: text("seed1"),
  seed2: text("seed2"),
  /** Rolls made so far: roll n + 1 is the next one. Nonzero = the seeds are fixed. */
  rolls: integer("rolls").notNull().default(0),
});

export const challenges = pgTable(
  "challenges",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    creatorId: uuid("creator_id")
      .notNull()
      .references(() => users.id),
    gameType: text("game_type").$type<GameTypeId>().notNull(),
    initialMs: bigint("initial_ms", { mode: "number" }).notNull(),
    incrementMs: bigint("increment_ms", { mode: "number" }).notNull(),
    /** The side the creator wants: "side1", "side2" or "random". */
    creatorSide: text("creator_side", { enum: CHALLENGE_SIDES }).notNull(),
    rated: boolean("rated").notNull(),
    /** The game's own settings, checked and with defaults filled in (a backgammon match's length); {} for a game without. */
    gameSettings: jsonb("game_settings").$type<Record<string, number>>().notNull().default({}),
    /** "open", "accepted", "cancelled" or "declined" (by its addressee). */
    status: text("status", { enum: CHALLENGE_STATUSES }).notNull().default("open"),
    gameId: uuid("game_id").references(() => games.id),
    /** A directed challenge: only this player sees it in the lobby and may accept or decline it; null: open to anyone. */
    addresseeId: uuid("addressee_id").references(() => users.id),
    /** A rematch: the finished game it repeats (its page offers the rematch to the opponent). */
    rematchOf: uuid("rematch_of").references(() => games.id),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("challenges_open_idx")
      .on(t.createdAt)
      .where(sql`${t.status} = 'open'`),
    // A rematch offer is looked up from its game's page, by every viewer of a finished game.
    index("challenges_rematch_idx")
      .on(t.rematchOf)
      .where(sql`${t.rematchOf} is not null`),
  ],
);

/** A result reported for a game played elsewhere, waiting for the opponent. */
export const gameReports = pgTable("game_reports", {
  gameId: uuid("game_id")
    .primaryKey()
    .references(() => games.id, { onDelete: "cascade" }),
  reporterId: uuid("reporter_id")
    .notNull()
    .references(() => users.id),
  /**
   * Names this report: a new one each time the reporter changes it, so the opponent's
   * confirmation says which report it confirms and a stale one is refused.
   */
  id: uuid("id").notNull().defaultRandom(),
  result: text("result", { enum: GAME_RESULTS }).notNull(),
  margin: integer("margin"),
  /** "pending" or "disputed". A confirmed report becomes the game's result. */
  status: text("status", { enum: REPORT_STATUSES }).notNull().default("pending"),
  /** Why the opponent disputed it, in their words, for whoever settles it (optional). */
  disputeReason: text("dispute_reason"),
  reportedAt: timestamp("reported_at", { withTimezone: true, mode: "date" }).notNull(),
  /** Confirmed automatically at this instant unless disputed. */
  confirmAt: timestamp("confirm_at", { withTimezone: true, mode: "date" }).notNull(),
});

export const ratingHistory = pgTable(
  "rating_history",
  {
    id: timeOrderedId(),
    /** The account (users.id); no foreign key, for the reason given at notifications.userId. */
    userId: uuid("user_id").notNull(),
    gameId: uuid("game_id")
      .notNull()
      .references(() => games.id),
    /** The game's type: each game type has its own rating (db/schema/ratings.ts). */
    gameType: text("game_type").$type<GameTypeId>().notNull(),
    rating: real("rating").notNull(),
    rd: real("rd").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("rating_history_user_game_idx").on(t.userId, t.gameType, t.at)],
);
