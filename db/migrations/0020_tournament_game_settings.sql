-- A game's own settings per tournament (a backgammon match's length), checked by
-- checkGameSettings (engine/games/registry.ts); {} for games without any.
ALTER TABLE "tournaments" ADD COLUMN "game_settings" jsonb DEFAULT '{}'::jsonb NOT NULL;