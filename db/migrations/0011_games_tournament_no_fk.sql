-- Tournaments are never removed, and the key made every game a tournament start
-- inserts check the tournament row once more: 300,000 checks in a 100,000-player start.
ALTER TABLE "games" DROP CONSTRAINT "games_tournament_id_tournaments_id_fk";
