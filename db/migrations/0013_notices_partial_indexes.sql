-- Pages a result touches, continued (0010): a result's two game-over notices went into
-- the subject index and the dedupe index at random places, and those indexes' page
-- splits (WAL records of 4-8 KB that wal_compression does not compress) made the
-- largest results' bytes. Only notices that ask for action are resolved by subject,
-- and only notices with a dedupe key need its unique index, so each index now holds
-- just those.
DROP INDEX "notifications_subject_idx";--> statement-breakpoint
DROP INDEX "notifications_dedupe_idx";--> statement-breakpoint
CREATE INDEX "notifications_subject_idx" ON "notifications" USING btree ("subject") WHERE "notifications"."kind" in ('your-move', 'game-created', 'deadline', 'result-reported', 'result-disputed');--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_dedupe_idx" ON "notifications" USING btree ("dedupe_key") WHERE "notifications"."dedupe_key" is not null;