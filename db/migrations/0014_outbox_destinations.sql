CREATE TABLE "notification_outbox_destinations" (
	"destination" text PRIMARY KEY NOT NULL,
	"failures" integer NOT NULL,
	"paused_until" timestamp with time zone NOT NULL,
	"last_error" text
);
