ALTER TABLE "cards" ADD COLUMN "channel_attempts" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "cards" ADD COLUMN "channel_retry_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cards" ADD COLUMN "channel_refusal" text;--> statement-breakpoint
ALTER TABLE "cards" ADD COLUMN "channel_refused_at" timestamp with time zone;