-- A challenge's game settings (a backgammon match's length), checked by
-- checkGameSettings when it is opened and given to the game when it is accepted.
ALTER TABLE "challenges" ADD COLUMN "game_settings" jsonb DEFAULT '{}'::jsonb NOT NULL;
