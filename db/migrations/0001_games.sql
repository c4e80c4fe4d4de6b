CREATE TABLE "challenges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"creator_id" uuid NOT NULL,
	"game_type" text NOT NULL,
	"initial_ms" bigint NOT NULL,
	"increment_ms" bigint NOT NULL,
	"creator_side" text NOT NULL,
	"rated" boolean NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"game_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "game_moves" (
	"game_id" uuid NOT NULL,
	"ply" integer NOT NULL,
	"notation" text NOT NULL,
	"remaining1_ms" bigint NOT NULL,
	"remaining2_ms" bigint NOT NULL,
	"played_at" timestamp with time zone NOT NULL,
	CONSTRAINT "game_moves_game_id_ply_pk" PRIMARY KEY("game_id","ply")
);
--> statement-breakpoint
CREATE TABLE "game_reports" (
	"game_id" uuid PRIMARY KEY NOT NULL,
	"reporter_id" uuid NOT NULL,
	"result" text NOT NULL,
	"margin" integer,
	"status" text DEFAULT 'pending' NOT NULL,
	"reported_at" timestamp with time zone NOT NULL,
	"confirm_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "games" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"game_type" text NOT NULL,
	"side1_id" uuid NOT NULL,
	"side2_id" uuid NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"result" text,
	"end_reason" text,
	"margin" integer,
	"rated" boolean DEFAULT true NOT NULL,
	"initial_ms" bigint NOT NULL,
	"increment_ms" bigint NOT NULL,
	"position" text,
	"ply" integer DEFAULT 0 NOT NULL,
	"remaining1_ms" bigint NOT NULL,
	"remaining2_ms" bigint NOT NULL,
	"turn_started_at" timestamp with time zone,
	"deadline" timestamp with time zone,
	"draw_offer_by" smallint,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "rating_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"game_id" uuid NOT NULL,
	"rating" real NOT NULL,
	"rd" real NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "rating" real DEFAULT 1500 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "rating_rd" real DEFAULT 350 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "rating_volatility" real DEFAULT 0.06 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "rated_games" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "challenges" ADD CONSTRAINT "challenges_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challenges" ADD CONSTRAINT "challenges_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_moves" ADD CONSTRAINT "game_moves_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_reports" ADD CONSTRAINT "game_reports_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_reports" ADD CONSTRAINT "game_reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_side1_id_users_id_fk" FOREIGN KEY ("side1_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_side2_id_users_id_fk" FOREIGN KEY ("side2_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rating_history" ADD CONSTRAINT "rating_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rating_history" ADD CONSTRAINT "rating_history_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "challenges_open_idx" ON "challenges" USING btree ("created_at") WHERE "challenges"."status" = 'open';--> statement-breakpoint
CREATE INDEX "games_active_deadline_idx" ON "games" USING btree ("deadline") WHERE "games"."status" = 'active';--> statement-breakpoint
CREATE INDEX "games_side1_idx" ON "games" USING btree ("side1_id","created_at");--> statement-breakpoint
CREATE INDEX "games_side2_idx" ON "games" USING btree ("side2_id","created_at");--> statement-breakpoint
CREATE INDEX "rating_history_user_idx" ON "rating_history" USING btree ("user_id","at");