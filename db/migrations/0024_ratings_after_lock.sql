-- Both players' rating locks and their ratings in one call, for the statement that locks
-- a game about to end (server/services/rating/lock-to-finish.ts): a result paid a round
-- trip for the locks and another for the read. The locks are the ones lockRatings takes
-- (player-ratings.ts: key 7001, the player's id hashed, in id order). The read must see
-- a rating change committed while this waited for a lock; a statement's own snapshot
-- is taken before it waits, but each query of a VOLATILE function takes a fresh one
-- (READ COMMITTED), so the ratings are read by a query of their own in here.
CREATE FUNCTION ratings_after_lock(side1 uuid, side2 uuid, game text)
RETURNS TABLE (user_id uuid, rating real, rd real, volatility real, rated_games integer)
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(7001, hashtext(p.id::text)) FROM (SELECT unnest(ARRAY[side1, side2]) AS id ORDER BY 1) p;
  RETURN QUERY SELECT r.user_id, r.rating, r.rd, r.volatility, r.rated_games FROM player_ratings r
    WHERE r.user_id IN (side1, side2) AND r.game_type = game;
END $$;
