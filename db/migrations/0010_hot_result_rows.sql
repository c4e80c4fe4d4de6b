CREATE TABLE "game_deadlines" (
	"game_id" uuid PRIMARY KEY NOT NULL,
	"deadline" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "games" DROP CONSTRAINT "games_side1_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "games" DROP CONSTRAINT "games_side2_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "rating_history" DROP CONSTRAINT "rating_history_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_user_id_users_id_fk";
--> statement-breakpoint
DROP INDEX "games_active_deadline_idx";--> statement-breakpoint
DROP INDEX "notifications_unread_idx";--> statement-breakpoint
DROP INDEX "player_ratings_leaderboard_idx";--> statement-breakpoint
CREATE INDEX "game_deadlines_deadline_idx" ON "game_deadlines" USING btree ("deadline");--> statement-breakpoint
-- The inbox index also carries the read and resolved times, so the unread count reads
-- the index only (replacing the partial index of unread rows dropped above).
DROP INDEX "notifications_user_idx";
--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id", "created_at") INCLUDE ("read_at", "resolved_at");
--> statement-breakpoint
-- Rows a move or a result changes get room for their next version on the same page
-- (HOT updates: no index entry written, no other page touched). Existing pages get
-- the room as they are rewritten; new rows are laid out with it.
ALTER TABLE "games" SET (fillfactor = 80);
--> statement-breakpoint
ALTER TABLE "player_ratings" SET (fillfactor = 70);
--> statement-breakpoint
-- game_deadlines holds exactly the active games that have a deadline (db/schema/games.ts).
-- Triggers keep it, so no writer of games can forget it.
INSERT INTO "game_deadlines" ("game_id", "deadline")
  SELECT "id", "deadline" FROM "games" WHERE "status" = 'active' AND "deadline" IS NOT NULL;
--> statement-breakpoint
-- Inserts are handled per statement from the inserted rows: a tournament start inserts
-- its games in a few large statements.
CREATE FUNCTION game_deadlines_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO game_deadlines (game_id, deadline)
    SELECT id, deadline FROM inserted WHERE status = 'active' AND deadline IS NOT NULL;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER game_deadlines_insert AFTER INSERT ON games
  REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION game_deadlines_after_insert();
--> statement-breakpoint
CREATE FUNCTION game_deadlines_after_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.status = 'active' AND NEW.deadline IS NOT NULL THEN
    INSERT INTO game_deadlines (game_id, deadline) VALUES (NEW.id, NEW.deadline)
      ON CONFLICT (game_id) DO UPDATE SET deadline = excluded.deadline;
  ELSE
    DELETE FROM game_deadlines WHERE game_id = OLD.id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER game_deadlines_update AFTER UPDATE OF status, deadline ON games FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.deadline IS DISTINCT FROM NEW.deadline)
  EXECUTE FUNCTION game_deadlines_after_change();
--> statement-breakpoint
CREATE TRIGGER game_deadlines_delete AFTER DELETE ON games FOR EACH ROW EXECUTE FUNCTION game_deadlines_after_change();
--> statement-breakpoint
-- After a checkpoint, the first change to a page logs the whole 8 KB page, and in a
-- big tournament nearly every result changes pages no recent result touched. This
-- database asks PostgreSQL to compress those images (zstd, else lz4): a result then
-- writes about half the bytes. Only a superuser may set it; without the right, or on
-- a server built without either method, the migration goes on and the README says
-- how to set it on the server.
DO $$
BEGIN
  BEGIN
    EXECUTE format('ALTER DATABASE %I SET wal_compression = zstd', current_database());
  EXCEPTION WHEN invalid_parameter_value THEN
    BEGIN
      EXECUTE format('ALTER DATABASE %I SET wal_compression = lz4', current_database());
    EXCEPTION WHEN invalid_parameter_value THEN
      RAISE NOTICE 'wal_compression: neither zstd nor lz4 on this server; left as it is';
    END;
  END;
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'wal_compression: only a superuser may set it; left as it is (see the README)';
END $$;
