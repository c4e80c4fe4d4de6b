-- Chess on the site takes the id "chess" (it was "chess-onsite"), and chess played
-- elsewhere, its results reported, becomes "chess-elsewhere" (it was "chess"), in every
-- column holding a game's id; ratings and their history move with their games. The
-- reported ones move first, so that no row of player_ratings (key: user, game) meets
-- one it would collide with.
UPDATE "games" SET "game_type" = 'chess-elsewhere' WHERE "game_type" = 'chess';--> statement-breakpoint
UPDATE "challenges" SET "game_type" = 'chess-elsewhere' WHERE "game_type" = 'chess';--> statement-breakpoint
UPDATE "tournaments" SET "game_type" = 'chess-elsewhere' WHERE "game_type" = 'chess';--> statement-breakpoint
UPDATE "player_ratings" SET "game_type" = 'chess-elsewhere' WHERE "game_type" = 'chess';--> statement-breakpoint
UPDATE "rating_history" SET "game_type" = 'chess-elsewhere' WHERE "game_type" = 'chess';--> statement-breakpoint
UPDATE "games" SET "game_type" = 'chess' WHERE "game_type" = 'chess-onsite';--> statement-breakpoint
UPDATE "challenges" SET "game_type" = 'chess' WHERE "game_type" = 'chess-onsite';--> statement-breakpoint
UPDATE "tournaments" SET "game_type" = 'chess' WHERE "game_type" = 'chess-onsite';--> statement-breakpoint
UPDATE "player_ratings" SET "game_type" = 'chess' WHERE "game_type" = 'chess-onsite';--> statement-breakpoint
UPDATE "rating_history" SET "game_type" = 'chess' WHERE "game_type" = 'chess-onsite';
