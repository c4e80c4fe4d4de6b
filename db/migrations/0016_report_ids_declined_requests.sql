ALTER TABLE "game_reports" ADD COLUMN "id" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "tournament_requests" ADD COLUMN "declined_at" timestamp with time zone;--> statement-breakpoint
-- Join requests and declines are kept out of the public audit log (the organizer's
-- panel lists the requests): the log named who asked and was turned away.
DELETE FROM "tournament_audit" WHERE "action" IN ('join requested', 'declined');
