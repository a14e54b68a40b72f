CREATE TABLE "card_reveals" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"admin_id" bigint NOT NULL,
	"card_id" bigint NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "second_approvals" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"target_id" bigint NOT NULL,
	"amount_fen" bigint NOT NULL,
	"payload" jsonb NOT NULL,
	"reason" text,
	"idempotency_key" text,
	"requested_by" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"decided_by" bigint,
	"decline_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "second_approvals_kind" CHECK ("second_approvals"."kind" in ('card.approve', 'card.appeal', 'ledger.adjust')),
	CONSTRAINT "second_approvals_status" CHECK ("second_approvals"."status" in ('pending', 'approved', 'declined')),
	CONSTRAINT "second_approvals_decider" CHECK ("second_approvals"."decided_by" is null or "second_approvals"."decided_by" <> "second_approvals"."requested_by")
);
--> statement-breakpoint
ALTER TABLE "card_orders" ADD COLUMN "request_hash" "bytea";--> statement-breakpoint
ALTER TABLE "card_reveals" ADD CONSTRAINT "card_reveals_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_reveals" ADD CONSTRAINT "card_reveals_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "second_approvals" ADD CONSTRAINT "second_approvals_requested_by_admins_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."admins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "second_approvals" ADD CONSTRAINT "second_approvals_decided_by_admins_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."admins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "card_reveals_admin_idx" ON "card_reveals" USING btree ("admin_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "second_approvals_card_pending" ON "second_approvals" USING btree ("target_id") WHERE "second_approvals"."status" = 'pending' and "second_approvals"."kind" <> 'ledger.adjust';--> statement-breakpoint
CREATE UNIQUE INDEX "second_approvals_adjust_key" ON "second_approvals" USING btree ("target_id","idempotency_key") WHERE "second_approvals"."kind" = 'ledger.adjust';--> statement-breakpoint
CREATE INDEX "second_approvals_status_idx" ON "second_approvals" USING btree ("status","id");