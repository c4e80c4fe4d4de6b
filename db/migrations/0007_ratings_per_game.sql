CREATE TABLE "player_ratings" (
	"user_id" uuid NOT NULL,
	"game_type" text NOT NULL,
	"rating" real NOT NULL,
	"rd" real NOT NULL,
	"volatility" real NOT NULL,
	"rated_games" integer NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "player_ratings_user_id_game_type_pk" PRIMARY KEY("user_id","game_type")
);
--> statement-breakpoint
DROP INDEX "rating_history_user_idx";--> statement-breakpoint
ALTER TABLE "rating_history" ADD COLUMN "game_type" text;--> statement-breakpoint
UPDATE "rating_history" SET "game_type" = "games"."game_type" FROM "games" WHERE "games"."id" = "rating_history"."game_id";--> statement-breakpoint
ALTER TABLE "rating_history" ALTER COLUMN "game_type" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "player_ratings" ADD CONSTRAINT "player_ratings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "player_ratings_leaderboard_idx" ON "player_ratings" USING btree ("game_type","rating");--> statement-breakpoint
CREATE INDEX "rating_history_user_game_idx" ON "rating_history" USING btree ("user_id","game_type","at");--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "rating";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "rating_rd";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "rating_volatility";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "rated_games";--> statement-breakpoint
-- Hand-written: every rating is recomputed per game from the rated games, in the
-- order they were rated (db/recompute-ratings.ts, run by migrate() right after this).
INSERT INTO "app_settings" ("key", "value") VALUES ('pending_recompute_ratings', '0007_ratings_per_game') ON CONFLICT ("key") DO NOTHING;
