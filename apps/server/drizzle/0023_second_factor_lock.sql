ALTER TABLE "admins" ADD COLUMN "second_factor_failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "admins" ADD COLUMN "second_factor_locked_until" timestamp with time zone;
