-- Messages to sellers (docs/design.md "Messages"): the message centre, the outbox of deliveries
-- per channel, each user's choices, one-time subscribe consents and the shared vendor tokens.
CREATE TABLE "messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL REFERENCES "users"("id"),
	"type" smallint NOT NULL,
	"subject" text NOT NULL,
	"params" jsonb NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "messages_subject_key" UNIQUE("user_id","type","subject"),
	CONSTRAINT "messages_type_range" CHECK ("type" between 1 and 9)
);--> statement-breakpoint
CREATE INDEX "messages_user_idx" ON "messages" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "messages_unread_idx" ON "messages" USING btree ("user_id") WHERE "read_at" is null;--> statement-breakpoint
CREATE TABLE "message_deliveries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"message_id" bigint NOT NULL REFERENCES "messages"("id") ON DELETE cascade,
	"channel" smallint NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"vendor_answer" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_deliveries_channel_key" UNIQUE("message_id","channel"),
	CONSTRAINT "message_deliveries_channel_range" CHECK ("channel" between 1 and 3),
	CONSTRAINT "message_deliveries_status_range" CHECK ("status" between 0 and 4)
);--> statement-breakpoint
CREATE INDEX "message_deliveries_due_idx" ON "message_deliveries" USING btree ("next_attempt_at") WHERE "status" in (0, 1);--> statement-breakpoint
CREATE TABLE "message_preferences" (
	"user_id" bigint NOT NULL REFERENCES "users"("id"),
	"type" smallint NOT NULL,
	"sms" boolean NOT NULL,
	"mini_program" boolean NOT NULL,
	CONSTRAINT "message_preferences_user_id_type_pk" PRIMARY KEY("user_id","type"),
	CONSTRAINT "message_preferences_type_range" CHECK ("type" between 1 and 9)
);--> statement-breakpoint
CREATE TABLE "subscribe_consents" (
	"user_id" bigint NOT NULL REFERENCES "users"("id"),
	"channel" smallint NOT NULL,
	"template_id" text NOT NULL,
	"remaining" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscribe_consents_user_id_channel_template_id_pk" PRIMARY KEY("user_id","channel","template_id"),
	CONSTRAINT "subscribe_consents_remaining" CHECK ("remaining" >= 0),
	CONSTRAINT "subscribe_consents_channel_range" CHECK ("channel" between 1 and 3)
);--> statement-breakpoint
CREATE TABLE "vendor_tokens" (
	"name" text PRIMARY KEY NOT NULL,
	"token_enc" bytea NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "locale" text;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_locale_check" CHECK ("locale" in ('zh-CN', 'en-US'));--> statement-breakpoint
-- A notice has no code; its text is kept in the simulator's outbox instead.
ALTER TABLE "sms_outbox" ALTER COLUMN "code" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD COLUMN "content" text;--> statement-breakpoint
-- The message centre lists newest first, a renewed message (dated anew) among the newest.
CREATE INDEX "messages_user_created_idx" ON "messages" USING btree ("user_id","created_at","id");
