-- The state snapshot (about 45 MB of JSON at 100,000 players) is written whole at a
-- start and at each round's close. PostgreSQL's default compression, pglz, took
-- seconds for it; lz4 compresses it as small (about half) in a fraction of the time
-- and reads back faster. Servers built without lz4 (PGlite) keep pglz.
DO $$
BEGIN
  ALTER TABLE "tournaments" ALTER COLUMN "state" SET COMPRESSION lz4;
EXCEPTION WHEN feature_not_supported THEN
  RAISE NOTICE 'tournaments.state: lz4 not available on this server; pglz kept';
END $$;
