CREATE TABLE "game_dice" (
	"game_id" uuid PRIMARY KEY NOT NULL,
	"server_seed" text NOT NULL,
	"commitment" text NOT NULL,
	"seed1" text,
	"seed2" text,
	"rolls" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "game_dice" ADD CONSTRAINT "game_dice_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;