ALTER TABLE "games" ADD COLUMN "side_to_move" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
-- Every game so far alternates (tafl, chess): side 1 moves at even plies.
UPDATE "games" SET "side_to_move" = 2 WHERE "ply" % 2 = 1;
