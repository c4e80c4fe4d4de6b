-- A tournament's engine state moves to a table of its own, tournaments.snapshot_id
-- pointing at the current row: a round's close writes the new snapshot (tens of MB at
-- 100,000 players) before it takes the tournament's lock, and under the lock only moves
-- the pointer. Every existing state becomes its tournament's first snapshot.
CREATE TABLE "tournament_snapshots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tournament_id" uuid NOT NULL,
	"state" json NOT NULL
);
--> statement-breakpoint
-- lz4 where the server has it, as tournaments.state had (migration 0012).
DO $$
BEGIN
  ALTER TABLE "tournament_snapshots" ALTER COLUMN "state" SET COMPRESSION lz4;
EXCEPTION WHEN feature_not_supported THEN
  RAISE NOTICE 'tournament_snapshots.state: lz4 not available on this server; pglz kept';
END $$;--> statement-breakpoint
ALTER TABLE "tournaments" ADD COLUMN "snapshot_id" uuid;--> statement-breakpoint
CREATE INDEX "tournament_snapshots_tournament_idx" ON "tournament_snapshots" USING btree ("tournament_id");--> statement-breakpoint
INSERT INTO "tournament_snapshots" ("id", "tournament_id", "state") SELECT gen_random_uuid(), "id", "state" FROM "tournaments" WHERE "state" IS NOT NULL;--> statement-breakpoint
UPDATE "tournaments" SET "snapshot_id" = s."id" FROM "tournament_snapshots" s WHERE s."tournament_id" = "tournaments"."id";--> statement-breakpoint
ALTER TABLE "tournaments" DROP COLUMN "state";