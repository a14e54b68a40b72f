CREATE TABLE "rebates" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"referrer_id" bigint NOT NULL,
	"referee_id" bigint NOT NULL,
	"card_id" bigint NOT NULL,
	"settlement_fen" bigint NOT NULL,
	"rate_bp" integer NOT NULL,
	"amount_fen" bigint NOT NULL,
	"status" text DEFAULT 'credited' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reversal_requested_at" timestamp with time zone,
	"reversed_at" timestamp with time zone,
	CONSTRAINT "rebates_amount_positive" CHECK ("rebates"."amount_fen" > 0),
	CONSTRAINT "rebates_not_self" CHECK ("rebates"."referrer_id" <> "rebates"."referee_id"),
	CONSTRAINT "rebates_rate_range" CHECK ("rebates"."rate_bp" between 0 and 10000),
	CONSTRAINT "rebates_status_times" CHECK (("rebates"."status" = 'credited') = ("rebates"."reversal_requested_at" is null) and ("rebates"."status" = 'reversed') = ("rebates"."reversed_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "feedback" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"category" smallint NOT NULL,
	"content" text NOT NULL,
	"images" text[] DEFAULT '{}'::text[] NOT NULL,
	"contact" text,
	"status" smallint DEFAULT 0 NOT NULL,
	"reply" text,
	"replied_at" timestamp with time zone,
	"replied_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feedback_category_range" CHECK ("feedback"."category" between 1 and 10),
	CONSTRAINT "feedback_status_range" CHECK ("feedback"."status" between 0 and 2),
	CONSTRAINT "feedback_images_max" CHECK (coalesce(array_length("feedback"."images", 1), 0) <= 9),
	CONSTRAINT "feedback_answered" CHECK (("feedback"."status" = 0) = ("feedback"."reply" is null))
);
--> statement-breakpoint
ALTER TABLE "rebates" ADD CONSTRAINT "rebates_referrer_id_users_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rebates" ADD CONSTRAINT "rebates_referee_id_users_id_fk" FOREIGN KEY ("referee_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rebates" ADD CONSTRAINT "rebates_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_replied_by_admins_id_fk" FOREIGN KEY ("replied_by") REFERENCES "public"."admins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "rebates_card_key" ON "rebates" USING btree ("card_id");--> statement-breakpoint
CREATE INDEX "rebates_referrer_idx" ON "rebates" USING btree ("referrer_id","id");--> statement-breakpoint
CREATE INDEX "rebates_referee_idx" ON "rebates" USING btree ("referee_id");--> statement-breakpoint
CREATE INDEX "rebates_reversal_pending_idx" ON "rebates" USING btree ("referrer_id") WHERE "rebates"."status" = 'reversal_pending';--> statement-breakpoint
CREATE INDEX "feedback_user_idx" ON "feedback" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "feedback_status_idx" ON "feedback" USING btree ("status","created_at");