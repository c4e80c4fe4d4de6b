-- Directed challenges: the one player who may accept or decline (addressee_id), and
-- for a rematch the finished game it repeats (rematch_of), looked up from that game's page.
ALTER TABLE "challenges" ADD COLUMN "addressee_id" uuid;--> statement-breakpoint
ALTER TABLE "challenges" ADD COLUMN "rematch_of" uuid;--> statement-breakpoint
ALTER TABLE "challenges" ADD CONSTRAINT "challenges_addressee_id_users_id_fk" FOREIGN KEY ("addressee_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challenges" ADD CONSTRAINT "challenges_rematch_of_games_id_fk" FOREIGN KEY ("rematch_of") REFERENCES "public"."games"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "challenges_rematch_idx" ON "challenges" USING btree ("rematch_of") WHERE "challenges"."rematch_of" is not null;