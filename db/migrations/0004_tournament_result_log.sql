CREATE TABLE "tournament_results" (
	"seq" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tournament_results_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tournament_id" uuid NOT NULL,
	"game_key" text NOT NULL,
	"outcome" text NOT NULL,
	"reason" text NOT NULL,
	"margin" real,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tournaments" ADD COLUMN "folded_seq" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tournaments" ADD COLUMN "pending" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tournament_results" ADD CONSTRAINT "tournament_results_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tournament_results_key_idx" ON "tournament_results" USING btree ("tournament_id","game_key");--> statement-breakpoint
CREATE INDEX "tournament_results_seq_idx" ON "tournament_results" USING btree ("tournament_id","seq");--> statement-breakpoint
-- Existing tournaments: every result so far is in the snapshot; the counter starts at the current round's pending games.
UPDATE "tournaments" SET "pending" = COALESCE(("state"->'rounds'->-1->>'pending')::int, 0) WHERE "state" IS NOT NULL AND "status" = 'running';
